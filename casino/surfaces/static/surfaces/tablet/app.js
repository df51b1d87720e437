// The dealer's tablet: signs in, finds its table and the round in play (a tablet that crashed
// lands back on it), renders the round from its view with the one renderer, queues every entry
// (so that none is lost when the network drops) and sends the queue in order.

import { el, show } from "../common/dom.js";
import { gameName } from "../common/games.js";
import { detailOf, explainToDealer as explain } from "../common/words.js";
import { Refusal, Unreachable, at, call, credential, newKey, roundOptions, serviceWorker, session, unrevoked, urls } from "./api.js";
import { askFields } from "./fields.js";
import { provisional } from "./offline.js";
import { cardName, isRed } from "./picker.js";
import * as queue from "./queue.js";
import { revoke, revokeUnrevoked } from "./signout.js";
import { traySection } from "./tray.js";
import { actions as actionList, inlineField, mentions, settlement, table as tableView, words } from "./render.js";

const screen = document.getElementById("screen");
const connection = document.getElementById("connection");
const problem = document.getElementById("problem");
const where = document.getElementById("where");
const dealer = document.getElementById("dealer");
const menu = document.getElementById("menu");
const relieve = document.getElementById("relieve");
const signedOut = document.getElementById("signed-out");

// The table and round last seen, kept so that a reload while offline shows them again.
const KEPT = "tablet.kept";
// The dealers who signed in at this tablet lately: one tap for the name at the next rotation.
const RECENT = "tablet.recent-dealers";
const RETRY_MS = 3000;

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
  // Who signed out last at this tablet, their token revoked: said until the next sign-in.
  leftLast: null,
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

function setOnline(online) {
  state.online = online;
  paintConnection();
}

function paintConnection() {
  const waiting = state.waiting.filter((e) => e.state === "waiting").length;
  const refused = state.waiting.some((e) => e.state === "refused");
  const count = `${waiting} ${waiting === 1 ? "entry" : "entries"} waiting`;
  let text = "Online";
  let mode = "online";
  if (!state.online) {
    mode = "offline";
    text = `Offline · ${count}`;
  } else if (refused) {
    mode = "refused";
    text = `Stopped: an entry was refused · ${count}`;
  } else if (waiting) {
    mode = "sending";
    text = `Sending · ${count}`;
  }
  connection.dataset.state = mode;
  connection.dataset.waiting = String(waiting);
  connection.textContent = text;
}

async function refreshWaiting() {
  state.waiting = await queue.all();
}

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
  if (!session.token) return null;
  state.me = await call("GET", urls.me);
  return call("GET", at(urls.table, state.tablet.table.id));
}

async function loadTable() {
  try {
    state.table = await findTable();
    if (state.table?.open_round) await loadRound(state.table.open_round.id);
    else if (state.round && (state.round.status !== "settled" || state.round.table !== state.table?.id)) state.round = null;
    state.fresh = true;
    setOnline(true);
    keep();
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    Object.assign(state, pick(kept(), ["me", "tablet", "table", "round"]));
    setOnline(false);
  }
}

const pick = (object, keys) => Object.fromEntries(keys.filter((k) => k in object).map((k) => [k, object[k]]));

async function loadRound(id) {
  applyRound(await call("GET", at(urls.round, id)));
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
  };
  state.fresh = true;
  keep();
}

async function openRound(options) {
  say(null);
  try {
    applyRound(await call("POST", at(urls.openRound, state.table.id), { body: { options }, key: newKey() }));
  } catch (error) {
    if (error instanceof Refusal && error.code === "round_already_open" && error.details.round) {
      // A round is in play here already (opened before a crash, or by another tablet): go to it.
      await loadRound(error.details.round);
    } else if (error instanceof Unreachable) {
      say(new Error("No network: a new round opens once the network is back."));
      setOnline(false);
    } else {
      say(error);
    }
  }
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
  const mine = state.waiting.filter((e) => e.round === state.round.id);
  return provisional(state.round.view, mine);
}

function describeEntry(action, values) {
  const parts = [action.label || words(action.name)];
  for (const field of action.fields) {
    const value = values[field.name];
    if (value === undefined || value === null || (field.kind === "position" && action.position)) continue;
    // A value the action's label states already ("Box 1: bet 20.00") is not written twice.
    if (["amount", "choice"].includes(field.kind) && mentions(parts[0], value)) continue;
    if (field.kind === "card" || field.kind === "cards") parts.push([].concat(value).map(cardName).join(" "));
    else if (field.kind === "stacks") parts.push(Object.entries(value).map(([s, a]) => `${s}: ${a}`).join(", "));
    else parts.push(`${words(field.name)} ${value}`);
  }
  return parts.join(" · ");
}

