// Asking the dealer for an action's fields, built from the fields' kinds and bounds alone:
// a field whose value is fixed is filled without asking; a box, seat, target or choice is a row
// of big buttons; an amount a chip-amount entry within min, max and step; a card or cards the
// card picker; a flag a toggle; text and whole numbers an input. When all there is to ask is
// cards and choices, they are asked one after the other with no form to confirm; when nothing
// is left to ask, nothing is shown at all.
//
// Every dialog is titled with what it is for (the box or seat, the card's target, from the
// view's ``labels``), and nothing from an earlier round is filled in: an amount starts at the
// least the field takes (or empty when the field is optional), a flag off, a box's stacks
// empty. The dealer may ask for the last round's values with one tap ("Same as last round").

import { el } from "../common/dom.js";
import { numberSymbols, t } from "../common/i18n.js";
import { limitCrossed } from "../common/words.js";
import { amount, cents, money as shown } from "../common/money.js";
import { chipAmounts, withinBounds } from "./bounds.js";
import { cardName, pickCards } from "./picker.js";
import { actionLabel, labelOf, optionsOf, positionName, targetName, words } from "./render.js";

const QUICK = new Set(["position", "target", "choice", "card", "cards"]);
const LAST = "tablet.last-round";

/**
 * What this tablet recorded in the last rounds, by table, for "Same as last round": each
 * action's values per box or seat, kept for the round being played (``current``) and the one
 * before it (``previous``). Only values the dealer entered are kept (amounts, names, flags,
 * stacks, choices), never cards.
 */
export const lastRound = {
  all() { try { return JSON.parse(localStorage.getItem(LAST) || "{}"); } catch { return {}; } },
  /** Keep ``values`` of ``action`` entered in ``round`` at ``table``. */
  record(table, round, action, values) {
    const all = this.all();
    const kept = all[table] || { current: null, entries: {}, previous: null };
    if (kept.current !== round) {
      if (kept.current !== null && Object.keys(kept.entries).length) kept.previous = { round: kept.current, entries: kept.entries };
      kept.current = round;
      kept.entries = {};
    }
    const remembered = {};
    for (const field of action.fields) {
      if (["card", "cards"].includes(field.kind) || !(field.name in values)) continue;
      remembered[field.name] = values[field.name];
    }
    kept.entries[entryKey(action, values)] = remembered;
    all[table] = kept;
    localStorage.setItem(LAST, JSON.stringify(all));
  },
  /** The values of ``action`` (for the box or seat in ``values``) in the round before
   *  ``round`` at ``table``, or undefined. */
  of(table, round, action, values = {}) {
    const kept = this.all()[table];
    if (!kept) return undefined;
    const before = kept.current === round ? kept.previous?.entries : kept.entries;
    return before?.[entryKey(action, values)];
  },
};

/** An entry's key: the action, and the box or seat it is for. */
function entryKey(action, values) {
  const position = action.fields.find((f) => f.kind === "position");
  const where = action.position?.number ?? (position ? values[position.name] : "");
  return `${action.name}:${where ?? ""}`;
}

/** What an entry is for, in words: the label its box, seat or target has in the view
 *  ("Box 3: five cards"), else the action's label with the box or seat named before it. */
export function titleOf(action, values, view) {
  const label = actionLabel(action);
  for (const field of action.fields) {
    if (!(field.name in values) || !["position", "target"].includes(field.kind)) continue;
    const named = labelOf(field, values[field.name]);
    if (named) return named;
    const where = field.kind === "position"
      ? positionName({ kind: kindOf(view, field), number: values[field.name] })
      : targetName(values[field.name]);
    if (!label.toLowerCase().includes(where.toLowerCase())) return `${where}: ${label.replace(/^./, (c) => c.toLowerCase())}`;
  }
  return label;
}

const kindOf = (view, field) => view.positions[0]?.position.kind || view.turn?.kind || field.name;

/**
 * The values of ``action``'s fields: ``preset`` holds those already chosen (a button's box),
 * ``initial`` those to start from (an entry being fixed). Answers ``undefined`` when the dealer
 * cancels. ``context`` gives the view (its unseen cards), the table and round (for the last
 * round's values) and ``taken`` (cards already named by entries still waiting).
 */
