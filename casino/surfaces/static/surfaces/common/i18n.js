// The pages' words in their reader's language, from the same catalogues as the server's
// (casino/locale/<language>/LC_MESSAGES/djangojs.po, docs/i18n.md). A page that has them puts
// them in a JSON script element with the id "words" ({languages, language, catalogues}, made by
// casino.surfaces.words); a page without it, or a word not yet translated, shows the English
// msgid as it is, so English reads exactly as the msgids are written.
//
//   t("Settle round {number}", { number: 12 })            -> "Рассчитать раунд 12"
//   tn("{n} try left", "{n} tries left", 3)              -> "осталось 3 попытки"
//   pt("card rank", "Q")                                  -> "Д"
//
// Placeholders are {name}, filled from ``params``; a plural's count is {n}. The language is the
// one the page was served in (the browser's preference), until setLanguage() changes it (a
// dealer's own choice at sign-in); onLanguage() listeners then draw their words again.

const CONTEXT = "\u0004";
// A Plural-Forms expression reads only n, numbers, comparisons, arithmetic and the ternary:
// anything else in one is not evaluated (the English rule is used).
const PLURAL_EXPRESSION = /^[\sn0-9()?:<>=!&|%+-]+$/;

const data = (() => {
  const node = typeof document === "undefined" ? null : document.getElementById("words");
  try {
    return node ? JSON.parse(node.textContent) : null;
  } catch {
    return null;
  }
})();

const catalogues = data?.catalogues || {};
const listeners = new Set();
const plurals = new Map();
let current = pick([data?.language, ...(typeof navigator === "undefined" ? [] : navigator.languages || [])]);

/** The first of ``wanted`` (language tags: "ru-RU", "es") this page has words for, by its
 *  primary subtag; "en" when none. */
export function pick(wanted) {
  const have = languages().map(([code]) => code);
  for (const tag of wanted) {
    const code = String(tag || "").toLowerCase().split("-")[0];
    if (have.includes(code)) return code;
  }
  return "en";
}

/** The languages the page offers, ``[[code, name in its own words], ...]``; English alone
 *  without a catalogue. */
export function languages() {
  return data?.languages?.length ? data.languages : [["en", "English"]];
}

/** The language the page's words are in now ("en", "ru", "es"). */
export const language = () => current;

/** Changes the page's language to ``code`` (one of ``languages()``; else the page's default)
 *  and tells the ``onLanguage`` listeners, and the elements marked ``data-i18n``. */
export function setLanguage(code) {
  const next = pick([code, data?.language]);
  if (next === current) return current;
  current = next;
  if (typeof document !== "undefined") {
    document.documentElement.lang = current;
    translateMarked(document);
  }
  for (const listener of listeners) listener(current);
  return current;
}

/** Calls ``listener(code)`` after each change of language; answers a function that stops it. */
export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Writes each ``[data-i18n]`` element's msgid (the attribute's value) in the page's language:
 *  the words a template put on the page before its scripts ran. */
export function translateMarked(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
}

const fill = (text, params) => (params
  ? text.replace(/\{(\w+)\}/g, (whole, name) => (params[name] === undefined || params[name] === null ? whole : String(params[name])))
  : text);

const messages = () => catalogues[current]?.messages || {};

/** ``msgid`` in the page's language, its {placeholders} filled from ``params``. */
export function t(msgid, params = null) {
  const found = messages()[msgid];
  return fill(typeof found === "string" && found ? found : msgid, params);
}

/** ``msgid`` said in ``context`` (a card's rank, a short label), in the page's language. */
export function pt(context, msgid, params = null) {
  const found = messages()[`${context}${CONTEXT}${msgid}`];
  return fill(typeof found === "string" && found ? found : msgid, params);
}

/** The form of ``singular``/``plural`` for the count ``n`` in the page's language, with {n}
 *  and ``params`` filled. */
export function tn(singular, plural, n, params = null) {
  const forms = messages()[singular];
  const values = { ...(params || {}), n };
  if (Array.isArray(forms) && forms.length) {
    const text = forms[Math.min(pluralIndex(n), forms.length - 1)];
    if (text) return fill(text, values);
  }
  return fill(Number(n) === 1 ? singular : plural, values);
}

function pluralIndex(n) {
  const expression = catalogues[current]?.plural || "n != 1";
  if (!plurals.has(expression)) {
    // eslint-disable-next-line no-new-func -- a Plural-Forms expression is C's syntax, and JS's
    const rule = PLURAL_EXPRESSION.test(expression) ? new Function("n", `return Number(${expression});`) : (k) => Number(k !== 1);
    plurals.set(expression, rule);
  }
  return plurals.get(expression)(Math.abs(Math.trunc(Number(n))) || 0);
}

/**
 * How the page's language writes a number: ``{decimal, group, minimumGrouping}`` ("." "," 1
 * in English, "," and a no-break space in Russian, "," "." 2 in Spanish, which leaves 1234
 * ungrouped and groups 12.345). Read from the browser's Intl for the separators only: amounts
 * themselves are never turned into floating-point numbers (common/money.js).
 */
export function numberSymbols(code = current) {
  if (code === "en" || typeof Intl === "undefined") return { decimal: ".", group: ",", minimumGrouping: 1 };
  const parts = new Intl.NumberFormat(code).formatToParts(12345.5);
  const decimal = parts.find((part) => part.type === "decimal")?.value || ".";
  const group = parts.find((part) => part.type === "group")?.value || ",";
  const grouped = new Intl.NumberFormat(code).formatToParts(1234).some((part) => part.type === "group");
  return { decimal, group, minimumGrouping: grouped ? 1 : 2 };
}
