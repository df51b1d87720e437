"""The calculator's report, the table maximum's effect, and the exact count behind buying a game."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal as D

import numpy as np
import pytest

from casino.games.house_edge import GUIDE, BuyRule, BuyWhen, Method, Move, russian_poker_edge
from casino.games.house_edge.engine_play import engine_round, settlement_lines
from casino.games.house_edge.hands import (
    LINE_CODE,
    QUALIFYING_VALUE,
    first_line,
    hand_tables,
    second_line,
    value_of,
)
from casino.games.house_edge.rounds import REPLACEMENTS, Rounds, buy_counts, deal, play
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import LineKind, Paytables, RussianPokerRules
from casino.games.russian_hands import Line
from tests.games.house_edge.test_bonus import DEMO_BONUS

# One worker runs the whole module: its module-scoped fixture is computed once, not once per
# worker that happens to take one of its tests.
pytestmark = pytest.mark.xdist_group("house-edge-calculator")

RULES = RussianPokerRules()
PAYTABLES = Paytables.standard(bonus=DEMO_BONUS)


@pytest.fixture(scope="module")
def report():  # type: ignore[no-untyped-def]
    return russian_poker_edge(
        RULES, PAYTABLES, ante=D(10), max_payout=D(5000), rounds=400_000, seed=5
    )


def test_the_report_gives_every_wager_type_and_says_how(report) -> None:  # type: ignore[no-untyped-def]
    assert set(report.lines) == {kind.value for kind in LineKind}
    assert report.lines["bonus"].method is Method.EXACT
    assert report.lines["bonus"].rounds == 2_598_960
    for name in ("ante", "bet", "buy_game_fee"):
        figure = report.lines[name]
        assert figure.method is Method.SIMULATED and figure.rounds == 400_000
        assert figure.per_ante.low <= figure.per_ante.value <= figure.per_ante.high
    # The guide's move depends on the dealt hand's situation alone, so what it pays for
    # exchanges and sixth cards (and never insuring) follows exactly from the situations'
    # counted probabilities.
    for name in ("insurance", "exchange_fee", "sixth_card_fee"):
        figure = report.lines[name]
        assert figure.method is Method.EXACT and figure.per_ante.exact is not None
    assert report.lines["insurance"].per_ante.exact == 0
    main = report.main_game
    assert main.method is Method.SIMULATED
    assert main.per_ante.low < main.per_ante.value < main.per_ante.high
    assert main.per_wagered is not None
    # Per Ante and per amount wagered are the same result over two denominators.
    ratio = main.per_ante.value / main.per_wagered.value
    assert abs(ratio - main.wagered_per_ante.value) < D("0.01")
    # The guide never insures: no stake, no result; its fees are always lost.
    assert report.lines["insurance"].per_wagered is None
    assert report.lines["exchange_fee"].per_wagered.exact == 1
    assert report.strategy["name"] == "guide" and report.strategy["guide"] == GUIDE.lines()
    assert report.extra["dealer_has_game"].per_ante.exact is not None
    assert report.variance_saving > 0


def test_the_same_seed_gives_the_same_figures(report) -> None:  # type: ignore[no-untyped-def]
    again = russian_poker_edge(
        RULES, PAYTABLES, ante=D(10), max_payout=D(5000), rounds=400_000, seed=5
    )
    assert again.to_dict() == report.to_dict()


def test_a_binding_table_maximum_makes_a_larger_ante_dearer() -> None:
    """At the demo table's maximum of 5,000, an Ante of 10 is never capped and one of 500 is
    (a Bet of 1,000 winning more than five times over): the edge per Ante and per amount
    wagered is larger at the larger Ante, beyond both intervals."""
    small, large = (
        russian_poker_edge(RULES, PAYTABLES, ante=ante, max_payout=D(5000), rounds=400_000, seed=9)
        for ante in (D(10), D(500))
    )
    assert large.main_game.per_ante.low > small.main_game.per_ante.high
    assert large.main_game.per_wagered.low > small.main_game.per_wagered.high
    # Without a maximum the Ante does not matter: the same deals give the same figures.
    free = [
        russian_poker_edge(RULES, PAYTABLES, ante=ante, max_payout=None, rounds=200_000, seed=9)
        for ante in (D(10), D(500))
    ]
    assert free[0].main_game.per_ante == free[1].main_game.per_ante


def _engine_buy_net(terms: EdgeTerms, played: Rounds, row: int, card: int) -> int:
    """The box's net on the Ante, the Bet and the fee when it buys and the dealer draws ``card``,
    as the engine settles it (chips)."""
    cards = played.cards.copy()
    cards[row, REPLACEMENTS.start] = card
    bought, draws = played.bought.copy(), played.draws.copy()
    bought[row], draws[row] = True, 1
    settlement = engine_round(terms, replace(played, cards=cards, bought=bought, draws=draws), row)
    lines = settlement_lines(terms, settlement.boxes[0])
    net = sum(lines[k][1] - lines[k][0] for k in ("ante", "bet", "buy_game_fee"))
    return int(net / terms.chip_unit)


@pytest.mark.parametrize("redraw", [False, True])
def test_buying_a_game_is_counted_exactly_over_every_card(redraw: bool) -> None:
    """For boxes facing a dealer without a game, the fast path's count of what buying returns,
    over every card the dealer may draw, is what the engine settles card by card."""
    rules = RussianPokerRules(buy_redraw_same_rank=redraw)
    terms = EdgeTerms(rules, Paytables.standard(), D(10), D(300))
    strategy = replace(GUIDE, buy=BuyRule(BuyWhen.BEST))
    played = play(terms, strategy, deal(np.random.default_rng(3), 20_000))
    first = first_line(played.final_code)
    rows = np.flatnonzero(
        played.bet & (played.dealer_value < QUALIFYING_VALUE) & (first >= LINE_CODE[Line.TWO_PAIR])
    )[:12]
    assert len(rows) == 12
    second = second_line(played.final_code[rows])
    winnings = np.minimum(terms.bet_winnings[first[rows], second], terms.cap_chips)
    used = np.where(
        played.move[rows] == Move.EXCHANGE,
        5 - played.keep[rows].sum(axis=1),
        np.where(played.move[rows] == Move.SIXTH_CARD, 1, 0),
    )
    total, count = buy_counts(
        terms,
        hand_tables(rules.second_straight_same_rank_swap),
        played.cards[rows],
        used,
        value_of(played.final_code[rows]),
        winnings,
    )
    for index, row in enumerate(rows):
        seen = set(played.cards[row, :10].tolist()) | set(
            played.cards[row, 10 : 10 + int(used[index])].tolist()
        )
        discard = int(played.cards[row, 5:10].max())
        candidates = [
            card
            for card in range(52)
            if card not in seen and not (redraw and card >> 2 == discard >> 2)
        ]
        nets = [_engine_buy_net(terms, played, int(row), card) for card in candidates]
        assert (int(total[index]), int(count[index])) == (sum(nets), len(candidates))
        assert bool(played.bought[row]) == (sum(nets) > terms.ante_chips * len(candidates))
