"""A dealer's PIN: set by the dealer with the own password, by an admin for any dealer, or at
the console; 4 to 8 digits; stored as a hasher's string, never in clear; each change audited
without the PIN."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, identify_hasher
from django.core.management import CommandError, call_command

from casino.core.models import AuditRecord
from casino.demo.floor import DEMO_PINS, load_demo_floor
from casino.identity.models import DealerPin

pytestmark = pytest.mark.django_db

PIN_URL = "/api/v1/auth/pin/"


def _refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.content
    assert answer.json()["error"]["code"] == code


def test_a_dealer_sets_the_own_pin_with_the_password_and_it_is_stored_hashed(
    users: dict[str, Any], client_for: Any
) -> None:
    answer = client_for("dealer").post(
        PIN_URL, {"password": "pw-dealer", "pin": "4812"}, format="json"
    )

    assert answer.status_code == 200, answer.content
    assert answer.json()["user"] == "dealer"
    assert "4812" not in answer.content.decode()
    row = DealerPin.objects.get(user=users["dealer"])
    # A hasher's string (algorithm$...), which the PIN checks against and does not contain.
    assert identify_hasher(row.pin_hash).algorithm == row.pin_hash.split("$", 1)[0]
    assert "4812" not in row.pin_hash
    assert check_password("4812", row.pin_hash)
    audit = AuditRecord.objects.get(event_code="auth.pin_set")
    assert audit.after == {"user": "dealer", "first": True}
    assert "4812" not in str(audit.after) + audit.reason


def test_each_change_of_a_pin_is_audited(users: dict[str, Any], client_for: Any) -> None:
    client = client_for("dealer")
    for pin in ("4812", "90210"):
        body = {"password": "pw-dealer", "pin": pin}
        assert client.post(PIN_URL, body, format="json").status_code == 200
    rows = AuditRecord.objects.filter(event_code="auth.pin_set").order_by("id")
    assert [r.after["first"] for r in rows] == [True, False]
    stored = DealerPin.objects.get(user=users["dealer"]).pin_hash
    assert check_password("90210", stored) and not check_password("4812", stored)


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", "", " 1234", "1234\n", "١٢٣٤"])
def test_a_pin_is_4_to_8_digits(users: dict[str, Any], client_for: Any, pin: Any) -> None:
    answer = client_for("dealer").post(
        PIN_URL, {"password": "pw-dealer", "pin": pin}, format="json"
    )
    assert answer.status_code == 400, answer.content
    # An empty text is refused by the field itself, anything else by the PIN's own rule.
    assert answer.json()["error"]["code"] == ("invalid_input" if pin == "" else "pin_invalid")
    assert not DealerPin.objects.exists()
    assert not AuditRecord.objects.filter(event_code="auth.pin_set").exists()


@pytest.mark.parametrize("password", ["wrong", None])
def test_the_own_pin_needs_the_own_password(
    users: dict[str, Any], client_for: Any, password: str | None
) -> None:
    body = {"pin": "4812"} | ({"password": password} if password else {})
    _refused(client_for("dealer").post(PIN_URL, body, format="json"), 403, "password_wrong")
    assert not DealerPin.objects.exists()


def test_an_admin_sets_any_dealers_pin_without_a_password(
    users: dict[str, Any], client_for: Any
) -> None:
    body = {"user": users["dealer"].pk, "pin": "4812"}
    answer = client_for("admin").post(PIN_URL, body, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json() | {"set_at": None} == {"user": "dealer", "set_by": "admin", "set_at": None}
    assert check_password("4812", DealerPin.objects.get(user=users["dealer"]).pin_hash)


@pytest.mark.parametrize("who", ["pit_boss", "other_dealer"])
def test_nobody_else_sets_a_dealers_pin(users: dict[str, Any], client_for: Any, who: str) -> None:
    body = {"user": users["dealer"].pk, "pin": "4812", "password": "pw-" + who}
    _refused(client_for(who).post(PIN_URL, body, format="json"), 403, "permission_denied")
    assert not DealerPin.objects.exists()


def test_only_a_dealer_or_a_pit_boss_has_a_pin(users: dict[str, Any], client_for: Any) -> None:
    """A dealer signs in at a tablet by PIN to deal, a pit boss to decide a request there;
    nobody else has one."""
    body = {"user": users["auditor"].pk, "pin": "4812"}
    _refused(client_for("admin").post(PIN_URL, body, format="json"), 400, "not_a_dealer")
    own = client_for("cage").post(PIN_URL, {"password": "pw-cage", "pin": "4812"}, format="json")
    _refused(own, 400, "not_a_dealer")
    _refused(
        client_for("admin").post(PIN_URL, {"user": 10**9, "pin": "4812"}, format="json"),
        404,
        "not_found",
    )
    assert not DealerPin.objects.exists()
    boss = client_for("pit_boss").post(
        PIN_URL, {"password": "pw-pit_boss", "pin": "4812"}, format="json"
    )
    assert boss.status_code == 200, boss.json()
    assert check_password("4812", DealerPin.objects.get(user=users["pit_boss"]).pin_hash)


def test_the_console_sets_a_pin(users: dict[str, Any]) -> None:
    call_command("set_pin", "dealer", pin="246810")
    row = DealerPin.objects.get(user=users["dealer"])
    assert row.set_by is None and check_password("246810", row.pin_hash)
    audit = AuditRecord.objects.get(event_code="auth.pin_set")
    assert (audit.actor_id, audit.actor_label) == (None, "manage.py set_pin")
    with pytest.raises(CommandError, match="pin_invalid"):
        call_command("set_pin", "dealer", pin="12")
    with pytest.raises(CommandError, match="not_a_dealer"):
        call_command("set_pin", "auditor", pin="1234")


def test_the_demo_dealers_have_the_pins_make_run_prints(db: Any) -> None:
    assert load_demo_floor() is True
    for name, pin in DEMO_PINS.items():
        user = get_user_model().objects.get(username=name)
        assert check_password(pin, DealerPin.objects.get(user=user).pin_hash)
