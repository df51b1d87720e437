"""Red Dog through the engines' contract: ``GAME``, the tablet view, snapshots and the result.

The core property plays 500 random games of every variant through ``GAME.actions`` alone, each
input built from the bounds the tablet view gives, and at every step checks that the state built
from the first event on (what a replay of every event is) and the state restored from the
previous step's snapshot, given the same action, agree on everything they show. The other tests
pin the contract's parts one by one: the action specs against the API's input serializers, the
codes, ``expose_card``, the refill after a hand's last turn, the settlement, and the snapshot's
refusals.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from decimal import Decimal as D
from enum import StrEnum
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import casino.games.reddog.codes as codes_module
import casino.games.reddog.game as game_module
import casino.games.reddog.settlement as settlement_module
import casino.games.reddog.state as state_module
import casino.games.reddog.table_cards as table_cards_module
from casino.games.cards import Card, parse_card
from casino.games.codes import GameCode
from casino.games.contract import (
    ChipMovement,
    FieldKind,
    InputValue,
    LegalAction,
    Position,
    PositionKind,
    ResultLine,
    RoundTerms,
    Stake,
    TabletView,
)
from casino.games.errors import GameError
from casino.games.reddog import (
    EVENT_KINDS,
    GAME,
    HOUSE_FLOAT,
    Action,
    CardExposed,
    Movement,
    MovementReason,
    Phase,
    RedDogCode,
    RedDogRules,
    RedDogState,
    Variant,
    codes,
    event_from_dict,
    replay,
    seat_of,
)
from casino.games.reddog.fields import ACTION_FIELDS
from tests.games.payout_figures import check_payout_figures
from tests.games.refusals import refuse
from tests.games.test_reddog_engine import (
    BEN_TABLE,
    POT_23_HANDS,
    ben_to_turn,
    deal,
    first_bet_state,
    new_game,
    play_pot_23_hand,
    play_turn,
)
from tests.games.test_reddog_properties import rule_sets

# -- helpers ------------------------------------------------------------------------------------


def terms_of(rules: RedDogRules, carried_in: str | None = None) -> RoundTerms:
    """The terms of a game under ``rules``; with ``carried_in``, one that carries its odd
    chips to the next game and opens with those of the last (else a game opened before chips
    were carried)."""
    stored = json.loads(json.dumps(rules.to_dict()))
    options = {} if carried_in is None else {"carried_in": carried_in}
    return RoundTerms(rules=stored, paytables={}, limits={}, options=options)


def perform(state: RedDogState, action: str, **data: InputValue) -> None:
    GAME.actions[action].perform(state, data)


def adapter_settlement(
    movements: tuple[Movement, ...],
) -> tuple[list[object], list[object], D]:
    """What ``tables.games.reddog.RedDogAdapter.settle`` built from the full list of movements,
    rewritten on the contract's types: the figures ``result()`` must reproduce exactly."""
    stakes: defaultdict[tuple[int, str], D] = defaultdict(D)
    returns: defaultdict[tuple[int, str], D] = defaultdict(D)
    house = D(0)
    for move in movements:
        payer, payee = seat_of(move.source), seat_of(move.destination)
        if payer is not None:
            stakes[(payer, str(move.reason))] += move.amount
        if payee is not None:
            returns[(payee, str(move.reason))] += move.amount
        if move.destination == HOUSE_FLOAT:
            house += move.amount
    seat = lambda number: Position(PositionKind.SEAT, number)  # noqa: E731
    return (
        [Stake(seat(s), "pot", amount).to_dict() for (s, _), amount in sorted(stakes.items())],
        [
            settled_fields(
                ResultLine(seat(s), reason, "award", D(0), amount, amount, pot=0).to_dict()
            )
            for (s, reason), amount in sorted(returns.items())
        ],
        house,
    )


#: What a result line says beyond what the adapter wrote: how the dealer settles it, in words
#: and figures (checked by ``check_payout_figures``).
_DEALER_FIELDS = frozenset(
    {"label", "reason_text", "take", "pay", "stays", "collected_in_play", "paid_in_play"}
)


def settled_fields(line: dict[str, Any]) -> dict[str, Any]:
    """A result line's dict as the adapter wrote it (the settlement's own fields)."""
    return {key: value for key, value in line.items() if key not in _DEALER_FIELDS}


def stored_replay(
    rules: RedDogRules, state: RedDogState, carried_in: str | None = None
) -> RedDogState:
    """A fresh state given every event of ``state`` after a trip through JSON."""
    again = GAME.new_state(terms_of(rules, carried_in))
    for event in state.events:
        again.apply(GAME.read_event(json.loads(json.dumps(event.to_dict()))))
    return again


# -- the tablet view's shape ----------------------------------------------------------------------


def check_tablet(state: RedDogState, tablet: TabletView, recorded_in_pass: set[Card]) -> None:
    """Every rule of a well-formed tablet view."""
    assert tablet.game == GAME.name == "red_dog"
    assert (tablet.phase, tablet.complete) == (state.phase.value, state.complete)
    assert tablet.deck_pass == state.deck_pass >= 1
    assert tablet.event_count == state.event_count
    assert [a.name for a in tablet.actions] == [a.value for a in state.legal_actions()]
    names = [a.name for a in tablet.actions]
    if "expose_card" in names:
        assert names[-1] == "expose_card"
    if state.complete:
        assert tablet.actions == () and tablet.result is not None
    else:
        assert tablet.actions and tablet.result is None
    for action in tablet.actions:
        check_legal_action(action, tablet)
        if action.name in ("show_burn", "turn_card"):
            # The cards drawn for a bet name its seat, as every card the dealer is asked for.
            assert action.label.startswith(f"Seat {state.to_act}: "), action.label
    # turn: the seat whose decision the table waits for, and exactly that of the actions with one
    positioned = {a.position for a in tablet.actions if a.position is not None}
    if tablet.turn is None:
        assert positioned == set()
    else:
        assert tablet.turn.kind is PositionKind.SEAT
        assert tablet.actions[0].position == tablet.turn
        assert positioned == {tablet.turn}
    numbers = [p.position.number for p in tablet.positions]
    assert numbers == sorted(numbers) == list(state.seats)
    for view in tablet.positions:
        assert view.position.kind is PositionKind.SEAT
        assert view.label == f"Seat {view.position.number}"
        assert view.status in {"dealer", "to act", "in hand", "sitting out", "out"}
        assert view.to_act is (tablet.turn == view.position)
        assert (view.status == "to act") is view.to_act
        held = state.hand_of(view.position.number)
        assert view.hidden_cards == (0 if held is None else len(held))
        assert view.figures[0].name == "stack"
        assert view.figures[0].amount == state.stack(view.position.number)
    unseen = {parse_card(card) for card in tablet.unseen_cards}
    assert len(unseen) == len(tablet.unseen_cards) == state.stock_remaining
    assert unseen == set(state.stock)
    assert not unseen & recorded_in_pass
    figures = {f.name: f.amount for f in tablet.figures}
    assert figures["pot"] == state.pot
    if state.carried is None:
        assert figures["house_float"] == state.house_float
    else:
        # The float's chips are named for what they are: kept for the next game, or taken.
        assert "house_float" not in figures
        assert figures["carried"] == state.carried
        assert figures.get("house_take", D(0)) == state.house_take
    assert figures.get("bet") == state.bet
    json.dumps(tablet.to_dict())


