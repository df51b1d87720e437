// The dealer's API, with this tablet's sign-in: every answer is JSON; a refusal is thrown as a
// Refusal (the server's code, message and details), a request that got no answer as Unreachable.

import { credential, session, unrevoked } from "./session.js";

export { credential, session, unrevoked };

const config = JSON.parse(document.getElementById("tablet-config").textContent);
export const urls = config.urls;
export const roundOptions = config.roundOptions;
export const serviceWorker = config.serviceWorker;


export class Refusal extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code || `http_${status}`;
    this.details = error?.details || {};
  }
}

/** No answer at all: the network is down, or the server unreachable. */
export class Unreachable extends Error {}


/** ``url`` with ``{id}`` replaced. */
export const at = (url, id) => url.replace("{id}", String(id));

/** A fresh key for one entry, made when the dealer taps, kept with the entry until it is sent. */
export const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`.replace(".", ""));

/** ``authorization``: "tablet" for the tablet's credential, else the dealer's token signed in
 *  now, or ``token`` when given (a dealer's who signed out, to revoke it). */
export async function call(method, url, { body, key, authorization, token } = {}) {
  const headers = { Accept: "application/json" };
  const tablet = credential.get();
  const dealer = token ?? session.token;
  const auth = authorization === "tablet"
    ? (tablet ? `Tablet ${tablet.credential}` : null)
    : (dealer ? `Token ${dealer}` : null);
  if (auth) headers.Authorization = auth;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (key) headers["Idempotency-Key"] = key;
  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
      cache: "no-store",
    });
  } catch (error) {
    throw new Unreachable(error.message);
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) {
    // The server down or busy (503 database_unavailable, a proxy's page): sent again later
    // with the same key, never shown as a refusal of the entry.
    if (response.status >= 500) throw new Unreachable(answer?.error?.message || `HTTP ${response.status}`);
    throw new Refusal(response.status, answer?.error);
  }
  return answer;
}