async function take(action, preset = {}, initial = {}) {
  if (state.asking) return;
  state.asking = true;
  let values;
  try {
    say(null);
    values = await askFields(action, {
      preset,
      initial,
      context: { view: currentView(), game: state.table.game, taken: takenCards() },
    });
  } finally {
    state.asking = false;
  }
  if (values === undefined) return;
  await record(action, values);
  await continueWith(action, values);
}

async function record(action, values) {
  const round = state.round;
  const key = newKey();
  // From the tap to the screen showing the server's answer: "tablet-entry" measures.
  performance.mark(`tap:${key}`);
  await queue.add({
    round: round.id,
    url: at(urls.action, round.id),
    body: { action: action.name, ...values },
    key,
    label: describeEntry(action, values),
    spec: action,
  });
  await refreshWaiting();
  render();
  pump();
}

// The dealer's likely next entry: the same action for the next box or seat it still offers
// (the next box's wagers, the next box's cards), opened at once.
async function continueWith(action, values) {
  const inline = inlineField(action);
  if (!inline || inline.kind !== "position" || state.waiting.some((e) => e.state === "refused")) return;
  const view = currentView();
  const same = view.actions.find((a) => a.name === action.name && !a.position);
  const field = same?.fields.find((f) => f.name === inline.name);
  const left = field?.positions || [];
  if (!left.length) return;
  const next = left.find((p) => p > Number(values[inline.name])) ?? left[0];
  await take(same, { [inline.name]: next });
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
      });
      if (outcome === "refused" && state.online) await loadTable().catch(() => {});
    } while (state.again);
  } finally {
    state.pumping = false;
    await refreshWaiting();
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
  const fixed = await askFields(action, { initial: values, context: { view: state.round.view, game: state.table.game, taken: new Set() } });
  if (fixed === undefined) return;
  // A changed entry is a new entry: its own key, and the event number of the moment it is sent.
  await queue.put({ ...entry, body: { action: action.name, ...fixed }, key: newKey(), prepared: false, state: "waiting", error: null, label: describeEntry(action, fixed), spec: action });
  await refreshWaiting();
  render();
  pump();
}

// ---- Screens -----------------------------------------------------------------------------

function render() {
  paintConnection();
  const table = state.table;
  menu.hidden = relieve.hidden = !session.token;
  dealer.textContent = state.me ? state.me.username : "";
  if (!session.token) return;
  if (!table) {
    where.textContent = "Dealer's tablet";
    screen.replaceChildren(el("section", { class: "notice" }, el("h1", {}, "No table"), el("p", {}, state.online ? "You are not seated at a table now. Ask the pit boss." : "Offline: the table shows once the network is back.")));
    return;
  }
  const round = state.round;
  screen.dataset.screen = round ? "round" : "between";
  where.textContent = `${table.code} · ${gameName(table.game)}${round ? ` · round ${round.number}` : ""}`;
  screen.dataset.round = round ? String(round.id) : "";
  screen.dataset.event = round ? String(round.last_event_seq) : "";
  if (!round) {
    screen.replaceChildren(betweenRounds());
    return;
  }
  const view = currentView();
  screen.dataset.phase = view.phase;
  const parts = [el("p", { class: "phase" }, words(view.phase), view.provisional ? el("span", { class: "provisional" }, " · as entered, not yet confirmed") : null)];
  if (view.complete && view.result) {
    parts.push(settlement(view, table.currency));
    parts.push(round.status === "settled"
      ? el("div", { class: "finish" }, el("p", { class: "done" }, "Settled."), el("button", { type: "button", class: "primary huge", "data-next-round": "", onclick: () => openRound({}) }, "Next round"))
      : el("div", { class: "finish" }, el("button", { type: "button", class: "primary huge", "data-settle": "", onclick: settle }, "Settle")));
  } else {
    parts.push(tableView(view, { cardName, isRed }));
    parts.push(actionList(view, (action, preset) => take(action, preset)));
  }
  parts.push(waitingList());
  screen.replaceChildren(...parts.filter(Boolean));
}

