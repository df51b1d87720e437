"""``Authorization: Tablet <credential>`` identifies a tablet: it answers which table it is
bound to, who deals there and the round in play; an unknown credential is refused, a revoked
tablet's too, with its own code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from casino.core.roles import Role
from casino.identity.pins import pin_set
from tables.services.rounds import round_open
from tables.services.tablets import tablet_revoke
from tests.tablets.conftest import CURRENT_URL, Registered

pytestmark = pytest.mark.django_db


def test_the_tablet_names_its_table_its_dealer_and_the_round_in_play(
    floor: dict[str, Any], users: dict[str, Any], tablet: Registered
) -> None:
    table = floor["table"]
    first = tablet.client().get(CURRENT_URL)
    assert first.status_code == 200, first.content
    assert first.json() == {
        "id": tablet.tablet.pk,
        "name": "RP-1 tablet",
        "table": {
            "id": table.pk,
            "name": "RP-1",
            "pit": "Pit A",
            "pit_id": floor["pit"].pk,
            "casino": "Test Casino",
            "game": "russian_poker",
            "language": "",
        },
        "dealer": {"id": users["dealer"].pk, "username": "dealer", "name": "dealer"},
        "dealers": [],
        "open_round": None,
        "unpaid_round": None,
    }
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    assert tablet.client().get(CURRENT_URL).json()["open_round"] == round.pk


def test_the_tablet_names_every_dealer_who_may_sign_in_there(
    users: dict[str, Any],
    tablet: Registered,
    pins: dict[str, str],
    make_user: Callable[..., Any],
) -> None:
    """A fresh tablet, at a table nobody deals at yet, offers each dealer's name as one tap:
    the active dealers holding a PIN and qualified for the table's game, and nobody else who
    holds one (the sign-in would refuse them)."""
    pin_set(
        user_id=make_user("trainee", Role.DEALER, qualified=False).pk,
        pin="6262",
        actor=users["admin"],
    )
    for name, role in (
        ("pit_boss_pin", Role.PIT_BOSS),
        ("gone", Role.DEALER),
        ("two", Role.DEALER),
    ):
        pin_set(user_id=make_user(name, role).pk, pin="6161", actor=users["admin"])
    get_user_model().objects.filter(username="gone").update(is_active=False)
    # In the auditors' group too, "two" acts as an auditor, the lesser role.
    get_user_model().objects.get(username="two").groups.add(
        Group.objects.get_or_create(name=Role.AUDITOR.value)[0]
    )
    make_user("no_pin", Role.DEALER)
    answer = tablet.client().get(CURRENT_URL).json()
    assert [d["username"] for d in answer["dealers"]] == sorted(pins)


def test_the_tablet_names_the_round_whose_payouts_wait_for_paid(
    floor: dict[str, Any], users: dict[str, Any], tablet: Registered
) -> None:
    """A tablet that restarted between Settle and Paid comes back to that round's settlement."""
    from decimal import Decimal as D

    from casino.games.cards import parse_card, parse_cards
    from payouts.services.settlement import round_settle
    from tables.services.paid import round_payouts_confirm
    from tables.services.rounds import round_act

    dealer = users["dealer"]
    round = round_open(table_id=floor["table"].pk, dealer=dealer)
    steps: list[tuple[str, dict[str, Any]]] = [
        ("place_wagers", {"box": 1, "player": "P1", "ante": D(10), "bonus": None, "blind": False}),
        ("close_bets", {}),
        ("deal_box", {"box": 1, "cards": parse_cards("8h 8s Kd 7c 3s")}),
        ("deal_card", {"target": "dealer", "card": parse_card("2c")}),
        ("bet", {"box": 1, "amount": None}),
        ("reveal_dealer", {"cards": parse_cards("Ac Kh 9d 6s")}),
    ]
    for seq, (action, data) in enumerate(steps):
        round_act(round_id=round.pk, actor=dealer, expected_event=seq, action=action, data=data)
    round_settle(round_id=round.pk, actor=dealer)
    answer = tablet.client().get(CURRENT_URL).json()
    assert (answer["open_round"], answer["unpaid_round"]) == (None, round.pk)
    round_payouts_confirm(round_id=round.pk, actor=dealer)
    assert tablet.client().get(CURRENT_URL).json()["unpaid_round"] is None


def test_an_unknown_credential_is_refused(floor: dict[str, Any]) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Tablet not-a-credential")
    answer = client.get(CURRENT_URL)
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "authentication_failed"


def test_no_credential_is_asked_for(floor: dict[str, Any]) -> None:
    answer = APIClient().get(CURRENT_URL)
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "not_authenticated"


def test_a_revoked_tablet_is_refused(users: dict[str, Any], tablet: Registered) -> None:
    tablet_revoke(tablet_id=tablet.tablet.pk, actor=users["pit_boss"], reason="stolen")
    answer = tablet.client().get(CURRENT_URL)
    assert answer.status_code == 401
    assert answer.json()["error"]["code"] == "tablet_revoked"


def test_a_user_token_is_not_a_tablet(floor: dict[str, Any], client_for: Any) -> None:
    answer = client_for("dealer").get(CURRENT_URL)
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "permission_denied"
