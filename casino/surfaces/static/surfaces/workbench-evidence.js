// A table's gaming day as an evidence package, on the reports screen: a table (those the user
// may export, from the page) and a day (starting on the table's last closed gaming day), the
// signed file from GET /api/v1/audit/evidence/tables/{id}/?day=, refusals said in words.
import { el, show, takeSubmissions } from "./common/dom.js";
import { GAMES } from "./common/games.js";
import { t } from "./common/i18n.js";
import { explain as errorWords } from "./common/words.js";
import { download, shortHash, withParts } from "./workbench-common.js";

const form = document.getElementById("table-evidence");
if (form) {
  const tables = JSON.parse(document.getElementById("evidence-tables").textContent);
  const byId = Object.fromEntries(tables.map((table) => [String(table.id), table]));
  const urlTemplate = document.getElementById("workbench").dataset.tableEvidenceUrl;
  const error = form.querySelector(".error");
  const outcome = form.querySelector(".outcome");

  form.table.append(...tables.map((table) =>
    el("option", { value: String(table.id) }, `${table.code} · ${GAMES[table.game] || table.game} · ${table.pit}`)));
  form.day.value = tables[0].last_day;
  let defaultDay = tables[0].last_day;
  // A day the auditor chose stays; one still at the previous table's default follows the table
  // (casinos close their gaming days at different hours).
  form.table.addEventListener("change", () => {
    const next = byId[form.table.value].last_day;
    if (form.day.value === defaultDay) form.day.value = next;
    defaultDay = next;
  });

  takeSubmissions(form, async () => {
    error.textContent = "";
    outcome.hidden = true;
    const url = `${urlTemplate.replace("{id}", form.table.value)}?day=${encodeURIComponent(form.day.value)}`;
    try {
      const { response, filename } = await download(url);
      const sha256 = response.headers.get("X-Content-SHA256");
      const sealed = response.headers.get("X-Evidence-Sealed") === "true";
      const checkpoint = response.headers.get("X-Evidence-Checkpoint");
      const parts = {
        file: el("strong", { class: "filename" }, filename),
        hash: el("span", { class: "mono sha256", title: sha256 }, shortHash(sha256)),
      };
      show(outcome, ...withParts(sealed
        ? t("Downloaded {file}, SHA-256 {hash}, on checkpoint #{checkpoint} (sealed for this export).", { checkpoint })
        : t("Downloaded {file}, SHA-256 {hash}, on checkpoint #{checkpoint}.", { checkpoint }), parts));
      outcome.hidden = false;
    } catch (refusal) {
      // Said of the table and day asked, which the common words cannot name.
      error.textContent = refusal.code === "evidence_nothing_recorded"
        ? t("The trail holds nothing of {table} on {day}: there is no evidence to package.", { table: byId[form.table.value].code, day: form.day.value })
        : errorWords(refusal);
    }
  });
}