export async function askFields(action, { preset = {}, initial = {}, context }) {
  const values = {};
  const open = [];
  for (const field of action.fields) {
    if (field.name in preset) values[field.name] = preset[field.name];
    else if (field.value !== null && field.value !== undefined) values[field.name] = field.value;
    else open.push(field);
  }
  const quick = open.every((f) => QUICK.has(f.kind)) && !Object.keys(initial).length;
  if (quick) {
    for (let at = 0; at < open.length; at += 1) {
      const field = open[at];
      const partner = exchangePartner(field, open);
      if (partner) {
        // An exchange: the cards given up and those taken in, in one session.
        const both = await askExchange(field, partner, { title: titleOf(action, values, context.view), values, context });
        if (both === undefined) return undefined;
        values[field.name] = both.own;
        values[partner.name] = both.picked;
        open.splice(open.indexOf(partner), 1);
        continue;
      }
      const value = await askOne(field, { title: titleOf(action, values, context.view), values, context });
      if (value === undefined) return undefined;
      if (value !== SKIP) values[field.name] = value;
    }
    return values;
  }
  return askForm(action, open, { values, initial, context });
}

const SKIP = Symbol("skip");

/** The field asked together with ``field`` (the box's own cards it gives up): the cards field
 *  whose count must equal it (``count_of``), among those still to ask. */
const exchangePartner = (field, open) => (field.kind === "cards" && field.cards
  ? open.find((f) => f.kind === "cards" && f.count_of === field.name) : undefined);

function allowedCards(field, context, values) {
  const named = new Set(Object.values(values).flat().filter((v) => typeof v === "string"));
  const pool = field.cards ? field.cards : context.view.unseen_cards;
  return new Set(pool.filter((c) => !context.taken.has(c) && !named.has(c)));
}

function refusedBecause(field, context) {
  return (card) => {
    if (field.cards) return t("is not one of the cards this takes");
    if (context.taken.has(card)) return t("is already entered, waiting to be sent");
    return t("is already used in this deck");
  };
}

/** How many cards ``field`` takes now: its bounds, or exactly as many as the field it counts
 *  (``count_of``) once that is filled. */
function countOf(field, values) {
  const of = field.count_of && values[field.count_of];
  if (Array.isArray(of)) return { min: of.length, max: of.length };
  return { min: field.min_count ?? 1, max: field.max_count ?? 52 };
}

async function askOne(field, { title, values, context }) {
  if (field.kind === "card" || field.kind === "cards") {
    const single = field.kind === "card";
    const { min, max } = single ? { min: 1, max: 1 } : countOf(field, values);
    const picked = await pickCards({
      title: `${title}${single || title.toLowerCase().includes(words(field.name)) ? "" : ` · ${words(field.name)}`}`,
      min, max,
      allowed: allowedCards(field, context, values),
      nullable: field.nullable,
      why: refusedBecause(field, context),
      what: words(field.name),
    });
    if (picked === undefined) return undefined;
    if (picked === null) return null;
    return single ? picked[0] : picked;
  }
  return choose(field, title, context);
}

function askExchange(own, taken, { title, values, context }) {
  return pickCards({
    title,
    allowed: allowedCards(taken, context, values),
    why: refusedBecause(taken, context),
    what: words(taken.name),
    own: {
      label: `${words(own.name).replace(/^./, (c) => c.toUpperCase())}:`,
      what: words(own.name),
      cards: own.cards,
      min: own.min_count ?? 1,
      max: own.max_count ?? own.cards.length,
    },
  });
}

function choose(field, title, context) {
  const dialog = document.getElementById("form");
  return new Promise((resolve) => {
    const finish = (value) => {
      dialog.close();
      dialog.replaceChildren();
      resolve(value);
    };
    dialog.replaceChildren(
      el("h2", {}, `${title}: ${words(field.name)}`), // i18n: not words - the title's and the field's, each translated
      el("div", { class: "choices big" }, ...optionsOf(field).map((o) => el("button", {
        type: "button", class: "take", "data-choice": String(o.value), onclick: () => finish(o.value),
      }, optionWords(field, o, context)))),
      el("footer", {},
        el("button", { type: "button", class: "quiet", "data-cancel": "", onclick: () => finish(undefined) }, t("Cancel")),
        !field.required || field.nullable ? el("button", { type: "button", onclick: () => finish(field.nullable ? null : SKIP) }, t("None")) : null),
    );
    dialog.oncancel = (event) => { event.preventDefault(); finish(undefined); };
    dialog.showModal();
  });
}

