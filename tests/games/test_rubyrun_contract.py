"""Ruby Run through the engines' one contract (``casino.games.contract``).

The codes as one enum; ``expose_card`` as an engine action; :data:`casino.games.rubyrun.GAME`
(its actions mirror the table service's input serializers, its rule sets and options, its
cached terms); the tablet view in the shape every game shares; the settlement as data, exactly
as the adapter's ``settle`` built it but with every hand named in full; and the core property:
over 500 random hands, the state restored from the previous step's snapshot and given the same
action agrees at every step with the state that has applied every event, on the snapshot, both
views, the events, the chip movements and the result.
"""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal as D
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import casino.games.rubyrun as rubyrun_package
import casino.games.rubyrun.codes as codes_module
import casino.games.rubyrun.fields as fields_module
import casino.games.rubyrun.game as game_module
import casino.games.rubyrun.phases as phases_module
from casino.games.cards import CARDS, Card, parse_card, parse_cards
from casino.games.codes import GameCode
from casino.games.contract import (
    DECK_SIZE,
    ActionInput,
    FieldBounds,
    FieldKind,
    LegalAction,
    Position,
    PositionKind,
    RoundTerms,
    TabletView,
)
from casino.games.errors import GameError
from casino.games.rubyrun import (
    ACTION_FIELDS,
    BETTING_ACTIONS,
    EVENT_KINDS,
    GAME,
    PHASE_ACTIONS,
    Action,
    Betting,
    CardExposed,
    HandOptions,
    HoleCardsDealt,
    OverCardsDealt,
    Phase,
    Rake,
    RubyRunCode,
    RubyRunRules,
    RubyRunState,
    SlamDealt,
    UnderCards,
    UnderCardsDealt,
    UnderCardsRevealed,
    codes,
    event_from_dict,
    replay,
)
from casino.games.rubyrun_hands import UNDER_CARDS_REQUIRED
from tests.games.payout_figures import check_payout_figures
from tests.games.refusals import refuse
from tests.games.test_rubyrun_engine import a_full_hand, ante_table, check_around, seated
from tests.games.test_rubyrun_properties import options_strategy, rule_sets


def terms_of(rules: RubyRunRules, options: HandOptions | None = None) -> RoundTerms:
    """A round's terms as the table service stores them: JSON, no paytable, no limits."""
    return RoundTerms(
        rules=json.loads(json.dumps(rules.to_dict())),
        paytables={},
        limits={},
        options=json.loads(json.dumps((options or HandOptions()).to_dict())),
    )


def refuse_float(text: str) -> Any:
    raise AssertionError(f"a float crossed the seam: {text}")


def json_round_trip(data: Any) -> Any:
    """``data`` through JSON text and back; a float anywhere in it fails the test (amounts are
    decimal strings), and so does anything JSON cannot hold (a Decimal, a Card, a tuple)."""
    text = json.dumps(data)
    again = json.loads(text, parse_float=refuse_float)
    assert again == data
    return again


def assert_no_float(value: Any) -> None:
    """JSON crossing the seam never holds a float (amounts are decimal strings)."""
    json_round_trip(value)


@pytest.mark.parametrize("module", [codes_module, game_module, fields_module, phases_module])
def test_doctests(module: Any) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


# -- codes -----------------------------------------------------------------------------------------


def test_ruby_runs_own_codes_are_one_enum_apart_from_the_shared_ones() -> None:
    own = {member.value for member in RubyRunCode}
    assert len(own) == len(RubyRunCode)
    assert not own & {member.value for member in GameCode}
    assert RubyRunCode.UNDER_CARDS_REQUIRED.value == "under_cards_required"
    assert UNDER_CARDS_REQUIRED is RubyRunCode.UNDER_CARDS_REQUIRED


def test_the_codes_module_lists_every_code_once_each_an_enum_member() -> None:
    listed = [getattr(codes, name) for name in codes.__all__]
    assert all(isinstance(code, RubyRunCode | GameCode) for code in listed)
    assert len(set(listed)) == len(listed)
    assert set(RubyRunCode) <= set(listed)


@pytest.mark.parametrize(
    ("name", "shared"),
    [
        ("ROUND_NOT_COMPLETE", GameCode.ROUND_NOT_COMPLETE),
        ("OUT_OF_TURN", GameCode.OUT_OF_TURN),
        ("WRONG_CARD_COUNT", GameCode.WRONG_CARD_COUNT),
        ("POSITION_NOT_IN_PLAY", GameCode.POSITION_NOT_IN_PLAY),
        ("INSUFFICIENT_STACK", GameCode.INSUFFICIENT_STACK),
        ("BET_BELOW_MINIMUM", GameCode.BET_BELOW_MINIMUM),
        ("OPTIONS_INVALID", GameCode.OPTIONS_INVALID),
    ],
)
def test_a_fault_every_game_shares_has_the_shared_code(name: str, shared: GameCode) -> None:
    assert getattr(codes, name) is shared


@pytest.mark.parametrize(
    "old", ["HAND_NOT_COMPLETE", "NOT_SEATS_TURN", "CARD_COUNT_INVALID", "SEAT_UNKNOWN"]
)
def test_the_renamed_codes_are_gone(old: str) -> None:
    assert not hasattr(codes, old)
    assert old.lower() not in {member.value for member in RubyRunCode}


def _ruby_run_modules() -> Iterator[Any]:
    yield importlib.import_module("casino.games.rubyrun_hands")
    for info in pkgutil.walk_packages(rubyrun_package.__path__, "casino.games.rubyrun."):
        yield importlib.import_module(info.name)


def test_no_code_value_is_written_out_twice_in_ruby_runs_modules() -> None:
    """Every constant whose text is a code is the enum member itself, never a second literal."""
    values = {member.value: member for member in [*RubyRunCode, *GameCode]}
    for module in _ruby_run_modules():
        for name, value in vars(module).items():
            if isinstance(value, str) and value in values and name.isupper():
                assert value is values[value], f"{module.__name__}.{name}"


