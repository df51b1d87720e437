"""Each refusal of a PIN sign-in at a tablet writes its audit row and nothing else: the table
not the tablet's, a revoked tablet, a wrong PIN (one answer for a wrong PIN, no PIN, no such
dealer, not a dealer), a dealer at a table of another pit, a dealer not qualified for the
table's game; and the throttles (per tablet, per
user name) and the lockout hold as they do for passwords."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps

from casino.core.models import AuditRecord
from casino.core.roles import Role
from casino.identity.lockouts import lockout_lift
from casino.identity.models import DealerPin, Qualification, SignInLockout
from casino.identity.qualifications import qualification_revoke
from tables.models import DealerAssignment
from tables.services.tablets import tablet_revoke
from tests.tablets.conftest import PINS, Registered, pin_sign_in, token_client

pytestmark = pytest.mark.django_db


def _rows() -> dict[str, Any]:
    """What a refusal must leave as it was: every model's rows counted, the assignments and
    tokens as they are; the audit trail (and its streams' heads) apart."""
    state: dict[str, Any] = {
        model._meta.label: model._default_manager.count()
        for model in apps.get_models()
        if model._meta.label
        not in {"core.AuditRecord", "core.AuditStream", "identity.SignInFailures"}
    }
    state["assignments"] = list(DealerAssignment.objects.order_by("pk").values())
    return state


def _failures() -> list[dict[str, Any]]:
    return [r.after for r in AuditRecord.objects.filter(event_code="auth.login_failed")]


def _refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.content
    assert answer.json()["error"]["code"] == code


def test_a_sign_in_for_another_table_than_the_tablets_is_refused(
    floor: dict[str, Any], pins: dict[str, str], tablet: Registered, other_tablet: Registered
) -> None:
    before = _rows()
    # The RP-1 tablet asked for RP-9 (the other pit's table, where other_dealer deals)...
    answer = pin_sign_in(tablet.client(), floor["other_table"].pk, "dealer", pins["dealer"])
    _refused(answer, 403, "tablet_other_table")
    # ... and the RP-9 tablet for RP-1: a tablet bound to another table is refused either way.
    answer = pin_sign_in(other_tablet.client(), floor["table"].pk, "dealer", pins["dealer"])
    _refused(answer, 403, "tablet_other_table")
    assert _rows() == before
    assert [(f["reason"], f["tablet"]) for f in _failures()] == [
        ("other_table", tablet.tablet.pk),
        ("other_table", other_tablet.tablet.pk),
    ]


def test_a_revoked_tablet_signs_nobody_in(
    floor: dict[str, Any], users: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    tablet_revoke(tablet_id=tablet.tablet.pk, actor=users["pit_boss"], reason="stolen")
    before = _rows()
    answer = pin_sign_in(tablet.client(), floor["table"].pk, "relief_dealer", PINS["relief_dealer"])
    _refused(answer, 401, "tablet_revoked")
    assert _rows() == before


@pytest.mark.parametrize(
    ("username", "pin"),
    [
        ("relief_dealer", "0000"),  # a wrong PIN
        ("nobody", "4812"),  # no such user
        ("pit_boss", "4812"),  # not a dealer
        ("fresh_dealer", "4812"),  # a dealer with no PIN
    ],
    ids=["wrong-pin", "no-such-user", "not-a-dealer", "no-pin-set"],
)
def test_every_wrong_pin_is_one_answer(
    floor: dict[str, Any],
    make_user: Any,
    pins: dict[str, str],
    tablet: Registered,
    username: str,
    pin: str,
) -> None:
    make_user("fresh_dealer", Role.DEALER)
    assert not DealerPin.objects.filter(user__username="fresh_dealer").exists()
    before = _rows()
    answer = pin_sign_in(tablet.client(), floor["table"].pk, username, pin)
    _refused(answer, 401, "pin_wrong")
    assert answer.json()["error"]["message"] == "Wrong user name or PIN."
    assert _rows() == before
    assert [(f["reason"], f["channel"]) for f in _failures()] == [
        ("wrong_credentials", "tablet_pin")
    ]
    assert AuditRecord.objects.get(event_code="auth.login_failed").actor_label == username


def test_a_dealer_at_a_table_of_another_pit_is_not_taken_from_it(
    floor: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    before = _rows()
    answer = pin_sign_in(tablet.client(), floor["table"].pk, "other_dealer", pins["other_dealer"])
    _refused(answer, 409, "dealer_assigned_elsewhere")
    assert answer.json()["error"]["details"] == {"table": "RP-9"}
    assert _rows() == before
    assert [(f["reason"], f["code"]) for f in _failures()] == [
        ("refused", "dealer_assigned_elsewhere")
    ]


def test_failed_pins_are_throttled_per_user_name(
    settings: Any, floor: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    settings.SIGN_IN_THROTTLE_RATES = {"username": "3/min", "address": "", "tablet": ""}
    client = tablet.client()
    for _ in range(3):
        _refused(pin_sign_in(client, floor["table"].pk, "relief_dealer", "0000"), 401, "pin_wrong")
    before = (_rows(), AuditRecord.objects.count())
    # The right PIN too: the name is throttled before any PIN is checked, and nothing written.
    answer = pin_sign_in(client, floor["table"].pk, "relief_dealer", pins["relief_dealer"])
    _refused(answer, 429, "throttled")
    assert "Retry-After" in answer
    assert (_rows(), AuditRecord.objects.count()) == before
    # Another name at the same tablet goes on.
    assert pin_sign_in(client, floor["table"].pk, "dealer", pins["dealer"]).status_code == 201


def test_failed_pins_are_throttled_per_tablet(
    settings: Any, floor: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    settings.SIGN_IN_THROTTLE_RATES = {"username": "", "address": "", "tablet": "3/min"}
    client = tablet.client()
    for name in ("dealer", "relief_dealer", "nobody"):
        _refused(pin_sign_in(client, floor["table"].pk, name, "0000"), 401, "pin_wrong")
    answer = pin_sign_in(client, floor["table"].pk, "dealer", pins["dealer"])
    _refused(answer, 429, "throttled")


def test_repeated_failures_lock_the_name_until_a_pit_boss_lifts_it(
    settings: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    pins: dict[str, str],
    tablet: Registered,
    address: str,
) -> None:
    settings.SIGN_IN_LOCKOUT_FAILURES = 3
    settings.SIGN_IN_THROTTLE_RATES = {"username": "", "address": "", "tablet": ""}
    client = tablet.client()
    for _ in range(3):
        _refused(pin_sign_in(client, floor["table"].pk, "dealer", "0000"), 401, "pin_wrong")
    lockout = SignInLockout.objects.get(username="dealer", lifted_at__isnull=True)
    assert lockout.failures == 3

    before = _rows()
    # The right PIN is refused too, and the password sign-in with it: one lockout per name.
    _refused(
        pin_sign_in(client, floor["table"].pk, "dealer", pins["dealer"]), 423, "sign_in_locked"
    )
    assert _rows() == before
    assert _failures()[-1]["reason"] == "locked"

    lockout_lift(lockout_id=lockout.pk, actor=users["pit_boss"], reason="the dealer forgot it")
    assert pin_sign_in(client, floor["table"].pk, "dealer", pins["dealer"]).status_code == 201


def test_a_dealer_not_qualified_for_the_tables_game_is_not_signed_in(
    floor: dict[str, Any], users: dict[str, Any], pins: dict[str, str], tablet: Registered
) -> None:
    """The relief dealer, whose Russian Poker qualification was revoked, signs in at RP-1's
    tablet: refused before anyone is relieved; no assignment, no token, no audit row but the
    refusal's; the dealer at the table is still signed in there."""
    dealer = pin_sign_in(tablet.client(), floor["table"].pk, "dealer", pins["dealer"])
    assert dealer.status_code == 201, dealer.content
    relief = Qualification.objects.get(dealer__username="relief_dealer", game="russian_poker")
    qualification_revoke(qualification_id=relief.pk, reason="lapsed", actor=users["pit_boss"])
    before = _rows()
    last = AuditRecord.objects.order_by("-pk").values_list("pk", flat=True).first()

    answer = pin_sign_in(tablet.client(), floor["table"].pk, "relief_dealer", pins["relief_dealer"])

    _refused(answer, 403, "dealer_not_qualified")
    assert answer.json()["error"]["details"] == {"dealer": "relief_dealer", "game": "russian_poker"}
    assert _rows() == before
    written = AuditRecord.objects.filter(pk__gt=last).order_by("pk")
    assert [(r.event_code, r.after["reason"], r.after["code"]) for r in written] == [
        ("auth.login_failed", "refused", "dealer_not_qualified")
    ]
    table = floor["table"].pk
    assert token_client(dealer.json()["token"]).get(f"/api/v1/tables/{table}/").status_code == 200
