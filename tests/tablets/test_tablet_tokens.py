"""A token issued at a tablet acts at the tablet's table alone, and not at all once the tablet
is revoked; after a relief in the middle of a round the new dealer carries the round on, named
on the events that follow, and the relieved dealer's token is refused; a tablet that restarted
finds the round in play."""

from __future__ import annotations

from typing import Any

import pytest

from casino.core.models import AuditRecord
from tables.models import RoundEvent
from tables.services.rounds import round_open
from tables.services.tables import dealer_assign
from tables.services.tablets import tablet_revoke
from tests.tablets.conftest import Registered, pin_sign_in, token_client

pytestmark = pytest.mark.django_db


def _note(client: Any, round_id: int, expected: int, text: str) -> Any:
    return client.post(
        f"/api/v1/rounds/{round_id}/actions/",
        {"expected_event": expected, "action": "note", "text": text},
        format="json",
    )


def _refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.content
    assert answer.json()["error"]["code"] == code


def test_a_tablet_token_acts_at_the_tablets_table_alone(
    floor: dict[str, Any],
    users: dict[str, Any],
    pins: dict[str, str],
    tablet: Registered,
    client_for: Any,
) -> None:
    table, other = floor["table"], floor["other_table"]
    at_tablet = token_client(
        pin_sign_in(tablet.client(), table.pk, "dealer", pins["dealer"]).json()["token"]
    )
    assert at_tablet.get(f"/api/v1/tables/{table.pk}/").status_code == 200
    # The dealer is moved to the other pit's table: the dealer's password token may act there,
    # the token of the RP-1 tablet may not.
    dealer_assign(table_id=other.pk, dealer=users["dealer"], actor=users["admin"])
    round = round_open(table_id=other.pk, dealer=users["dealer"])
    signed_in = client_for("dealer")
    assert signed_in.get(f"/api/v1/tables/{other.pk}/").status_code == 200

    _refused(at_tablet.get(f"/api/v1/tables/{other.pk}/"), 403, "permission_denied")
    _refused(at_tablet.get(f"/api/v1/rounds/{round.pk}/"), 403, "permission_denied")
    _refused(_note(at_tablet, round.pk, 0, "from the wrong tablet"), 403, "permission_denied")
    _refused(
        at_tablet.post(f"/api/v1/tables/{table.pk}/rounds/", {}, format="json"),
        403,
        "permission_denied",
    )
    assert not RoundEvent.objects.exists()
    assert _note(signed_in, round.pk, 0, "from the dealer's own device").status_code == 200


def test_the_tokens_of_a_revoked_tablet_are_refused(
    floor: dict[str, Any], users: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    table = floor["table"]
    token = pin_sign_in(tablet.client(), table.pk, "dealer", pins["dealer"]).json()["token"]
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    tablet_revoke(tablet_id=tablet.tablet.pk, actor=users["pit_boss"], reason="dropped")

    _refused(token_client(token).get(f"/api/v1/tables/{table.pk}/"), 401, "tablet_revoked")
    _refused(_note(token_client(token), round.pk, 0, "after revoke"), 401, "tablet_revoked")
    assert not RoundEvent.objects.exists()


def test_a_relief_in_the_middle_of_a_round_hands_the_round_to_the_new_dealer(
    floor: dict[str, Any],
    relief_dealer: Any,
    pins: dict[str, str],
    tablet: Registered,
) -> None:
    table = floor["table"]
    outgoing = token_client(
        pin_sign_in(tablet.client(), table.pk, "dealer", pins["dealer"]).json()["token"]
    )
    opened = outgoing.post(f"/api/v1/tables/{table.pk}/rounds/", {}, format="json")
    assert opened.status_code == 201, opened.content
    round_id = opened.json()["id"]
    wagers = {"expected_event": 0, "action": "place_wagers", "box": 1, "player": "P1", "ante": "10"}
    first = outgoing.post(f"/api/v1/rounds/{round_id}/actions/", wagers, format="json")
    assert first.status_code == 200, first.content

    relief = pin_sign_in(tablet.client(), table.pk, "relief_dealer", pins["relief_dealer"])
    assert relief.status_code == 201, relief.content
    incoming = token_client(relief.json()["token"])
    # The tablet finds the round in play and carries on from the event it saw last.
    assert tablet.client().get("/api/v1/tablets/current/").json()["open_round"] == round_id
    next_wagers = wagers | {"expected_event": 1, "box": 2, "player": "P2"}
    carried = incoming.post(f"/api/v1/rounds/{round_id}/actions/", next_wagers, format="json")

    assert carried.status_code == 200, carried.content
    actors = list(
        RoundEvent.objects.filter(round_id=round_id)
        .order_by("seq")
        .values_list("seq", "actor__username")
    )
    assert actors == [(1, "dealer"), (2, "relief_dealer")]
    assert carried.json()["events"][0]["actor"] == "relief_dealer"
    action_rows = AuditRecord.objects.filter(event_code="round.action").order_by("id")
    assert [r.actor_label for r in action_rows] == ["dealer", "relief_dealer"]
    # The relieved dealer's token is signed out; nothing more is recorded with it.
    late = outgoing.post(
        f"/api/v1/rounds/{round_id}/actions/",
        wagers | {"expected_event": 2, "box": 3, "player": "P3"},
        format="json",
    )
    _refused(late, 401, "authentication_failed")
    assert RoundEvent.objects.filter(round_id=round_id).count() == 2


def test_a_restarted_tablet_finds_the_round_in_play(
    floor: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    table = floor["table"]
    dealer = token_client(
        pin_sign_in(tablet.client(), table.pk, "dealer", pins["dealer"]).json()["token"]
    )
    round_id = dealer.post(f"/api/v1/tables/{table.pk}/rounds/", {}, format="json").json()["id"]

    detail = dealer.get(f"/api/v1/tables/{table.pk}/").json()
    assert detail["open_round"] == {"id": round_id, "number": 1}
    again = dealer.post(f"/api/v1/tables/{table.pk}/rounds/", {}, format="json")
    _refused(again, 409, "round_already_open")
    assert again.json()["error"]["details"] == {"round": round_id, "number": 1}
