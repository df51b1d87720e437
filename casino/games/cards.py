"""Playing cards: one 52-card deck, parsing of every common spelling, and seen-card tracking.

A card is a small ``int`` (0–51) so that the evaluators can index tables with it directly:
``rank_index * 4 + suit_index``, where rank index 0 is a deuce and 12 an ace, and suits are
ordered spades, hearts, diamonds, clubs. ``Card`` is an ``int`` subclass that prints itself.

>>> parse_card("10h") == parse_card("Th") == parse_card("TH") == parse_card("th")
True
>>> str(parse_card("as")), parse_card("Kd").rank, parse_card("Kd").suit
('As', 13, 'd')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeAlias

from casino.games.codes import GameCode
from casino.games.errors import GameError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "shdc"
RED_SUITS = frozenset("hd")

#: The codes this module raises (defined in :class:`~casino.games.codes.GameCode`).
CARD_UNKNOWN = GameCode.CARD_UNKNOWN
CARD_DUPLICATE = GameCode.CARD_DUPLICATE
CARD_NOT_SEEN = GameCode.CARD_NOT_SEEN

#: A card as the dealer's tablet may give it: any spelling :func:`parse_card` accepts, or its index.
CardInput: TypeAlias = str | int
#: Several cards: a sequence of cards, or one string separated by spaces or commas.
CardsInput: TypeAlias = str | Sequence[CardInput]

_RANK_ALIASES = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": 8}
_SUIT_ALIASES = {c: i for i, c in enumerate(SUIT_CHARS)} | {
    "♠": 0,
    "♥": 1,
    "♦": 2,
    "♣": 3,
}


#: Each card's canonical name by its index (``As``, ``Th``): printing a card is one lookup, and
#: the engines print the whole deck for every view of the tablet.
CARD_NAMES: tuple[str, ...] = tuple(RANK_CHARS[i >> 2] + SUIT_CHARS[i & 3] for i in range(52))


class Card(int):
    """One card of the 52; compare and hash as its index.

    ``rank`` is 2–14 (ace high), ``suit`` one of ``s h d c``.
    """

    __slots__ = ()

    @property
    def rank(self) -> int:
        return (self >> 2) + 2

    @property
    def rank_index(self) -> int:
        return self >> 2

    @property
    def suit(self) -> str:
        return SUIT_CHARS[self & 3]

    @property
    def suit_index(self) -> int:
        return self & 3

    @property
    def is_red(self) -> bool:
        return (self & 3) in (1, 2)

    def __str__(self) -> str:
        return CARD_NAMES[self]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


#: The 52 cards, ``CARDS[i]`` is the card with index ``i``.
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))

#: Each card by its canonical name (``As``, ``Th``): how snapshots and events store cards, so
#: the common case of :func:`parse_card` is one lookup.
_BY_NAME: dict[str, Card] = {str(card): card for card in CARDS}


def make_card(rank: int, suit: str) -> Card:
    """The card of ``rank`` (2–14) and ``suit`` (``s h d c``)."""
    if not 2 <= rank <= 14 or suit not in SUIT_CHARS or len(suit) != 1:
        raise GameError(CARD_UNKNOWN, f"Not a card: rank {rank!r}, suit {suit!r}")
    return CARDS[(rank - 2) * 4 + SUIT_CHARS.index(suit)]


def parse_card(text: str | int) -> Card:
    """Parse one card in any common spelling: ``As``, ``AS``, ``as``, ``10h``, ``Th``, ``A♠``.

    An ``int`` in 0–51 is taken as a card index. Anything else raises ``GameError`` with code
    ``card_unknown`` and the offending text in ``data["card"]``.
    """
    if type(text) is str and (card := _BY_NAME.get(text)) is not None:
        return card
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < 52:
            return CARDS[text]
        raise GameError(CARD_UNKNOWN, f"Not a card index: {text!r}", card=text)
    if not isinstance(text, str):
        raise GameError(CARD_UNKNOWN, f"Not a card: {text!r}", card=repr(text))
    token = text.strip()
    if 2 <= len(token) <= 3:
        rank = _RANK_ALIASES.get(token[:-1].upper())
        suit = _SUIT_ALIASES.get(token[-1].lower())
        if rank is not None and suit is not None:
            return CARDS[rank * 4 + suit]
    raise GameError(CARD_UNKNOWN, f"Not a card: {text!r}", card=text)


def parse_cards(texts: str | Iterable[str | int]) -> tuple[Card, ...]:
    """Parse several cards: a list, or one string separated by spaces or commas.

    >>> [str(c) for c in parse_cards("As Kd, 10h")]
    ['As', 'Kd', 'Th']
    """
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return tuple(parse_card(t) for t in texts)


def format_cards(cards: Iterable[int]) -> str:
    """Cards as one space-separated string in the canonical spelling (``As Th 2c``)."""
    return " ".join(str(CARDS[c]) for c in cards)


def card_texts(cards: Iterable[Card]) -> list[str]:
    """Cards as a list of their canonical spellings: how events and views store them.

    >>> card_texts(parse_cards("10h as"))
    ['Th', 'As']
    """
    return [str(card) for card in cards]


def card_text(card: Card | None) -> str | None:
    """A card's canonical spelling, ``None`` for no card."""
    return None if card is None else str(card)


class Deck:
    """The cards of one physical deck that have been seen so far.

    A live table records cards as they are turned, so this tracks what is out rather than
    shuffling: ``see`` accepts a card once and refuses it a second time with ``card_duplicate``.
    ``return_to_stock`` puts seen cards back (a Red Dog reshuffle).
    """

    __slots__ = ("_seen",)

    def __init__(self, seen: Iterable[int] = ()) -> None:
        self._seen: set[int] = set()
        for card in seen:
            self.see(card)

    def verify_unseen(self, cards: Iterable[int]) -> None:
        """Raise ``card_duplicate`` if any card is already out or appears twice in ``cards``."""
        batch: set[int] = set()
        for card in cards:
            if card in self._seen or card in batch:
                raise GameError(
                    CARD_DUPLICATE,
                    f"{CARDS[card]} has already been dealt from this deck",
                    card=str(CARDS[card]),
                )
            batch.add(card)

    def see(self, *cards: int) -> None:
        """Mark ``cards`` as out of the stock; all or nothing."""
        self.verify_unseen(cards)
        self._seen.update(cards)

    def return_to_stock(self, cards: Iterable[int]) -> None:
        """Put seen cards back into the stock; refuses a card that is not out."""
        cards = list(cards)
        for card in cards:
            if card not in self._seen:
                raise GameError(
                    CARD_NOT_SEEN, f"{CARDS[card]} is not out of the stock", card=str(CARDS[card])
                )
        self._seen.difference_update(cards)

    def is_seen(self, card: int) -> bool:
        return card in self._seen

    @property
    def seen(self) -> frozenset[int]:
        return frozenset(self._seen)

    @property
    def remaining(self) -> int:
        return 52 - len(self._seen)

    def __iter__(self) -> Iterator[Card]:
        return (CARDS[c] for c in sorted(self._seen))

    def __len__(self) -> int:
        return len(self._seen)
