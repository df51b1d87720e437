"""Standard five-card poker ranking: one exact, table-driven evaluator for five, six or seven cards.

A hand's *value* is a plain ``int``; a greater value is a stronger hand and equal values tie. The
value is self-describing: the category sits above bit 20 and the ranks that decide within the
category follow in 4-bit fields, most significant first. Both straight rules share this one value
space, so :func:`describe` never needs to know which rule produced a value.

Two straight rules exist, chosen with ``wheel``:

* ``wheel=True`` (Russian Poker): A-2-3-4-5 is the lowest straight and straight flush.
* ``wheel=False`` (Ruby Run's standard comparison, "aces high only"): A-2-3-4-5 is ace-high
  nothing (or an ace-high flush when suited).

No rule lets a straight wrap round the ace (Q-K-A-2-3 is nothing). Royal flush is not a category:
it is the ace-high straight flush, and a paytable line in the games that pay it.

The best hand of six or seven cards costs one table look-up. Each card has a code whose sum over
the hand encodes the multiset of ranks in its high bits and a suit signature in its low bits. The
suit signature tells whether five or more cards share a suit; when none do, the rank multiset alone
decides the best five cards and indexes a precomputed table. Flush hands (about 1 in 30 of
seven-card hands) index a table of 8,192 suited rank patterns instead.

>>> from casino.games.cards import parse_cards
>>> describe(hand_value(parse_cards("Ah 2d 3c 4s 5h")))
HandDescription(category=<Category.STRAIGHT: 4>, ranks=(5, 4, 3, 2, 14))
>>> describe(hand_value(parse_cards("Ah 2d 3c 4s 5h"), wheel=False)).category.name
'HIGH_CARD'
>>> hand_value(parse_cards("Kh Kd 9s 9c 2h 2d 7c")) == hand_value(parse_cards("Kh Kd 9s 9c 7c"))
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final, NamedTuple

from casino.games.cards import CARD_DUPLICATE, CARD_UNKNOWN, CARDS, RANK_CHARS
from casino.games.codes import HAND_SIZE_INVALID, HAND_VALUE_INVALID
from casino.games.errors import GameError


class Category(enum.IntEnum):
    """The nine five-card categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category as people say it: ``Category.TWO_PAIR.label == 'two pair'``."""
        return self.name.lower().replace("_", " ")


CATEGORY_SHIFT: Final = 20
_RANK_FIELD_BITS: Final = 4
_ACE: Final = 14
_WHEEL_TOP: Final = 5

# How many cards each decisive rank stands for, per category; straights are described by their
# top card alone and expanded separately.
_GROUP_SIZES: Final[dict[Category, tuple[int, ...]]] = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.TRIPS: (3, 1, 1),
    Category.FLUSH: (1, 1, 1, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.QUADS: (4, 1),
}


class HandDescription(NamedTuple):
    """A value spelled out: the category and the five ranks (2–14) in order of significance.

    A wheel lists its ace last, where it plays: ``(5, 4, 3, 2, 14)``.
    """

    category: Category
    ranks: tuple[int, ...]

    def __str__(self) -> str:
        spelled = " ".join(RANK_CHARS[rank - 2] for rank in self.ranks)
        return f"{self.category.label}: {spelled}"


def pack_value(category: Category, decisive_ranks: Sequence[int]) -> int:
    """The value of a hand from its category and decisive ranks (2–14), most significant first.

    Decisive ranks are one per group (a full house is ``(trips, pair)``), or the top card for a
    straight, where a wheel's top card is 5. This is the inverse of the packing that
    :func:`describe` reads; tests and audit tools use it to name a value.

    >>> from casino.games.cards import parse_cards
    >>> pack_value(Category.FULL_HOUSE, (13, 7)) == hand_value(parse_cards("Ks Kh Kd 7s 7h"))
    True
    """
    value = int(category) << CATEGORY_SHIFT
    shift = CATEGORY_SHIFT
    for rank in decisive_ranks:
        shift -= _RANK_FIELD_BITS
        value |= rank << shift
    return value


def category_of(value: int) -> Category:
    """The category of a value.

    >>> category_of(pack_value(Category.TRIPS, (9, 14, 3))).name
    'TRIPS'
    """
    return Category(value >> CATEGORY_SHIFT)


def describe(value: int) -> HandDescription:
    """Spell a value out for people and the audit trail.

    :raises GameError: ``hand_value_invalid`` if ``value`` is not the value of any hand.

    >>> str(describe(pack_value(Category.TWO_PAIR, (13, 8, 2))))
    'two pair: K K 8 8 2'
    >>> str(describe(pack_value(Category.STRAIGHT_FLUSH, (14,))))
    'straight flush: A K Q J T'
    """
    if not 0 <= value >> CATEGORY_SHIFT <= Category.STRAIGHT_FLUSH:
        raise _invalid_value(value)
    category = Category(value >> CATEGORY_SHIFT)
    fields = [(value >> (CATEGORY_SHIFT - _RANK_FIELD_BITS * (i + 1))) & 0xF for i in range(5)]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = fields[0]
        if not _WHEEL_TOP <= top <= _ACE or any(fields[1:]):
            raise _invalid_value(value)
        ranks = tuple(rank if rank >= 2 else _ACE for rank in range(top, top - 5, -1))
        return HandDescription(category, ranks)
    sizes = _GROUP_SIZES[category]
    decisive, unused = fields[: len(sizes)], fields[len(sizes) :]
    # Groups of equal size are listed highest first (two pairs, kickers), and five single ranks
    # in a row would have been a straight (A-5-4-3-2 is one only under the wheel rule).
    in_order = all(
        decisive[i] > decisive[i + 1] for i in range(len(sizes) - 1) if sizes[i] == sizes[i + 1]
    )
    if (
        any(not 2 <= rank <= _ACE for rank in decisive)
        or any(unused)
        or len(set(decisive)) != len(decisive)
        or not in_order
        or (len(decisive) == 5 and decisive[0] - decisive[4] == 4)
    ):
        raise _invalid_value(value)
    ranks = tuple(rank for rank, size in zip(decisive, sizes, strict=True) for _ in range(size))
    return HandDescription(category, ranks)


def _invalid_value(value: int) -> GameError:
    return GameError(HAND_VALUE_INVALID, f"Not a hand value: {value!r}", value=value)


# --- Card codes -----------------------------------------------------------------------------------
#
# A card's code is ``rank_weight << suit_bits | suit_weight``. Rank weights are chosen so that
# every multiset of up to n ranks (at most four of each) has its own sum; suit weights so that the
# sum of n suit weights tells whether five of the n cards share a suit, and which suit. The
# six-card rank weights come from a greedy search (each weight the smallest that keeps the sums of
# up to six ranks apart); the seven-card ones are those published with SKPokerEval (K. Shackleton).
# Six-card sums stay below 2.2 million, so the wheel rule's six-card table is a plain list indexed
# by the sum (17 MB): a list index costs far less than a dict probe on the path of a Russian Poker
# box with a sixth card. No game ranks six cards aces-high, so that rule's table stays a small
# dict. Every sum also stays below 2**30, a one-digit CPython int. The table build checks the
# weights and fails loudly if either property ever stopped holding.
_RANK_WEIGHTS_6: Final = (
    0, 1, 5, 22, 98, 422, 1734, 5760, 14270, 37951, 90838, 206930, 436437,
)  # fmt: skip
_RANK_WEIGHTS_7: Final = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip
_SUIT_WEIGHTS_6: Final = (0, 1, 15, 21)
_SUIT_WEIGHTS_7: Final = (0, 1, 24, 33)
_SUIT_BITS_6: Final = 7
_SUIT_BITS_7: Final = 8

Evaluation = Callable[[Sequence[int]], int]


class HandEvaluator:
    """Exact values of five-card hands and of the best five of six or seven, for one straight rule.

    ``five``, ``best_of_six`` and ``best_of_seven`` take card indices (a ``Card`` or any ``int``
    0–51) and assume a valid hand of exactly that size: they are the hot path and check nothing.
    ``best_containing(fixed, pool)`` is the best value of five cards made of all of ``fixed`` and
    the rest from ``pool`` (distinct cards, ``len(fixed) <= 5 <= len(fixed) + len(pool)``,
    unchecked): what a game needs when some cards must be in the hand.
    ``best`` checks its input and accepts five to seven cards. Plain ``int`` indices evaluate about
    a fifth faster than ``Card`` instances, because list indexing is specialised for exact ints.

    Use the shared instances :data:`WHEEL` and :data:`ACES_HIGH` (or :func:`evaluator`); building
    one costs the tables of both rules.

    >>> from casino.games.cards import parse_cards
    >>> hand = parse_cards("As Ks Qs Js Ts 9s")
    >>> WHEEL.best_of_six(hand) == pack_value(Category.STRAIGHT_FLUSH, (14,))
    True
    """

    __slots__ = ("wheel", "five", "best_of_six", "best_of_seven", "best_containing")

    def __init__(
        self,
        *,
        wheel: bool,
        five: Evaluation,
        best_of_six: Evaluation,
        best_of_seven: Evaluation,
        best_containing: Callable[[Sequence[int], Sequence[int]], int],
    ) -> None:
        self.wheel = wheel
        self.five = five
        self.best_of_six = best_of_six
        self.best_of_seven = best_of_seven
        self.best_containing = best_containing

    def best(self, cards: Sequence[int]) -> int:
        """The value of the best five of 5–7 distinct cards, after checking them.

        :raises GameError: ``hand_size_invalid``, ``card_unknown`` or ``card_duplicate``.
        """
        checked = check_hand(cards, sizes=(5, 6, 7))
        if len(checked) == 5:
            return self.five(checked)
        if len(checked) == 6:
            return self.best_of_six(checked)
        return self.best_of_seven(checked)

    def __repr__(self) -> str:
        return f"HandEvaluator(wheel={self.wheel})"


def check_hand(cards: Sequence[int], *, sizes: Sequence[int]) -> tuple[int, ...]:
    """``cards`` as a tuple of plain card indices, after checking size, range and uniqueness.

    :raises GameError: ``hand_size_invalid`` (with ``sizes`` and ``count``), ``card_unknown``
        or ``card_duplicate`` (with the card).

    >>> check_hand([0, 51], sizes=(2,))
    (0, 51)
    >>> check_hand([0, 0], sizes=(2,))
    Traceback (most recent call last):
    ...
    casino.games.errors.GameError: 2s appears twice in the hand
    """
    if len(cards) not in sizes:
        raise GameError(
            HAND_SIZE_INVALID,
            f"A hand here has {' or '.join(map(str, sizes))} cards, not {len(cards)}",
            sizes=list(sizes),
            count=len(cards),
        )
    seen: set[int] = set()
    for card in cards:
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            raise GameError(CARD_UNKNOWN, f"Not a card: {card!r}", card=repr(card))
        if card in seen:
            raise GameError(
                CARD_DUPLICATE, f"{CARDS[card]} appears twice in the hand", card=str(CARDS[card])
            )
        seen.add(card)
    return tuple(int(card) for card in cards)


def hand_value(cards: Sequence[int], *, wheel: bool = True) -> int:
    """The value of the best five of 5–7 distinct cards under one straight rule (checked input).

    :raises GameError: ``hand_size_invalid``, ``card_unknown`` or ``card_duplicate``.

    >>> from casino.games.cards import parse_cards
    >>> str(describe(hand_value(parse_cards("7h 7d 2c 9s Jd 7s"))))
    'trips: 7 7 7 J 9'
    """
    return (WHEEL if wheel else ACES_HIGH).best(cards)


def evaluator(*, wheel: bool) -> HandEvaluator:
    """The shared evaluator of a straight rule: :data:`WHEEL` or :data:`ACES_HIGH`."""
    return WHEEL if wheel else ACES_HIGH


# --- Table construction ---------------------------------------------------------------------------


def _straight_top(mask: int, *, wheel: bool) -> int:
    """Top rank (2–14) of the best straight in a 13-bit rank mask, or 0 if there is none."""
    for low in range(8, -1, -1):
        if (mask >> low) & 0b11111 == 0b11111:
            return low + 6
    if wheel and mask & 0b1_0000_0000_1111 == 0b1_0000_0000_1111:
        return _WHEEL_TOP
    return 0


def _ranks_desc(mask: int) -> list[int]:
    """The ranks (2–14) of a 13-bit rank mask, highest first."""
    return [index + 2 for index in range(12, -1, -1) if mask >> index & 1]


def _flush_value(mask: int, *, wheel: bool) -> int:
    """Value of the best flush among five or more suited cards with these ranks."""
    top = _straight_top(mask, wheel=wheel)
    if top:
        return pack_value(Category.STRAIGHT_FLUSH, (top,))
    return pack_value(Category.FLUSH, _ranks_desc(mask)[:5])


def _five_unsuited_values(ranks: Sequence[int]) -> tuple[int, int]:
    """Value of five cards of these ranks (2–14), not all one suit: (wheel rule, aces high)."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # Groups by size, then by rank: exactly the significance order of the value's rank fields.
    groups = sorted(((count, rank) for rank, count in counts.items()), reverse=True)
    decisive = [rank for _, rank in groups]
    shape = tuple(count for count, _ in groups)
    if shape == (4, 1):
        made = pack_value(Category.QUADS, decisive)
    elif shape == (3, 2):
        made = pack_value(Category.FULL_HOUSE, decisive)
    elif shape == (3, 1, 1):
        made = pack_value(Category.TRIPS, decisive)
    elif shape == (2, 2, 1):
        made = pack_value(Category.TWO_PAIR, decisive)
    elif shape == (2, 1, 1, 1):
        made = pack_value(Category.PAIR, decisive)
    else:
        mask = sum(1 << (rank - 2) for rank in decisive)
        wheel_top, aces_high_top = (_straight_top(mask, wheel=wheel) for wheel in (True, False))
        high_card = pack_value(Category.HIGH_CARD, decisive)
        return (
            pack_value(Category.STRAIGHT, (wheel_top,)) if wheel_top else high_card,
            pack_value(Category.STRAIGHT, (aces_high_top,)) if aces_high_top else high_card,
        )
    return made, made


def rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` rank indices (0–12) with at most four of each, sorted: the
    rank patterns of every hand of ``size`` cards."""
    for ranks in combinations_with_replacement(range(13), size):
        if all(map(int.__ne__, ranks, ranks[4:])):
            yield ranks


def _flush_suits(suit_weights: Sequence[int], size: int, bits: int) -> list[int]:
    """Map a sum of ``size`` suit weights to (flush suit index + 1), or 0 without a flush."""
    table = [-1] * (1 << bits)
    for spades in range(size + 1):
        for hearts in range(size + 1 - spades):
            for diamonds in range(size + 1 - spades - hearts):
                suit_counts = (spades, hearts, diamonds, size - spades - hearts - diamonds)
                total = sum(c * w for c, w in zip(suit_counts, suit_weights, strict=True))
                flush = next((s + 1 for s, c in enumerate(suit_counts) if c >= 5), 0)
                if table[total] not in (-1, flush):
                    raise AssertionError(f"suit weights {suit_weights} miss flushes of {size}")
                table[total] = flush
    return [max(entry, 0) for entry in table]


class _Tables(NamedTuple):
    codes6: list[int]
    codes7: list[int]
    flush_suits5: list[int]
    flush_suits6: list[int]
    flush_suits7: list[int]
    suited_bits: list[int]
    unsuited5: tuple[dict[int, int], dict[int, int]]
    unsuited6: tuple[list[int], dict[int, int]]
    unsuited7: tuple[dict[int, int], dict[int, int]]
    flush5: tuple[dict[int, int], dict[int, int]]
    flush_best: tuple[list[int], list[int]]


def _build_tables() -> _Tables:
    """Build the look-up tables of both straight rules (index 0: wheel, 1: aces high).

    Five-card values are computed directly; the best of six (seven) ranks is the best over the
    multisets left by removing one card, already in the five- (six-) card table.
    """
    flush_best = tuple(
        [_flush_value(mask, wheel=wheel) if mask.bit_count() >= 5 else 0 for mask in range(8192)]
        for wheel in (True, False)
    )
    flush5: tuple[dict[int, int], dict[int, int]] = ({}, {})
    unsuited5: tuple[dict[int, int], dict[int, int]] = ({}, {})
    count = 0
    for ranks in rank_multisets(5):
        count += 1
        key = sum(_RANK_WEIGHTS_6[index] for index in ranks)
        unsuited5[0][key], unsuited5[1][key] = _five_unsuited_values([i + 2 for i in ranks])
        if len(set(ranks)) == 5:
            mask = sum(1 << index for index in ranks)
            flush5[0][key], flush5[1][key] = flush_best[0][mask], flush_best[1][mask]
    _check_injective(unsuited5[0], 5, count)
    unsuited6 = _extend(unsuited5, 6, smaller=_RANK_WEIGHTS_6, larger=_RANK_WEIGHTS_6)
    unsuited7 = _extend(unsuited6, 7, smaller=_RANK_WEIGHTS_6, larger=_RANK_WEIGHTS_7)
    return _Tables(
        codes6=[
            _RANK_WEIGHTS_6[card >> 2] << _SUIT_BITS_6 | _SUIT_WEIGHTS_6[card & 3]
            for card in range(52)
        ],
        codes7=[
            _RANK_WEIGHTS_7[card >> 2] << _SUIT_BITS_7 | _SUIT_WEIGHTS_7[card & 3]
            for card in range(52)
        ],
        flush_suits5=_flush_suits(_SUIT_WEIGHTS_6, 5, _SUIT_BITS_6),
        flush_suits6=_flush_suits(_SUIT_WEIGHTS_6, 6, _SUIT_BITS_6),
        flush_suits7=_flush_suits(_SUIT_WEIGHTS_7, 7, _SUIT_BITS_7),
        suited_bits=[1 << (card >> 2) for card in range(52)],
        unsuited5=unsuited5,
        unsuited6=(_as_list(unsuited6[0]), unsuited6[1]),
        unsuited7=unsuited7,
        flush5=flush5,
        flush_best=(flush_best[0], flush_best[1]),
    )


def _as_list(table: dict[int, int]) -> list[int]:
    """The table as a list indexed by its keys (0 where no hand has that key)."""
    as_list = [0] * (max(table) + 1)
    for key, value in table.items():
        as_list[key] = value
    return as_list


def _check_injective(table: dict[int, int], size: int, multisets: int) -> None:
    if len(table) != multisets:
        raise AssertionError(f"rank weights collide on {size}-card hands")


def _extend(
    smaller_tables: tuple[dict[int, int], dict[int, int]],
    size: int,
    *,
    smaller: Sequence[int],
    larger: Sequence[int],
) -> tuple[dict[int, int], dict[int, int]]:
    """Unsuited tables for ``size`` cards from those for ``size - 1`` (keyed with ``smaller``)."""
    wheel_rule, aces_high = smaller_tables
    tables: tuple[dict[int, int], dict[int, int]] = ({}, {})
    count = 0
    for ranks in rank_multisets(size):
        small_key = sum(map(smaller.__getitem__, ranks))
        sub_keys = [small_key - smaller[index] for index in set(ranks)]
        key = small_key if larger is smaller else sum(map(larger.__getitem__, ranks))
        tables[0][key] = max(map(wheel_rule.__getitem__, sub_keys))
        tables[1][key] = max(map(aces_high.__getitem__, sub_keys))
        count += 1
    _check_injective(tables[0], size, count)
    return tables


def _make_evaluator(tables: _Tables, *, wheel: bool) -> HandEvaluator:
    """The hot-path functions over one rule's tables.

    Their tables are bound as parameter defaults, never to be passed: CPython reads a parameter
    faster than a closure cell or a global, and these functions run millions of times a second.
    """
    # The suit signature's width is written as a literal in the hot paths.
    assert (_SUIT_BITS_6, _SUIT_BITS_7) == (7, 8)
    rule = 0 if wheel else 1
    bits, flush_best = tables.suited_bits, tables.flush_best[rule]

    def suited_best(cards: Sequence[int], suit: int) -> int:
        """Best flush of six or seven cards, five or more of them in ``suit``."""
        return flush_best[sum([bits[card] for card in cards if card & 3 == suit])]

    def five(
        cards: Sequence[int],
        codes: list[int] = tables.codes6,
        flush_suits: list[int] = tables.flush_suits5,
        suited: dict[int, int] = tables.flush5[rule],
        unsuited: dict[int, int] = tables.unsuited5[rule],
    ) -> int:
        a, b, c, d, e = cards
        key = codes[a] + codes[b] + codes[c] + codes[d] + codes[e]
        if flush_suits[key & 0x7F]:  # the low _SUIT_BITS_6 bits
            return suited[key >> 7]
        return unsuited[key >> 7]

    def best_of_six(
        cards: Sequence[int],
        codes: list[int] = tables.codes6,
        flush_suits: list[int] = tables.flush_suits6,
        unsuited: list[int] | dict[int, int] = tables.unsuited6[rule],
        suited: Callable[[Sequence[int], int], int] = suited_best,
    ) -> int:
        a, b, c, d, e, f = cards
        key = codes[a] + codes[b] + codes[c] + codes[d] + codes[e] + codes[f]
        if flush_suits[key & 0x7F]:  # the low _SUIT_BITS_6 bits
            return suited(cards, flush_suits[key & 0x7F] - 1)
        return unsuited[key >> 7]

    def best_of_seven(
        cards: Sequence[int],
        codes: list[int] = tables.codes7,
        flush_suits: list[int] = tables.flush_suits7,
        unsuited: dict[int, int] = tables.unsuited7[rule],
        suited: Callable[[Sequence[int], int], int] = suited_best,
    ) -> int:
        a, b, c, d, e, f, g = cards
        key = codes[a] + codes[b] + codes[c] + codes[d] + codes[e] + codes[f] + codes[g]
        if flush_suits[key & 0xFF]:  # the low _SUIT_BITS_7 bits
            return suited(cards, flush_suits[key & 0xFF] - 1)
        return unsuited[key >> 8]

    def best_containing(
        fixed: Sequence[int],
        pool: Sequence[int],
        codes: list[int] = tables.codes6,
        flush_suits: list[int] = tables.flush_suits5,
        suited: dict[int, int] = tables.flush5[rule],
        unsuited: dict[int, int] = tables.unsuited5[rule],
    ) -> int:
        if len(fixed) == 3 and len(pool) == 4:  # Ruby Run's common case, unrolled
            a, b, c = fixed
            base = codes[a] + codes[b] + codes[c]
            p, q, r, s = [codes[card] for card in pool]
            fills: Iterable[int] = (p + q, p + r, p + s, q + r, q + s, r + s)
        else:
            base = sum([codes[card] for card in fixed])
            fills = map(sum, combinations([codes[card] for card in pool], 5 - len(fixed)))
        best = 0
        for fill in fills:
            key = base + fill
            value = suited[key >> 7] if flush_suits[key & 0x7F] else unsuited[key >> 7]
            if value > best:
                best = value
        return best

    five.__doc__ = "Value of exactly five distinct cards (unchecked)."
    best_of_six.__doc__ = "Value of the best five of exactly six distinct cards (unchecked)."
    best_of_seven.__doc__ = "Value of the best five of exactly seven distinct cards (unchecked)."
    best_containing.__doc__ = "Best value of ``fixed`` plus cards of ``pool`` (unchecked)."
    return HandEvaluator(
        wheel=wheel,
        five=five,
        best_of_six=best_of_six,
        best_of_seven=best_of_seven,
        best_containing=best_containing,
    )


def build_evaluators() -> tuple[HandEvaluator, HandEvaluator]:
    """Build fresh tables and the evaluators of both rules: (wheel, aces high).

    The module does this once at import; calling it again only serves to measure the build.
    """
    tables = _build_tables()
    return _make_evaluator(tables, wheel=True), _make_evaluator(tables, wheel=False)


#: Russian Poker's rule: A-2-3-4-5 is the lowest straight.
#: Ruby Run's standard comparison: aces high only, A-2-3-4-5 is not a straight.
WHEEL, ACES_HIGH = build_evaluators()
