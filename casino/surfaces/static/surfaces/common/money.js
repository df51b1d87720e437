// Money as the API writes it: decimal strings ("10.00", "-2.50"). Amounts are computed here in
// whole cents (exact integers) and shown from the decimal string itself, never through a binary
// floating-point number: 0.10 + 0.20 is 0.30, and 12345678901234.99 is shown as it is written.
// Shown as the page's language writes numbers (common/i18n.js): "1,234.50" in English,
// "1 234,50" in Russian, "1234,50" and "12.345,50" in Spanish.

import { numberSymbols } from "./i18n.js";

const DECIMAL = /^\s*(-)?(\d+)(?:[.,](\d+))?\s*$/;
const MINUS = "−";

/** "12.5" -> 1250; null for anything that is not a non-negative amount with at most two places,
 *  or whose cents are too many to be counted exactly. A comma is read as the decimal point (as
 *  a dealer may type it). */
export function cents(text) {
  if (text === null || text === undefined) return null;
  const match = /^\s*(\d+)(?:[.,](\d{1,2}))?\s*$/.exec(String(text));
  if (!match) return null;
  const value = Number(`${match[1]}${(match[2] || "").padEnd(2, "0")}`);
  return Number.isSafeInteger(value) ? value : null;
}

/** 1250 -> "12.50", -250 -> "-2.50": the decimal string the API reads. */
export function amount(centsValue) {
  const sign = centsValue < 0 ? "-" : "";
  const digits = String(Math.abs(centsValue)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** ``digits`` (a whole number's, as written) grouped by threes with ``symbols.group``, unless
 *  they are fewer than the language's minimum for grouping. */
function grouped(digits, symbols) {
  if (digits.length < 4 + symbols.minimumGrouping - 1) return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, symbols.group);
}

/** A whole number for people, in the page's language ("12,345"; "12 345" in Russian); anything
 *  that is not a whole number is shown as it is. */
export function number(value) {
  const match = /^(-)?(\d+)$/.exec(String(value ?? ""));
  if (!match) return String(value ?? "");
  return `${match[1] ? MINUS : ""}${grouped(match[2], numberSymbols())}`;
}

/**
 * An amount for people, from its decimal string: "-1234.5" -> "−1,234.50", with " EUR" after it
 * when ``currency`` is given, in the page's language ("−1 234,50" in Russian). At least two
 * decimal places (more are kept as written, never rounded); "—" for no amount (null,
 * undefined, ""); anything that is not a decimal is shown as it is.
 */
export function money(text, currency = "") {
  if (text === null || text === undefined || text === "") return "—";
  const match = DECIMAL.exec(String(text));
  if (!match) return String(text);
  const [, minus, whole, fraction = ""] = match;
  const digits = whole.replace(/^0+(?=\d)/, "");
  const symbols = numberSymbols();
  const zero = /^0*$/.test(digits + fraction);
  const sign = minus && !zero ? MINUS : "";
  return `${sign}${grouped(digits, symbols)}${symbols.decimal}${fraction.padEnd(2, "0")}${currency ? ` ${currency}` : ""}`;
}

/** Whether the decimal string ``text`` is below zero, read from its sign (never as a number):
 *  "-2.50" is, "-0.00" and "2.50" are not. */
export function isNegative(text) {
  const match = DECIMAL.exec(String(text ?? ""));
  return Boolean(match?.[1]) && !/^0*$/.test(match[2] + (match[3] || ""));
}
