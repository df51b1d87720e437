// A round's events in words, for whoever reads them outside the log itself: the dealer asking
// to undo entries at the tablet, the pit boss deciding it on the board.

import { CARD, cardName, withCardNames } from "./cards.js";
import { pt, t } from "./i18n.js";
import { money } from "./money.js";

/** An event's or a field's name in words ("wagers_placed" -> "wagers placed"), in the page's
 *  language when its catalogue has the name (context "name"; else as it is). */
export const words = (name) => pt("name", String(name).replaceAll("_", " "));

/**
 * The names the games' views give the tablet (phases, a box's or seat's status, actions, fields,
 * kinds of place), each a word of the catalogue in the context "name" that ``words`` reads: this
 * list is how they are in the catalogue (casino.core.catalogues finds words in pt() calls); it
 * is never called. A name not listed is shown as the view gives it.
 */
export const GAME_NAMES = () => [
  pt("name", "box"), pt("name", "seat"), pt("name", "dealer"), pt("name", "player"),
  pt("name", "betting"), pt("name", "dealing"), pt("name", "decisions"), pt("name", "dealer reveal"),
  pt("name", "dealer no game choices"), pt("name", "buy replacement"), pt("name", "settlement"), pt("name", "complete"),
  pt("name", "place wagers"), pt("name", "close bets"), pt("name", "deal box"), pt("name", "deal card"),
  pt("name", "declare bonus"), pt("name", "exchange"), pt("name", "buy sixth card"), pt("name", "insure"),
  pt("name", "fold"), pt("name", "bet"), pt("name", "reveal dealer"), pt("name", "take ante"),
  pt("name", "buy game"), pt("name", "draw replacement"), pt("name", "expose card"), pt("name", "note"),
  pt("name", "deciding"), pt("name", "blind"), pt("name", "entered"), pt("name", "waiting"),
  pt("name", "amount"), pt("name", "ante"), pt("name", "card"), pt("name", "cards"), pt("name", "bonus"),
  pt("name", "discards"), pt("name", "replacements"), pt("name", "target"), pt("name", "text"),
  pt("name", "insurance"), pt("name", "reason"),
  // A seat's status in the pot games, and how a settlement line ended.
  pt("name", "to act"), pt("name", "in"), pt("name", "folded"), pt("name", "all in"),
  pt("name", "in hand"), pt("name", "sitting out"), pt("name", "out"),
  pt("name", "win"), pt("name", "lose"), pt("name", "push"), pt("name", "void"), pt("name", "fee"), pt("name", "award"),
  // The paytable lines a Russian Poker settlement names a box's hand by ("pair+ace_king").
  pt("name", "ace king"), pt("name", "pair"), pt("name", "two pair"), pt("name", "trips"), pt("name", "straight"),
  pt("name", "flush"), pt("name", "full house"), pt("name", "quads"), pt("name", "straight flush"), pt("name", "royal flush"),
];

/**
 * Words a game's view wrote, in the page's language: ``text`` is the English the view wrote (a
 * label, a hand) and ``said`` its words as data (the field's ``<name>_words``: ``{msgid,
 * params}``), said with ``t``, each param that is words in turn said too and the cards among
 * the others named ("Qh" -> "Д♥"). Without words (a player's name, a card) ``text`` is shown as
 * the view wrote it, its cards named. Only cards are named, never the words around them (the
 * Spanish "As-Rey" is not the ace of spades).
 *
 *   say("Box 1: bet", { msgid: "Box {box}: bet", params: { box: 1 } })   -> "Бокс 1: ставка"
 */
export function say(text, said) {
  if (!said || typeof said !== "object" || typeof said.msgid !== "string") return withCardNames(text ?? "");
  const params = {};
  for (const [name, value] of Object.entries(said.params || {})) {
    params[name] = value && typeof value === "object" ? say("", value) : withCardNames(value);
  }
  return t(said.msgid, params);
}

/** A hand the settlement names by its paytable lines' codes ("pair+ace_king"), each said as a
 *  name ("pair+ace king" in English). */
export const handCodes = (codes) => String(codes).split("+").map((code) => words(code)).join("+");

/** A round's event in words: what it was and what it said, cards and amounts as people read
 *  them ("wagers placed · box 1 · ante 10.00 · bonus 5.00"). */
export function eventWords(event) {
  const parts = [words(event.kind)];
  for (const [name, value] of Object.entries(event.payload || {})) {
    if (value === null || value === undefined || value === false || value === "") continue;
    if (Array.isArray(value) && value.every((v) => CARD.test(String(v)))) parts.push(`${words(name)} ${value.map(cardName).join(" ")}`);
    else if (typeof value === "string" && CARD.test(value)) parts.push(`${words(name)} ${cardName(value)}`);
    else if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value)) parts.push(`${words(name)} ${money(value)}`);
    else if (typeof value === "object") continue;
    else if (value === true) parts.push(words(name));
    else parts.push(`${words(name)} ${typeof value === "string" ? words(value) : value}`);
  }
  return parts.join(" · ");
}