/** A choice's words on its button: its label in the view, else the box or seat, else it. */
function optionWords(field, option, context) {
  const named = labelOf(field, option.value);
  if (named) return named;
  return field.kind === "position" ? positionName({ kind: kindOf(context.view, field), number: option.value }) : option.label;
}

/** The whole form, for actions with amounts, text, flags or numbers to enter. */
function askForm(action, open, { values, initial, context }) {
  const dialog = document.getElementById("form");
  const title = titleOf(action, values, context.view);
  const last = context.table ? lastRound.of(context.table, context.round, action, values) : undefined;
  const players = playersSeated(context.view);
  const widgets = open.map((field) => widget(field, {
    start: field.name in initial ? initial[field.name] : defaultOf(field, values),
    values, context, title, players: field.kind === "text" && field.required && isPerPosition(action) ? players : [],
  }));
  return new Promise((resolve) => {
    const problem = el("p", { class: "form-problem", role: "alert" });
    const finish = (value) => {
      dialog.close();
      dialog.replaceChildren();
      resolve(value);
    };
    const record = async (event) => {
      event.preventDefault();
      const answer = { ...values };
      for (const [index, w] of widgets.entries()) {
        const field = open[index];
        const read = w.read(answer);
        if (read.problem) {
          problem.textContent = `${words(field.name)}: ${read.problem}`;
          return;
        }
        if (read.value !== undefined) answer[field.name] = read.value;
      }
      finish(answer);
    };
    const again = last && open.some((f) => f.name in last)
      ? el("button", { type: "button", class: "repeat", "data-same": "", onclick: () => {
          for (const [index, w] of widgets.entries()) if (open[index].name in last) w.set(last[open[index].name]);
          problem.textContent = "";
        } }, t("Same as last round"))
      : null;
    const fixed = action.fields.filter((f) => f.name in values && !(f.name in initial) && !["position", "target"].includes(f.kind));
    dialog.replaceChildren(el("form", { onsubmit: record },
      el("h2", {}, title, fixed.length ? el("small", {}, ` · ${fixed.map((f) => describe(f, values[f.name])).join(" · ")}`) : null),
      again,
      ...widgets.map((w) => w.node),
      problem,
      el("footer", {},
        el("button", { type: "button", class: "quiet", "data-cancel": "", onclick: () => finish(undefined) }, t("Cancel")),
        el("button", { type: "submit", class: "primary", "data-record": "" }, t("Record")))));
    dialog.oncancel = (event) => { event.preventDefault(); finish(undefined); };
    dialog.showModal();
    dialog.querySelector("[data-record]").focus();
  });
}

/** An action asked per box or seat (its first field names one). */
const isPerPosition = (action) => Boolean(action.position) || action.fields[0]?.kind === "position";

/** The players seated now, by the names the view gives its boxes or seats: one tap to name the
 *  same player again (a further box of a player already at the table). */
function playersSeated(view) {
  const names = view.positions.map((p) => p.label).filter((label) => label && !/^(box|seat) \d+$/i.test(label));
  return [...new Set(names)];
}

export function describe(field, value) {
  if (field.kind === "position") return `${words(field.name)} ${value}`;
  if (field.kind === "amount") return `${words(field.name)} ${shown(value)}`;
  if (field.kind === "flag") return `${words(field.name)}: ${value ? t("yes") : t("no")}`;
  if (field.kind === "target") return targetName(value);
  if (field.kind === "stacks") return Object.entries(value || {}).map(([s, a]) => t("seat {seat} {amount}", { seat: s, amount: shown(a) })).join(", ");
  return `${words(field.name)} ${Array.isArray(value) ? value.map(cardName).join(" ") : value}`;
}

// Where a field starts, nothing of an earlier round in it: a required amount at the least it
// may be, an optional one empty; a box's player named after the box; a flag off; no stacks.
function defaultOf(field, values) {
  if (field.kind === "amount") return field.required && !field.nullable ? field.min : null;
  const position = Object.values(values).find((v) => typeof v === "number");
  if (field.kind === "text") return field.required && position !== undefined ? t("Player {number}", { number: position }) : "";
  if (field.kind === "flag") return false;
  if (field.kind === "stacks") return {};
  return null;
}

