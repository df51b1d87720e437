"""The fast path against the engine: the same cards and decisions, every line to the cent.

Each row the fast path played is recorded on a :class:`RussianPokerState` through the engine's
own actions (:func:`~casino.games.house_edge.engine_play.engine_round`): the engine checks every
action, settles the round, and each of its lines (stake and amount paid) must equal the fast
path's. 100,000 rounds of the demo table's terms run in the slow suite; a few thousand rounds of
every rule variant the fast path handles run always.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal as D

import numpy as np
import pytest

from casino.games.house_edge import GUIDE, BuyRule, BuyWhen, InsureAmount, InsureRule, Strategy
from casino.games.house_edge.engine_play import engine_round, fast_lines, settlement_lines
from casino.games.house_edge.rounds import deal, play
from casino.games.house_edge.situations import Situation, UpCard
from casino.games.house_edge.strategy import CARIBBEAN_ALWAYS, Move
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import AnteOnWin, Paytables, RussianPokerRules
from casino.games.russian_hands import Line
from tests.games.house_edge.test_bonus import DEMO_BONUS

DEMO = EdgeTerms(RussianPokerRules(), Paytables.standard(bonus=DEMO_BONUS), D(10), D(5000))
#: Every box that can insures the most it may, buys a game by exact count.
INSURING = replace(
    GUIDE,
    name="insuring",
    buy=BuyRule(BuyWhen.BEST),
    insure=InsureRule(Line.TRIPS, InsureAmount.MAXIMUM),
)
#: Exchanges one card with two pair and four to a flush (legal where exchange_min is 1).
ONE_CARD = Strategy.by_situation(
    "one_card",
    {s: GUIDE.move(s, UpCard.MATCH) for s in Situation}
    | {Situation.TWO_PAIR: Move.EXCHANGE, Situation.FOUR_FLUSH: Move.EXCHANGE},
    buy=BuyRule(BuyWhen.AT_LEAST, Line.TRIPS),
    insure=InsureRule(Line.TRIPS, InsureAmount.MINIMUM),
)


def mismatches(terms: EdgeTerms, strategy: Strategy, rounds: int, seed: int) -> list[str]:
    played = play(terms, strategy, deal(np.random.default_rng(seed), rounds))
    wrong = []
    for row in range(rounds):
        settlement = engine_round(terms, played, row)
        (box,) = settlement.boxes
        engine, fast = settlement_lines(terms, box), fast_lines(terms, played, row)
        if engine != fast:
            wrong.append(f"row {row}: {played.cards[row].tolist()} engine {engine} fast {fast}")
    return wrong


@pytest.mark.slow
@pytest.mark.parametrize("strategy", [GUIDE, INSURING], ids=lambda s: s.name)
def test_100000_rounds_of_the_demo_table_agree_with_the_engine(strategy: Strategy) -> None:
    assert mismatches(DEMO, strategy, 100_000, seed=2026) == []


VARIANTS = {
    "demo": (DEMO, GUIDE),
    "demo_insuring": (DEMO, INSURING),
    # Ante 500 under a maximum of 2,000: the maximum binds, with insurance served first.
    "binding_maximum": (
        EdgeTerms(RussianPokerRules(), Paytables.standard(bonus=DEMO_BONUS), D(500), D(2000)),
        INSURING,
    ),
    "every_other_setting": (
        EdgeTerms(
            RussianPokerRules.from_dict(
                {
                    "ante_on_win": "pay",
                    "buy_redraw_same_rank": True,
                    "insurance_when_dealer_qualifies": "always_lost",
                    "second_straight_same_rank_swap": "pair",
                    "bonus_lost_on_fold": False,
                    "insurance_max_fraction": "1",
                    "max_payout_scope": "round",
                }
            ),
            Paytables.standard(bonus=DEMO_BONUS),
            D(25),
            D(1000),
        ),
        INSURING,
    ),
    "one_card_exchanges": (
        EdgeTerms(RussianPokerRules(exchange_min=1), Paytables.standard(), D(10), None),
        ONE_CARD,
    ),
    # Half chips and multipliers that do not pay whole chips: every amount rounded down.
    "half_chips": (
        EdgeTerms(
            RussianPokerRules(insurance_max_fraction=D("0.3")),
            Paytables(
                main={
                    "ace_king": D("1.5"),
                    "pair": D("1.25"),
                    "two_pair": D("2.5"),
                    "trips": D("3.3"),
                    "straight": D(4),
                    "flush": D("5.5"),
                    "full_house": D(7),
                    "quads": D(20),
                    "straight_flush": D(50),
                    "royal_flush": D(100),
                },
                bonus={"pair": D("0.5"), "flush": D("12.5")},
            ),
            D("7.5"),
            D("1000.5"),
            D("0.5"),
            D("2.5"),
        ),
        INSURING,
    ),
    "caribbean_style": (
        EdgeTerms(RussianPokerRules(ante_on_win=AnteOnWin.PAY), Paytables.standard(), D(10), None),
        CARIBBEAN_ALWAYS,
    ),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_rule_variants_agree_with_the_engine(variant: str) -> None:
    terms, strategy = VARIANTS[variant]
    assert mismatches(terms, strategy, 3_000, seed=7) == []


def test_the_variants_reach_every_line() -> None:
    """The rounds above exercise what they claim: caps, insurance, bought games, redraws."""
    terms, strategy = VARIANTS["binding_maximum"]
    played = play(terms, strategy, deal(np.random.default_rng(7), 3_000))
    assert (played.insurance > 0).any()
    capped = played.returned[:, 1] - 2 * terms.ante_chips == terms.cap_chips
    assert capped.any()
    # Under that maximum a bought game can never win more than it risks: nobody buys.
    assert not played.bought.any()
    terms, strategy = VARIANTS["demo_insuring"]
    played = play(terms, strategy, deal(np.random.default_rng(7), 3_000))
    assert played.bought.any() and (played.insurance > 0).any()
    terms, strategy = VARIANTS["every_other_setting"]
    played = play(terms, strategy, deal(np.random.default_rng(7), 3_000))
    assert (played.draws > 1).any()
