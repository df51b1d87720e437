"""Where every card of a Red Dog hand is: the face-down stock, a player's hand, or set aside.

A live table records cards as the croupier deals them, so the stock is not an ordered list but
the set of cards not yet seen. One fresh deck is used per hand; when the face-down stock runs out
mid-hand, the burnt cards, the turned cards and the hands already set aside become the new stock,
while hands still held (and Slippery Sam's live centre card) stay out (RULES A.3, 3.4.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from casino.games.cards import CARDS, Card, Deck
from casino.games.errors import GameError
from casino.games.reddog.codes import CARD_NOT_IN_STOCK, STOCK_EMPTY


class CardPlace(StrEnum):
    """Where a card out of the stock lies."""

    HELD = "held"
    BURNT = "burnt"
    TURNED = "turned"
    SET_ASIDE = "set_aside"
    CENTRE = "centre"


#: Places whose cards go back into the stock at a reshuffle.
_RESHUFFLED_PLACES = frozenset({CardPlace.BURNT, CardPlace.TURNED, CardPlace.SET_ASIDE})


class TableCards:
    """The cards of one hand. Mutators assume the caller verified with :meth:`verify_in_stock`."""

    __slots__ = ("_deck", "_held", "_places")

    def __init__(self) -> None:
        self._deck = Deck()
        self._held: dict[int, tuple[Card, ...]] = {}
        self._places: dict[Card, CardPlace] = {}

    def verify_in_stock(self, cards: Sequence[Card]) -> None:
        """Check that ``cards`` can all come from the face-down stock now.

        :raises GameError: ``stock_empty`` if the stock holds fewer cards than asked for,
            ``card_not_in_stock`` (``data["location"]``, and ``data["seat"]`` for a held card)
            for a card already out, ``card_duplicate`` for a card given twice.
        """
        if len(cards) > self.stock_count:
            raise GameError(
                STOCK_EMPTY,
                "The face-down stock has run out: record the reshuffle first",
                stock_remaining=self.stock_count,
            )
        for card in cards:
            place = self._places.get(card)
            if place is not None:
                raise GameError(
                    CARD_NOT_IN_STOCK,
                    f"{card} is not in the stock: it is {place.value.replace('_', ' ')}",
                    card=str(card),
                    location=place.value,
                    **({"seat": self.holder(card)} if place is CardPlace.HELD else {}),
                )
        self._deck.verify_unseen(cards)

    def deal(self, seat: int, cards: Sequence[Card]) -> None:
        self._deck.see(*cards)
        self._held[seat] = tuple(cards)
        for card in cards:
            self._places[card] = CardPlace.HELD

    def draw(self, card: Card, place: CardPlace) -> None:
        """Take ``card`` from the stock and lay it ``place`` (burnt, turned or centre)."""
        self._deck.see(card)
        self._places[card] = place

    def set_aside_hand(self, seat: int) -> None:
        """Put a held hand aside face down (no-op if the seat holds none)."""
        for card in self._held.pop(seat, ()):
            self._places[card] = CardPlace.SET_ASIDE

    def reshuffle(self) -> None:
        """Make the burnt, turned and set-aside cards the new face-down stock."""
        back = [card for card, place in self._places.items() if place in _RESHUFFLED_PLACES]
        self._deck.return_to_stock(back)
        for card in back:
            del self._places[card]

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self._held[seat]

    def holds(self, seat: int) -> bool:
        return seat in self._held

    def holder(self, card: Card) -> int | None:
        """The seat holding ``card``, if any."""
        for seat, cards in self._held.items():
            if card in cards:
                return seat
        return None

    @property
    def stock_count(self) -> int:
        """Face-down cards left."""
        return self._deck.remaining

    @property
    def stock(self) -> frozenset[Card]:
        """The cards the face-down stock can still yield (their order is unknown)."""
        return frozenset(c for c in CARDS if not self._deck.is_seen(c))

    @property
    def reshufflable_count(self) -> int:
        """Cards a reshuffle would return to the stock."""
        return sum(1 for place in self._places.values() if place in _RESHUFFLED_PLACES)

    def cards_at(self, place: CardPlace) -> tuple[Card, ...]:
        return tuple(sorted(c for c, p in self._places.items() if p is place))