function widget(field, { start, values, context, title, players }) {
  const label = el("span", { class: "field-label" }, words(field.name), field.required ? "" : ` ${t("(optional)")}`);
  const wrap = (...children) => el("div", { class: `field kind-${field.kind}`, "data-field": field.name }, label, ...children);
  if (field.kind === "amount") return amountWidget(field, start, wrap);
  if (field.kind === "stacks") return stacksWidget(field, start, wrap);
  if (field.kind === "flag") {
    const box = el("input", { type: "checkbox", checked: Boolean(start) });
    return {
      node: wrap(el("label", { class: "toggle" }, box, ` ${t("yes")}`)),
      read: () => ({ value: box.checked }),
      set: (value) => { box.checked = Boolean(value); },
    };
  }
  if (field.kind === "text" || field.kind === "integer") {
    const input = el("input", { type: field.kind === "integer" ? "number" : "text", value: start ?? "", inputMode: field.kind === "integer" ? "numeric" : "text" });
    const names = (players || []).filter((name) => name !== start);
    return {
      node: wrap(input, names.length ? el("div", { class: "choices names" }, ...names.map((name) => el("button", {
        type: "button", class: "take", "data-name": name, onclick: () => { input.value = name; },
      }, name))) : null),
      read: () => {
        const text = input.value.trim();
        if (!text) return field.required && !field.nullable ? { problem: t("required") } : { value: field.nullable ? null : undefined };
        if (field.kind === "integer") return /^-?\d+$/.test(text) ? { value: Number(text) } : { problem: t("a whole number") };
        return { value: text };
      },
      set: (value) => { input.value = value ?? ""; },
    };
  }
  if (field.kind === "card" || field.kind === "cards") {
    let picked = start ?? undefined;
    const shownCards = el("span", { class: "picked" });
    const paint = () => shownCards.replaceChildren(picked === undefined ? t("none chosen") : picked === null ? t("face down") : [].concat(picked).map(cardName).join(" "));
    const open = el("button", { type: "button", onclick: async () => {
      const value = await askOne(field, { title, values, context });
      if (value !== undefined) picked = value;
      paint();
    } }, t("Choose cards"));
    paint();
    return {
      node: wrap(open, shownCards),
      read: (answer) => {
        if (picked === undefined) return field.required ? { problem: t("choose the cards") } : { value: undefined };
        // The count another cards field sets (an exchange's replacements), checked before sending.
        const of = field.count_of && answer[field.count_of];
        if (Array.isArray(of) && Array.isArray(picked) && of.length !== picked.length) {
          return { problem: t("{expected} expected (as many as the {what}), {chosen} chosen", { expected: of.length, what: words(field.count_of), chosen: picked.length }) };
        }
        return { value: picked };
      },
      set: () => {},
    };
  }
  // A position, target or choice: big buttons, one chosen.
  let chosen = start;
  const buttons = optionsOf(field).map((o) => el("button", {
    type: "button", class: "take", "data-choice": String(o.value),
    onclick: (event) => { chosen = o.value; for (const b of buttons) b.classList.toggle("chosen", b === event.currentTarget); },
  }, optionWords(field, o, context)));
  const mark = () => { for (const b of buttons) b.classList.toggle("chosen", b.dataset.choice === String(chosen)); };
  mark();
  return {
    node: wrap(el("div", { class: "choices" }, ...buttons)),
    read: () => (chosen === null || chosen === undefined
      ? (field.required && !field.nullable ? { problem: t("choose one") } : { value: field.nullable ? null : undefined })
      : { value: chosen }),
    set: (value) => { chosen = value; mark(); },
  };
}

/** "min 5.00 · max 100.00 · in steps of 1.00": an amount field's bounds, as the chip entry
 *  shows them. */
export const boundsText = (field) => [
  field.min !== null && field.min !== undefined ? t("min {amount}", { amount: shown(field.min) }) : "",
  field.max !== null && field.max !== undefined ? t("max {amount}", { amount: shown(field.max) }) : "",
  field.step ? t("in steps of {amount}", { amount: shown(field.step) }) : "",
].filter(Boolean).join(" · ");

/** How ``value`` (cents) is outside an amount field's bounds, naming the limit it crosses and
 *  its value, in the words of a refusal from the server ("above the table's maximum of
 *  2,500.00"). */
function outOfBounds(value, field) {
  const max = cents(field.max);
  const min = cents(field.min);
  const limit = max !== null && value > max ? "max" : min !== null && value < min ? "min" : null;
  if (limit) return limitCrossed({ limit: `${field.name}_${limit}`, minimum: field.min, maximum: field.max });
  return t("not in steps of {amount}", { amount: shown(field.step) });
}

