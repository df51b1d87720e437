// The pit's rotation plan: a shift's plan proposed (POST …/rotation-plans/proposal/), shown as a
// roadmap (a grid per string: the dealers down, the shift's clock times across), edited slot by
// slot, saved as the next version (POST …/rotation-plans/), and the shift's versions listed
// (GET …/rotation-plans/?shift_start=). The API checks every rule; the page says its answers in
// words, pointing at the slots concerned. Plain ES module, no build step.

import { call, get as api, newKey } from "./common/api.js";
import { el, show, takeSubmissions } from "./common/dom.js";
import { gameName } from "./common/games.js";
import { pt, t, tn } from "./common/i18n.js";
import { clockTime, dateTime, instantAt, wallTime } from "./common/times.js";
import { explain, explainFields } from "./common/words.js";

const root = document.getElementById("rotation");
const urls = root.dataset;
const mayPlan = urls.mayPlan === "yes";
const ZONE = document.getElementById("zone").dataset.zone || "UTC";
const given = JSON.parse(document.getElementById("rotation-data").textContent);
const tableOf = new Map(given.tables.map((table) => [table.id, table]));
const rosterOf = new Map(given.dealers.map((dealer) => [dealer.id, dealer]));

const form = document.getElementById("shift");
const dealerList = document.getElementById("dealers");
const shiftError = document.getElementById("shift-error");
const infeasibleList = document.getElementById("infeasible");
const planSection = document.getElementById("plan");
const planState = document.getElementById("plan-state");
const saveButton = document.getElementById("save");
const saveError = document.getElementById("save-error");
const violationList = document.getElementById("violations");
const stringsNode = document.getElementById("strings");
const versionsState = document.getElementById("versions-state");
const versionTable = document.querySelector("#versions table");
const versionList = document.getElementById("version-list");
const editor = document.getElementById("slot-editor");
const editorTitle = document.getElementById("slot-editor-title");
const editorDealer = document.getElementById("slot-dealer");

const BREAK = "BREAK"; // i18n: not words - the plans' name of a break's place
document.getElementById("zone").textContent = t("Times in {zone}", { zone: ZONE });
document.getElementById("start-words").textContent = t("Start, {zone} time", { zone: ZONE });
const MINUTE_MS = 60_000;

// -- times: the casino's wall clock, whoever looks ------------------------------------------------

/** The first instant from ``startIso`` on at which the casino's clock shows ``time`` ("HH:MM"):
 *  an absence is given by the clock, within the shift (past midnight on a night shift). */
function instantFrom(startIso, time) {
  const start = Date.parse(startIso);
  const [y, mo, d] = wallTime(startIso, ZONE).slice(0, 10).split("-").map(Number);
  for (const days of [0, 1]) {
    const day = new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
    const at = instantAt(`${day}T${time}`, ZONE);
    if (Date.parse(at) >= start) return at;
  }
  return null;
}

/** The casino's clock time of a minute of the shift (minutes elapsed, not the wall clock's). */
const clockAt = (doc, minute) => clockTime(new Date(Date.parse(doc.shift_start) + minute * MINUTE_MS).toISOString(), ZONE);

// -- names ------------------------------------------------------------------------------------------

const dealerName = (id) => rosterOf.get(String(id))?.name || t("dealer #{id}", { id });
const tableName = (id) => tableOf.get(String(id))?.code || t("table #{id}", { id });
const placeName = (place) => (place === BREAK ? t("Break") : tableName(place));
const gamesText = (games) => (games.length ? games.map(gameName).join(", ") : t("no game qualified"));

// -- the dealers on shift ----------------------------------------------------------------------------

function absenceRow() {
  const row = el("li", { class: "absence" },
    el("label", {}, `${t("Away from")} `, el("input", { type: "time", name: "away_from", required: true })),
    el("label", {}, `${pt("until a time", "to")} `, el("input", { type: "time", name: "away_to", required: true })));
  row.append(el("button", { type: "button", class: "secondary", "aria-label": t("Remove this absence"), onclick: () => row.remove() }, t("Remove")));
  return row;
}

