// The one renderer of a round, for every game: it reads the round's view (the TabletView
// shape) and nothing else. Each legal action the view lists becomes a button (a field that
// offers a few boxes, seats, targets or choices becomes one button per choice); the boxes or
// seats at a glance, whose turn it is, the cards on the table, the money. No game is named in
// here: an action the app has never heard of is shown and taken like any other.

import { el } from "../common/dom.js";
import { money as shown } from "../common/money.js";

/** "deal_box" -> "deal box": a name made readable where the view gives no label. */
export const words = (name) => String(name).replaceAll("_", " ");

export const positionName = (position) => (position ? `${words(position.kind).replace(/^./, (c) => c.toUpperCase())} ${position.number}` : "");

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
  const name = words(kind).replace(/^./, (c) => c.toUpperCase());
  return number ? `${name} ${number}` : name;
};

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

/** The round's picture: the boxes or seats, the cards on the table, the money and the facts. */
export function table(view, { cardName, isRed }) {
  const card = (c) => el("span", { class: `card ${isRed(c) ? "red" : ""}`, "data-card": c }, cardName(c));
  const backs = (n) => Array.from({ length: n }, () => el("span", { class: "card back", "aria-label": "face down" }, "▒"));
  const turn = view.turn;
  return el("section", { class: "table-view" },
    el("div", { class: "positions", "aria-label": "Boxes and seats" },
      ...view.positions.map((p) => {
        const toAct = p.to_act || (turn && turn.kind === p.position.kind && turn.number === p.position.number);
        return el("article", {
          class: `position status-${p.status} ${toAct ? "to-act" : ""}`,
          "data-position": `${p.position.kind}:${p.position.number}`,
        },
        el("header", {}, el("span", { class: "number" }, positionName(p.position)), el("span", { class: "label" }, ownLabel(positionName(p.position), p.label))),
        el("p", { class: "status" }, toAct ? "▶ to act" : words(p.status)),
        el("div", { class: "cards" }, ...p.cards.map(card), ...backs(p.hidden_cards)),
        p.hand ? el("p", { class: "hand" }, p.hand) : null,
        el("dl", { class: "money" }, ...p.figures.flatMap((f) => [el("dt", {}, f.label), el("dd", {}, shown(f.amount))])));
      })),
    el("div", { class: "groups" },
      ...view.card_groups.map((g) => el("div", { class: "group", "data-group": g.name },
        el("span", { class: "label" }, g.label),
        el("div", { class: "cards" }, ...g.cards.map(card), ...backs(g.hidden),
          !g.cards.length && !g.hidden ? el("span", { class: "none" }, "—") : null)))),
    el("dl", { class: "figures" },
      ...view.figures.flatMap((f) => [el("dt", {}, f.label), el("dd", { "data-figure": f.name }, shown(f.amount))]),
      ...view.facts.flatMap((f) => [el("dt", {}, f.label), el("dd", { "data-fact": f.name }, f.value)])),
  );
}

/** The legal actions as buttons; ``take(action, preset)`` is called with the choice tapped. */
export function actions(view, take, { likely } = {}) {
  if (!view.actions.length) return el("p", { class: "no-actions" }, view.provisional ? "Waiting for the network to show what comes next." : "Nothing to record now.");
  return el("section", { class: "actions", "aria-label": "What to record" },
    ...view.actions.map((action, index) => {
      const inline = inlineField(action);
      const primary = likely ? likely(action) : index === 0;
      const attrs = { class: `action ${primary ? "likely" : ""}`, "data-action": action.name };
      if (action.position) attrs["data-for"] = `${action.position.kind}:${action.position.number}`;
      const label = action.label || words(action.name);
      const figures = action.figures.map((f) => figureBeside(label, f)).filter(Boolean).join(" · ");
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
    }));
}

// What a position field's numbers are (boxes or seats): the kind the view's positions have.
function kindOf(view, action) {
  const field = action.fields.find((f) => f.kind === "position");
  return view.positions[0]?.position.kind || view.turn?.kind || field?.name || "box";
}

/** The settlement: per box or seat what to pay, each line computed and paid, any amount
 *  withheld by the table maximum, in large type. */
export function settlement(view, currency) {
  const result = view.result;
  const labels = new Map(view.positions.map((p) => [`${p.position.kind}:${p.position.number}`, p.label]));
  const key = (p) => `${p.kind}:${p.number}`;
  return el("section", { class: "settlement", "aria-label": "Settlement" },
    el("h2", {}, "Settlement"),
    result.cap_applied ? el("p", { class: "capped" }, `Table maximum applied: ${shown(result.withheld)} ${currency} withheld`) : null,
    el("div", { class: "pay-list" },
      ...result.positions.map((p) => el("article", { class: `pay ${Number(p.net) < 0 ? "lost" : ""}`, "data-pay": key(p.position) },
        el("header", {}, el("span", { class: "number" }, positionName(p.position)), el("span", { class: "label" }, ownLabel(positionName(p.position), labels.get(key(p.position))))),
        el("p", { class: "to-pay" }, el("span", {}, "Pay"), el("strong", {}, `${shown(p.returned)}`), el("span", { class: "currency" }, currency)),
        el("p", { class: "net" }, `Net ${shown(p.net)} · staked ${shown(p.staked)}`),
        Number(p.withheld) > 0 ? el("p", { class: "withheld" }, `Withheld by the table maximum: ${shown(p.withheld)}`) : null,
        linesTable(result.lines.filter((l) => key(l.position) === key(p.position)))))),
    el("dl", { class: "figures totals" },
      el("dt", {}, "Staked"), el("dd", {}, shown(result.staked)),
      el("dt", {}, "Returned"), el("dd", {}, shown(result.returned)),
      el("dt", {}, "House result"), el("dd", {}, shown(result.house_result)),
      Number(result.rake) > 0 ? [el("dt", {}, "Rake"), el("dd", {}, shown(result.rake))] : null),
  );
}

function linesTable(lines) {
  if (!lines.length) return null;
  return el("table", { class: "lines" },
    el("thead", {}, el("tr", {}, ...["Line", "Outcome", "Stake", "Computed", "Paid"].map((h) => el("th", {}, h)))),
    el("tbody", {}, ...lines.map((l) => el("tr", { class: l.computed !== l.paid ? "cut" : "" },
      el("td", {}, words(l.line)),
      el("td", {}, [words(l.outcome), l.combination ? ` (${words(l.combination)})` : "", l.reason ? ` — ${l.reason}` : ""].join("")),
      el("td", { class: "amount" }, shown(l.stake)),
      el("td", { class: "amount" }, shown(l.computed)),
      el("td", { class: "amount paid" }, shown(l.paid))))));
}
