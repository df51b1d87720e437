// A round's story from GET /api/v1/rounds/{id}/story/: its events, its dealers with their
// qualifications and rotation plan slots, cards, settlement, the stored settlement beside a
// replay made now (differences in red), its corrections (requested and decided here, through
// the corrections API) and its rows of the audit trail.
import { get as api, post } from "./common/api.js";
import { el, show, takeSubmissions } from "./common/dom.js";
import { cardName, isRed } from "./common/cards.js";
import { clockTime, dateTime } from "./common/times.js";
import { GAMES } from "./common/games.js";
import { isNegative, money } from "./common/money.js";
import { explain as errorWords } from "./common/words.js";
import { STATUS_TONE, badge, shortHash } from "./workbench-common.js";

const root = document.getElementById("workbench");
const urls = root.dataset;
const mayDecide = urls.mayDecide === "true";
const failure = document.getElementById("story-error");
const LINE_COLUMNS = [
  ["box", "Box"], ["line", "Line"], ["combination", "Combination"], ["outcome", "Outcome"],
  ["stake", "Stake"], ["computed_amount", "Computed"], ["paid_amount", "Paid"],
];
const AMOUNTS = new Set(["stake", "computed_amount", "paid_amount", "withheld", "amount"]);

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

const cell = (key, value) =>
  el("td", { class: AMOUNTS.has(key) ? `amount ${isNegative(value) ? "loss" : ""}` : "" }, AMOUNTS.has(key) ? money(value) : value ?? "—");

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
    `Round ${round.number} · ${round.table.name} · ${GAMES[round.game] || round.game}`;
  const figure = (label, value, tone = "") =>
    el("div", { class: `figure ${tone}` }, el("span", { class: "label" }, label), el("span", { class: "value" }, value));
  show(document.getElementById("summary"),
    figure("Status", badge(round.status, STATUS_TONE[round.status])),
    figure("Casino · pit", `${round.casino.name} · ${round.pit.name}`),
    figure("Gaming day", round.gaming_day),
    figure("Dealer", round.dealer ? round.dealer.name : "—"),
    figure("Opened", when(round.opened_at)),
    figure("Times in", zone),
    ...staked(round, figure),
    figure("Paid", money(round.paid, round.currency)),
    figure("House result", money(round.house_result, round.currency), isNegative(round.house_result) ? "loss" : ""),
    round.cap_applied ? figure("Withheld by the cap", money(round.withheld, round.currency), "warn") : null,
    round.replay_mismatch ? figure("Replay", "mismatch", "alarm") : null,
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
  if (round.status !== "open" || round.staked !== null) return [figure("Staked", money(round.staked, round.currency))];
  if (!onTable || !onTable.length) return [figure("Staked so far", money("0.00", round.currency))];
  const stakes = onTable.find((f) => f.name === "staked");
  if (stakes) return [figure("Staked so far", money(stakes.amount, round.currency))];
  return onTable.map((f) => figure(`${f.label} now`, money(f.amount, round.currency)));
}

