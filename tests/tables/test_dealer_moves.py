"""Who may move a dealer, and the permission to write at a table decided by the table service
under the table's lock, whoever calls it (the API, the admin, a task)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from casino.core.errors import ApiError
from casino.core.models import AuditRecord
from casino.core.roles import Role
from casino.identity.models import DeviceToken
from tables.models import DealerAssignment, Game, Round, RoundStatus, Table, TableChange
from tables.services import tables as table_services
from tables.services.limits import table_limits_change
from tables.services.rounds import round_act, round_open
from tables.services.tables import dealer_assign, table_close, table_open
from tests.fixtures import qualify

pytestmark = pytest.mark.django_db


def _seated() -> list[tuple[str, str]]:
    return sorted(
        DealerAssignment.objects.filter(ended_at__isnull=True).values_list(
            "table__code", "dealer__username"
        )
    )


SEATED = [("RP-1", "dealer"), ("RP-9", "other_dealer")]


def test_a_pit_boss_of_another_pit_cannot_take_this_pits_dealer_mid_round(
    client_for: Callable[[str | None], Any], floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The boss of pit B seating pit A's dealer at a table of pit B took the dealer away from
    a round in play (201). Refused now, with nothing written, and the round goes on."""
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    rows = AuditRecord.objects.count()

    response = client_for("other_pit_boss").post(
        f"/api/v1/tables/{floor['other_table'].pk}/assignment/", {"dealer": "dealer"}, format="json"
    )

    assert response.status_code == 403, response.content
    assert response.json()["error"]["code"] == "permission_denied"
    assert _seated() == SEATED
    assert AuditRecord.objects.count() == rows
    round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=0,
        action="note",
        data={"text": "x"},
    )
    assert Round.objects.get(pk=round.pk).status == RoundStatus.OPEN


def test_a_pit_boss_cannot_take_another_pits_dealer_either(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    with pytest.raises(ApiError) as refused:
        dealer_assign(
            table_id=floor["table"].pk, dealer=users["other_dealer"], actor=users["pit_boss"]
        )
    assert refused.value.code == "permission_denied"
    assert _seated() == SEATED


def test_an_admin_moves_a_dealer_between_pits_and_both_tables_record_it(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    dealer_assign(table_id=floor["other_table"].pk, dealer=users["dealer"], actor=users["admin"])
    assert _seated() == [("RP-9", "dealer")]
    rows = AuditRecord.objects.filter(event_code__startswith="table.dealer_")
    assert sorted(rows.values_list("event_code", "table_id", "before", "after")) == sorted(
        [
            ("table.dealer_relieved", floor["table"].pk, {"dealer": "dealer"}, None),
            ("table.dealer_relieved", floor["other_table"].pk, {"dealer": "other_dealer"}, None),
            ("table.dealer_assigned", floor["other_table"].pk, None, {"dealer": "dealer"}),
        ]
    )


def test_a_pit_boss_seats_a_dealer_who_deals_nowhere(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    spare = make_user("spare", Role.DEALER)
    dealer_assign(table_id=floor["table"].pk, dealer=spare, actor=users["pit_boss"])
    assert _seated() == [("RP-1", "spare"), ("RP-9", "other_dealer")]


def test_seating_the_dealer_already_there_is_a_noop(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    rows = AuditRecord.objects.count()
    with pytest.raises(ApiError) as refused:
        dealer_assign(table_id=floor["table"].pk, dealer=users["dealer"], actor=users["pit_boss"])
    assert refused.value.code == "change_noop"
    assert AuditRecord.objects.count() == rows
    assert _seated() == SEATED


def test_a_dealer_moved_while_the_locks_were_awaited_is_refused(
    floor: dict[str, Any],
    users: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table the dealer leaves is read before it is locked; had the dealer moved in
    between, the table found under the lock is one the service neither locked nor checked."""
    monkeypatch.setattr(table_services, "dealer_table_id", lambda dealer_id: None)
    with pytest.raises(ApiError) as refused:
        dealer_assign(
            table_id=floor["table"].pk, dealer=users["other_dealer"], actor=users["admin"]
        )
    assert refused.value.code == "dealer_assignment_changed"
    assert _seated() == SEATED


@pytest.mark.parametrize(
    "write",
    [
        lambda table, actor: table_close(table_id=table.pk, actor=actor),
        lambda table, actor: table_open(table_id=table.pk, actor=actor),
        lambda table, actor: table_limits_change(
            table_id=table.pk, actor=actor, limits={"ante_max": 400}, reason="r"
        ),
        lambda table, actor: table_services.table_change(
            table_id=table.pk, actor=actor, changes={"boxes": 6}
        ),
    ],
    ids=["close", "open", "limits", "change"],
)
@pytest.mark.parametrize("who", ["other_pit_boss", "dealer", "auditor"])
def test_the_table_services_decide_the_permission_themselves(
    floor: dict[str, Any], users: dict[str, Any], write: Callable[..., Any], who: str
) -> None:
    table = floor["table"]
    row = Table.objects.values().get(pk=table.pk)
    with pytest.raises(ApiError) as refused:
        write(table, users[who])
    assert refused.value.code == "permission_denied"
    assert Table.objects.values().get(pk=table.pk) == row
    assert not TableChange.objects.exists()


def _written() -> tuple[list[tuple[str, str]], int, int, int]:
    """What a refused assignment must leave as it was: who deals where, every assignment, the
    audit rows and the device tokens."""
    return (
        _seated(),
        DealerAssignment.objects.count(),
        AuditRecord.objects.count(),
        DeviceToken.objects.count(),
    )


def test_the_api_refuses_to_seat_a_dealer_not_qualified_for_the_tables_game(
    client_for: Callable[[str | None], Any],
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
) -> None:
    """A dealer qualified for Red Dog alone is not seated at a Russian Poker table that has no
    dealer, and nothing is written; qualified for Russian Poker, the same request seats the
    dealer."""
    empty = Table.objects.get(pk=floor["table"].pk)
    empty.pk, empty.code = None, "RP-2"
    empty.save()
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    qualify(trainee, games=[Game.RED_DOG])
    pit_boss = client_for("pit_boss")
    before = _written()

    response = pit_boss.post(
        f"/api/v1/tables/{empty.pk}/assignment/", {"dealer": "trainee"}, format="json"
    )

    assert response.status_code == 403, response.content
    error = response.json()["error"]
    assert error["code"] == "dealer_not_qualified"
    assert error["details"] == {"dealer": "trainee", "game": "russian_poker"}
    assert _written() == before
    qualify(trainee, games=[Game.RUSSIAN_POKER])
    response = pit_boss.post(
        f"/api/v1/tables/{empty.pk}/assignment/", {"dealer": "trainee"}, format="json"
    )
    assert response.status_code == 201, response.content
    assert ("RP-2", "trainee") in _seated()


def test_a_relief_by_a_dealer_not_qualified_is_refused_and_the_dealer_there_deals_on(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    """Assigning relieves whoever dealt: a relief by a dealer not qualified for the game is
    refused before anyone is relieved, and the round in play goes on with its dealer."""
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    before = _written()
    with pytest.raises(ApiError) as refused:
        dealer_assign(table_id=floor["table"].pk, dealer=trainee, actor=users["pit_boss"])
    assert refused.value.code == "dealer_not_qualified"
    assert _written() == before
    assert _seated() == SEATED
    done = round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=0,
        action="note",
        data={"text": "x"},
    )
    assert done.round.last_event_seq == 1