def check_legal_action(action: LegalAction, tablet: TabletView) -> None:
    spec = GAME.actions[action.name]
    assert [(f.name, f.kind, f.required, f.nullable) for f in action.fields] == [
        (f.name, f.kind, f.required, f.nullable) for f in spec.fields
    ]
    assert action.label
    for bounds in action.fields:
        if bounds.kind is FieldKind.STACKS:
            # Chips per seat: at least one chip each, seats and counts from the rule set.
            assert bounds.min == bounds.step == rules_chip_unit(tablet)
            assert bounds.min_count is not None and bounds.max_count is not None
            assert bounds.min_count <= bounds.max_count and bounds.positions
            continue
        if bounds.min is not None or bounds.max is not None:
            assert bounds.kind is FieldKind.AMOUNT
            assert bounds.min is not None and bounds.max is not None
            assert D(0) < bounds.min <= bounds.max
            if bounds.value is not None:
                assert bounds.min == D(str(bounds.value)) == bounds.max
        if bounds.kind is FieldKind.AMOUNT:
            assert bounds.min is not None
        if bounds.kind in (FieldKind.CARD, FieldKind.CARDS):
            assert bounds.min_count is not None and bounds.max_count is not None
            assert 1 <= bounds.min_count <= bounds.max_count <= len(tablet.unseen_cards)
            if bounds.kind is FieldKind.CARD:
                assert bounds.min_count == bounds.max_count == 1
        if bounds.kind is FieldKind.POSITION:
            assert bounds.positions
            assert list(bounds.positions) == sorted(set(bounds.positions))
            if bounds.value is not None:
                assert bounds.positions == (bounds.value,)


def rules_chip_unit(tablet: TabletView) -> D:
    """The chip unit the tablet view states (a figure of every Red Dog view)."""
    return next(figure.amount for figure in tablet.figures if figure.name == "chip_unit")


def input_from_bounds(
    action: LegalAction, tablet: TabletView, rules: RedDogRules, rng: random.Random | None
) -> dict[str, InputValue]:
    """An input for ``action`` built from its bounds alone: the lowest of everything, or a
    random pick within the bounds when ``rng`` is given."""
    unseen = [parse_card(card) for card in tablet.unseen_cards]
    data: dict[str, InputValue] = {}
    for bounds in action.fields:
        if bounds.kind is FieldKind.POSITION:
            assert bounds.positions
            data[bounds.name] = bounds.positions[0] if rng is None else rng.choice(bounds.positions)
        elif bounds.kind is FieldKind.AMOUNT:
            assert bounds.min is not None and bounds.max is not None
            steps = int((bounds.max - bounds.min) / rules.chip_unit)
            if rng is not None and rng.random() < 0.8:
                chips = rng.choice([0, steps, rng.randint(0, steps)])
            else:
                chips = 0
            data[bounds.name] = bounds.min + rules.chip_unit * chips
        elif bounds.kind is FieldKind.CARD:
            data[bounds.name] = unseen[0] if rng is None else rng.choice(unseen)
        elif bounds.kind is FieldKind.CARDS:
            assert bounds.max_count is not None
            picked = (
                unseen[: bounds.max_count] if rng is None else rng.sample(unseen, bounds.max_count)
            )
            data[bounds.name] = tuple(picked)
        elif bounds.kind is FieldKind.FLAG:
            data[bounds.name] = True if rng is None else rng.random() < 0.5
        elif bounds.kind is FieldKind.TEXT:
            data[bounds.name] = "" if rng is None else rng.choice(["", "flashed in the deal"])
        elif bounds.kind is FieldKind.STACKS:
            if rng is None:
                count = rules.min_players
            else:  # a full table half the time: the one whose stock runs out mid-hand
                count = rng.choice(
                    [rules.max_players, rng.randint(rules.min_players, rules.max_players)]
                )
            seats = (
                list(range(1, count + 1)) if rng is None else sorted(rng.sample(range(1, 9), count))
            )
            unit = rules.chip_unit
            data[bounds.name] = {
                s: unit * (40 if rng is None else rng.randint(1, 150)) for s in seats
            }
    if action.name == "seat_players":
        stacks = data["stacks"]
        assert isinstance(stacks, dict)
        data["button"] = min(stacks) if rng is None else rng.choice(sorted(stacks))
    return data


# -- the core property: replayed and restored states agree at every step --------------------------

MAX_STEPS = 400
#: How often the driver records an exposed card when one may be.
EXPOSE_RATE = 0.06


def choose(
    state: RedDogState, tablet: TabletView, rng: random.Random, hands_wanted: int
) -> LegalAction:
    by_name = {a.name: a for a in tablet.actions}
    if state.phase is Phase.BETWEEN_HANDS:
        wanted = "start_hand" in by_name and state.hand_number < hands_wanted
        return by_name["start_hand" if wanted else "end_game"]
    if "expose_card" in by_name and rng.random() < EXPOSE_RATE:
        return by_name["expose_card"]
    return tablet.actions[0]


