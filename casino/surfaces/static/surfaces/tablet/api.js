// The dealer's API, with this tablet's sign-in: the tablet's credential or the dealer's token in
// the Authorization header, never the browser's cookies. A 5xx is thrown as Unreachable, like no
// answer at all: the entry waits and is sent again with the same key, never shown as refused.

import { Refusal, Unreachable, at, call as request, newKey } from "../common/api.js";
import { credential, session, unrevoked } from "./session.js";

export { Refusal, Unreachable, at, credential, newKey, session, unrevoked };

const config = JSON.parse(document.getElementById("tablet-config").textContent);
export const urls = config.urls;
export const roundOptions = config.roundOptions;
/** The actions every game takes at any point of a round, offered apart (``ROUND_AIDS``). */
export const aids = config.aids || [];
export const serviceWorker = config.serviceWorker;


/** ``authorization``: "tablet" for the tablet's credential, else the dealer's token signed in
 *  now, or ``token`` when given (a dealer's who signed out, to revoke it). */
export function call(method, url, { body, key, authorization, token } = {}) {
  const tablet = credential.get();
  const dealer = token ?? session.token;
  const header = authorization === "tablet"
    ? (tablet ? `Tablet ${tablet.credential}` : null) // i18n: not words - the Authorization header
    : (dealer ? `Token ${dealer}` : null); // i18n: not words - the Authorization header
  return request(method, url, { body, key, authorization: header, busyIsUnreachable: true });
}
