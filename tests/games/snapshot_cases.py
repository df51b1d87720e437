"""States of every game in every phase, played the same way every time, for the snapshot tests.

Each game is played by the strategies of its property tests, drawing from seeded random
sources, so that the same code plays the same games: :func:`played` returns, per game, the
states met along the way (the first of each phase of a game and its last), each with a function
restoring a snapshot under its terms. ``tests/games/data/snapshots_<game>.json`` holds their
snapshots as the engines wrote them; ``python -m tests.games.snapshot_cases`` writes those files
again from the code as it is.
"""

from __future__ import annotations

import json
import pathlib
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from hypothesis import strategies as st
from hypothesis.control import BuildContext
from hypothesis.errors import StopTest, UnsatisfiedAssumption
from hypothesis.internal.conjecture.data import ConjectureData
from hypothesis.internal.conjecture.providers import HypothesisProvider

from casino.games.cards import CARDS, Card
from casino.games.contract import JsonObject
from casino.games.reddog import Phase as RedDogPhase
from casino.games.reddog import RedDogState, Variant
from casino.games.rubyrun import HandOptions, RubyRunRules, RubyRunState, UnderCards
from casino.games.rubyrun import Phase as RubyRunPhase
from casino.games.russian import Paytables, RussianPokerRules, RussianPokerState, TableLimits
from casino.games.russian import Phase as RussianPhase
from tests.games import test_reddog_properties as reddog_props
from tests.games import test_rubyrun_properties as rubyrun_props
from tests.games import test_russian_properties as russian_props

_T = TypeVar("_T")

DATA = pathlib.Path(__file__).parent / "data"
GAMES = ("reddog", "rubyrun", "russian")


class _Seeded(HypothesisProvider):
    """Hypothesis's own choices from the seed alone: without the constants it collects from
    the modules loaded at the time, which differ between a test run and a script."""

    def _maybe_draw_constant(self, *args: Any, **kwargs: Any) -> None:
        return None


class _Draws:
    """What the property tests' helpers draw from (:class:`hypothesis.strategies.DataObject`'s
    ``draw``), drawing from a seeded random source: the same draws every run, outside any test
    run's adaptive search."""

    def __init__(self, seed: int) -> None:
        self.data = ConjectureData(random=random.Random(seed), provider=_Seeded)

    def draw(self, strategy: st.SearchStrategy[_T], label: object = None) -> _T:
        return self.data.draw(strategy)


def _games(count: int, play: Callable[[Any], None]) -> None:
    """Play ``count`` games, each from its own seed; one the strategies reject is skipped."""
    for seed in range(count):
        draws = _Draws(seed)
        try:
            with BuildContext(draws.data, wrapped_test=play):
                play(draws)
        except (UnsatisfiedAssumption, StopTest):
            continue


@dataclass(frozen=True)
class Case:
    """The snapshot of a state met in play, and how to restore a snapshot under its terms."""

    snapshot: JsonObject
    restore: Callable[[JsonObject], Any]


def _kept(met: list[tuple[object, JsonObject]]) -> Iterator[JsonObject]:
    """Of the ``(phase, snapshot)`` met in one game, the snapshots of the first state of each
    phase and of the last state."""
    seen: set[object] = set()
    for index, (phase, snapshot) in enumerate(met):
        if phase not in seen or index == len(met) - 1:
            seen.add(phase)
            yield snapshot


def _reddog() -> list[Case]:
    cases: list[Case] = []
    for variant in Variant:
        _reddog_games(variant, cases)
    return cases


def _reddog_games(variant: Variant, cases: list[Case]) -> None:
    def play(data: Any) -> None:
        rules = data.draw(reddog_props.rule_sets(variant))
        state = RedDogState(rules)
        met: list[tuple[object, JsonObject]] = [(state.phase, state.snapshot())]
        count = data.draw(st.integers(rules.min_players, rules.max_players))
        seats = data.draw(st.lists(st.integers(1, 8), min_size=count, max_size=count, unique=True))
        stacks = {seat: rules.chip_unit * data.draw(st.integers(1, 150)) for seat in seats}
        state.seat_players(stacks, button=data.draw(st.sampled_from(seats)))
        met.append((state.phase, state.snapshot()))
        hands_wanted = data.draw(st.integers(1, 4))
        for _ in range(reddog_props.MAX_STEPS):
            if state.phase is RedDogPhase.GAME_OVER:
                break
            reddog_props.step(state, data, hands_wanted)
            met.append((state.phase, state.snapshot()))
        restore = _reddog_restorer(state)
        cases.extend(Case(snapshot, restore) for snapshot in _kept(met))

    _games(4, play)