def play_and_compare(rules: RedDogRules, seed: int, hands_wanted: int) -> RedDogState:
    """One random game, checked at every step; returns the state built from the first event."""
    rng = random.Random(seed)
    # A third of the games carry no chips (opened before chips were carried), a third carry
    # none in, a third carry three chips in from the table's last game.
    carried_in = (None, "0.00", str(3 * rules.chip_unit))[seed % 3]
    terms = terms_of(rules, carried_in)
    state = GAME.new_state(terms)
    assert isinstance(state, RedDogState)
    snapshot = state.snapshot()
    tablet = state.tablet_view()
    recorded_in_pass: set[Card] = set()
    replay_at = rng.randint(1, 120)
    for steps in range(1, MAX_STEPS + 1):
        if state.complete:
            break
        check_tablet(state, tablet, recorded_in_pass)
        # Every legal action accepts an input built from its bounds.
        for legal in tablet.actions:
            GAME.actions[legal.name].verify(state, input_from_bounds(legal, tablet, rules, None))
        chosen = choose(state, tablet, rng, hands_wanted)
        data = input_from_bounds(chosen, tablet, rules, rng)
        spec = GAME.actions[chosen.name]

        restored = GAME.restore(terms, snapshot)
        assert restored.snapshot() == snapshot
        assert restored.events == () and restored.movements == ()
        moves_before, pass_before = len(state.movements), state.deck_pass
        spec.verify(restored, data)
        events = spec.perform(state, data)
        assert tuple(spec.perform(restored, data)) == tuple(events)
        assert len(events) == 1 and restored.events == tuple(events)
        assert restored.movements == state.movements[moves_before:]
        assert all(isinstance(m, ChipMovement) for m in restored.movements)

        snapshot = state.snapshot()
        tablet = state.tablet_view()
        assert restored.snapshot() == snapshot
        assert restored.view() == state.view()
        assert restored.tablet_view().to_dict() == tablet.to_dict()
        json.dumps(snapshot)

        if state.deck_pass != pass_before:
            recorded_in_pass = set()
        for shown in state.cards_shown(events[0]):
            recorded_in_pass.add(shown.card)
        if steps == replay_at:
            again = stored_replay(rules, state, carried_in)
            assert again.snapshot() == snapshot and again.view() == state.view()

    # Each step began by checking restore(snapshot).snapshot() == snapshot; so does the end.
    assert GAME.restore(terms, snapshot).snapshot() == snapshot
    if state.complete:
        result = state.result()
        assert GAME.restore(terms, snapshot).result().to_dict() == result.to_dict()
        assert GAME.restore(terms, snapshot).result().detail == result.detail
        stakes, lines, house = adapter_settlement(state.movements)
        assert [s.to_dict() for s in result.stakes] == stakes
        assert [settled_fields(line.to_dict()) for line in result.lines] == lines
        assert result.pot_game
        if carried_in is None:
            assert (result.rake, result.carried_in, result.carried_out) == (house, 0, 0)
        else:
            # The house takes its fees and commissions; the odd chips go to the next game.
            took = sum(
                (m.amount for m in state.movements if m.reason in ("hand_fee", "win_commission")),
                D(0),
            )
            assert (result.rake, result.carried_in) == (took, D(carried_in))
            assert result.carried_out == state.house_float - took
        assert result.house_result == result.rake
        check_payout_figures(result)
        again = stored_replay(rules, state, carried_in)
        assert again.result().to_dict() == result.to_dict()
        assert again.result().detail == result.detail
        assert again.tablet_view().to_dict() == tablet.to_dict()
    return state


@st.composite
def games(draw: st.DrawFn) -> tuple[RedDogRules, int, int]:
    variant = draw(st.sampled_from(list(Variant)))
    return (
        draw(rule_sets(variant)),
        draw(st.integers(0, 2**32 - 1)),
        draw(st.integers(1, 4)),
    )