function waitingList() {
  const mine = state.waiting;
  if (!mine.length) return null;
  return el("section", { class: "waiting", "aria-label": "Entries waiting" },
    el("h2", {}, `${mine.length} waiting to be sent`),
    el("ol", {}, ...mine.map((entry) => el("li", { class: `entry ${entry.state}`, "data-entry": String(entry.id) },
      el("span", { class: "label" }, entry.label),
      entry.state === "refused"
        ? el("div", { class: "refused" },
            el("p", { class: "reason", "data-code": entry.error.code }, explain(entry.error), detailOf(entry.error) ? el("small", {}, ` (${detailOf(entry.error)})`) : null),
            el("button", { type: "button", "data-fix": "", onclick: () => fix(entry) }, "Fix"),
            el("button", { type: "button", class: "danger", "data-drop": "", onclick: () => drop(entry) }, "Drop"))
        : el("span", { class: "state" }, state.online ? "sending…" : "waiting")))));
}

function betweenRounds() {
  const options = roundOptions[state.table.game] || [];
  const chosen = {};
  return el("section", { class: "between" },
    el("h1", {}, state.table.status === "open" ? "Between rounds" : "The table is closed"),
    options.length ? el("div", { class: "options" }, el("p", {}, "Agreed before the deal (else the table's rules):"),
      ...options.map((option) => el("label", { class: "toggle" },
        el("input", { type: "checkbox", "data-option": option.name, onchange: (event) => { chosen[option.name] = event.target.checked; } }),
        ` ${option.label}`))) : null,
    el("button", { type: "button", class: "primary huge", "data-open-round": "", onclick: () => openRound({ ...chosen }) }, "Open next round"),
    trayHost());
}

// The chip tray's section, drawn once the tray is read (between rounds only: counts and slips
// are not taken in the middle of a deal).
function trayHost() {
  const host = el("section", { class: "tray", "aria-label": "Chip tray" });
  traySection(host, state.table, state.online);
  return host;
}

async function settle() {
  await queue.add({ round: state.round.id, url: at(urls.settle, state.round.id), body: {}, key: newKey(), label: "Settle the round" });
  await refreshWaiting();
  render();
  pump();
}

function unpairedScreen(reason) {
  where.textContent = "Dealer's tablet";
  menu.hidden = relieve.hidden = true;
  dealer.textContent = "";
  const revoked = reason === "tablet_revoked";
  screen.dataset.screen = revoked ? "revoked" : "unpaired";
  screen.replaceChildren(el("section", { class: "notice", "data-unpaired": reason },
    el("h1", {}, revoked ? "This tablet was revoked" : "This tablet is not paired with a table"),
    el("p", {}, revoked
      ? "A pit boss must pair it again before dealers can sign in on it."
      : "A pit boss pairs it with a table, signed in on this tablet."),
    el("a", { class: "button primary huge", href: urls.pair }, "Pair this tablet")),
    ...[waitingList()].filter(Boolean));
  paintConnection();
}

const recentDealers = () => { try { return JSON.parse(localStorage.getItem(RECENT) || "[]"); } catch { return []; } };