@pytest.mark.parametrize(
    "first", ["casino.games.rubyrun_hands", "casino.games.rubyrun.codes", "casino.games.rubyrun"]
)
def test_the_modules_import_in_any_order(first: str) -> None:
    """``rubyrun_hands`` takes its code from the package that imports it back."""
    code = (
        f"import {first}\n"
        "from casino.games.rubyrun_hands import UNDER_CARDS_REQUIRED\n"
        "from casino.games.rubyrun import GAME, RubyRunCode\n"
        "assert UNDER_CARDS_REQUIRED is RubyRunCode.UNDER_CARDS_REQUIRED, UNDER_CARDS_REQUIRED\n"
        "print(GAME.name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ruby_run"


def test_renamed_codes_are_raised_with_their_data() -> None:
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d", 3: "8s 9s Ts"}, rules=RubyRunRules())
    err = refuse(state, "out_of_turn", "fold", 1)
    assert err.data == {"seat": 1, "to_act": 3}
    err = refuse(state, "position_not_in_play", "fold", 9)
    assert err.data == {"seat": 9}
    with pytest.raises(GameError) as unfinished:
        state.result()
    assert (unfinished.value.code, unfinished.value.data) == (
        "round_not_complete",
        {"phase": "betting"},
    )
    check_around(state)
    err = refuse(state, "wrong_card_count", "deal_over_cards", "Jh Qh")
    assert err.data == {"expected": 3, "given": 2}


# -- expose_card -----------------------------------------------------------------------------------


def test_an_exposed_card_is_an_event_stored_as_rounds_store_it() -> None:
    event = CardExposed(card=parse_card("As"))
    assert event.to_dict() == {"kind": "card_exposed", "card": "As", "reason": ""}
    flashed = CardExposed(card=parse_card("10h"), reason="flashed on the deal")
    assert event_from_dict(json_round_trip(flashed.to_dict())) == flashed
    assert GAME.read_event(flashed.to_dict()) == flashed
    assert "card_exposed" in EVENT_KINDS


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"kind": "card_exposed", "card": "As", "reason": 3}, "reason"),
        ({"kind": "card_exposed", "card": "As"}, "reason"),
        ({"kind": "card_exposed", "card": "1x", "reason": ""}, "card"),
        ({"kind": "card_exposed", "card": "As", "reason": "", "seat": 1}, "seat"),
    ],
)
def test_an_unreadable_exposed_card_is_refused(record: dict[str, Any], field: str) -> None:
    with pytest.raises(GameError) as err:
        event_from_dict(record)
    assert (err.value.code, err.value.data["field"]) == ("event_invalid", field)


def walk_every_phase(rules: RubyRunRules, options: HandOptions) -> Iterator[RubyRunState]:
    """A hand stopped in each phase in turn (the state is the same object throughout)."""
    state = RubyRunState(rules, options)
    yield state
    state.seat_players({1: D(100), 2: D(100), 3: D(100)}, button=3)
    yield state
    state.post_forced_bets()
    yield state
    state.deal_hole_cards(1, "2c 3c 4c")
    yield state
    state.deal_hole_cards(2, "5d 6d 7d")
    state.deal_hole_cards(3, "8s 9s Ts")
    yield state  # betting
    check_around(state)
    yield state  # over cards
    state.deal_over_cards("9h Th Ks")
    yield state  # under cards
    face_down = rules.under_cards is UnderCards.FACE_DOWN
    state.deal_under_cards(None if face_down else "Jd Qd Ac")
    yield state  # slam
    state.deal_slam("Qs")
    if state.phase is Phase.REVEAL:
        yield state
        state.reveal_under_cards("Jd Qd Ac")
    yield state  # complete


def test_expose_card_is_accepted_in_every_phase_but_complete() -> None:
    rules = ante_table(under_cards=UnderCards.FACE_DOWN)
    spare = iter(parse_cards("2h 3h 4h 5h 6h 7h 8h 2s 3s 4s"))
    phases = []
    for state in walk_every_phase(rules, HandOptions()):
        phases.append(state.phase)
        if state.complete:
            err = refuse(state, "action_out_of_phase", "expose_card", "Ah")
            assert err.data == {"action": "expose_card", "phase": "complete"}
            continue
        card = next(spare)
        count, phase, unseen = state.event_count, state.phase, state.tablet_view().unseen_cards
        assert str(card) in unseen
        event = state.expose_card(card, reason="flashed")
        assert event == CardExposed(card=card, reason="flashed")
        assert (state.event_count, state.phase) == (count + 1, phase)
        assert state.events[-1] == event
        assert str(card) not in state.tablet_view().unseen_cards
        assert [(c.card, c.position) for c in state.cards_shown(event)] == [(card, "exposed")]
        refuse(state, "card_duplicate", "expose_card", card)
        refuse(state, "card_unknown", "expose_card", "1x")
    assert set(phases) == set(Phase)
    assert all(Action.EXPOSE_CARD in PHASE_ACTIONS[p] for p in Phase if p is not Phase.COMPLETE)


def test_a_card_already_dealt_cannot_be_exposed_nor_an_exposed_card_dealt() -> None:
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d"}, rules=RubyRunRules())
    err = refuse(state, "card_duplicate", "expose_card", "3c")
    assert err.data == {"card": "3c"}
    state.expose_card("Kh")
    check_around(state)
    refuse(state, "card_duplicate", "deal_over_cards", "Jh Qh Kh")
    state.deal_over_cards("Jh Qh Ah")
    assert state.view()["board"]["exposed"] == ["Kh"]
    assert [group.name for group in state.tablet_view().card_groups][-1] == "exposed"


def test_exposed_cards_replay_and_restore() -> None:
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d"}, rules=RubyRunRules())
    state.expose_card("Kh", "misdeal")
    state.call(2)
    state.expose_card("Ks")
    stored = json_round_trip([event.to_dict() for event in state.events])
    again = replay(state.rules, state.options, stored)
    assert again.view() == state.view()
    assert again.exposed_cards == parse_cards("Kh Ks")
    restored = GAME.restore(terms_of(state.rules, state.options), state.snapshot())
    assert restored.exposed_cards == parse_cards("Kh Ks")
    refuse(restored, "card_duplicate", "expose_card", "Ks")
    (event,) = GAME.actions["expose_card"].perform(restored, {"card": parse_card("Qs")})
    assert event.to_dict() == {"kind": "card_exposed", "card": "Qs", "reason": ""}


# -- the game definition ---------------------------------------------------------------------------

#: The adapter's input serializers (tables/games/rubyrun.py and tables/api/actions.py), field by
#: field: name, kind, required, nullable, default, card counts, seat bounds, text length.
SEAT = ("seat", FieldKind.POSITION, True, False, None, None, None, 1, 15, None)
THREE_CARDS = ("cards", FieldKind.CARDS, True, False, None, 3, 3, None, None, None)
AMOUNT = ("amount", FieldKind.AMOUNT, True, False, None, None, None, None, None, None)
SERIALIZERS = {
    "seat_players": [
        ("stacks", FieldKind.STACKS, True, False, None, None, None, None, None, None),
        ("button", FieldKind.POSITION, True, False, None, None, None, 1, 15, None),
    ],
    "post_forced_bets": [],
    "deal_hole_cards": [SEAT, THREE_CARDS],
    "fold": [SEAT],
    "check": [SEAT],
    "call": [SEAT],
    "bet": [SEAT, AMOUNT],
    "raise_to": [SEAT, AMOUNT],
    "all_in": [SEAT],
    "deal_over_cards": [THREE_CARDS],
    "deal_under_cards": [("cards", FieldKind.CARDS, False, True, None, 3, 3, None, None, None)],
    "deal_slam": [("card", FieldKind.CARD, True, False, None, None, None, None, None, None)],
    "reveal_under_cards": [THREE_CARDS],
    "expose_card": [
        ("card", FieldKind.CARD, True, False, None, None, None, None, None, None),
        ("reason", FieldKind.TEXT, False, False, "", None, None, None, None, 500),
    ],
}


