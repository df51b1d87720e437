// The gaming-day reports: the list from GET /api/v1/audit/reports/, a day's report requested
// (202, then polled until done or failed), and each done report's CSV and PDF.
import { get as api, post } from "./common/api.js";
import { el, takeSubmissions } from "./common/dom.js";
import { t } from "./common/i18n.js";
import { explain as errorWords } from "./common/words.js";
import { badge, named, shortHash, when } from "./workbench-common.js";

const root = document.getElementById("workbench");
const urls = root.dataset;
const rows = document.querySelector("#reports tbody");
const failure = document.getElementById("reports-error");
const pickers = JSON.parse(document.getElementById("pickers").textContent);
const casinos = Object.fromEntries(pickers.casinos.map((casino) => [casino.id, casino.name]));
const TONE = { done: "ok", failed: "alarm", queued: "info", running: "info" };
// A report still being built is polled this often until it is done or failed.
const POLL_MS = 1000;

let pollTimer = null;

async function load() {
  try {
    const reports = await api(urls.reportsUrl);
    failure.textContent = "";
    rows.replaceChildren(...(reports.length ? reports.map(row)
      : [el("tr", { class: "empty" }, el("td", { colSpan: 9 }, t("No reports yet.")))]));
    clearTimeout(pollTimer);
    if (reports.some((report) => report.status !== "done" && report.status !== "failed")) {
      pollTimer = setTimeout(load, POLL_MS);
    }
  } catch (error) {
    failure.textContent = errorWords(error);
  }
}

function row(report) {
  const done = report.status === "done";
  return el("tr", { "data-report": report.id, "data-status": report.status },
    el("td", {}, `#${report.id}`),
    el("td", {}, casinos[report.casino] || t("Casino {id}", { id: report.casino })),
    el("td", {}, report.gaming_day),
    el("td", {}, named(report.trigger)),
    el("td", {}, badge(named(report.status), TONE[report.status]), report.error ? el("span", { class: "error" }, ` ${report.error}`) : null),
    el("td", {}, report.requested_by
      ? t("{when} by {who}", { when: when(report.requested_at), who: report.requested_by })
      : when(report.requested_at)),
    el("td", {}, when(report.finished_at)),
    el("td", { class: "mono", title: report.pdf_sha256 || "" }, shortHash(report.pdf_sha256)),
    el("td", { class: "downloads" }, done
      ? [el("a", { href: report.links.csv, class: "csv", download: "" }, "CSV"), " ",
         el("a", { href: report.links.pdf, class: "pdf", download: "" }, "PDF")]
      : "—"),
  );
}

const form = document.getElementById("report-request");
if (form) {
  form.casino.append(...pickers.casinos.map((casino) => el("option", { value: String(casino.id) }, casino.name)));
  const error = form.querySelector(".error");
  takeSubmissions(form, async () => {
    error.textContent = "";
    const body = { gaming_day: form.gaming_day.value };
    if (form.casino.value) body.casino = Number(form.casino.value);
    try {
      await post(urls.requestUrl, urls.csrf, body);
      await load();
    } catch (refusal) {
      error.textContent = errorWords(refusal);
    }
  });
}

load();
