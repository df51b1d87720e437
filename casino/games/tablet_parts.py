"""The pieces every game's tablet view is built of, each written once.

Each game's ``tablet`` module says what its dealer sees (its actions' labels and figures, its
positions, its table); these are the parts that are the same in every game: the view around
them (:func:`tablet_view`), what every view reads of its state (:class:`TabletTable`,
:class:`SeatedTable`), a field's bounds read from its spec (:func:`field_bounds`,
:func:`amount_bounds`, :func:`position_bounds`), an action's fields in spec order
(:func:`fields_in_spec_order`), the bounds of seating players (:func:`seating_bounds`), a seat
as a position, cards as text.

>>> from decimal import Decimal as D
>>> from casino.games.contract import FieldKind, FieldSpec
>>> box = FieldSpec("box", FieldKind.POSITION)
>>> position_bounds(box, (3,)).value, position_bounds(box, (2, 3)).value
(3, None)
>>> amount_bounds(FieldSpec("ante", FieldKind.AMOUNT), D(5), D(5), D(1)).value
'5'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from decimal import Decimal
from enum import StrEnum
from typing import Protocol, TypedDict, TypeVar, Unpack

from casino.games.contract import (
    CardGroup,
    Fact,
    FieldBounds,
    FieldSpec,
    Figure,
    GameState,
    JsonValue,
    LegalAction,
    Position,
    PositionKind,
    PositionView,
    TabletView,
    unseen_card_texts,
)
from casino.games.seating import SeatingLimits, SeatingRules
from casino.games.words import Words

RulesT_co = TypeVar("RulesT_co", covariant=True)
PhaseT_co = TypeVar("PhaseT_co", bound=StrEnum, covariant=True)


class TabletTable(GameState, Protocol[RulesT_co, PhaseT_co]):
    """What a game's tablet view reads of its state: what every game's state answers
    (:class:`~casino.games.contract.GameState`), and its rules and phase in the game's own types.

    Each game's ``tablet`` module declares its own protocol on this one, adding only what its
    view reads besides. The game's state answers it (it builds its view with itself), and the
    view depends on this reading alone, not on the state's module.
    """

    @property
    def rules(self) -> RulesT_co: ...
    @property
    def phase(self) -> PhaseT_co: ...


class SeatedTable(TabletTable[RulesT_co, PhaseT_co], Protocol[RulesT_co, PhaseT_co]):
    """What the tablet view of a game played at seats reads besides: the table's seating
    limits, the seats taken, and the seat whose action the table waits for (if any)."""

    @property
    def seating(self) -> SeatingLimits: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def to_act(self) -> int | None: ...


def tablet_view(
    state: GameState,
    *,
    game: str,
    turn: Position | None,
    actions: Sequence[LegalAction],
    positions: Sequence[PositionView],
    card_groups: tuple[CardGroup, ...],
    figures: tuple[Figure, ...],
    facts: tuple[Fact, ...],
    seen: Container[int],
) -> TabletView:
    """The view of ``state`` with the parts its game built: its phase, whether it is complete
    (with its result then), its deck pass, the cards not yet ``seen`` in it, and how many
    events it holds are read from the state as every game's state answers them."""
    complete = state.complete
    return TabletView(
        game=game,
        phase=state.phase.value,
        complete=complete,
        turn=turn,
        actions=tuple(actions),
        positions=tuple(positions),
        card_groups=card_groups,
        figures=figures,
        facts=facts,
        deck_pass=state.deck_pass,
        unseen_cards=unseen_card_texts(seen),
        event_count=state.event_count,
        result=state.result() if complete else None,
    )


class Bounds(TypedDict, total=False):
    """The bounds a field may have now (:class:`~casino.games.contract.FieldBounds`)."""

    min: Decimal | None
    max: Decimal | None
    step: Decimal | None
    min_count: int | None
    max_count: int | None
    cards: tuple[str, ...] | None
    positions: tuple[int, ...] | None
    targets: tuple[str, ...] | None
    value: JsonValue
    labels: tuple[str, ...] | None
    count_of: str | None


def field_bounds(spec: FieldSpec, **bounds: Unpack[Bounds]) -> FieldBounds:
    """The field of ``spec`` (its name, kind and optionality) with the bounds given now."""
    return FieldBounds(spec.name, spec.kind, spec.required, spec.nullable, **bounds)


def amount_bounds(spec: FieldSpec, low: Decimal, high: Decimal, step: Decimal) -> FieldBounds:
    """An amount from ``low`` to ``high`` in steps of ``step`` (the chip unit); the amount
    itself when only one is allowed."""
    return field_bounds(spec, min=low, max=high, step=step, value=str(low) if low == high else None)


def position_bounds(
    spec: FieldSpec, positions: Sequence[int], labels: Iterable[str] | None = None
) -> FieldBounds:
    """One of ``positions`` (each titled by its label, if given); the position itself when
    there is only one."""
    only = positions[0] if len(positions) == 1 else None
    titles = None if labels is None else tuple(labels)
    return field_bounds(spec, positions=tuple(positions), value=only, labels=titles)


def fields_in_spec_order(
    specs: Iterable[FieldSpec],
    given: Mapping[str, FieldBounds],
    unbounded: Callable[[FieldSpec], FieldBounds] = field_bounds,
) -> tuple[FieldBounds, ...]:
    """Every field of an action's ``specs``, in spec order: its bounds in ``given``, else
    ``unbounded`` (by default the field with no bound beyond its kind)."""
    return tuple(given.get(spec.name) or unbounded(spec) for spec in specs)


def seating_bounds(
    specs: Iterable[FieldSpec],
    rules: SeatingRules,
    seating: SeatingLimits,
    seats: tuple[int, ...],
) -> dict[str, FieldBounds]:
    """The bounds of seating the players at ``seats`` (the fields ``stacks`` and ``button`` of
    ``specs``): each one's stack within the table's limits (at least a chip), as many players
    as the rules allow and the seats hold, and the button on one of the seats."""
    by_name = {spec.name: spec for spec in specs}
    return {
        "stacks": field_bounds(
            by_name["stacks"],
            min=seating.stack_min or rules.chip_unit,
            max=seating.stack_max,
            step=rules.chip_unit,
            min_count=rules.min_players,
            max_count=min(rules.max_players, len(seats)),
            positions=seats,
        ),
        "button": field_bounds(by_name["button"], positions=seats),
    }


@functools.cache
def seat_label(seat: int) -> Words:
    """A seat's name on the tablet ("Seat 3"), made once per seat: the same in every view."""
    return Words("Seat {seat}", seat=seat)


def seat_position(seat: int) -> Position:
    """Seat ``seat`` of a game played at seats."""
    return Position(PositionKind.SEAT, seat)


def box_position(box: int) -> Position:
    """Box ``box`` of a house-banked game."""
    return Position(PositionKind.BOX, box)


def card_texts(cards: Iterable[object]) -> tuple[str, ...]:
    """Cards as the tablet writes them."""
    return tuple(str(card) for card in cards)


def yes_no(answer: bool | None) -> Words:
    return Words("yes") if answer else Words("no")
