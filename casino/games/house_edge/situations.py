"""What a Russian Poker box sees when it decides: its five cards sorted into *situations*.

A player strategy (:mod:`casino.games.house_edge.strategy`) says what to do in each situation,
the way a dealer's guide prints it ("with four to a flush, buy a sixth card"). Each situation
also names the cards a box keeps if it exchanges (the pair, the four suited cards, the Ace and
King...), so "exchange" is one decision per situation. The situations cover every hand exactly
once; the first that applies, in :class:`Situation` order, is the hand's.

The dealer's face-up card adds an *up-card class* (:class:`UpCard`): whether its rank is one of
the box's ranks (a *match*: the dealer is then less likely to pair it), else whether it ranks
above or below the hand's key card (the pair's rank, or the highest card). The rules of thumb
ignore it; the finest strategy the calculator tunes uses it.

>>> import numpy as np
>>> from casino.games.cards import parse_cards
>>> from casino.games.house_edge.hands import hand_tables
>>> hands = np.array([parse_cards("9h 9s Kd 7c 3s"), parse_cards("Ah Kh 8h 2h 5c")])
>>> ups = np.array([parse_cards("9d")[0], parse_cards("Qs")[0]])
>>> found = classify(hands, ups, hand_tables("straight").evaluate(hands))
>>> [Situation(s).name for s in found.situation], [UpCard(u).name for u in found.up_card]
(['PAIR_9', 'FOUR_FLUSH_ACE_KING'], ['MATCH', 'BELOW'])
>>> found.keep.astype(int).tolist()
[[1, 1, 0, 0, 0], [1, 1, 1, 1, 0]]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from casino.games.cards import RANK_CHARS
from casino.games.house_edge.hands import (
    CARD_RANK_BIT,
    LINE_CODE,
    RANK_WEIGHTS,
    SUIT_BITS,
    SUIT_MASK,
    CardArray,
    Codes,
    card_sums,
    first_line,
)
from casino.games.russian_hands import Line

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]


class Situation(IntEnum):
    """The hand a box holds before any exchange, in the order they are tried."""

    STRAIGHT_OR_BETTER = 0
    TRIPS = 1
    TWO_PAIR = 2
    PAIR_ACE_KING = 3  # a pair and an Ace-King beside it: paid pair + Ace-King
    PAIR_A = 4
    PAIR_K = 5
    PAIR_Q = 6
    PAIR_J = 7
    PAIR_10 = 8
    PAIR_9 = 9
    PAIR_8 = 10
    PAIR_7 = 11
    PAIR_6 = 12
    PAIR_5 = 13
    PAIR_4 = 14
    PAIR_3 = 15
    PAIR_2 = 16
    FOUR_FLUSH_ACE_KING = 17
    FOUR_FLUSH = 18
    FOUR_STRAIGHT_ACE_KING = 19
    FOUR_STRAIGHT_OPEN = 20
    FOUR_STRAIGHT_INSIDE = 21
    ACE_KING = 22
    ACE = 23  # an Ace, no King, no pair, no four to a flush or straight
    NOTHING = 24

    @property
    def label(self) -> str:
        """The situation as a dealer's guide prints it."""
        return _LABELS.get(self) or f"pair of {_pair_rank_text(self)}s"

    @property
    def kept(self) -> str:
        """What a box in this situation keeps when it exchanges."""
        return _KEPT[_keep_kind(self)]

    @property
    def keeps(self) -> int:
        """How many cards a box in this situation keeps when it exchanges."""
        return _KEEP_COUNT[_keep_kind(self)]


class UpCard(IntEnum):
    """The dealer's face-up card against the box's hand."""

    MATCH = 0  # its rank is one of the box's ranks
    ABOVE = 1  # above the hand's key card (the pair, trips..., or the highest card)
    BELOW = 2


#: Situations × up-card classes: the finest key a strategy may decide on.
KEYS: Final = len(Situation) * len(UpCard)

