// What every screen of the auditor's workbench shares: building elements, calling the API and
// saying its refusals in words, formatting money and times. Plain ES module, no build step.

export const GAMES = { russian_poker: "Russian Poker", ruby_run: "Ruby Run", red_dog: "Red Dog" };

// Each refusal the workbench may meet, in an auditor's or a pit boss's words, by its stable
// code (casino/core/errors.py); a code not listed shows the API's own message.
export const ERROR_WORDS = {
  not_authenticated: "You are signed out: sign in again.",
  authentication_failed: "Your sign-in is no longer valid: sign in again.",
  permission_denied: "You may not do this.",
  csrf_failed: "The page is out of date: reload it and try again.",
  not_found: "There is no such record.",
  invalid_input: "Some of what was entered does not read.",
  unknown_field: "The request has a field this screen does not know.",
  filter_invalid: "A filter does not read",
  throttled: "Too many requests: wait a moment and try again.",
  server_error: "The server failed: try again, or give the request id to support.",
  database_unavailable: "The database is not answering: try again shortly.",
  broker_unavailable: "The report workers cannot be reached: try again shortly.",
  correction_not_allowed: "A correction may not be asked or decided by you for this round.",
  correction_self_approval: "You requested this correction: another pit boss of the pit must decide it.",
  correction_not_pending: "This correction has already been decided.",
  correction_reason_required: "Give the reason for the correction.",
  correction_void_pending: "A void of this round is already waiting for a decision.",
  correction_round_voided: "The round is voided: nothing more can be corrected.",
  correction_round_not_settled: "The round is not settled yet: only a void can be asked.",
  correction_lines_invalid: "The correction's lines do not match the round's boxes and lines.",
  round_status_invalid: "The round is not in a state that allows this.",
  report_not_ready: "The report is not ready yet.",
  report_not_allowed: "You may not run reports.",
  report_casino_required: "Choose the casino of the report.",
  report_casino_unknown: "There is no such casino.",
  report_day_in_future: "That gaming day has not begun yet.",
  report_parameters_invalid: "The report's thresholds do not read.",
  report_mixed_currency: "The casino's tables use more than one currency.",
  signing_key_missing: "The server has no checkpoint key: it cannot verify the trail.",
  evidence_nothing_recorded: "The trail holds nothing for this: there is no evidence to package.",
  evidence_checkpoint_unwritten: "The checkpoint the package rests on could not be written: try again later.",
};

/** The refusal's words: its code's, with the field a filter names, else the API's message. */
export function errorWords(error) {
  const words = ERROR_WORDS[error.code];
  if (!words) return error.message;
  const field = error.details?.field;
  return error.code === "filter_invalid" && field ? `${words}: ${field}.` : words;
}

export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node[key] = value;
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
};

// Amounts arrive as decimal strings and are shown as they are, grouped: never through a float.
export function money(amount, currency = "") {
  if (amount === null || amount === undefined) return "—";
  const [whole, fraction = ""] = String(amount).replace("-", "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = String(amount).startsWith("-") ? "−" : "";
  return `${sign}${grouped}.${fraction.padEnd(2, "0")}${currency ? " " + currency : ""}`;
}

export const isNegative = (amount) => amount !== null && amount !== undefined && String(amount).startsWith("-");

export function when(iso) {
  if (!iso) return "—";
  const date = new Date(iso);
  return `${date.toISOString().slice(0, 10)} ${date.toLocaleTimeString("en-GB")}`;
}

export const badge = (text, tone = "") => el("span", { class: `badge ${tone}` }, text);

export const STATUS_TONE = { open: "info", settled: "ok", voided: "muted", corrected: "warn" };

/** Calls the API with the session; a refusal is thrown with its code, message and details. */
export async function api(url, options = {}) {
  const response = await fetch(url, {
    credentials: "same-origin",
    ...options,
    headers: { Accept: "application/json", ...(options.headers || {}) },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw refusal(response, body);
  return body;
}

/** The API's refusal (its one error shape) as an error with its code, message and details. */
function refusal(response, body) {
  const error = new Error(body?.error?.message || `HTTP ${response.status}`);
  error.code = body?.error?.code;
  error.details = body?.error?.details || {};
  error.status = response.status;
  return error;
}

/** Fetches a file the API answers as an attachment and saves it under the name the API gives
 * it (``Content-Disposition``), so that a refusal can be said in words instead of being saved
 * as the file. Answers the response, for its headers; a refusal is thrown as by ``api``. */
export async function download(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw refusal(response, await response.json().catch(() => null));
  const disposition = response.headers.get("Content-Disposition") || "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] || "download";
  const href = URL.createObjectURL(await response.blob());
  const link = el("a", { href, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL is then only memory.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return { response, filename };
}

/** A POST of JSON with the session's CSRF token. */
export const post = (url, csrf, body) =>
  api(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
    body: JSON.stringify(body),
  });

export const shortHash = (hash) => (hash ? `${hash.slice(0, 12)}…` : "—");

/** Replaces ``node``'s children with those given, leaving out the absent (null, false). */
export const show = (node, ...children) =>
  node.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
