// The dealer's tablet: signs in, finds its table and the round in play (a tablet that crashed
// lands back on it, or on the payout screen of a round settled and not yet paid), renders the
// round from its view with the one renderer, queues every entry (so that none is lost when the
// network drops) and sends the queue in order. A round ends on its payout screen: "Settle",
// then, once the layout is paid, "Paid"; only then the next round opens.

import { el, show } from "../common/dom.js";
import { language, languages, pt, setLanguage, t, tn } from "../common/i18n.js";
import { gameName } from "../common/games.js";
import { cents, money as shown } from "../common/money.js";
import { detailOf, explainToDealer as explain } from "../common/words.js";
import { Refusal, Unreachable, aids, at, call, credential, newKey, roundOptions, serviceWorker, session, unrevoked, urls } from "./api.js";
import { withinBounds } from "./bounds.js";
import { askFields, describe, lastRound } from "./fields.js";
import { provisional } from "./offline.js";
import { payoutFigures } from "./payout.js";
import { cardName, isRed } from "./picker.js";
import { namesToOffer, pinPad } from "./pinpad.js";
import * as queue from "./queue.js";
import { actionLabel, actions as actionList, inlineField, mentions, positionName, table as tableView, words } from "./render.js";
import { revoke, revokeUnrevoked } from "./signout.js";
import { follow } from "./stream.js";
import { playersSection, refreshPlayers } from "./players.js";
import { refreshTray, traySection } from "./tray.js";
import { askUndo, askVoid, askedVoid, decideHere, decisionWords, pendingPanel } from "./undo.js";

const screen = document.getElementById("screen");
const connection = document.getElementById("connection");
const problem = document.getElementById("problem");
const notice = document.getElementById("notice");
const where = document.getElementById("where");
const dealer = document.getElementById("dealer");
const menu = document.getElementById("menu");
const relieve = document.getElementById("relieve");
const signedOut = document.getElementById("signed-out");

// The table and round last seen, kept so that a reload while offline shows them again.
const KEPT = "tablet.kept";
// The dealers who signed in at this tablet lately: one tap for the name at the next rotation.
const RECENT = "tablet.recent-dealers";
// Each dealer's language at this tablet, by user name: the one they tapped on the PIN pad or the
// server answered at their sign-in, used again at a reload, and at their next sign-in here while
// the server cannot be reached (docs/i18n.md, "Who reads which language").
const DEALER_LANGUAGES = "tablet.dealer-languages";
const RETRY_MS = 3000;
// A screen that has just appeared (the payout screen, its "Paid", the next round's) takes no tap
// for this long: the second tap of a double tap lands on it, never on what replaced the first.
const GUARD_MS = 500;
// How long the next entry's form waits for the server's answer to the last one before it opens
// from what the tablet knows (the network is slow or gone).
const ANSWER_WAIT_MS = 1500;

const state = {
  tablet: null,
  me: null,
  table: null,
  round: null,
  waiting: [],
  online: navigator.onLine,
  // Whether this tab's round is the server's latest (no other tab sent since its last answer).
  fresh: false,
  pumping: false,
  again: false,
  asking: false,
  // The language tapped on the PIN pad for the next sign-in (null: the dealer's own, kept by the
  // server, else by this tablet, else the browser's).
  pinLanguage: null,
  // Who signed out last at this tablet, their token revoked: said until the next sign-in.
  leftLast: null,
  // The request waiting for a pit boss at this round: an undo (``retraction``) or a void.
  pending: null,
  // The screen shown, and since when: a new one holds its buttons for GUARD_MS.
  stage: "",
  heldUntil: 0,
  // The chip tray's section on the screen, drawn again when the pit's stream says it changed.
  trayHost: null,
  // The players' section between rounds, drawn again when the pit's stream says they changed.
  playersHost: null,
  trayFor: "",
  stream: null,
  streamFor: null,
};

const tabs = "BroadcastChannel" in window ? new BroadcastChannel("casino-tablet") : null;
if (tabs) {
  // Another tab of this tablet sent an entry: its answer is the round's latest picture here too.
  tabs.onmessage = async ({ data }) => {
    if (data?.round === state.round?.id) applyAnswer(data.answer);
    state.fresh = false;
    await refreshWaiting();
    render();
  };
}

function keep() {
  localStorage.setItem(KEPT, JSON.stringify({ me: state.me, tablet: state.tablet, table: state.table, round: state.round }));
}

function kept() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "{}"); } catch { return {}; }
}

function say(error) {
  if (!error) {
    problem.hidden = true;
    problem.replaceChildren();
    return;
  }
  problem.hidden = false;
  const detail = error instanceof Refusal ? detailOf(error) : "";
  show(problem,
    el("span", { "data-code": error.code || "" }, error instanceof Refusal ? explain(error) : error.message),
    detail ? el("small", {}, ` (${detail})`) : null);
}

/** A fact for the dealer that is no refusal (an undo decided, a round voided); null clears. */
function tell(text) {
  notice.hidden = !text;
  notice.textContent = text || "";
}

function setOnline(online) {
  state.online = online;
  paintConnection();
}

/** The entries waiting to be sent and those refused: one count for the bar and the list. */
function counts() {
  return {
    waiting: state.waiting.filter((e) => e.state !== "refused").length,
    refused: state.waiting.filter((e) => e.state === "refused").length,
  };
}

const entries = (n) => tn("{n} entry", "{n} entries", n);

function paintConnection() {
  const { waiting, refused } = counts();
  const count = tn("{n} entry waiting", "{n} entries waiting", waiting);
  let text = t("Online");
  let mode = "online";
  if (!state.online) {
    mode = "offline";
    text = t("Offline · {count}", { count });
  } else if (refused) {
    mode = "refused";
    text = t("Stopped: {refused} refused · {count}", { refused: entries(refused), count });
  } else if (waiting) {
    mode = "sending";
    text = t("Sending · {count}", { count });
  }
  connection.dataset.state = mode;
  connection.dataset.waiting = String(waiting);
  connection.textContent = text;
}

