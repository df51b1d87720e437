"""What every game's definition shares: an action's spec built on its state's triad, the typed
reading of an action's input, and the canonical text its parsed terms are cached under.

Each game lists, per action, how to call its state's ``verify_x`` and ``x`` with the input read
by field name (:func:`read_int`, :func:`read_card`...); :func:`action_spec` makes that a
:class:`~casino.games.contract.GameActionSpec`: it completes the input (defaults, cards given by
index or text, :func:`~casino.games.contract.complete_input`) and refuses another game's state.
A value of the wrong type (the API never sends one) is refused with ``input_invalid`` naming
the field.

>>> from casino.games.contract import FieldKind, FieldSpec
>>> read_int({"box": 2}, "box")
2
>>> read_int({"box": "2"}, "box")
Traceback (most recent call last):
...
casino.games.errors.GameError: box must be a whole number
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType
from typing import Any, Final, TypeVar

from casino.games.actions import ActionState, DeclaredAction
from casino.games.cards import Card
from casino.games.codes import INPUT_INVALID
from casino.games.contract import (
    ActionInput,
    Event,
    FieldKind,
    FieldSpec,
    GameActionSpec,
    GameState,
    InputValue,
    complete_input,
)
from casino.games.errors import GameError

S = TypeVar("S")
T = TypeVar("T")


def action_spec(
    *,
    name: str,
    fields: Sequence[FieldSpec],
    help: str,
    state_type: type[S],
    verify: Callable[[S, ActionInput], None],
    perform: Callable[[S, ActionInput], Event],
) -> GameActionSpec:
    """The spec of action ``name``, whose ``verify`` and ``perform`` take a ``state_type``.

    The spec's own verify and perform complete the input first, and raise ``TypeError`` for a
    state of another game (a bug, never a refusal).
    """
    specs = tuple(fields)

    def own(state: GameState) -> S:
        if not isinstance(state, state_type):
            raise TypeError(f"not a {state_type.__name__}: {type(state).__name__}")
        return state

    def verify_action(state: GameState, data: ActionInput) -> None:
        verify(own(state), complete_input(specs, data))

    def perform_action(state: GameState, data: ActionInput) -> Sequence[Event]:
        return (perform(own(state), complete_input(specs, data)),)

    return GameActionSpec(
        name=name, fields=specs, help=help, verify=verify_action, perform=perform_action
    )


def action_specs(
    state_type: type[ActionState],
    fields: Mapping[Any, Sequence[FieldSpec]],
    help: Mapping[Any, str],
) -> Mapping[str, GameActionSpec]:
    """The contract's spec of every action declared on ``state_type``, in the order declared,
    with the fields and help listed under its name (the name's text or its ``Action`` member).

    The input is read field by field (:data:`FIELD_READERS`, by kind) and passed to the
    action's check by name, so each field must be a parameter of the check and each parameter
    a field: a mismatch is a bug, found here when the game is defined (``TypeError``).
    """
    specs: dict[str, GameActionSpec] = {}
    for name, declared in state_type.declared_actions.items():
        specs[name] = _declared_spec(state_type, declared, tuple(fields[name]), help[name])
    return MappingProxyType(specs)


def _declared_spec(
    state_type: type[ActionState],
    declared: DeclaredAction[Any, ..., Any],
    specs: tuple[FieldSpec, ...],
    help: str,
) -> GameActionSpec:
    names = tuple(spec.name for spec in specs)
    if names != declared.parameters:
        raise TypeError(
            f"{declared.name.value}: fields {names} are not the parameters {declared.parameters}"
        )
    readers = tuple((spec.name, _reader(spec)) for spec in specs)

    # action_spec completes the input (defaults, cards given by index or text) before these.
    def arguments(data: ActionInput) -> dict[str, object]:
        return {name: read(data, name) for name, read in readers}

    def verify(state: ActionState, data: ActionInput) -> None:
        declared.checked(state, **arguments(data))

    def perform(state: ActionState, data: ActionInput) -> Event:
        event: Event = declared.performed(state, **arguments(data))
        return event

    return action_spec(
        name=declared.name.value,
        fields=specs,
        help=help,
        state_type=state_type,
        verify=verify,
        perform=perform,
    )


def canonical_json(value: Mapping[str, object]) -> str:
    """One text per JSON object whatever the order of its keys: the key of the caches of parsed
    terms. Decimals (a paytable's multiples) are written as their exact text; a float stays a
    float, for the parsers to refuse."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def invalid_input(name: str, expected: str) -> GameError:
    """The ``input_invalid`` refusal of field ``name``."""
    return GameError(INPUT_INVALID, f"{name} must be {expected}", field=name)


def _value(data: ActionInput, name: str) -> InputValue:
    if name not in data:
        raise GameError(INPUT_INVALID, f"{name} is missing", field=name)
    return data[name]


def read_int(data: ActionInput, name: str) -> int:
    """Field ``name`` as a whole number (a box or seat, a count)."""
    value = _value(data, name)
    if not isinstance(value, int) or isinstance(value, bool | Card):
        raise invalid_input(name, "a whole number")
    return value


def _typed(data: ActionInput, name: str, kind: type[T], expected: str) -> T:
    """Field ``name`` if it is a ``kind``, else its ``input_invalid`` refusal (``expected``)."""
    value = _value(data, name)
    if not isinstance(value, kind):
        raise invalid_input(name, expected)
    return value


def read_text(data: ActionInput, name: str) -> str:
    return _typed(data, name, str, "text")


def read_flag(data: ActionInput, name: str) -> bool:
    return _typed(data, name, bool, "true or false")


def read_amount(data: ActionInput, name: str) -> Decimal:
    return _typed(data, name, Decimal, "an amount")


def read_card(data: ActionInput, name: str) -> Card:
    return _typed(data, name, Card, "a card")


def read_cards(data: ActionInput, name: str) -> tuple[Card, ...]:
    value = _value(data, name)
    if not isinstance(value, tuple) or not all(isinstance(card, Card) for card in value):
        raise invalid_input(name, "a list of cards")
    return tuple(card for card in value if isinstance(card, Card))


def read_stacks(data: ActionInput, name: str = "stacks") -> dict[int, Decimal]:
    """Field ``name`` as chips per seat."""
    value = _value(data, name)
    if not isinstance(value, Mapping) or not all(
        isinstance(seat, int) and not isinstance(seat, bool) and isinstance(amount, Decimal)
        for seat, amount in value.items()
    ):
        raise invalid_input(name, "chips per seat")
    return dict(value)


def _optional(
    read: Callable[[ActionInput, str], object],
) -> Callable[[ActionInput, str], object]:
    def read_optional(data: ActionInput, name: str) -> object:
        return None if _value(data, name) is None else read(data, name)

    return read_optional


#: How a field of each kind is read from an action's completed input.
FIELD_READERS: Final[Mapping[FieldKind, Callable[[ActionInput, str], object]]] = {
    FieldKind.POSITION: read_int,
    FieldKind.INTEGER: read_int,
    FieldKind.AMOUNT: read_amount,
    FieldKind.CARD: read_card,
    FieldKind.CARDS: read_cards,
    FieldKind.TARGET: read_text,
    FieldKind.CHOICE: read_text,
    FieldKind.FLAG: read_flag,
    FieldKind.TEXT: read_text,
    FieldKind.STACKS: read_stacks,
}


def _reader(spec: FieldSpec) -> Callable[[ActionInput, str], object]:
    read = FIELD_READERS[spec.kind]
    return _optional(read) if spec.nullable else read
