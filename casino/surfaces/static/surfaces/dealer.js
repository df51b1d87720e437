// The dealer's own page: their qualifications (GET /api/v1/dealers/{id}/qualifications/) and,
// for the week of gaming days the server chose (the casino's, never this browser's date), their
// pace (GET /api/v1/dealers/pace/) and accuracy (GET /api/v1/dealers/accuracy/). The API answers
// a dealer their own rows alone, so nothing here filters anyone out. Amounts are the API's
// decimal strings, shown as written: none is summed or turned into a number.
import { get as api } from "./common/api.js";
import { el, show } from "./common/dom.js";
import { words } from "./common/events.js";
import { gameName } from "./common/games.js";
import { numberSymbols, pt, t, tn } from "./common/i18n.js";
import { cents, money, number } from "./common/money.js";
import { dateTime } from "./common/times.js";
import { explain as errorWords } from "./common/words.js";

const root = document.getElementById("dealer");
const { casino, first, last, today } = root.dataset;
const zone = root.dataset.zone || "UTC";

// (Functions: each word is read in the page's language when it is shown.)
const EVIDENCE = { training: () => t("Training completed"), test: () => t("Test passed") };

// The refusals a dealer's entries meet most, named as the catalogue has them (context "name",
// which words() reads; a code not listed is shown as it is): this list is how they are in it;
// never called.
// eslint-disable-next-line no-unused-vars
const REFUSAL_NAMES = () => [
  pt("name", "invalid input"), pt("name", "stale event"), pt("name", "card duplicate"), pt("name", "card not seen"),
  pt("name", "card unknown"), pt("name", "wrong card count"), pt("name", "amount invalid"), pt("name", "amount not chip multiple"),
  pt("name", "bet below minimum"), pt("name", "bet above pot"), pt("name", "ante out of limits"), pt("name", "bonus out of limits"),
  pt("name", "stack out of limits"), pt("name", "insufficient stack"), pt("name", "action out of phase"), pt("name", "out of turn"),
  pt("name", "position not in play"), pt("name", "round not open"), pt("name", "table not open"), pt("name", "dealer not qualified"),
];

// A decimal the API writes ("45.0", "333.33") with the page's language's decimal mark, its
// digits and places as written: read as text, never as a number (as on the pit board).
const decimal = (text) => (text === null || text === undefined ? "—" : String(text).replace(".", numberSymbols().decimal));

// A column's heading; ``amount`` right-aligns it over figures.
const head = (...columns) => el("thead", {}, el("tr", {}, ...columns.map(([name, amount]) =>
  el("th", { class: amount ? "amount" : "" }, name))));
const column = (name) => [name, false];
const figures = (name) => [name, true];
const failed = (error) => el("p", { class: "error", role: "alert" }, errorWords(error));

/** A qualification's standing: revoked, past its last day (the casino's gaming day of now is
 *  later), or holding. */
function standing(q) {
  if (q.revocation) {
    return el("span", { class: "alarm-text" },
      t("Revoked {time} by {who}: {reason}", { time: dateTime(q.revocation.revoked_at, zone), who: q.revocation.revoked_by, reason: q.revocation.reason }));
  }
  // ISO dates compare as strings, in the calendar's order.
  if (q.expires_on && today && q.expires_on < today) return el("span", { class: "warn" }, t("Expired"));
  return el("span", { class: "ok-text" }, t("Holds"));
}

async function drawGames() {
  const list = document.getElementById("games-list");
  try {
    const qualifications = await api(root.dataset.qualificationsUrl);
    if (!qualifications.length) {
      show(list, el("p", {}, t("You hold no qualification for any game yet: ask your pit boss.")));
      return;
    }
    show(list, el("table", { class: "figures-table", id: "games" },
      head(column(t("Game")), column(t("Since")), column(t("Evidence")), column(t("Last day")), column(t("Standing"))),
      el("tbody", {}, ...qualifications.map((q) => el("tr", { "data-qualification": q.id, "data-game": q.game },
        el("td", {}, gameName(q.game)),
        el("td", { class: "date" }, q.qualified_on),
        el("td", {}, t("{evidence}: {reference}", { evidence: EVIDENCE[q.evidence_kind]?.() || q.evidence_kind, reference: q.evidence_reference })),
        el("td", { class: "date" }, q.expires_on || t("none")),
        el("td", { class: "standing" }, standing(q)),
      )))));
  } catch (error) {
    show(list, failed(error));
  }
}

/** "above the norm" where the pace is over it, from the API's share of the norm read exactly
 *  (cents of "1.71" are 171; never a float). */
