"""Two managers write at the same table at once: the permission and the state they were
decided on hold when the write is made, since both are decided under the table's lock.

The bugs these guard against: two approvers of one change of limits both find it pending and
both apply it; two managers move one dealer at once, each from the table it read before
locking, and the dealer ends up seated twice or relieved from a table nobody checked.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from casino.core.errors import ApiError
from casino.core.roles import Role
from tables.models import DealerAssignment, LimitChangeDecision, Table, TableChange
from tables.services import limits as limit_services
from tables.services import tables as table_services


def _together(
    calls: list[Callable[[], Any]], monkeypatch: pytest.MonkeyPatch, module: Any, name: str
) -> list[Any]:
    """Run ``calls`` in threads, each held at ``module.name`` (a lock helper) until all have
    reached it, so they truly overlap; each call's result or ``ApiError`` returned."""
    barrier = threading.Barrier(len(calls), timeout=10)
    original = getattr(module, name)

    def held(*args: Any, **kwargs: Any) -> Any:
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, held)
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            results[index] = calls[index]()
        except ApiError as refused:
            results[index] = refused
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


@pytest.mark.django_db(transaction=True)
def test_two_approvals_at_once_apply_the_change_once(
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deputy = make_user("deputy", Role.PIT_BOSS)
    floor["pit"].supervisors.add(deputy)
    request = limit_services.table_limits_change(
        table_id=floor["table"].pk,
        actor=users["pit_boss"],
        limits={"max_table_payout": None},
        reason="high rollers",
    ).request
    assert request is not None

    results = _together(
        [
            lambda: limit_services.limit_change_approve(request_id=request.pk, actor=deputy),
            lambda: limit_services.limit_change_approve(
                request_id=request.pk, actor=users["admin"]
            ),
        ],
        monkeypatch,
        limit_services,
        "table_lock",
    )

    refused = [r for r in results if isinstance(r, ApiError)]
    assert [r.code for r in refused] == ["not_pending"], results
    assert LimitChangeDecision.objects.count() == 1
    assert TableChange.objects.filter(kind="table.limits_changed").count() == 1
    assert Table.objects.get(pk=floor["table"].pk).max_table_payout is None


@pytest.mark.django_db(transaction=True)
def test_two_managers_moving_one_dealer_at_once_seat_the_dealer_once(
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both read that the dealer deals at RP-1, then lock it with their own table: the second
    finds the dealer moved under the lock and is refused, rather than relieving the dealer
    from a table it neither locked nor was checked against."""
    pit = floor["pit"]
    spare_table = Table.objects.create(
        pit=pit,
        code="RP-2",
        game=floor["table"].game,
        status=floor["table"].status,
        ante_min=floor["table"].ante_min,
        ante_max=floor["table"].ante_max,
        rule_set=floor["table"].rule_set,
    )
    results = _together(
        [
            lambda: table_services.dealer_assign(
                table_id=floor["other_table"].pk, dealer=users["dealer"], actor=users["admin"]
            ),
            lambda: table_services.dealer_assign(
                table_id=spare_table.pk, dealer=users["dealer"], actor=users["pit_boss"]
            ),
        ],
        monkeypatch,
        table_services,
        "tables_lock",
    )

    refused = [r for r in results if isinstance(r, ApiError)]
    assert [r.code for r in refused] == ["dealer_assignment_changed"], results
    seated = DealerAssignment.objects.filter(dealer=users["dealer"], ended_at__isnull=True)
    assert seated.count() == 1
