// A round's story from GET /api/v1/rounds/{id}/story/: its events, its dealers with their
// qualifications and rotation plan slots, cards, settlement, the stored settlement beside a
// replay made now (differences in red), its corrections (requested and decided here, through
// the corrections API) and its rows of the audit trail, in the page's language.
import { get as api, post } from "./common/api.js";
import { el, show, takeSubmissions } from "./common/dom.js";
import { cardName, isRed } from "./common/cards.js";
import { clockTime, dateTime } from "./common/times.js";
import { GAMES } from "./common/games.js";
import { pt, t } from "./common/i18n.js";
import { isNegative, money } from "./common/money.js";
import { explain as errorWords } from "./common/words.js";
import { STATUS_TONE, badge, named, shortHash, withParts } from "./workbench-common.js";

const root = document.getElementById("workbench");
const urls = root.dataset;
const mayDecide = urls.mayDecide === "true";
const failure = document.getElementById("story-error");
const LINE_COLUMNS = [
  ["box", t("Box")], ["line", t("Line")], ["combination", t("Combination")], ["outcome", t("Outcome")],
  ["stake", t("Stake")], ["computed_amount", t("Computed")], ["paid_amount", t("Paid")],
];
const AMOUNTS = new Set(["stake", "computed_amount", "paid_amount", "withheld", "amount"]);
// A settlement line's names the engine gives (its line, the hand's combination, the outcome):
// words of the context "name", a combination's parts ("pair+ace_king") each.
const NAMES = new Set(["line", "combination", "outcome"]);
// The settlement's lines' outcomes and Russian Poker's combinations, in the catalogue as
// "name"s (the lines' names, ante, bet, bonus, insurance, are common/events.js GAME_NAMES'),
// which ``named`` shows in the page's language: this list is how they are in it; never called.
// eslint-disable-next-line no-unused-vars
const SETTLEMENT_NAMES = () => [
  pt("name", "win"), pt("name", "lose"), pt("name", "push"), pt("name", "void"), pt("name", "fee"), pt("name", "award"),
  pt("name", "ace king"), pt("name", "pair"), pt("name", "two pair"), pt("name", "trips"), pt("name", "straight"),
  pt("name", "flush"), pt("name", "full house"), pt("name", "quads"), pt("name", "straight flush"), pt("name", "royal flush"),
];

let story = null;
// The casino's time zone (its table's view names it): every time of the story is shown in it,
// the zone named in the summary. Until it is known, or if it cannot be read, UTC, named so.
let zone = "UTC";
// An open round's money on the table now (its view's figures), read beside the story.
let onTable = null;

const when = (iso) => dateTime(iso, zone);

const table = (heads, bodyRows, attrs = {}) =>
  el("table", { class: "grid", ...attrs },
    el("thead", {}, el("tr", {}, ...heads.map(([key, label]) => el("th", { class: AMOUNTS.has(key) ? "amount" : "" }, label)))),
    el("tbody", {}, ...bodyRows));

const shown = (key, value) => {
  if (AMOUNTS.has(key)) return money(value);
  if (value === null || value === undefined) return "—";
  if (NAMES.has(key) && typeof value === "string") return value.split("+").map((part) => (part ? named(part) : part)).join(" + ");
  return value;
};

const cell = (key, value) =>
  el("td", { class: AMOUNTS.has(key) ? `amount ${isNegative(value) ? "loss" : ""}` : "" }, shown(key, value));

async function load() {
  try {
    story = await api(urls.storyUrl);
    const round = story.round;
    const [tableView, detail] = await Promise.all([
      api(`/api/v1/tables/${round.table.id}/view/`).catch(() => null),
      round.status === "open" ? api(`/api/v1/rounds/${round.id}/`).catch(() => null) : null,
    ]);
    zone = tableView?.time_zone || "UTC";
    onTable = detail?.view?.figures || null;
    failure.textContent = "";
    render();
  } catch (error) {
    failure.textContent = errorWords(error);
  }
}

