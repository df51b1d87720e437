"""The nightly check of the dealers' accuracy: a dealer above a limit per 1,000 rounds over the
week to the closed gaming day raises one alert naming the dealer and the measure, however often
the check runs; a dealer below the minimum of rounds, or within the limits, raises none."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings as configured

from audit.services.dealer_accuracy_check import dealer_accuracy_check
from casino.core.models import Alert, AlertKind
from payouts.services.corrections import correction_approve, correction_request
from tables.models import Round

pytestmark = pytest.mark.django_db


#: The rounds are played at noon UTC, inside one gaming day in every zone the tests run in.
NOON = dt.datetime(2027, 3, 10, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(autouse=True)
def _at_noon(time_machine: Any) -> None:
    time_machine.move_to(NOON, tick=True)


def _after_the_day_closed(casino: Any, day: dt.date) -> dt.datetime:
    """An instant at which the casino's gaming day ``day`` is its last closed one."""
    grace = configured.AUDIT_REPORTS["NIGHTLY_GRACE_MINUTES"]
    opens_next = dt.datetime.combine(
        day + dt.timedelta(days=1),
        dt.time(casino.gaming_day_start_hour),
        ZoneInfo(casino.time_zone),
    )
    return opens_next + dt.timedelta(minutes=grace + 1)


def test_a_dealer_above_the_void_limit_raises_one_alert(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    play_rp01: Callable[..., Round],
    settings: Any,
) -> None:
    """Three rounds, one voided: 333.33 voids per 1,000 rounds, above a limit of 100."""
    settings.DEALER_ACCURACY_MIN_ROUNDS = 3
    settings.DEALER_ACCURACY_LIMITS = {"voids": "100", "payout_corrections": "100"}
    rounds = [play_rp01(audit_floor["table"]) for _ in range(3)]
    void = correction_request(
        round_id=rounds[1].pk, actor=users["dealer"], kind="void", reason="misdeal"
    )
    correction_approve(correction_id=void.pk, actor=users["pit_boss"])

    at = _after_the_day_closed(audit_floor["casino"], rounds[0].gaming_day)
    [alert] = dealer_accuracy_check(now=at)
    assert (alert.kind, alert.severity, alert.casino_id) == (
        AlertKind.DEALER_ACCURACY,
        "warning",
        audit_floor["casino"].pk,
    )
    assert alert.gaming_day == rounds[0].gaming_day
    assert alert.details | {"week": None} == {
        "dealer": "dealer",
        "measure": "voids",
        "per_1000": "333.33",
        "limit": "100",
        "rounds": 3,
        "week": None,
    }
    assert dealer_accuracy_check(now=at) == []
    assert Alert.objects.filter(kind=AlertKind.DEALER_ACCURACY).count() == 1


def test_below_the_minimum_of_rounds_or_within_the_limits_nothing_is_raised(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    play_rp01: Callable[..., Round],
    settings: Any,
) -> None:
    settings.DEALER_ACCURACY_LIMITS = {"voids": "100"}
    rounds = [play_rp01(audit_floor["table"]) for _ in range(3)]
    void = correction_request(
        round_id=rounds[0].pk, actor=users["dealer"], kind="void", reason="misdeal"
    )
    correction_approve(correction_id=void.pk, actor=users["pit_boss"])
    at = _after_the_day_closed(audit_floor["casino"], rounds[0].gaming_day)
    settings.DEALER_ACCURACY_MIN_ROUNDS = 4
    assert dealer_accuracy_check(now=at) == []
    settings.DEALER_ACCURACY_MIN_ROUNDS = 3
    settings.DEALER_ACCURACY_LIMITS = {"voids": "400"}
    assert dealer_accuracy_check(now=at) == []
    assert not Alert.objects.filter(kind=AlertKind.DEALER_ACCURACY).exists()
