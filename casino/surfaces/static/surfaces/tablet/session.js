// What this browser keeps of its sign-ins: the tablet's credential (from pairing: which table
// it belongs to) and the token of the dealer signed in at it now (from the PIN sign-in).

const CREDENTIAL = "tablet.credential";
const TOKEN = "tablet.token";

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
  set token(value) {
    if (value) localStorage.setItem(TOKEN, value);
    else localStorage.removeItem(TOKEN);
  },
};