async function refreshWaiting() {
  state.waiting = await queue.all();
}

/** Whether no entry waits to be sent, read afresh: undoing, a rotation and signing out each
 *  need the queue sent or dropped first. When one waits, says so; else clears what was said. */
async function queueEmpty() {
  await refreshWaiting();
  if (state.waiting.length) {
    say(new Error(t("{entries} still waiting: send or drop them first.", { entries: entries(state.waiting.length) })));
    return false;
  }
  say(null);
  return true;
}

/** An entry's kind: a dealer action, the settlement, or the payouts confirmed. */
const kindOf = (entry) => entry.kind || (entry.body?.action ? "action" : entry.url.endsWith("/paid/") ? "paid" : "settle");

// ---- The table and its round -------------------------------------------------------------

// Why the tablet cannot go on: not paired yet, or revoked (paired again by a pit boss).
class Unpaired extends Error {}

async function findTable() {
  if (!credential.get()) throw new Unpaired("not paired");
  try {
    state.tablet = await call("GET", urls.tabletCurrent, { authorization: "tablet" });
  } catch (error) {
    if (error instanceof Refusal && ["tablet_revoked", "authentication_failed"].includes(error.code)) {
      throw new Unpaired(error.code);
    }
    throw error;
  }
  if (!session.token) {
    // Nobody signed in: the pad reads the table's language until a dealer taps one.
    if (!state.pinLanguage) setLanguage(tableLanguage());
    return null;
  }
  state.me = await call("GET", urls.me);
  useDealersLanguage(state.me.username);
  return call("GET", at(urls.table, state.tablet.table.id));
}

async function loadTable() {
  try {
    state.table = await findTable();
    // The round in play, else the last one while its payouts wait for "Paid": the tablet
    // lands on its payout screen after a reload or a crash.
    const shown = state.table?.open_round ?? state.table?.unpaid_round;
    if (shown) await loadRound(shown.id);
    else state.round = null;
    state.fresh = true;
    setOnline(true);
    keep();
    followStream();
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    Object.assign(state, pick(kept(), ["me", "tablet", "table", "round"]));
    setOnline(false);
  }
}

const pick = (object, keys) => Object.fromEntries(keys.filter((k) => k in object).map((k) => [k, object[k]]));

async function loadRound(id) {
  applyRound(await call("GET", at(urls.round, id)));
  await findPending();
}

// A picture of the round never replaces a later one: a slow read that answers after another
// tab's entry was applied is older than the answer that tab shared.
const older = (round) => state.round?.id === round.id && round.last_event_seq < state.round.last_event_seq;

function applyRound(round) {
  if (older(round)) return;
  state.round = {
    id: round.id,
    table: state.table?.id,
    number: round.number,
    status: round.status,
    dealer: round.dealer,
    last_event_seq: round.last_event_seq,
    view: round.view,
    pending_retraction: round.pending_retraction ?? null,
    payouts_confirmed: round.payouts_confirmed ?? null,
  };
  state.fresh = true;
  keep();
}

function applyAnswer(answer) {
  if (answer.last_event_seq < state.round.last_event_seq) return;
  state.round = {
    ...state.round,
    status: answer.status ?? state.round.status,
    last_event_seq: answer.last_event_seq ?? answer.view.event_count,
    view: answer.view,
    pending_retraction: "pending_retraction" in answer ? answer.pending_retraction : state.round.pending_retraction,
    payouts_confirmed: answer.payouts_confirmed ?? state.round.payouts_confirmed,
  };
  state.fresh = true;
  keep();
}

async function openRound(options) {
  say(null);
  tell(null);
  await refreshWaiting();
  if (state.waiting.length) {
    say(new Error(t("{entries} must be sent first: the next round opens once they are.", { entries: entries(state.waiting.length) })));
    delete screen.dataset.betweenFor;
    render();
    return;
  }
  try {
    applyRound(await call("POST", at(urls.openRound, state.table.id), { body: { options }, key: newKey() }));
  } catch (error) {
    if (error instanceof Refusal && ["round_already_open", "round_payouts_unconfirmed"].includes(error.code) && error.details.round) {
      // A round is in play here already (opened before a crash, or by another tablet), or the
      // last one waits for "Paid": go to it.
      await loadRound(error.details.round);
      if (error.code === "round_payouts_unconfirmed") say(error);
    } else if (error instanceof Unreachable) {
      say(new Error(t("No network: a new round opens once the network is back.")));
      setOnline(false);
    } else {
      say(error);
    }
  }
  if (!state.round) delete screen.dataset.betweenFor;
  render();
}

// ---- Entries and the queue ---------------------------------------------------------------

const takenCards = () => new Set(state.waiting.filter((e) => e.round === state.round?.id).flatMap((e) => entryCards(e)));

function entryCards(entry) {
  const spec = entry.spec;
  if (!spec) return [];
  return spec.fields.filter((f) => f.kind === "card" || f.kind === "cards").flatMap((f) => [].concat(entry.body[f.name] ?? []));
}

function currentView() {
  const mine = state.waiting.filter((e) => e.round === state.round.id && kindOf(e) === "action");
  return provisional(state.round.view, mine);
}

function describeEntry(action, values) {
  const parts = [actionLabel(action)];
  for (const field of action.fields) {
    const value = values[field.name];
    if (value === undefined || value === null || (field.kind === "position" && action.position)) continue;
    if (field.kind === "flag" && !value) continue;
    // A value the action's label states already ("Box 1: bet 20.00") is not written twice.
    if (["amount", "choice"].includes(field.kind) && mentions(parts[0], value)) continue;
    if (field.kind === "position" && mentions(parts[0], positionName({ kind: field.name, number: value }))) continue;
    if (field.kind === "card" || field.kind === "cards") parts.push([].concat(value).map(cardName).join(" "));
    else parts.push(describe(field, value));
  }
  return parts.join(" · ");
}

const context = () => ({ view: currentView(), table: state.table.id, round: state.round.id, taken: takenCards() });