def test_the_games_actions_mirror_the_adapters_input_serializers() -> None:
    assert list(GAME.actions) == [action.value for action in Action] == list(SERIALIZERS)
    assert "note" not in GAME.actions
    for name, spec in GAME.actions.items():
        assert spec.name == name
        described = [
            (
                f.name,
                f.kind,
                f.required,
                f.nullable,
                f.default,
                f.min_count,
                f.max_count,
                f.min_value,
                f.max_value,
                f.max_length,
            )
            for f in spec.fields
        ]
        assert described == SERIALIZERS[name], name
        assert spec.help.endswith(".") and spec.help[0].isupper()
        assert all(f.help.endswith(".") and f.help[0].isupper() for f in spec.fields)
    assert (GAME.name, GAME.position_kind) == ("ruby_run", PositionKind.SEAT)
    assert rubyrun_package.GAME is GAME


class NotRubyRun:
    """Another game's state, as far as these actions can tell."""

    phase = Phase.SEATING


@pytest.mark.parametrize("name", list(SERIALIZERS))
def test_another_games_state_is_a_type_error(name: str) -> None:
    spec = GAME.actions[name]
    other: Any = NotRubyRun()
    with pytest.raises(TypeError):
        spec.verify(other, {})
    with pytest.raises(TypeError):
        spec.perform(other, {})


def test_input_of_the_wrong_type_is_refused_naming_the_field() -> None:
    """A card may come as a Card, its index or its text; anything else of the wrong type is
    ``input_invalid`` naming the field, and nothing changes."""
    state = GAME.new_state(terms_of(RubyRunRules()))
    before = state.snapshot()
    for name, data, field in [
        ("seat_players", {"stacks": {"1": D(10)}, "button": 1}, "stacks"),
        ("seat_players", {"stacks": {1: 10, 2: 10}, "button": 1}, "stacks"),
        ("fold", {"seat": "1"}, "seat"),
        ("bet", {"seat": 1, "amount": 4}, "amount"),
        ("expose_card", {"card": parse_card("As"), "reason": None}, "reason"),
        ("expose_card", {"card": 1.5}, "card"),
    ]:
        with pytest.raises(GameError) as refused:
            GAME.actions[name].verify(state, data)
        assert (refused.value.code, refused.value.data["field"]) == ("input_invalid", field)
    assert state.snapshot() == before


def test_verify_refuses_as_the_state_does_and_changes_nothing() -> None:
    state = GAME.new_state(terms_of(RubyRunRules()))
    before = state.snapshot()
    with pytest.raises(GameError) as err:
        GAME.actions["seat_players"].verify(state, {"stacks": {1: D(10)}, "button": 1})
    assert err.value.code == "player_count_invalid"
    with pytest.raises(GameError) as out_of_phase:
        GAME.actions["fold"].perform(state, {"seat": 1})
    assert out_of_phase.value.code == "action_out_of_phase"
    assert state.snapshot() == before and state.events == ()


def test_validate_rules_completes_the_defaults_and_refuses_by_field() -> None:
    completed = GAME.validate_rules({"betting": "no_limit", "big_blind": "4", "small_blind": 2})
    assert (
        completed
        == RubyRunRules(betting=Betting.NO_LIMIT, big_blind=D(4), small_blind=D(2)).to_dict()
    )
    assert completed["max_players"] == 8 and completed["big_blind"] == "4"
    assert_no_float(completed)
    for settings_, field in (
        ({"betting": "spread"}, "betting"),
        ({"ante": 1.5}, "ante"),
        ({"zzz": 1}, "zzz"),
    ):
        with pytest.raises(GameError) as err:
            GAME.validate_rules(settings_)
        assert (err.value.code, err.value.data["field"]) == ("ruleset_invalid", field)
    not_an_object: Any = ["betting"]
    with pytest.raises(GameError) as refused:
        GAME.validate_rules(not_an_object)
    assert (refused.value.code, refused.value.data["field"]) == ("ruleset_invalid", "settings")


def test_normalise_options_as_the_adapter_does() -> None:
    assert GAME.normalise_options({}) == {
        "ace_low_runs": None,
        "betting_after_over_cards": None,
        "betting_after_slam": None,
    }
    assert GAME.normalise_options({"ace_low_runs": True})["ace_low_runs"] is True
    for options, field in (
        ({"ace_low_runs": "yes"}, "ace_low_runs"),
        ({"betting_after_turn": True}, "betting_after_turn"),
    ):
        with pytest.raises(GameError) as err:
            GAME.normalise_options(options)
        assert (err.value.code, err.value.data["field"]) == ("options_invalid", field)


def test_new_state_reads_the_terms_once_per_process() -> None:
    terms = RoundTerms(
        rules={"betting": "pot_limit", "ante": "1"},
        paytables={},
        limits={},
        options={"ace_low_runs": True},
    )
    same = RoundTerms(
        rules={"ante": "1", "betting": "pot_limit"},
        paytables={},
        limits={},
        options={"ace_low_runs": True},
    )
    state = GAME.new_state(terms)
    assert (state.rules.betting, state.rules.ante, state.options.ace_low_runs) == (
        Betting.POT_LIMIT,
        D(1),
        True,
    )
    assert state.options.betting_after_slam is False  # the table's default, resolved
    assert GAME.new_state(same).rules is state.rules  # parsed once, whatever the key order
    assert GAME.new_state(same).options is not None
    assert state.phase is Phase.SEATING and state.event_count == 0 and not state.complete
    with pytest.raises(GameError) as bad_rules:
        GAME.new_state(RoundTerms(rules={"ante": "x"}, paytables={}, limits={}, options={}))
    assert bad_rules.value.code == "ruleset_invalid"
    with pytest.raises(GameError) as bad_options:
        GAME.new_state(RoundTerms(rules={}, paytables={}, limits={}, options={"x": 1}))
    assert bad_options.value.code == "options_invalid"