@pytest.mark.slow
@settings(
    max_examples=500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(game=games())
def test_restored_and_replayed_states_agree_at_every_step(
    game: tuple[RedDogRules, int, int],
) -> None:
    rules, seed, hands_wanted = game
    play_and_compare(rules, seed, hands_wanted)


def test_the_random_games_reach_every_phase_and_the_end() -> None:
    """The driver of the property is not idle: its games visit every phase, expose cards,
    reshuffle and finish."""
    phases: set[str] = set()
    kinds: set[str] = set()
    finished = 0
    for seed in range(40):
        variant = list(Variant)[seed % 4]
        extra: dict[str, Any] = {"max_players": 8, "min_players": 8, "cards_each": 5}
        if variant in (Variant.SHOOT, Variant.SLIPPERY_SAM):
            extra = {"shoot_pot_min": D(10), "shoot_pot_max": D(40)}
        rules = RedDogRules(variant=variant, **extra)
        rng = random.Random(seed)
        state = GAME.new_state(terms_of(rules))
        assert isinstance(state, RedDogState)
        for _ in range(MAX_STEPS):
            if state.complete:
                break
            phases.add(state.phase.value)
            tablet = state.tablet_view()
            chosen = choose(state, tablet, rng, 4)
            for event in GAME.actions[chosen.name].perform(
                state, input_from_bounds(chosen, tablet, rules, rng)
            ):
                kinds.add(event.kind)
        finished += state.complete
    assert phases == {p.value for p in Phase} - {Phase.GAME_OVER.value}
    assert kinds == set(EVENT_KINDS)
    assert finished >= 30


# -- GAME: the definition ---------------------------------------------------------------------

#: The input serializers of ``tables/games/reddog.py`` (and ``ExposeCardInput``), field by
#: field: name, kind, required, nullable, default, min/max value, min/max count, max length.
SERIALIZER_FIELDS: dict[str, list[tuple[Any, ...]]] = {
    "seat_players": [
        ("stacks", "stacks", True, False, None, None, None, None, None, None),
        ("button", "position", True, False, None, 1, 8, None, None, None),
    ],
    "start_hand": [],
    "fund_pot": [("amount", "amount", True, False, None, None, None, None, None, None)],
    "deal_hand": [
        ("seat", "position", True, False, None, 1, 8, None, None, None),
        ("cards", "cards", True, False, None, None, None, 1, 5, None),
    ],
    "turn_centre_card": [("card", "card", True, False, None, None, None, None, None, None)],
    "place_bet": [
        ("seat", "position", True, False, None, 1, 8, None, None, None),
        ("amount", "amount", True, False, None, None, None, None, None, None),
    ],
    "show_burn": [("card", "card", True, False, None, None, None, None, None, None)],
    "turn_card": [("card", "card", True, False, None, None, None, None, None, None)],
    "reshuffle": [],
    "decide_shoot": [("deal_again", "flag", True, False, None, None, None, None, None, None)],
    "end_game": [],
    "expose_card": [
        ("card", "card", True, False, None, None, None, None, None, None),
        ("reason", "text", False, False, "", None, None, None, None, 500),
    ],
}


def test_the_definition_names_the_game_and_its_seats() -> None:
    assert (GAME.name, GAME.position_kind) == ("red_dog", PositionKind.SEAT)
    assert list(GAME.actions) == [action.value for action in Action]
    assert "note" not in GAME.actions
    assert set(ACTION_FIELDS) == set(Action)


def test_each_actions_fields_mirror_the_api_serializer() -> None:
    actual = {
        name: [
            (
                f.name,
                f.kind.value,
                f.required,
                f.nullable,
                f.default,
                f.min_value,
                f.max_value,
                f.min_count,
                f.max_count,
                f.max_length,
            )
            for f in spec.fields
        ]
        for name, spec in GAME.actions.items()
    }
    assert actual == SERIALIZER_FIELDS
    for spec in GAME.actions.values():
        assert spec.help.endswith(".") and spec.help[0].isupper()
        assert all(f.help.endswith(".") for f in spec.fields)


class _OtherState:
    """Stands for another game's state."""


@pytest.mark.parametrize("name", [action.value for action in Action])
def test_an_action_handed_another_games_state_is_a_type_error(name: str) -> None:
    spec = GAME.actions[name]
    with pytest.raises(TypeError):
        spec.verify(_OtherState(), {})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        spec.perform(_OtherState(), {})  # type: ignore[arg-type]


def test_input_of_the_wrong_type_is_refused_naming_the_field() -> None:
    """A card may come as a Card, its index or its text; anything else of the wrong type is
    ``input_invalid`` naming the field, and nothing changes."""
    state = first_bet_state()
    before = state.snapshot()
    for name, data, field in [
        ("place_bet", {"seat": 1, "amount": "2"}, "amount"),
        ("place_bet", {"seat": "1", "amount": D(2)}, "seat"),
        ("turn_card", {"card": 2.5}, "card"),
        ("deal_hand", {"seat": 1, "cards": "2c"}, "cards"),
    ]:
        with pytest.raises(GameError) as refused:
            GAME.actions[name].verify(state, data)
        assert (refused.value.code, refused.value.data["field"]) == ("input_invalid", field)
    assert state.snapshot() == before


def test_verify_refuses_as_the_triad_does_and_changes_nothing() -> None:
    state = first_bet_state()
    before = state.snapshot()
    with pytest.raises(GameError) as caught:
        GAME.actions["place_bet"].verify(state, {"seat": 2, "amount": D(2)})
    assert (caught.value.code, caught.value.data) == ("out_of_turn", {"seat": 2, "to_act": 1})
    assert state.snapshot() == before
    events = GAME.actions["place_bet"].perform(state, {"seat": 1, "amount": D(2)})
    assert [e.to_dict() for e in events] == [{"kind": "bet_placed", "seat": 1, "amount": "2"}]


def test_validate_rules_completes_the_defaults_and_refuses_bad_settings() -> None:
    assert GAME.validate_rules({}) == RedDogRules().to_dict()
    assert GAME.validate_rules({"ante": "5", "chip_unit": "5"})["ante"] == "5"
    assert GAME.validate_rules({})["refill_timing"] == "every_turn"
    for bad, field in (({"ante": 2.0}, "ante"), ({"nope": 1}, "nope")):
        with pytest.raises(GameError) as caught:
            GAME.validate_rules(bad)  # type: ignore[arg-type]
        assert (caught.value.code, caught.value.data) == ("ruleset_invalid", {"field": field})
    with pytest.raises(GameError) as caught:
        GAME.validate_rules(["ante", "2"])  # type: ignore[arg-type]
    assert caught.value.code == "ruleset_invalid"


def test_red_dog_takes_no_options() -> None:
    assert GAME.normalise_options({}) == {}
    with pytest.raises(GameError) as caught:
        GAME.normalise_options({"zeta": 1, "ace_low_runs": True})
    assert (caught.value.code, caught.value.data) == ("options_invalid", {"field": "ace_low_runs"})


def test_parsed_rules_are_cached_per_canonical_settings() -> None:
    first = RoundTerms(rules={"ante": "4", "burn_card": False}, paytables={}, limits={}, options={})
    same = RoundTerms(rules={"burn_card": False, "ante": "4"}, paytables={}, limits={}, options={})
    a, b = GAME.new_state(first), GAME.new_state(same)
    assert isinstance(a, RedDogState) and isinstance(b, RedDogState)
    assert a.rules is b.rules
    assert a.rules == RedDogRules(ante=D(4), burn_card=False)
    info = game_module._rules.cache_info()
    assert info.maxsize == game_module.RULES_CACHE_SIZE and info.hits >= 1
    with pytest.raises(GameError) as caught:
        GAME.new_state(RoundTerms(rules={"ante": "x"}, paytables={}, limits={}, options={}))
    assert caught.value.code == "ruleset_invalid"


def test_read_event_is_the_event_reader() -> None:
    stored = {"kind": "card_exposed", "card": "As", "reason": ""}
    assert GAME.read_event(stored) == event_from_dict(stored) == CardExposed(parse_card("As"))
    with pytest.raises(GameError) as caught:
        GAME.read_event({"kind": "note", "text": "x"})
    assert caught.value.code == "event_kind_unknown"


def test_the_doctests_of_the_new_modules_pass() -> None:
    import doctest

    for module in (game_module, settlement_module, state_module, table_cards_module, codes_module):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# -- codes --------------------------------------------------------------------------------------


def _values(enum: type[StrEnum]) -> list[str]:
    """Every value of ``enum``, aliases included (iterating an enum skips its aliases)."""
    return [member.value for member in enum.__members__.values()]


def test_red_dog_codes_are_one_unique_enum_sharing_nothing_with_the_shared_codes() -> None:
    values = _values(RedDogCode)
    assert len(values) == len(set(values))
    assert not set(values) & set(_values(GameCode))
    for name in codes_module.__all__:
        value = getattr(codes_module, name)
        if name == "RedDogCode":
            continue
        assert isinstance(value, RedDogCode | GameCode), name
        assert value.name == name
    # every Red Dog code is listed under its own name
    assert {code.name for code in RedDogCode} <= set(codes_module.__all__)


def test_every_enum_of_the_package_lists_each_value_once() -> None:
    import casino.games.reddog.phases as phases_module
    import casino.games.reddog.rules as rules_module

    enums = [
        value
        for module in (
            codes_module,
            phases_module,
            rules_module,
            settlement_module,
            table_cards_module,
        )
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, StrEnum) and value is not StrEnum
    ]
    assert len(enums) >= 9
    for enum in enums:
        assert len(_values(enum)) == len(set(_values(enum))), enum


@pytest.mark.parametrize(
    "old", ["CARD_NOT_IN_STOCK", "NOT_PLAYERS_TURN", "SEAT_NOT_IN_HAND", "GAME_NOT_OVER"]
)
def test_the_renamed_codes_are_gone(old: str) -> None:
    assert not hasattr(codes_module, old)
    assert old.lower() not in {c.value for c in (*RedDogCode, *GameCode)}


def test_the_shared_faults_raise_the_shared_codes() -> None:
    state = first_bet_state()
    assert refuse(state, GameCode.OUT_OF_TURN, "place_bet", 2, D(2)).data["to_act"] == 1
    error = refuse(state, GameCode.CARD_DUPLICATE, "expose_card", "Ks")
    assert error.data == {"card": "Ks", "location": "held", "seat": 2}
    assert "held by seat 2" in error.message
    dealing = new_game()
    dealing.start_hand()
    error = refuse(dealing, GameCode.POSITION_NOT_IN_PLAY, "deal_hand", 6, "2c 3c 4c 5c 6c".split())
    assert error.data == {"seat": 6}
    with pytest.raises(GameError) as caught:
        dealing.result()
    assert (caught.value.code, caught.value.data) == ("round_not_complete", {"phase": "dealing"})


# -- expose_card ----------------------------------------------------------------------------------