async function take(action, preset = {}, initial = {}) {
  if (state.asking) return;
  state.asking = true;
  let values;
  try {
    say(null);
    values = await askFields(action, { preset, initial, context: context() });
  } finally {
    state.asking = false;
  }
  if (values === undefined) return;
  const key = await record(action, values);
  await continueWith(action, values, key);
}

async function record(action, values) {
  const round = state.round;
  const key = newKey();
  // From the tap to the screen showing the server's answer: "tablet-entry" measures.
  performance.mark(`tap:${key}`);
  lastRound.record(state.table.id, round.id, action, values);
  await queue.add({
    round: round.id,
    kind: "action",
    url: at(urls.action, round.id),
    body: { action: action.name, ...values },
    key,
    label: describeEntry(action, values),
    spec: action,
  });
  await refreshWaiting();
  render();
  pump();
  return key;
}

// Who waits for an entry's answer (the next entry's form): resolved once it is sent, or once
// the queue stops with it still waiting.
const answers = new Map();
const sentKeys = new Set();

function answered(key) {
  if (sentKeys.has(key)) return Promise.resolve("sent");
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("slow"), ANSWER_WAIT_MS);
    answers.set(key, (outcome) => { clearTimeout(timer); resolve(outcome); });
  });
}

function resolveAnswer(key, outcome) {
  if (outcome === "sent") sentKeys.add(key);
  answers.get(key)?.(outcome);
  answers.delete(key);
}

/** The first action of ``view`` whose fields left to ask are the cards the dealer deals next
 *  (and the box, seat or target they go to, when it offers a few): with its preset. */
function dealersNext(view) {
  if (view.turn || view.provisional || view.complete) return null;
  const action = view.actions.find((a) => !aids.includes(a.name));
  if (!action) return null;
  const inline = inlineField(action);
  const open = action.fields.filter((f) => f !== inline && (f.value === null || f.value === undefined));
  if (!open.length || !open.every((f) => f.kind === "card" || f.kind === "cards")) return null;
  const preset = inline ? { [inline.name]: (inline.positions || inline.targets)?.[0] } : {};
  if (inline && preset[inline.name] === undefined) return null;
  return { action, preset };
}

// The dealer's likely next entry, opened at once: the same action for the next box or seat it
// still offers (the next box's wagers, the next box's cards), else, once the server has
// answered, the cards the dealer deals next (the up card after the boxes' cards, the dealer's
// face-down cards after the last decision, the replacement of a bought game).
async function continueWith(action, values, key) {
  const outcome = state.online ? await answered(key) : "waiting";
  if (state.waiting.some((e) => e.state === "refused") || state.asking || !state.round) return;
  const view = currentView();
  const inline = inlineField(action);
  if (inline && inline.kind === "position") {
    const same = view.actions.find((a) => a.name === action.name && !a.position);
    const field = same?.fields.find((f) => f.name === inline.name);
    const left = field?.positions || [];
    if (left.length) {
      const next = left.find((p) => p > Number(values[inline.name])) ?? left[0];
      await take(same, { [inline.name]: next });
      return;
    }
  }
  if (outcome !== "sent") return;
  const next = dealersNext(view);
  if (next) await take(next.action, next.preset);
}

/** The last round's entries of ``action`` for the boxes or seats it offers now, as they would
 *  be sent again, each within the field's bounds now; [] when there are none. */
function repeatable(action) {
  const inline = inlineField(action);
  if (!inline || inline.kind !== "position") return [];
  if (action.fields.some((f) => f.kind === "card" || f.kind === "cards")) return [];
  const found = [];
  for (const position of inline.positions) {
    const last = lastRound.of(state.table.id, state.round.id, action, { [inline.name]: position });
    if (!last) continue;
    const values = { [inline.name]: position };
    let fits = true;
    for (const field of action.fields) {
      if (field === inline) continue;
      if (field.value !== null && field.value !== undefined && !(field.name in last)) values[field.name] = field.value;
      else if (field.name in last) values[field.name] = last[field.name];
      const value = values[field.name];
      if (field.kind === "amount" && value !== null && value !== undefined && !withinBounds(cents(value) ?? -1, field)) fits = false;
    }
    if (fits) found.push(values);
  }
  return found;
}

/** "Same as last round": one tap records the last round's entries of the action for every box
 *  or seat that had one, each shown on the button before it is tapped. */
function repeatButton(view) {
  const action = view.actions.find((a) => !aids.includes(a.name));
  if (!action || view.provisional) return null;
  const again = repeatable(action);
  if (!again.length) return null;
  return el("div", { class: "action repeat", "data-repeat": action.name },
    el("button", { type: "button", class: "take", onclick: async (event) => {
      event.currentTarget.disabled = true;
      for (const values of again) {
        lastRound.record(state.table.id, state.round.id, action, values);
        await queue.add({ round: state.round.id, kind: "action", url: at(urls.action, state.round.id), body: { action: action.name, ...values }, key: newKey(), label: describeEntry(action, values), spec: action });
      }
      await refreshWaiting();
      render();
      pump();
    } },
    el("span", { class: "label" }, t("Same as last round")),
    " ",
    el("span", { class: "figures" }, again.map((values) => repeatWords(view, action, values)).join(" · "))));
}

/** One box's or seat's entry again, in few words: "Box 4 10.00 blind", "Box 1 10.00 + bonus 5.00". */
function repeatWords(view, action, values) {
  const parts = [];
  let amounts = 0;
  for (const field of action.fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === false) continue;
    if (field.kind === "position") parts.push(positionName({ kind: view.positions[0]?.position.kind || field.name, number: value }));
    else if (field.kind === "amount") parts.push(`${amounts++ ? `+ ${words(field.name)} ` : ""}${shown(value)}`);
    else if (field.kind === "flag") parts.push(words(field.name));
  }
  return parts.join(" ");
}

