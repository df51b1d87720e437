"""The guide's rules of thumb, justified by the calculator on simulated deals.

Each of the guide's moves, its after-draw line and its buy rule is compared with every
alternative on the same deals (common random numbers); none may be worse than the best beyond
the 95 % interval of the paired difference.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal as D

import numpy as np
import pytest

from casino.games.house_edge import GUIDE, BuyRule, BuyWhen
from casino.games.house_edge.derive import (
    AFTER_DRAW_LINES,
    BUY_LINES,
    compare_moves,
    compare_rules,
    derive,
    strategy_cost,
)
from casino.games.house_edge.rounds import deal
from casino.games.house_edge.situations import Situation, UpCard
from casino.games.house_edge.strategy import CARIBBEAN_ACE_KING_OR_BETTER, Move
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import Paytables, RussianPokerRules

# One worker runs the whole module: its module-scoped fixture is computed once, not once per
# worker that happens to take one of its tests.
pytestmark = pytest.mark.xdist_group("house-edge-strategy")

TERMS = EdgeTerms(RussianPokerRules(), Paytables.standard(), D(10), D(5000))


@pytest.fixture(scope="module")
def cards() -> np.ndarray:
    return deal(np.random.default_rng(31), 400_000)


def test_every_move_of_the_guide_is_justified(cards: np.ndarray) -> None:
    comparisons = compare_moves(TERMS, GUIDE, cards)
    assert {c.situation for c in comparisons} == set(Situation)
    unjustified = [
        (c.situation.name, GUIDE.move(c.situation, UpCard.MATCH).name, c.best.name, c.behind)
        for c in comparisons
        if not c.justifies(GUIDE.move(c.situation, UpCard.MATCH))
    ]
    assert unjustified == []
    # Some calls are clear-cut: a straight or better buys a sixth card, nothing folds.
    clear = {c.situation: c for c in comparisons if c.clear}
    assert clear[Situation.STRAIGHT_OR_BETTER].best is Move.SIXTH_CARD
    assert clear[Situation.NOTHING].best is Move.FOLD
    assert clear[Situation.FOUR_FLUSH].best is Move.SIXTH_CARD


def test_the_after_draw_line_and_the_buy_rule_are_justified(cards: np.ndarray) -> None:
    after = compare_rules(
        TERMS, [GUIDE, *(replace(GUIDE, bet_after_draw=line) for line in AFTER_DRAW_LINES)], cards
    )
    best = after.best
    assert after.differences[best] - after.differences[0] <= after.half_widths[best]
    rules = [BuyRule(BuyWhen.NEVER), *(BuyRule(BuyWhen.AT_LEAST, line) for line in BUY_LINES)]
    buy = compare_rules(TERMS, [GUIDE, *(replace(GUIDE, buy=rule) for rule in rules)], cards)
    best = buy.best
    assert buy.differences[best] - buy.differences[0] <= buy.half_widths[best]
    # Buying with two pair is clearly worse than the guide's straight or better.
    assert buy.differences[2] + buy.half_widths[2] < 0


@pytest.mark.slow
def test_the_derivation_finds_the_guide_from_a_poor_start_and_the_finest_costs_little() -> None:
    found = derive(TERMS, CARIBBEAN_ACE_KING_OR_BETTER, rounds=600_000, seed=41)
    for comparison in found.moves:
        if comparison.clear:
            assert comparison.best is GUIDE.move(comparison.situation, UpCard.MATCH)
    cost, half_width = strategy_cost(TERMS, GUIDE, found.finest, rounds=600_000, seed=43)
    # The finest strategy (up card, exact buying) gains little over the rules of thumb.
    assert -half_width <= cost < 0.02
