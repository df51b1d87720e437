"""The house-edge calculator's speed, against the engine playing the same rounds.

* ``house_edge_rp_seconds``: seconds to compute the demo rule set's main-game edge (the demo
  floor's Russian Poker rules, its main and bonus paytables, table RP-1's smallest Ante of 10
  and its maximum payout of 5,000, under the guide strategy) to a 95 % interval of ±0.1
  percentage point of the Ante, from cold: the calculator's tables and exact counts are cleared
  first, so building them is included. The baseline ``engine_rounds_same_n`` is the time the
  engine would need for as many rounds, from the rate of a timed sample of rounds the fast path
  played, recorded action by action on :class:`~casino.games.russian.RussianPokerState` and
  settled (:func:`~casino.games.house_edge.engine_play.engine_round`). Goal: at most 600 s.
* ``house_edge_sim_rounds``: the fast path's rounds per second (dealing, playing and settling
  batches of 200,000 rounds, the best of three passes), against the engine's rounds per second
  on the same sample (``engine_rounds``). Goal: at least 100 times.

One process, one core: the calculator's arithmetic never calls a multi-threaded library.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from decimal import Decimal as D

import numpy as np

from casino.games.house_edge import GUIDE, exact, hands, russian_poker_edge, situations
from casino.games.house_edge.engine_play import engine_round
from casino.games.house_edge.rounds import deal, play
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import Paytables, RussianPokerRules

Report = Callable[[str, float, str, float, str], None]

#: Table RP-1 of the demo floor: its smallest Ante and its maximum payout.
ANTE = D(10)
MAX_PAYOUT = D(5000)
ENGINE_SAMPLE = 3_000
BATCH = 200_000


def run(report: Report) -> None:
    rules, paytables = _demo_terms()
    terms = EdgeTerms(rules, paytables, ANTE, MAX_PAYOUT)
    engine_rate = _engine_rate(terms)

    _clear_caches()
    start = time.perf_counter()
    edge = russian_poker_edge(
        rules, paytables, ante=ANTE, max_payout=MAX_PAYOUT, half_width=D("0.001"), seed=1
    )
    seconds = time.perf_counter() - start
    main = edge.main_game.per_ante
    assert main.low is not None and main.high is not None
    if (main.high - main.low) / 2 > D("0.001"):
        raise AssertionError(f"the interval is wider than asked: {main.low}..{main.high}")
    engine_seconds = edge.rounds / engine_rate
    report("house_edge_rp_seconds", seconds, "s", seconds / engine_seconds, "engine_rounds_same_n")

    rng = np.random.default_rng(2)
    fastest = float("inf")
    for _ in range(3):
        begin = time.perf_counter()
        play(terms, GUIDE, deal(rng, BATCH))
        fastest = min(fastest, time.perf_counter() - begin)
    rate = BATCH / fastest
    report("house_edge_sim_rounds", rate, "rounds/s", rate / engine_rate, "engine_rounds")


def _demo_terms() -> tuple[RussianPokerRules, Paytables]:
    """The demo floor's Russian Poker rule set (the defaults) and paytables."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django

    django.setup()
    from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE
    from tables.engines import game_of
    from tables.models import Game

    settings = game_of(Game.RUSSIAN_POKER).validate_rules({})
    rules = RussianPokerRules.from_dict(settings)
    return rules, Paytables(main=RUSSIAN_MAIN_PAYTABLE, bonus=RUSSIAN_BONUS_PAYTABLE)


def _engine_rate(terms: EdgeTerms) -> float:
    """Rounds per second of the engine, on rounds the fast path played under the guide."""
    played = play(terms, GUIDE, deal(np.random.default_rng(3), ENGINE_SAMPLE))
    start = time.perf_counter()
    for row in range(ENGINE_SAMPLE):
        engine_round(terms, played, row)
    return ENGINE_SAMPLE / (time.perf_counter() - start)


def _clear_caches() -> None:
    hands._hand_tables.cache_clear()
    hands._all_five_card_hands.cache_clear()
    situations._rank_tables.cache_clear()
    for cached in (
        exact._codes,
        exact.line_counts,
        exact.dealer_game_count,
        exact.situation_counts,
    ):
        cached.cache_clear()