async function prepare(entry) {
  if (!entry.body.action) return { body: entry.body };
  if (!state.fresh || entry.round !== state.round?.id) {
    try {
      const round = await call("GET", at(urls.round, entry.round));
      if (round.id === state.round?.id) applyRound(round);
      return { body: { ...entry.body, expected_event: round.last_event_seq } };
    } catch (error) {
      if (error instanceof Unreachable) {
        setOnline(false);
        return null;
      }
      await refuse(entry, error);
      return null;
    }
  }
  return { body: { ...entry.body, expected_event: state.round.last_event_seq } };
}

async function refuse(entry, error) {
  entry.state = "refused";
  entry.error = { status: error.status, code: error.code, message: error.message, details: error.details };
  await queue.put(entry);
  state.fresh = false;
}

async function send(entry) {
  try {
    const answer = await call("POST", entry.url, { body: entry.body, key: entry.key });
    setOnline(true);
    if (entry.round === state.round?.id) applyAnswer(answer);
    if (kindOf(entry) === "paid" && entry.round === state.round?.id) {
      // Paid: the round is done with, and the table takes the next one.
      state.round = null;
      keep();
    }
    tabs?.postMessage({ round: entry.round, answer });
    return "sent";
  } catch (error) {
    if (error instanceof Unreachable) {
      setOnline(false);
      return "unreachable";
    }
    await refuse(entry, error);
    return "refused";
  }
}

/** Send what waits, in order; again if more was queued meanwhile. */
async function pump() {
  if (state.pumping) {
    state.again = true;
    return;
  }
  state.pumping = true;
  try {
    do {
      state.again = false;
      const outcome = await queue.drain(prepare, send, async (entry) => {
        await refreshWaiting();
        render();
        if (performance.getEntriesByName(`tap:${entry.key}`).length) {
          performance.measure("tablet-entry", `tap:${entry.key}`);
          performance.clearMarks(`tap:${entry.key}`);
        }
        resolveAnswer(entry.key, "sent");
      });
      if (outcome === "refused" && state.online) await loadTable().catch(() => {});
    } while (state.again);
  } finally {
    state.pumping = false;
    await refreshWaiting();
    for (const entry of state.waiting) resolveAnswer(entry.key, entry.state);
    render();
  }
}

async function drop(entry) {
  await queue.remove(entry.id);
  await refreshWaiting();
  render();
  pump();
}

async function fix(entry) {
  // The action as the server offers it now, if it still does; else as it was when tapped.
  const now = state.round?.view.actions.find((a) => a.name === entry.body.action && JSON.stringify(a.position) === JSON.stringify(entry.spec?.position));
  const action = now || entry.spec;
  const { action: _name, expected_event: _seen, ...values } = entry.body;
  const fixed = await askFields(action, { initial: values, context: { ...context(), view: state.round.view, taken: new Set() } });
  if (fixed === undefined) return;
  // A changed entry is a new entry: its own key, and the event number of the moment it is sent.
  await queue.put({ ...entry, body: { action: action.name, ...fixed }, key: newKey(), prepared: false, state: "waiting", error: null, label: describeEntry(action, fixed), spec: action });
  await refreshWaiting();
  render();
  pump();
}

// ---- Undo and void, decided by a pit boss ----------------------------------------------------

/** The request of this round waiting for a pit boss, as known now (an undo the round names, a
 *  void this tablet asked), read again from the server when ``fetch`` is set. */
async function findPending({ fetch = false } = {}) {
  const round = state.round;
  if (round?.status === "voided") {
    await leaveVoided(round);
    return;
  }
  if (!round || round.status !== "open") {
    state.pending = null;
    return;
  }
  const retraction = round.pending_retraction;
  if (retraction) {
    if (state.pending?.kind !== "retraction" || state.pending.id !== retraction || fetch) {
      const request = await call("GET", at(urls.retraction, retraction)).catch(() => null);
      state.pending = { kind: "retraction", id: retraction, request };
    }
    return;
  }
  if (state.pending?.kind === "retraction") {
    // The round no longer names it: decided elsewhere (on the pit board) meanwhile.
    const decided = await call("GET", at(urls.retraction, state.pending.id)).catch(() => null);
    if (decided?.decision) tell(decisionWords("retraction", decided.decision.outcome, decided.decision.decided_by, decided.decision.note));
    state.pending = null;
  }
  const asked = askedVoid.get(round.id);
  if (asked) {
    if (fetch || state.pending?.kind !== "void") {
      const correction = await call("GET", at(urls.correction, asked.id)).catch(() => null);
      if (correction && correction.status !== "requested") {
        askedVoid.clear();
        tell(decisionWords("void", correction.status, correction.decided_by, correction.decision_note));
        state.pending = null;
        if (correction.status === "approved") await loadTable();
        return;
      }
      state.pending = { kind: "void", id: asked.id, reason: asked.reason, request: correction };
    }
    return;
  }
  state.pending = null;
}

/** ``round`` was voided while this tablet showed it (a void approved on the pit board or the
 *  workbench): said, and the table is between rounds; nothing more is offered on it. */
async function leaveVoided(round) {
  const asked = askedVoid.get(round.id);
  const correction = asked ? await call("GET", at(urls.correction, asked.id)).catch(() => null) : null;
  askedVoid.clear();
  state.pending = null;
  tell(correction
    ? decisionWords("void", correction.status, correction.decided_by, correction.decision_note)
    : t("Round {number} was voided by a pit boss.", { number: round.number }));
  state.round = null;
  await loadTable();
}

// The read of a decision in flight, and whether another was asked for meanwhile: the stream's
// word and the periodic re-check may come together, and two reads at once each said the void
// in their own words, the later ("voided by a pit boss") over the one that named who decided.
let following = null;
let followAgain = false;

/** Read the round and what waits on it again (a decision may have come), then redraw: one read
 *  at a time, and once more after it when asked again while it ran. */
function followPending() {
  if (following) {
    followAgain = true;
    return following;
  }
  following = (async () => {
    do {
      followAgain = false;
      await followPendingOnce();
    } while (followAgain);
  })().finally(() => { following = null; });
  return following;
}