def _reddog_restorer(state: RedDogState) -> Callable[[JsonObject], Any]:
    rules, seating, carried_in = state.rules, state.seating, state.carried_in
    return lambda snapshot: RedDogState.restore(
        rules, snapshot, seating=seating, carried_in=carried_in
    )


def _rubyrun() -> list[Case]:
    cases: list[Case] = []

    def play(data: Any) -> None:
        rules = data.draw(rubyrun_props.rule_sets())
        options = data.draw(rubyrun_props.options_strategy)
        players = data.draw(st.integers(2, 15))
        seats = sorted(data.draw(st.sets(st.integers(1, 15), min_size=players, max_size=players)))
        stacks = {seat: rules.chip_unit * data.draw(st.integers(1, 120)) for seat in seats}
        button = data.draw(st.sampled_from(seats))
        deck = list(data.draw(st.permutations(CARDS)))
        state = RubyRunState(rules, options)
        met: list[tuple[object, JsonObject]] = [(state.phase, state.snapshot())]
        state.seat_players(stacks, button)
        met.append((state.phase, state.snapshot()))
        under: list[Card] = []
        take = rubyrun_props.take
        while state.phase is not RubyRunPhase.COMPLETE:
            phase = state.phase
            if phase is RubyRunPhase.FORCED_BETS:
                state.post_forced_bets()
            elif phase is RubyRunPhase.HOLE_CARDS:
                seat = state.legal_actions()[0]["seats"][0]
                state.deal_hole_cards(seat, take(deck, 3))
            elif phase is RubyRunPhase.BETTING:
                rubyrun_props.betting_step(data, state)
            elif phase is RubyRunPhase.OVER_CARDS:
                state.deal_over_cards(take(deck, 3))
            elif phase is RubyRunPhase.UNDER_CARDS:
                under = take(deck, 3)
                face_down = rules.under_cards is UnderCards.FACE_DOWN
                state.deal_under_cards(None if face_down else under)
            elif phase is RubyRunPhase.SLAM:
                state.deal_slam(take(deck, 1)[0])
            elif phase is RubyRunPhase.REVEAL:
                state.reveal_under_cards(under)
            met.append((state.phase, state.snapshot()))
        restore = _rubyrun_restorer(rules, options, state)
        cases.extend(Case(snapshot, restore) for snapshot in _kept(met))

    _games(12, play)
    return cases


def _rubyrun_restorer(
    rules: RubyRunRules, options: HandOptions, state: RubyRunState
) -> Callable[[JsonObject], Any]:
    seating = state.seating
    return lambda snapshot: RubyRunState.restore(rules, options, snapshot, seating)


def _russian() -> list[Case]:
    cases: list[Case] = []

    def play(data: Any) -> None:
        rules, paytables, limits = data.draw(russian_props.terms())
        order = data.draw(st.permutations(range(52)))
        state = RussianPokerState(rules, paytables, limits)
        deck = [Card(i) for i in order]
        met: list[tuple[object, JsonObject]] = [(state.phase, state.snapshot())]
        russian_props.place_wagers(data, state)
        met.append((state.phase, state.snapshot()))
        for _ in range(russian_props.MAX_STEPS):
            if state.phase is RussianPhase.COMPLETE:
                break
            russian_props.act(data, state, deck)
            met.append((state.phase, state.snapshot()))
        restore = _russian_restorer(rules, paytables, limits)
        cases.extend(Case(snapshot, restore) for snapshot in _kept(met))

    _games(40, play)
    return cases


def _russian_restorer(
    rules: RussianPokerRules, paytables: Paytables, limits: TableLimits
) -> Callable[[JsonObject], Any]:
    return lambda snapshot: RussianPokerState.restore(rules, paytables, limits, snapshot)


def played(game: str) -> list[Case]:
    """The states met playing ``game`` (one of :data:`GAMES`), the same every run."""
    return {"reddog": _reddog, "rubyrun": _rubyrun, "russian": _russian}[game]()


def stored_path(game: str) -> pathlib.Path:
    return DATA / f"snapshots_{game}.json"


def stored(game: str) -> list[str]:
    """The snapshots of :func:`played` ``(game)`` as the engines wrote them, as JSON text."""
    return list(json.loads(stored_path(game).read_text()))


def as_text(snapshot: JsonObject) -> str:
    """A snapshot as one line of JSON, its keys in the order the engine wrote them."""
    return json.dumps(snapshot, separators=(",", ":"))


def main(argv: list[str]) -> int:
    for game in argv[1:] or GAMES:
        texts = [as_text(case.snapshot) for case in played(game)]
        stored_path(game).write_text(json.dumps(texts, indent=0) + "\n")
        print(f"{game}: {len(texts)} snapshots")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
