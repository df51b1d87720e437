// Cards as people read them: "Th" is "10♥" on every page that names a card.

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** A card's code as the API gives it ("Th", "Qd"). */
export const CARD = /^(10|[2-9TJQKA])[shdc]$/i;

/** "Th" -> "10♥", for people. */
export function cardName(card) {
  const rank = card.slice(0, -1).toUpperCase();
  const suit = SUITS[card.slice(-1).toLowerCase()];
  return `${rank === "T" ? "10" : rank}${suit || card.slice(-1)}`;
}

/** ``text`` with every card code in it written as people read it ("Replacement for Qd" ->
 *  "Replacement for Q♦"): a rank and a suit letter standing alone as a word. Anything but a
 *  string (a number, nothing) is answered as it is. */
export const withCardNames = (text) => (typeof text === "string"
  ? text.replace(/\b(10|[2-9TJQKA])([shdc])\b/g, (_, rank, suit) => cardName(`${rank === "10" ? "T" : rank}${suit}`))
  : text);

export const isRed = (card) => ["h", "d"].includes(card.slice(-1).toLowerCase());
