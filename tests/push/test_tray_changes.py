"""The chip tray on the pit's stream: every step of a count, a slip, a slip's void and a drop
is published once it commits, as one kind, ``tray_changed``; the cage and a dealer subscribe
too, the dealer to the own table's changes alone.

Each test orders what it expects by a later committed change rather than by waiting, as the
stream's other tests do.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.utils import timezone

from casino.core.roles import Role
from payouts.services import slips, trays
from tables.models import Box, DealerAssignment, Table
from tests.payouts.tray.trays import chips_made
from tests.push.server import Subscriber, token_of

pytestmark = pytest.mark.django_db(transaction=True)


def _subscribe(port: int, pit_id: int, user: Any) -> Subscriber:
    subscriber = Subscriber(port, pit_id, token=token_of(user))
    assert subscriber.status == 200, subscriber.json()
    assert subscriber.next().name == "ready"
    return subscriber


def _tray(event: Any) -> tuple[str, int, str]:
    assert event.data["kind"] == "tray_changed", event.data
    data = event.data["data"]
    assert data["table"] == event.data["table"]
    return data["subject"], data["id"], data["status"]


def test_every_step_of_the_tray_reaches_the_pit_boss_and_the_cage(
    asgi_server: int,
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
) -> None:
    table, pit = floor["table"], floor["pit"]
    chips_made(floor["casino"].pk, users["admin"])
    cage_b = make_user("cage_b", Role.CAGE)
    watchers = [
        _subscribe(asgi_server, pit.pk, users["pit_boss"]),
        _subscribe(asgi_server, pit.pk, users["cage"]),
    ]
    dealer, boss, cage = users["dealer"], users["pit_boss"], users["cage"]

    opener = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips={"5.00": 10}, actor=dealer
    )
    trays.tray_count_decide(count_id=opener.pk, actor=boss, confirm=True)
    fill = slips.slip_request(table_id=table.pk, kind="fill", chips={"25.00": 4}, actor=dealer)
    slips.slip_step(slip_id=fill.pk, step="approved", actor=boss)
    slips.slip_step(slip_id=fill.pk, step="issued", actor=cage)
    slips.slip_step(slip_id=fill.pk, step="received", actor=dealer)
    wrong = slips.slip_request(table_id=table.pk, kind="credit", chips={"5.00": 2}, actor=dealer)
    void = slips.slip_void_request(slip_id=wrong.pk, actor=boss, reason="wrong table")
    slips.slip_void_decide(void_id=void.pk, actor=cage, approve=True)
    closer = trays.tray_count_enter(
        table_id=table.pk, kind="closer", chips={"5.00": 10, "25.00": 4}, actor=dealer
    )
    trays.tray_count_decide(count_id=closer.pk, actor=boss, confirm=False)
    drop = trays.drop_count_enter(
        table_id=table.pk, shift_id=opener.pk, cash=D("0.00"), markers=D("0.00"), actor=cage
    )
    trays.drop_count_decide(drop_id=drop.pk, actor=cage_b, confirm=True)

    expected = [
        ("count", opener.pk, "pending"),
        ("count", opener.pk, "confirmed"),
        ("slip", fill.pk, "requested"),
        ("slip", fill.pk, "approved"),
        ("slip", fill.pk, "issued"),
        ("slip", fill.pk, "received"),
        ("slip", wrong.pk, "requested"),
        ("slip_void", void.pk, "pending"),
        ("slip_void", void.pk, "approved"),
        ("count", closer.pk, "pending"),
        ("count", closer.pk, "rejected"),
        ("drop", drop.pk, "pending"),
        ("drop", drop.pk, "confirmed"),
    ]
    for watcher in watchers:
        events = [watcher.next() for _ in expected]
        assert [_tray(e) for e in events] == expected
        assert {e.data["table"] for e in events} == {table.pk}
        # What a page needs to place each change without reading it again.
        assert events[2].data["data"] | {"id": 0} == {
            "subject": "slip",
            "id": 0,
            "status": "requested",
            "table": table.pk,
            "kind": "fill",
            "number": fill.number,
        }
        assert events[7].data["data"]["slip"] == wrong.pk
        assert events[11].data["data"]["shift"] == opener.pk
        watcher.close()


def test_a_step_refused_is_never_published(
    asgi_server: int, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    table, pit = floor["table"], floor["pit"]
    chips_made(floor["casino"].pk, users["admin"])
    watcher = _subscribe(asgi_server, pit.pk, users["pit_boss"])
    count = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips={"5.00": 10}, actor=users["dealer"]
    )
    from casino.core.errors import ApiError

    with pytest.raises(ApiError):  # its counter may not confirm it
        trays.tray_count_decide(count_id=count.pk, actor=users["dealer"], confirm=True)
    trays.tray_count_decide(count_id=count.pk, actor=users["pit_boss"], confirm=False)
    assert _tray(watcher.next()) == ("count", count.pk, "pending")
    # The refused confirmation would have come here.
    assert _tray(watcher.next()) == ("count", count.pk, "rejected")
    watcher.close()


def test_a_dealer_follows_the_own_table_alone(
    asgi_server: int,
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    client_for: Callable,
) -> None:
    """The tablet's way: the dealer's token in ``Authorization``, read as a stream (``fetch``);
    another table of the same pit changes first, and the dealer's next event is the own."""
    table, pit = floor["table"], floor["pit"]
    neighbour = Table.objects.create(
        pit=pit,
        code="RP-2",
        game=table.game,
        status="open",
        rule_set=table.rule_set,
        ante_min=D(10),
        ante_max=D(500),
        boxes=4,
    )
    Box.objects.bulk_create(Box(table=neighbour, number=n) for n in range(1, 5))
    second = make_user("second_dealer", Role.DEALER)
    DealerAssignment.objects.create(
        table=neighbour, dealer=second, assigned_by=users["pit_boss"], started_at=timezone.now()
    )
    chips_made(floor["casino"].pk, users["admin"])
    dealer = _subscribe(asgi_server, pit.pk, users["dealer"])

    elsewhere = trays.tray_count_enter(
        table_id=neighbour.pk, kind="opener", chips={"5.00": 10}, actor=second
    )
    trays.tray_count_decide(count_id=elsewhere.pk, actor=users["pit_boss"], confirm=True)
    mine = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips={"5.00": 10}, actor=users["dealer"]
    )
    trays.tray_count_decide(count_id=mine.pk, actor=users["pit_boss"], confirm=True)
    assert _tray(dealer.next()) == ("count", mine.pk, "pending")
    assert _tray(dealer.next()) == ("count", mine.pk, "confirmed")
    # The round's changes at the own table come too.
    opened = client_for("dealer").post(f"/api/v1/tables/{table.pk}/rounds/", {}, format="json")
    assert opened.status_code == 201
    event = dealer.next()
    assert (event.data["table"], event.data["kind"]) == (table.pk, "round_opened")
    dealer.close()


def test_a_dealer_with_no_table_in_the_pit_is_refused(
    asgi_server: int, floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    """A dealer seated nowhere, and one relieved: nothing of the pit is theirs to follow."""
    idle = make_user("idle_dealer", Role.DEALER)
    DealerAssignment.objects.filter(dealer=users["dealer"]).update(ended_at=timezone.now())
    for who in (idle, users["dealer"]):
        subscriber = Subscriber(asgi_server, floor["pit"].pk, token=token_of(who))
        assert subscriber.status == 403
        assert subscriber.json()["error"]["code"] == "permission_denied"
