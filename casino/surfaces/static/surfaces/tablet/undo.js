// Mistakes undone with a pit boss, at the tablet: the dealer asks to undo the last entry (or
// the last few, back to the start of the round's current phase, as the server says may be
// undone now) with a reason, or to void the round; the request waits for a pit boss, who
// decides on the pit board, or here, signing in by name and PIN for that one decision. The
// screen shows the request waiting and follows its decision: the pit's stream says when an
// undo is decided, and a request waiting is read again every few seconds besides.

import { el } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { eventWords } from "../common/events.js";
import { explainToDealer as explain } from "../common/words.js";
import { Refusal, Unreachable, at, call, newKey, urls } from "./api.js";
import { namesToOffer, pinPad } from "./pinpad.js";

const VOID = "tablet.void";
const DECIDERS = "tablet.recent-deciders";

/** The void this tablet asked for a round, kept until it is decided: ``{round, id, reason}``. */
export const askedVoid = {
  get(round) {
    try {
      const kept = JSON.parse(localStorage.getItem(VOID) || "null");
      return kept && kept.round === round ? kept : null;
    } catch { return null; }
  },
  set(value) { localStorage.setItem(VOID, JSON.stringify(value)); },
  clear() { localStorage.removeItem(VOID); },
};

const recentDeciders = () => { try { return JSON.parse(localStorage.getItem(DECIDERS) || "[]"); } catch { return []; } };
const rememberDecider = (name) => localStorage.setItem(DECIDERS, JSON.stringify([name, ...recentDeciders().filter((n) => n !== name)].slice(0, 4)));

function dialog() {
  return document.getElementById("form");
}

function close(node) {
  node.close();
  node.replaceChildren();
}

/** Closes the dialog ``node`` answering null (``resolve``): what Cancel and Escape do. */
function cancel(node, resolve) {
  close(node);
  resolve(null);
}

/** The dialog's Cancel button. */
const cancelButton = (node, resolve) =>
  el("button", { type: "button", class: "quiet", "data-cancel": "", onclick: () => cancel(node, resolve) }, t("Cancel"));

/** Shows ``content`` in the dialog ``node``, modal; Escape cancels it as its Cancel button does. */
function showDialog(node, resolve, content) {
  node.replaceChildren(content);
  node.oncancel = (event) => { event.preventDefault(); cancel(node, resolve); };
  node.showModal();
}

/** Reasons a dealer gives most, one tap each; any other is typed: each as ``[its key, in the
 *  dealer's words]`` (the words are what is sent, the key marks the button). */
const UNDO_REASONS = () => [
  ["Wrong card", t("Wrong card")], ["Wrong box or seat", t("Wrong box or seat")], // i18n: not words - keys
  ["Wrong amount", t("Wrong amount")], ["Entered twice", t("Entered twice")], // i18n: not words - keys
];
const VOID_REASONS = () => [
  ["Misdeal", t("Misdeal")], ["Cards exposed", t("Cards exposed")], ["Wrong game opened", t("Wrong game opened")], // i18n: not words - keys
];

/** A reason: a few common ones as buttons and a field for any other. Answers ``{node, read}``. */
function reasonField(reasons) {
  const input = el("input", { type: "text", name: "reason", "aria-label": t("Reason"), placeholder: t("Or say why") });
  let chosen = "";
  const buttons = reasons.map(([key, reason]) => el("button", {
    type: "button", class: "take", "data-reason": key,
    onclick: (event) => {
      chosen = reason;
      input.value = "";
      for (const b of buttons) b.classList.toggle("chosen", b === event.currentTarget);
    },
  }, reason));
  input.addEventListener("input", () => { chosen = ""; for (const b of buttons) b.classList.remove("chosen"); });
  return {
    node: el("div", { class: "field" }, el("span", { class: "field-label" }, t("Why")), el("div", { class: "choices" }, ...buttons), input),
    read: () => input.value.trim() || chosen,
  };
}

/**
 * Ask to undo entries of ``round`` (``{id, last_event_seq}``): reads what may be undone now,
 * lets the dealer choose how many (the last one first) and why, and sends the request.
 * Answers the request made, or null when cancelled. ``say`` shows a refusal.
 */