function renderEvents() {
  document.getElementById("events").replaceChildren(table(
    [["seq", "#"], ["action", "Action"], ["who", "Who"], ["when", "When"], ["device", "Device"], ["request", "Request id"], ["payload", "Payload"]],
    story.events.map((event) => el("tr", { "data-event": event.seq },
      el("td", {}, event.seq),
      el("td", {}, event.action.replaceAll("_", " ")),
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
  if (!story.dealers.length) return holder.replaceChildren(el("p", { class: "muted" }, "No dealer recorded an event."));
  holder.replaceChildren(table(
    [["dealer", "Dealer"], ["events", "Events"], ["qualification", "Qualified for this game"], ["slot", "Rotation plan"]],
    story.dealers.map(({ dealer, events, qualification: held, slot }) => el("tr", { "data-dealer": dealer.id },
      el("td", {}, dealer.name),
      el("td", {}, events.join(", ")),
      held
        ? el("td", { class: "qualified" },
            `${held.evidence_kind === "test" ? "Test" : "Training"} ${held.evidence_reference}, on ${held.qualified_on}`,
            held.expires_on ? `, through ${held.expires_on}` : "", `; recorded by ${held.recorded_by.name}`)
        : el("td", { class: "differs not-qualified" }, "Not qualified for this game when dealing"),
      slotCell(slot),
    )),
  ));
}

/** A dealer's plan slot in an auditor's words: "Planned: table RP-1, string S1, 10:00–10:20
 *  (plan version 2)", "On break by plan version 2 (string S1, 10:00–10:20)", "Not on the plan". */
function slotCell(slot) {
  if (!slot) return el("td", { class: "slot differs off-plan" }, "Not on the plan");
  const span = `${clockTime(slot.start, zone)}–${clockTime(slot.end, zone)}`;
  if (slot.place === "BREAK") {
    return el("td", { class: "slot differs off-plan" }, `On break by plan version ${slot.version} (string ${slot.string}, ${span})`);
  }
  const here = slot.table && slot.table.id === story.round.table.id;
  const where = slot.table ? slot.table.name : `#${slot.place}`;
  return el("td", { class: here ? "slot on-plan" : "slot differs off-plan" },
    `Planned: table ${where}, string ${slot.string}, ${span} (plan version ${slot.version})`);
}

function renderCards() {
  const holder = document.getElementById("cards");
  if (!story.cards.length) return holder.replaceChildren(el("p", { class: "muted" }, "No cards recorded."));
  holder.replaceChildren(table(
    [["card", "Card"], ["position", "Where"], ["deck_pass", "Deck pass"], ["event", "Event"]],
    story.cards.map((card) => el("tr", {},
      el("td", { class: `card-face ${isRed(card.card) ? "red" : ""}`, "data-card": card.card, title: card.card }, cardName(card.card)),
      el("td", { "data-position": card.position }, placeName(card.position)),
      el("td", {}, card.deck_pass), el("td", {}, card.event))),
  ));
}

/** Where a card lies, as the record names it ("box:3", "dealer", "centre"), in words: "Box 3",
 *  "Dealer", "Centre". */
const placeName = (place) => {
  const [kind, number] = place.split(":");
  const named = kind.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
  return number === undefined ? named : `${named} ${number}`;
};

// Where the house edges that priced a round's theoretical win came from, in the auditor's words.
const THEORETICAL_SOURCES = {
  computed: "the house edges computed from the rules, at each box's Ante under the table maximum",
  certified: "the paytables' certified house edges (none computed yet for this configuration)",
  take: "what the rule set takes (a pot game: the house banks nothing)",
};

function theoretical(settlement) {
  const source = THEORETICAL_SOURCES[settlement.theoretical_source];
  if (!source) return "Theoretical win: none, no house edge priced this round's stakes.";
  const computation = settlement.house_edge ? ` (computation ${settlement.house_edge})` : "";
  return `Theoretical win ${money(settlement.theoretical_win)} on ${money(settlement.theoretical_base)} staked, from ${source}${computation}.`;
}

function renderSettlement() {
  const holder = document.getElementById("settlement");
  const settlement = story.settlement;
  if (!settlement) return holder.replaceChildren(el("p", { class: "muted" }, "Not settled."));
  holder.replaceChildren(
    el("p", {}, `Settled ${when(settlement.settled_at)} by ${settlement.settled_by ? settlement.settled_by.name : "—"}: staked ${money(settlement.total_staked)}, returned ${money(settlement.total_returned)}, house result ${money(settlement.house_result)}${settlement.cap_applied ? `, ${money(settlement.withheld)} withheld by the cap` : ""}.`),
    el("p", { id: "theoretical-win" }, theoretical(settlement)),
    table([...LINE_COLUMNS, ["withheld", "Withheld"], ["reason", "Why paid differs"]],
      settlement.lines.map((line) => el("tr", { class: line.withheld !== "0.00" ? "differs-row" : "" },
        ...[...LINE_COLUMNS.map(([key]) => key), "withheld"].map((key) => cell(key, line[key])),
        el("td", {}, line.reason || (line.withheld === "0.00" ? "" : "—"))))),
  );
}

function renderReplay() {
  const holder = document.getElementById("replay");
  const replay = story.replay;
  if (!replay) return holder.replaceChildren(el("p", { class: "muted" }, "A round is replayed once it is settled."));
  const verdict = replay.error
    ? el("p", { class: "verdict alarm", id: "replay-verdict", "data-matches": "false" }, `Could not be replayed: ${replay.error}`)
    : el("p", { class: `verdict ${replay.matches ? "ok" : "alarm"}`, id: "replay-verdict", "data-matches": String(replay.matches) },
        replay.matches ? "✓ The stored settlement is its replay's." : "✗ The stored settlement differs from its replay.");
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
        el("th", { rowSpan: 2, scope: "row" }, line.index + 1), el("td", {}, "stored"), ...side("stored", line.stored)),
      el("tr", { class: line.matches ? "" : "mismatch", "data-line": line.index, "data-side": "replayed" },
        el("td", {}, "replayed"), ...side("replayed", line.replayed)),
    ];
  }).flat();
  const paths = replay.differences.length
    ? el("ul", { class: "paths" }, ...replay.differences.map((difference) =>
        el("li", { class: "differs" }, el("code", {}, difference.path || JSON.stringify(difference)),
          difference.path ? ` stored ${JSON.stringify(difference.stored)}, replayed ${JSON.stringify(difference.replayed)}` : "")))
    : null;
  show(holder, verdict, paths,
    table([["index", "Line"], ["side", ""], ...heads], rows, { id: "replay-lines" }));
}

