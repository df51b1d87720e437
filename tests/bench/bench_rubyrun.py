"""Ruby Run showdown speed: one eight-player hand with three side pots, through the engine alone.

``rubyrun_showdown`` is showdowns per second of :func:`casino.games.rubyrun.showdown`, the code
the engine runs when a hand ends at a showdown: the Ruby Run hand key of all eight players, the
main pot and three side pots, a capped percentage rake, the awards with every contender's hand
described, and the result record. The hand is played through :class:`RubyRunState` first (no
limit, blinds 1/2, antes 1): three short stacks are all-in for 40, 90 and 150 and the five
others call 400, so every player reaches the showdown.

The baseline, measured in the same run, is the bare evaluation of the same eight hands with
:func:`~casino.games.rubyrun_hands.hand_key`; the ratio (below 1) is the share of the showdown's
time that is hand ranking. The issue asks for at least 10,000 showdowns per second.

The text of each hand comes from :func:`~casino.games.rubyrun.settlement.describe_hand`, a bounded
cache that is warm after the first showdown here, as it is at a live table after a few hands
(keys repeat); spelling eight hands out afresh costs about as much again as grading them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from decimal import Decimal as D

from casino.games.rubyrun import (
    Betting,
    HandOptions,
    Rake,
    RakePolicy,
    RubyRunRules,
    RubyRunState,
    showdown,
)
from casino.games.rubyrun_hands import hand_key

Report = Callable[[str, float, str, float, str], None]

HOLES = {
    1: "Kc 6d 3s",
    2: "Qd 5c 4h",
    3: "Ks 6s 3c",
    4: "Kd 6c 4s",
    5: "Qs 5d 4d",
    6: "Jh 4c 3d",
    7: "Ad 7c 5s",
    8: "2d 2h 7s",
}
STACKS = {1: 41, 2: 91, 3: 151, 4: 401, 5: 401, 6: 401, 7: 401, 8: 401}


def played_hand() -> RubyRunState:
    rules = RubyRunRules(
        ante=D(1),
        betting=Betting.NO_LIMIT,
        rake=Rake.PERCENT,
        rake_percent=D(5),
        rake_cap=D(10),
    )
    state = RubyRunState(rules, HandOptions())
    state.seat_players({seat: D(chips) for seat, chips in STACKS.items()}, button=8)
    state.post_forced_bets()
    for seat, cards in HOLES.items():
        state.deal_hole_cards(seat, cards)
    state.all_in(3)
    for seat in (4, 5, 6):
        state.call(seat)
    state.raise_to(7, 400)
    state.call(8)
    state.all_in(1)
    state.all_in(2)
    for seat in (4, 5, 6):
        state.call(seat)
    state.deal_over_cards("8h 9h 10h")
    state.deal_under_cards("As Jc Qh")
    state.deal_slam("2c")
    return state


def _rate(work: Callable[[], object], *, seconds: float = 0.6) -> float:
    """Calls per second: the best of three timed batches, after a warm-up."""
    for _ in range(200):
        work()
    batch = 2000
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        done = 0
        while time.perf_counter() - start < seconds / 3:
            for _ in range(batch):
                work()
            done += batch
        best = max(best, done / (time.perf_counter() - start))
    return best


def run(report: Report) -> None:
    state = played_hand()
    result = state.hand_result
    assert result is not None and len(result.awards) == 4 and result.showdown
    live = state.live_cards
    assert live is not None
    holes = {seat: state.hole_cards(seat) or () for seat in state.seats}
    contributions = state.contributions
    folded = state.folded
    order = state.clockwise_order
    rake = RakePolicy.from_rules(state.rules)

    def settle_showdown() -> object:
        return showdown(holes, live, contributions, folded, order=order, rake=rake)

    def bare_keys() -> object:
        return [hand_key(hole, live) for hole in holes.values()]

    assert settle_showdown() == result  # the benchmark times exactly what the engine did
    showdowns = _rate(settle_showdown)
    baseline = _rate(bare_keys)
    report("rubyrun_showdown", showdowns, "showdowns/s", showdowns / baseline, "hand_key_x8")


if __name__ == "__main__":
    from tests.bench.run import report

    run(report)
