"""A patron's personal data is read only by the roles that need it: found by the number on a
card, a patron is named by that number; the name and the date of birth are answered by one
endpoint, to pit bosses and administrators, and are in no audit row and no alert."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
import redis
from django.conf import settings
from rest_framework.test import APIClient

from audit.services.reports.build import report_build, report_request
from casino.core.models import Alert, AuditRecord
from casino.core.push import EVENT_FIELD, stream_key
from casino.patrons.cash import cash_record
from casino.patrons.enrolment import patron_enrol_carded
from casino.patrons.seating import session_leave, session_seat
from tests.patrons.patrons import enrolled, posted, refused

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]
NAME, BIRTH = "Grace Hopper", "1976-12-09"


def test_the_name_and_birth_date_are_for_pit_bosses_and_admins_only(
    floor: dict[str, Any], client_for: Clients
) -> None:
    casino = floor["casino"].pk
    patron = enrolled(client_for("pit_boss"), casino, "C-3001", name=NAME, date_of_birth=BIRTH)
    refused(
        client_for("pit_boss"),
        f"/api/v1/casinos/{casino}/patrons/",
        {"loyalty_number": "C-3001", "name": "Someone", "date_of_birth": BIRTH},
        code="loyalty_number_taken",
    )
    refused(
        client_for("dealer"),
        f"/api/v1/casinos/{casino}/patrons/",
        {"loyalty_number": "C-3002", "name": "Someone", "date_of_birth": BIRTH},
        code="permission_denied",
    )
    found = client_for("dealer").get(
        "/api/v1/patrons/", {"casino": casino, "loyalty_number": "C-3001"}
    )
    assert found.status_code == 200
    assert [p["label"] for p in found.json()] == ["#C-3001"]
    assert NAME not in found.content.decode() and BIRTH not in found.content.decode()

    identity = f"/api/v1/patrons/{patron['id']}/identity/"
    for role in ("dealer", "auditor", "cage", "no_role"):
        assert client_for(role).get(identity).status_code == 403, role
    for role in ("pit_boss", "admin"):
        answer = client_for(role).get(identity)
        assert answer.status_code == 200, role
        assert (answer.json()["name"], answer.json()["date_of_birth"]) == (NAME, BIRTH)


def test_no_audit_row_and_no_alert_holds_personal_data(
    floor: dict[str, Any], client_for: Clients
) -> None:
    patron = enrolled(
        client_for("pit_boss"), floor["casino"].pk, "C-3003", name=NAME, date_of_birth=BIRTH
    )
    session = posted(
        client_for("dealer"),
        f"/api/v1/tables/{floor['table'].pk}/seat-patron/",
        {"positions": [1], "patron": patron["id"]},
        status=201,
    )
    posted(
        client_for("dealer"),
        f"/api/v1/patron-sessions/{session['id']}/cash/",
        {"kind": "buy_in_cash", "amount": "12000"},
        status=201,
    )
    assert Alert.objects.count() == 2
    written = json.dumps(
        [
            list(AuditRecord.objects.values("before", "after", "reason")),
            list(Alert.objects.values("details")),
        ],
        default=str,
    )
    assert "C-3003" in written  # the rows name the patron, by number
    assert NAME not in written and BIRTH not in written


def test_a_minor_is_not_enrolled(
    floor: dict[str, Any], client_for: Clients, gaming_day: dt.date
) -> None:
    """The age is counted on the casino's gaming day: born on the last day of the year
    seventeen years before it, one is seventeen at most; on the first day of the year eighteen
    years before it, eighteen at least."""
    url = f"/api/v1/casinos/{floor['casino'].pk}/patrons/"
    minor = dt.date(gaming_day.year - 17, 12, 31).isoformat()
    details = refused(
        client_for("pit_boss"),
        url,
        {"loyalty_number": "C-4001", "name": NAME, "date_of_birth": minor},
        code="patron_under_age",
    )
    assert details["minimum_age"] == 18
    adult = dt.date(gaming_day.year - 18, 1, 1).isoformat()
    enrolled(client_for("pit_boss"), floor["casino"].pk, "C-4001", date_of_birth=adult)


def test_the_push_stream_and_the_day_s_report_name_no_patron(
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Clients,
    gaming_day: dt.date,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """What every subscriber of a pit receives, and the gaming-day report every pit boss and
    auditor reads, say that players changed and what the tables did: never who played."""
    stream = redis.Redis.from_url(settings.REDIS_URL)
    key = stream_key(floor["table"].pit_id)
    since = (stream.xrevrange(key, count=1) or [(b"0-0", {})])[0][0]
    boss = users["pit_boss"]
    with django_capture_on_commit_callbacks(execute=True):
        patron = patron_enrol_carded(
            casino_id=floor["casino"].pk,
            loyalty_number="C-3004",
            name=NAME,
            date_of_birth=dt.date.fromisoformat(BIRTH),
            actor=boss,
        )
        session = session_seat(
            table_id=floor["table"].pk, positions=[1], patron_id=patron.pk, actor=boss
        )
        cash_record(session_id=session.pk, kind="buy_in_cash", amount=D(12000), actor=boss)
        session_leave(session_id=session.pk, actor=boss)
    pushed = [
        json.loads(fields[EVENT_FIELD.encode()])
        for _, fields in stream.xrange(key, min=b"(" + since)
    ]
    kinds = [event["kind"] for event in pushed]
    assert kinds.count("players_changed") == 3 and "alert_raised" in kinds
    said = json.dumps(pushed)
    assert NAME not in said and BIRTH not in said and "C-3004" not in said

    report = report_build(
        report_id=report_request(
            actor=users["auditor"], gaming_day=gaming_day, casino_id=floor["casino"].pk
        ).pk
    )
    written = json.dumps(report.payload) + report.csv
    assert NAME not in written and BIRTH not in written and "C-3004" not in written
