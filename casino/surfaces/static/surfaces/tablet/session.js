// What this browser keeps of its sign-ins: the tablet's credential (from pairing: which table
// it belongs to), the token of the dealer signed in at it now (from the PIN sign-in) with the
// token's id (to revoke it at sign-out), and the tokens of dealers who signed out while the
// server could not be reached, kept until the server has revoked them.

const CREDENTIAL = "tablet.credential";
const TOKEN = "tablet.token";
const TOKEN_ID = "tablet.token-id";
const UNREVOKED = "tablet.unrevoked";

export const credential = {
  /** ``{id, table, name, credential}``, or null for a tablet not paired. */
  get() {
    try { return JSON.parse(localStorage.getItem(CREDENTIAL) || "null"); } catch { return null; }
  },
  set(value) { localStorage.setItem(CREDENTIAL, JSON.stringify(value)); },
  clear() { localStorage.removeItem(CREDENTIAL); },
};

export const session = {
  get token() { return localStorage.getItem(TOKEN); },
  /** Setting the token forgets the id of the one before; ``tokenId`` is set after it. */
  set token(value) {
    localStorage.removeItem(TOKEN_ID);
    if (value) localStorage.setItem(TOKEN, value);
    else localStorage.removeItem(TOKEN);
  },
  /** The id of ``token`` (null for a sign-in kept by an app that did not keep it). */
  get tokenId() {
    const id = Number(localStorage.getItem(TOKEN_ID));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  set tokenId(value) {
    if (value) localStorage.setItem(TOKEN_ID, String(value));
    else localStorage.removeItem(TOKEN_ID);
  },
};

/** Sign-outs the server has not confirmed yet: ``[{token, id, username}]``, oldest first. */
export const unrevoked = {
  all() {
    try { return JSON.parse(localStorage.getItem(UNREVOKED) || "[]"); } catch { return []; }
  },
  add(entry) {
    localStorage.setItem(UNREVOKED, JSON.stringify([...this.all().filter((e) => e.token !== entry.token), entry]));
  },
  remove(token) {
    const left = this.all().filter((e) => e.token !== token);
    if (left.length) localStorage.setItem(UNREVOKED, JSON.stringify(left));
    else localStorage.removeItem(UNREVOKED);
  },
};