function pinScreen(message, { back = false } = {}) {
  const tablet = state.tablet;
  where.textContent = tablet ? `${tablet.table.name} · ${gameName(tablet.table.game)}` : "Dealer's tablet";
  // Nobody is signed in here unless the PIN screen is a rotation's, over the outgoing dealer.
  menu.hidden = relieve.hidden = !session.token;
  if (!session.token) dealer.textContent = "";
  screen.dataset.screen = "pin";
  let pin = "";
  const username = el("input", { name: "username", autocomplete: "username", required: true, autocapitalize: "none" });
  const shownPin = el("output", { class: "pin", "data-pin": "" }, "");
  const paint = () => { shownPin.textContent = "●".repeat(pin.length) || "PIN"; };
  const press = (digit) => () => { if (pin.length < 8) pin += digit; paint(); };
  const submit = async (event) => {
    event?.preventDefault();
    say(null);
    try {
      const answer = await call("POST", urls.tabletSignIn, {
        authorization: "tablet",
        body: { table: tablet.table.id, username: username.value.trim(), pin },
      });
      session.token = answer.token;
      session.tokenId = answer.token_id;
      state.me = answer.user;
      state.leftLast = null;
      paintSignOuts();
      localStorage.setItem(RECENT, JSON.stringify([answer.user.username, ...recentDealers().filter((u) => u !== answer.user.username)].slice(0, 6)));
      await begin();
    } catch (error) {
      pin = "";
      paint();
      if (error instanceof Refusal && error.code === "tablet_revoked") return unpairedScreen(error.code);
      say(error instanceof Unreachable ? new Error("No network: sign in once it is back.") : error);
    }
  };
  const digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((d) => el("button", { type: "button", "data-digit": d, onclick: press(d) }, d));
  screen.replaceChildren(el("form", { class: "sign-in pin-screen", onsubmit: submit },
    el("h1", {}, "Dealer sign-in"),
    tablet?.dealer ? el("p", {}, "Dealing now: ", el("strong", {}, tablet.dealer.name || tablet.dealer.username), ". Signing in relieves them.") : null,
    message ? el("p", { class: "form-problem" }, message) : null,
    el("label", {}, "Your user name", username),
    recentDealers().length ? el("div", { class: "choices" }, ...recentDealers().map((name) => el("button", {
      type: "button", class: "take", "data-dealer": name, onclick: () => { username.value = name; },
    }, name))) : null,
    shownPin,
    el("div", { class: "pin-pad" },
      ...digits,
      el("button", { type: "button", class: "quiet", "data-digit": "clear", onclick: () => { pin = pin.slice(0, -1); paint(); } }, "⌫"),
      el("button", { type: "button", "data-digit": "0", onclick: press("0") }, "0"),
      el("button", { type: "submit", class: "primary", "data-sign-in": "" }, "✓")),
    back ? el("button", { type: "button", class: "quiet", onclick: () => render() }, "Back to the round") : null));
  paint();
  paintConnection();
}

// A rotation: the incoming dealer signs in while the outgoing one's session still stands; the
// server relieves the outgoing dealer (and revokes their token) once the new PIN is right.
async function changeDealer() {
  await refreshWaiting();
  if (state.waiting.length) {
    say(new Error(`${state.waiting.length} entries are still waiting: send or drop them first.`));
    return;
  }
  say(null);
  pinScreen(null, { back: true });
}

async function signOut() {
  if (!session.token) return;
  await refreshWaiting();
  if (state.waiting.length) {
    say(new Error(`${state.waiting.length} entries are still waiting: send or drop them first.`));
    return;
  }
  say(null);
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
  Object.assign(state, { me: null, table: null, round: null });
  localStorage.removeItem(KEPT);
  paintSignOuts();
  await begin();
}

/** The banner of the last sign-outs: whose sign-in still holds on the server (the server could
 *  not be reached to end it, or refused to), else who signed out last. */
function paintSignOuts() {
  const left = unrevoked.all();
  if (left.length) {
    const names = left.map((e) => e.username || "a dealer").join(", ");
    const refused = left.find((e) => e.refused);
    signedOut.dataset.state = "unrevoked";
    signedOut.replaceChildren(
      el("strong", {}, `Signed out on this tablet only: the server still accepts ${names}'s sign-in.`),
      refused
        ? ` The server refused to end the sign-in: ${explain(refused.refused)} It is tried again.`
        : " The server could not be reached; the sign-in is ended there as soon as the network is back.");
    signedOut.hidden = false;
  } else if (state.leftLast !== null) {
    signedOut.dataset.state = "revoked";
    signedOut.replaceChildren(`Signed out: ${state.leftLast || "the dealer"}'s sign-in is ended on the server.`);
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
  } catch (error) {
    if (error instanceof Unpaired) {
      if (error.message === "tablet_revoked") {
        session.token = null;
        localStorage.removeItem(KEPT);
      }
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

async function start() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register(serviceWorker).catch(() => {});
  window.addEventListener("online", () => { setOnline(true); begin(); });
  window.addEventListener("offline", () => setOnline(false));
  menu.addEventListener("click", signOut);
  relieve.addEventListener("click", changeDealer);
  // Every few seconds: back online by itself (the browser's "online" may come before the
  // network carries requests, or never), and what waits sent again.
  setInterval(() => {
    revokeSignOuts();
    if (state.pumping) return;
    if (!state.online && credential.get()) begin();
    else if (state.waiting.some((e) => e.state === "waiting")) pump();
  }, RETRY_MS);
  paintSignOuts();
  await refreshWaiting();
  await begin();
}

start();
