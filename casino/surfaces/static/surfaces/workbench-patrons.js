// A patron found by the number on the card (GET /api/v1/patrons/?casino=&loyalty_number=),
// then the patron's history (GET /api/v1/patrons/{id}/history/): each session with its table,
// boxes, times and rating, leading to that table's rounds of the day; each cash event; the
// points. No personal data: the API answers none here.
import { get as api } from "./common/api.js";
import { el, show, takeSubmissions } from "./common/dom.js";
import { t } from "./common/i18n.js";
import { money, number } from "./common/money.js";
import { explain as errorWords } from "./common/words.js";
import { badge, named, when, ZONE } from "./workbench-common.js";

const root = document.getElementById("workbench");
const form = document.getElementById("find");
const history = document.getElementById("history");
const failure = document.getElementById("find-error");

// (Functions: each word is read in the page's language when it is shown.)
const CASH_WORDS = {
  buy_in_cash: () => t("Buy-in, currency"),
  buy_in_chips: () => t("Buy-in, chips from elsewhere"),
  buy_in_marker: () => t("Buy-in, marker"),
  colour_up: () => t("Colour-up"),
  chips_left_with: () => t("Chips taken away"),
  cash_out: () => t("Currency paid out at the cage"),
};

takeSubmissions(form, async () => {
  failure.textContent = "";
  history.hidden = true;
  const query = new URLSearchParams(new FormData(form));
  try {
    const [patron] = await api(`${root.dataset.findUrl}?${query}`);
    if (!patron) {
      failure.textContent = t("No patron of this casino has that card.");
      return;
    }
    render(await api(root.dataset.historyUrl.replace("{id}", patron.id)));
  } catch (error) {
    failure.textContent = errorWords(error);
  }
});

/** The round search of a session's table on the day it started, in the casino's zone. */
function roundsOf(session) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date(session.started_at));
  const query = new URLSearchParams({ table: session.table, day_from: day, day_to: day });
  return `${root.dataset.searchUrl}?${query}`;
}

function render(found) {
  const { patron } = found;
  const rated = (rating, name) => (rating ? number(rating[name]) : "—");
  show(history,
    el("h2", {}, patron.label, " ", patron.excluded ? badge(t("excluded"), "alarm") : null),
    el("dl", { class: "figures wide" },
      el("dt", {}, t("Kind")), el("dd", {}, named(patron.kind)),
      el("dt", {}, t("Points")), el("dd", { id: "points" }, money(found.points, ""))),
    el("h3", {}, t("Visits")),
    found.visits.length
      ? el("table", { class: "grid" },
          el("thead", {}, el("tr", {}, ...[t("From"), t("To"), t("Tables"), t("Rounds"), t("Minutes"), t("Staked"), t("Result"), t("Theo")].map((h) => el("th", {}, h)))),
          el("tbody", {}, ...found.visits.map((v) => el("tr", { "data-visit": v.visit },
            el("td", {}, when(v.started_at)),
            el("td", {}, v.ended_at ? when(v.ended_at) : t("at the tables now")),
            el("td", { class: "amount" }, number(v.sessions)),
            el("td", { class: "amount" }, number(v.rounds)),
            el("td", { class: "amount" }, number(v.minutes_played)),
            el("td", { class: "amount" }, money(v.total_staked, "")),
            el("td", { class: "amount" }, money(v.actual_result, "")),
            el("td", { class: "amount" }, money(v.theoretical_win, "")),
          ))))
      : el("p", {}, t("No visits yet.")),
    el("h3", {}, t("Sessions")),
    found.sessions.length
      ? el("table", { class: "grid" },
          el("thead", {}, el("tr", {}, ...[t("Table"), t("Boxes"), t("From"), t("To"), t("Rounds"), t("Minutes"), t("Staked"), t("Result"), t("Theo"), ""].map((h) => el("th", {}, h)))),
          el("tbody", {}, ...found.sessions.map((s) => el("tr", { "data-session": s.id },
            el("td", {}, s.table_code),
            el("td", {}, s.positions.join(", ")),
            el("td", {}, when(s.started_at)),
            el("td", {}, s.ended_at ? when(s.ended_at) : t("seated now")),
            el("td", { class: "amount" }, rated(s.rating, "rounds")),
            el("td", { class: "amount" }, rated(s.rating, "minutes_played")),
            el("td", { class: "amount" }, s.rating ? money(s.rating.total_staked, "") : "—"),
            el("td", { class: "amount" }, s.rating ? money(s.rating.actual_result, "") : "—"),
            el("td", { class: "amount" }, s.rating ? money(s.rating.theoretical_win, "") : "—"),
            el("td", {}, el("a", { href: roundsOf(s) }, t("Rounds")))))))
      : el("p", {}, t("No sessions yet.")),
    el("h3", {}, t("Cash")),
    found.cash.length
      ? el("table", { class: "grid" },
          el("thead", {}, el("tr", {}, ...[t("When"), t("Where"), t("What"), t("Amount"), t("Recorded by")].map((h) => el("th", {}, h)))),
          el("tbody", {}, ...found.cash.map((c) => el("tr", { "data-cash": c.id },
            el("td", {}, when(c.recorded_at)),
            el("td", {}, c.table_code || t("cage")),
            el("td", {}, CASH_WORDS[c.kind]?.() || named(c.kind)),
            el("td", { class: "amount" }, money(c.amount, "")),
            el("td", {}, c.recorded_by)))))
      : el("p", {}, t("No cash recorded.")));
  history.hidden = false;
}
