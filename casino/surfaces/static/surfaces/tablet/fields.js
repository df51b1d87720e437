// Asking the dealer for an action's fields, built from the fields' kinds and bounds alone:
// a field whose value is fixed is filled without asking; a box, seat, target or choice is a row
// of big buttons; an amount a chip-amount entry within min, max and step; a card or cards the
// card picker; a flag a toggle; text and whole numbers an input. When all there is to ask is
// cards and choices, they are asked one after the other with no form to confirm; when nothing
// is left to ask, nothing is shown at all.

import { el } from "../common/dom.js";
import { amount, cents, money as shown } from "../common/money.js";
import { chipAmounts, withinBounds } from "./bounds.js";
import { cardName, pickCards } from "./picker.js";
import { optionsOf, positionName, targetName, words } from "./render.js";

const MEMORY = "tablet.memory";
const QUICK = new Set(["position", "target", "choice", "card", "cards"]);

const memory = {
  all() { try { return JSON.parse(localStorage.getItem(MEMORY) || "{}"); } catch { return {}; } },
  get(key) { return this.all()[key]; },
  set(key, value) { localStorage.setItem(MEMORY, JSON.stringify({ ...this.all(), [key]: value })); },
};

/**
 * The values of ``action``'s fields: ``preset`` holds those already chosen (a button's box),
 * ``initial`` those to start from (an entry being fixed). Answers ``undefined`` when the dealer
 * cancels. ``context`` gives the view (its unseen cards), the game (what to remember values
 * under) and ``taken`` (cards already named by entries still waiting).
 */
export async function askFields(action, { preset = {}, initial = {}, context }) {
  const values = {};
  const open = [];
  for (const field of action.fields) {
    if (field.name in preset) values[field.name] = preset[field.name];
    else if (field.value !== null && field.value !== undefined) values[field.name] = field.value;
    else open.push(field);
  }
  const title = action.label || words(action.name);
  const quick = open.every((f) => QUICK.has(f.kind)) && !Object.keys(initial).length;
  if (quick) {
    for (const field of open) {
      const value = await askOne(field, { title, values, context });
      if (value === undefined) return undefined;
      if (value !== SKIP) values[field.name] = value;
    }
    return values;
  }
  return askForm(action, open, { title, values, initial, context });
}

const SKIP = Symbol("skip");

function allowedCards(field, context, values) {
  const named = new Set(Object.values(values).flat().filter((v) => typeof v === "string"));
  const pool = field.cards ? field.cards : context.view.unseen_cards;
  return new Set(pool.filter((c) => !context.taken.has(c) && !named.has(c)));
}

function refusedBecause(field, context) {
  return (card) => {
    if (field.cards) return "is not one of the cards this takes";
    if (context.taken.has(card)) return "is already entered, waiting to be sent";
    return "is already used in this deck";
  };
}

async function askOne(field, { title, values, context }) {
  if (field.kind === "card" || field.kind === "cards") {
    const single = field.kind === "card";
    const picked = await pickCards({
      title: `${title}: ${words(field.name)}`,
      min: single ? 1 : field.min_count ?? 1,
      max: single ? 1 : field.max_count ?? 52,
      allowed: allowedCards(field, context, values),
      nullable: field.nullable,
      why: refusedBecause(field, context),
    });
    if (picked === undefined) return undefined;
    if (picked === null) return null;
    return single ? picked[0] : picked;
  }
  return choose(field, title, positionKind(field, context));
}

function positionKind(field, context) {
  return context.view.positions[0]?.position.kind || context.view.turn?.kind || field.name;
}

function choose(field, title, kind) {
  const dialog = document.getElementById("form");
  return new Promise((resolve) => {
    const finish = (value) => {
      dialog.close();
      dialog.replaceChildren();
      resolve(value);
    };
    dialog.replaceChildren(
      el("h2", {}, `${title}: ${words(field.name)}`),
      el("div", { class: "choices big" }, ...optionsOf(field).map((o) => el("button", {
        type: "button", class: "take", "data-choice": String(o.value), onclick: () => finish(o.value),
      }, field.kind === "position" ? positionName({ kind, number: o.value }) : o.label))),
      el("footer", {},
        el("button", { type: "button", class: "quiet", "data-cancel": "", onclick: () => finish(undefined) }, "Cancel"),
        !field.required || field.nullable ? el("button", { type: "button", onclick: () => finish(field.nullable ? null : SKIP) }, "None") : null),
    );
    dialog.oncancel = (event) => { event.preventDefault(); finish(undefined); };
    dialog.showModal();
  });
}

