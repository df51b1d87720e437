// The PIN pad and the names beside it, for whoever signs in at the tablet: the incoming dealer,
// and a pit boss deciding an undo or a void here. A name is one tap (the table's dealer, those
// who signed in here lately), so nobody needs the on-screen keyboard over the pad; another name
// can still be typed.

import { el } from "../common/dom.js";
import { t } from "../common/i18n.js";

/** The names offered as buttons: the ``first`` ones (the table's dealer), then ``recent``,
 *  each once. */
export const namesToOffer = (first, recent) => [...new Set([...first, ...recent].filter(Boolean))];

/**
 * A sign-in by name and PIN: ``names`` as big buttons (the first one chosen when ``pick`` is
 * set), a field for another name, the PIN on a pad of big digits, and ``submits``, the buttons
 * that send it (``[{label, value, primary}]``; a PIN pad's own ✓ when none). ``onSubmit({
 * username, pin, value})`` is called with the button's value; the pad is cleared after it.
 * ``aside`` nodes go under the name (a note, what went wrong). Answers ``{node, clear}``.
 */
export function pinPad({ names = [], pick = false, submits = null, onSubmit, label = t("Your user name"), aside = [] }) {
  let pin = "";
  let chosen = pick && names.length ? names[0] : "";
  const username = el("input", { name: "username", autocomplete: "username", autocapitalize: "none", value: chosen, "aria-label": label });
  const shownPin = el("output", { class: "pin", "data-pin": "" }, "");
  const paint = () => { shownPin.textContent = "●".repeat(pin.length) || t("PIN"); };
  const press = (digit) => () => { if (pin.length < 8) pin += digit; paint(); };
  const nameButtons = names.map((name) => el("button", {
    type: "button", class: `take ${name === chosen ? "chosen" : ""}`, "data-dealer": name,
    onclick: (event) => {
      chosen = name;
      username.value = name;
      for (const b of nameButtons) b.classList.toggle("chosen", b === event.currentTarget);
    },
  }, name));
  username.addEventListener("input", () => {
    chosen = username.value.trim();
    for (const b of nameButtons) b.classList.toggle("chosen", b.dataset.dealer === chosen);
  });
  const send = async (value) => {
    const entered = { username: username.value.trim(), pin, value };
    pin = "";
    paint();
    await onSubmit(entered);
  };
  // The keyboard's Enter signs in as the ✓ does (the first of the buttons given).
  username.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    send(submits ? submits[0].value : null);
  });
  const digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((d) => el("button", { type: "button", "data-digit": d, onclick: press(d) }, d));
  const buttons = (submits || []).map((s) => el("button", {
    type: "button", class: s.primary ? "primary" : s.danger ? "danger" : "", "data-decide": s.value,
    onclick: () => send(s.value),
  }, s.label));
  const node = el("div", { class: "pin-entry" },
    names.length ? el("div", { class: "choices names", "aria-label": t("Names") }, ...nameButtons) : null,
    el("label", { class: "other-name" }, names.length ? t("Or type a name") : label, username),
    aside.length ? el("div", { class: "aside" }, ...aside) : null,
    shownPin,
    el("div", { class: "pin-pad" },
      ...digits,
      el("button", { type: "button", class: "quiet", "data-digit": "clear", "aria-label": t("delete a digit"), onclick: () => { pin = pin.slice(0, -1); paint(); } }, "⌫"),
      el("button", { type: "button", "data-digit": "0", onclick: press("0") }, "0"),
      submits ? el("span") : el("button", { type: "button", class: "primary", "data-sign-in": "", "aria-label": t("sign in"), onclick: () => send(null) }, "✓")),
    buttons.length ? el("div", { class: "decide" }, ...buttons) : null);
  paint();
  return { node, clear: () => { pin = ""; paint(); } };
}
