// The players at the table, between rounds: who sits where, seating one (a card's number, or a
// few words for a player without a card), their buy-ins, a break, leaving. These are done
// online, as the chip tray's steps: each is one request, answered at once. A form keeps one
// idempotency key from the moment it opens, so a double tap, or Send again after the network
// dropped, records the buy-in once.

import { el } from "../common/dom.js";
import { t, tn } from "../common/i18n.js";
import { amount, cents, money as shown } from "../common/money.js";
import { explainToDealer as explain } from "../common/words.js";
import { Refusal, at, call, newKey, urls } from "./api.js";

/** What a dealer calls each kind of money brought or taken, in the order offered. */
const CASH_KINDS = [
  ["buy_in_cash", () => t("Cash")],
  ["buy_in_chips", () => t("Chips from another table")],
  ["buy_in_marker", () => t("Marker")],
  ["colour_up", () => t("Colour-up")],
  ["chips_left_with", () => t("Chips taken away")],
];

/** A house-banked game's places are boxes; a pot game's, seats. */
/** "Box 2" or "Seat 2", as the table's game calls its places. */
const placeName = (table, number) => (table.game === "russian_poker" ? t("Box {number}", { number }) : t("Seat {number}", { number }));
const several = (table) => table.game === "russian_poker";

/** The players' section of the between-rounds screen, drawn into ``host``; ``hold(node)`` is
 *  applied to what is drawn (against a double tap on a screen that just appeared). */
export async function playersSection(host, table, online, hold = () => {}) {
  if (!online) {
    host.replaceChildren(el("p", { class: "players-offline" }, t("Players: back when the network is.")));
    return;
  }
  let seated;
  try {
    seated = await call("GET", at(urls.seated, table.id));
  } catch (error) {
    host.replaceChildren(el("p", { class: "players-offline" }, t("Players: {problem}", { problem: error instanceof Refusal ? explain(error) : t("not reachable now.") })));
    return;
  }
  const redraw = () => playersSection(host, table, online, hold);
  const taken = new Set(seated.flatMap((session) => session.positions));
  const free = Array.from({ length: table.boxes }, (_, n) => n + 1).filter((n) => !taken.has(n));
  const parts = [el("h2", {}, t("Players"))];
  parts.push(seated.length
    ? el("ul", { class: "players-list" }, ...seated.map((session) => playerRow(host, table, session, free, redraw)))
    : el("p", { class: "players-none" }, t("Nobody is seated.")));
  if (free.length) {
    parts.push(el("button", { type: "button", class: "primary", "data-seat-player": "",
      onclick: () => seatForm(host, table, free, redraw) }, t("Seat a player")));
  }
  parts.push(el("p", { class: "players-error", role: "alert" }));
  host.replaceChildren(...parts);
  hold(host);
}

/** Draw the section again after a change pushed (a player the pit boss seated, another
 *  tablet's buy-in), unless the dealer is filling one of its forms. */
export function refreshPlayers(host, table, online, hold) {
  if (!host?.isConnected || host.querySelector(".players-form")) return;
  playersSection(host, table, online, hold);
}

function placesOf(table, session) {
  const places = session.positions.join(", ");
  return table.game === "russian_poker"
    ? tn("Box {places}", "Boxes {places}", session.positions.length, { places })
    : t("Seat {places}", { places });
}

function playerRow(host, table, session, free, redraw) {
  const first = session.positions[0];
  const step = (url, label) => el("button", { type: "button", [`data-${label}`]: String(first),
    onclick: (event) => once(event, host, () => call("POST", at(url, session.id), { body: {}, key: newKey() }), redraw) },
    label === "pause" ? t("Break") : label === "resume" ? t("Back from break") : t("Leaves"));
  return el("li", { "data-player": String(first), class: session.paused ? "paused" : "" },
    el("span", { class: "player-place" }, placesOf(table, session)),
    el("span", { class: "player-name" }, session.patron.label),
    session.paused ? el("span", { class: "player-break" }, t("on a break")) : null,
    el("button", { type: "button", class: "primary", "data-buy-in": String(first),
      onclick: () => cashForm(host, table, session, redraw) }, t("Buy-in…")),
    session.paused ? step(urls.sessionResume, "resume") : step(urls.sessionPause, "pause"),
    free.length ? el("button", { type: "button", "data-move": String(first),
      onclick: () => placesForm(host, table, free, redraw, {
        title: t("Move {player}", { player: session.patron.label }),
        send: t("Move"),
        post: (positions, key) => call("POST", at(urls.sessionMove, session.id), { body: { table: table.id, positions }, key }),
      }) }, t("Move…")) : null,
    el("button", { type: "button", class: "quiet", "data-leave": String(first),
      onclick: () => confirmLeave(host, table, session, redraw) }, t("Leaves…")));
}

/** A step in one tap: the button is disabled at once, so a second tap sends nothing. */
async function once(event, host, request, redraw) {
  const button = event.currentTarget;
  button.disabled = true;
  if (await act(host, request, redraw)) button.disabled = false;
}

/** Send ``request``, then draw the section again; on failure say why and answer the error
 *  (``null`` once sent). */
async function act(host, request, redraw) {
  try {
    await request();
    await redraw();
    return null;
  } catch (error) {
    const message = host.querySelector(".players-error");
    if (message) message.textContent = error instanceof Refusal ? explain(error) : t("Not sent: the network is down. Try again.");
    return error;
  }
}

/** The key a form sends with: the same one while the request may have reached the server
 *  (sent again after the network dropped: recorded once), a new one once the server refused it
 *  (what is sent next is another request: a corrected amount, say). */
function formKey() {
  let key = newKey();
  return {
    get value() { return key; },
    after(error) { if (error instanceof Refusal) key = newKey(); },
  };
}

