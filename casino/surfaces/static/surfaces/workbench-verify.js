// The audit trail's verification, run now through GET /api/v1/audit/verify/?full=: OK with
// what it checked, or each finding with its stream, first row and hashes.
import { get as api } from "./common/api.js";
import { el, show, takeSubmissions } from "./common/dom.js";
import { explain as errorWords } from "./common/words.js";
import { badge } from "./workbench-common.js";

const root = document.getElementById("workbench");
const form = document.getElementById("verify");
const result = document.getElementById("result");
const failure = document.getElementById("verify-error");
const button = form.querySelector("button[type=submit]");

const FINDINGS = {
  broken_link: "A row's hash or link does not hold",
  head_differs: "A sealed head no longer matches the rows",
  checkpoint_invalid: "A checkpoint is invalid",
  checkpoint_missing: "A checkpoint is missing",
  missing_anchor: "A checkpoint's anchor row is missing",
};

takeSubmissions(form, async () => {
  const full = form.elements.full.value === "true";
  failure.textContent = "";
  result.hidden = true;
  button.textContent = "Verifying…";
  try {
    render(await api(`${root.dataset.verifyUrl}?full=${full}`));
  } catch (error) {
    result.hidden = true;
    failure.textContent = errorWords(error);
  } finally {
    button.textContent = "Run the verification";
  }
});

function render(report) {
  const facts = el("dl", { class: "figures wide" },
    el("dt", {}, "Walk"), el("dd", {}, report.full ? "full" : "incremental"),
    el("dt", {}, "Checkpoints checked"), el("dd", { id: "checkpoints" }, report.checkpoints),
    el("dt", {}, "Rows checked"), el("dd", { id: "rows-read" }, report.rows_read),
    el("dt", {}, "Sealed heads checked"), el("dd", {}, report.head_rows_read),
    el("dt", {}, "From checkpoint"), el("dd", {}, report.since_checkpoint ?? "the start"),
    el("dt", {}, "Newest checkpoint"), el("dd", {}, report.checkpoint ?? "none"),
    el("dt", {}, "Streams"), el("dd", {}, report.heads.length),
  );
  const verdict = report.intact
    ? el("p", { class: "verdict ok", id: "verdict", "data-intact": "true" }, "✓ OK: the trail is intact.")
    : el("p", { class: "verdict alarm", id: "verdict", "data-intact": "false" },
        `✗ ${report.findings.length} finding${report.findings.length === 1 ? "" : "s"}: the trail is not intact.`);
  const findings = report.findings.length
    ? el("table", { class: "grid", id: "findings" },
        el("thead", {}, el("tr", {}, ...["Finding", "Stream", "First row", "Checkpoint", "Expected hash", "Found hash", "Detail"].map((h) => el("th", {}, h)))),
        el("tbody", {}, ...report.findings.map((finding) => el("tr", {},
          el("td", {}, badge(FINDINGS[finding.kind] || finding.kind, "alarm")),
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
