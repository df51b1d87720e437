// Cards as people read them: "Th" is "10♥" on every page that names a card.

import { pt } from "./i18n.js";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** A card's code as the API gives it ("Th", "Qd"). */
export const CARD = /^(10|[2-9TJQKA])[shdc]$/i;

/** A rank as the page's language writes it: "T" -> "10", "Q" -> "Q" ("Д" in Russian). */
export function rankName(rank) {
  const upper = String(rank).toUpperCase();
  if (upper === "T" || upper === "10") return "10";
  const court = { J: () => pt("card rank", "J"), Q: () => pt("card rank", "Q"), K: () => pt("card rank", "K"), A: () => pt("card rank", "A") }[upper];
  return court ? court() : upper;
}

/** "Th" -> "10♥", for people ("Qd" -> "Д♦" in Russian). */
export function cardName(card) {
  const rank = card.slice(0, -1);
  const suit = SUITS[card.slice(-1).toLowerCase()];
  return `${rankName(rank)}${suit || card.slice(-1)}`;
}

/** ``text`` with every card code in it written as people read it ("Replacement for Qd" ->
 *  "Replacement for Q♦"): a rank and a suit letter standing alone as a word. Anything but a
 *  string (a number, nothing) is answered as it is. */
export const withCardNames = (text) => (typeof text === "string"
  ? text.replace(/\b(10|[2-9TJQKA])([shdc])\b/g, (_, rank, suit) => cardName(`${rank === "10" ? "T" : rank}${suit}`))
  : text);

export const isRed = (card) => ["h", "d"].includes(card.slice(-1).toLowerCase());
