// What the screens of the auditor's workbench share beyond the pages' common modules
// (./common/): times, badges, the names the API gives, short hashes and saving a file the API
// answers. Plain ES module, no build step. Every screen's words are in the page's language
// (common/i18n.js reads them from the page's "words" element).

import { refusalOf } from "./common/api.js";
import { el } from "./common/dom.js";
import { words } from "./common/events.js";
import { pt, t } from "./common/i18n.js";
import { dateTime } from "./common/times.js";

/** The zone the workbench's times are in: the casino's, which the bar names ("Times in …"). */
const zoneLabel = document.getElementById("zone");
export const ZONE = zoneLabel?.dataset.zone || "UTC";
if (zoneLabel) zoneLabel.textContent = t("Times in {zone}", { zone: ZONE });

/** ``iso`` in the workbench's zone, "YYYY-MM-DD HH:MM:SS"; "—" for none. */
export const when = (iso) => dateTime(iso, ZONE);

export const badge = (text, tone = "") => el("span", { class: `badge ${tone}` }, text);

export const STATUS_TONE = { open: "info", settled: "ok", voided: "muted", corrected: "warn" };

/** A name the API gives (a status, a trigger, a role, a kind: "pit_boss", "on_demand") in the
 *  page's language: a word of the context "name" (``WORKBENCH_NAMES``), else as the API writes
 *  it, its underscores as spaces. */
export const named = (name) => words(name);

// The names the workbench shows that the board and the games do not (common/events.js
// GAME_NAMES, pit-board.js BOARD_NAMES have the others: open, settled, voided, requested,
// approved, dealer, ...): a round's and a report's status, a correction's, a report's trigger,
// the users' roles, a patron's kind and the Russian Poker events a round's story lists, in the
// catalogue as "name"s, which ``named`` shows in the page's language: this list is how they are
// in it; never called.
// eslint-disable-next-line no-unused-vars
const WORKBENCH_NAMES = () => [
  pt("name", "corrected"), pt("name", "rejected"),
  pt("name", "queued"), pt("name", "running"), pt("name", "done"), pt("name", "failed"),
  pt("name", "nightly"), pt("name", "on demand"),
  pt("name", "pit boss"), pt("name", "auditor"), pt("name", "admin"), pt("name", "cage"),
  pt("name", "carded"), pt("name", "anonymous"),
  pt("name", "wagers placed"), pt("name", "bets closed"), pt("name", "box dealt"), pt("name", "card dealt"),
  pt("name", "bonus declared"), pt("name", "cards exchanged"), pt("name", "sixth card bought"),
  pt("name", "insurance placed"), pt("name", "box folded"), pt("name", "bet placed"),
  pt("name", "dealer revealed"), pt("name", "ante taken"), pt("name", "game bought"),
  pt("name", "replacement drawn"), pt("name", "card exposed"), pt("name", "retraction"),
];

/** Fetches a file the API answers as an attachment and saves it under the name the API gives
 * it (``Content-Disposition``), so that a refusal can be said in words instead of being saved
 * as the file. Answers the response, for its headers; a refusal is thrown as a Refusal. */
export async function download(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw await refusalOf(response);
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

/** A sentence of the catalogue (``t(...)``, its other placeholders filled) with each of its
 *  ``{name}`` placeholders of ``parts`` given as that element: the pieces to append, in the
 *  language's order ("Approved by {who} on {when}" with ``who`` a <strong>). */
export const withParts = (text, parts) => text.split(/(\{\w+\})/)
  .filter((piece) => piece !== "")
  .map((piece) => (/^\{\w+\}$/.test(piece) && parts[piece.slice(1, -1)]) || piece);

export const shortHash = (hash) => (hash ? `${hash.slice(0, 12)}…` : "—");