export async function askUndo(round, say) {
  let retractable;
  try {
    retractable = await call("GET", at(urls.retractable, round.id));
  } catch (error) {
    say(error instanceof Unreachable ? new Error(t("Undo needs the network: try again once it is back.")) : error);
    return null;
  }
  const entries = retractable.entries;
  if (!entries.length) {
    say(new Error(t("Nothing of this round can be undone now.")));
    return null;
  }
  const node = dialog();
  return new Promise((resolve) => {
    let count = 1;
    const problem = el("p", { class: "form-problem", role: "alert" });
    const reason = reasonField(UNDO_REASONS());
    // Newest first: the last entry is always among those undone, and each one above it too.
    const newest = [...entries].reverse();
    const rows = newest.map((event, index) => el("button", {
      type: "button", class: `take entry-choice ${index === 0 ? "chosen" : ""}`, "data-undo-count": String(index + 1),
      onclick: () => {
        count = index + 1;
        rows.forEach((row, i) => row.classList.toggle("chosen", i < count));
      },
    }, el("span", { class: "seq" }, `#${event.seq}`), ` ${eventWords(event)}`));
    const send = el("button", { type: "submit", class: "primary", "data-send-undo": "" }, t("Ask a pit boss"));
    showAsking({
      node, reason, problem, send, resolve,
      formClass: "undo-form",
      title: t("Undo entries"),
      intro: entries.length > 1
        ? t("Tap the oldest entry to undo: it and every entry after it are undone (up to {count}, back to the start of this part of the round). A pit boss decides.", { count: entries.length })
        : t("Tap the oldest entry to undo: it and every entry after it are undone (only the last one may be). A pit boss decides."),
      choices: el("div", { class: "entries" }, ...rows),
    }, (why) =>
      call("POST", at(urls.retractionRequest, round.id), {
        body: { expected_event: retractable.last_event_seq, count, reason: why }, key: newKey(),
      }));
  });
}

/** Shows a form that asks a pit boss in the dialog ``node``: ``title``, ``intro`` (what is
 *  asked), ``choices`` (if any), the ``reason`` field, ``problem`` and Cancel beside ``send``.
 *  Its submission is ``askingSubmit``'s: ``post(why)`` sends the request. */
function showAsking({ node, reason, problem, send, resolve, say = null, formClass, title, intro, choices = null }, post) {
  const submit = askingSubmit({ node, reason, problem, send, resolve, say }, post);
  showDialog(node, resolve, el("form", { class: formClass, onsubmit: submit },
    el("h2", {}, title),
    el("p", {}, intro),
    choices,
    reason.node,
    problem,
    el("footer", {}, cancelButton(node, resolve), send)));
}

/** The submit of a form that asks a pit boss: the reason is required, the button is disabled
 *  while ``post(why)`` sends, and the dialog closes with what it answers (``resolve``); a
 *  refusal or a lost network is said in ``problem``, anything else also told by ``say``. */
function askingSubmit({ node, reason, problem, send, resolve, say = null }, post) {
  return async (event) => {
    event.preventDefault();
    const why = reason.read();
    if (!why) {
      problem.textContent = t("Say why: tap a reason or type one.");
      return;
    }
    send.disabled = true;
    try {
      const answer = await post(why);
      close(node);
      resolve(answer);
    } catch (error) {
      send.disabled = false;
      if (error instanceof Unreachable) problem.textContent = t("No network: try again once it is back.");
      else problem.textContent = explain(error);
      if (say && !(error instanceof Refusal) && !(error instanceof Unreachable)) say(error);
    }
  };
}

/** Ask to void ``round`` with a reason. Answers the correction asked (kept in ``askedVoid``),
 *  or null. */
export function askVoid(round, say) {
  const node = dialog();
  return new Promise((resolve) => {
    const problem = el("p", { class: "form-problem", role: "alert" });
    const reason = reasonField(VOID_REASONS());
    const send = el("button", { type: "submit", class: "danger", "data-send-void": "" }, t("Ask a pit boss to void it"));
    showAsking({
      node, reason, problem, send, resolve, say,
      formClass: "void-form",
      title: t("Void round {number}", { number: round.number }),
      intro: t("Every entry of the round is set aside and nothing is paid from it. A pit boss decides."),
    }, async (why) => {
      const correction = await call("POST", at(urls.correctionRequest, round.id), { body: { kind: "void", reason: why }, key: newKey() });
      askedVoid.set({ round: round.id, id: correction.id, reason: why });
      return correction;
    });
  });
}

/**
 * A pit boss decides ``what`` here (``{kind: "retraction"|"void", id, title, request}``, the
 * request as the API answers it): the name (one tap for those who decided here lately), the
 * PIN, then Approve or Reject; whoever asked is told at once that another decides. The PIN signs the
 * pit boss in for this one decision at this table (``decision-sign-in``), which is then made
 * with it. Answers the decision's answer, or null when cancelled.
 */
