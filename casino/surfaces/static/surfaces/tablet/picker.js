// The card picker: a 52-card grid with large touch targets, titled with what the cards are for
// ("Box 3: five cards"). The cards a field may not take (already seen in this deck, or not among
// a field's own cards) are greyed out and refused on a tap; a field of several cards takes them
// all in one session, and the picker closes by itself once it has as many as the field takes.
// An exchange is one session too: the box's own cards on top (those it gives up), the deck
// below (those it gets), closed once there are as many of the one as of the other.

import { cardName, isRed, rankName, withCardNames } from "../common/cards.js";
import { el, show } from "../common/dom.js";
import { t } from "../common/i18n.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const SUITS = [
  { code: "s", symbol: "♠", red: false },
  { code: "h", symbol: "♥", red: true },
  { code: "d", symbol: "♦", red: true },
  { code: "c", symbol: "♣", red: false },
];

const dialog = () => document.getElementById("picker");

export { cardName, isRed, withCardNames };

const range = (min, max) => (min === max ? `${max}` : `${min}–${max}`);

/**
 * Ask for ``min``..``max`` cards among ``allowed``. Answers the cards in the order tapped;
 * ``null`` when the dealer chose "none" (a nullable field); ``undefined`` when cancelled.
 *
 * With ``own`` (``{label, cards, min, max, what}``: a box's own cards, some of which it gives up),
 * those are asked first in a row of their own and the cards from the deck then number as many:
 * the answer is ``{own, picked}``, the picker closing once both counts are equal.
 */
export function pickCards({ title, min = 1, max = 1, allowed, nullable = false, why, own = null, what = "cards" }) {
  const node = dialog();
  const chosen = [];
  const given = [];
  return new Promise((resolve) => {
    const finish = (value) => {
      node.close();
      node.replaceChildren();
      resolve(value);
    };
    const answer = () => (own ? { own: [...given], picked: [...chosen] } : [...chosen]);
    const status = el("p", { class: "picker-status", "aria-live": "polite" });
    const refusal = el("p", { class: "picker-refusal", role: "alert" });
    // The count a session of an exchange must reach: as many from the deck as given up.
    const target = () => (own ? given.length : null);
    const complete = () => (own ? given.length >= own.min && chosen.length === given.length : chosen.length >= min);
    const done = el("button", {
      type: "button", class: "primary", "data-picker": "done",
      onclick: () => {
        if (complete()) return finish(answer());
        // Said before anything is sent: what the count must be, and what was chosen.
        if (own && given.length < own.min) refusal.textContent = t("{what}: at least {min}, {chosen} chosen.", { what: capital(own.what), min: own.min, chosen: given.length });
        else if (own) refusal.textContent = t("{what}: {expected} expected (one for each of the {own}), {chosen} chosen.", { what: capital(what), expected: given.length, own: own.what, chosen: chosen.length });
        else refusal.textContent = t("{what}: {expected} expected, {chosen} chosen.", { what: capital(what), expected: range(min, max), chosen: chosen.length });
        return undefined;
      },
    }, t("Done"));
    const chips = (cards) => cards.map((card) => el("span", { class: `chip-card ${isRed(card) ? "red" : ""}` }, cardName(card)));
    const update = () => {
      status.replaceChildren(...(own
        ? [el("strong", {}, `${capital(own.what)} ${given.length}`), ` (${range(own.min, own.max)}) `, ...chips(given),
           el("strong", {}, ` · ${t("{what} {count} of {total}", { what: capital(what), count: chosen.length, total: given.length })}`), " ", ...chips(chosen)]
        : [el("strong", {}, t("{count} of {total}", { count: chosen.length, total: range(min, max) })), " ", ...chips(chosen)]));
      for (const cell of node.querySelectorAll("[data-card]")) cell.classList.toggle("chosen", chosen.includes(cell.dataset.card));
      for (const cell of node.querySelectorAll("[data-own]")) cell.classList.toggle("chosen", given.includes(cell.dataset.own));
    };
    const tapOwn = (card) => {
      refusal.textContent = "";
      const at = given.indexOf(card);
      if (at >= 0) given.splice(at, 1);
      else if (given.length < own.max) given.push(card);
      while (chosen.length > given.length) chosen.pop();
      update();
    };
    const tap = (card) => {
      refusal.textContent = "";
      if (!allowed.has(card)) {
        refusal.textContent = `${cardName(card)} ${why ? why(card) : t("cannot be used here")}.`;
        return;
      }
      const at = chosen.indexOf(card);
      if (at >= 0) {
        chosen.splice(at, 1);
      } else if (own) {
        if (given.length < own.min) {
          refusal.textContent = t("Choose the {what} first: at least {min}.", { what: own.what, min: own.min });
          return;
        }
        if (chosen.length < target()) chosen.push(card);
      } else if (chosen.length < max) {
        chosen.push(card);
      }
      update();
      if (own ? complete() : chosen.length === max) finish(answer());
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
        }, el("span", { class: "rank" }, rankName(rank)), el("span", { class: "suit" }, suit.symbol));
      })));
    const ownRow = own
      ? el("div", { class: "own-cards" },
          el("span", { class: "own-label" }, own.label),
          ...own.cards.map((card) => el("button", {
            type: "button", class: `card-cell own ${isRed(card) ? "red" : ""}`, "data-own": card, "aria-label": cardName(card),
            onclick: () => tapOwn(card),
          }, cardName(card))),
          el("span", { class: "own-label" }, t("then the {what} from the deck:", { what })))
      : null;
    show(node,
      el("header", {}, el("h2", {}, withCardNames(title)), status),
      ownRow,
      grid,
      refusal,
      el("footer", {},
        el("button", { type: "button", class: "quiet", "data-picker": "cancel", onclick: () => finish(undefined) }, t("Cancel")),
        nullable ? el("button", { type: "button", "data-picker": "none", onclick: () => finish(null) }, t("None (face down)")) : null,
        !own && min === max ? null : done),
    );
    node.oncancel = (event) => {
      event.preventDefault();
      finish(undefined);
    };
    update();
    node.showModal();
  });
}

const capital = (text) => String(text).replace(/^./, (c) => c.toUpperCase());