function renderDealers() {
  if (!dealerList) return;
  show(dealerList, given.dealers.length
    ? given.dealers.map((dealer) => {
        const absences = el("ul", { class: "absences" });
        return el("li", { class: "dealer", "data-dealer": dealer.id },
          el("label", { class: "pick" },
            el("input", { type: "checkbox", name: "dealer", value: dealer.id }),
            el("span", { class: "name" }, dealer.name),
            el("span", { class: "games" }, gamesText(dealer.games))),
          absences,
          el("button", { type: "button", class: "link", onclick: () => absences.append(absenceRow()) }, t("Add an absence")));
      })
    : el("li", { class: "muted" }, t("No dealer can be planned: none is signed up as a dealer.")));
}

/** The shift's terms and dealers as the form gives them; throws an Error in words if not. */
function termsOfForm(start) {
  // By selector: the form's ``elements.length`` is the count of its fields, not the field.
  const number = (name) => Number(form.querySelector(`[name=${name}]`).value);
  const picked = [...dealerList.querySelectorAll("li.dealer")].filter((li) => li.querySelector("input[name=dealer]").checked);
  if (!picked.length) throw new Error(t("Choose the dealers on shift."));
  const absences = picked.flatMap((li) => [...li.querySelectorAll("li.absence")].map((row) => {
    const from = row.querySelector("[name=away_from]").value;
    const to = row.querySelector("[name=away_to]").value;
    const name = dealerName(li.dataset.dealer);
    if (!from || !to) throw new Error(t("Give both times of {name}'s absence.", { name }));
    const startAt = instantFrom(start, from);
    const endAt = instantFrom(startAt, to);
    if (!startAt || !endAt || endAt === startAt) throw new Error(t("{name}'s absence ends when it starts.", { name }));
    return { dealer: Number(li.dataset.dealer), start: startAt, end: endAt };
  }));
  return {
    shift_start: start,
    length: number("length"),
    minutes_on: number("minutes_on"),
    minutes_off: number("minutes_off"),
    min_stint: number("min_stint"),
    grace: number("grace"),
    dealer_ids: picked.map((li) => Number(li.dataset.dealer)),
    absences,
  };
}

// -- the draft: the plan on screen ------------------------------------------------------------------

// ``doc``: a proposal or a version as the API answers it (terms, tables, dealers, strings);
// ``source``: "proposed" until a slot is changed; ``savedAs``: the version it is, unchanged;
// ``key``: the Idempotency-Key of saving it as it is now (a new one at each change, so a
// repeated save of one draft is answered once, and a changed draft is a new save).
let draft = null;
let violations = [];
let saving = false;
let versions = [];
let shiftStart = null;

function draftOf(doc, { source, savedAs = null }) {
  // Each string's rows in the order the plan first gave them, kept through edits: a dealer
  // whose slots all went to others keeps an empty row, and the grid does not reshuffle.
  const rows = doc.strings.map((string) => [...new Set(string.slots.map((slot) => slot.dealer))]);
  return { doc: structuredClone(doc), source, savedAs, key: newKey(), rows };
}

function setDraft(next) {
  draft = next;
  violations = [];
  show(saveError);
  renderPlan();
}

// Who made a version, in the versions' table and (in lower case) in the plan's state.
const SOURCE_WORDS = { proposed: () => t("Proposed"), edited: () => t("Edited by a pit boss") };
const SOURCE_STATE = { proposed: () => t("proposed"), edited: () => t("edited by a pit boss") };

function renderState() {
  versionList.querySelectorAll("tr").forEach((row) => row.classList.toggle("shown", draft?.savedAs === Number(row.dataset.version)));
  if (!draft) return;
  if (draft.savedAs !== null) {
    const version = versions.find((v) => v.version === draft.savedAs);
    const source = SOURCE_STATE[draft.source]?.() || draft.source;
    planState.textContent = version
      ? t("Version {version} ({source}), saved by {who} at {time}.", { version: draft.savedAs, source, who: version.saved_by, time: dateTime(version.saved_at, ZONE) })
      : t("Version {version} ({source}).", { version: draft.savedAs, source });
  } else {
    planState.textContent = draft.source === "proposed" ? t("Proposed: not saved yet.") : t("Edited: not saved yet.");
  }
  if (saveButton) {
    saveButton.disabled = saving || draft.savedAs !== null;
    saveButton.textContent = saving ? t("Saving…") : draft.savedAs !== null ? t("Saved") : t("Save as next version");
  }
}