def test_an_exposed_card_is_out_of_play_for_the_rest_of_the_deck() -> None:
    state = ben_to_turn()
    stock, count, passes = state.stock_remaining, state.event_count, state.deck_pass
    event = state.expose_card("2c", "flashed while burning")
    assert event == CardExposed(parse_card("2c"), "flashed while burning")
    assert event.to_dict() == {
        "kind": "card_exposed",
        "card": "2c",
        "reason": "flashed while burning",
    }
    assert state.events[-1] == event and state.event_count == count + 1
    assert (state.stock_remaining, state.deck_pass, state.phase) == (stock - 1, passes, Phase.TURN)
    assert state.view()["exposed_cards"] == ["2c"]
    assert [(c.card, c.position) for c in state.cards_shown(event)] == [
        (parse_card("2c"), "exposed")
    ]
    groups = {g.name: g.cards for g in state.tablet_view().card_groups}
    assert groups["exposed"] == ("2c",)
    assert "2c" not in state.tablet_view().unseen_cards
    error = refuse(state, codes.CARD_DUPLICATE, "turn_card", "2c")
    assert error.data == {"card": "2c", "location": "exposed"}
    error = refuse(state, codes.CARD_DUPLICATE, "expose_card", "2c")
    assert error.data == {"card": "2c", "location": "exposed"}
    for card, location in [("Tc", "turned"), ("Jc", "burnt"), ("2h", "set_aside")]:
        assert refuse(state, codes.CARD_DUPLICATE, "expose_card", card).data["location"] == location
    refuse(state, codes.CARD_UNKNOWN, "expose_card", "1x")


def test_a_card_exposed_after_the_next_hand_starts_is_out_of_play_in_that_deck() -> None:
    """The HTTP test's scenario: 2h, dealt in the first hand, is fresh in the next hand's deck;
    exposed there, it cannot be dealt in that hand."""
    state = play_pot_23_hand()
    state.start_hand()
    state.expose_card("2h")
    error = refuse(state, codes.CARD_DUPLICATE, "deal_hand", 2, "2h 3s 4s 5s 6s".split())
    assert error.data == {"card": "2h", "location": "exposed"}
    state.deal_hand(2, "7h 3s 4s 5s 6s".split())


@pytest.mark.parametrize("phase", ["seating", "between_hands", "funding", "shoot_choice", "over"])
def test_a_card_is_exposed_only_while_a_hands_deck_is_in_play(phase: str) -> None:
    if phase == "seating":
        state = RedDogState(RedDogRules())
    elif phase == "between_hands":
        state = new_game()
    elif phase == "funding":
        state = new_game(variant="dealers_bank")
        state.start_hand()
    elif phase == "shoot_choice":
        from tests.games.test_reddog_engine import shoot_after_three_deals

        state = shoot_after_three_deals()
    else:
        state = play_pot_23_hand()
        state.end_game()
    error = refuse(state, codes.ACTION_OUT_OF_PHASE, "expose_card", "2c")
    assert error.data["action"] == "expose_card"
    assert Action.EXPOSE_CARD not in state.legal_actions()
    assert "expose_card" not in [a.name for a in state.tablet_view().actions]


def test_expose_card_is_listed_last_in_every_phase_of_a_hand() -> None:
    state = new_game(variant="slippery_sam")
    state.start_hand()
    state.fund_pot(D(20))
    seen_phases = set()
    deal(state, {1: "Ah 2c 3c", 2: "2s 3s 4s", 3: "7d 8d 9d", 4: "7c 8c 9c"})
    seen_phases.add(state.phase)
    assert state.legal_actions()[-1] is Action.EXPOSE_CARD
    state.turn_centre_card("5d")
    seen_phases.add(state.phase)
    assert state.legal_actions() == (Action.PLACE_BET, Action.EXPOSE_CARD)
    standard = first_bet_state()
    assert standard.legal_actions() == (Action.PLACE_BET, Action.EXPOSE_CARD)
    standard.place_bet(1, 2)
    assert standard.legal_actions() == (Action.SHOW_BURN, Action.EXPOSE_CARD)
    standard.show_burn("Qs")
    assert standard.legal_actions() == (Action.TURN_CARD, Action.EXPOSE_CARD)
    assert seen_phases == {Phase.CENTRE, Phase.BETTING}


def test_a_reshuffle_returns_the_exposed_cards_to_the_stock() -> None:
    state = new_game(8, cards_each=5)
    state.start_hand()
    for seat in range(1, 9):
        state.deal_hand(seat, [str(c) for c in sorted(state.stock)[:5]])
    state.place_bet(1, 2)
    while state.stock_remaining:
        state.expose_card(str(min(state.stock)), "a dropped stack")
    assert state.legal_actions() == (Action.RESHUFFLE,)
    exposed = state.view()["exposed_cards"]
    assert len(exposed) == 12
    passes = state.deck_pass
    state.reshuffle()
    assert state.deck_pass == passes + 1
    assert state.view()["exposed_cards"] == []
    assert {str(c) for c in state.stock} == set(exposed)
    state.show_burn(exposed[0])


def test_an_exposure_may_not_leave_the_stock_short_of_the_deal() -> None:
    state = new_game(8, cards_each=5)
    state.start_hand()
    for _ in range(12):
        state.expose_card(str(min(state.stock)))
    assert state.stock_remaining == 40
    assert Action.EXPOSE_CARD not in state.legal_actions()
    error = refuse(state, codes.STOCK_NEEDED_FOR_DEAL, "expose_card", str(min(state.stock)))
    assert (error.data["stock_remaining"], error.data["needed"]) == (40, 40)
    state.deal_hand(1, [str(c) for c in sorted(state.stock)[:5]])
    refuse(state, codes.STOCK_NEEDED_FOR_DEAL, "expose_card", str(min(state.stock)))


def test_an_exposed_card_replays_and_restores() -> None:
    state = ben_to_turn()
    state.expose_card("2c", "flashed")
    state.turn_card("Js")
    again = replay(state.rules, [event_from_dict(e.to_dict()) for e in state.events])
    assert again.snapshot() == state.snapshot()
    restored = RedDogState.restore(state.rules, state.snapshot())
    assert restored.view()["exposed_cards"] == ["2c"]
    restored.place_bet(3, D(2))
    assert refuse(restored, codes.CARD_DUPLICATE, "show_burn", "2c").data["location"] == "exposed"


@pytest.mark.parametrize(
    ("stored", "field"),
    [
        ({"kind": "card_exposed", "card": "As"}, "reason"),
        ({"kind": "card_exposed", "card": "As", "reason": 3}, "reason"),
        ({"kind": "card_exposed", "card": "Zz", "reason": ""}, "card"),
        ({"kind": "card_exposed", "card": "As", "reason": "", "seat": 1}, "seat"),
    ],
)
def test_a_bad_stored_exposure_is_refused(stored: dict[str, Any], field: str) -> None:
    with pytest.raises(GameError) as caught:
        event_from_dict(stored)
    assert (caught.value.code, caught.value.data["field"]) == ("event_invalid", field)