function confirmLeave(host, table, session, redraw) {
  const key = newKey();
  const yes = el("button", { type: "button", class: "danger huge", "data-confirm-leave": String(session.positions[0]),
    onclick: (event) => once(event, host, () => call("POST", at(urls.sessionLeave, session.id), { body: {}, key }), redraw) },
  t("{player} leaves {places}", { player: session.patron.label, places: placesOf(table, session).toLowerCase() }));
  host.replaceChildren(el("div", { class: "players-form" },
    el("h2", {}, t("Leaving the table")),
    el("p", {}, t("Record the chips they take away first (Buy-in… then Chips taken away) if the casino asks for it.")),
    el("div", { class: "chip-actions" }, yes, el("button", { type: "button", class: "quiet", onclick: redraw }, t("Cancel"))),
    el("p", { class: "players-error", role: "alert" })));
}

function seatForm(host, table, free, redraw) {
  const card = el("input", { type: "text", inputMode: "numeric", autocomplete: "off", "data-card": "", "aria-label": t("Card number"), maxLength: 32 });
  const words = el("input", { type: "text", autocomplete: "off", "data-description": "", "aria-label": t("A few words about the player"), maxLength: 200 });
  placesForm(host, table, free, redraw, {
    title: t("Seat a player"),
    send: t("Seat"),
    fields: [el("label", {}, `${t("Card number")} `, card), el("label", {}, `${t("Or, without a card, a few words")} `, words)],
    post: (positions, key) => call("POST", at(urls.seatPatron, table.id),
      { body: { positions, loyalty_number: card.value.trim(), description: words.value.trim() }, key }),
    focus: card,
  });
}

/** A form choosing free places (one seat in a pot game, any boxes otherwise) and sending
 *  them with ``post(positions, key)``: seating a player, or moving one. */
function placesForm(host, table, free, redraw, { title, send: label, fields = [], post, focus = null }) {
  const key = formKey();
  const chosen = new Set();
  const toggles = free.map((n) => el("button", { type: "button", class: "place", "aria-pressed": "false", "data-place": String(n),
    onclick: (event) => {
      if (!several(table)) {
        chosen.clear();
        for (const other of toggles) other.setAttribute("aria-pressed", "false");
      }
      if (chosen.has(n)) chosen.delete(n); else chosen.add(n);
      event.currentTarget.setAttribute("aria-pressed", String(chosen.has(n)));
    } }, placeName(table, n)));
  const send = el("button", { type: "submit", class: "primary huge", "data-send-places": "" }, label);
  const form = el("form", { class: "players-form", onsubmit: async (event) => {
    event.preventDefault();
    const error = host.querySelector(".players-error");
    if (!chosen.size) {
      error.textContent = table.game === "russian_poker" ? t("Choose the box first.") : t("Choose the seat first.");
      return;
    }
    send.disabled = true;
    const positions = [...chosen].sort((a, b) => a - b);
    const failed = await act(host, () => post(positions, key.value), redraw);
    if (failed) {
      key.after(failed);
      send.disabled = false;
    }
  } },
  el("h2", {}, title),
  el("div", { class: "places" }, ...toggles),
  ...fields,
  el("div", { class: "chip-actions" }, send, el("button", { type: "button", class: "quiet", onclick: redraw }, t("Cancel"))),
  el("p", { class: "players-error", role: "alert" }));
  host.replaceChildren(form);
  focus?.focus();
}

function cashForm(host, table, session, redraw) {
  const key = formKey();
  let kind = CASH_KINDS[0][0];
  const kinds = CASH_KINDS.map(([value, label]) => el("button", { type: "button", class: "place", "data-cash-kind": value,
    "aria-pressed": String(value === kind),
    onclick: (event) => {
      kind = value;
      for (const other of kinds) other.setAttribute("aria-pressed", String(other === event.currentTarget));
    } }, label()));
  const amountInput = el("input", { type: "text", inputMode: "decimal", autocomplete: "off", "data-cash-amount": "", "aria-label": t("Amount") });
  // What the player should have in front of them by the record, beside the count the dealer
  // enters of the chips taken away: a difference is seen at the table.
  const expected = el("p", { class: "players-expected", "data-chips-expected": "" });
  call("GET", at(urls.sessionRating, session.id)).then((rating) => {
    expected.textContent = t("By the record: {amount} in chips.", { amount: shown(rating.chips_expected, table.currency) });
  }).catch(() => {});
  const send = el("button", { type: "submit", class: "primary huge", "data-send-cash": "" }, t("Record"));
  const form = el("form", { class: "players-form", onsubmit: async (event) => {
    event.preventDefault();
    const error = host.querySelector(".players-error");
    const value = cents(amountInput.value);
    if (!value) {
      error.textContent = t("Enter the amount: a number above zero, with at most two decimals.");
      return;
    }
    send.disabled = true;
    // The decimal string of the whole cents typed, never a binary number.
    const body = { kind, amount: amount(value) };
    const failed = await act(host, () => call("POST", at(urls.sessionCash, session.id), { body, key: key.value }), redraw);
    if (failed) {
      key.after(failed);
      send.disabled = false;
    }
  } },
  el("h2", {}, `${session.patron.label} · ${placesOf(table, session)}`),
  el("div", { class: "places" }, ...kinds),
  el("label", {}, `${t("Amount ({currency})", { currency: table.currency })} `, amountInput),
  expected,
  el("div", { class: "chip-actions" }, send, el("button", { type: "button", class: "quiet", onclick: redraw }, t("Cancel"))),
  el("p", { class: "players-error", role: "alert" }));
  host.replaceChildren(form);
  amountInput.focus();
}