async function followPendingOnce() {
  if (!state.round) return;
  try {
    await loadRound(state.round.id);
    await findPending({ fetch: true });
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
  }
  render();
}

async function undo() {
  if (!(await queueEmpty())) return;
  tell(null);
  const request = await askUndo(state.round, say);
  if (!request) return;
  state.round.pending_retraction = request.id;
  state.pending = { kind: "retraction", id: request.id, request };
  render();
}

async function voidRound() {
  say(null);
  tell(null);
  const correction = await askVoid(state.round, say);
  if (!correction) return;
  state.pending = { kind: "void", id: correction.id, reason: correction.reason, request: correction };
  render();
}

async function decide() {
  const pending = state.pending;
  if (!pending) return;
  const title = pending.kind === "retraction"
    ? t("Undo in round {number}", { number: state.round.number })
    : t("Void round {number}", { number: state.round.number });
  const decided = await decideHere({ ...pending, title }, { tablet: state.tablet, table: state.table.id });
  if (!decided) return;
  const note = decided.answer?.decision?.note ?? decided.answer?.decision_note ?? "";
  tell(decisionWords(pending.kind, decided.outcome, decided.by, note));
  if (pending.kind === "void") askedVoid.clear();
  state.pending = null;
  if (pending.kind === "void" && decided.outcome === "approve") await loadTable();
  else await followPending();
  render();
}

async function withdraw() {
  const pending = state.pending;
  if (pending?.kind !== "retraction") return;
  try {
    await call("POST", at(urls.retractionWithdraw, pending.id), { body: { note: "" }, key: newKey() });
    tell(t("Undo withdrawn: the round is as it was."));
  } catch (error) {
    say(error instanceof Unreachable ? new Error(t("No network: try again once it is back.")) : error);
  }
  await followPending();
}

// ---- The pit's stream ----------------------------------------------------------------------

/** Follow the pit's stream with the dealer's token (once per sign-in and table). */
function followStream() {
  const pit = state.tablet?.table?.pit_id;
  const wanted = session.token && pit ? `${pit}:${session.token}` : null;
  if (state.streamFor === wanted) return;
  state.stream?.stop();
  state.stream = null;
  state.streamFor = wanted;
  if (!wanted) return;
  state.stream = follow(at(urls.pitEvents, pit), { token: () => session.token, onEvent: changed });
}

function stopStream() {
  state.stream?.stop();
  state.stream = null;
  state.streamFor = null;
}

/** What the pit's stream says changed at this table. */
async function changed(event) {
  if (event.name === "resync" || (event.name === "ready" && state.table)) {
    await loadTable().catch(() => {});
    redrawTray();
    render();
    return;
  }
  if (event.table !== undefined && event.table !== state.table?.id) return;
  const round = state.round;
  switch (event.kind) {
    case "tray_changed":
      redrawTray();
      break;
    case "players_changed":
      if (state.table) refreshPlayers(state.playersHost, state.table, state.online, hold);
      break;
    case "retraction_requested":
    case "retraction_decided":
    case "correction_decided":
      if (round && event.data.round === round.id) await followPending();
      break;
    case "payouts_confirmed":
    case "round_opened":
    case "round_settled":
      if (!state.pumping && !state.waiting.length) {
        await loadTable().catch(() => {});
        render();
      }
      break;
    case "round_action":
      // Another tablet's entry: this one's screen is behind the server's.
      if (round && event.data.round === round.id && event.data.last_event_seq > round.last_event_seq && !state.pumping && !state.waiting.length) {
        await loadRound(round.id).catch(() => {});
        render();
      }
      break;
    default:
      break;
  }
}

function redrawTray() {
  if (state.trayHost && state.table) refreshTray(state.trayHost, state.table, state.online, hold);
}

// ---- Screens -----------------------------------------------------------------------------

/** Hold the buttons under ``root`` while the screen is new (see GUARD_MS). */
function hold(root) {
  const wait = state.heldUntil - performance.now();
  if (wait <= 0) return;
  const held = [...root.querySelectorAll("button:not([disabled])")];
  for (const button of held) {
    button.disabled = true;
    button.dataset.held = "";
  }
  setTimeout(() => {
    for (const button of held) {
      if (!button.isConnected || !("held" in button.dataset)) continue;
      button.disabled = false;
      delete button.dataset.held;
    }
  }, wait);
}

/** Which screen is shown: between rounds, a round in play, or its payout screen to settle or
 *  to mark paid; a change starts the guard against a double tap. */
function setStage(stage) {
  screen.dataset.screen = stage.split(":")[0];
  screen.dataset.stage = stage;
  if (stage === state.stage) return;
  state.stage = stage;
  state.heldUntil = performance.now() + GUARD_MS;
}

function render() {
  paintConnection();
  const table = state.table;
  menu.hidden = relieve.hidden = !session.token;
  dealer.textContent = state.me ? state.me.username : "";
  if (!session.token) return;
  if (!table) {
    where.textContent = t("Dealer's tablet");
    setStage("none");
    screen.replaceChildren(el("section", { class: "notice-screen" }, el("h1", {}, t("No table")), el("p", {}, state.online ? t("You are not seated at a table now. Ask the pit boss.") : t("Offline: the table shows once the network is back."))));
    return;
  }
  const round = paidAlready(state.round) ? null : state.round;
  where.textContent = `${table.code} · ${gameName(table.game)}${round ? ` · ${t("round {number}", { number: round.number })}` : ""}`;
  screen.dataset.round = round ? String(round.id) : "";
  screen.dataset.event = round ? String(round.last_event_seq) : "";
  if (!round) {
    const same = state.stage === "between" && state.trayHost?.isConnected && screen.dataset.betweenFor === `${table.id}:${table.status}`;
    setStage("between");
    if (same) {
      // Drawn already: only what waits to be sent changes (the tray follows its own changes,
      // and a count being entered in it stays as it is).
      screen.querySelector(".between-waiting")?.replaceChildren(...[waitingList()].filter(Boolean));
      return;
    }
    screen.dataset.betweenFor = `${table.id}:${table.status}`;
    screen.replaceChildren(betweenRounds());
    hold(screen);
    return;
  }
  delete screen.dataset.betweenFor;
  const view = currentView();
  screen.dataset.phase = view.phase;
  if (view.complete && view.result) {
    setStage(round.status === "settled" ? "payout:paid" : "payout:settle");
    screen.replaceChildren(payoutScreen(round, view, table));
  } else {
    setStage("round");
    screen.replaceChildren(roundScreen(round, view));
  }
  hold(screen);
}