export function decideHere(what, { tablet, table }) {
  const node = dialog();
  const urlsOf = what.kind === "retraction"
    ? { approve: urls.retractionApprove, reject: urls.retractionReject }
    : { approve: urls.correctionApprove, reject: urls.correctionReject };
  const asker = what.request?.requested_by ?? null;
  return new Promise((resolve) => {
    const problem = el("p", { class: "form-problem", role: "alert" });
    const note = el("input", { type: "text", name: "note", "aria-label": t("Note (optional)"), placeholder: t("Note (optional)") });
    const pad = pinPad({
      names: namesToOffer([], recentDeciders()),
      aside: [note, problem],
      label: t("Pit boss's user name"),
      submits: [
        { label: t("Approve"), value: "approve", primary: true },
        { label: t("Reject"), value: "reject", danger: true },
      ],
      onSubmit: async ({ username, pin, value }) => {
        problem.textContent = "";
        if (!username || !pin) {
          problem.textContent = t("The pit boss's name and PIN first.");
          return;
        }
        // Who asked never decides (the server refuses it too): said here, before a PIN is
        // sent that would count towards the asker's lockout as a wrong one.
        if (asker && username === asker) {
          problem.textContent = t("{asker} asked for this: another pit boss decides.", { asker });
          return;
        }
        for (const b of node.querySelectorAll("[data-decide]")) b.disabled = true;
        try {
          const signed = await call("POST", urls.decisionSignIn, { authorization: "tablet", body: { table, username, pin } });
          rememberDecider(signed.user.username);
          const answer = await call("POST", at(urlsOf[value], what.id), { token: signed.token, body: { note: note.value.trim() }, key: newKey() });
          close(node);
          resolve({ outcome: value, by: signed.user.username, answer });
        } catch (error) {
          for (const b of node.querySelectorAll("[data-decide]")) b.disabled = false;
          problem.replaceChildren(el("span", { "data-code": error.code || "" },
            error instanceof Refusal ? explain(error) : t("No network: try again once it is back.")));
        }
      },
    });
    showDialog(node, resolve, el("div", { class: "decide-form" },
      el("h2", {}, what.title),
      el("p", {}, tablet
        ? t("A pit boss of this pit decides here with their PIN (for this one decision at this table).")
        : t("A pit boss of this pit decides here with their PIN (at this table).")),
      pad.node,
      el("footer", {}, cancelButton(node, resolve))));
  });
}

/**
 * The request waiting for a pit boss, as the round screen shows it: what it undoes or voids,
 * why, and the two ways on: a pit boss decides here, or (an undo) the dealer withdraws it.
 * ``onDecide()`` and ``onWithdraw()`` are called on a tap.
 */
export function pendingPanel(pending, { onDecide, onWithdraw }) {
  const isUndo = pending.kind === "retraction";
  const request = pending.request;
  return el("section", { class: "pending-request", role: "status", "data-pending-request": pending.kind, "data-id": String(pending.id) },
    el("h3", {}, isUndo ? t("Undo waits for a pit boss") : t("Void waits for a pit boss")),
    isUndo && request
      ? el("ul", { class: "undone" }, ...request.entries.map((event) => el("li", {}, `#${event.seq} ${eventWords(event)}`)))
      : null,
    el("p", { class: "why" }, t("Why: {reason}", { reason: request?.reason ?? pending.reason ?? "" })),
    el("p", { class: "how" }, isUndo ? t("Nothing is recorded until it is decided, here or on the pit board.") : t("It is decided here or on the pit board.")),
    el("div", { class: "choices" },
      el("button", { type: "button", class: "primary", "data-decide-here": "", onclick: onDecide }, t("Pit boss decides here")),
      isUndo ? el("button", { type: "button", class: "quiet", "data-withdraw": "", onclick: onWithdraw }, t("Withdraw")) : null));
}

/** The answer a pit boss gave, in words, for the banner. */
export function decisionWords(kind, outcome, by, note) {
  const undo = kind === "retraction";
  const said = note ? ` (${note})` : "";
  if (outcome === "approved" || outcome === "approve") {
    return undo ? t("Undo approved by {by}{note}.", { by, note: said }) : t("Void approved by {by}{note}.", { by, note: said });
  }
  if (outcome === "withdrawn") return undo ? t("Undo withdrawn.") : t("Void withdrawn.");
  return undo
    ? t("Undo rejected by {by}{note}: the round is as it was.", { by, note: said })
    : t("Void rejected by {by}{note}: the round is as it was.", { by, note: said });
}