// -- the roadmap --------------------------------------------------------------------------------------

/** Where each violation points: the slots concerned (``"string:slot"`` keys) and, for a table
 *  left without a dealer, the string and minute (no slot holds it). */
function locate(doc, violation) {
  const { dealer, table, minute } = violation;
  const found = [];
  doc.strings.forEach((string, s) => {
    const mine = string.slots.map((slot, i) => [slot, `${s}:${i}`]).filter(([slot]) => dealer === null || slot.dealer === dealer);
    const covering = mine.filter(([slot]) => slot.start <= minute && minute < slot.end);
    const atTable = covering.filter(([slot]) => table === null || slot.place === table);
    const ending = mine.filter(([slot]) => slot.end === minute);
    const chosen = dealer === null ? atTable : (atTable.length ? atTable : covering.length ? covering : ending);
    found.push(...chosen.map(([, key]) => key));
  });
  const strings = dealer === null && table !== null
    ? doc.strings.map((string, s) => (string.tables.includes(table) ? s : null)).filter((s) => s !== null)
    : [];
  return { slots: found, strings, minute };
}

function renderPlan() {
  planSection.hidden = draft === null;
  if (!draft) return;
  const { doc } = draft;
  const broken = new Map();
  const gaps = new Map();
  violations.forEach((violation, n) => {
    const where = locate(doc, violation);
    violation.where = where;
    where.slots.forEach((key) => broken.set(key, [...(broken.get(key) || []), n]));
    where.strings.forEach((s) => gaps.set(s, [...(gaps.get(s) || []), where.minute]));
  });
  show(stringsNode, doc.strings.map((string, s) => roadmap(doc, string, s, broken, gaps.get(s) || [])));
  renderViolations(doc);
  renderState();
}

function roadmap(doc, string, s, broken, gapMinutes) {
  const cuts = [...new Set([0, doc.length, ...string.slots.flatMap((slot) => [slot.start, slot.end])])]
    .filter((m) => m >= 0 && m <= doc.length).sort((a, b) => a - b);
  const columns = cuts.slice(0, -1).map((from, i) => [from, cuts[i + 1]]);
  const rows = [...new Set([...(draft.rows[s] || []), ...string.slots.map((slot) => slot.dealer)])];
  const slotsOf = (dealer) => string.slots.map((slot, i) => [slot, i]).filter(([slot]) => slot.dealer === dealer);
  const gapAt = (from, to) => gapMinutes.some((m) => from <= m && m < to);
  const pushWords = string.push
    ? tn("a push every {minutes} min, {n} relief", "a push every {minutes} min, {n} reliefs", string.reliefs, { minutes: string.push })
    : t("one dealer a table");
  return el("section", { class: "string", "data-string": string.name },
    el("h3", {}, t("String {name}: {tables}", { name: string.name, tables: string.tables.map(tableName).join(", ") }), el("span", { class: "muted" }, ` · ${pushWords}`)),
    el("div", { class: "roadmap-wrap" },
      el("table", { class: "roadmap" },
        el("thead", {}, el("tr", {},
          el("th", { scope: "col", class: "who" }, t("Dealer")),
          columns.map(([from, to]) => el("th", { scope: "col", class: gapAt(from, to) ? "broken" : null }, clockAt(doc, from))))),
        el("tbody", {}, rows.map((dealer) => {
          const mine = slotsOf(dealer);
          const cells = [];
          for (let c = 0; c < columns.length;) {
            const from = columns[c][0];
            const here = mine.filter(([slot]) => slot.start <= from && from < slot.end);
            let span = 1;
            if (here.length === 1) {
              const [only] = here;
              while (c + span < columns.length) {
                const next = columns[c + span][0];
                const there = mine.filter(([slot]) => slot.start <= next && next < slot.end);
                if (there.length !== 1 || there[0] !== only) break;
                span += 1;
              }
            }
            cells.push(el("td", { colSpan: span, class: here.length > 1 ? "clash" : here.length ? null : "off" },
              here.map(([slot, i]) => slotCell(doc, slot, `${s}:${i}`, broken.get(`${s}:${i}`)))));
            c += span;
          }
          return el("tr", { "data-dealer": dealer }, el("th", { scope: "row", class: "who" }, dealerName(dealer)), cells);
        })))));
}