/** Whether ``round``'s payouts are confirmed, or their "Paid" waits to be sent. */
function paidAlready(round) {
  if (!round) return false;
  if (round.payouts_confirmed) return true;
  return state.waiting.some((e) => e.round === round.id && kindOf(e) === "paid");
}

function phaseLine(view) {
  return el("p", { class: "phase" }, words(view.phase), view.provisional ? el("span", { class: "provisional" }, ` · ${t("as entered, not yet confirmed")}`) : null);
}

function roundScreen(round, view) {
  const { refused } = counts();
  const empty = refused
    ? t("An entry was refused: fix it or drop it below.")
    : !state.online ? t("Waiting for the network to show what comes next.") : t("Sending…");
  const pending = state.pending;
  const dock = el("section", { class: "dock", "aria-label": t("Next") },
    phaseLine(view),
    pending
      ? pendingPanel(pending, { onDecide: decide, onWithdraw: withdraw })
      : null,
    pending?.kind === "retraction"
      ? null
      : actionList(view, (action, preset) => take(action, preset), {
          aids,
          extra: [repeatButton(view)].filter(Boolean),
          empty: view.provisional ? empty : undefined,
        }),
    waitingList(),
    tools(round));
  return el("div", { class: "play" },
    tableView(view, { cardName, isRed, pending: view.pending }),
    dock);
}

/** Undo and void: asked of a pit boss, online only, nothing waiting to be sent. */
function tools(round, { voidable = true } = {}) {
  if (state.pending || round.status !== "open") return null;
  const blocked = !state.online || state.waiting.length > 0;
  return el("div", { class: "tools" },
    round.last_event_seq > 0
      ? el("button", { type: "button", class: "quiet", "data-undo": "", disabled: blocked, onclick: undo }, t("Undo last entry…"))
      : null,
    voidable ? el("button", { type: "button", class: "quiet", "data-void": "", disabled: !state.online, onclick: voidRound }, t("Void round…")) : null);
}

function payoutScreen(round, view, table) {
  const settled = round.status === "settled";
  const settling = state.waiting.some((e) => e.round === round.id && kindOf(e) === "settle");
  const finish = settled
    ? el("div", { class: "finish", "data-finish": "paid" },
        el("button", { type: "button", class: "primary huge", "data-paid": "", onclick: paid }, t("Paid")),
        el("p", { class: "done" }, t("Settled: pay the layout as shown, then tap Paid.")))
    : el("div", { class: "finish", "data-finish": "settle" },
        state.pending ? null : tools(round, { voidable: false }),
        el("button", { type: "button", class: "primary huge", "data-settle": "", disabled: settling || Boolean(state.pending), onclick: settle }, settling ? t("Settling…") : t("Settle")));
  return el("div", { class: "payout" },
    state.pending ? pendingPanel(state.pending, { onDecide: decide, onWithdraw: withdraw }) : null,
    payoutFigures(view, table.currency, round.number),
    waitingList(),
    finish,
    // Settled: the tray's steps are in reach while the layout is paid (a fill to ask for).
    settled ? trayHost(`paid:${round.id}`) : null);
}

/** The chip tray's section for the screen ``key`` names: the one on the screen already while
 *  the same screen is drawn again (a count being typed in it stays), else a new one. */
function trayHost(key) {
  if (state.trayHost?.isConnected && state.trayFor === key) return state.trayHost;
  const host = el("section", { class: "tray", "aria-label": t("Chip tray") });
  state.trayHost = host;
  state.trayFor = key;
  traySection(host, state.table, state.online, hold);
  return host;
}

function waitingList() {
  const mine = state.waiting;
  if (!mine.length) return null;
  const { waiting, refused } = counts();
  return el("section", { class: "waiting", "aria-label": t("Entries waiting") },
    el("h2", {}, tn("{n} entry waiting to be sent", "{n} entries waiting to be sent", waiting), refused ? ` · ${t("{entries} refused", { entries: entries(refused) })}` : ""),
    el("ol", {}, ...mine.map((entry) => el("li", { class: `entry ${entry.state}`, "data-entry": String(entry.id) },
      el("span", { class: "label" }, entry.label),
      entry.state === "refused"
        ? el("div", { class: "refused" },
            el("p", { class: "reason", "data-code": entry.error.code }, explain(entry.error), detailOf(entry.error) ? el("small", {}, ` (${detailOf(entry.error)})`) : null),
            entry.body?.action ? el("button", { type: "button", "data-fix": "", onclick: () => fix(entry) }, t("Fix")) : null,
            el("button", { type: "button", class: "danger", "data-drop": "", onclick: () => drop(entry) }, t("Drop")))
        : el("span", { class: "state" }, state.online ? t("sending…") : pt("name", "waiting"))))));
}

function betweenRounds() {
  const options = roundOptions[state.table.game] || [];
  const chosen = {};
  const host = trayHost(`between:${state.table.id}:${state.table.status}`);
  const players = el("section", { class: "players", "aria-label": t("Players") });
  state.playersHost = players;
  playersSection(players, state.table, state.online, hold);
  return el("section", { class: "between" },
    el("h1", {}, state.table.status === "open" ? t("Between rounds") : t("The table is closed")),
    options.length ? el("div", { class: "options" }, el("p", {}, t("Agreed before the deal (else the table's rules):")),
      ...options.map((option) => el("label", { class: "toggle" },
        el("input", { type: "checkbox", "data-option": option.name, onchange: (event) => { chosen[option.name] = event.target.checked; } }),
        ` ${option.label}`))) : null,
    el("button", { type: "button", class: "primary huge", "data-open-round": "", onclick: (event) => { event.currentTarget.disabled = true; openRound({ ...chosen }); } }, t("Open next round")),
    el("div", { class: "between-waiting" }, waitingList()),
    state.table.status === "open" ? players : null,
    host);
}

