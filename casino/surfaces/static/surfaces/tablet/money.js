// Money as the API writes it: decimal strings ("10.00"), computed here in whole cents (exact
// integers), never in binary floating point.

/** "12.5" -> 1250; null for anything that is not a non-negative amount with at most two places. */
export function cents(text) {
  if (text === null || text === undefined) return null;
  const match = /^\s*(\d+)(?:[.,](\d{1,2}))?\s*$/.exec(String(text));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] || "0").padEnd(2, "0"));
}

/** 1250 -> "12.50": the decimal string the API reads. */
export function amount(centsValue) {
  const whole = Math.floor(centsValue / 100);
  return `${whole}.${String(centsValue % 100).padStart(2, "0")}`;
}

/** An amount for people: "1,250.00", or "12" where the chip unit is whole. */
export function shown(text) {
  const value = cents(text) ?? (String(text).startsWith("-") ? -cents(String(text).slice(1)) : null);
  if (value === null) return String(text);
  const sign = value < 0 ? "−" : "";
  const abs = Math.abs(value);
  const whole = Math.floor(abs / 100).toLocaleString("en");
  return `${sign}${whole}.${String(abs % 100).padStart(2, "0")}`;
}

/** Whether ``value`` (cents) is allowed by an amount field's bounds: min, max and step. */
export function withinBounds(value, field) {
  const min = cents(field.min);
  const max = cents(field.max);
  const step = cents(field.step);
  if (min !== null && value < min) return false;
  if (max !== null && value > max) return false;
  return !(step && value % step !== 0);
}

/** The chip amounts to offer for an amount field: round numbers of its step within bounds. */
export function chipAmounts(field) {
  const step = cents(field.step) || 100;
  const min = cents(field.min) ?? step;
  const max = cents(field.max);
  const chips = new Set([min]);
  for (const multiple of [1, 5, 10, 25, 50, 100, 500, 1000]) {
    const value = step * multiple;
    if (value >= min && (max === null || value <= max)) chips.add(value);
  }
  if (max !== null) chips.add(max);
  return [...chips].sort((a, b) => a - b).slice(0, 8);
}