function render() {
  const round = story.round;
  document.getElementById("round-title").textContent =
    `${t("Round {number}", { number: round.number })} · ${round.table.name} · ${GAMES[round.game] || round.game}`;
  const figure = (label, value, tone = "") =>
    el("div", { class: `figure ${tone}` }, el("span", { class: "label" }, label), el("span", { class: "value" }, value));
  show(document.getElementById("summary"),
    figure(t("Status"), badge(named(round.status), STATUS_TONE[round.status])),
    figure(t("Casino · pit"), `${round.casino.name} · ${round.pit.name}`),
    figure(t("Gaming day"), round.gaming_day),
    figure(t("Dealer"), round.dealer ? round.dealer.name : "—"),
    figure(t("Opened"), when(round.opened_at)),
    figure(t("Times in"), zone),
    ...staked(round, figure),
    figure(t("Paid"), money(round.paid, round.currency)),
    figure(t("House result"), money(round.house_result, round.currency), isNegative(round.house_result) ? "loss" : ""),
    round.cap_applied ? figure(t("Withheld by the cap"), money(round.withheld, round.currency), "warn") : null,
    round.replay_mismatch ? figure(t("Replay"), t("mismatch"), "alarm") : null,
  );
  renderEvents();
  renderDealers();
  renderCards();
  renderSettlement();
  renderReplay();
  renderCorrections();
  renderAudit();
}

// What is staked: the settlement's figure once settled; while the round is open, what its view
// says is on the table now (Russian Poker's stakes so far; a pot game's pot), never a bare "—".
function staked(round, figure) {
  if (round.status !== "open" || round.staked !== null) return [figure(t("Staked"), money(round.staked, round.currency))];
  if (!onTable || !onTable.length) return [figure(t("Staked so far"), money("0.00", round.currency))];
  const stakes = onTable.find((f) => f.name === "staked");
  if (stakes) return [figure(t("Staked so far"), money(stakes.amount, round.currency))];
  // (The figure's label is the game's own, in English until the games' labels are translated.)
  return onTable.map((f) => figure(t("{label} now", { label: f.label }), money(f.amount, round.currency)));
}

function renderEvents() {
  document.getElementById("events").replaceChildren(table(
    [["seq", "#"], ["action", t("Action")], ["who", t("Who")], ["when", t("When")], ["device", t("Device")], ["request", t("Request id")], ["payload", t("Payload")]],
    story.events.map((event) => el("tr", { "data-event": event.seq },
      el("td", {}, event.seq),
      el("td", {}, named(event.action)),
      el("td", {}, event.actor ? event.actor.name : "—"),
      el("td", {}, when(event.created_at)),
      el("td", {}, event.device ? event.device.name : "—"),
      el("td", { class: "mono" }, event.request_id || "—"),
      el("td", { class: "mono payload" }, JSON.stringify(event.payload)),
    )),
  ));
}

// Each dealer who recorded events, with the qualification for the round's game and the slot of
// the pit's rotation plan in force at their first: the proof a regulator asks for. No
// qualification in force is marked; so is a slot elsewhere than this round's table (a break,
// another table, none), the plan's word beside what the dealer did.
function renderDealers() {
  const holder = document.getElementById("dealers");
  if (!story.dealers.length) return holder.replaceChildren(el("p", { class: "muted" }, t("No dealer recorded an event.")));
  holder.replaceChildren(table(
    [["dealer", t("Dealer")], ["events", t("Events")], ["qualification", t("Qualified for this game")], ["slot", t("Rotation plan")]],
    story.dealers.map(({ dealer, events, qualification: held, slot }) => el("tr", { "data-dealer": dealer.id },
      el("td", {}, dealer.name),
      el("td", {}, events.join(", ")),
      held
        ? el("td", { class: "qualified" }, qualified(held))
        : el("td", { class: "differs not-qualified" }, t("Not qualified for this game when dealing")),
      slotCell(slot),
    )),
  ));
}

/** A dealer's qualification for the game: its evidence, when it was earned (and until when),
 *  and who recorded it. */
function qualified(held) {
  const params = {
    evidence: held.evidence_kind === "test" ? t("Test") : t("Training"),
    reference: held.evidence_reference, on: held.qualified_on, until: held.expires_on, who: held.recorded_by.name,
  };
  return held.expires_on
    ? t("{evidence} {reference}, on {on}, through {until}; recorded by {who}", params)
    : t("{evidence} {reference}, on {on}; recorded by {who}", params);
}