function slotCell(doc, slot, key, marks) {
  const label = t("{dealer}: {place}, {from} to {to}", { dealer: dealerName(slot.dealer), place: placeName(slot.place), from: clockAt(doc, slot.start), to: clockAt(doc, slot.end) });
  const attrs = {
    class: `slot ${slot.place === BREAK ? "break" : "at-table"}${marks ? " broken" : ""}`,
    "data-slot": key,
    "data-dealer": slot.dealer,
    "data-place": slot.place,
    "data-start": String(slot.start),
    "aria-label": marks ? t("{slot}. Breaks a rule: {rules}", { slot: label, rules: marks.map((n) => n + 1).join(", ") }) : label,
    "aria-invalid": marks ? "true" : null,
    title: marks ? marks.map((n) => violations[n].words).join("\n") : null,
  };
  if (!mayPlan) return el("span", attrs, placeName(slot.place));
  return el("button", { ...attrs, type: "button", onclick: () => editSlot(key) }, placeName(slot.place));
}

// -- editing a slot ---------------------------------------------------------------------------------------

let editing = null;

function editSlot(key) {
  if (saving || !draft) return;
  const [s, i] = key.split(":").map(Number);
  const slot = draft.doc.strings[s].slots[i];
  editing = { key, slot };
  editorTitle.textContent = t("{place}, {from} to {to}: who takes it?", { place: placeName(slot.place), from: clockAt(draft.doc, slot.start), to: clockAt(draft.doc, slot.end) });
  show(editorDealer, draft.doc.dealers.map((dealer) => el("option", { value: dealer.id, selected: dealer.id === slot.dealer },
    `${dealerName(dealer.id)} (${gamesText(dealer.games)})`)));
  editor.returnValue = "";
  editor.showModal();
  editorDealer.focus();
}

editor.addEventListener("close", () => {
  const chosen = editorDealer.value;
  const edited = editing;
  editing = null;
  if (editor.returnValue !== "change" || !edited || !draft || chosen === edited.slot.dealer) {
    if (edited) focusSlot(edited.key);
    return;
  }
  edited.slot.dealer = chosen;
  draft.source = "edited";
  draft.savedAs = null;
  draft.key = newKey();
  violations = [];
  show(saveError);
  renderPlan();
  focusSlot(edited.key);
});

function focusSlot(key) {
  const cell = stringsNode.querySelector(`[data-slot="${key}"]`);
  if (cell) {
    cell.scrollIntoView({ block: "nearest", inline: "nearest" });
    cell.focus();
  }
}

// -- what the API says, in a pit boss's words -----------------------------------------------------------

/** Each rule broken, said by its code with the names and clock times, in the page's language
 *  (the server's message names ids and minutes, in English): the words of each rule are here,
 *  as common/words.js words each refusal. A code not listed shows the server's message. */
const RULES = {
  slot_invalid: (v) => t("A slot of {dealer} at {time} is not of this shift (a dealer or table not planned, or outside its hours)", v),
  table_uncovered: (v) => t("{table} has no dealer from {time}", v),
  table_double_staffed: (v) => t("{dealer} joins another dealer at {table} at {time}", v),
  dealer_not_qualified: (v) => t("{dealer} is not qualified for {game} and is at {table} at {time}", v),
  dealer_double_booked: (v) => (v.table ? t("{dealer} is in two places at {time} (one is {table})", v) : t("{dealer} is in two places at {time}", v)),
  dealer_absent: (v) => t("{dealer} is away at {time} but is planned", v),
  stint_too_short: (v, doc) => tn("{dealer} goes on break at {time} after a stint shorter than the minimum of {n} minute", "{dealer} goes on break at {time} after a stint shorter than the minimum of {n} minutes", doc.min_stint, v),
  stint_too_long: (v, doc) => tn("{dealer} deals past {n} minute without a break, at {time}", "{dealer} deals past {n} minutes without a break, at {time}", doc.minutes_on + doc.grace, v),
  break_too_short: (v, doc) => tn("{dealer}'s break at {time} is shorter than {n} minute", "{dealer}'s break at {time} is shorter than {n} minutes", doc.minutes_off, v),
  breaks_back_to_back: (v) => t("{dealer} has a break right after a break, at {time}", v),
  breaks_unfair: (v, doc) => tn("{dealer} rests more than a break ({n} minute) less than another dealer of the string, from {time}", "{dealer} rests more than a break ({n} minutes) less than another dealer of the string, from {time}", doc.minutes_off, v),
};