def test_read_event_is_the_engines_reader() -> None:
    assert GAME.read_event({"kind": "folded", "seat": 3}) == event_from_dict(
        {"kind": "folded", "seat": 3}
    )
    with pytest.raises(GameError) as err:
        GAME.read_event({"kind": "note", "text": "hello"})
    assert err.value.code == "event_kind_unknown"


def test_cards_shown_mirrors_the_adapters_cards_of() -> None:
    state = RubyRunState(RubyRunRules())
    shown = {
        HoleCardsDealt(seat=4, cards=parse_cards("2c 3c 4c")): [
            ("2c", "seat:4"),
            ("3c", "seat:4"),
            ("4c", "seat:4"),
        ],
        OverCardsDealt(cards=parse_cards("Ah Kh Qh")): [
            ("Ah", "over"),
            ("Kh", "over"),
            ("Qh", "over"),
        ],
        UnderCardsDealt(cards=None): [],
        UnderCardsDealt(cards=parse_cards("2d 3d 4d")): [
            ("2d", "under"),
            ("3d", "under"),
            ("4d", "under"),
        ],
        UnderCardsRevealed(cards=parse_cards("5d 6d 7d")): [
            ("5d", "under"),
            ("6d", "under"),
            ("7d", "under"),
        ],
        SlamDealt(card=parse_card("9c")): [("9c", "slam")],
        CardExposed(card=parse_card("Js")): [("Js", "exposed")],
    }
    for event, expected in shown.items():
        assert [(str(c.card), c.position) for c in state.cards_shown(event)] == expected
    assert state.cards_shown(event_from_dict({"kind": "folded", "seat": 1})) == ()


# -- the settlement --------------------------------------------------------------------------------


def adapter_settlement(state: RubyRunState) -> tuple[list[Any], list[Any]]:
    """What ``RubyRunAdapter.settle`` wrote, from the engine's own settlement, with the hand in
    full where the adapter cut it at 40 characters."""
    result = state.hand_result
    assert result is not None
    stakes = [
        (seat, "pot", amount) for seat, amount in sorted(result.contributions.items()) if amount
    ]
    lines = [
        (seat, "pot", "award", D(0), share, share, "", award.hands.get(seat, ""), award.pot)
        for award in result.awards
        for seat, share in sorted(award.shares.items())
        if share
    ]
    lines += [
        (seat, "uncalled", "push", amount, amount, amount, "", "", None)
        for seat, amount in sorted(result.returned_uncalled.items())
        if amount
    ]
    return stakes, lines


def assert_result_is_the_adapters(state: RubyRunState) -> None:
    result = state.result()
    hand = state.hand_result
    assert hand is not None
    stakes, lines = adapter_settlement(state)
    assert [(s.position.number, s.kind, s.amount) for s in result.stakes] == stakes
    assert all(s.position.kind is PositionKind.SEAT for s in result.stakes)
    assert [
        (
            line.position.number,
            line.line,
            line.outcome,
            line.stake,
            line.computed,
            line.paid,
            line.reason,
            line.combination,
            line.pot,
        )
        for line in result.lines
    ] == lines
    assert (result.pot_game, result.rake, result.house_result) == (True, hand.rake, hand.rake)
    assert not result.cap_applied and result.withheld == 0
    assert result.detail == hand.to_dict()
    assert_no_float(result.to_dict())
    assert_no_float(result.detail)


def test_the_result_is_the_adapters_settlement_with_the_rake() -> None:
    state = a_full_hand()
    assert_result_is_the_adapters(state)
    result = state.result()
    assert [(p.position.number, p.staked, p.returned, p.net) for p in result.positions] == [
        (1, D(35), D(117), D(82)),
        (3, D(35), D(0), D(-35)),
        (5, D(25), D(0), D(-25)),
        (6, D(25), D(0), D(-25)),
    ]
    assert result.lines[0].combination == "suited red run of 3; high card: K J T 9 7"
    grades = result.detail["awards"][0]["grades"]
    assert grades["6"] == {
        "has_run": False,
        "suited": False,
        "run_length": 0,
        "colour": None,
        "category": "two_pair",
        "ranks": ["A", "A", "9", "9", "K"],
        "text": "no run; two pair: A A 9 9 K",
    }
    assert set(grades) == {"1", "3", "6"}
    assert result.detail["awards"][0]["hands"]["6"] == "no run; two pair: A A 9 9 K"


def test_the_combination_is_never_cut() -> None:
    """RR22: a suited run of five is a straight flush; its text is longer than 40 characters,
    where the adapter used to cut it."""
    state = seated({1: "9c 4h 2h", 2: "10s 10d 3h"})
    check_around(state)
    state.deal_over_cards("5c 6c 7c")
    state.deal_under_cards("Jd Qh 2s")
    state.deal_slam("8c")
    line = state.result().lines[0]
    assert line.combination == "suited black run of 5; straight flush: 9 8 7 6 5"
    assert len(line.combination) > 40
    grade = state.result().detail["awards"][0]["grades"]["1"]
    assert (grade["suited"], grade["run_length"], grade["colour"], grade["category"]) == (
        True,
        5,
        "black",
        "straight_flush",
    )


def test_an_uncalled_bet_is_a_push_line_and_a_fold_out_names_no_hand() -> None:
    state = seated(
        {1: "2c 3c 4c", 2: "5d 6d 7d", 3: "8s 9s Ts"}, rules=RubyRunRules(), stack=D(100)
    )
    state.raise_to(3, 4)
    state.fold(1)
    state.fold(2)
    assert_result_is_the_adapters(state)
    result = state.result()
    assert [(line.line, line.outcome, line.paid, line.combination) for line in result.lines] == [
        ("pot", "award", D(5), ""),
        ("uncalled", "push", D(2), ""),
    ]
    view = state.tablet_view()
    assert all(position.cards == () and position.hand is None for position in view.positions)
    assert view.result == result


# -- snapshots -------------------------------------------------------------------------------------


def test_a_snapshot_is_json_of_running_totals_never_the_events() -> None:
    state = a_full_hand()
    snapshot = state.snapshot()
    assert json_round_trip(snapshot) == snapshot
    assert_no_float(snapshot)
    assert "events" not in snapshot
    assert snapshot["event_count"] == state.event_count == len(state.events) == 18
    restored = GAME.restore(terms_of(state.rules, state.options), json_round_trip(snapshot))
    assert restored.events == () and restored.event_count == 18
    assert restored.snapshot() == snapshot
    assert restored.view() == state.view()
    assert restored.tablet_view() == state.tablet_view()
    assert restored.result() == state.result()
    assert restored.hand_result == state.hand_result


