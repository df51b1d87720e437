// The queue of the dealer's entries, in IndexedDB: it survives a reload, a crash and the
// network dropping. Every entry is queued when the dealer taps, with its own Idempotency-Key
// made then, and leaves the queue only once the server has answered it: nothing is lost, and a
// retry of an entry already applied (the same key and body) gets the first answer back, so
// nothing is applied twice. One tab at a time drains it (a Web Lock), in order.

const DB = "casino-tablet";
const STORE = "entries";
const LOCK = "casino-tablet-queue";

let opened = null;

function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

async function run(mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const result = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(result?.result ?? result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** Queue an entry (``{round, url, body, key, label, ...}``); answers it with its id. */
export async function add(entry) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, "readwrite");
    const request = tx.objectStore(STORE).add({ ...entry, state: "waiting", error: null, made_at: new Date().toISOString() });
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
  });
}

/** Every queued entry, oldest first. */
export async function all() {
  const db = await database();
  return new Promise((resolve, reject) => {
    const request = db.transaction(STORE).objectStore(STORE).getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export const put = (entry) => run("readwrite", (store) => store.put(entry));
export const remove = (id) => run("readwrite", (store) => store.delete(id));

/**
 * Send the queued entries in order, one tab at a time. ``send(entry)`` sends one and answers
 * ``"sent"`` (the entry then leaves the queue), ``"refused"`` (it stays, marked, and stops the
 * queue until the dealer fixes or drops it) or ``"unreachable"`` (it stays; the queue stops
 * and is tried again later). Before its first sending ``prepare(entry)`` may complete it (the
 * event number it expects; ``null`` when it cannot now): the entry is stored so, and a retry
 * sends the very same body. ``after(entry)`` runs once a sent entry has left the queue.
 */
export async function drain(prepare, send, after = () => {}) {
  const work = async () => {
    for (;;) {
      const [entry] = await all();
      if (!entry || entry.state === "refused") return entry ? "refused" : "empty";
      if (!entry.prepared) {
        const ready = await prepare(entry);
        if (!ready) return "unreachable";
        Object.assign(entry, ready, { prepared: true });
        await put(entry);
      }
      const outcome = await send(entry);
      if (outcome !== "sent") return outcome;
      await remove(entry.id);
      await after(entry);
    }
  };
  if (navigator.locks) return navigator.locks.request(LOCK, work);
  return work();
}
