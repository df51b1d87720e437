"""The slips listed by status are exactly those of that status, however many slips there are:
the status is decided in SQL, as ``slip_status`` decides it for one slip."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from casino.core.roles import Role
from payouts.services import slips
from payouts.tray_selectors import SLIP_STATUSES, slip_list, slip_queryset, slip_status
from tests.payouts.tray.trays import chips_made, slip_through

pytestmark = pytest.mark.django_db


def test_each_status_lists_its_slips_and_no_other(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    table = floor["table"]
    cage_b = make_user("cage_b", Role.CAGE)
    chips_made(floor["casino"].pk, users["admin"])
    people = [users["dealer"], users["pit_boss"], users["cage"], cage_b]
    made: dict[str, set[int]] = {status: set() for status in SLIP_STATUSES}
    for steps, status in ((0, "requested"), (1, "approved"), (2, "issued"), (3, "received")):
        for _ in range(2):
            kind = "credit" if status == "received" else "fill"
            made[status].add(slip_through(table, kind, {"5.00": 2}, people=people, steps=steps).pk)
    pending = slip_through(table, "fill", {"5.00": 2}, people=people, steps=1)
    slips.slip_void_request(slip_id=pending.pk, actor=users["pit_boss"], reason="wrong chips")
    made["void_pending"].add(pending.pk)
    dead = slip_through(table, "fill", {"5.00": 2}, people=people, steps=2)
    void = slips.slip_void_request(slip_id=dead.pk, actor=users["pit_boss"], reason="never sent")
    slips.slip_void_decide(void_id=void.pk, actor=users["cage"], approve=True)
    made["voided"].add(dead.pk)

    for status in SLIP_STATUSES:
        listed = {slip.pk for slip in slip_list(user=users["auditor"], status=status)}
        assert listed == made[status], status
    # The one slip's status and the list's agree.
    for slip in slip_queryset():
        assert slip.pk in made[slip_status(slip)]
    # A limit keeps the newest of the status, not a cut of every slip.
    assert [s.pk for s in slip_list(user=users["auditor"], status="requested", limit=1)] == [
        max(made["requested"])
    ]