def test_a_restored_state_shares_nothing_with_its_snapshot_or_its_views() -> None:
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d"}, rules=RubyRunRules())
    snapshot = json_round_trip(state.snapshot())
    restored = GAME.restore(terms_of(state.rules, state.options), snapshot)
    expected = restored.snapshot()
    snapshot["history"][0]["amount"] = "999"
    snapshot["seats"][0]["hole"].append("As")
    restored.view()["history"][0]["seat"] = 9
    restored.snapshot()["seats"][1]["stack"] = "0"
    assert restored.snapshot() == expected == state.snapshot()


def test_numbering_goes_on_across_a_restore() -> None:
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d"}, rules=RubyRunRules())
    restored = GAME.restore(terms_of(state.rules, state.options), state.snapshot())
    assert restored.event_count == state.event_count == 4
    GAME.actions["call"].perform(restored, {"seat": 2})
    assert (len(restored.events), restored.event_count) == (1, 5)
    assert restored.view()["event_count"] == 5
    assert restored.tablet_view().event_count == 5
    assert restored.movements == () == state.movements


def raising_war(raises: int) -> RubyRunState:
    """Heads-up no limit: the two seats raise each other ``raises`` times, then one calls."""
    state = seated(
        {1: "2c 3c 4c", 2: "5d 6d 7d"},
        rules=RubyRunRules(betting=Betting.NO_LIMIT),
        stack=D(10_000),
    )
    total = D(2)
    for _ in range(raises):
        total += 2
        seat = state.to_act
        assert seat is not None
        state.raise_to(seat, total)
    seat = state.to_act
    assert seat is not None
    state.call(seat)
    return state


def test_only_the_views_history_grows_with_the_hand() -> None:
    """Everything in a snapshot but ``history`` (the view's record of every chip put in, one
    hand long) is a running total: its size does not depend on how many actions led to it."""
    short, long = raising_war(2), raising_war(40)
    assert long.event_count - short.event_count == 38
    small, large = short.snapshot(), long.snapshot()
    assert len(large["history"]) - len(small["history"]) == 38  # type: ignore[arg-type]
    del small["history"], large["history"]
    small["event_count"] = large["event_count"] = 0
    sizes = [len(json.dumps(snapshot)) for snapshot in (small, large)]
    assert abs(sizes[0] - sizes[1]) <= 16, sizes  # a few more digits in the amounts


def broken(**changes: Any) -> dict[str, Any]:
    snapshot = json_round_trip(
        seated({1: "2c 3c 4c", 2: "5d 6d 7d"}, rules=RubyRunRules()).snapshot()
    )
    for key, value in changes.items():
        if value is KeyError:
            del snapshot[key]
        else:
            snapshot[key] = value
    return dict(snapshot)


def with_seat(**changes: Any) -> dict[str, Any]:
    snapshot = broken()
    snapshot["seats"][0] |= changes
    return snapshot


@pytest.mark.parametrize(
    ("snapshot", "field"),
    [
        (["not", "an", "object"], "snapshot"),
        (broken(game="red_dog"), "game"),
        (broken(phase=KeyError), "phase"),
        (broken(phase="shootout"), "phase"),
        (broken(event_count="4"), "event_count"),
        (broken(level=2.0), "level"),
        (broken(to_act=9), "to_act"),
        (broken(betting_round=None), "betting_round"),
        (broken(over=["Ah", "2c", "Kh"]), "cards"),
        (broken(exposed="Ah"), "exposed"),
        (broken(slam="1x"), "slam"),
        (broken(history=[["after_hole_cards", 1]]), "history[0]"),
        (broken(history={}), "history"),
        (broken(button=7), "button"),
        (broken(seats=[]), "seats"),
        (with_seat(seat=2), "seats"),
        (with_seat(stack=None), "seats[0].stack"),
        (with_seat(hole=["2c", "3c"], folded="no"), "seats[0].folded"),
    ],
)
def test_a_snapshot_that_does_not_read_is_refused(snapshot: Any, field: str) -> None:
    terms = terms_of(RubyRunRules())
    with pytest.raises(GameError) as err:
        GAME.restore(terms, snapshot)
    assert (err.value.code, err.value.data["field"]) == ("snapshot_invalid", field)


def test_a_complete_snapshot_must_hold_what_its_settlement_needs() -> None:
    state = a_full_hand()
    snapshot = json_round_trip(state.snapshot())
    snapshot["slam"] = None
    with pytest.raises(GameError) as err:
        GAME.restore(terms_of(state.rules, state.options), snapshot)
    assert err.value.code == "snapshot_invalid"


# -- the tablet view -------------------------------------------------------------------------------


def actions_by_name(view: TabletView) -> dict[str, LegalAction]:
    return {action.name: action for action in view.actions}


def bounds_of(action: LegalAction) -> dict[str, FieldBounds]:
    return {field.name: field for field in action.fields}


def test_the_betting_view_names_the_seat_to_act_and_the_amounts() -> None:
    rules = RubyRunRules(ante=D(1), betting=Betting.POT_LIMIT)
    state = seated(
        {1: "2c 3c 4c", 2: "5d 6d 7d", 3: "8s 9s Ts"}, rules=rules, button=3, stack=D(100)
    )
    view = state.tablet_view()
    seat_3 = Position(PositionKind.SEAT, 3)
    assert (view.game, view.phase, view.turn, view.deck_pass) == ("ruby_run", "betting", seat_3, 1)
    # Pot limit: the whole stack is above the limit, so no all-in.
    assert [a.name for a in view.actions] == ["fold", "call", "raise_to", "expose_card"]
    assert all(a.position == seat_3 for a in view.actions[:-1])
    call = actions_by_name(view)["call"]
    # The amount is the action's figure, formatted by the tablet: never in the label.
    assert (call.label, call.fields[0].value, call.fields[0].positions) == ("Call", 3, (3,))
    assert [(f.name, f.amount) for f in call.figures] == [("to_call", D(2))]
    amount = bounds_of(actions_by_name(view)["raise_to"])["amount"]
    assert (amount.min, amount.max, amount.value) == (D(4), D(10), None)
    assert [(p.label, p.status, p.to_act, p.hidden_cards, p.cards) for p in view.positions] == [
        ("Seat 1", "in", False, 3, ()),
        ("Seat 2", "in", False, 3, ()),
        ("Seat 3", "to act", True, 3, ()),
    ]
    assert [(f.name, f.amount) for f in view.positions[1].figures] == [
        ("stack", D(97)),
        ("bet", D(2)),
        ("contributed", D(3)),
    ]
    # The forced bets' amounts are the table's figures, not words of a fact.
    assert [(f.name, f.amount) for f in view.figures] == [
        ("pot", D(6)),
        ("current_bet", D(2)),
        ("small_blind", D(1)),
        ("big_blind", D(2)),
        ("ante", D(1)),
    ]
    facts = {fact.name: fact.value for fact in view.facts}
    assert facts["betting_round"] == "after the hole cards"
    assert (facts["button"], facts["small_blind_seat"], facts["big_blind_seat"]) == (
        "Seat 3",
        "Seat 1",
        "Seat 2",
    )
    assert facts["betting"] == "pot limit" and "blinds" not in facts and "ante" not in facts
    assert len(view.unseen_cards) == DECK_SIZE - 9
    assert json_round_trip(view.to_dict()) == view.to_dict()


