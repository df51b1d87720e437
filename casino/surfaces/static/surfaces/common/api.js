// One JSON call to the API, for every page. Every answer is JSON; a refusal (the API's one
// error shape, {"error": {"code", "message", "details"}}) is thrown as a Refusal, a request that
// got no answer at all as Unreachable.
//
// A page authenticates in one of two ways: the browser's session (its cookie, and the page's
// CSRF token on a write), as the pit board, the cage and the workbench do; or an Authorization
// header and never the browser's cookies, as the dealer's tablet does.

import { language } from "./i18n.js";

/** The API refused: ``status`` (HTTP), ``code`` (stable, ``http_<status>`` for an answer that
 *  is not the API's error shape), ``message`` (the server's, for people) and ``details``. */
export class Refusal extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`); // i18n: not words - a status code, for want of a message
    this.name = "Refusal";
    this.status = status;
    this.code = error?.code || `http_${status}`;
    this.details = error?.details || {};
  }
}

/** No answer at all: the network is down, or the server unreachable. */
export class Unreachable extends Error {
  constructor(message) {
    super(message);
    this.name = "Unreachable";
  }
}

/** ``url`` with ``{id}`` replaced. */
export const at = (url, id) => url.replace("{id}", String(id));

/** A fresh Idempotency-Key for one request, made when the user acts and kept with the request
 *  until it is answered (a retry with the same key and body gets the first answer back). */
export const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`.replace(".", ""));

/**
 * ``method`` ``url`` with ``body`` as JSON (none when undefined); answers the API's JSON.
 *
 * - ``key``: the request's Idempotency-Key.
 * - ``authorization``: the Authorization header's value (the tablet's); given (even null,
 *   for no header yet), the browser's cookies are never sent. Left out, the request goes with
 *   the browser's session, and ``csrf`` is its CSRF token for a write.
 * - ``busyIsUnreachable``: a 5xx (the server down or busy: 503 ``database_unavailable``, a
 *   proxy's page) is thrown as Unreachable, for a page that sends the request again later
 *   with the same key rather than show it as a refusal; else it is a Refusal like any other.
 *
 * :throws Refusal: the API answered with an error.
 * :throws Unreachable: no answer (or a 5xx, with ``busyIsUnreachable``).
 */
export async function call(method, url, { body, key, csrf, authorization, busyIsUnreachable = false } = {}) {
  // The page's language, not the browser's: a refusal the page has no words of its own for
  // shows the server's message, which the API writes in the language asked for.
  const headers = { Accept: "application/json", "Accept-Language": language() };
  const bySession = authorization === undefined;
  if (!bySession && authorization) headers.Authorization = authorization;
  if (bySession && csrf) headers["X-CSRFToken"] = csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (key) headers["Idempotency-Key"] = key;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: bySession ? "same-origin" : "omit",
      // An answer of the API is the state now: never one the browser kept.
      cache: "no-store",
    });
  } catch (error) {
    throw new Unreachable(error.message);
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) {
    if (busyIsUnreachable && response.status >= 500) throw new Unreachable(answer?.error?.message || `HTTP ${response.status}`); // i18n: not words - a status code
    throw new Refusal(response.status, answer?.error);
  }
  return answer;
}

/** The API's answer at ``url``, read with the browser's session. */
export const get = (url) => call("GET", url);

/** ``body`` posted to ``url`` with the browser's session and its CSRF token ``csrf``. */
export const post = (url, csrf, body = {}) => call("POST", url, { body, csrf });

/** The refusal a response not ok carries, read from its body (the API's error shape). */
export async function refusalOf(response) {
  const answer = await response.json().catch(() => null);
  return new Refusal(response.status, answer?.error);
}
