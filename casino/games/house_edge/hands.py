"""Russian Poker hands for whole arrays of rounds at once: look-up tables built from the engine.

The calculator plays millions of rounds, so it cannot call
:func:`~casino.games.russian_hands.first_and_second` once per box. Instead every hand a box or
the dealer can hold is reduced to a small key, and a table built once from the engine's own
answers gives its *code*: the first combination's value (the engine's
:attr:`~casino.games.russian_hands.BoxCombinations.value`, which compares boxes with the dealer)
and the paytable lines of the first and second combination. Nothing about poker is decided here:
every entry is what the engine says of a hand standing for its key, so the tables agree with the
engine by construction, and ``tests/games/house_edge`` checks them against it over every
five-card hand.

Keys:

* without five cards of one suit, a hand's lines depend only on its multiset of ranks: the key is
  the sum of per-rank weights (:data:`RANK_WEIGHTS`, chosen so that every multiset of up to six
  ranks has its own sum), one table for five cards and one for six;
* five cards of one suit: the 13-bit mask of their ranks;
* six cards with five of one suit: the five suited ranks' mask and the odd card's rank; six of
  one suit: their mask.

Codes pack ``value << 8 | first << 4 | second``, where a line's code is its position in
:data:`~casino.games.russian_hands.LINE_ORDER` plus one (0: no line).

>>> import numpy as np
>>> from casino.games.cards import parse_cards
>>> tables = hand_tables("straight")
>>> code = tables.evaluate(np.array([parse_cards("Kh Ks Ac 8d 5h")]))[0]
>>> LINES[first_line(code)], LINES[second_line(code)]
(<Line.PAIR: 'pair'>, <Line.ACE_KING: 'ace_king'>)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from casino.games.russian_hands import (
    LINE_ORDER,
    QUALIFYING_MINIMUM,
    BoxCombinations,
    Line,
    SecondStraightRule,
    first_and_second,
)

Codes = npt.NDArray[np.int64]
CardArray = npt.NDArray[np.integer[Any]]

#: ``LINES[code]`` is the paytable line of a line code (``None`` for 0, no line).
LINES: Final[tuple[Line | None, ...]] = (None, *LINE_ORDER)
#: The line code of each paytable line.
LINE_CODE: Final = {line: index + 1 for index, line in enumerate(LINE_ORDER)}
#: Line codes run 0..10; arrays indexed by a line code have this many entries.
LINE_CODES: Final = len(LINES)
#: The least first-combination value that has a game (Ace-King), as a code's value part.
QUALIFYING_VALUE: Final = QUALIFYING_MINIMUM

#: One weight per rank (deuce first) such that every multiset of up to six ranks, at most four of
#: each, has its own sum; :func:`hand_tables` checks it while building.
RANK_WEIGHTS: Final = (0, 1, 5, 22, 98, 422, 1734, 5760, 14270, 37951, 90838, 206930, 436437)
#: Per card: its rank's weight, its rank's bit, and its suit's 3-bit field (a count per suit).
CARD_WEIGHT: Final = np.array([RANK_WEIGHTS[card >> 2] for card in range(52)], dtype=np.int64)
CARD_RANK_BIT: Final = np.array([1 << (card >> 2) for card in range(52)], dtype=np.int64)
CARD_SUIT_FIELD: Final = np.array([1 << 3 * (card & 3) for card in range(52)], dtype=np.int64)
#: Per card, its rank's weight above its suit's field: summed over a hand, the rank key and the
#: suit counts in one number (:func:`card_sums`).
SUIT_BITS: Final = 12
SUIT_MASK: Final = (1 << SUIT_BITS) - 1
CARD_CODE: Final = CARD_WEIGHT << SUIT_BITS | CARD_SUIT_FIELD
#: The suit holding five or more cards of a hand of up to six, by the sum of the suit fields.
_FLUSH_SUIT: Final = np.array(
    [next((s for s in range(4) if (signature >> 3 * s) & 7 >= 5), -1) for signature in range(4096)],
    dtype=np.int64,
)


def first_line(code: Codes) -> Codes:
    """The first combination's line code of each hand code."""
    result: Codes = (code >> 4) & 0xF
    return result


def second_line(code: Codes) -> Codes:
    """The second combination's line code of each hand code."""
    result: Codes = code & 0xF
    return result


def value_of(code: Codes) -> Codes:
    """The first combination's value (the engine's) of each hand code."""
    result: Codes = code >> 8
    return result


def pack(combinations_: BoxCombinations) -> int:
    """The code of the engine's answer for one hand."""
    first = 0 if combinations_.first is None else LINE_CODE[combinations_.first.line]
    second = 0 if combinations_.second is None else LINE_CODE[combinations_.second.line]
    return combinations_.value << 8 | first << 4 | second