/** A dealer's plan slot in an auditor's words: "Planned: table RP-1, string S1, 10:00–10:20
 *  (plan version 2)", "On break by plan version 2 (string S1, 10:00–10:20)", "Not on the plan". */
function slotCell(slot) {
  if (!slot) return el("td", { class: "slot differs off-plan" }, t("Not on the plan"));
  const span = `${clockTime(slot.start, zone)}–${clockTime(slot.end, zone)}`;
  if (slot.place === "BREAK") {
    return el("td", { class: "slot differs off-plan" },
      t("On break by plan version {version} (string {string}, {span})", { version: slot.version, string: slot.string, span }));
  }
  const here = slot.table && slot.table.id === story.round.table.id;
  const where = slot.table ? slot.table.name : `#${slot.place}`;
  return el("td", { class: here ? "slot on-plan" : "slot differs off-plan" },
    t("Planned: table {table}, string {string}, {span} (plan version {version})", { table: where, string: slot.string, span, version: slot.version }));
}

function renderCards() {
  const holder = document.getElementById("cards");
  if (!story.cards.length) return holder.replaceChildren(el("p", { class: "muted" }, t("No cards recorded.")));
  holder.replaceChildren(table(
    [["card", t("Card")], ["position", t("Where")], ["deck_pass", t("Deck pass")], ["event", t("Event")]],
    story.cards.map((card) => el("tr", {},
      el("td", { class: `card-face ${isRed(card.card) ? "red" : ""}`, "data-card": card.card, title: card.card }, cardName(card.card)),
      el("td", { "data-position": card.position }, placeName(card.position)),
      el("td", {}, card.deck_pass), el("td", {}, card.event))),
  ));
}

/** Where a card lies, as the record names it ("box:3", "dealer", "centre"), in words: "Box 3",
 *  "Dealer", "Centre" (the kind of place a "name" of the catalogue, common/events.js). */
const placeName = (place) => {
  const [kind, which] = place.split(":");
  const word = named(kind).replace(/^./, (c) => c.toLocaleUpperCase());
  return which === undefined ? word : `${word} ${which}`;
};

// Where the house edges that priced a round's theoretical win came from, in the auditor's words.
const THEORETICAL_SOURCES = {
  computed: () => t("the house edges computed from the rules, at each box's Ante under the table maximum"),
  certified: () => t("the paytables' certified house edges (none computed yet for this configuration)"),
  take: () => t("what the rule set takes (a pot game: the house banks nothing)"),
};

function theoretical(settlement) {
  const source = THEORETICAL_SOURCES[settlement.theoretical_source]?.();
  if (!source) return t("Theoretical win: none, no house edge priced this round's stakes.");
  const params = {
    win: money(settlement.theoretical_win), base: money(settlement.theoretical_base), source,
    computation: settlement.house_edge,
  };
  return settlement.house_edge
    ? t("Theoretical win {win} on {base} staked, from {source} (computation {computation}).", params)
    : t("Theoretical win {win} on {base} staked, from {source}.", params);
}

function renderSettlement() {
  const holder = document.getElementById("settlement");
  const settlement = story.settlement;
  if (!settlement) return holder.replaceChildren(el("p", { class: "muted" }, t("Not settled.")));
  holder.replaceChildren(
    el("p", {}, settled(settlement)),
    el("p", { id: "theoretical-win" }, theoretical(settlement)),
    table([...LINE_COLUMNS, ["withheld", t("Withheld")], ["reason", t("Why paid differs")]],
      settlement.lines.map((line) => el("tr", { class: line.withheld !== "0.00" ? "differs-row" : "" },
        ...[...LINE_COLUMNS.map(([key]) => key), "withheld"].map((key) => cell(key, line[key])),
        el("td", {}, line.reason || (line.withheld === "0.00" ? "" : "—"))))),
  );
}

/** The settlement in a sentence: when, by whom, what was staked, returned and kept, and what
 *  the cap withheld. */
