"""Seating patrons at the tables through the API, as the floor does it: boxes of a house-banked
game, one seat of a pot game, pauses, a move between tables in one visit, leaving; and an
excluded patron, who is not seated however asked, with nothing written."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from rest_framework.test import APIClient

from casino.core.models import AuditRecord
from casino.patrons.models import Patron, PlaySession, SessionPause, Visit
from tables.models import Game, Table, TableStatus
from tests.patrons.patrons import enrolled, posted, refused

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]


def _rows() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Patron, Visit, PlaySession, SessionPause, AuditRecord)
    )


def _seat_url(table: Table) -> str:
    return f"/api/v1/tables/{table.pk}/seat-patron/"


def test_a_dealer_seats_an_anonymous_patron_at_two_boxes_and_nobody_else_there(
    floor: dict[str, Any], client_for: Clients
) -> None:
    dealer = client_for("dealer")
    table = floor["table"]
    session = posted(
        dealer,
        _seat_url(table),
        {"positions": [2, 1], "description": "Tall man, red tie"},
        status=201,
    )
    assert session["positions"] == [1, 2]
    assert session["patron"]["kind"] == "anonymous"
    assert session["patron"]["label"] == "Tall man, red tie"
    assert session["paused"] is False

    details = refused(dealer, _seat_url(table), {"positions": [2, 3]}, code="position_taken")
    assert details["positions"] == [2]
    refused(dealer, _seat_url(table), {"positions": [5]}, code="position_invalid")
    refused(dealer, _seat_url(table), {"positions": [3, 3]}, code="position_invalid")

    seated = dealer.get(f"/api/v1/tables/{table.pk}/seated/").json()
    assert [s["positions"] for s in seated] == [[1, 2]]
    # The dealer of another table neither seats nor sees patrons here.
    refused(
        client_for("other_dealer"), _seat_url(table), {"positions": [3]}, code="permission_denied"
    )
    assert client_for("other_dealer").get(f"/api/v1/tables/{table.pk}/seated/").status_code == 403


def test_a_pot_game_gives_a_patron_one_seat(
    floor: dict[str, Any], client_for: Clients, play_game_at_table: Callable[..., Table]
) -> None:
    table = play_game_at_table(Game.RED_DOG)
    dealer = client_for("dealer")
    details = refused(dealer, _seat_url(table), {"positions": [1, 2]}, code="position_invalid")
    assert details["position_kind"] == "seat"
    posted(dealer, _seat_url(table), {"positions": [8]}, status=201)


def test_an_excluded_patron_is_not_seated_and_nothing_is_written(
    floor: dict[str, Any], client_for: Clients
) -> None:
    pit_boss, dealer = client_for("pit_boss"), client_for("dealer")
    patron = enrolled(pit_boss, floor["casino"].pk, "C-1001")
    exclusion = posted(
        pit_boss,
        f"/api/v1/patrons/{patron['id']}/exclude/",
        {"kind": "self_excluded", "reason": "Asked at the desk"},
        status=201,
    )
    assert dealer.get(f"/api/v1/patrons/{patron['id']}/").json()["excluded"] is True
    before = _rows()
    details = refused(
        dealer,
        _seat_url(floor["table"]),
        {"positions": [1], "patron": patron["id"]},
        code="patron_excluded",
    )
    assert details == {"patron": patron["id"], "kind": "self_excluded"}
    assert _rows() == before
    # A dealer may not lift it; a pit boss may, once.
    lift_url = f"/api/v1/exclusions/{exclusion['id']}/lift/"
    refused(dealer, lift_url, {"reason": "Ended"}, code="permission_denied")
    lifted = posted(pit_boss, lift_url, {"reason": "Exclusion period served"}, status=200)
    assert lifted["lift"]["lifted_by"] == "pit_boss"
    refused(pit_boss, lift_url, {"reason": "Again"}, code="exclusion_already_lifted")
    posted(
        dealer, _seat_url(floor["table"]), {"positions": [1], "patron": patron["id"]}, status=201
    )


def test_a_patron_excluded_while_seated_is_not_moved(
    floor: dict[str, Any], client_for: Clients
) -> None:
    pit_boss = client_for("pit_boss")
    patron = enrolled(pit_boss, floor["casino"].pk, "C-1002")
    session = posted(
        pit_boss, _seat_url(floor["table"]), {"positions": [1], "patron": patron["id"]}, status=201
    )
    refused(
        pit_boss,
        _seat_url(floor["table"]),
        {"positions": [2], "patron": patron["id"]},
        code="patron_already_seated",
    )
    posted(
        pit_boss,
        f"/api/v1/patrons/{patron['id']}/exclude/",
        {"kind": "barred", "reason": "Cheating at RP-1"},
        status=201,
    )
    refused(
        pit_boss,
        f"/api/v1/patron-sessions/{session['id']}/move/",
        {"table": floor["table"].pk, "positions": [3]},
        code="patron_excluded",
    )
    posted(pit_boss, f"/api/v1/patron-sessions/{session['id']}/leave/", status=200)


def test_a_move_keeps_the_visit_and_a_pause_is_kept_until_resumed(
    floor: dict[str, Any], client_for: Clients
) -> None:
    other = Table.objects.create(
        pit=floor["pit"],
        code="RP-2",
        game=Game.RUSSIAN_POKER,
        status=TableStatus.OPEN,
        ante_min=D(10),
        ante_max=D(500),
        max_table_payout=D(5000),
        rule_set=floor["table"].rule_set,
        boxes=4,
    )
    pit_boss = client_for("pit_boss")
    first = posted(pit_boss, _seat_url(floor["table"]), {"positions": [3]}, status=201)
    steps = f"/api/v1/patron-sessions/{first['id']}"
    assert posted(pit_boss, f"{steps}/pause/", status=200)["paused"] is True
    refused(pit_boss, f"{steps}/pause/", code="session_paused")
    assert posted(pit_boss, f"{steps}/resume/", status=200)["paused"] is False
    refused(pit_boss, f"{steps}/resume/", code="session_not_paused")

    second = posted(
        pit_boss, f"{steps}/move/", {"table": other.pk, "positions": [1, 4]}, status=201
    )
    assert second["visit"] == first["visit"]
    assert (second["table"], second["positions"]) == (other.pk, [1, 4])
    refused(pit_boss, f"{steps}/pause/", code="session_ended")
    # The box left behind is free again.
    posted(pit_boss, _seat_url(floor["table"]), {"positions": [3]}, status=201)

    posted(pit_boss, f"/api/v1/patron-sessions/{second['id']}/leave/", status=200)
    visit = Visit.objects.get(pk=first["visit"])
    assert visit.ended_at is not None
    assert list(visit.sessions.order_by("pk").values_list("table_id", flat=True)) == [
        floor["table"].pk,
        other.pk,
    ]
    # The dealer of the first table cannot move anyone to a table not theirs.
    third = posted(client_for("dealer"), _seat_url(floor["table"]), {"positions": [2]}, status=201)
    refused(
        client_for("dealer"),
        f"/api/v1/patron-sessions/{third['id']}/move/",
        {"table": other.pk, "positions": [2]},
        code="permission_denied",
    )


def test_seating_at_a_closed_table_is_refused(floor: dict[str, Any], client_for: Clients) -> None:
    table = floor["table"]
    Table.objects.filter(pk=table.pk).update(status=TableStatus.CLOSED)
    refused(client_for("pit_boss"), _seat_url(table), {"positions": [1]}, code="table_not_open")


def test_a_card_s_number_seats_its_patron(floor: dict[str, Any], client_for: Clients) -> None:
    patron = enrolled(client_for("pit_boss"), floor["casino"].pk, "C-1003")
    dealer = client_for("dealer")
    details = refused(
        dealer,
        _seat_url(floor["table"]),
        {"positions": [1], "loyalty_number": "C-1004"},
        code="loyalty_number_unknown",
    )
    assert details == {"loyalty_number": "C-1004"}
    session = posted(
        dealer,
        _seat_url(floor["table"]),
        {"positions": [1], "loyalty_number": " C-1003 "},
        status=201,
    )
    assert (session["patron"]["id"], session["patron"]["label"]) == (patron["id"], "#C-1003")
