"""Seating players at numbered seats with the chips they bring (Red Dog and Ruby Run).

Seats are numbered from 1 clockwise. Seating names each player's seat and stack and the seat of
the button: :func:`seat_stacks` is its one check, and :class:`PlayersSeatedEvent` the one way it
is stored. Its codes (``seat_invalid``, ``player_count_invalid``...) are named once in
:mod:`casino.games.codes`, with every shared code; each engine's ``codes`` module re-exports them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol, TypeAlias

from casino.games.codes import (
    INSUFFICIENT_STACK,
    OUT_OF_TURN,
    PLAYER_COUNT_INVALID,
    SEAT_INVALID,
    STACK_OUT_OF_LIMITS,
    GameCode,
)
from casino.games.errors import GameError
from casino.games.event_codec import CodedEvent, event
from casino.games.money import (
    AmountInput,
    chip_amount,
    to_decimal,
    verify_within_limits,
)

#: Each seat with the chips its player brings: a mapping, or pairs of seat and amount.
StacksInput: TypeAlias = Mapping[int, AmountInput] | Iterable[tuple[int, AmountInput]]


class SeatingRules(Protocol):
    """What seating reads of a game's rule set: how many players it seats, and its chip."""

    @property
    def chip_unit(self) -> Decimal: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...


@dataclass(frozen=True, slots=True)
class SeatingLimits:
    """What a table allows when its players sit down: its ``seats`` (numbered 1 to ``seats``)
    and the chips each player may bring, ``stack_min`` to ``stack_max`` (``None``: no such
    limit).

    Read from a round's pinned limits by :meth:`from_limits`: the table's ``boxes`` (its seats),
    ``stack_min`` and ``stack_max``. A round opened before the stack limits were pinned has
    none, and is replayed as it was played.

    >>> SeatingLimits.from_limits({"boxes": 6, "stack_max": "500.00"}, most=8)
    SeatingLimits(seats=6, stack_min=None, stack_max=Decimal('500.00'))
    >>> SeatingLimits.from_limits({}, most=8).seats
    8
    """

    seats: int
    stack_min: Decimal | None = None
    stack_max: Decimal | None = None

    @classmethod
    def from_limits(cls, limits: Mapping[str, object], *, most: int) -> SeatingLimits:
        """The seating limits of a round's pinned ``limits``, at most ``most`` seats (the
        game's own maximum).

        :raises GameError: ``limits_invalid`` for a stack limit that is not an amount.
        """
        boxes = limits.get("boxes")
        seats = most
        if isinstance(boxes, int) and not isinstance(boxes, bool) and 1 <= boxes < most:
            seats = boxes
        return cls(
            seats=seats,
            stack_min=_limit(limits, "stack_min"),
            stack_max=_limit(limits, "stack_max"),
        )

    def seated(
        self, rules: SeatingRules, stacks: StacksInput, button: int, *, seats: int
    ) -> tuple[tuple[int, Decimal], ...]:
        """:func:`seat_stacks` at this table, of a game of ``seats`` seats under ``rules``."""
        return seat_stacks(
            stacks,
            button,
            min_players=rules.min_players,
            max_players=rules.max_players,
            seats=seats,
            chip_unit=rules.chip_unit,
            limits=self,
        )

    def verify_stack(self, seat: int, amount: Decimal) -> None:
        """:raises GameError: ``stack_out_of_limits`` naming the limit ``amount`` crosses."""
        verify_within_limits(
            amount,
            self.stack_min,
            self.stack_max,
            names=("stack_min", "stack_max"),
            code=STACK_OUT_OF_LIMITS,
            message=f"Seat {seat} brings {amount}: outside the table's limits",
            seat=seat,
        )


def _limit(limits: Mapping[str, object], name: str) -> Decimal | None:
    value = limits.get(name)
    if value is None:
        return None
    return to_decimal(value, field=name, code=GameCode.LIMITS_INVALID)