function settled(settlement) {
  const params = {
    when: when(settlement.settled_at), who: settlement.settled_by ? settlement.settled_by.name : "—",
    staked: money(settlement.total_staked), returned: money(settlement.total_returned),
    result: money(settlement.house_result), withheld: money(settlement.withheld),
  };
  return settlement.cap_applied
    ? t("Settled {when} by {who}: staked {staked}, returned {returned}, house result {result}, {withheld} withheld by the cap.", params)
    : t("Settled {when} by {who}: staked {staked}, returned {returned}, house result {result}.", params);
}

function renderReplay() {
  const holder = document.getElementById("replay");
  const replay = story.replay;
  if (!replay) return holder.replaceChildren(el("p", { class: "muted" }, t("A round is replayed once it is settled.")));
  const verdict = replay.error
    ? el("p", { class: "verdict alarm", id: "replay-verdict", "data-matches": "false" }, t("Could not be replayed: {reason}", { reason: replay.error }))
    : el("p", { class: `verdict ${replay.matches ? "ok" : "alarm"}`, id: "replay-verdict", "data-matches": String(replay.matches) },
        replay.matches ? t("✓ The stored settlement is its replay's.") : t("✗ The stored settlement differs from its replay."));
  const heads = LINE_COLUMNS.flatMap(([key, label]) => [[key, label]]);
  const rows = replay.lines.map((line) => {
    const differs = new Set(line.differences);
    const side = (name, value) => LINE_COLUMNS.map(([key]) => {
      const td = cell(key, value ? value[key] : null);
      if (differs.has(key) || differs.has("present")) td.classList.add("differs");
      return td;
    });
    return [
      el("tr", { class: line.matches ? "" : "mismatch", "data-line": line.index, "data-side": "stored" },
        el("th", { rowSpan: 2, scope: "row" }, line.index + 1), el("td", {}, t("stored")), ...side("stored", line.stored)),
      el("tr", { class: line.matches ? "" : "mismatch", "data-line": line.index, "data-side": "replayed" },
        el("td", {}, t("replayed")), ...side("replayed", line.replayed)),
    ];
  }).flat();
  const paths = replay.differences.length
    ? el("ul", { class: "paths" }, ...replay.differences.map((difference) =>
        el("li", { class: "differs" }, el("code", {}, difference.path || JSON.stringify(difference)),
          difference.path
            ? ` ${t("stored {stored}, replayed {replayed}", { stored: JSON.stringify(difference.stored), replayed: JSON.stringify(difference.replayed) })}`
            : "")))
    : null;
  show(holder, verdict, paths,
    table([["index", t("Line")], ["side", ""], ...heads], rows, { id: "replay-lines" }));
}

function renderCorrections() {
  const holder = document.getElementById("corrections");
  if (!story.corrections.length) return holder.replaceChildren(el("p", { class: "muted" }, t("No corrections.")));
  holder.replaceChildren(...story.corrections.map((correction) => {
    const tone = { requested: "info", approved: "ok", rejected: "muted" }[correction.status];
    const decision = correction.decided_by ? el("p", {}, ...decided(correction))
      : el("p", { class: "muted" }, t("Waiting for another pit boss of the pit."));
    const note = el("input", { type: "text", placeholder: t("Note"), "aria-label": t("Decision note") });
    const error = el("p", { class: "error", role: "alert" });
    const decide = (urlTemplate) => async () => {
      error.textContent = "";
      try {
        await post(urlTemplate.replace("{id}", correction.id), urls.csrf, { note: note.value });
        await load();
      } catch (refusal) {
        error.textContent = errorWords(refusal);
      }
    };
    const buttons = mayDecide && correction.status === "requested"
      ? el("div", { class: "decide" }, note,
          el("button", { type: "button", class: "approve", onclick: decide(urls.approveUrl) }, t("Approve")),
          el("button", { type: "button", class: "reject danger", onclick: decide(urls.rejectUrl) }, t("Reject")))
      : null;
    return el("article", { class: "correction", "data-correction": correction.id, "data-status": correction.status },
      el("header", {}, badge(named(correction.status), tone),
        ...withParts(t("{kind} requested by {who} ({role}) on {when}", { role: named(correction.requested_role), when: when(correction.requested_at) }), {
          kind: el("strong", {}, correction.kind === "void" ? t("Void") : t("Payout correction")),
          who: el("strong", {}, correction.requested_by.name),
        })),
      el("p", {}, t("Reason: {reason}", { reason: correction.reason })),
      correction.lines.length
        ? table([["box", t("Box")], ["line", t("Line")], ["amount", t("Amount")]],
            correction.lines.map((line) => el("tr", {}, cell("box", line.box), cell("line", line.line), cell("amount", line.amount))))
        : null,
      decision, buttons, error);
  }));
}

