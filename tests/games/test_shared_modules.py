"""The modules every engine shares: amounts, stored events, the action triad, seating.

The engines' own tests exercise these through each game; here each rule is pinned once, on its
own, with the codes and data keys the tablets match on.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import FrozenInstanceError, dataclass, field, fields
from decimal import Decimal as D
from enum import StrEnum
from types import ModuleType
from typing import Any, ClassVar

import pytest

import casino.games.actions as actions_module
import casino.games.contract as contract_module
import casino.games.event_codec as event_codec_module
import casino.games.money as money_module
import casino.games.seating as seating_module
import casino.games.snapshots as snapshots_module
import casino.games.stored_events as stored_events_module
from casino.games.actions import check_phase, succeeds
from casino.games.errors import GameError
from casino.games.event_codec import CodedEvent, event, stored
from casino.games.money import chip_amount, round_down_to_chip, to_decimal
from casino.games.seating import seat_stacks
from casino.games.stored_events import EventReader, int_field


@pytest.mark.parametrize(
    "module",
    [
        actions_module,
        contract_module,
        event_codec_module,
        money_module,
        seating_module,
        snapshots_module,
        stored_events_module,
    ],
    ids=lambda m: m.__name__,
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("value", [2.5, True, "two", "NaN", "Infinity", None, [1]])
def test_to_decimal_refuses_what_is_not_an_exact_finite_amount(value: object) -> None:
    with pytest.raises(GameError) as refused:
        to_decimal(value, field="ante", code="limits_invalid")
    assert (refused.value.code, refused.value.data) == ("limits_invalid", {"field": "ante"})


def test_chip_amount_says_which_amount_and_chip_unit() -> None:
    with pytest.raises(GameError) as refused:
        chip_amount("7.5", D(5), field="bet")
    assert refused.value.code == "amount_not_chip_multiple"
    assert refused.value.data == {"field": "bet", "amount": "7.5", "chip_unit": "5"}
    with pytest.raises(GameError) as refused:
        chip_amount(0, D(5), field="bet")
    assert (refused.value.code, refused.value.data) == ("amount_invalid", {"field": "bet"})


def test_round_down_to_chip_never_rounds_up() -> None:
    assert round_down_to_chip(D("9.99"), D(5)) == D(5)
    assert round_down_to_chip(D(10), D(5)) == D(10)


def test_check_phase_and_succeeds() -> None:
    class Phase(StrEnum):
        OPEN = "open"
        CLOSED = "closed"

    class Action(StrEnum):
        BET = "bet"

    accepts = {Phase.OPEN: frozenset({Action.BET}), Phase.CLOSED: frozenset()}
    check_phase(accepts, Phase.OPEN, Action.BET)
    with pytest.raises(GameError) as refused:
        check_phase(accepts, Phase.CLOSED, Action.BET)
    assert refused.value.code == "action_out_of_phase"
    assert refused.value.data == {"action": "bet", "phase": "closed"}
    assert succeeds(lambda: check_phase(accepts, Phase.OPEN, Action.BET)) is True
    assert succeeds(lambda: check_phase(accepts, Phase.CLOSED, Action.BET)) is False


@pytest.mark.parametrize(
    ("stacks", "button", "code", "data"),
    [
        ({1: 10}, 1, "player_count_invalid", {"players": 1, "minimum": 2, "maximum": 3}),
        ({1: 10, 9: 10}, 1, "seat_invalid", {"seat": 9}),
        ([(1, 10), (1, 10)], 1, "seat_invalid", {"seat": 1}),
        (
            {1: 10, 2: "2.5"},
            1,
            "amount_not_chip_multiple",
            {"field": "stack of seat 2", "amount": "2.5", "chip_unit": "1"},
        ),
        ({1: 10, 2: 10}, 3, "seat_invalid", {"seat": 3}),
    ],
)
def test_seat_stacks_refusals(stacks: Any, button: int, code: str, data: dict[str, Any]) -> None:
    with pytest.raises(GameError) as refused:
        seat_stacks(stacks, button, min_players=2, max_players=3, seats=8, chip_unit=D(1))
    assert (refused.value.code, refused.value.data) == (code, data)


@dataclass(frozen=True)
class _Checked:
    kind: ClassVar[str] = "checked"
    seat: int

    @classmethod
    def _from_fields(cls, data: Any) -> _Checked:
        return cls(seat=int_field(cls.kind, "seat", data["seat"]))


@pytest.mark.parametrize(
    ("data", "code", "details"),
    [
        ("checked", "event_invalid", {"field": "kind"}),
        ({"seat": 1}, "event_kind_unknown", {"kind": "None"}),
        ({"kind": "folded", "seat": 1}, "event_kind_unknown", {"kind": "'folded'"}),
        ({"kind": "checked"}, "event_invalid", {"kind": "checked", "field": "seat"}),
        (
            {"kind": "checked", "seat": 1, "b": 2, "a": 3},
            "event_invalid",
            {"kind": "checked", "field": "a"},
        ),
        ({"kind": "checked", "seat": True}, "event_invalid", {"kind": "checked", "field": "seat"}),
    ],
)
def test_event_reader_refusals(data: Any, code: str, details: dict[str, str]) -> None:
    reader = EventReader((_Checked,))
    assert reader.kinds == ("checked",)
    assert reader.read({"kind": "checked", "seat": 4}) == _Checked(seat=4)
    with pytest.raises(GameError) as refused:
        reader.read(data)
    assert (refused.value.code, refused.value.data) == (code, details)


@dataclass(frozen=True, slots=True)
class _Noted(CodedEvent):
    kind: ClassVar[str] = "noted"
    seat: int
    note: str = field(default="", metadata=stored(read_first=True, refusal="expected a note"))
    amount: D | None = None


def test_coded_event_writes_and_reads_its_fields_by_their_types() -> None:
    reader = EventReader((_Noted,))
    event = _Noted(seat=3, note="n", amount=D("2.50"))
    assert list(event.to_dict().items()) == [
        ("kind", "noted"),
        ("seat", 3),
        ("note", "n"),
        ("amount", "2.50"),
    ]
    assert reader.read(event.to_dict()) == event
    assert reader.read({"kind": "noted", "seat": 3, "note": "", "amount": None}) == _Noted(3)
    with pytest.raises(GameError) as refused:
        reader.read({"kind": "noted", "seat": "3", "note": 1, "amount": 2.5})
    assert refused.value.message == "noted.note: expected a note"
    assert refused.value.data == {"kind": "noted", "field": "note"}


@dataclass(frozen=True, slots=True)
class _Untyped(CodedEvent):
    kind: ClassVar[str] = "untyped"
    seats: list[int]


@dataclass(frozen=True, slots=True)
class _MisNoted(CodedEvent):
    kind: ClassVar[str] = "misnoted"
    seat: int = field(metadata=stored(refusal="expected a seat"))


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (_Untyped([1]), "_Untyped.seats: no stored form for list[int]"),
        (_MisNoted(1), "_MisNoted.seat: a refusal of its own is for str or bool"),
    ],
)
def test_coded_event_refuses_a_field_it_cannot_store(event: CodedEvent, message: str) -> None:
    with pytest.raises(TypeError, match=re.escape(message)):
        event.to_dict()


@event("tipped")
class _Tipped(CodedEvent):
    seat: int
    note: str = field(default="", metadata=stored(read_first=True, refusal="expected a note"))


def test_an_event_declared_with_its_kind_is_a_frozen_slotted_dataclass() -> None:
    tipped = _Tipped(seat=2)
    assert _Tipped.kind == "tipped"
    assert [f.name for f in fields(_Tipped)] == ["seat", "note"]
    assert not hasattr(tipped, "__dict__")
    with pytest.raises(FrozenInstanceError):
        tipped.seat = 3  # type: ignore[misc]
    assert tipped.to_dict() == {"kind": "tipped", "seat": 2, "note": ""}
    with pytest.raises(GameError) as refused:
        EventReader((_Tipped,)).read({"kind": "tipped", "seat": "2", "note": 1})
    assert refused.value.message == "tipped.note: expected a note"


def test_an_event_takes_its_kind_from_the_decorator_alone() -> None:
    class Twice(CodedEvent):
        kind: ClassVar[str] = "twice"

    with pytest.raises(TypeError, match="Twice: the kind is the one @event gives"):
        event("twice")(Twice)


def test_only_a_coded_event_is_declared_an_event() -> None:
    class Plain:
        pass

    with pytest.raises(TypeError, match="Plain: an event derives from CodedEvent"):
        event("plain")(Plain)  # type: ignore[type-var]
