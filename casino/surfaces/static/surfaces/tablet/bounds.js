// An amount field's bounds, as the round's view gives them (``min``, ``max``, ``step``: decimal
// strings, or null): whether an amount is within them, and the chip amounts to offer. In whole
// cents, as every amount the app computes.

import { cents } from "../common/money.js";

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