/** A decided correction in words: approved or rejected, by whom (marked, for the record), when
 *  (and on which gaming day), with the decider's note. */
function decided(correction) {
  const params = { when: when(correction.decided_at), day: correction.decided_gaming_day, note: correction.decision_note };
  const text = correction.status === "approved"
    ? (correction.decided_gaming_day ? t("Approved by {who} on {when} (gaming day {day})", params) : t("Approved by {who} on {when}", params))
    : (correction.decided_gaming_day ? t("Rejected by {who} on {when} (gaming day {day})", params) : t("Rejected by {who} on {when}", params));
  const who = el("strong", { class: "decided-by" }, correction.decided_by.name);
  return [...withParts(text, { who }), correction.decision_note ? `: “${correction.decision_note}”` : ""];
}

function renderAudit() {
  document.getElementById("audit").replaceChildren(table(
    [["stream", t("Stream")], ["seq", t("Seq")], ["code", t("Event")], ["who", t("Who")], ["when", t("When")], ["request", t("Request id")], ["hash", t("Hash")]],
    story.audit_records.map((record) => el("tr", { "data-record": record.id },
      el("td", {}, record.stream), el("td", {}, record.seq), el("td", {}, record.event_code),
      el("td", {}, record.actor_role ? `${record.actor} (${named(record.actor_role)})` : record.actor),
      el("td", {}, when(record.occurred_at)), el("td", { class: "mono" }, record.request_id || "—"),
      el("td", { class: "mono", title: record.row_hash }, shortHash(record.row_hash)))),
  ));
}

// -- requesting a correction -------------------------------------------------------------------

const dialog = document.getElementById("request");
if (dialog) {
  const form = document.getElementById("request-form");
  const lines = form.querySelector("#request-lines tbody");
  const error = form.querySelector(".error");
  const addLine = (box = "", line = "", amount = "") => {
    const remove = el("button", { type: "button", class: "secondary", onclick: () => tr.remove() }, t("Remove"));
    const tr = el("tr", { class: "request-line" },
      el("td", {}, el("input", { type: "number", name: "box", min: 1, max: 15, value: box, "aria-label": t("Box") })),
      el("td", {}, el("input", { type: "text", name: "line", value: line, "aria-label": t("Line") })),
      el("td", {}, el("input", { type: "text", name: "amount", inputMode: "decimal", value: amount, "aria-label": t("Amount"), class: "amount" })),
      el("td", {}, remove));
    lines.append(tr);
  };
  const kind = form.elements.kind;
  const showLines = () => { form.querySelector("#request-lines").hidden = kind.value === "void"; };
  kind.addEventListener("change", showLines);
  document.getElementById("add-line").addEventListener("click", () => addLine());
  document.getElementById("cancel-request").addEventListener("click", () => dialog.close());
  document.getElementById("open-request").addEventListener("click", () => {
    form.reset();
    error.textContent = "";
    lines.replaceChildren();
    // The settlement's lines, to correct in place: one row each, amount left to the user.
    for (const line of story?.settlement?.lines || []) addLine(line.box, line.line, "");
    if (!lines.children.length) addLine();
    showLines();
    dialog.showModal();
  });
  takeSubmissions(form, async () => {
    error.textContent = "";
    const body = { kind: kind.value, reason: form.elements.reason.value };
    if (kind.value !== "void") {
      body.lines = [...lines.querySelectorAll("tr")]
        .map((tr) => ({ box: Number(tr.querySelector("[name=box]").value), line: tr.querySelector("[name=line]").value.trim(), amount: tr.querySelector("[name=amount]").value.trim() }))
        .filter((line) => line.amount !== "");
    }
    try {
      await post(urls.requestUrl, urls.csrf, body);
      dialog.close();
      await load();
    } catch (refusal) {
      error.textContent = errorWords(refusal);
    }
  });
}

load();