def test_fixed_limit_bets_have_one_amount() -> None:
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d"}, rules=RubyRunRules(), button=2)
    state.call(2)
    raise_to = actions_by_name(state.tablet_view())["raise_to"]
    amount = bounds_of(raise_to)["amount"]
    assert (amount.min, amount.max, amount.value) == (D(4), D(4), "4")
    facts = {fact.name: fact.value for fact in state.tablet_view().facts}
    assert (facts["betting"], facts["raises"]) == ("fixed limit", "0 of 4")
    figures = {f.name: f.amount for f in state.tablet_view().figures}
    assert (figures["small_bet"], figures["big_bet"]) == (D(2), D(4))


def test_the_dealing_views_say_how_many_cards_and_to_whom() -> None:
    rules = ante_table(under_cards=UnderCards.FACE_DOWN)
    state = RubyRunState(rules)
    seating = state.tablet_view().actions[0]
    stacks = bounds_of(seating)["stacks"]
    assert (seating.name, stacks.min, stacks.min_count, stacks.max_count) == (
        "seat_players",
        D(1),
        2,
        8,
    )
    assert bounds_of(seating)["button"].positions == tuple(range(1, 16))
    state.seat_players({2: D(500), 5: D(500), 9: D(500)}, button=5)
    forced = state.tablet_view().actions[0]
    assert (forced.name, forced.fields) == ("post_forced_bets", ())
    assert [(f.name, f.amount) for f in forced.figures] == [("ante", D(50))]
    state.post_forced_bets()
    deal = state.tablet_view().actions[0]
    assert (deal.name, deal.position, bounds_of(deal)["seat"].positions) == (
        "deal_hole_cards",
        None,
        (9, 2, 5),  # clockwise from the button's left
    )
    assert (bounds_of(deal)["cards"].min_count, bounds_of(deal)["cards"].max_count) == (3, 3)
    state.deal_hole_cards(9, "2c 3c 4c")
    state.deal_hole_cards(5, "5d 6d 7d")
    last = state.tablet_view().actions[0]
    assert (last.position, bounds_of(last)["seat"].value) == (Position(PositionKind.SEAT, 2), 2)
    state.deal_hole_cards(2, "8s 9s Ts")
    check_around(state)
    state.deal_over_cards("9h Th Ks")
    under = state.tablet_view().actions[0]
    cards = bounds_of(under)["cards"]
    assert (under.label, cards.required, cards.nullable, cards.max_count) == (
        "Deal the under cards face down",
        False,
        True,
        0,
    )
    state.deal_under_cards(None)
    groups = {group.name: group for group in state.tablet_view().card_groups}
    assert (groups["over"].cards, groups["under"].cards, groups["under"].hidden) == (
        ("9h", "Th", "Ks"),
        (),
        3,
    )
    state.deal_slam("Qs")
    view = state.tablet_view()
    assert view.actions[0].name == "reveal_under_cards"
    groups = {group.name: group for group in view.card_groups}
    assert (groups["over"].label, groups["under"].label, groups["under"].hidden) == (
        "Over cards (dead)",
        "Under cards (live)",
        3,
    )
    state.reveal_under_cards("Jd Qd Ac")
    view = state.tablet_view()
    assert view.complete and view.actions == () and view.result == state.result()
    shown = {p.position.number: (p.cards, p.hand) for p in view.positions}
    hands = state.result().detail["awards"][0]["hands"]
    assert shown[2] == (("8s", "9s", "Ts"), hands["2"])
    assert {f.name for f in view.positions[0].figures} >= {"won", "final_stack"}


def test_a_number_slam_mucks_the_face_down_under_cards() -> None:
    rules = ante_table(under_cards=UnderCards.FACE_DOWN)
    state = seated({1: "Jh 2c 3d", 2: "Kd Kh 5s"}, rules=rules)
    check_around(state)
    state.deal_over_cards("9h 10h Ks")
    state.deal_under_cards(None)
    state.deal_slam("6c")
    groups = {group.name: group for group in state.tablet_view().card_groups}
    assert (groups["under"].label, groups["under"].hidden, groups["over"].label) == (
        "Under cards (dead)",
        0,
        "Over cards (live)",
    )


# -- random hands through the contract -----------------------------------------------------------


def chips(amount: D, unit: D) -> int:
    return int(amount / unit)


CARD_OF_TEXT = {str(card): card for card in CARDS}


def sample_input(action: LegalAction, view: TabletView, unit: D) -> dict[str, Any]:
    """An input built from the action's bounds alone (the least amounts, the first cards)."""
    unseen = [CARD_OF_TEXT[text] for text in view.unseen_cards]
    data: dict[str, Any] = {}
    for field in action.fields:
        if field.kind is FieldKind.POSITION:
            assert field.positions
            data[field.name] = field.value if field.value is not None else field.positions[0]
        elif field.kind is FieldKind.AMOUNT:
            assert field.min is not None
            data[field.name] = field.min
        elif field.kind is FieldKind.CARDS:
            if field.nullable and field.max_count == 0:
                data[field.name] = None
            else:
                assert field.min_count is not None
                data[field.name] = tuple(unseen[: field.min_count])
        elif field.kind is FieldKind.CARD:
            data[field.name] = unseen[-1]
        elif field.kind is FieldKind.STACKS:
            assert field.positions and field.min_count and field.min is not None
            data[field.name] = {seat: field.min for seat in field.positions[: field.min_count]}
            data["button"] = field.positions[0]
        elif field.kind is FieldKind.TEXT:
            data[field.name] = ""
    return data


