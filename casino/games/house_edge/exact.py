"""What is known exactly by counting all 2,598,960 five-card hands.

Three things depend on one five-card hand alone, whoever holds it, so the calculator counts them
over every hand once per process instead of simulating them:

* the first combination's line of the five cards as dealt, which is all the bonus side bet is
  judged on (:func:`line_counts`);
* whether a dealer's five cards have a game (:func:`dealer_game_count`): 1,463,700 hands of
  Ace-King or better;
* the situation of a box's dealt hand (:func:`situation_counts`), whose exact probabilities
  the simulation stratifies on (:mod:`casino.games.house_edge.estimate`).

>>> from casino.games.russian_hands import Line
>>> int(dealer_game_count()), int(line_counts()[LINE_CODE[Line.ROYAL_FLUSH]])
(1463700, 4)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Final

import numpy as np

from casino.games.house_edge.hands import (
    LINE_CODE,
    LINE_CODES,
    QUALIFYING_VALUE,
    all_five_card_hands,
    first_line,
    hand_tables,
    value_of,
)
from casino.games.house_edge.situations import IntArray, Situation, UpCard, classify
from casino.games.house_edge.strategy import Move, Strategy
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian_hands import SecondStraightRule

#: Every five-card hand.
HANDS: Final = 2_598_960


@cache
def _codes() -> IntArray:
    codes: IntArray = hand_tables(SecondStraightRule.STRAIGHT).evaluate(all_five_card_hands())
    codes.setflags(write=False)
    return codes


@cache
def line_counts() -> IntArray:
    """How many of the 2,598,960 hands have each first-combination line code (0: none)."""
    counts: IntArray = np.bincount(first_line(_codes()), minlength=LINE_CODES)
    counts.setflags(write=False)
    return counts


@cache
def dealer_game_count() -> int:
    """How many five-card hands qualify (Ace-King or better)."""
    return int((value_of(_codes()) >= QUALIFYING_VALUE).sum())


@cache
def situation_counts() -> IntArray:
    """How many of the 2,598,960 hands are dealt in each :class:`Situation`."""
    hands = all_five_card_hands()
    # The up card does not change a hand's situation; any card stands in for it.
    found = classify(hands, np.zeros(len(hands), dtype=np.int64), _codes())
    counts: IntArray = np.bincount(found.situation, minlength=len(Situation))
    counts.setflags(write=False)
    return counts


def situation_probabilities() -> tuple[Fraction, ...]:
    """The exact probability of each situation of a dealt hand."""
    return tuple(Fraction(int(count), HANDS) for count in situation_counts())


def bonus_return(terms: EdgeTerms) -> Fraction:
    """What the bonus hands back on average, in chips, for a box that plays every hand out: the
    sum over all hands of what each line returns, divided by the number of hands."""
    returned = sum(
        int(count) * int(back)
        for count, back in zip(line_counts(), terms.bonus_returned, strict=True)
    )
    return Fraction(returned, HANDS)


def bonus_is_exact(terms: EdgeTerms, strategy: Strategy) -> bool:
    """Whether the bonus's result follows from the dealt hand alone under ``strategy``: true
    unless a fold can lose it (``bonus_lost_on_fold``) on a hand the bonus pays.

    A hand the bonus pays is never folded when its situation's move is to bet whatever the up
    card, or to draw keeping what makes its line (a sixth card, or an exchange of a pair, two
    pair or trips) with that line good enough to bet after the draw.
    """
    if not terms.bonus_chips or not terms.rules.bonus_lost_on_fold:
        return True
    threshold = 0 if strategy.bet_after_draw is None else LINE_CODE[strategy.bet_after_draw]
    hands = all_five_card_hands()
    paying = terms.bonus_returned[first_line(_codes())] > 0
    if not paying.any():
        return True
    found = classify(hands[paying], np.zeros(int(paying.sum()), dtype=np.int64), _codes()[paying])
    lines = first_line(_codes()[paying])
    for situation in np.unique(found.situation):
        moves = {strategy.move(Situation(int(situation)), up) for up in UpCard}
        worst = int(lines[found.situation == situation].min())
        for move in moves:
            if move is Move.FOLD:
                return False
            keeps_line = move is Move.SIXTH_CARD or (
                move is Move.EXCHANGE and Situation(int(situation)) in _KEEPS_ITS_LINE
            )
            if move is not Move.BET and not (keeps_line and worst >= threshold):
                return False
    return True


_KEEPS_ITS_LINE: Final = frozenset(
    {Situation.TRIPS, Situation.TWO_PAIR, Situation.PAIR_ACE_KING}
    | {Situation(Situation.PAIR_A + offset) for offset in range(13)}
)