_PAIRS: Final = {Situation.PAIR_A + offset: 12 - offset for offset in range(13)}
_LABELS: Final = {
    Situation.STRAIGHT_OR_BETTER: "a straight or better",
    Situation.TRIPS: "three of a kind",
    Situation.TWO_PAIR: "two pair",
    Situation.PAIR_ACE_KING: "a pair with Ace-King beside it (paid as two combinations)",
    Situation.FOUR_FLUSH_ACE_KING: "four to a flush, with an Ace and a King",
    Situation.FOUR_FLUSH: "four to a flush",
    Situation.FOUR_STRAIGHT_ACE_KING: "four to a straight, with an Ace and a King",
    Situation.FOUR_STRAIGHT_OPEN: "four to an open straight (four in a row, no Ace)",
    Situation.FOUR_STRAIGHT_INSIDE: "four to an inside straight",
    Situation.ACE_KING: "Ace-King, nothing more",
    Situation.ACE: "an Ace without a King",
    Situation.NOTHING: "nothing (no Ace, no pair, no four to a straight or flush)",
}
_KEPT: Final = {
    "all": "all five cards",
    "made": "the cards that make the hand",
    "draw": "the four cards of the draw",
    "ace_king": "the Ace and the King",
    "ace": "the Ace",
    "none": "no card",
}
_KEEP_COUNT: Final = {"all": 5, "made": -1, "draw": 4, "ace_king": 2, "ace": 1, "none": 0}


def _keep_kind(situation: Situation) -> str:
    if situation is Situation.STRAIGHT_OR_BETTER:
        return "all"
    if situation in (Situation.TRIPS, Situation.TWO_PAIR) or situation in _PAIRS:
        return "made"
    if situation is Situation.PAIR_ACE_KING:
        return "made"
    if situation in (
        Situation.FOUR_FLUSH_ACE_KING,
        Situation.FOUR_FLUSH,
        Situation.FOUR_STRAIGHT_ACE_KING,
        Situation.FOUR_STRAIGHT_OPEN,
        Situation.FOUR_STRAIGHT_INSIDE,
    ):
        return "draw"
    return {Situation.ACE_KING: "ace_king", Situation.ACE: "ace"}.get(situation, "none")


def exchanged_cards(situation: Situation) -> int:
    """How many cards a box in ``situation`` exchanges (5 minus what it keeps)."""
    if situation is Situation.TRIPS:
        return 2
    if situation is Situation.TWO_PAIR:
        return 1
    if situation in _PAIRS or situation is Situation.PAIR_ACE_KING:
        return 3
    return 5 - situation.keeps


def _pair_rank_text(situation: Situation) -> str:
    rank = RANK_CHARS[_PAIRS[situation]]
    return "10" if rank == "T" else rank


@dataclass(frozen=True)
class Classified:
    """Per row: the situation, the up-card class, and which of the five cards are kept when
    exchanging (``keep``, rows × 5)."""

    situation: IntArray
    up_card: IntArray
    keep: BoolArray

    @property
    def key(self) -> IntArray:
        """``situation × 3 + up-card class``: the index of a strategy's finest decision table."""
        return self.situation * len(UpCard) + self.up_card


_ACE, _KING = 12, 11
# Straight windows as rank masks: the wheel (A-2-3-4-5) first, then 2-6 ... 10-A.
_WINDOWS: Final = (0b1_0000_0000_1111, *(0b11111 << low for low in range(9)))
# Four ranks in a row that a card at either end completes: 2-3-4-5 (by the Ace or a 6) up to
# 10-J-Q-K.
_OPEN_RUNS: Final = tuple(0b1111 << low for low in range(9))
_NO_PAIR: Final = frozenset(
    {
        Situation.FOUR_STRAIGHT_ACE_KING,
        Situation.FOUR_STRAIGHT_OPEN,
        Situation.FOUR_STRAIGHT_INSIDE,
        Situation.ACE_KING,
        Situation.ACE,
        Situation.NOTHING,
    }
)


@dataclass(frozen=True)
class RankSituation:
    """The situation of five ranks dealt in no more than three of one suit, the ranks a box
    keeps when it exchanges (a mask), and the hand's key rank (for the up-card class)."""

    situation: Situation
    keep: int
    key_rank: int


