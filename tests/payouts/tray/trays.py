"""Writers of chip-tray data for the tests: the casino's chips, counts and slips taken through
the real services, step by step, by whoever the test names."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

from payouts.models import ChipSlip, DropCount, TrayCount
from payouts.services import slips, trays
from tables.models import Table

#: The test casino's chips.
CHIP_VALUES = ("1.00", "5.00", "25.00", "100.00")


def chips_made(casino_id: int, admin: Any) -> None:
    for value, colour in zip(CHIP_VALUES, ("white", "red", "green", "black"), strict=True):
        trays.chip_add(casino_id=casino_id, value=D(value), colour=colour, actor=admin)


def count_confirmed(
    table: Table, kind: str, chips: dict[str, int], *, counter: Any, confirmer: Any
) -> TrayCount:
    count = trays.tray_count_enter(table_id=table.pk, kind=kind, chips=chips, actor=counter)
    trays.tray_count_decide(count_id=count.pk, actor=confirmer, confirm=True)
    return count


def slip_through(
    table: Table, kind: str, chips: dict[str, int], *, people: list[Any], steps: int = 3
) -> ChipSlip:
    """A slip asked for by ``people[0]`` and taken ``steps`` steps further by the next ones
    (approved, issued, received)."""
    slip = slips.slip_request(table_id=table.pk, kind=kind, chips=chips, actor=people[0])
    for step, person in list(zip(("approved", "issued", "received"), people[1:], strict=False))[
        :steps
    ]:
        slips.slip_step(slip_id=slip.pk, step=step, actor=person)
    return slip


def drop_confirmed(
    table: Table, shift: TrayCount, cash: D, *, counter: Any, confirmer: Any, markers: D = D(0)
) -> DropCount:
    drop = trays.drop_count_enter(
        table_id=table.pk, shift_id=shift.pk, cash=cash, markers=markers, actor=counter
    )
    trays.drop_count_decide(drop_id=drop.pk, actor=confirmer, confirm=True)
    return drop