/** The whole form, for actions with amounts, text, flags or numbers to enter. */
function askForm(action, open, { title, values, initial, context }) {
  const dialog = document.getElementById("form");
  const position = values.box ?? values.seat ?? action.position?.number ?? "";
  const remembered = (field) => `${context.game}:${action.name}:${field.name}:${position}`;
  const widgets = open.map((field) => widget(field, {
    start: field.name in initial ? initial[field.name] : defaultOf(field, memory.get(remembered(field)), position),
    values, context, title,
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
        const read = w.read();
        if (read.problem) {
          problem.textContent = `${words(field.name)}: ${read.problem}`;
          return;
        }
        if (read.value !== undefined) answer[field.name] = read.value;
        if (["text", "amount", "stacks"].includes(field.kind) && read.value !== undefined && read.value !== null) {
          memory.set(remembered(field), read.value);
        }
      }
      finish(answer);
    };
    const fixed = action.fields.filter((f) => f.name in values && !(f.name in initial));
    dialog.replaceChildren(el("form", { onsubmit: record },
      el("h2", {}, title, fixed.length ? el("small", {}, ` · ${fixed.map((f) => describe(f, values[f.name])).join(" · ")}`) : null),
      ...widgets.map((w) => w.node),
      problem,
      el("footer", {},
        el("button", { type: "button", class: "quiet", "data-cancel": "", onclick: () => finish(undefined) }, "Cancel"),
        el("button", { type: "submit", class: "primary", "data-record": "" }, "Record"))));
    dialog.oncancel = (event) => { event.preventDefault(); finish(undefined); };
    dialog.showModal();
    dialog.querySelector("[data-record]").focus();
  });
}

function describe(field, value) {
  if (field.kind === "position") return `${words(field.name)} ${value}`;
  if (field.kind === "amount") return `${words(field.name)} ${shown(value)}`;
  if (field.kind === "flag") return `${words(field.name)}: ${value ? "yes" : "no"}`;
  if (field.kind === "target") return targetName(value);
  return `${words(field.name)} ${Array.isArray(value) ? value.map(cardName).join(" ") : value}`;
}

// Where a field starts: what this tablet entered last time for the same action, field and box
// (a player keeps a box, and a stake, from round to round), else the least it may be.
function defaultOf(field, last, position) {
  if (field.kind === "amount") {
    if (last !== undefined && last !== null && cents(last) !== null && withinBounds(cents(last), field)) return last;
    return field.required && !field.nullable ? field.min : null;
  }
  if (field.kind === "text") return last ?? (field.required && position !== "" ? `Player ${position}` : "");
  if (field.kind === "flag") return false;
  if (field.kind === "stacks") return last ?? {};
  return null;
}

function widget(field, { start, values, context, title }) {
  const label = el("span", { class: "field-label" }, words(field.name), field.required ? "" : " (optional)");
  const wrap = (...children) => el("div", { class: `field kind-${field.kind}`, "data-field": field.name }, label, ...children);
  if (field.kind === "amount") return amountWidget(field, start, wrap);
  if (field.kind === "stacks") return stacksWidget(field, start, wrap);
  if (field.kind === "flag") {
    const box = el("input", { type: "checkbox", checked: Boolean(start) });
    return { node: wrap(el("label", { class: "toggle" }, box, " yes")), read: () => ({ value: box.checked }) };
  }
  if (field.kind === "text" || field.kind === "integer") {
    const input = el("input", { type: field.kind === "integer" ? "number" : "text", value: start ?? "", inputMode: field.kind === "integer" ? "numeric" : "text" });
    return {
      node: wrap(input),
      read: () => {
        const text = input.value.trim();
        if (!text) return field.required && !field.nullable ? { problem: "required" } : { value: field.nullable ? null : undefined };
        if (field.kind === "integer") return /^-?\d+$/.test(text) ? { value: Number(text) } : { problem: "a whole number" };
        return { value: text };
      },
    };
  }
  if (field.kind === "card" || field.kind === "cards") {
    let picked = start ?? undefined;
    const shownCards = el("span", { class: "picked" });
    const paint = () => shownCards.replaceChildren(picked === undefined ? "none chosen" : picked === null ? "face down" : [].concat(picked).map(cardName).join(" "));
    const open = el("button", { type: "button", onclick: async () => {
      const value = await askOne(field, { title, values, context });
      if (value !== undefined) picked = value;
      paint();
    } }, "Choose cards");
    paint();
    return {
      node: wrap(open, shownCards),
      read: () => (picked === undefined ? (field.required ? { problem: "choose the cards" } : { value: undefined }) : { value: picked }),
    };
  }
  // A position, target or choice: big buttons, one chosen.
  let chosen = start;
  const kind = positionKind(field, context);
  const buttons = optionsOf(field).map((o) => el("button", {
    type: "button", class: "take", "data-choice": String(o.value),
    onclick: (event) => { chosen = o.value; for (const b of buttons) b.classList.toggle("chosen", b === event.currentTarget); },
  }, field.kind === "position" ? positionName({ kind, number: o.value }) : o.label));
  for (const b of buttons) b.classList.toggle("chosen", b.dataset.choice === String(chosen));
  return {
    node: wrap(el("div", { class: "choices" }, ...buttons)),
    read: () => (chosen === null || chosen === undefined
      ? (field.required && !field.nullable ? { problem: "choose one" } : { value: field.nullable ? null : undefined })
      : { value: chosen }),
  };
}

