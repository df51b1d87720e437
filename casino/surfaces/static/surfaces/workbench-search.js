// The round search: the form's filters are the page's URL (a shared link reproduces the
// search), the results come from GET /api/v1/rounds/ a keyset page at a time.
import { get as api } from "./common/api.js";
import { el } from "./common/dom.js";
import { GAMES } from "./common/games.js";
import { t, tn } from "./common/i18n.js";
import { isNegative, money } from "./common/money.js";
import { explain as errorWords } from "./common/words.js";
import { STATUS_TONE, badge, named, when } from "./workbench-common.js";

const root = document.getElementById("workbench");
const urls = root.dataset;
const form = document.getElementById("search");
const rows = document.querySelector("#results tbody");
const summary = document.getElementById("summary");
const failure = document.getElementById("search-error");
const previous = document.getElementById("previous");
const next = document.getElementById("next");
const pageNumber = document.getElementById("page-number");
const pickers = JSON.parse(document.getElementById("pickers").textContent);

const FILTERS = ["day_from", "day_to", "casino", "pit", "table", "game", "dealer", "status",
  "payout_above", "cap_applied", "corrected", "replay_mismatch", "ordering"];

// Kept from the URL though the form does not show it: a link may ask for a page's size.
const PASSED = ["limit"];

// The cursors of the pages before this one, kept in the URL too (`back`), so Previous works
// after a reload or from a shared link.
let nextCursor = null;

function fill(select, options) {
  select.append(...options.map((option) => el("option", { value: String(option.id) }, option.name)));
}

async function fillPickers() {
  fill(form.casino, pickers.casinos);
  fill(form.pit, pickers.pits);
  fill(form.game, pickers.games);
  fill(form.dealer, pickers.dealers);
  try {
    const tables = await api(urls.tablesUrl);
    fill(form.table, tables.map((table) => ({ id: table.id, name: `${table.code} · ${table.pit}` })));
  } catch (error) {
    failure.textContent = t("Tables could not be listed: {reason}", { reason: errorWords(error) });
  }
}

function stateFromUrl() {
  const query = new URLSearchParams(location.search);
  for (const name of FILTERS) form.elements[name].value = query.get(name) || "";
  return query;
}

function filtersFromForm() {
  const query = new URLSearchParams();
  const here = new URLSearchParams(location.search);
  for (const name of PASSED) if (here.get(name)) query.set(name, here.get(name));
  for (const name of FILTERS) {
    const value = form.elements[name].value.trim();
    if (value) query.set(name, value);
  }
  return query;
}

async function search() {
  const query = new URLSearchParams(location.search);
  const apiQuery = new URLSearchParams();
  for (const name of [...FILTERS, ...PASSED, "cursor"]) if (query.get(name)) apiQuery.set(name, query.get(name));
  const back = query.getAll("back");
  failure.textContent = "";
  summary.textContent = t("Searching…");
  try {
    const page = await api(`${urls.searchUrl}?${apiQuery}`);
    nextCursor = page.next_cursor;
    rows.replaceChildren(...page.results.map(row));
    if (!page.results.length) rows.append(el("tr", { class: "empty" }, el("td", { colSpan: 12 }, t("No round matches these filters."))));
    summary.textContent = nextCursor
      ? tn("{n} round on this page, more after.", "{n} rounds on this page, more after.", page.results.length)
      : tn("{n} round on this page.", "{n} rounds on this page.", page.results.length);
    previous.disabled = !query.get("cursor");
    next.disabled = !nextCursor;
    pageNumber.textContent = t("Page {number}", { number: back.length + 1 });
  } catch (error) {
    rows.replaceChildren();
    summary.textContent = "";
    failure.textContent = errorWords(error);
    previous.disabled = next.disabled = true;
  }
}

function row(round) {
  const flags = [
    round.cap_applied ? badge(t("capped · {amount} withheld", { amount: money(round.withheld) }), "warn") : null,
    round.corrected ? badge(t("corrected ×{n}", { n: round.corrections }), "warn") : null,
    round.replay_mismatch ? badge(t("replay mismatch"), "alarm") : null,
  ];
  const link = urls.roundUrl.replace("{id}", round.id);
  return el("tr", { "data-round": round.id },
    el("td", {}, el("a", { href: link }, `#${round.number}`)),
    el("td", {}, round.table.name),
    el("td", {}, GAMES[round.game] || round.game),
    el("td", {}, round.pit.name),
    el("td", {}, round.gaming_day),
    el("td", {}, when(round.opened_at)),
    el("td", {}, round.dealer ? round.dealer.name : "—"),
    el("td", {}, badge(named(round.status), STATUS_TONE[round.status])),
    el("td", { class: "amount" }, money(round.staked)),
    el("td", { class: "amount" }, money(round.paid)),
    el("td", { class: `amount ${isNegative(round.house_result) ? "loss" : ""}` }, money(round.house_result)),
    el("td", { class: "flags" }, flags),
  );
}

function go(query) {
  history.pushState(null, "", `${location.pathname}${query.size ? "?" + query : ""}`);
  search();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  go(filtersFromForm());
});
form.addEventListener("reset", () => setTimeout(() => go(new URLSearchParams()), 0));
next.addEventListener("click", () => {
  const query = new URLSearchParams(location.search);
  const here = query.get("cursor");
  query.append("back", here || "");
  query.set("cursor", nextCursor);
  go(query);
});
previous.addEventListener("click", () => {
  const query = new URLSearchParams(location.search);
  const back = query.getAll("back");
  const before = back.pop();
  query.delete("back");
  for (const cursor of back) query.append("back", cursor);
  if (before) query.set("cursor", before);
  else query.delete("cursor");
  go(query);
});
window.addEventListener("popstate", () => {
  stateFromUrl();
  search();
});

await fillPickers();
stateFromUrl();
search();
