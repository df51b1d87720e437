// What the screens of the auditor's workbench share beyond the pages' common modules
// (./common/): times, badges, short hashes and saving a file the API answers. Plain ES module,
// no build step.

import { refusalOf } from "./common/api.js";
import { el } from "./common/dom.js";
import { dateTime } from "./common/times.js";

/** The zone the workbench's times are in: the casino's, which the bar names ("Times in …"). */
export const ZONE = document.getElementById("zone")?.dataset.zone || "UTC";

/** ``iso`` in the workbench's zone, "YYYY-MM-DD HH:MM:SS"; "—" for none. */
export const when = (iso) => dateTime(iso, ZONE);

export const badge = (text, tone = "") => el("span", { class: `badge ${tone}` }, text);

export const STATUS_TONE = { open: "info", settled: "ok", voided: "muted", corrected: "warn" };

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

export const shortHash = (hash) => (hash ? `${hash.slice(0, 12)}…` : "—");
