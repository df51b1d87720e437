// The cage's page: what waits for the cage, from the API, with one button per step. It follows
// the pits' push streams: a slip approved or a count decided elsewhere shows without a reload.

import { get as api, post } from "./common/api.js";
import { el, keepChildren, keyedNodes } from "./common/dom.js";
import { money } from "./common/money.js";
import { explainFields } from "./common/words.js";

(() => {
  const root = document.getElementById("cage");
  const urls = root.dataset;
  const error = document.getElementById("cage-error");
  const done = document.getElementById("cage-done");
  const connection = document.getElementById("connection");

  // Times in the casino's zone, which the bar names.
  const when = (iso) => new Intl.DateTimeFormat("en-GB", {
    day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: urls.timeZone,
  }).format(new Date(iso));
  // A refusal in words: the fields it names, each with what is wrong, else its code's words.
  const FIELDS = { cash: "Cash", markers: "Markers", shift: "Shift", note: "Note" };
  const refusalText = (failure) => explainFields(failure, FIELDS);
  const chips = (counted) => Object.entries(counted).map(([value, count]) => `${count} × ${value}`).join(", ");

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
    issue: (slip) => `Issued slip #${slip.number}: ${slip.kind} of ${money(slip.amount)} (${chips(slip.chips)}) for ${slip.table_code}, at ${when(new Date().toISOString())}.`,
    receive: (slip) => `Took back credit #${slip.number}: ${money(slip.amount)} (${chips(slip.chips)}) from ${slip.table_code}.`,
  };

  function slipRow(slip, label, path) {
    return el("div", { class: "cage-item", "data-slip": slip.number },
      el("span", { class: "what" }, `#${slip.number} ${slip.kind} · ${slip.table_code}`),
      el("span", { class: "amount" }, money(slip.amount)),
      el("span", { class: "chips" }, chips(slip.chips)),
      el("button", { type: "button", onclick: act(`/api/v1/slips/${slip.id}/${path}/`, {}, SLIP_DONE[path]) }, label));
  }

  // ``old``: the form before its shift's data changed, whose typed counts carry over.
  // The currency the table recorded going into the drop box during the shift, beside the count.
  const recorded = (cashIn) => el("span", { class: "recorded", "data-recorded-cash-in": cashIn ?? "" },
    cashIn === undefined ? "" : `recorded at the table: ${money(cashIn)} in currency buy-ins`);

  function dropForm({ table, shift, cashIn }, old) {
    const typed = (name) => old?.querySelector(`input[name=${name}]`)?.value;
    const cash = el("input", { type: "text", inputMode: "decimal", name: "cash", placeholder: "Cash", "aria-label": "Cash", value: typed("cash") || "" });
    const markers = el("input", { type: "text", inputMode: "decimal", name: "markers", placeholder: "Markers", "aria-label": "Markers", value: typed("markers") ?? "0.00" });
    return el("form", { class: "cage-item", "data-shift": shift.id,
      onsubmit: act(`/api/v1/tables/${table.id}/drops/`, () => {
        // Checked here first: the count needs its cash, an amount (0.00 when the box is empty).
        if (!cash.value.trim()) return `${table.code}: enter the cash counted in the drop box (0.00 if it held none).`;
        if (!markers.value.trim()) return `${table.code}: enter the markers counted (0.00 if none).`;
        return { shift: shift.id, cash: cash.value.trim(), markers: markers.value.trim() };
      }, (drop) => `Counted the drop of ${table.code}: ${money(drop.cash)} cash, ${money(drop.markers)} markers; another person confirms it.`) },
      el("span", { class: "what" }, `${table.code} · shift from ${when(shift.counted_at)}`),
      recorded(cashIn),
      cash, markers, el("button", { type: "submit" }, "Count drop"));
  }

  function dropConfirm({ table, drop, cashIn }) {
    return el("div", { class: "cage-item", "data-drop": drop.id },
      el("span", { class: "what" }, `${table.code} · counted by ${drop.counted_by}`),
      el("span", { class: "amount" }, `${money(drop.cash)} cash · ${money(drop.markers)} markers`),
      recorded(cashIn),
      el("button", { type: "button", onclick: act(`/api/v1/drops/${drop.id}/confirm/`, {}, () => `Confirmed the drop of ${table.code}.`) }, "Confirm"),
      el("button", { type: "button", class: "secondary", onclick: act(`/api/v1/drops/${drop.id}/reject/`, {}, () => `Rejected the drop of ${table.code}: it is to be counted again.`) }, "Reject"));
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
      list("issue-list", approved, (slip) => slip.id, (slip) => slipRow(slip, "Issue", "issue"), "Nothing to issue");
      list("receive-list", issued.filter((slip) => slip.kind === "credit"), (slip) => slip.id,
        (slip) => slipRow(slip, "Received at the cage", "receive"), "Nothing to take back");
      list("drop-list", toCount, ({ shift }) => shift.id, dropForm, "No drop to count");
      list("confirm-list", toConfirm, ({ drop }) => drop.id, dropConfirm, "No drop to confirm");
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
          connection.textContent = "Live";
        }
        loadSoon();
      };
      stream.onerror = () => {
        open.delete(url);
        connection.dataset.state = "offline";
        connection.textContent = "Offline: reconnecting…";
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
