// The cage's page: what waits for the cage, from the API, with one button per step. It follows
// the pits' push streams: a slip approved or a count decided elsewhere shows without a reload.

import { get as api, post } from "./common/api.js";
import { el, keepChildren, keyedNodes } from "./common/dom.js";
import { words } from "./common/events.js";
import { t } from "./common/i18n.js";
import { money, number } from "./common/money.js";
import { dateTime } from "./common/times.js";
import { explainFields } from "./common/words.js";

(() => {
  const root = document.getElementById("cage");
  const urls = root.dataset;
  const error = document.getElementById("cage-error");
  const done = document.getElementById("cage-done");
  const connection = document.getElementById("connection");

  // Times in the casino's zone, which the bar names: its date and its clock, to the minute.
  const when = (iso) => dateTime(iso, urls.timeZone).slice(0, 16);
  document.getElementById("zone").textContent = t("Times in {zone}", { zone: urls.timeZone });
  // A refusal in words: the fields it names, each with what is wrong, else its code's words.
  const refusalText = (failure) => explainFields(failure, { cash: t("Cash"), markers: t("Markers"), shift: t("Shift"), note: t("Note") });
  // "20 × 25.00": each chip's value as an amount, in the page's language.
  const chips = (counted) => Object.entries(counted).map(([value, count]) => `${number(count)} × ${money(value)}`).join(", ");

  // One step per tap: the form's or the row's buttons wait for the answer. ``body`` may be a
  // function that reads the form, and answers a string instead to refuse before sending;
  // ``confirm(answer)`` says what was done, kept on the page until the next step.
  const act = (url, body, confirm) => async (event) => {
    event?.preventDefault();
    const holder = event?.currentTarget?.closest?.(".cage-item") || event?.currentTarget;
    const buttons = holder ? [...holder.querySelectorAll("button")] : [];
    const sent = typeof body === "function" ? body() : body;
    if (typeof sent === "string") {
      error.textContent = sent;
      return;
    }
    for (const button of buttons) button.disabled = true;
    try {
      const answer = await post(url, urls.csrf, sent);
      error.textContent = "";
      done.textContent = confirm ? confirm(answer) : "";
      await load();
    } catch (failure) {
      error.textContent = refusalText(failure);
      for (const button of buttons) button.disabled = false;
    }
  };

  const SLIP_DONE = {
    issue: (slip) => t("Issued slip #{number}: {kind} of {amount} ({chips}) for {table}, at {time}.", {
      number: slip.number, kind: words(slip.kind), amount: money(slip.amount), chips: chips(slip.chips), table: slip.table_code, time: when(new Date().toISOString()),
    }),
    receive: (slip) => t("Took back credit #{number}: {amount} ({chips}) from {table}.", {
      number: slip.number, amount: money(slip.amount), chips: chips(slip.chips), table: slip.table_code,
    }),
  };

  function slipRow(slip, label, path) {
    return el("div", { class: "cage-item", "data-slip": slip.number },
      el("span", { class: "what" }, `#${slip.number} ${words(slip.kind)} · ${slip.table_code}`),
      el("span", { class: "amount" }, money(slip.amount)),
      el("span", { class: "chips" }, chips(slip.chips)),
      el("button", { type: "button", onclick: act(`/api/v1/slips/${slip.id}/${path}/`, {}, SLIP_DONE[path]) }, label));
  }

  // ``old``: the form before its shift's data changed, whose typed counts carry over.
  // The currency the table recorded going into the drop box during the shift, beside the count.
  const recorded = (cashIn) => el("span", { class: "recorded", "data-recorded-cash-in": cashIn ?? "" },
    cashIn === undefined ? "" : t("recorded at the table: {amount} in currency buy-ins", { amount: money(cashIn) }));

  function dropForm({ table, shift, cashIn }, old) {
    const typed = (name) => old?.querySelector(`input[name=${name}]`)?.value;
    const cash = el("input", { type: "text", inputMode: "decimal", name: "cash", placeholder: t("Cash"), "aria-label": t("Cash"), value: typed("cash") || "" });
    const markers = el("input", { type: "text", inputMode: "decimal", name: "markers", placeholder: t("Markers"), "aria-label": t("Markers"), value: typed("markers") ?? "0.00" });
    return el("form", { class: "cage-item", "data-shift": shift.id,
      onsubmit: act(`/api/v1/tables/${table.id}/drops/`, () => {
        // Checked here first: the count needs its cash, an amount (0.00 when the box is empty).
        if (!cash.value.trim()) return t("{table}: enter the cash counted in the drop box ({zero} if it held none).", { table: table.code, zero: money("0.00") });
        if (!markers.value.trim()) return t("{table}: enter the markers counted ({zero} if none).", { table: table.code, zero: money("0.00") });
        return { shift: shift.id, cash: cash.value.trim(), markers: markers.value.trim() };
      }, (drop) => t("Counted the drop of {table}: {cash} cash, {markers} markers; another person confirms it.", { table: table.code, cash: money(drop.cash), markers: money(drop.markers) })) },
      el("span", { class: "what" }, t("{table} · shift from {time}", { table: table.code, time: when(shift.counted_at) })),
      recorded(cashIn),
      cash, markers, el("button", { type: "submit" }, t("Count drop")));
  }

  function dropConfirm({ table, drop, cashIn }) {
    return el("div", { class: "cage-item", "data-drop": drop.id },
      el("span", { class: "what" }, t("{table} · counted by {who}", { table: table.code, who: drop.counted_by })),
      el("span", { class: "amount" }, t("{cash} cash · {markers} markers", { cash: money(drop.cash), markers: money(drop.markers) })),
      recorded(cashIn),
      el("button", { type: "button", onclick: act(`/api/v1/drops/${drop.id}/confirm/`, {}, () => t("Confirmed the drop of {table}.", { table: table.code })) }, t("Confirm")),
      el("button", { type: "button", class: "secondary", onclick: act(`/api/v1/drops/${drop.id}/reject/`, {}, () => t("Rejected the drop of {table}: it is to be counted again.", { table: table.code })) }, t("Reject")));
  }

  const empty = (text) => el("p", { class: "empty" }, text);

  // Per list: the rows it shows, by key, and the line it shows when there are none.
  const rows = new Map();
  function list(id, items, key, make, none) {
    if (!rows.has(id)) rows.set(id, { kept: new Map(), none: empty(none) });
    const { kept, none: noneNode } = rows.get(id);
    const nodes = keyedNodes(kept, items, { key, make });
    keepChildren(document.getElementById(id), nodes.length ? nodes : [noneNode]);
  }

  // Each load reads everything; one that finishes after a newer one started is dropped.
  let loads = 0;

  async function load() {
    const mine = ++loads;
    try {
      const [approved, issued, tables] = await Promise.all([
        api(`${urls.slipsUrl}?status=approved`),
        api(`${urls.slipsUrl}?status=issued`),
        api(urls.tablesUrl),
      ]);
      const trays = await Promise.all(tables.map((table) => api(urls.trayUrl.replace("{id}", table.id))));
      if (mine !== loads) return;
      const toCount = [];
      const toConfirm = [];
      tables.forEach((table, i) => {
        const cashIn = trays[i].recorded_cash_in;
        for (const shift of trays[i].awaiting_drop) toCount.push({ table, shift, cashIn: cashIn[shift.id] });
        for (const drop of trays[i].drops_pending) toConfirm.push({ table, drop, cashIn: cashIn[drop.shift] });
      });
      // Each list keeps the rows whose data did not change: every change of a tray on the floor
      // reloads the page's lists, and a count being typed or a button being tapped stays put.
      list("issue-list", approved, (slip) => slip.id, (slip) => slipRow(slip, t("Issue"), "issue"), t("Nothing to issue"));
      list("receive-list", issued.filter((slip) => slip.kind === "credit"), (slip) => slip.id,
        (slip) => slipRow(slip, t("Received at the cage"), "receive"), t("Nothing to take back"));
      list("drop-list", toCount, ({ shift }) => shift.id, dropForm, t("No drop to count"));
      list("confirm-list", toConfirm, ({ drop }) => drop.id, dropConfirm, t("No drop to confirm"));
    } catch (failure) {
      error.textContent = refusalText(failure);
    }
  }

  // At most one load every 150 ms however busy the floor.
  let timer = null;
  const loadSoon = () => {
    if (timer !== null) return;
    timer = setTimeout(() => { timer = null; load(); }, 150);
  };

  // The pits' streams: a change of a tray anywhere reloads what waits for the cage. A browser
  // keeps six connections to an origin over HTTP/1.1: past a few pits, the rest are read again
  // every 15 s instead (behind HTTP/2, as in production, they could all be streams).
  const STREAMS_AT_MOST = 3;
  function listen() {
    const streams = (urls.streamUrls || "").split(" ").filter(Boolean);
    const open = new Set();
    streams.slice(0, STREAMS_AT_MOST).forEach((url) => {
      const stream = new EventSource(url);
      stream.onopen = () => {
        open.add(url);
        if (open.size === Math.min(streams.length, STREAMS_AT_MOST)) {
          connection.dataset.state = "live";
          connection.textContent = t("Live");
        }
        loadSoon();
      };
      stream.onerror = () => {
        open.delete(url);
        connection.dataset.state = "offline";
        connection.textContent = t("Offline: reconnecting…");
      };
      stream.onmessage = (message) => {
        if (JSON.parse(message.data).kind === "tray_changed") loadSoon();
      };
      for (const kind of ["ready", "resync"]) stream.addEventListener(kind, loadSoon);
    });
    if (!streams.length || streams.length > STREAMS_AT_MOST) setInterval(loadSoon, 15000);
  }

  load();
  listen();
})();
