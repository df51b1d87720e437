"""The nightly replay check: every settled round of the closed gaming day is replayed from its
events, and a settlement that differs from its replay raises an alert."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from audit.models import ReplayCheck
from audit.services.checks import replay_check_day
from audit.tasks import replay_closed_days_task
from casino.core.gaming_day import gaming_day_of
from casino.core.models import Alert, AlertKind, AuditRecord
from tables.models import Round
from tests.audit.factories import retracted_round

pytestmark = pytest.mark.django_db


def test_a_settlement_that_differs_from_its_replay_raises_an_alert(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    casino = audit_floor["casino"]
    closed = gaming_day_of(
        timezone.now() - dt.timedelta(hours=1),
        time_zone=casino.time_zone,
        start_hour=casino.gaming_day_start_hour,
    ) - dt.timedelta(days=1)
    honest, tampered = play_rp01(audit_floor["table"]), play_rp01(audit_floor["table"])
    Round.objects.filter(pk__in=[honest.pk, tampered.pk]).update(gaming_day=closed)
    # Settlements are not history-protected rows: change one behind the service's back.
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE payouts_settlement SET engine_result = jsonb_set(engine_result, "
            "'{tampered}', 'true'::jsonb) WHERE round_id = %s",
            [tampered.pk],
        )

    [outcome] = replay_closed_days_task.apply().get()
    assert outcome == {
        "casino": casino.pk,
        "gaming_day": closed.isoformat(),
        "rounds": 2,
        "mismatches": 1,
    }
    alert = Alert.objects.get()
    assert (alert.kind, alert.round_id, alert.table_id, alert.gaming_day) == (
        AlertKind.REPLAY_MISMATCH,
        tampered.pk,
        audit_floor["table"].pk,
        closed,
    )
    assert alert.details == {
        "differences": [{"path": "/tampered", "stored": True, "replayed": None}]
    }
    mismatch = AuditRecord.objects.get(event_code="round.replay_mismatch")
    assert (mismatch.round_id, mismatch.actor_label) == (tampered.pk, "system:check")
    checked = AuditRecord.objects.get(event_code="audit.replay_checked")
    assert checked.after == {"casino": casino.pk, "rounds": 2, "mismatches": [tampered.pk]}

    # The day is checked once: a second run returns the first check and raises nothing new.
    again = replay_check_day(casino_id=casino.pk, gaming_day=closed)
    assert again == ReplayCheck.objects.get()
    assert Alert.objects.count() == 1


def test_a_day_whose_rounds_all_replay_raises_nothing(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    round = play_rp01(audit_floor["table"])
    check = replay_check_day(casino_id=audit_floor["casino"].pk, gaming_day=round.gaming_day)
    assert (check.rounds_checked, check.mismatches) == (1, 0)
    assert not Alert.objects.exists()


def test_a_round_with_a_retraction_replays_without_the_entries_retracted(
    audit_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The nightly check replays a round as the table service plays it: the entries a
    retraction took back left out. No mismatch, no alert."""
    casino = audit_floor["casino"]
    round = retracted_round(audit_floor["table"], users["dealer"], users["pit_boss"])
    check = replay_check_day(casino_id=casino.pk, gaming_day=round.gaming_day)
    assert (check.rounds_checked, check.mismatches) == (1, 0)
    assert not Alert.objects.exists()
