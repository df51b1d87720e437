// Pairing: the pit boss, signed in on the tablet, registers it to a table. The credential the
// API answers once is kept in this browser's storage, where the tablet app reads it; the pit
// boss's session is then ended, so the tablet is left signed in as a tablet only.

import { Refusal, post } from "../common/api.js";
import { takeSubmissions } from "../common/dom.js";
import { t } from "../common/i18n.js";
import { explain } from "../common/words.js";
import { credential } from "./session.js";

const form = document.getElementById("pair");
const error = document.getElementById("pair-error");

if (form) takeSubmissions(form, async () => {
  error.textContent = "";
  const data = new FormData(form);
  const url = form.dataset.registerUrl.replace("{id}", data.get("table"));
  try {
    const answer = await post(url, form.dataset.csrf, { name: data.get("name") });
    credential.set({ id: answer.id, table: answer.table, name: answer.name, credential: answer.credential });
    await fetch(form.dataset.signOutUrl, { method: "POST", credentials: "same-origin", headers: { "X-CSRFToken": form.dataset.csrf } });
    // The app takes this page's place in the history: back from the app never lands on the
    // pairing page, or on the pit boss's sign-in before it.
    location.replace(form.dataset.appUrl);
  } catch (failure) {
    error.textContent = failure instanceof Refusal ? explain(failure) : t("No network: {problem}", { problem: failure.message });
  }
});