# -- the protocol's counters ------------------------------------------------------------------


def test_deck_pass_counts_hands_started_and_reshuffles() -> None:
    state = new_game(8, cards_each=5)
    assert state.deck_pass == 1
    state.start_hand()
    assert state.deck_pass == 1
    for seat in range(1, 9):
        state.deal_hand(seat, [str(c) for c in sorted(state.stock)[:5]])
    for seat in range(1, 7):
        stock = sorted(state.stock)
        play_turn(state, seat, 2, turned=str(stock[1]), burn=str(stock[0]))
    state.place_bet(7, 2)
    state.reshuffle()
    assert state.deck_pass == 2
    restored = RedDogState.restore(state.rules, state.snapshot())
    assert restored.deck_pass == 2


def test_numbering_continues_across_a_restore() -> None:
    state = ben_to_turn()
    count, moved = state.event_count, state.movement_count
    restored = GAME.restore(terms_of(state.rules), state.snapshot())
    assert isinstance(restored, RedDogState)
    assert (restored.event_count, restored.events, restored.movements) == (count, (), ())
    perform(restored, "turn_card", card=parse_card("Js"))
    assert restored.event_count == count + 1
    assert [m.seq for m in restored.movements] == [moved + 1]
    assert restored.movements[0].reason == "bet_won"
    assert restored.view()["movement_count"] == moved + 1
    assert restored.outcomes == (restored.last_outcome,)


def test_cards_shown_mirror_the_adapters_cards_of() -> None:
    state = new_game(variant="slippery_sam")
    state.start_hand()
    state.fund_pot(D(20))
    dealt = state.deal_hand(1, "Ah 2c 3c".split())
    assert [(str(c.card), c.position) for c in state.cards_shown(dealt)] == [
        ("Ah", "seat:1"),
        ("2c", "seat:1"),
        ("3c", "seat:1"),
    ]
    deal(state, {2: "2s 3s 4s", 3: "7d 8d 9d", 4: "7c 8c 9c"})
    centre = state.turn_centre_card("5d")
    assert [(str(c.card), c.position) for c in state.cards_shown(centre)] == [("5d", "centre")]
    standard = first_bet_state()
    bet = standard.place_bet(1, 2)
    assert standard.cards_shown(bet) == ()
    burn = standard.show_burn("Qs")
    turned = standard.turn_card("Jc")
    assert [(str(c.card), c.position) for c in standard.cards_shown(burn)] == [("Qs", "burn")]
    assert [(str(c.card), c.position) for c in standard.cards_shown(turned)] == [("Jc", "turned")]
    assert standard.complete is False


# -- refill after the last turn (RULES.md A.3) -----------------------------------------------


def last_turn_empties_the_pot(**settings: Any) -> RedDogState:
    """Three players, ante 2: seats 1 and 2 lose 2 each, the dealer (seat 3) bets the whole pot
    of 10 and wins."""
    state = new_game(3, **settings)
    state.start_hand()
    deal(state, {1: "2h 3h 4h 5h 6h", 2: "2s 3s 4s 5s 6s", 3: "Ac 7d 8d 9d Td"})
    play_turn(state, 1, 2, turned="Kc", burn="Qs")
    play_turn(state, 2, 2, turned="Jc", burn="Js")
    play_turn(state, 3, 10, turned="Qc", burn="Ts")
    return state


def test_by_default_the_last_turn_of_a_hand_refills_a_short_pot_at_once() -> None:
    state = last_turn_empties_the_pot()
    outcome = state.outcomes[-1]
    assert (outcome.won, outcome.pot_after, outcome.refilled) == (True, D(6), True)
    assert [m.reason for m in state.movements[-3:]] == [MovementReason.REFILL_ANTE] * 3
    assert (state.phase, state.pot) == (Phase.BETWEEN_HANDS, D(6))
    assert state.view()["last_outcome"] == {
        "hand_number": 1,
        "seat": 3,
        "bet": "10",
        "card": "Qc",
        "won": True,
        "shown": ["Ac"],
        "commission": "0",
        "pot_after": "6",
        "refilled": True,
    }
    state.start_hand()
    assert state.pot == D(12)  # the next hand's antes follow as usual


def test_refill_only_before_a_bet_leaves_the_next_hands_antes_as_the_refill() -> None:
    state = last_turn_empties_the_pot(refill_timing="before_bet")
    outcome = state.outcomes[-1]
    assert (outcome.pot_after, outcome.refilled) == (D(0), False)
    assert state.movements[-1].reason is MovementReason.BET_WON
    state.start_hand()
    assert state.pot == D(6)


def test_a_pot_shared_at_the_end_of_each_hand_is_not_refilled_after_the_last_turn() -> None:
    state = last_turn_empties_the_pot(end_of_hand="share")
    assert state.outcomes[-1].refilled is False
    assert MovementReason.REFILL_ANTE not in [m.reason for m in state.movements]


def test_a_refill_before_a_bet_is_marked_on_its_turn() -> None:
    state = new_game()
    state.start_hand()
    deal(state, {**BEN_TABLE, 1: "Ah 2c 3c 4c 5c", 5: "7c 8c 9c Tc Jc"})
    play_turn(state, 1, 10, turned="Kh", burn="8s")
    outcome = state.outcomes[-1]
    assert (outcome.pot_after, outcome.refilled) == (D(10), True)
    facts = {f.name: f.value for f in state.tablet_view().facts}
    # No amount in words: the bet is the seat's figure, the pot the table's.
    assert facts["last_turn"] == "Seat 1 won against Kh, showing Ah, and everyone anted again"
    seat_1 = state.tablet_view().positions[0]
    assert {f.name: f.amount for f in seat_1.figures}["bet"] == D(10)


def test_a_short_pot_may_be_bet_whole_when_only_an_empty_pot_is_refilled() -> None:
    state = new_game(refill="empty")
    state.start_hand()
    deal(state, {**BEN_TABLE, 1: "Ah 2c 3c 4c 5c", 5: "7c 8c 9c Tc Jc"})
    play_turn(state, 1, 9, turned="Kh", burn="8s")
    assert (state.pot, state.bet_range(), state.outcomes[-1].refilled) == (
        D(1),
        (D(1), D(1)),
        False,
    )
    bet = next(a for a in state.tablet_view().actions if a.name == "place_bet")
    amount = next(f for f in bet.fields if f.name == "amount")
    assert (amount.min, amount.max, amount.value) == (D(1), D(1), "1")
    refuse(state, codes.BET_ABOVE_POT, "place_bet", 2, D(2))
    state.place_bet(2, D(1))