function againstNorm(row) {
  if (row.norm === null || row.of_norm === null) return el("span", { class: "muted" }, t("no norm set"));
  const share = cents(row.of_norm);
  const [said, tone] = share > 100 ? [t("above the norm"), "ok-text"] : share < 100 ? [t("below the norm"), "alarm-text"] : [t("at the norm"), ""];
  return el("span", { class: tone }, said);
}

function drawPace(rows) {
  const target = document.getElementById("pace");
  if (!rows.length) {
    show(target, el("p", { class: "none" }, t("You dealt no rounds in this week.")));
    return;
  }
  show(target, el("table", { class: "figures-table", id: "pace-table" },
    head(column(t("Game")), column(t("Table")), column(t("Boxes staked")), figures(t("Rounds")), figures(t("Rounds an hour")),
      figures(t("Seconds in a round")), figures(t("Seconds between")), figures(t("Norm an hour")), column(t("Against the norm"))),
    el("tbody", {}, ...rows.map((row) => el("tr", {
      class: row.table === null ? "game-row" : "",
      "data-game": row.game,
      "data-table": row.table_code ?? "all",
      "data-occupancy": row.occupancy ?? "all",
    },
    el("td", {}, gameName(row.game)),
    el("td", {}, row.table_code ?? t("all tables")),
    el("td", {}, row.occupancy ?? t("any")),
    el("td", { class: "amount rounds" }, number(row.rounds)),
    el("td", { class: "amount per-hour" }, decimal(row.rounds_per_hour)),
    el("td", { class: "amount inside" }, decimal(row.seconds_per_round)),
    el("td", { class: "amount between" }, decimal(row.seconds_between)),
    el("td", { class: "amount norm-value" }, decimal(row.norm)),
    el("td", { class: "norm" }, againstNorm(row)),
    )))));
}

function drawAccuracy(rows) {
  const target = document.getElementById("accuracy");
  const [mine] = rows;
  if (!mine || (!mine.rounds && !mine.voids)) {
    show(target, el("p", { class: "none" }, t("You dealt no rounds in this week: there is nothing to count.")));
    return;
  }
  const figure = (name, label, count, perThousand, amounts = null) => el("tr", { "data-figure": name },
    el("th", { scope: "row" }, label),
    el("td", { class: "amount count" }, number(count)),
    el("td", { class: "amount per-1000" }, decimal(perThousand)),
    el("td", { class: "amounts" }, amounts));
  show(target, el("table", { class: "figures-table", id: "accuracy-table" },
    head(column(""), figures(t("How many")), figures(t("Per {n} rounds", { n: number("1000") })), column("")),
    el("tbody", {},
      figure("rounds", t("Rounds dealt"), mine.rounds, null),
      figure("voids", t("Voids approved"), mine.voids, mine.voids_per_1000),
      figure("payout-corrections", t("Payout corrections approved"), mine.payout_corrections, mine.payout_corrections_per_1000,
        el("span", {},
          ...amountsIn(t("owed to players {owed}, recovered from players {recovered}"), {
            owed: el("strong", { class: "owed" }, money(mine.corrected_owed)),
            recovered: el("strong", { class: "recovered" }, money(mine.corrected_recovered)),
          }))),
      figure("retractions", t("Entries retracted"), mine.entries_retracted, mine.entries_retracted_per_1000,
        tn("in {n} retraction", "in {n} retractions", mine.retractions)),
      figure("refusals", t("Entries refused"), mine.refused_entries, mine.refused_entries_per_1000,
        refusedKinds(mine.refused_by_code)),
    )));
}

/** ``text`` (a translated sentence) with each {placeholder} replaced by the node of ``nodes``
 *  of that name: an element set inside the words, wherever the language puts it. */
function amountsIn(text, nodes) {
  return text.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? nodes[part] ?? `{${part}}` : part)).filter((part) => part !== "");
}

// The refused entries by kind, the most frequent first: "stale event 2, invalid input 1".
function refusedKinds(byCode) {
  const kinds = Object.entries(byCode || {}).sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  return kinds.length ? kinds.map(([code, n]) => `${words(code)} ${number(n)}`).join(", ") : null;
}

async function drawWeek() {
  if (!casino) return;
  const query = new URLSearchParams({ casino, first, last });
  const failure = document.getElementById("week-error");
  try {
    const [pace, accuracy] = await Promise.all([
      api(`${root.dataset.paceUrl}?${query}`),
      api(`${root.dataset.accuracyUrl}?${query}`),
    ]);
    drawPace(pace);
    drawAccuracy(accuracy);
  } catch (error) {
    failure.textContent = errorWords(error);
    show(document.getElementById("pace"));
    show(document.getElementById("accuracy"));
  }
}

drawGames();
drawWeek();