function violationWords(doc, violation) {
  const game = tableOf.get(String(violation.table))?.game;
  const v = {
    dealer: violation.dealer === null ? "" : dealerName(violation.dealer),
    table: violation.table === null ? "" : tableName(violation.table),
    game: game ? gameName(game) : t("its game"),
    time: clockAt(doc, violation.minute),
  };
  const words = RULES[violation.code];
  return words ? words(v, doc) : violation.message;
}

function renderViolations(doc) {
  show(violationList, violations.map((violation, n) => {
    violation.words = violationWords(doc, violation);
    const key = violation.where?.slots[0];
    return el("li", { "data-code": violation.code },
      `${violation.words}. `,
      key ? el("button", { type: "button", class: "link", onclick: () => focusSlot(key) }, t("Show the slot")) : null);
  }));
}

// (Functions: each word is read in the page's language when it is shown.)
const FIELD_WORDS = {
  start: () => t("the start"),
  terms: () => t("the shift's minutes"),
  dealer_ids: () => t("the dealers"),
  absences: () => t("the absences"),
  table_ids: () => t("the tables"),
  source: () => t("the plan"),
};
const labels = () => ({
  shift_start: t("Start"),
  length: t("Length"),
  minutes_on: t("Minutes on"),
  minutes_off: t("Minutes off"),
  min_stint: t("Minimum stint"),
  grace: t("Grace"),
  dealer_ids: t("Dealers"),
  absences: t("Absences"),
});

const INFEASIBLE = {
  no_rotation_shape: () => t("No rotation fits these minutes: no grouping of these tables gives a push that keeps every stint between the minimum and the minutes on plus the grace, with breaks of the minutes off."),
  no_qualified_dealer: (d) => t("No dealer on shift deals every game of a string ({games}).", { games: (d.games || []).map(gameName).join(", ") }),
  too_few_dealers: (d) => tn("Too few dealers: the strings need {needed} and {n} on shift is qualified for their games.", "Too few dealers: the strings need {needed} and {n} on shift are qualified for their games.", d.available, { needed: d.needed }),
  absence_uncovers_table: (d, start) => (d.minute !== null && d.minute !== undefined
    ? t("Enough dealers are qualified, but their absences leave a table without a dealer at {time}.", { time: clockAt({ shift_start: start }, d.minute) })
    : t("Enough dealers are qualified, but their absences leave a table without a dealer.")),
};

/** A refusal of the shift, in words: what its code means and, for an infeasible one, why. */
function sayRefusal(error, start) {
  const details = error.details || {};
  if (error.code === "plan_infeasible") {
    shiftError.textContent = explain(error);
    const why = INFEASIBLE[details.infeasibility];
    const tables = (details.strings || []).map((string) => string.map(tableName).join(", "));
    show(infeasibleList,
      el("li", { "data-infeasibility": details.infeasibility }, why ? why(details, start) : error.message),
      tables.length ? el("li", {}, t("Tables concerned: {tables}.", { tables: tables.join("; ") })) : null);
    infeasibleList.hidden = false;
  } else if (error.code === "plan_invalid") {
    const field = FIELD_WORDS[details.field]?.();
    shiftError.textContent = `${error.message}${field ? ` (${field})` : ""}`;
  } else {
    shiftError.textContent = explainFields(error, labels());
  }
}

// -- proposing ------------------------------------------------------------------------------------------

takeSubmissions(form, async () => {
  show(shiftError);
  infeasibleList.hidden = true;
  show(infeasibleList);
  const local = form.querySelector("[name=start]").value;
  if (!local) {
    shiftError.textContent = t("Give the shift's start.");
    return;
  }
  const start = instantAt(local, ZONE);
  // Another shift: its plan replaces the one on screen, whichever answer comes first (the
  // newest version shows only while no proposal has).
  if (start !== shiftStart) setDraft(null);
  shiftStart = start;
  const listed = loadVersions();
  if (!mayPlan) {
    await listed;
    return;
  }
  let body;
  try {
    body = termsOfForm(start);
  } catch (error) {
    shiftError.textContent = error.message;
    return;
  }
  try {
    const proposal = await call("POST", urls.proposalUrl, { body, csrf: urls.csrf });
    setDraft(draftOf(proposal, { source: "proposed" }));
    planSection.scrollIntoView({ block: "start" });
  } catch (error) {
    sayRefusal(error, start);
  }
  await listed;
});

