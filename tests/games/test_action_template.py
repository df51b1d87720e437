"""The engine template (``casino.games.actions``): an action declared once gives its triad,
its replay through ``apply`` and its spec; a declaration that cannot work is refused when its
class is made, not at the table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

import pytest

from casino.games import reddog, rubyrun, russian
from casino.games.action_input import action_specs
from casino.games.actions import ActionState, check_phase, game_action
from casino.games.contract import FieldKind, FieldSpec, JsonObject
from casino.games.errors import GameError
from casino.games.registry import REGISTERED, RegisteredGame


class _Phase(StrEnum):
    OPEN = "open"
    SHUT = "shut"


class _Action(StrEnum):
    ADD = "add"
    SHUT = "shut"


@dataclass(frozen=True, slots=True)
class _Added:
    kind: ClassVar[str] = "added"
    amount: int

    def to_dict(self) -> JsonObject:
        return {"kind": self.kind, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class _Shut:
    kind: ClassVar[str] = "shut"

    def to_dict(self) -> JsonObject:
        return {"kind": self.kind}


_ACCEPTS = {_Phase.OPEN: {_Action.ADD, _Action.SHUT}, _Phase.SHUT: set()}


class _Counter(ActionState):
    """A game of one number: add to it while open, then shut it."""

    game_title = "Counter"

    def __init__(self) -> None:
        self.total = 0
        self.phase = _Phase.OPEN
        self.log: list[object] = []

    def _check_phase(self, action: _Action) -> None:
        check_phase(_ACCEPTS, self.phase, action)

    def _record(self, event: object) -> object:
        self.log.append(event)
        return event

    @game_action(_Action.ADD, _Added)
    def add(self, amount: int) -> _Added:
        """Add ``amount``. :raises GameError: ``action_out_of_phase``, ``amount_invalid``."""
        if amount <= 0:
            raise GameError("amount_invalid", "Add a positive amount", amount=amount)
        return _Added(amount)

    @add.applies
    def _added(self, event: _Added) -> None:
        self.total += event.amount

    verify_add = add.verify
    can_add = add.can

    @game_action(_Action.SHUT, _Shut)
    def shut(self) -> _Shut:
        return _Shut()

    @shut.applies
    def _shut(self, event: _Shut) -> None:
        self.phase = _Phase.SHUT


_FIELDS = {"add": (FieldSpec("amount", FieldKind.INTEGER, help="How much."),), "shut": ()}
_HELP = {"add": "Add to the counter.", "shut": "Stop counting."}


def test_the_action_checks_the_phase_then_its_input_then_applies_and_records() -> None:
    counter = _Counter()
    assert counter.add(3) == _Added(3)
    assert (counter.total, counter.log) == (3, [_Added(3)])
    with pytest.raises(GameError) as refused:
        counter.add(0)
    assert refused.value.code == "amount_invalid"
    counter.shut()
    with pytest.raises(GameError) as late:
        counter.add(0)
    assert late.value.code == "action_out_of_phase"
    assert (counter.total, counter.log) == (3, [_Added(3), _Shut()])


def test_verify_and_can_ask_the_same_question_and_change_nothing() -> None:
    counter = _Counter()
    counter.verify_add(2)
    assert counter.can_add(2) and not counter.can_add(-1)
    with pytest.raises(GameError):
        counter.verify_add(-1)
    assert (counter.total, counter.log) == (0, [])


def test_apply_replays_an_event_through_its_action_with_the_same_checks() -> None:
    counter = _Counter()
    assert counter.apply(_Added(5)) == _Added(5)
    assert counter.total == 5
    with pytest.raises(GameError) as refused:
        counter.apply(_Added(-5))
    assert refused.value.code == "amount_invalid"

    @dataclass(frozen=True)
    class Stranger:
        kind: ClassVar[str] = "stranger"

        def to_dict(self) -> JsonObject:
            return {"kind": self.kind}

    with pytest.raises(GameError) as unknown:
        counter.apply(Stranger())
    assert unknown.value.code == "event_kind_unknown"
    assert "Not a Counter event" in unknown.value.message
    assert counter.total == 5


def test_the_specs_read_the_input_by_field_and_perform_through_the_declaration() -> None:
    specs = action_specs(_Counter, _FIELDS, _HELP)
    assert list(specs) == ["add", "shut"]
    counter = _Counter()
    specs["add"].verify(counter, {"amount": 4})
    assert counter.total == 0
    assert list(specs["add"].perform(counter, {"amount": 4})) == [_Added(4)]
    assert counter.total == 4
    with pytest.raises(GameError) as wrong_type:
        specs["add"].perform(counter, {"amount": "4"})
    assert (wrong_type.value.code, wrong_type.value.data["field"]) == ("input_invalid", "amount")


def test_fields_that_are_not_the_checks_parameters_are_refused_when_the_game_is_made() -> None:
    renamed = {**_FIELDS, "add": (FieldSpec("sum", FieldKind.INTEGER, help="How much."),)}
    with pytest.raises(TypeError, match="add: fields"):
        action_specs(_Counter, renamed, _HELP)


def test_a_declaration_that_cannot_work_is_refused_when_its_class_is_made() -> None:
    with pytest.raises(TypeError, match="has no apply"):

        class NoApply(ActionState):
            @game_action(_Action.SHUT, _Shut)
            def shut(self) -> _Shut:
                return _Shut()

    with pytest.raises(TypeError, match="_Added has no field count"):

        class UnknownParameter(ActionState):
            @game_action(_Action.ADD, _Added)
            def add(self, count: int) -> _Added:
                return _Added(count)

            @add.applies
            def _added(self, event: _Added) -> None:
                pass

    with pytest.raises(TypeError, match="two actions make the same event"):

        class SameEvent(ActionState):
            @game_action(_Action.ADD, _Shut)
            def add(self) -> _Shut:
                return _Shut()

            @add.applies
            def _a(self, event: _Shut) -> None:
                pass

            @game_action(_Action.SHUT, _Shut)
            def shut(self) -> _Shut:
                return _Shut()

            @shut.applies
            def _s(self, event: _Shut) -> None:
                pass


#: Each game's state class, by name.
STATES: dict[str, type[ActionState]] = {
    russian.GAME.name: russian.RussianPokerState,
    rubyrun.GAME.name: rubyrun.RubyRunState,
    reddog.GAME.name: reddog.RedDogState,
}


@pytest.mark.parametrize("game", REGISTERED, ids=lambda game: game.name)
def test_every_action_of_every_game_is_declared_once_on_its_state(game: RegisteredGame) -> None:
    state_type = STATES[game.name]
    assert list(game.definition.actions) == list(state_type.declared_actions)
    for name, declared in state_type.declared_actions.items():
        assert getattr(state_type, name) is declared
        assert getattr(state_type, f"verify_{name}") is declared.verify
        assert getattr(state_type, f"can_{name}") is declared.can


def test_a_subclass_keeps_its_bases_actions() -> None:
    class Louder(_Counter):
        game_title = "Louder counter"

    assert list(Louder.declared_actions) == ["add", "shut"]
    louder = Louder()
    assert louder.apply(_Added(2)) == _Added(2)
    assert louder.total == 2