/** An amount as an amount field holds it, written as its chips write it ("2" -> "2.00"). */
const entered = (value) => (value === null || value === undefined ? "" : cents(value) === null ? String(value) : typed(amount(cents(value))));

/** An amount's decimal string as the dealer types it in the page's language ("10,00" in
 *  Russian): its decimal point only, never grouped; ``cents`` reads either point back. */
const typed = (decimal) => decimal.replace(".", numberSymbols().decimal);

function amountWidget(field, start, wrap) {
  const input = el("input", { type: "text", inputMode: "decimal", value: entered(start), class: "amount-input", "aria-label": words(field.name) });
  const step = cents(field.step) || 100;
  const nudge = (by) => () => {
    const now = cents(input.value) ?? 0;
    const next = Math.max(0, now + by);
    input.value = typed(amount(next));
  };
  const bounds = boundsText(field);
  const node = wrap(
    el("div", { class: "amount-entry" },
      el("button", { type: "button", class: "nudge", "aria-label": t("less"), onclick: nudge(-step) }, "−"),
      input,
      el("button", { type: "button", class: "nudge", "aria-label": t("more"), onclick: nudge(step) }, "+"),
      !field.required || field.nullable ? el("button", { type: "button", class: "quiet", "data-none": "", onclick: () => { input.value = ""; } }, t("None")) : null),
    el("div", { class: "chips" }, ...chipAmounts(field).map((value) => el("button", {
      type: "button", class: "chip", "data-chip": amount(value), onclick: () => { input.value = typed(amount(value)); },
    }, shown(amount(value))))),
    el("small", { class: "bounds", "data-bounds": "" }, bounds));
  return {
    node,
    read: () => {
      const text = input.value.trim();
      if (!text) return field.required && !field.nullable ? { problem: t("enter an amount") } : { value: field.nullable ? null : undefined };
      const value = cents(text);
      if (value === null) return { problem: t("not an amount") };
      // Refused here, before anything is sent: the table's limits are the field's bounds.
      if (!withinBounds(value, field)) return { problem: t("{amount} is {how}", { amount: shown(amount(value)), how: outOfBounds(value, field) }) };
      return { value: amount(value) };
    },
    set: (value) => { input.value = entered(value); },
  };
}

function stacksWidget(field, start, wrap) {
  const rows = new Map();
  const toggles = new Map();
  const shared = el("input", { type: "text", inputMode: "decimal", class: "amount-input", value: "", "aria-label": t("stack") });
  const seats = (field.positions || []).map((seat) => {
    const input = el("input", { type: "text", inputMode: "decimal", class: "amount-input small", value: start?.[seat] ?? "", "aria-label": t("seat {seat}", { seat }) });
    const toggle = el("button", { type: "button", class: `take ${start?.[seat] ? "chosen" : ""}`, "data-seat": String(seat), onclick: () => {
      const on = !toggle.classList.contains("chosen");
      toggle.classList.toggle("chosen", on);
      input.value = on ? input.value || shared.value : "";
    } }, t("Seat {seat}", { seat }));
    rows.set(seat, input);
    toggles.set(seat, toggle);
    return el("div", { class: "seat" }, toggle, input);
  });
  const bounds = boundsText(field);
  return {
    node: wrap(
      el("label", { class: "shared" }, `${t("Stack for each")} `, shared),
      el("small", { class: "bounds", "data-bounds": "" }, t("each stack {bounds}", { bounds })),
      el("div", { class: "seats" }, ...seats)),
    read: () => {
      const stacks = {};
      for (const [seat, input] of rows) {
        const text = input.value.trim();
        if (!text) continue;
        const value = cents(text);
        if (value === null) return { problem: t("seat {seat}: not an amount", { seat }) };
        if (!withinBounds(value, field)) return { problem: t("seat {seat}: {amount} is {how}", { seat, amount: shown(amount(value)), how: outOfBounds(value, field) }) };
        stacks[String(seat)] = amount(value);
      }
      const count = Object.keys(stacks).length;
      if (field.min_count && count < field.min_count) return { problem: t("seat at least {count} players", { count: field.min_count }) };
      if (field.max_count && count > field.max_count) return { problem: t("seat at most {count} players", { count: field.max_count }) };
      return { value: stacks };
    },
    set: (value) => {
      for (const [seat, input] of rows) {
        input.value = value?.[seat] ?? "";
        toggles.get(seat).classList.toggle("chosen", Boolean(value?.[seat]));
      }
    },
  };
}
