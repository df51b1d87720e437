// A round's events in words, for whoever reads them outside the log itself: the dealer asking
// to undo entries at the tablet, the pit boss deciding it on the board.

import { CARD, cardName } from "./cards.js";
import { money } from "./money.js";

/** An event's or a field's name in words ("wagers_placed" -> "wagers placed"). */
export const words = (name) => String(name).replaceAll("_", " ");

/** A round's event in words: what it was and what it said, cards and amounts as people read
 *  them ("wagers placed · box 1 · ante 10.00 · bonus 5.00"). */
export function eventWords(event) {
  const parts = [words(event.kind)];
  for (const [name, value] of Object.entries(event.payload || {})) {
    if (value === null || value === undefined || value === false || value === "") continue;
    if (Array.isArray(value) && value.every((v) => CARD.test(String(v)))) parts.push(`${words(name)} ${value.map(cardName).join(" ")}`);
    else if (typeof value === "string" && CARD.test(value)) parts.push(`${words(name)} ${cardName(value)}`);
    else if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value)) parts.push(`${words(name)} ${money(value)}`);
    else if (typeof value === "object") continue;
    else if (value === true) parts.push(words(name));
    else parts.push(`${words(name)} ${typeof value === "string" ? words(value) : value}`);
  }
  return parts.join(" · ");
}
