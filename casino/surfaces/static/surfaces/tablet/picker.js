// The card picker: a 52-card grid with large touch targets. The cards a field may not take
// (already seen in this deck, or not among a field's own cards) are greyed out and refused on
// a tap; a field of several cards takes them all in one session, and the picker closes by
// itself once it has as many as the field takes.

import { el } from "../common/dom.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const SUITS = [
  { code: "s", symbol: "♠", red: false },
  { code: "h", symbol: "♥", red: true },
  { code: "d", symbol: "♦", red: true },
  { code: "c", symbol: "♣", red: false },
];

const dialog = () => document.getElementById("picker");

/** "Th" -> "10♥", for people. */
export function cardName(card) {
  const rank = card.slice(0, -1).toUpperCase();
  const suit = SUITS.find((s) => s.code === card.slice(-1).toLowerCase());
  return `${rank === "T" ? "10" : rank}${suit ? suit.symbol : card.slice(-1)}`;
}

export const isRed = (card) => ["h", "d"].includes(card.slice(-1).toLowerCase());

/**
 * Ask for ``min``..``max`` cards among ``allowed``. Answers the cards in the order tapped;
 * ``null`` when the dealer chose "none" (a nullable field); ``undefined`` when cancelled.
 */
export function pickCards({ title, min = 1, max = 1, allowed, nullable = false, why }) {
  const node = dialog();
  const chosen = [];
  return new Promise((resolve) => {
    const finish = (value) => {
      node.close();
      node.replaceChildren();
      resolve(value);
    };
    const status = el("p", { class: "picker-status", "aria-live": "polite" });
    const refusal = el("p", { class: "picker-refusal", role: "alert" });
    const done = el("button", { type: "button", class: "primary", "data-picker": "done", onclick: () => finish([...chosen]) }, "Done");
    const update = () => {
      const range = min === max ? `${max}` : `${min}–${max}`;
      status.replaceChildren(
        el("strong", {}, `${chosen.length} of ${range}`),
        " ",
        ...chosen.map((card) => el("span", { class: `chip-card ${isRed(card) ? "red" : ""}` }, cardName(card))),
      );
      done.disabled = chosen.length < min;
      for (const cell of node.querySelectorAll("[data-card]")) {
        cell.classList.toggle("chosen", chosen.includes(cell.dataset.card));
      }
    };
    const tap = (card) => {
      refusal.textContent = "";
      if (!allowed.has(card)) {
        refusal.textContent = `${cardName(card)} ${why ? why(card) : "cannot be used here"}.`;
        return;
      }
      const at = chosen.indexOf(card);
      if (at >= 0) chosen.splice(at, 1);
      else if (chosen.length < max) chosen.push(card);
      update();
      if (chosen.length === max) finish([...chosen]);
    };
    const grid = el("div", { class: "card-grid", role: "grid" },
      ...SUITS.flatMap((suit) => RANKS.map((rank) => {
        const card = `${rank}${suit.code}`;
        const usable = allowed.has(card);
        return el("button", {
          type: "button",
          class: `card-cell ${suit.red ? "red" : ""} ${usable ? "" : "used"}`,
          "data-card": card,
          "aria-disabled": usable ? null : "true",
          "aria-label": cardName(card),
          onclick: () => tap(card),
        }, el("span", { class: "rank" }, rank === "T" ? "10" : rank), el("span", { class: "suit" }, suit.symbol));
      })));
    node.replaceChildren(
      el("header", {}, el("h2", {}, title), status),
      grid,
      refusal,
      el("footer", {},
        el("button", { type: "button", class: "quiet", "data-picker": "cancel", onclick: () => finish(undefined) }, "Cancel"),
        nullable ? el("button", { type: "button", "data-picker": "none", onclick: () => finish(null) }, "None (face down)") : null,
        min === max ? null : done),
    );
    node.oncancel = (event) => {
      event.preventDefault();
      finish(undefined);
    };
    update();
    node.showModal();
  });
}