def rank_situation(ranks: Sequence[int]) -> RankSituation:
    """The situation of five cards of these rank indices (0: deuce … 12: Ace), none of the
    suits held four or five times: the definition :func:`classify` looks up.

    >>> rank_situation([12, 11, 10, 9, 3]).situation.name
    'FOUR_STRAIGHT_ACE_KING'
    """
    counts = Counter(ranks)
    bits = sum(1 << rank for rank in counts)
    shape = sorted(counts.values(), reverse=True)
    pairs = sorted((rank for rank, count in counts.items() if count >= 2), reverse=True)
    paired = sum(1 << rank for rank in pairs)
    top = max(ranks)
    ace_king = _ACE in counts and _KING in counts
    if shape[0] == 4 or shape[:2] == [3, 2] or _straight(bits):
        return RankSituation(Situation.STRAIGHT_OR_BETTER, bits, pairs[0] if pairs else top)
    if shape[0] == 3:
        return RankSituation(Situation.TRIPS, paired, pairs[0])
    if shape[:2] == [2, 2]:
        return RankSituation(Situation.TWO_PAIR, paired, pairs[0])
    if shape[0] == 2:
        pair = pairs[0]
        # Ace-King beside the pair is a second combination: an Ace or a King outside the pair.
        if ace_king:
            return RankSituation(Situation.PAIR_ACE_KING, paired, pair)
        return RankSituation(Situation(Situation.PAIR_A + _ACE - pair), paired, pair)
    windows = [window for window in _WINDOWS if (bits & window).bit_count() == 4]
    if windows:
        window = windows[-1]  # the highest
        if ace_king:
            situation = Situation.FOUR_STRAIGHT_ACE_KING
        elif any(bits & run == run for run in _OPEN_RUNS):
            situation = Situation.FOUR_STRAIGHT_OPEN
        else:
            situation = Situation.FOUR_STRAIGHT_INSIDE
        return RankSituation(situation, bits & window, top)
    if ace_king:
        return RankSituation(Situation.ACE_KING, 1 << _ACE | 1 << _KING, top)
    if _ACE in counts:
        return RankSituation(Situation.ACE, 1 << _ACE, top)
    return RankSituation(Situation.NOTHING, 0, top)


def _straight(bits: int) -> bool:
    return any(bits & window == window for window in _WINDOWS)


@cache
def _rank_tables() -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """:func:`rank_situation` of every five-rank multiset, by its weight sum: the situation, the
    kept ranks' mask, the key rank and the hand's rank mask."""
    size = 5 * RANK_WEIGHTS[-1] + 1
    situation, keep, key_rank, bits = (np.zeros(size, dtype=np.int64) for _ in range(4))
    for ranks in combinations_with_replacement(range(13), 5):
        if any(map(int.__eq__, ranks, ranks[4:])):
            continue
        key = sum(RANK_WEIGHTS[rank] for rank in ranks)
        found = rank_situation(ranks)
        situation[key], keep[key], key_rank[key] = found.situation, found.keep, found.key_rank
        bits[key] = sum(1 << rank for rank in set(ranks))
    return situation, keep, key_rank, bits


# The suit held exactly four times in a five-card hand, by the sum of its suit fields.
_FOUR_OF_SUIT: Final = np.array(
    [next((s for s in range(4) if (signature >> 3 * s) & 7 == 4), -1) for signature in range(4096)],
    dtype=np.int64,
)
_IS_NO_PAIR: Final = np.array([situation in _NO_PAIR for situation in Situation], dtype=np.bool_)


def classify(
    dealt: CardArray, up: CardArray, codes: Codes, sums: Codes | None = None
) -> Classified:
    """The situation of each dealt hand (rows of five cards), with its up-card class.

    ``codes`` are the hands' codes (:meth:`~casino.games.house_edge.hands.HandTables.evaluate`):
    a flush or better is a made hand whatever its ranks say. Four cards of one suit without a
    pair make a flush draw, which comes before a straight draw, Ace-King or an Ace. ``sums``
    may pass the hands' :func:`~casino.games.house_edge.hands.card_sums`.
    """
    situations, keeps, key_ranks, all_bits = _rank_tables()
    if sums is None:
        sums = card_sums(dealt)
    key = sums >> SUIT_BITS
    situation = situations[key]
    keep_ranks = keeps[key]
    card_bits = CARD_RANK_BIT[dealt]
    keep = (card_bits & keep_ranks[:, None]) != 0
    made = first_line(codes) >= LINE_CODE[Line.STRAIGHT]
    situation = np.where(made, int(Situation.STRAIGHT_OR_BETTER), situation)
    keep[made] = True
    four_suit = _FOUR_OF_SUIT[sums & SUIT_MASK]
    flush_draw = (four_suit >= 0) & _IS_NO_PAIR[situation]
    if flush_draw.any():
        with_ace_king = (all_bits[key[flush_draw]] >> _KING) & 3 == 3
        situation[flush_draw] = np.where(
            with_ace_king, Situation.FOUR_FLUSH_ACE_KING, Situation.FOUR_FLUSH
        )
        keep[flush_draw] = (dealt[flush_draw] & 3) == four_suit[flush_draw, None]
    up_bit = CARD_RANK_BIT[up]
    match = (all_bits[key] & up_bit) != 0
    above = np.where((up >> 2) > key_ranks[key], UpCard.ABOVE, UpCard.BELOW)
    up_card = np.where(match, UpCard.MATCH, above).astype(np.int64)
    return Classified(situation, up_card, keep)
