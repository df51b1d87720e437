// Signing a dealer out ends the dealer's token on the server, not only in this browser: a copy
// of the token (or of the browser's storage) must stop acting as that dealer at once. A
// sign-out made while the server could not be reached is kept (``unrevoked``) and revoked as
// soon as it can be; until then the screen says that the sign-in still holds on the server.

import { Refusal, Unreachable, at, call, unrevoked, urls } from "./api.js";

/** Revoke ``token`` on the server (its ``id``; looked up with the token itself when the sign-in
 *  was kept without it). Resolves once the token no longer authenticates: revoked now, or
 *  already (a 401: a relief revoked it, it expired, its tablet was revoked).
 *
 *  :throws Unreachable: no answer, or a 5xx: the token may still authenticate.
 *  :throws Refusal: any other refusal; an Error when the server lists no current token for
 *  a sign-in kept without its id. */
export async function revoke({ token, id }) {
  try {
    await call("POST", at(urls.tokenRevoke, id ?? await idOf(token)), { token });
  } catch (error) {
    if (error instanceof Refusal && error.status === 401) return;
    throw error;
  }
}

/** The id of ``token``: the one its own list of tokens marks as the current one. */
async function idOf(token) {
  const tokens = await call("GET", `${urls.tokens}?status=active`, { token });
  const current = tokens.find((t) => t.current);
  if (!current) throw new Error("The server does not list this sign-in as active: it was not revoked.");
  return current.id;
}

let revoking = false;

/** Revoke what earlier sign-outs left unrevoked, oldest first; stops at the first that cannot
 *  reach the server. A refused one stays, with the refusal, and is tried again next time. */
export async function revokeUnrevoked() {
  if (revoking) return;
  revoking = true;
  try {
    for (const entry of unrevoked.all()) {
      try {
        await revoke(entry);
        unrevoked.remove(entry.token);
      } catch (error) {
        if (error instanceof Unreachable) break;
        unrevoked.add({ ...entry, refused: { status: error.status, code: error.code || "", message: error.message, details: error.details || {} } });
      }
    }
  } finally {
    revoking = false;
  }
}
