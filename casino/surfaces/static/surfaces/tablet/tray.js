// The chip tray at the table, between rounds: the opener or closer count (entered here,
// confirmed by the pit boss on the board), asking the cage for a fill or a credit, and taking a
// fill in when it arrives. These are done online: each is one request, answered at once, and
// the screen says so when the network is down.

import { el } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { amount, cents, money as shown } from "../common/money.js";
import { explainToDealer as explain } from "../common/words.js";
import { Refusal, at, call, newKey, urls } from "./api.js";

const STATUS_WORDS = {
  requested: () => t("asked, waits for the pit boss"),
  approved: () => t("approved, waits for the cage"),
  issued: () => t("on its way from the cage"),
  received: () => t("received"),
  void_pending: () => t("void asked"),
  voided: () => t("void"),
};

/** The tray's section of the between-rounds screen, drawn into ``host`` (again, to follow a
 *  change pushed: see ``refreshTray``). ``hold(node)`` is applied to what is drawn (the app
 *  holds the buttons of a screen that just appeared, against a double tap). */
export async function traySection(host, table, online, hold = () => {}) {
  delete host.dataset.stale;
  if (!online) {
    host.replaceChildren(el("p", { class: "tray-offline" }, t("Chip tray: back when the network is.")));
    return;
  }
  let tray;
  try {
    tray = await call("GET", at(urls.tray, table.id));
  } catch (error) {
    host.replaceChildren(el("p", { class: "tray-offline" }, t("Chip tray: {problem}", { problem: error instanceof Refusal ? explain(error) : t("not reachable now.") })));
    return;
  }
  const redraw = () => traySection(host, table, online, hold);
  const pending = tray.counts.find((count) => count.status === "pending");
  const kind = tray.shift ? "closer" : "opener";
  const parts = [el("h2", {}, t("Chip tray"))];
  parts.push(el("p", { class: "tray-shift" }, tray.shift
    ? t("Shift open · opener {amount}", { amount: shown(tray.shift.total) })
    : t("No shift open: count the opener.")));
  if (pending) {
    parts.push(el("p", { class: "tray-pending", "data-count-pending": pending.id },
      pending.kind === "opener"
        ? t("Opener {amount} waits for the pit boss.", { amount: shown(pending.total) })
        : t("Closer {amount} waits for the pit boss.", { amount: shown(pending.total) })));
  } else if (tray.chips.length) {
    parts.push(el("button", { type: "button", class: "primary", "data-count": kind,
      onclick: () => chipForm(host, tray, kind === "opener" ? t("Count the opener") : t("Count the closer"),
        (chips) => call("POST", at(urls.trayCounts, table.id), { body: { kind, chips }, key: newKey() }), redraw, true) },
      kind === "opener" ? t("Count opener") : t("Count closer")));
  }
  if (tray.shift && tray.chips.length) {
    for (const slipKind of ["fill", "credit"]) {
      parts.push(el("button", { type: "button", "data-ask": slipKind,
        onclick: () => chipForm(host, tray, slipKind === "fill" ? t("Ask the cage for a fill") : t("Ask the cage for a credit"),
          (chips) => call("POST", at(urls.slips, table.id), { body: { kind: slipKind, chips }, key: newKey() }), redraw, false) },
        slipKind === "fill" ? t("Ask for a fill") : t("Ask for a credit")));
    }
  }
  if (tray.slips.length) {
    parts.push(el("ul", { class: "tray-slips" }, ...tray.slips.map((slip) => el("li", { "data-slip": slip.number },
      el("span", {}, `#${slip.number} ${slip.kind === "fill" ? t("fill") : t("credit")} ${shown(slip.amount)} · ${STATUS_WORDS[slip.status]?.() || slip.status}`),
      slip.kind === "fill" && slip.status === "issued"
        ? el("button", { type: "button", class: "primary", "data-receive": slip.number,
            onclick: async (event) => {
              event.target.disabled = true;
              await act(host, () => call("POST", at(urls.slipReceive, slip.id), { body: {}, key: newKey() }), redraw);
            } }, t("Fill received"))
        : null))));
  }
  parts.push(el("p", { class: "tray-error", role: "alert" }));
  host.replaceChildren(...parts);
  hold(host);
}

/** Draw the tray again after a change pushed (a count confirmed, a slip approved or issued),
 *  unless the dealer is entering chips in it: it is drawn again once that form closes. */
export function refreshTray(host, table, online, hold) {
  if (!host?.isConnected) return;
  if (host.querySelector(".chip-form")) {
    host.dataset.stale = "true";
    return;
  }
  traySection(host, table, online, hold);
}

async function act(host, request, redraw) {
  try {
    await request();
    await redraw();
  } catch (error) {
    const message = host.querySelector(".tray-error");
    if (message) message.textContent = error instanceof Refusal ? explain(error) : t("Not sent: the network is down. Try again.");
  }
}

// One row per chip of the casino, with big minus and plus buttons and the number typed if
// quicker; the total as it goes.
function chipForm(host, tray, title, submit, redraw, allowEmpty) {
  const counts = Object.fromEntries(tray.chips.map((chip) => [chip.value, 0]));
  const total = el("strong", { class: "tray-total" }, shown("0.00"));
  const repaint = () => {
    // In whole cents, as every amount the app computes.
    const sum = Object.entries(counts).reduce((running, [value, n]) => running + cents(value) * n, 0);
    total.textContent = shown(amount(sum));
  };
  const rows = tray.chips.map((chip) => {
    const input = el("input", { type: "number", min: "0", step: "1", inputMode: "numeric", value: "0", "data-chip": chip.value,
      "aria-label": t("{value} chips", { value: chip.value }),
      oninput: () => { counts[chip.value] = Math.max(0, Math.floor(Number(input.value) || 0)); repaint(); } });
    const change = (by) => () => { counts[chip.value] = Math.max(0, counts[chip.value] + by); input.value = String(counts[chip.value]); repaint(); };
    return el("div", { class: "chip-row" },
      el("span", { class: `chip chip-${chip.colour}` }, shown(chip.value)),
      el("button", { type: "button", class: "step", onclick: change(-1), "aria-label": t("one {value} chip less", { value: chip.value }) }, "−"),
      input,
      el("button", { type: "button", class: "step", onclick: change(1), "aria-label": t("one {value} chip more", { value: chip.value }) }, "+"),
      el("button", { type: "button", class: "step", onclick: change(10), "aria-label": t("ten {value} chips more", { value: chip.value }) }, "+10"));
  });
  const send = el("button", { type: "submit", class: "primary huge", "data-send-chips": "" }, t("Send"));
  const form = el("form", { class: "chip-form", onsubmit: async (event) => {
    event.preventDefault();
    const chips = Object.fromEntries(Object.entries(counts).filter(([, n]) => allowEmpty || n > 0));
    send.disabled = true;
    await act(host, () => submit(chips), redraw);
    send.disabled = false;
  } },
  el("h2", {}, title), ...rows, el("p", {}, `${t("Total")} `, total),
  el("div", { class: "chip-actions" }, send, el("button", { type: "button", class: "quiet", onclick: redraw }, t("Cancel"))),
  el("p", { class: "tray-error", role: "alert" }));
  host.replaceChildren(form);
}
