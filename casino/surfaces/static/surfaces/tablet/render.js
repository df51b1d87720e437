// The one renderer of a round, for every game: it reads the round's view (the TabletView
// shape) and nothing else. Each legal action the view lists becomes a button (a field that
// offers a few boxes, seats, targets or choices becomes one button per choice); the boxes or
// seats at a glance, whose turn it is, the cards on the table, the money. No game is named in
// here: an action the app has never heard of is shown and taken like any other.

import { el } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { say, words } from "../common/events.js";
import { money as shown } from "../common/money.js";

export { say, words };

/** An action's label in the page's language (its words), else its name in words. */
export const actionLabel = (action) => say(action.label, action.label_words) || words(action.name);

/** A figure as its label in the page's language and its amount. */
const figureSaid = (figure) => ({ ...figure, label: say(figure.label, figure.label_words) });

const capital = (text) => text.replace(/^./, (c) => c.toUpperCase());

export const positionName = (position) => (position ? `${capital(words(position.kind))} ${position.number}` : "");

/** A position's own label beside its name, unless it only says the name again ("Seat 1"). */
const ownLabel = (name, label) => (label && label.trim().toLowerCase() !== name.toLowerCase() ? label : "");

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether ``text`` holds ``phrase`` as whole words, in any case: "Box 1: bet 20.00" holds
 *  "bet" and "20.00", not "120.00". */
