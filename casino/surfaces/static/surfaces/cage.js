// The cage's page: what waits for the cage, from the API, with one button per step.

import { get as api, post } from "./common/api.js";
import { el } from "./common/dom.js";
import { money } from "./common/money.js";
import { explain } from "./common/words.js";

(() => {
  const root = document.getElementById("cage");
  const urls = root.dataset;
  const error = document.getElementById("cage-error");

  const chips = (counted) => Object.entries(counted).map(([value, count]) => `${count} × ${value}`).join(", ");

  const act = (url, body) => async (event) => {
    event?.preventDefault();
    try {
      await post(url, urls.csrf, typeof body === "function" ? body() : body);
      error.textContent = "";
      await load();
    } catch (failure) {
      error.textContent = explain(failure);
    }
  };

  function slipRow(slip, label, path) {
    return el("div", { class: "cage-item", "data-slip": slip.number },
      el("span", { class: "what" }, `#${slip.number} ${slip.kind} · ${slip.table_code}`),
      el("span", { class: "amount" }, money(slip.amount)),
      el("span", { class: "chips" }, chips(slip.chips)),
      el("button", { type: "button", onclick: act(`/api/v1/slips/${slip.id}/${path}/`) }, label));
  }

  function dropForm(table, shift) {
    const cash = el("input", { type: "text", inputMode: "decimal", name: "cash", placeholder: "Cash", "aria-label": "Cash" });
    const markers = el("input", { type: "text", inputMode: "decimal", name: "markers", placeholder: "Markers", "aria-label": "Markers", value: "0.00" });
    return el("form", { class: "cage-item", "data-shift": shift.id,
      onsubmit: act(`/api/v1/tables/${table.id}/drops/`, () => ({ shift: shift.id, cash: cash.value, markers: markers.value })) },
      el("span", { class: "what" }, `${table.code} · shift from ${new Date(shift.counted_at).toLocaleString("en-GB")}`),
      cash, markers, el("button", { type: "submit" }, "Count drop"));
  }

  function dropConfirm(table, drop) {
    return el("div", { class: "cage-item", "data-drop": drop.id },
      el("span", { class: "what" }, `${table.code} · counted by ${drop.counted_by}`),
      el("span", { class: "amount" }, `${money(drop.cash)} cash · ${money(drop.markers)} markers`),
      el("button", { type: "button", onclick: act(`/api/v1/drops/${drop.id}/confirm/`) }, "Confirm"),
      el("button", { type: "button", class: "secondary", onclick: act(`/api/v1/drops/${drop.id}/reject/`) }, "Reject"));
  }

  const empty = (text) => el("p", { class: "empty" }, text);

  async function load() {
    try {
      const [approved, issued, tables] = await Promise.all([
        api(`${urls.slipsUrl}?status=approved`),
        api(`${urls.slipsUrl}?status=issued`),
        api(urls.tablesUrl),
      ]);
      const trays = await Promise.all(tables.map((table) => api(urls.trayUrl.replace("{id}", table.id))));
      const toIssue = approved.map((slip) => slipRow(slip, "Issue", "issue"));
      const toReceive = issued.filter((slip) => slip.kind === "credit").map((slip) => slipRow(slip, "Received at the cage", "receive"));
      const toCount = [];
      const toConfirm = [];
      tables.forEach((table, i) => {
        for (const shift of trays[i].awaiting_drop) toCount.push(dropForm(table, shift));
        for (const drop of trays[i].drops_pending) toConfirm.push(dropConfirm(table, drop));
      });
      document.getElementById("issue-list").replaceChildren(...(toIssue.length ? toIssue : [empty("Nothing to issue")]));
      document.getElementById("receive-list").replaceChildren(...(toReceive.length ? toReceive : [empty("Nothing to take back")]));
      document.getElementById("drop-list").replaceChildren(...(toCount.length ? toCount : [empty("No drop to count")]));
      document.getElementById("confirm-list").replaceChildren(...(toConfirm.length ? toConfirm : [empty("No drop to confirm")]));
    } catch (failure) {
      error.textContent = explain(failure);
    }
  }

  load();
})();
