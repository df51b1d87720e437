"""The bonus side bet counted over all 2,598,960 hands, against an independent count.

The test counts the five-card hands of each paytable line by combinatorics alone (no evaluator,
no enumeration) and computes the bonus's return from them, chip rounding included; the
calculator's exact figure must equal it as a fraction.
"""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction
from math import comb

import pytest

from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE
from casino.games.house_edge import GUIDE, Method, Strategy
from casino.games.house_edge.calculator import bonus_figure
from casino.games.house_edge.exact import HANDS, bonus_is_exact, dealer_game_count
from casino.games.house_edge.situations import Situation
from casino.games.house_edge.strategy import CARIBBEAN_PAIR_OR_BETTER, Move
from casino.games.house_edge.terms import EdgeTerms
from casino.games.money import round_down_to_chip
from casino.games.russian import Paytables, RussianPokerRules

# The demo floor's bonus table (RULES.md 1.5, the aragon table).
DEMO_BONUS = RUSSIAN_BONUS_PAYTABLE


def independent_counts() -> dict[str, int]:
    """Five-card hands per first line, by combinatorics (wheel rule: A-2-3-4-5 is a straight)."""
    suits = 4
    straights = 10  # A-high down to 5-high (the wheel)
    royal = suits
    straight_flush = straights * suits - royal
    flush = suits * comb(13, 5) - straights * suits
    straight = straights * suits**5 - straights * suits
    quads = 13 * 48
    full_house = 13 * comb(4, 3) * 12 * comb(4, 2)
    trips = 13 * comb(4, 3) * comb(12, 2) * suits**2
    two_pair = comb(13, 2) * comb(4, 2) ** 2 * 11 * suits
    pair = 13 * comb(4, 2) * comb(12, 3) * suits**3
    # Ace-King high: an Ace, a King and three other ranks, not A-K-Q-J-10, not one suit.
    ace_king = (comb(11, 3) - 1) * (suits**5 - suits)
    counts = {
        "royal_flush": royal,
        "straight_flush": straight_flush,
        "quads": quads,
        "full_house": full_house,
        "flush": flush,
        "straight": straight,
        "trips": trips,
        "two_pair": two_pair,
        "pair": pair,
        "ace_king": ace_king,
    }
    counts["nothing"] = comb(52, 5) - sum(counts.values())
    return counts


def independent_edge(bonus: dict[str, D], stake: D, chip: D) -> Fraction:
    returned = Fraction(0)
    for line, count in independent_counts().items():
        multiplier = bonus.get(line, D(0))
        if multiplier > 0:
            paid = stake + round_down_to_chip(stake * multiplier, chip)
            returned += count * Fraction(paid)
    return (Fraction(stake) * HANDS - returned) / (Fraction(stake) * HANDS)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("bonus", "stake", "chip"),
    [
        (DEMO_BONUS, D(10), D(1)),
        (DEMO_BONUS, D(5), D(5)),
        ({"ace_king": D(1), "pair": D(1), "trips": D(5), "royal_flush": D(500)}, D(10), D(1)),
        # A multiplier that does not pay whole chips: 2.5 × 3 = 7.5, cut down to 7.
        ({"pair": D("0.5"), "two_pair": D("2.5"), "flush": D("12.5")}, D(3), D(1)),
        ({"pair": D("0.5"), "two_pair": D("2.5"), "flush": D("12.5")}, D("2.5"), D("0.5")),
    ],
)
def test_the_exact_bonus_equals_an_independent_count(
    bonus: dict[str, D], stake: D, chip: D
) -> None:
    terms = EdgeTerms(
        RussianPokerRules(), Paytables.standard(bonus=bonus), stake, None, chip, stake
    )
    figure = bonus_figure(terms)
    assert figure.method is Method.EXACT
    assert figure.rounds == HANDS == comb(52, 5)
    assert figure.per_wagered is not None
    assert figure.per_wagered.exact == independent_edge(bonus, stake, chip)


def test_the_demo_bonus_is_the_figure_the_demo_floor_types_in() -> None:
    # casino/demo/floor.py: (2,579,244 - 1,072,280) / 2,598,960 = 0.579833.
    terms = EdgeTerms(RussianPokerRules(), Paytables.standard(bonus=DEMO_BONUS), D(10), None)
    figure = bonus_figure(terms)
    assert figure.per_wagered is not None
    assert figure.per_wagered.exact == Fraction(2_579_244 - 1_072_280, 2_598_960)
    assert str(figure.per_wagered.value) == "0.579833"


def test_the_dealer_has_a_game_in_1463700_hands() -> None:
    counts = independent_counts()
    games = sum(count for line, count in counts.items() if line != "nothing")
    assert dealer_game_count() == games == 1_463_700


def test_the_bonus_is_exact_only_when_no_paying_hand_is_folded() -> None:
    pays_pairs = Paytables.standard(bonus={"pair": D(1), "straight": D(40)})
    terms = EdgeTerms(RussianPokerRules(), pays_pairs, D(10), None)
    assert bonus_is_exact(terms, GUIDE)
    assert bonus_is_exact(terms, CARIBBEAN_PAIR_OR_BETTER)
    folds = Strategy.by_situation("folds_everything", dict.fromkeys(Situation, Move.FOLD))
    assert not bonus_is_exact(terms, folds)
    kept = EdgeTerms(RussianPokerRules(bonus_lost_on_fold=False), pays_pairs, D(10), None)
    assert bonus_is_exact(kept, folds)