async function settle(event) {
  event.currentTarget.disabled = true;
  await queue.add({ round: state.round.id, kind: "settle", url: at(urls.settle, state.round.id), body: {}, key: newKey(), label: t("Settle round {number}", { number: state.round.number }) });
  await refreshWaiting();
  render();
  pump();
}

async function paid(event) {
  event.currentTarget.disabled = true;
  await queue.add({ round: state.round.id, kind: "paid", url: at(urls.paid, state.round.id), body: {}, key: newKey(), label: t("Paid: round {number}", { number: state.round.number }) });
  await refreshWaiting();
  render();
  pump();
}

function unpairedScreen(reason) {
  where.textContent = t("Dealer's tablet");
  menu.hidden = relieve.hidden = true;
  dealer.textContent = "";
  const revoked = reason === "tablet_revoked";
  setStage(revoked ? "revoked" : "unpaired");
  screen.replaceChildren(el("section", { class: "notice-screen", "data-unpaired": reason },
    el("h1", {}, revoked ? t("This tablet was revoked") : t("This tablet is not paired with a table")),
    el("p", {}, revoked
      ? t("A pit boss must pair it again before dealers can sign in on it.")
      : t("A pit boss pairs it with a table, signed in on this tablet.")),
    el("a", { class: "button primary huge", href: urls.pair }, t("Pair this tablet"))),
    ...[waitingList()].filter(Boolean));
  paintConnection();
}

const dealerLanguages = () => { try { return JSON.parse(localStorage.getItem(DEALER_LANGUAGES) || "{}") || {}; } catch { return {}; } };

/** The language the table's tablet is read in before a dealer signs in with their own (set in
 *  the table's settings), or null: the browser's. */
const tableLanguage = () => state.tablet?.table?.language || null;

/** Reads the page in ``username``'s language: ``chosen`` (tapped on the PIN pad, then kept for
 *  them), else the one they chose at an earlier sign-in here, else the table's, else the
 *  browser's. */
function useDealersLanguage(username, chosen = null) {
  const kept = dealerLanguages();
  if (chosen) {
    kept[username] = chosen;
    localStorage.setItem(DEALER_LANGUAGES, JSON.stringify(kept));
  }
  setLanguage(chosen || kept[username] || tableLanguage());
}

/** Keeps ``code``, tapped on the PIN pad, as the signed-in dealer's own on the server, so that
 *  it follows them to another table's tablet. Once: without the network, or refused, it stays
 *  this tablet's alone (``useDealersLanguage`` kept it here already). */
function keepLanguage(code) {
  call("PUT", urls.language, { body: { language: code }, key: newKey() }).catch(() => undefined);
}

/** The languages offered on the PIN pad, each in its own words, the page's marked: a tap reads
 *  the pad in it at once (``redraw``) and signs the dealer in in it. */
function languagePicker(redraw) {
  const offered = languages();
  if (offered.length < 2) return null;
  return el("div", { class: "choices languages", role: "group", "aria-label": t("Language") },
    ...offered.map(([code, name]) => el("button", {
      type: "button", class: `take ${code === language() ? "chosen" : ""}`, "data-language": code, lang: code,
      onclick: () => { state.pinLanguage = code; setLanguage(code); redraw(); },
    }, name)));
}

const recentDealers = () => { try { return JSON.parse(localStorage.getItem(RECENT) || "[]"); } catch { return []; } };

function pinScreen(message, { back = false } = {}) {
  const tablet = state.tablet;
  where.textContent = tablet ? `${tablet.table.name} · ${gameName(tablet.table.game)}` : t("Dealer's tablet");
  // Nobody is signed in here unless the PIN screen is a rotation's, over the outgoing dealer.
  menu.hidden = relieve.hidden = !session.token;
  if (!session.token) dealer.textContent = "";
  setStage("pin");
  const signIn = async ({ username, pin }) => {
    say(null);
    try {
      const answer = await call("POST", urls.tabletSignIn, {
        authorization: "tablet",
        body: { table: tablet.table.id, username, pin },
      });
      session.token = answer.token;
      session.tokenId = answer.token_id;
      state.me = answer.user;
      state.leftLast = null;
      // Tapped now, else the dealer's own as the server keeps it, else as this tablet kept it.
      const tapped = state.pinLanguage;
      useDealersLanguage(answer.user.username, tapped || answer.language || null);
      state.pinLanguage = null;
      if (tapped && tapped !== answer.language) keepLanguage(tapped);
      paintSignOuts();
      localStorage.setItem(RECENT, JSON.stringify([answer.user.username, ...recentDealers().filter((u) => u !== answer.user.username)].slice(0, 6)));
      await begin();
    } catch (error) {
      if (error instanceof Refusal && error.code === "tablet_revoked") return unpairedScreen(error.code);
      say(error instanceof Unreachable ? new Error(t("No network: sign in once it is back.")) : error);
    }
    return undefined;
  };
  // The dealer the table has now, those who signed in here lately, then every dealer who may:
  // a name is one tap, even at a fresh tablet of a table nobody deals at yet.
  const names = namesToOffer([tablet?.dealer?.username], [...recentDealers(), ...(tablet?.dealers || []).map((d) => d.username)]);
  const pad = pinPad({ names, onSubmit: signIn });
  screen.replaceChildren(el("div", { class: "sign-in pin-screen" },
    el("h1", {}, t("Dealer sign-in")),
    tablet?.dealer ? el("p", {}, `${t("Dealing now:")} `, el("strong", {}, tablet.dealer.name || tablet.dealer.username), t(". Signing in relieves them.")) : null,
    message ? el("p", { class: "form-problem" }, message) : null,
    languagePicker(() => pinScreen(message, { back })),
    pad.node,
    back ? el("button", { type: "button", class: "quiet", onclick: () => render() }, t("Back to the round")) : null));
  paintConnection();
}