def assert_tablet_view_is_well_formed(state: RubyRunState, view: TabletView) -> None:
    assert (view.game, view.phase, view.complete) == ("ruby_run", state.phase.value, state.complete)
    assert (view.deck_pass, view.event_count) == (1, state.event_count)
    recorded = {str(card) for card in state.seen_cards}
    assert set(view.unseen_cards).isdisjoint(recorded)
    assert len(view.unseen_cards) + len(recorded) == DECK_SIZE
    assert (view.result is not None) == state.complete
    assert [p.position.number for p in view.positions] == sorted(state.seats)
    assert all(p.position.kind is PositionKind.SEAT for p in view.positions)
    assert all(p.label == f"Seat {p.position.number}" for p in view.positions)
    assert all(p.status in ("to act", "in", "folded", "all in") for p in view.positions)
    for position in view.positions:
        dealt = 3 if state.hole_cards(position.position.number) else 0
        assert len(position.cards) + position.hidden_cards == dealt
        assert not position.cards or state.complete
    assert [p.position.number for p in view.positions if p.to_act] == (
        [] if state.to_act is None else [state.to_act]
    )
    if state.complete:
        assert view.actions == () and view.turn is None
        return
    names = [action.name for action in view.actions]
    assert len(set(names)) == len(names)
    # A card can be exposed while one is left unseen; at fifteen players every card is dealt.
    assert (names[-1] == "expose_card") == bool(view.unseen_cards)
    if not view.unseen_cards:
        names.append("expose_card")
    assert set(names) <= {a.value for a in PHASE_ACTIONS[state.phase]}
    if state.phase is Phase.BETTING:
        assert view.turn == Position(PositionKind.SEAT, state.to_act or 0)
        assert {a.value for a in BETTING_ACTIONS} >= set(names[:-1])
        assert all(
            action.position == view.turn for action in view.actions if action.name in names[:-1]
        )
    else:
        assert view.turn is None and len(names) == 2
    unit = state.rules.chip_unit
    for action in view.actions:
        spec = ACTION_FIELDS[Action(action.name)]
        assert [(f.name, f.kind) for f in action.fields] == [(f.name, f.kind) for f in spec]
        assert action.label
        for field, field_spec in zip(action.fields, spec, strict=True):
            if field.min is not None and field.max is not None:
                assert field.min <= field.max and field.min > 0
            if field.min_count is not None:
                assert field.max_count is not None and 0 <= field.min_count <= field.max_count
                if field_spec.max_count is not None and not field.nullable:
                    assert field_spec.min_count <= field.min_count  # type: ignore[operator]
                    assert field.max_count <= field_spec.max_count
            if field.positions is not None:
                assert field.positions and all(1 <= seat <= 15 for seat in field.positions)
            if field.value is not None:
                if field.kind is FieldKind.POSITION:
                    assert field.positions is not None and field.value in field.positions
                if field.kind is FieldKind.AMOUNT:
                    assert field.min == field.max == D(str(field.value))
        # An input built from the bounds is accepted, and so is the most a bet may be.
        data = sample_input(action, view, unit)
        GAME.actions[action.name].verify(state, data)
        amount = bounds_of(action).get("amount")
        if amount is not None:
            assert amount.max is not None and amount.min is not None
            GAME.actions[action.name].verify(state, data | {"amount": amount.max})
            for wrong in (amount.max + unit, amount.min - unit):
                if wrong > 0:
                    with pytest.raises(GameError):
                        GAME.actions[action.name].verify(state, data | {"amount": wrong})


