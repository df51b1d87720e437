// The language picker of the pages' bar (base.html): the signed-in user's own language, kept by
// the server (PUT /api/v1/auth/language/, docs/i18n.md "Who reads which language"), which every
// page reads in from then on. The page is drawn in its language on the server, so a new choice
// reloads it. Served disabled: it takes a choice once this module runs.

import { Refusal, call, newKey } from "./api.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

const picker = document.getElementById("language-picker");

if (picker) {
  const chosen = picker.value;
  const problem = el("span", { class: "language-problem", role: "alert", hidden: true });
  picker.after(problem);
  picker.disabled = false;
  picker.addEventListener("change", async () => {
    picker.disabled = true;
    problem.hidden = true;
    try {
      await call("PUT", picker.dataset.url, { body: { language: picker.value }, csrf: picker.dataset.csrf, key: newKey() });
      window.location.reload();
    } catch (error) {
      // Nothing changed: the picker says the language still in force, and why.
      picker.value = chosen;
      picker.disabled = false;
      problem.hidden = false;
      problem.textContent = error instanceof Refusal
        ? t("The language was not changed: {reason}", { reason: error.message })
        : t("The language was not changed: no network.");
    }
  });
}