// A rotation: the incoming dealer signs in while the outgoing one's session still stands; the
// server relieves the outgoing dealer (and revokes their token) once the new PIN is right.
async function changeDealer() {
  if (!(await queueEmpty())) return;
  pinScreen(null, { back: true });
}

async function signOut() {
  if (!session.token) return;
  if (!(await queueEmpty())) return;
  // The token is revoked on the server first: forgetting it here alone would leave it acting
  // as this dealer wherever a copy of it is. Without the server, this tablet forgets it all
  // the same (the next dealer must not act in this one's name) but keeps it to revoke it once
  // the server answers, and says so meanwhile.
  const leaving = { token: session.token, id: session.tokenId, username: state.me?.username || "" };
  try {
    await revoke(leaving);
    state.leftLast = leaving.username;
  } catch (error) {
    if (!(error instanceof Unreachable)) {
      say(error);
      return;
    }
    unrevoked.add(leaving);
    state.leftLast = null;
  }
  session.token = null;
  stopStream();
  Object.assign(state, { me: null, table: null, round: null, pending: null, pinLanguage: null });
  // The next dealer starts in the table's language (else the browser's), until their own is
  // known.
  setLanguage(tableLanguage());
  localStorage.removeItem(KEPT);
  paintSignOuts();
  await begin();
}

/** The banner of the last sign-outs: whose sign-in still holds on the server (the server could
 *  not be reached to end it, or refused to), else who signed out last. */
function paintSignOuts() {
  const left = unrevoked.all();
  if (left.length) {
    const names = left.map((e) => e.username || t("a dealer")).join(", ");
    const refused = left.find((e) => e.refused);
    signedOut.dataset.state = "unrevoked";
    signedOut.replaceChildren(
      el("strong", {}, t("Signed out on this tablet only: the server still accepts {names}'s sign-in.", { names })),
      ` ${refused
        ? t("The server refused to end the sign-in: {why} It is tried again.", { why: explain(refused.refused) })
        : t("The server could not be reached; the sign-in is ended there as soon as the network is back.")}`);
    signedOut.hidden = false;
  } else if (state.leftLast !== null) {
    signedOut.dataset.state = "revoked";
    signedOut.replaceChildren(t("Signed out: {name}'s sign-in is ended on the server.", { name: state.leftLast || t("the dealer") }));
    signedOut.hidden = false;
  } else {
    signedOut.hidden = true;
    signedOut.dataset.state = "";
    signedOut.replaceChildren();
  }
}

/** End on the server the sign-ins that sign-outs left holding there, if it answers now. */
async function revokeSignOuts() {
  const before = unrevoked.all();
  if (!before.length) return;
  await revokeUnrevoked();
  if (!unrevoked.all().length && !session.token) state.leftLast = before.at(-1).username;
  paintSignOuts();
}

async function begin() {
  revokeSignOuts();
  try {
    await loadTable();
    await findPending().catch(() => {});
  } catch (error) {
    if (error instanceof Unpaired) {
      if (error.message === "tablet_revoked") {
        session.token = null;
        localStorage.removeItem(KEPT);
      }
      stopStream();
      unpairedScreen(error.message);
      return;
    }
    if (error instanceof Refusal && [401, 403].includes(error.status)) {
      if (error.code === "tablet_revoked") {
        unpairedScreen(error.code);
        return;
      }
      // This dealer's sign-in ended (relieved by the next dealer, expired, or moved away).
      session.token = null;
      stopStream();
      pinScreen(explain(error));
      return;
    }
    say(error);
  }
  if (!session.token) {
    pinScreen();
    return;
  }
  render();
  pump();
}

// The browser's back button stays in the app: the page before it (the pairing page, the pit
// boss's sign-in) is no place for a dealer in the middle of a round. Back closes an open dialog.
function keepBackInTheApp() {
  history.replaceState({ tablet: "base" }, "");
  history.pushState({ tablet: "app" }, "");
  window.addEventListener("popstate", () => {
    for (const open of document.querySelectorAll("dialog[open]")) open.dispatchEvent(new Event("cancel", { cancelable: true }));
    history.pushState({ tablet: "app" }, "");
  });
}

/** Installs the service worker that keeps the app's files for a reload without the network,
 *  and again at each tick while none controls the page: an install that failed (one of its
 *  files not fetched while the network or the server faltered) is dropped by the browser, and
 *  would leave this tablet without its offline copy until the page is loaded again. While one
 *  is installing, or once one is in place, registering again fetches nothing.
 *
 *  A worker that became active while this page was loading (the page reloaded during the
 *  install) took the pages open then, not this one: it is asked to take this one too. */
function keepAppOffline() {
  if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller) return;
  navigator.serviceWorker.register(serviceWorker)
    .then((registration) => { if (registration.active) registration.active.postMessage("claim"); })
    .catch(() => {});
}

async function start() {
  keepAppOffline();
  keepBackInTheApp();
  window.addEventListener("online", () => { setOnline(true); begin(); });
  window.addEventListener("offline", () => setOnline(false));
  menu.addEventListener("click", signOut);
  relieve.addEventListener("click", changeDealer);
  // Every few seconds: back online by itself (the browser's "online" may come before the
  // network carries requests, or never), what waits sent again, and a request waiting for a
  // pit boss read again (its decision may have come while the stream was away).
  setInterval(() => {
    revokeSignOuts();
    keepAppOffline();
    if (state.pumping) return;
    if (!state.online && credential.get()) begin();
    else if (state.waiting.some((e) => e.state === "waiting")) pump();
    else if (state.pending && !state.asking) followPending();
  }, RETRY_MS);
  paintSignOuts();
  await refreshWaiting();
  await begin();
}

start();