def test_a_short_pot_may_be_bet_whole_in_a_dealer_funded_variant() -> None:
    state = new_game(variant="shoot", shoot_min_bet=D(4), shoot_pot_min=D(10))
    state.start_hand()
    state.fund_pot(D(10))
    deal(state, {1: "Ah 2c 3c", 2: "2s 3s 4s", 3: "7d 8d 9d", 4: "7c 8c 9c"})
    play_turn(state, 1, 7, turned="Kh", burn="9s")
    assert state.pot == D(3) < state.rules.minimum_bet
    assert state.outcomes[-1].refilled is False  # dealer-funded pots are never refilled
    assert state.bet_range() == (D(3), D(3))
    refuse(state, codes.BET_BELOW_MINIMUM, "place_bet", 2, D(2))
    state.place_bet(2, D(3))


# -- the tablet view ----------------------------------------------------------------------------


def test_the_tablet_view_of_a_bet() -> None:
    state = new_game()
    state.start_hand()
    deal(state, BEN_TABLE)
    play_turn(state, 1, 6, turned="Tc", burn="Qs")
    tablet = state.tablet_view()
    assert (tablet.phase, tablet.turn) == ("betting", Position(PositionKind.SEAT, 2))
    bet = tablet.actions[0]
    assert (bet.name, bet.label, bet.position) == ("place_bet", "Seat 2 bets", tablet.turn)
    seat, amount = bet.fields
    assert (seat.positions, seat.value) == ((2,), 2)
    assert (amount.min, amount.max, amount.value) == (D(2), D(16), None)
    assert {f.name: f.amount for f in bet.figures} == {
        "pot": D(16),
        "minimum_bet": D(2),
        "stack": D(98),
    }
    status = {
        p.position.number: (p.status, p.cards, p.hidden_cards, p.hand) for p in tablet.positions
    }
    assert status == {
        1: ("in hand", ("2h", "3h", "4h", "5h", "6h"), 0, "lost against Tc"),
        2: ("to act", (), 5, None),
        3: ("in hand", (), 5, None),
        4: ("in hand", (), 5, None),
        5: ("dealer", (), 5, None),
    }
    groups = {g.name: g.cards for g in tablet.card_groups}
    assert groups == {"burnt": ("Qs",), "turned": ("Tc",), "exposed": ()}
    facts = {f.name: f.value for f in tablet.facts}
    assert facts == {
        "hand": "1",
        "variant": "Standard",
        "dealer": "Seat 5",
        "stock": "25",
        "cards_each": "5",
        "last_turn": "Seat 1 lost against Tc, showing 2h 3h 4h 5h 6h",
    }
    # The amounts are figures: seat 1's bet, the pot and the chip.
    assert {f.name: f.amount for f in tablet.positions[0].figures}["bet"] == D(6)
    table_figures = {f.name: f.amount for f in tablet.figures}
    assert (table_figures["pot"], table_figures["chip_unit"]) == (D(16), D(1))
    assert len(tablet.unseen_cards) == 25 and "Qs" not in tablet.unseen_cards
    state.place_bet(2, 6)
    waiting = state.tablet_view()
    assert waiting.turn is None and waiting.actions[0].name == "show_burn"
    assert {f.name: f.amount for f in waiting.figures}["bet"] == D(6)
    seat_2 = waiting.positions[1]
    assert (seat_2.status, seat_2.to_act, seat_2.figures[1].amount) == ("in hand", False, D(6))


def test_the_tablet_view_between_hands_and_at_the_end() -> None:
    state = play_pot_23_hand()
    tablet = state.tablet_view()
    assert [a.name for a in tablet.actions] == ["start_hand", "end_game"]
    assert tablet.actions[0].label == "Start hand 2"
    assert {f.name: f.amount for f in tablet.actions[0].figures} == {"ante": D(2)}
    assert {f.name: f.amount for f in tablet.actions[1].figures} == {"pot": D(23)}
    facts = {f.name: f.value for f in tablet.facts}
    assert (facts["next_dealer"], facts["dealer"]) == ("Seat 1", "Seat 5")
    assert [p.status for p in tablet.positions] == ["dealer", *["in hand"] * 4]
    state.end_game()
    final = state.tablet_view()
    assert final.complete and final.actions == () and final.result is not None
    assert final.result.to_dict() == state.result().to_dict()
    assert {p.status for p in final.positions} == {"out"}


def test_the_tablet_view_of_a_dealer_funded_pot_and_a_shoot_choice() -> None:
    from tests.games.test_reddog_engine import SHOOT, shoot_after_three_deals

    state = new_game(**SHOOT)
    state.start_hand()
    tablet = state.tablet_view()
    dealer = Position(PositionKind.SEAT, 5)
    assert tablet.turn == dealer and tablet.actions[0].position == dealer
    (amount,) = tablet.actions[0].fields
    assert (amount.min, amount.max) == (D(10), D(50))
    assert tablet.positions[4].status == "to act" and tablet.positions[4].to_act
    choice = shoot_after_three_deals().tablet_view()
    assert (choice.turn, choice.actions[0].name) == (dealer, "decide_shoot")
    assert {f.name: f.value for f in choice.facts}["deals_by_dealer"] == "3"


def test_the_tablet_view_while_dealing_names_the_seats_awaited() -> None:
    state = new_game(7)
    state.start_hand()
    # The card picker is titled by the seat it is opened for, whichever seat that is.
    seat = state.tablet_view().actions[0].fields[0]
    assert seat.labels == tuple(f"Seat {n}: 4 cards" for n in seat.positions or ())
    pool = sorted(state.stock)
    for number in range(1, 7):
        state.deal_hand(number, [str(c) for c in pool[4 * number - 4 : 4 * number]])
    action = state.tablet_view().actions[0]
    assert action.label == "Seat 7: 4 cards"
    seat, cards = action.fields
    assert (seat.positions, seat.value, cards.min_count, cards.max_count) == ((7,), 7, 4, 4)
    assert seat.labels == ("Seat 7: 4 cards",)


def test_slippery_sam_shows_the_centre_card_and_no_burnt_cards() -> None:
    from tests.games.test_reddog_engine import sam_with_seat_1_holding

    state = sam_with_seat_1_holding("6d 2c 3c")
    groups = {g.name: g.cards for g in state.tablet_view().card_groups}
    assert groups == {"centre": ("5d",), "turned": ("5d",), "exposed": ()}


# -- result() ------------------------------------------------------------------------------------


