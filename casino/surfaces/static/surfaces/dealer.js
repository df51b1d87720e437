// The dealer's own page: their qualifications (GET /api/v1/dealers/{id}/qualifications/) and,
// for the week of gaming days the server chose (the casino's, never this browser's date), their
// pace (GET /api/v1/dealers/pace/) and accuracy (GET /api/v1/dealers/accuracy/). The API answers
// a dealer their own rows alone, so nothing here filters anyone out. Amounts are the API's
// decimal strings, shown as written: none is summed or turned into a number.
import { get as api } from "./common/api.js";
import { el, show } from "./common/dom.js";
import { gameName } from "./common/games.js";
import { cents, money } from "./common/money.js";
import { dateTime } from "./common/times.js";
import { explain as errorWords } from "./common/words.js";

const root = document.getElementById("dealer");
const { casino, first, last, today } = root.dataset;
const zone = root.dataset.zone || "UTC";

const EVIDENCE = { training: "Training completed", test: "Test passed" };

const head = (...names) => el("thead", {}, el("tr", {}, ...names.map((name) =>
  el("th", { class: name.endsWith("#") ? "amount" : "" }, name.replace(/#$/, "")))));
const failed = (error) => el("p", { class: "error", role: "alert" }, errorWords(error));

/** A qualification's standing: revoked, past its last day (the casino's gaming day of now is
 *  later), or holding. */
function standing(q) {
  if (q.revocation) {
    return el("span", { class: "alarm-text" },
      `Revoked ${dateTime(q.revocation.revoked_at, zone)} by ${q.revocation.revoked_by}: ${q.revocation.reason}`);
  }
  // ISO dates compare as strings, in the calendar's order.
  if (q.expires_on && today && q.expires_on < today) return el("span", { class: "warn" }, "Expired");
  return el("span", { class: "ok-text" }, "Holds");
}

async function drawGames() {
  const list = document.getElementById("games-list");
  try {
    const qualifications = await api(root.dataset.qualificationsUrl);
    if (!qualifications.length) {
      show(list, el("p", {}, "You hold no qualification for any game yet: ask your pit boss."));
      return;
    }
    show(list, el("table", { class: "figures-table", id: "games" },
      head("Game", "Since", "Evidence", "Last day", "Standing"),
      el("tbody", {}, ...qualifications.map((q) => el("tr", { "data-qualification": q.id, "data-game": q.game },
        el("td", {}, gameName(q.game)),
        el("td", { class: "date" }, q.qualified_on),
        el("td", {}, `${EVIDENCE[q.evidence_kind] || q.evidence_kind}: ${q.evidence_reference}`),
        el("td", { class: "date" }, q.expires_on || "none"),
        el("td", { class: "standing" }, standing(q)),
      )))));
  } catch (error) {
    show(list, failed(error));
  }
}

/** "above the norm" where the pace is over it, from the API's share of the norm read exactly
 *  (cents of "1.71" are 171; never a float). */
function againstNorm(row) {
  if (row.norm === null || row.of_norm === null) return el("span", { class: "muted" }, "no norm set");
  const share = cents(row.of_norm);
  const [words, tone] = share > 100 ? ["above the norm", "ok-text"] : share < 100 ? ["below the norm", "alarm-text"] : ["at the norm", ""];
  return el("span", { class: tone }, words);
}

function drawPace(rows) {
  const target = document.getElementById("pace");
  if (!rows.length) {
    show(target, el("p", { class: "none" }, "You dealt no rounds in this week."));
    return;
  }
  show(target, el("table", { class: "figures-table", id: "pace-table" },
    head("Game", "Table", "Boxes staked", "Rounds#", "Rounds an hour#", "Seconds in a round#", "Seconds between#", "Norm an hour#", "Against the norm"),
    el("tbody", {}, ...rows.map((row) => el("tr", {
      class: row.table === null ? "game-row" : "",
      "data-game": row.game,
      "data-table": row.table_code ?? "all",
      "data-occupancy": row.occupancy ?? "all",
    },
    el("td", {}, gameName(row.game)),
    el("td", {}, row.table_code ?? "all tables"),
    el("td", {}, row.occupancy ?? "any"),
    el("td", { class: "amount rounds" }, row.rounds),
    el("td", { class: "amount per-hour" }, row.rounds_per_hour),
    el("td", { class: "amount inside" }, row.seconds_per_round),
    el("td", { class: "amount between" }, row.seconds_between ?? "—"),
    el("td", { class: "amount norm-value" }, row.norm ?? "—"),
    el("td", { class: "norm" }, againstNorm(row)),
    )))));
}

function drawAccuracy(rows) {
  const target = document.getElementById("accuracy");
  const [mine] = rows;
  if (!mine || (!mine.rounds && !mine.voids)) {
    show(target, el("p", { class: "none" }, "You dealt no rounds in this week: there is nothing to count."));
    return;
  }
  const figure = (name, label, count, perThousand, amounts = null) => el("tr", { "data-figure": name },
    el("th", { scope: "row" }, label),
    el("td", { class: "amount count" }, count),
    el("td", { class: "amount per-1000" }, perThousand ?? "—"),
    el("td", { class: "amounts" }, amounts));
  show(target, el("table", { class: "figures-table", id: "accuracy-table" },
    head("", "How many#", "Per 1,000 rounds#", ""),
    el("tbody", {},
      figure("rounds", "Rounds dealt", mine.rounds, null),
      figure("voids", "Voids approved", mine.voids, mine.voids_per_1000),
      figure("payout-corrections", "Payout corrections approved", mine.payout_corrections, mine.payout_corrections_per_1000,
        el("span", {},
          "owed to players ", el("strong", { class: "owed" }, money(mine.corrected_owed)),
          ", recovered from players ", el("strong", { class: "recovered" }, money(mine.corrected_recovered)))),
      figure("retractions", "Entries retracted", mine.entries_retracted, mine.entries_retracted_per_1000,
        `in ${mine.retractions} retraction${mine.retractions === 1 ? "" : "s"}`),
      figure("refusals", "Entries refused", mine.refused_entries, mine.refused_entries_per_1000,
        refusedKinds(mine.refused_by_code)),
    )));
}

// The refused entries by kind, the most frequent first: "stale event 2, invalid input 1".
function refusedKinds(byCode) {
  const kinds = Object.entries(byCode || {}).sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  return kinds.length ? kinds.map(([code, n]) => `${code.replaceAll("_", " ")} ${n}`).join(", ") : null;
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
