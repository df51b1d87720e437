"""Where every card of a Red Dog hand is: the face-down stock, a player's hand, or out of it.

A live table records cards as the croupier deals them, so the stock is not an ordered list but
the set of cards not yet seen. One fresh deck is used per hand; when the face-down stock runs out
mid-hand, the burnt cards, the turned cards, the hands already set aside and the cards exposed by
accident become the new stock, while hands still held (and Slippery Sam's live centre card) stay
out (RULES A.3, 3.4.7).

A card exposed by accident (flashed, dropped during the deal) is laid aside face up: it is out of
the stock, so it cannot be dealt, burnt or turned in this deck, until a reshuffle returns it with
the burnt and turned cards, or the next hand starts with a fresh deck.

>>> from casino.games.cards import parse_card
>>> cards = TableCards()
>>> cards.draw(parse_card("2h"), CardPlace.EXPOSED)
>>> cards.verify_in_stock([parse_card("2h")])
Traceback (most recent call last):
...
casino.games.errors.GameError: 2h is not in the stock: it is exposed
>>> TableCards.restore(SnapshotReader(cards.snapshot())).cards_at(CardPlace.EXPOSED)
(Card('2h'),)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from casino.games.cards import CARDS, Card, Deck
from casino.games.contract import JsonObject, JsonValue
from casino.games.errors import GameError
from casino.games.reddog.codes import CARD_DUPLICATE, STOCK_EMPTY
from casino.games.snapshots import SnapshotReader, invalid


class CardPlace(StrEnum):
    """Where a card out of the stock lies."""

    HELD = "held"
    BURNT = "burnt"
    TURNED = "turned"
    SET_ASIDE = "set_aside"
    CENTRE = "centre"
    EXPOSED = "exposed"


#: Places whose cards go back into the stock at a reshuffle.
_RESHUFFLED_PLACES = frozenset(
    {CardPlace.BURNT, CardPlace.TURNED, CardPlace.SET_ASIDE, CardPlace.EXPOSED}
)
#: Places a card is drawn to from the stock (a held card is dealt, a set-aside one was held).
_DRAWN_PLACES = (CardPlace.BURNT, CardPlace.TURNED, CardPlace.CENTRE, CardPlace.EXPOSED)


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
            ``card_duplicate`` for a card already out (``data["location"]``, and
            ``data["seat"]`` for a held card) or given twice.
        """
        if len(cards) > self.stock_count:
            raise GameError(
                STOCK_EMPTY,
                "The face-down stock has run out: record the reshuffle first",
                stock_remaining=self.stock_count,
            )
        for card in cards:
            self.verify_not_out(card)
        self._deck.verify_unseen(cards)

    def verify_not_out(self, card: Card) -> None:
        """Check that ``card`` lies in the face-down stock (whatever its size).

        :raises GameError: ``card_duplicate`` (``data["location"]``, and ``data["seat"]`` for a
            held card) for a card already out.
        """
        place = self._places.get(card)
        if place is not None:
            holder = self.holder(card) if place is CardPlace.HELD else None
            where = f"held by seat {holder}" if holder is not None else place.value
            raise GameError(
                CARD_DUPLICATE,
                f"{card} is not in the stock: it is {where.replace('_', ' ')}",
                card=str(card),
                location=place.value,
                **({"seat": holder} if place is CardPlace.HELD else {}),
            )

    def deal(self, seat: int, cards: Sequence[Card]) -> None:
        self._deck.see(*cards)
        self._held[seat] = tuple(cards)
        for card in cards:
            self._places[card] = CardPlace.HELD

    def draw(self, card: Card, place: CardPlace) -> None:
        """Take ``card`` from the stock and lay it ``place`` (burnt, turned, centre, exposed)."""
        self._deck.see(card)
        self._places[card] = place

    def set_aside_hand(self, seat: int) -> None:
        """Put a held hand aside face down (no-op if the seat holds none)."""
        for card in self._held.pop(seat, ()):
            self._places[card] = CardPlace.SET_ASIDE

    def reshuffle(self) -> None:
        """Make the burnt, turned, set-aside and exposed cards the new face-down stock."""
        back = [card for card, place in self._places.items() if place in _RESHUFFLED_PLACES]
        self._deck.return_to_stock(back)
        for card in back:
            del self._places[card]

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self._held[seat]

    def holds(self, seat: int) -> bool:
        return seat in self._held

    @property
    def held_seats(self) -> tuple[int, ...]:
        """The seats holding a hand, in seat order."""
        return tuple(sorted(self._held))

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
    def out(self) -> frozenset[int]:
        """The cards out of the stock, wherever they lie."""
        return self._deck.seen

    @property
    def reshufflable_count(self) -> int:
        """Cards a reshuffle would return to the stock."""
        return sum(1 for place in self._places.values() if place in _RESHUFFLED_PLACES)

    def cards_at(self, place: CardPlace) -> tuple[Card, ...]:
        return tuple(sorted(c for c, p in self._places.items() if p is place))

    # -- snapshot ----------------------------------------------------------------------------

    def snapshot(self) -> JsonObject:
        """The held hands (in the order dealt) and every other card out, by place; at most the
        52 cards of one deck, whatever the length of the game."""
        placed: JsonObject = {}
        for place in (CardPlace.SET_ASIDE, *_DRAWN_PLACES):
            placed[place.value] = _texts(self.cards_at(place))
        return {
            "held": {str(seat): _texts(cards) for seat, cards in sorted(self._held.items())},
            "placed": placed,
        }

    @classmethod
    def restore(cls, reader: SnapshotReader) -> TableCards:
        """The cards :meth:`snapshot` describes.

        :raises GameError: ``snapshot_invalid`` for a malformed snapshot or a card out twice.
        """
        table = cls()
        held = reader.obj("held")
        raw_held = reader.raw("held")
        for key in raw_held if isinstance(raw_held, dict) else ():
            if not key.isdigit():
                raise invalid("cards.held", f"not a seat: {key!r}")
            table._held[int(key)] = held.cards(key)
            for card in table._held[int(key)]:
                table._place(card, CardPlace.HELD)
        placed = reader.obj("placed")
        for place in (CardPlace.SET_ASIDE, *_DRAWN_PLACES):
            for card in placed.cards(place.value):
                table._place(card, place)
        table._deck = Deck(table._places)
        return table

    def _place(self, card: Card, place: CardPlace) -> None:
        if card in self._places:
            raise invalid("cards", f"{card} is out of the stock twice")
        self._places[card] = place


def _texts(cards: Sequence[Card]) -> list[JsonValue]:
    return [str(card) for card in cards]