// -- saving ---------------------------------------------------------------------------------------------

function saveBody(doc, source) {
  return {
    shift_start: doc.shift_start,
    length: doc.length,
    minutes_on: doc.minutes_on,
    minutes_off: doc.minutes_off,
    min_stint: doc.min_stint,
    grace: doc.grace,
    dealer_ids: doc.dealers.map((dealer) => Number(dealer.id)),
    absences: doc.dealers.flatMap((dealer) => dealer.absences.map((a) => ({ dealer: Number(dealer.id), start: a.start, end: a.end }))),
    // The tables the plan was made for, named: not whichever are open when it is saved.
    table_ids: doc.tables.map((table) => Number(table.id)),
    strings: doc.strings,
    source,
  };
}

saveButton?.addEventListener("click", async () => {
  // Disabled at once (below), so a second tap of a double tap finds nothing to do; the key
  // answers a repeat of the same draft with the first save's version in any case.
  if (saving || !draft || draft.savedAs !== null) return;
  saving = true;
  renderState();
  const sent = draft;
  show(saveError);
  try {
    const saved = await call("POST", urls.plansUrl, { body: saveBody(sent.doc, sent.source), key: sent.key, csrf: urls.csrf });
    if (draft === sent) {
      draft = { ...draftOf(saved, { source: saved.source, savedAs: saved.version }), rows: sent.rows };
      violations = [];
    }
    saving = false;
    await loadVersions();
  } catch (error) {
    if (draft === sent && error.code === "plan_violations") {
      violations = (error.details.violations || []).map((v) => ({ ...v }));
      saveError.textContent = tn("Nothing was saved: the plan breaks {n} rule.", "Nothing was saved: the plan breaks {n} rules.", violations.length);
    } else {
      saveError.textContent = error.code === "plan_invalid" ? `${explain(error)} ${error.message}` : explainFields(error, labels());
    }
  } finally {
    saving = false;
    renderPlan();
    if (violations.length) violationList.scrollIntoView({ block: "nearest" });
  }
});

// -- the versions -----------------------------------------------------------------------------------------

let versionsLoad = 0;

async function loadVersions() {
  if (!shiftStart) return;
  const mine = ++versionsLoad;
  versionsState.textContent = t("Reading the versions…");
  try {
    const found = await api(`${urls.plansUrl}?${new URLSearchParams({ shift_start: shiftStart })}`);
    if (mine !== versionsLoad) return;
    versions = found;
    // The newest is shown when no other plan of the shift is on screen.
    if (versions.length && draft === null) {
      setDraft(draftOf(versions[0], { source: versions[0].source, savedAs: versions[0].version }));
    }
    renderVersions();
    renderState();
  } catch (error) {
    if (mine === versionsLoad) versionsState.textContent = explain(error);
  }
}

function renderVersions() {
  const from = dateTime(shiftStart, ZONE).slice(0, 16);
  versionsState.textContent = versions.length
    ? tn("The shift from {from}: {n} version, the newest first.", "The shift from {from}: {n} versions, the newest first.", versions.length, { from })
    : t("No version is saved for the shift from {from} yet.", { from });
  versionTable.hidden = versions.length === 0;
  show(versionList, versions.map((version) => el("tr", { "data-version": version.version, class: draft?.savedAs === version.version ? "shown" : null },
    el("td", {}, version.version),
    el("td", {}, SOURCE_WORDS[version.source]?.() || version.source),
    el("td", {}, version.saved_by),
    el("td", {}, dateTime(version.saved_at, ZONE)),
    el("td", {}, el("button", {
      type: "button",
      class: "secondary",
      onclick: () => {
        setDraft(draftOf(version, { source: version.source, savedAs: version.version }));
        renderVersions();
        planSection.scrollIntoView({ block: "start" });
      },
    }, t("Show"))))));
}

renderDealers();
