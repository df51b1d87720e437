"""Published figures the calculator reproduces (RULES.md has none for Russian Poker itself).

* **Caribbean Stud Poker** is Russian Poker's parent: the same deal, the same Ace-King
  qualifier, the same paytable (RULES.md 1.5 cites table-games-online for it), the Ante paid 1:1
  on a win (the ``ante_on_win = pay`` setting), and no exchange, sixth card, bought game or
  insurance (the ``CARIBBEAN_*`` strategies use none). The one difference is Russian Poker's
  second combination, which the calculator reports apart (``second_share``, the part of the
  Bet's payout due to it): adding it back gives Caribbean Stud. Michael Shackleford (the Wizard
  of Odds) published the exact house edge and element of risk of Caribbean Stud under several
  strategies, from all 19,933,230,517,200 deals:

  - "The Wizard of Odds Analyzes the New Casino Games", Contingencies, Nov/Dec 2000,
    https://www.scribd.com/document/336678871/Wizard (table "Strategy / House edge / Element of
    risk");
  - the same table with the total losses, "Caribbean Stud Poker Strategy",
    https://toho-talent.com/2022/04/14/caribbean-stud-poker-strategy/ (a copy of the Wizard's
    strategy page): raise on any pair or better 5.470 % / 2.738 %, on any Ace-King or better
    5.682 % / 2.672 %, playing blind 16.607 % / 5.536 %;
  - "Caribbean Stud Poker - FAQ", https://wizardofodds.com/ask-the-wizard/caribbean-stud-poker/
    ("there are 1,463,700 ways to qualify, or a 56.32% chance"; "by playing blind you are
    bucking a house edge of 16.607%").

* **A five-card side bet**: Caribbean Stud's progressive jackpot bet is judged, like Russian
  Poker's bonus, on the five cards as dealt. "Caribbean Stud", http://usvegas.com/games/caribbean-stud/
  gives its expected return per $1 with fixed payoffs for a flush, full house and four of a kind
  and 10 % / 100 % of the jackpot for a straight flush / royal flush: "approximately $0.23 plus
  2.924 cents for each $10,000 in the jackpot" (50/75/100) or "$0.68 plus 2.924 cents"
  (100/250/500), with a table of examples. A payoff of X *for* 1 (the stake kept) is a bonus
  line of X - 1 *to* 1.
"""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction

import pytest

from casino.games.house_edge import (
    CARIBBEAN_ACE_KING_OR_BETTER,
    CARIBBEAN_ALWAYS,
    CARIBBEAN_PAIR_OR_BETTER,
    Strategy,
)
from casino.games.house_edge.calculator import bonus_figure, estimate_figure, simulate
from casino.games.house_edge.exact import HANDS, dealer_game_count
from casino.games.house_edge.rounds import LINE_KINDS
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import AnteOnWin, LineKind, Paytables, RussianPokerRules

CARIBBEAN = RussianPokerRules(ante_on_win=AnteOnWin.PAY)
MAIN = tuple(kind for kind in LINE_KINDS if kind is not LineKind.BONUS)


def test_the_dealer_qualifies_as_published() -> None:
    assert dealer_game_count() == 1_463_700
    assert round(Fraction(dealer_game_count(), HANDS) * 100, 2) == Fraction(5632, 100)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("strategy", "house_edge", "element_of_risk"),
    [
        (CARIBBEAN_PAIR_OR_BETTER, 0.05470, 0.02738),
        (CARIBBEAN_ACE_KING_OR_BETTER, 0.05682, 0.02672),
        (CARIBBEAN_ALWAYS, 0.16607, 0.05536),
    ],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_caribbean_stud_house_edge_and_element_of_risk(
    strategy: Strategy, house_edge: float, element_of_risk: float
) -> None:
    terms = EdgeTerms(CARIBBEAN, Paytables.standard(), D(1), None)
    tally = simulate(terms, strategy, rounds=1_600_000, seed=27)
    results = {f"{kind.value}_result": 1 for kind in MAIN} | {"second_share": 1}
    stakes = {f"{kind.value}_stake": 1 for kind in MAIN}
    per_ante = estimate_figure(tally, results)
    per_wagered = estimate_figure(tally, results, stakes)
    assert per_ante.covers(house_edge), (per_ante.low, per_ante.high)
    assert per_wagered.covers(element_of_risk), (per_wagered.low, per_wagered.high)
    # The interval is narrow enough to tell these strategies apart.
    assert per_ante.half_width < 0.004


@pytest.mark.parametrize(
    ("payoffs", "jackpot", "published"),
    [
        ((50, 75, 100), 0, "0.23"),
        ((50, 75, 100), 10_000, "0.26"),
        ((50, 75, 100), 20_000, "0.29"),
        ((50, 75, 100), 50_000, "0.38"),
        ((50, 75, 100), 75_000, "0.45"),
        ((100, 250, 500), 0, "0.68"),
        ((100, 250, 500), 10_000, "0.71"),
        ((100, 250, 500), 20_000, "0.74"),
        ((100, 250, 500), 50_000, "0.82"),
        ((100, 250, 500), 75_000, "0.90"),
    ],
)
def test_a_five_card_jackpot_bet_returns_what_is_published(
    payoffs: tuple[int, int, int], jackpot: int, published: str
) -> None:
    flush, full_house, quads = payoffs
    bonus = {"flush": flush - 1, "full_house": full_house - 1, "quads": quads - 1}
    if jackpot:
        bonus |= {"straight_flush": jackpot // 10 - 1, "royal_flush": jackpot - 1}
    terms = EdgeTerms(RussianPokerRules(), Paytables.standard(bonus=bonus), D(1), None)
    figure = bonus_figure(terms)
    assert figure.per_wagered is not None and figure.per_wagered.exact is not None
    returned = 1 - figure.per_wagered.exact
    # The published figures are to the cent: the exact return rounds to each of them.
    assert round(D(returned.numerator) / D(returned.denominator), 2) == D(published)


def test_each_10000_of_jackpot_adds_2924_cents_per_dollar() -> None:
    def returned(jackpot: int) -> Fraction:
        bonus = {"flush": 49, "full_house": 74, "quads": 99}
        if jackpot:
            bonus |= {"straight_flush": jackpot // 10 - 1, "royal_flush": jackpot - 1}
        terms = EdgeTerms(RussianPokerRules(), Paytables.standard(bonus=bonus), D(1), None)
        edge = bonus_figure(terms).per_wagered
        assert edge is not None and edge.exact is not None
        return 1 - edge.exact

    step = returned(10_000) - returned(0)
    assert round(step * 100, 3) == Fraction(2924, 1000)
