// The audit trail's verification, run now through GET /api/v1/audit/verify/?full=: OK with
// what it checked, or each finding with its stream, first row and hashes.
import { get as api } from "./common/api.js";
import { el, show, takeSubmissions } from "./common/dom.js";
import { t, tn } from "./common/i18n.js";
import { number } from "./common/money.js";
import { explain as errorWords } from "./common/words.js";
import { badge } from "./workbench-common.js";

const root = document.getElementById("workbench");
const form = document.getElementById("verify");
const result = document.getElementById("result");
const failure = document.getElementById("verify-error");
const button = form.querySelector("button[type=submit]");

// (Functions: each word is read in the page's language when it is shown.)
const FINDINGS = {
  broken_link: () => t("A row's hash or link does not hold"),
  head_differs: () => t("A sealed head no longer matches the rows"),
  checkpoint_invalid: () => t("A checkpoint is invalid"),
  checkpoint_missing: () => t("A checkpoint is missing"),
  missing_anchor: () => t("A checkpoint's anchor row is missing"),
};

takeSubmissions(form, async () => {
  const full = form.elements.full.value === "true";
  failure.textContent = "";
  result.hidden = true;
  button.textContent = t("Verifying…");
  try {
    render(await api(`${root.dataset.verifyUrl}?full=${full}`));
  } catch (error) {
    result.hidden = true;
    failure.textContent = errorWords(error);
  } finally {
    button.textContent = t("Run the verification");
  }
});

function render(report) {
  const facts = el("dl", { class: "figures wide" },
    el("dt", {}, t("Walk")), el("dd", {}, report.full ? t("full") : t("incremental")),
    el("dt", {}, t("Checkpoints checked")), el("dd", { id: "checkpoints" }, number(report.checkpoints)),
    el("dt", {}, t("Rows checked")), el("dd", { id: "rows-read" }, number(report.rows_read)),
    el("dt", {}, t("Sealed heads checked")), el("dd", {}, number(report.head_rows_read)),
    el("dt", {}, t("From checkpoint")), el("dd", {}, report.since_checkpoint ?? t("the start")),
    el("dt", {}, t("Newest checkpoint")), el("dd", {}, report.checkpoint ?? t("none")),
    el("dt", {}, t("Streams")), el("dd", {}, number(report.heads.length)),
  );
  const verdict = report.intact
    ? el("p", { class: "verdict ok", id: "verdict", "data-intact": "true" }, t("✓ OK: the trail is intact."))
    : el("p", { class: "verdict alarm", id: "verdict", "data-intact": "false" },
        tn("✗ {n} finding: the trail is not intact.", "✗ {n} findings: the trail is not intact.", report.findings.length));
  const findings = report.findings.length
    ? el("table", { class: "grid", id: "findings" },
        el("thead", {}, el("tr", {}, ...[t("Finding"), t("Stream"), t("First row"), t("Checkpoint"), t("Expected hash"), t("Found hash"), t("Detail")].map((h) => el("th", {}, h)))),
        el("tbody", {}, ...report.findings.map((finding) => el("tr", {},
          el("td", {}, badge(FINDINGS[finding.kind]?.() || finding.kind, "alarm")),
          el("td", {}, finding.stream ?? "—"),
          el("td", {}, finding.seq ?? "—"),
          el("td", {}, finding.checkpoint ?? "—"),
          el("td", { class: "mono hash" }, finding.expected ?? "—"),
          el("td", { class: "mono hash" }, finding.found ?? "—"),
          el("td", {}, finding.detail)))))
    : null;
  show(result, verdict, facts, findings);
  result.hidden = false;
}