function renderCorrections() {
  const holder = document.getElementById("corrections");
  if (!story.corrections.length) return holder.replaceChildren(el("p", { class: "muted" }, "No corrections."));
  holder.replaceChildren(...story.corrections.map((correction) => {
    const tone = { requested: "info", approved: "ok", rejected: "muted" }[correction.status];
    const decision = correction.decided_by
      ? el("p", {}, `${correction.status === "approved" ? "Approved" : "Rejected"} by `, el("strong", { class: "decided-by" }, correction.decided_by.name),
          ` on ${when(correction.decided_at)}${correction.decided_gaming_day ? ` (gaming day ${correction.decided_gaming_day})` : ""}${correction.decision_note ? `: “${correction.decision_note}”` : ""}`)
      : el("p", { class: "muted" }, "Waiting for another pit boss of the pit.");
    const note = el("input", { type: "text", placeholder: "Note", "aria-label": "Decision note" });
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
          el("button", { type: "button", class: "approve", onclick: decide(urls.approveUrl) }, "Approve"),
          el("button", { type: "button", class: "reject danger", onclick: decide(urls.rejectUrl) }, "Reject"))
      : null;
    return el("article", { class: "correction", "data-correction": correction.id, "data-status": correction.status },
      el("header", {}, badge(correction.status, tone), el("strong", {}, correction.kind === "void" ? "Void" : "Payout correction"),
        ` requested by `, el("strong", {}, correction.requested_by.name), ` (${correction.requested_role.replaceAll("_", " ")}) on ${when(correction.requested_at)}`),
      el("p", {}, `Reason: ${correction.reason}`),
      correction.lines.length
        ? table([["box", "Box"], ["line", "Line"], ["amount", "Amount"]],
            correction.lines.map((line) => el("tr", {}, cell("box", line.box), cell("line", line.line), cell("amount", line.amount))))
        : null,
      decision, buttons, error);
  }));
}

function renderAudit() {
  document.getElementById("audit").replaceChildren(table(
    [["stream", "Stream"], ["seq", "Seq"], ["code", "Event"], ["who", "Who"], ["when", "When"], ["request", "Request id"], ["hash", "Hash"]],
    story.audit_records.map((record) => el("tr", { "data-record": record.id },
      el("td", {}, record.stream), el("td", {}, record.seq), el("td", {}, record.event_code),
      el("td", {}, `${record.actor}${record.actor_role ? ` (${record.actor_role.replaceAll("_", " ")})` : ""}`),
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
    const remove = el("button", { type: "button", class: "secondary", onclick: () => tr.remove() }, "Remove");
    const tr = el("tr", { class: "request-line" },
      el("td", {}, el("input", { type: "number", name: "box", min: 1, max: 15, value: box, "aria-label": "Box" })),
      el("td", {}, el("input", { type: "text", name: "line", value: line, "aria-label": "Line" })),
      el("td", {}, el("input", { type: "text", name: "amount", inputMode: "decimal", value: amount, "aria-label": "Amount", class: "amount" })),
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