def is_seat_number(seat: object, seats: int) -> bool:
    """Whether ``seat`` is a seat of a table of ``seats`` seats (1 to ``seats``; a bool is not).

    >>> is_seat_number(8, 8), is_seat_number(9, 8), is_seat_number(True, 8)
    (True, False, False)
    """
    return isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= seats


def check_turn(seat: object, to_act: int | None) -> None:
    """Refuse an action of ``seat`` unless it is the seat to act.

    :raises GameError: ``out_of_turn`` (``data["seat"]``, ``data["to_act"]``).
    """
    if seat != to_act:
        raise GameError(
            OUT_OF_TURN,
            f"It is seat {to_act}'s turn, not seat {seat!r}'s",
            seat=seat,
            to_act=to_act,
        )


def check_stack(seat: int, amount: Decimal, stack: Decimal) -> None:
    """Refuse ``amount`` put in by ``seat`` unless its ``stack`` covers it.

    :raises GameError: ``insufficient_stack`` (``data["seat"]``, ``data["amount"]``,
        ``data["stack"]``).
    """
    if amount > stack:
        raise GameError(
            INSUFFICIENT_STACK,
            f"Seat {seat} has only {stack}",
            seat=seat,
            amount=str(amount),
            stack=str(stack),
        )


def seat_stacks(
    stacks: StacksInput,
    button: int,
    *,
    min_players: int,
    max_players: int,
    seats: int,
    chip_unit: Decimal,
    limits: SeatingLimits | None = None,
) -> tuple[tuple[int, Decimal], ...]:
    """The seated players' stacks as pairs of seat and amount, in seat order.

    Checked in this order: the number of players (``min_players`` to ``max_players``), then
    each seat and its stack in the order given, then the button. ``limits`` narrows the seats
    to the table's and bounds each stack.

    :raises GameError: ``player_count_invalid``; ``seat_invalid`` for a seat outside 1 to
        ``seats`` (or the table's) or given twice, or a button not on a seated player;
        ``amount_invalid`` / ``amount_not_chip_multiple`` for a stack, ``stack_out_of_limits``
        for one outside the table's limits.

    >>> seat_stacks({3: "50", 1: 40}, 3, min_players=2, max_players=8, seats=8,
    ...             chip_unit=Decimal(1))
    ((1, Decimal('40')), (3, Decimal('50')))
    """
    pairs = list(stacks.items()) if isinstance(stacks, Mapping) else list(stacks)
    if limits is not None:
        seats = min(seats, limits.seats)
    count = len(pairs)
    if not min_players <= count <= max_players:
        raise GameError(
            PLAYER_COUNT_INVALID,
            f"{count} players; this table seats {min_players}–{max_players}",
            players=count,
            minimum=min_players,
            maximum=max_players,
        )
    seated: dict[int, Decimal] = {}
    for seat, raw in pairs:
        if not is_seat_number(seat, seats) or seat in seated:
            raise GameError(SEAT_INVALID, f"Not a free seat: {seat!r}", seat=seat)
        seated[seat] = chip_amount(raw, chip_unit, field=f"stack of seat {seat}")
        if limits is not None:
            limits.verify_stack(seat, seated[seat])
    if button not in seated:
        raise GameError(
            SEAT_INVALID, f"The button must be on a seated player: {button!r}", seat=button
        )
    return tuple(sorted(seated.items()))


@event("players_seated")
class PlayersSeatedEvent(CodedEvent):
    """The event of seating: ``stacks`` pairs each seat with its chips, in seat order, and
    ``button`` is the button's seat; stored as ``{"kind", "stacks": {seat: amount}, "button"}``.

    Each engine that seats players declares its own ``PlayersSeated`` as a subclass, so that its
    events stay its own: one engine's seating is not an event another engine accepts.
    """

    stacks: tuple[tuple[int, Decimal], ...]
    button: int
