"""Hand evaluation speed, against treys and pokerkit measured in the same run.

All timed jobs take turns over three rounds and each keeps its fastest pass over a fixed, seeded
set of hands, so a busy moment on the machine penalises neither side of a ratio in particular.
The treys baselines are its per-size methods (``_five``, ``_six``, ``_seven``: what
``Evaluator.evaluate`` dispatches to, minus the dispatch), the fastest way to call it. Our figures
use plain ``int`` card indices; ``best6_card_objects`` shows the cost of passing ``Card``
instances instead. The pokerkit figures compare with its lookup (five cards) and its
``StandardHighHand.from_game`` (best of six and seven).

Lines (value, unit, ratio against what):

* ``eval5``, ``best6``, ``best7``: hands/s, against treys for the same job;
* ``eval5_pokerkit``, ``best6_pokerkit``, ``best7_pokerkit``: ours again, against pokerkit;
* ``rubyrun_key``: Ruby Run keys of 3 hole + 4 live cards per second, against treys' best of 7;
* ``russian_combos``: first + second combination of six-card boxes per second, against treys'
  best of 6 (which finds the first combination only);
* ``eval_tables_build`` / ``eval_tables_memory``: building the ranking tables (seconds, peak MB),
  against the 2 s and 50 MB budgets; ``russian_tables_build`` / ``russian_tables_memory`` the
  same for the Russian Poker templates.
"""

from __future__ import annotations

import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from pokerkit import StandardHighHand
from pokerkit.lookups import StandardLookup
from pokerkit.utilities import Card as PokerkitCard
from treys import Card as TreysCard  # type: ignore[import-untyped]
from treys import Evaluator

from casino.games import russian_hands
from casino.games.cards import CARDS
from casino.games.ranking import WHEEL, build_evaluators
from casino.games.rubyrun_hands import hand_key

Report = Callable[[str, float, str, float, str], None]
Job = tuple[Callable[[Any], object], Sequence[Any]]

SEED = 20_240_601
ROUNDS = 3
BUILD_BUDGET_S = 2.0
MEMORY_BUDGET_MB = 50.0


def run(report: Report) -> None:
    _tables(report)
    rng = random.Random(SEED)
    hands = {size: _hands(rng, size, 300_000) for size in (5, 6, 7)}
    treys = Evaluator()
    to_treys = [TreysCard.new(str(card)) for card in CARDS]
    treys_hands = {size: [[to_treys[c] for c in hand] for hand in hands[size]] for size in hands}
    _check_same_order(WHEEL.best_of_seven, hands[7], treys._seven, treys_hands[7])
    to_pokerkit = [next(PokerkitCard.parse(str(card))) for card in CARDS]
    pokerkit_hands = {
        size: [[to_pokerkit[c] for c in hand] for hand in hands[size][:100_000]] for size in hands
    }
    lookup = StandardLookup()

    rates = _race(
        {
            "eval5": (WHEEL.five, hands[5]),
            "best6": (WHEEL.best_of_six, hands[6]),
            "best7": (WHEEL.best_of_seven, hands[7]),
            "best6_card_objects": (
                WHEEL.best_of_six,
                [tuple(CARDS[card] for card in hand) for hand in hands[6]],
            ),
            "rubyrun_key": (_ruby_run_key, [(hand[:3], hand[3:]) for hand in hands[7][:200_000]]),
            "russian_combos": (russian_hands.first_and_second, hands[6][:200_000]),
            "treys5": (treys._five, treys_hands[5]),
            "treys6": (treys._six, treys_hands[6][:100_000]),
            "treys7": (treys._seven, treys_hands[7][:40_000]),
            "pokerkit5": (lookup.get_entry, pokerkit_hands[5]),
            "pokerkit6": (StandardHighHand.from_game, pokerkit_hands[6][:6_000]),
            "pokerkit7": (StandardHighHand.from_game, pokerkit_hands[7][:2_000]),
        }
    )
    for size, name in ((5, "eval5"), (6, "best6"), (7, "best7")):
        report(name, rates[name], "hands/s", rates[name] / rates[f"treys{size}"], "treys")
    with_cards = rates["best6_card_objects"]
    report("best6_card_objects", with_cards, "hands/s", with_cards / rates["treys6"], "treys")
    for size, name in ((5, "eval5"), (6, "best6"), (7, "best7")):
        ratio = rates[name] / rates[f"pokerkit{size}"]
        report(f"{name}_pokerkit", rates[name], "hands/s", ratio, "pokerkit")
    rubyrun = rates["rubyrun_key"]
    report("rubyrun_key", rubyrun, "hands/s", rubyrun / rates["treys7"], "treys_best7")
    russian = rates["russian_combos"]
    report("russian_combos", russian, "hands/s", russian / rates["treys6"], "treys_best6")


def _ruby_run_key(board: tuple[Sequence[int], Sequence[int]]) -> object:
    return hand_key(board[0], board[1])


def _tables(report: Report) -> None:
    seconds = _timed(build_evaluators)
    report("eval_tables_build", seconds, "s", seconds / BUILD_BUDGET_S, "budget_2s")
    megabytes = _peak_megabytes(build_evaluators)
    report("eval_tables_memory", megabytes, "MB", megabytes / MEMORY_BUDGET_MB, "budget_50MB")
    seconds = _timed(russian_hands.build_tables)
    report("russian_tables_build", seconds, "s", seconds / BUILD_BUDGET_S, "budget_2s")
    megabytes = _peak_megabytes(russian_hands.build_tables)
    report("russian_tables_memory", megabytes, "MB", megabytes / MEMORY_BUDGET_MB, "budget_50MB")


def _check_same_order(
    ours: Callable[[Any], int],
    hands: Sequence[Any],
    theirs: Callable[[Any], int],
    same: Sequence[Any],
) -> None:
    """Refuse to time anything unless both libraries rank the first hands alike (treys' smaller
    is stronger): a guard against feeding them different cards."""
    for i in range(1, 2_000):
        mine = (ours(hands[i]) > ours(hands[i - 1])) - (ours(hands[i]) < ours(hands[i - 1]))
        treys = (theirs(same[i - 1]) > theirs(same[i])) - (theirs(same[i - 1]) < theirs(same[i]))
        if mine != treys:
            raise AssertionError(f"treys and we disagree on {hands[i - 1]} vs {hands[i]}")


def _hands(rng: random.Random, size: int, count: int) -> list[tuple[int, ...]]:
    return [tuple(rng.sample(range(52), size)) for _ in range(count)]


def _race(jobs: dict[str, Job]) -> dict[str, float]:
    """Hands per second of each job: its fastest pass, the jobs taking turns for ROUNDS rounds."""
    fastest = dict.fromkeys(jobs, float("inf"))
    for _ in range(ROUNDS):
        for name, (evaluate, hands) in jobs.items():
            start = time.perf_counter()
            for hand in hands:
                evaluate(hand)
            fastest[name] = min(fastest[name], time.perf_counter() - start)
    return {name: len(jobs[name][1]) / seconds for name, seconds in fastest.items()}


def _timed(build: Callable[[], object]) -> float:
    start = time.perf_counter()
    build()
    return time.perf_counter() - start


def _peak_megabytes(build: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        build()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()