def test_the_result_is_the_adapters_settlement_from_the_running_totals() -> None:
    state = play_pot_23_hand(commission="win_percent", win_percent=D(50))
    state.start_hand()
    deal(state, {**POT_23_HANDS, 2: "Ad Kd Qd Jd Td", 3: "2s 3s 4s 5s 6s"})
    for seat, bet, turned, burn in [(2, 10, "9d", "7s"), (3, 2, "8c", "8s")]:
        play_turn(state, seat, bet, turned, burn)
    restored = RedDogState.restore(state.rules, state.snapshot())
    for seat, bet, turned, burn in [(4, 2, "9c", "9s"), (5, 2, "3c", "Ts"), (1, 4, "2c", "Js")]:
        play_turn(state, seat, bet, turned, burn)
        play_turn(restored, seat, bet, turned, burn)
    state.end_game()
    restored.end_game()
    result = restored.result()
    stakes, lines, house = adapter_settlement(state.movements)
    assert [s.to_dict() for s in result.stakes] == stakes
    assert [settled_fields(line.to_dict()) for line in result.lines] == lines
    assert (result.rake, result.pot_game, result.house_result) == (house, True, house)
    assert result.to_dict() == state.result().to_dict()
    assert result.detail == state.result().detail
    reasons = {s["kind"] for s in stakes}  # type: ignore[index]
    assert reasons == {"pot"}
    assert {line.line for line in result.lines} >= {"bet_won", "pot_share"}


def test_the_result_detail_holds_the_totals() -> None:
    state = play_pot_23_hand()
    state.end_game()
    detail = state.result().detail
    assert detail["movement_count"] == state.movement_count == len(state.movements)
    assert (detail["turns_played"], detail["hands_played"]) == (5, 1)
    assert (detail["house_float"], detail["pot"]) == ("3", "0")
    seats = detail["seats"]
    assert isinstance(seats, dict)
    assert seats["1"] == {
        "brought": "100",
        "stack": "96",
        "paid_in": {"ante": "2", "bet_lost": "6"},
        "paid_out": {"pot_share": "4"},
    }
    assert seats["4"] == {
        "brought": "100",
        "stack": "104",
        "paid_in": {"ante": "2"},
        "paid_out": {"bet_won": "2", "pot_share": "4"},
    }


def test_only_a_finished_game_has_a_result() -> None:
    state = play_pot_23_hand()
    with pytest.raises(GameError) as caught:
        state.result()
    assert (caught.value.code, caught.value.data) == (
        "round_not_complete",
        {"phase": "between_hands"},
    )
    assert state.tablet_view().result is None


# -- snapshots -------------------------------------------------------------------------------------


def long_game(hands: int) -> list[RedDogState]:
    """A standard game of ``hands`` hands, every player betting the minimum; the state at the
    first bet of each hand, as snapshots restored."""
    state = new_game(stack=D(100000))
    at_first_bet = []
    for _ in range(hands):
        state.start_hand()
        pool = sorted(state.stock)
        for seat in state.awaiting_hands:
            state.deal_hand(seat, [str(c) for c in pool[:5]])
            pool = pool[5:]
        at_first_bet.append(RedDogState.restore(state.rules, state.snapshot()))
        while state.phase is Phase.BETTING:
            seat = state.to_act
            assert seat is not None
            stock = sorted(state.stock)
            play_turn(state, seat, 2, turned=str(stock[-1]), burn=str(stock[0]))
    return at_first_bet


def test_the_snapshot_does_not_grow_with_the_game() -> None:
    states = long_game(80)
    sizes = [len(json.dumps(s.snapshot())) for s in states]
    assert max(sizes[1:]) - min(sizes[1:]) < 40  # a few more digits in the counters
    first, last = states[1], states[-1]
    assert last.event_count > 30 * first.event_count
    assert (last.events, last.movements) == ((), ())


def snapshot_of_a_bet() -> dict[str, Any]:
    snap = ben_to_turn().snapshot()
    return json.loads(json.dumps(snap))  # type: ignore[no-any-return]


def _set(path: str, value: object) -> dict[str, Any]:
    snap = snapshot_of_a_bet()
    *parents, last = path.split(".")
    target = snap
    for key in parents:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return snap


@pytest.mark.parametrize(
    ("snapshot", "field"),
    [
        ([], "snapshot"),
        (_set("game", "ruby_run"), "game"),
        (_set("version", 2), "version"),
        (_set("phase", "lunch"), "phase"),
        (_set("phase", KeyError), "phase"),
        (_set("event_count", -1), "event_count"),
        (_set("event_count", "3"), "event_count"),
        (_set("seats", [1, 1, 2]), "seats"),
        (_set("seats", [1, 2, 9]), "seats"),
        (_set("bettors", [1, 2, 7]), "bettors"),
        (_set("bet", 6.0), "bet"),
        (_set("bet", None), "bet"),
        (_set("turn_index", 9), "turn_index"),
        (_set("centre", "Zz"), "centre"),
        (_set("ledger.next_seq", 0), "ledger.next_seq"),
        (_set("ledger.balances.pot", "17"), "ledger.balances"),
        (_set("ledger.balances.pot", "-1"), "ledger.balances"),
        (_set("ledger.balances.player:x", "1"), "ledger.balances"),
        (_set("ledger.paid_in.1", {"tip": "1"}), "ledger.paid_in"),
        (_set("cards.placed.burnt", ["Jc", "Ks"]), "cards"),
        (_set("cards.held.9x", ["2c"]), "cards.held"),
        (_set("hand_outcomes", [{"seat": 1}]), "hand_outcomes[0].hand_number"),
        (_set("cards.held.2", None), "cards.held.2"),
        (_set("cards_each", 6), "cards_each"),
        (_set("turn_index", 0), "cards.held"),
        (_set("cards.held.7", ["2c"]), "cards.held"),
    ],
)
def test_a_malformed_snapshot_is_refused(snapshot: Any, field: str) -> None:
    with pytest.raises(GameError) as caught:
        GAME.restore(terms_of(RedDogRules()), snapshot)
    assert caught.value.code == "snapshot_invalid"
    assert caught.value.data["field"] == field


def test_a_snapshot_round_trips_in_every_phase() -> None:
    for state in [
        RedDogState(RedDogRules()),
        new_game(),
        first_bet_state(),
        ben_to_turn(),
        play_pot_23_hand(),
    ]:
        snap = json.loads(json.dumps(state.snapshot()))
        restored = GAME.restore(terms_of(state.rules), snap)
        assert restored.snapshot() == state.snapshot()
        assert restored.view() == state.view()
        assert restored.tablet_view() == state.tablet_view()


def test_replay_and_restore_agree_on_the_pot_23_game() -> None:
    state = play_pot_23_hand()
    events = list(state.events)
    cut = 9
    restored = RedDogState.restore(state.rules, replay(state.rules, events[:cut]).snapshot())
    for event in events[cut:]:
        restored.apply(event)
    assert restored.snapshot() == state.snapshot()
    assert restored.view() == state.view()
    assert restored.outcomes == state.outcomes  # the first turn is settled after the cut
    assert restored.event_count == state.event_count == len(events)