function amountWidget(field, start, wrap) {
  const input = el("input", { type: "text", inputMode: "decimal", value: start ?? "", class: "amount-input", "aria-label": words(field.name) });
  const step = cents(field.step) || 100;
  const nudge = (by) => () => {
    const now = cents(input.value) ?? 0;
    const next = Math.max(0, now + by);
    input.value = amount(next);
  };
  const bounds = [field.min !== null ? `from ${shown(field.min)}` : "", field.max !== null ? `to ${shown(field.max)}` : "", field.step ? `in ${shown(field.step)}s` : ""].filter(Boolean).join(" ");
  const node = wrap(
    el("div", { class: "amount-entry" },
      el("button", { type: "button", class: "nudge", "aria-label": "less", onclick: nudge(-step) }, "−"),
      input,
      el("button", { type: "button", class: "nudge", "aria-label": "more", onclick: nudge(step) }, "+"),
      !field.required || field.nullable ? el("button", { type: "button", class: "quiet", onclick: () => { input.value = ""; } }, "None") : null),
    el("div", { class: "chips" }, ...chipAmounts(field).map((value) => el("button", {
      type: "button", class: "chip", "data-chip": amount(value), onclick: () => { input.value = amount(value); },
    }, shown(amount(value))))),
    el("small", { class: "bounds" }, bounds));
  return {
    node,
    read: () => {
      const text = input.value.trim();
      if (!text) return field.required && !field.nullable ? { problem: "enter an amount" } : { value: field.nullable ? null : undefined };
      const value = cents(text);
      if (value === null) return { problem: "not an amount" };
      if (!withinBounds(value, field)) return { problem: `must be ${bounds}` };
      return { value: amount(value) };
    },
  };
}

function stacksWidget(field, start, wrap) {
  const rows = new Map();
  const shared = el("input", { type: "text", inputMode: "decimal", class: "amount-input", value: Object.values(start || {})[0] || "", "aria-label": "stack" });
  const seats = (field.positions || []).map((seat) => {
    const input = el("input", { type: "text", inputMode: "decimal", class: "amount-input small", value: start?.[seat] ?? "", "aria-label": `seat ${seat}` });
    const toggle = el("button", { type: "button", class: `take ${start?.[seat] ? "chosen" : ""}`, "data-seat": String(seat), onclick: () => {
      const on = !toggle.classList.contains("chosen");
      toggle.classList.toggle("chosen", on);
      input.value = on ? input.value || shared.value : "";
    } }, `Seat ${seat}`);
    rows.set(seat, input);
    return el("div", { class: "seat" }, toggle, input);
  });
  return {
    node: wrap(el("label", { class: "shared" }, "Stack for each ", shared), el("div", { class: "seats" }, ...seats)),
    read: () => {
      const stacks = {};
      for (const [seat, input] of rows) {
        const text = input.value.trim();
        if (!text) continue;
        const value = cents(text);
        if (value === null || !withinBounds(value, field)) return { problem: `seat ${seat}: not a stack this table takes` };
        stacks[String(seat)] = amount(value);
      }
      const count = Object.keys(stacks).length;
      if (field.min_count && count < field.min_count) return { problem: `seat at least ${field.min_count} players` };
      if (field.max_count && count > field.max_count) return { problem: `seat at most ${field.max_count} players` };
      return { value: stacks };
    },
  };
}