class Dealer:
    """Draws the dealer's next action from the tablet view, with cards from a shuffled deck."""

    def __init__(self, data: st.DataObject, rules: RubyRunRules) -> None:
        self.data = data
        self.rules = rules
        self.deck: list[Card] = list(data.draw(st.permutations(CARDS), label="deck"))
        self.under: tuple[Card, ...] = ()
        self.needed = 7  # the cards the hand still needs: the board, and 3 per seat once seated

    def take(self, count: int) -> tuple[Card, ...]:
        taken, self.deck[:count] = tuple(self.deck[:count]), []
        self.needed -= count
        return taken

    def next_input(self, view: TabletView) -> tuple[str, ActionInput]:
        draw = self.data.draw
        actions = list(view.actions)
        spare = len(self.deck) - self.needed - (3 * 2 if view.phase == "seating" else 0)
        if spare > 0 and draw(st.integers(0, 14), label="expose?") == 0:
            card, self.deck[:1] = self.deck[0], []
            return "expose_card", {"card": card, "reason": draw(st.sampled_from(["", "flashed"]))}
        waited = [a for a in actions if a.name != "expose_card"]
        if view.phase == "betting":
            pool = [a for a in waited for _ in range(1 if a.name == "fold" else 4)]
            action = draw(st.sampled_from(pool), label="betting")
        else:
            action = waited[0]
        fields = bounds_of(action)
        name = action.name
        unit = self.rules.chip_unit
        if name == "seat_players":
            players = draw(st.sampled_from([2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15]))
            players = min(players, self.rules.max_players, (len(self.deck) - 7) // 3)
            self.needed += 3 * players
            seats = sorted(draw(st.sets(st.integers(1, 15), min_size=players, max_size=players)))
            stacks = {seat: unit * draw(st.integers(1, 120)) for seat in seats}
            return name, {"stacks": stacks, "button": draw(st.sampled_from(seats))}
        if name == "deal_hole_cards":
            positions = fields["seat"].positions
            assert positions
            return name, {"seat": draw(st.sampled_from(positions)), "cards": self.take(3)}
        if name == "deal_over_cards":
            return name, {"cards": self.take(3)}
        if name == "deal_under_cards":
            self.under = self.take(3)
            face_down = fields["cards"].max_count == 0
            return name, {"cards": None if face_down else self.under}
        if name == "reveal_under_cards":
            return name, {"cards": self.under}
        if name == "deal_slam":
            return name, {"card": self.take(1)[0]}
        data: dict[str, Any] = {}
        if "seat" in fields:
            data["seat"] = fields["seat"].value
        if "amount" in fields:
            low, high = fields["amount"].min, fields["amount"].max
            assert low is not None and high is not None
            data["amount"] = unit * draw(st.integers(chips(low, unit), chips(high, unit)))
        return name, data


def compare_states(replayed: RubyRunState, restored: RubyRunState) -> TabletView:
    """The two paths agree on everything they show (JSON forms, compared exactly); the
    restored state's tablet view is returned for the next step."""
    snapshot = restored.snapshot()
    assert replayed.snapshot() == snapshot
    view = restored.view()
    assert replayed.view() == view
    assert_no_float(view)
    tablet = restored.tablet_view()
    assert replayed.tablet_view().to_dict() == tablet.to_dict()
    assert replayed.movements == restored.movements == ()
    if restored.complete:
        assert replayed.result().to_dict() == restored.result().to_dict()
        assert replayed.result().detail == restored.result().detail
        assert_result_is_the_adapters(restored)
    return tablet


@pytest.mark.slow
@settings(
    max_examples=500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(rules=rule_sets(), options=options_strategy, data=st.data())
def test_restoring_each_step_agrees_with_replaying_every_event(
    rules: RubyRunRules, options: HandOptions, data: st.DataObject
) -> None:
    terms = terms_of(rules, options)
    dealer = Dealer(data, rules)
    replayed = GAME.new_state(terms)
    snapshot = json_round_trip(replayed.snapshot())
    restored = GAME.restore(terms, snapshot)
    view = restored.tablet_view()
    stored: list[dict[str, Any]] = []
    steps = 0
    while True:
        assert_tablet_view_is_well_formed(restored, view)
        if restored.complete:
            break
        steps += 1
        assert steps < 2000
        name, action_input = dealer.next_input(view)
        restored = GAME.restore(terms, snapshot)
        assert restored.snapshot() == snapshot  # restore(terms, s.snapshot()).snapshot()
        produced = GAME.actions[name].perform(restored, action_input)
        assert restored.events == tuple(produced) and len(produced) == 1
        for event in produced:
            record = json_round_trip(event.to_dict())
            stored.append(record)
            applied = replayed.apply(GAME.read_event(record))
            assert applied.to_dict() == event.to_dict()
        assert replayed.event_count == restored.event_count == len(stored)
        view = compare_states(replayed, restored)
        snapshot = json_round_trip(restored.snapshot())  # no float, nothing JSON cannot hold
    # And the auditor's proof: a replay of every stored event from scratch is the same hand.
    from_scratch = replay(rules, options, stored)
    assert from_scratch.snapshot() == snapshot == replayed.snapshot()
    assert from_scratch.result().to_dict() == restored.result().to_dict()
    assert tuple(e.to_dict() for e in replayed.events) == tuple(stored)
    check_payout_figures(restored.result())


def test_a_rake_table_with_every_round_agreed_through_the_contract() -> None:
    """One long hand, every betting round, a percent rake, checked step by step as above."""
    rules = RubyRunRules(
        ante=D(1),
        betting=Betting.NO_LIMIT,
        rake=Rake.PERCENT,
        rake_percent=D(5),
        rake_cap=D(3),
        max_players=15,
    )
    options = HandOptions(betting_after_over_cards=True, betting_after_slam=True)
    terms = terms_of(rules, options)
    state = GAME.new_state(terms)
    deck = list(reversed(CARDS))
    stacks = {seat: D(100) for seat in range(1, 16)}
    GAME.actions["seat_players"].perform(state, {"stacks": stacks, "button": 15})
    GAME.actions["post_forced_bets"].perform(state, {})
    while not state.complete:
        snapshot = json_round_trip(state.snapshot())
        view = state.tablet_view()
        assert_tablet_view_is_well_formed(state, view)
        action = view.actions[0]
        if state.phase is Phase.BETTING:
            names = actions_by_name(view)
            action = names.get("call") or names.get("check") or action
        action_input = sample_input(action, view, rules.chip_unit)
        if "cards" in action_input and action_input["cards"] is not None:
            action_input["cards"] = tuple(deck.pop() for _ in action_input["cards"])
        if "card" in action_input:
            action_input["card"] = deck.pop()
        (event,) = GAME.actions[action.name].perform(state, action_input)
        restored = GAME.restore(terms, snapshot)
        (again,) = GAME.actions[action.name].perform(restored, action_input)
        assert again == event
        assert restored.snapshot() == state.snapshot()
        assert restored.tablet_view() == state.tablet_view()
    assert state.rounds_played == tuple(rubyrun_package.BettingRound)
    assert_result_is_the_adapters(state)
    # 15 antes of 1 and 15 calls of 2: one pot of 45, raked 5% (2.25) cut down to a chip.
    assert state.result().rake == D(2)


# -- the cost of one action ------------------------------------------------------------------------

LONG_TERMS = RoundTerms(
    rules={"ante": "1", "max_players": 15, "max_raises": 4},
    paytables={},
    limits={},
    options={"betting_after_over_cards": True, "betting_after_slam": True},
)


def long_hand(players: int) -> list[tuple[dict[str, Any], str, dict[str, Any]]]:
    """A long fixed-limit hand (every betting round agreed, every round raised to the cap):
    each step's snapshot before it, the action and its input."""
    state = GAME.new_state(LONG_TERMS)
    deck = list(CARDS)
    stacks = {seat: D(1000) for seat in range(1, players + 1)}
    steps = []
    while not state.complete:
        view = state.tablet_view()
        legal = actions_by_name(view)
        action = next(
            (legal[name] for name in ("raise_to", "bet", "call", "check") if name in legal),
            view.actions[0],
        )
        data = sample_input(action, view, D(1))
        if action.name == "seat_players":
            data = {"stacks": stacks, "button": players}
        if data.get("cards") is not None:
            data["cards"] = tuple(deck.pop() for _ in data["cards"])
        if "card" in data:
            data["card"] = deck.pop()
        steps.append((state.snapshot(), action.name, data))
        GAME.actions[action.name].perform(state, data)
    return steps


def action_cost(snapshot: dict[str, Any], name: str, data: dict[str, Any]) -> float:
    """CPU seconds of restore + one action + tablet_view() + view() + snapshot(), best of 5."""
    import time

    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(500):
            state = GAME.restore(LONG_TERMS, snapshot)
            GAME.actions[name].perform(state, data)
            state.tablet_view(), state.view(), state.snapshot()
        best = min(best, (time.process_time() - start) / 500)
    return best


def test_a_long_hand_restores_and_goes_on_at_every_step() -> None:
    steps = long_hand(15)
    assert len(steps) == 76 and steps[-1][1] == "call"
    for snapshot, name, data in steps:
        state = GAME.restore(LONG_TERMS, snapshot)
        assert state.snapshot() == snapshot
        GAME.actions[name].perform(state, data)
    assert state.complete and state.rounds_played == tuple(rubyrun_package.BettingRound)


if __name__ == "__main__":  # .venv/bin/python -m tests.games.test_rubyrun_contract
    for players in (8, 15):
        steps = long_hand(players)
        betting = [i for i, (_, name, _) in enumerate(steps) if name in BETTING_ACTIONS]
        for when, index in (("early", betting[0]), ("late", betting[-2])):
            snapshot, name, data = steps[index]
            print(
                f"{players} players, {when}: event {snapshot['event_count'] + 1} of "
                f"{len(steps)} ({name}), {len(snapshot['history'])} bet records, snapshot "
                f"{len(json.dumps(snapshot))} bytes: {action_cost(snapshot, name, data) * 1e6:.0f}"
                " us CPU"
            )