@dataclass(frozen=True)
class HandTables:
    """The look-up tables of one second-straight rule (see the module's docstring)."""

    rule: SecondStraightRule
    unsuited5: Codes
    unsuited6: Codes
    flush5: Codes
    flush6_five: Codes
    flush6_six: Codes

    def evaluate(self, cards: CardArray, sums: Codes | None = None) -> Codes:
        """The code of each row of ``cards`` (five or six distinct card indices per row).

        ``sums`` may pass the rows' :func:`card_sums` when the caller has them already.
        """
        size = cards.shape[1]
        if sums is None:
            sums = card_sums(cards)
        keys = sums >> SUIT_BITS
        flush_suit = _FLUSH_SUIT[sums & SUIT_MASK]
        suited = flush_suit >= 0
        codes: Codes
        if size == 5:
            codes = self.unsuited5[keys]
            if suited.any():
                codes[suited] = self.flush5[row_sum(CARD_RANK_BIT[cards[suited]])]
            return codes
        codes = self.unsuited6[keys]
        if suited.any():
            rows = cards[suited]
            in_suit = (rows & 3) == flush_suit[suited][:, None]
            bits = row_sum(np.where(in_suit, CARD_RANK_BIT[rows], 0))
            all_six = in_suit.all(axis=1)
            odd_rank = row_sum(np.where(in_suit, 0, rows >> 2).astype(np.int64))
            codes[suited] = np.where(
                all_six,
                self.flush6_six[np.where(all_six, bits, 0)],
                self.flush6_five[np.where(all_six, 0, bits * 13 + odd_rank)],
            )
        return codes


def card_sums(cards: CardArray) -> Codes:
    """Per row, the sum of the cards' :data:`CARD_CODE`: the rank key above :data:`SUIT_BITS`,
    the count of each suit in 3-bit fields below."""
    return row_sum(CARD_CODE[cards])


def row_sum(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The sum of each row of a narrow array, column by column (faster than ``sum(axis=1)``
    for a handful of columns)."""
    total = values[:, 0].copy()
    for column in range(1, values.shape[1]):
        total += values[:, column]
    return total


def hand_tables(rule: SecondStraightRule | str) -> HandTables:
    """The tables of ``rule``, built once per process from the engine (a few seconds, most of
    them the engine's own tables of :mod:`casino.games.russian_hands`)."""
    return _hand_tables(SecondStraightRule(rule).value)


@cache
def _hand_tables(rule: str) -> HandTables:
    second_rule = SecondStraightRule(rule)

    def engine(cards: Sequence[int]) -> int:
        return pack(first_and_second(cards, second_straight_rule=second_rule))

    unsuited5 = _unsuited_table(5, engine)
    unsuited6 = _unsuited_table(6, engine)
    flush5 = np.zeros(1 << 13, dtype=np.int64)
    flush6_six = np.zeros(1 << 13, dtype=np.int64)
    flush6_five = np.zeros((1 << 13) * 13, dtype=np.int64)
    for ranks in combinations(range(13), 5):
        mask = sum(1 << rank for rank in ranks)
        suited = [rank * 4 for rank in ranks]  # all spades
        flush5[mask] = engine(suited)
        for odd in range(13):
            # The odd card is a heart, so exactly five cards share the spades.
            flush6_five[mask * 13 + odd] = engine([*suited, odd * 4 + 1])
    for six in combinations(range(13), 6):
        flush6_six[sum(1 << rank for rank in six)] = engine([rank * 4 for rank in six])
    return HandTables(second_rule, unsuited5, unsuited6, flush5, flush6_five, flush6_six)


def _unsuited_table(size: int, engine: Callable[[Sequence[int]], int]) -> Codes:
    """Codes of every multiset of ``size`` ranks, indexed by its weight sum."""
    table = np.full(size * RANK_WEIGHTS[-1] + 1, -1, dtype=np.int64)
    for ranks in _rank_multisets(size):
        key = sum(RANK_WEIGHTS[rank] for rank in ranks)
        if table[key] != -1:
            raise AssertionError(f"rank weights collide on {size}-card hands")
        # Suits dealt round-robin: no suit holds more than two of the cards, so no flush.
        table[key] = engine([rank * 4 + position % 4 for position, rank in enumerate(ranks)])
    return table


def _rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    for ranks in combinations_with_replacement(range(13), size):
        if all(map(int.__ne__, ranks, ranks[4:])):
            yield ranks


def all_five_card_hands() -> CardArray:
    """Every five-card hand once, as a 2,598,960 × 5 array of card indices (lexicographic)."""
    return _all_five_card_hands().copy()


@cache
def _all_five_card_hands() -> CardArray:
    # Each hand of k cards is extended by every higher card, all rows at once.
    hands: CardArray = np.arange(52, dtype=np.int64)[:, None]
    for _ in range(4):
        last = hands[:, -1]
        extensions = 51 - last
        starts = np.cumsum(extensions) - extensions
        following = np.repeat(last + 1 - starts, extensions) + np.arange(extensions.sum())
        hands = np.concatenate([np.repeat(hands, extensions, axis=0), following[:, None]], axis=1)
    hands.setflags(write=False)
    return hands
