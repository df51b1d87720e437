// The payout screen: what the dealer pays from once a round is complete, box by box or seat by
// seat in the order the layout is worked. Three figures each, in the dealer's words: "Take"
// (the stakes lost, to collect), "Pay" (the winnings to put beside the stakes) and "Stays" (the
// stakes returned on the layout), and what the table maximum withheld, said why. What was
// settled while the round was played (a fee taken when it was bought, a Red Dog bet won at the
// player's turn) is not due again: it is left out of the three figures, which are what is due
// now. Each line is listed below its box, and the round's totals under them.

import { t } from "../common/i18n.js";
import { el } from "../common/dom.js";
import { isNegative, money as shown } from "../common/money.js";
import { cardName, isRed } from "../common/cards.js";
import { handCodes, say, words } from "../common/events.js";
import { positionName } from "./render.js";

const key = (position) => `${position.kind}:${position.number}`;
const nonZero = (amount) => amount !== null && amount !== undefined && !/^-?0*(\.0*)?$/.test(String(amount).trim());

/** A figure of the three, large: its word, its amount. */
const big = (name, amount, word) => el("p", { class: `due due-${name} ${nonZero(amount) ? "" : "zero"}`, "data-due": name },
  el("span", { class: "word" }, word), el("strong", {}, shown(amount)));

/** The payout screen's figures for ``view`` (complete, with its ``result``). */
export function payoutFigures(view, currency, round) {
  const result = view.result;
  const players = new Map(view.positions.map((p) => [key(p.position), say(p.label, p.label_words)]));
  const lines = (position) => result.lines.filter((l) => key(l.position) === key(position));
  return el("section", { class: "settlement", "aria-label": t("Payouts") },
    el("header", { class: "settlement-head" },
      el("h2", {}, t("Payouts · round {number}", { number: round })),
      el("p", { class: "totals", "data-totals": "" },
        t("Take {take} · Pay {pay} · Stays {stays}", { take: shown(result.take), pay: shown(result.pay), stays: shown(result.stays) }),
        el("span", { class: isNegative(result.house_result) ? "loss" : "" }, ` · ${t("House result {amount}", { amount: shown(result.house_result, currency) })}`),
        nonZero(result.rake) ? ` · ${t("Rake {amount}", { amount: shown(result.rake) })}` : null,
        nonZero(result.carried_out) ? ` · ${t("Kept for the next game {amount}", { amount: shown(result.carried_out) })}` : null)),
    dealersCards(view),
    result.cap_applied
      ? el("p", { class: "capped", role: "note" }, t("Table maximum applied: {amount} withheld", { amount: shown(result.withheld, currency) }))
      : null,
    el("div", { class: "pay-list" },
      ...result.positions.map((p) => {
        const name = positionName(p.position);
        const player = players.get(key(p.position));
        return el("article", { class: `pay ${isNegative(p.net) ? "lost" : ""}`, "data-pay": key(p.position) },
          el("header", {}, el("span", { class: "number" }, name), player && player !== name ? el("span", { class: "label" }, player) : null),
          el("div", { class: "dues" }, big("take", p.take, t("Take")), big("pay", p.pay, t("Pay")), big("stays", p.stays, t("Stays"))),
          nonZero(p.withheld)
            ? el("p", { class: "withheld", "data-withheld": p.withheld }, t("Withheld {amount}: {reason}", { amount: shown(p.withheld), reason: say(p.withheld_reason, p.withheld_reason_words) || t("the table maximum") }))
            : null,
          nonZero(p.paid_in_play) ? el("p", { class: "in-play" }, t("Already paid during the game: {amount}", { amount: shown(p.paid_in_play) })) : null,
          linesList(lines(p.position)));
      })));
}

// The cards that belong to no box or seat as they ended (the dealer's hand, its discard and
// replacement, the hand after a game bought): what the boxes were settled against.
function dealersCards(view) {
  const groups = (view.card_groups || []).filter((g) => g.cards.length);
  if (!groups.length) return null;
  return el("p", { class: "final-cards", "data-final-cards": "" },
    ...groups.map((g) => el("span", { class: "final-group", "data-group": g.name },
      el("span", { class: "label" }, `${say(g.label, g.label_words)} `),
      ...g.cards.map((c) => el("span", { class: `card ${isRed(c) ? "red" : ""}`, "data-card": c }, cardName(c))))));
}

// Each line in one row that wraps within its box (a long reason never spills out of it): what
// it is, how it ended, and what it asks of the dealer now.
function linesList(lines) {
  if (!lines.length) return null;
  return el("ul", { class: "lines" }, ...lines.map((l) => {
    const dues = [["take", l.take, t("take")], ["pay", l.pay, t("pay")], ["stays", l.stays, t("stays")]]
      .filter(([, amount]) => nonZero(amount))
      .map(([name, amount, word]) => el("span", { class: `line-due line-${name}` }, `${word} ${shown(amount)}`));
    const settledBefore = [
      nonZero(l.collected_in_play) ? t("{amount} taken before", { amount: shown(l.collected_in_play) }) : "",
      nonZero(l.paid_in_play) ? t("{amount} paid during the game", { amount: shown(l.paid_in_play) }) : "",
    ].filter(Boolean);
    return el("li", { class: `line ${l.computed !== l.paid ? "cut" : ""}`, "data-line": l.line },
      el("span", { class: "line-label" }, say(l.label, l.label_words) || words(l.line)),
      el("span", { class: "outcome" }, [words(l.outcome), l.combination ? ` · ${handOf(l)}` : ""].join("")),
      ...dues,
      settledBefore.length ? el("span", { class: "line-before" }, settledBefore.join(" · ")) : null,
      l.reason_text ? el("span", { class: "line-reason" }, t("{reason}: {computed} computed, {paid} paid", { reason: say(l.reason_text, l.reason_text_words), computed: shown(l.computed), paid: shown(l.paid) })) : null);
  }));
}

// The hand a line was judged on: its words when the view gives them (a Ruby Run hand), else the
// paytable lines' codes it names ("pair+ace_king"), each said as a name.
const handOf = (line) => (line.combination_words ? say(line.combination, line.combination_words) : handCodes(line.combination));