export const mentions = (text, phrase) => Boolean(phrase) &&
  new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(String(phrase))}(?![\\p{L}\\p{N}])`, "iu").test(String(text));

/** An action's figure as its button shows it beside the action's label, which states some
 *  figures already: one the label names with its amount is left out ("Box 1: bet 20.00" and
 *  Bet 20.00; "Call 2.00" and To call 2.00), one the label names without it shows its amount
 *  alone ("Box 1: take the Ante win" and Ante win 10.00), any other its label and amount. */
export function figureBeside(label, figure) {
  const amount = shown(figure.amount);
  const named = String(figure.label).split(/[^\p{L}]+/u).some((word) => word && mentions(label, word));
  if (named && (mentions(label, figure.amount) || mentions(label, amount))) return null;
  return mentions(label, figure.label) ? amount : `${figure.label} ${amount}`;
}

/** "box:2" -> "Box 2", "dealer" -> "Dealer". */
export const targetName = (target) => {
  const [kind, number] = String(target).split(":");
  const name = capital(words(kind));
  return number ? `${name} ${number}` : name;
};

/** The words a field's ``labels`` give its value ``value`` ("Box 3: five cards"), in the page's
 *  language, or null. */
export function labelOf(field, value) {
  const values = field.positions || field.targets || field.choices || [];
  const at = values.findIndex((v) => String(v) === String(value));
  return at >= 0 && field.labels?.[at] ? say(field.labels[at], field.labels_words?.[at]) : null;
}

// The field of an action that is worth offering on the action's own buttons: its first field
// (what the action applies to: the box, the seat, where a card goes), when it is a box, seat,
// target or choice the dealer picks among a few, with no value fixed already.
export function inlineField(action) {
  const f = action.fields[0];
  if (action.position || !f || f.value !== null || !f.required) return null;
  const few = (f.kind === "position" && f.positions?.length > 1) ||
    (f.kind === "target" && f.targets?.length > 1) ||
    (f.kind === "choice" && f.choices?.length > 1 && f.choices.length <= 6);
  return few ? f : null;
}

export function optionsOf(field) {
  if (field.kind === "position") return (field.positions || []).map((n) => ({ value: n, label: String(n) }));
  if (field.kind === "target") return (field.targets || []).map((t) => ({ value: t, label: targetName(t) }));
  return (field.choices || []).map((c) => ({ value: c, label: words(c) }));
}

const positionKey = (position) => `${position.kind}:${position.number}`;

/** The round's picture: the boxes or seats, the cards on the table, the money and the facts.
 *  ``pending`` (by position, "box:2") lists the entries for it still waiting to be sent, drawn
 *  on it as entered, not yet confirmed. */
export function table(view, { cardName, isRed, pending = new Map() }) {
  const card = (c, cls = "") => el("span", { class: `card ${isRed(c) ? "red" : ""} ${cls}`, "data-card": c }, cardName(c));
  const backs = (n) => Array.from({ length: n }, () => el("span", { class: "card back", "aria-label": t("face down") }, "▒"));
  const turn = view.turn;
  const shownPositions = [...view.positions];
  // A box or seat that only entries waiting to be sent name (its wagers made offline).
  for (const [where] of pending) {
    if (shownPositions.some((p) => positionKey(p.position) === where)) continue;
    const [kind, number] = where.split(":");
    if (!number) continue;
    shownPositions.push({ position: { kind, number: Number(number) }, label: "", status: "entered", to_act: false, cards: [], hidden_cards: 0, hand: null, figures: [] });
  }
  shownPositions.sort((a, b) => a.position.kind.localeCompare(b.position.kind) || a.position.number - b.position.number);
  const waitingOn = (where) => {
    const entries = pending.get(where) || [];
    if (!entries.length) return null;
    return el("div", { class: "pending", "data-pending": String(entries.length) },
      ...entries.map((entry) => el("p", { class: "pending-entry" },
        el("span", { class: "pending-word" }, `${t("waiting:")} `),
        entry.cards.length ? entry.cards.map((c) => card(c, "entered")) : entry.label)));
  };
  return el("section", { class: "table-view" },
    el("div", { class: "positions", "aria-label": t("Boxes and seats") },
      ...shownPositions.map((p) => {
        const toAct = p.to_act || (turn && turn.kind === p.position.kind && turn.number === p.position.number);
        return el("article", {
          class: `position status-${p.status} ${toAct ? "to-act" : ""}`,
          "data-position": positionKey(p.position),
        },
        el("header", {}, el("span", { class: "number" }, positionName(p.position)), el("span", { class: "label" }, ownLabel(positionName(p.position), say(p.label, p.label_words)))),
        el("p", { class: "status" }, toAct ? `▶ ${t("to act")}` : words(p.status)),
        el("div", { class: "cards" }, ...p.cards.map((c) => card(c)), ...backs(p.hidden_cards)),
        p.hand ? el("p", { class: "hand" }, say(p.hand, p.hand_words)) : null,
        el("dl", { class: "money" }, ...p.figures.flatMap((f) => [el("dt", {}, say(f.label, f.label_words)), el("dd", {}, shown(f.amount))])),
        waitingOn(positionKey(p.position)));
      })),
    el("div", { class: "groups" },
      ...view.card_groups.map((g) => el("div", { class: "group", "data-group": g.name },
        el("span", { class: "label" }, say(g.label, g.label_words)),
        el("div", { class: "cards" }, ...g.cards.map((c) => card(c)), ...backs(g.hidden),
          !g.cards.length && !g.hidden ? el("span", { class: "none" }, "—") : null),
        waitingOn(g.name)))),
    el("dl", { class: "figures" },
      ...view.figures.flatMap((f) => [el("dt", {}, say(f.label, f.label_words)), el("dd", { "data-figure": f.name }, shown(f.amount))]),
      ...view.facts.flatMap((f) => [el("dt", {}, say(f.label, f.label_words)), el("dd", { "data-fact": f.name }, say(f.value, f.value_words))])),
  );
}

/**
 * The legal actions as buttons; ``take(action, preset)`` is called with the choice tapped.
 *
 * The actions of the box or seat whose turn it is come first, under its name: the player
 * decides, so none of them is marked as the likely one (a fold is never a highlighted button).
 * When the next input is the dealer's own (no turn), the first action, the one the table waits
 * for, is marked. ``aids`` names the actions every game takes at any point (a note, a card seen
 * by accident): they are offered apart, after the rest, so the next actions stay in view.
 * ``extra`` nodes go after the next actions (the one-tap repeat of the last round's entries).
 */
export function actions(view, take, { aids = [], extra = [], empty } = {}) {
  const main = view.actions.filter((a) => !aids.includes(a.name));
  const aside = view.actions.filter((a) => aids.includes(a.name));
  if (!main.length && !aside.length) return el("p", { class: "no-actions" }, empty || t("Nothing to record now."));
  const turn = view.turn;
  const forTurn = (a) => turn && a.position && a.position.kind === turn.kind && a.position.number === turn.number;
  const first = main[0];
  const button = (action) => actionButton(view, action, take, { likely: !turn && action === first });
  const turnActions = main.filter(forTurn);
  const others = main.filter((a) => !forTurn(a));
  const seated = turn ? view.positions.find((p) => p.position.kind === turn.kind && p.position.number === turn.number) : null;
  const player = seated ? say(seated.label, seated.label_words) : "";
  return el("section", { class: "actions", "aria-label": t("What to record") },
    turnActions.length
      ? el("div", { class: "turn-actions", "data-turn": `${turn.kind}:${turn.number}` },
          el("h3", { class: "turn-name" }, positionName(turn), ownLabel(positionName(turn), player) ? el("span", { class: "label" }, ` · ${player}`) : null, ` ${t("to act")}`),
          ...turnActions.map(button))
      : null,
    ...others.map(button),
    ...extra,
    !main.length ? el("p", { class: "no-actions" }, empty || t("Nothing to record now.")) : null,
    aside.length ? el("div", { class: "aids", "aria-label": t("More") }, ...aside.map((action) => actionButton(view, action, take, { small: true }))) : null);
}

function actionButton(view, action, take, { likely = false, small = false } = {}) {
  const inline = inlineField(action);
  const attrs = { class: `action ${likely ? "likely" : ""} ${small ? "aid" : ""}`, "data-action": action.name };
  if (action.position) attrs["data-for"] = positionKey(action.position);
  const label = actionLabel(action);
  const figures = action.figures.map((f) => figureBeside(label, figureSaid(f))).filter(Boolean).join(" · ");
  if (!inline) {
    return el("div", attrs,
      el("button", { type: "button", class: "take", onclick: () => take(action, {}) },
        el("span", { class: "label" }, label),
        // The space keeps the label and the figures two phrases for a screen reader too.
        figures ? [" ", el("span", { class: "figures" }, figures)] : null));
  }
  return el("div", attrs,
    el("span", { class: "label" }, label, figures ? el("small", {}, ` ${figures}`) : null),
    el("div", { class: "choices" },
      ...optionsOf(inline).map((option) => el("button", {
        type: "button", class: "take", "data-choice": String(option.value),
        onclick: () => take(action, { [inline.name]: option.value }),
      }, inline.kind === "position" ? `${positionName({ kind: kindOf(view, action), number: option.value })}` : option.label))));
}

// What a position field's numbers are (boxes or seats): the kind the view's positions have.
export function kindOf(view, action) {
  const field = action.fields.find((f) => f.kind === "position");
  return view.positions[0]?.position.kind || view.turn?.kind || field?.name || "box";
}
