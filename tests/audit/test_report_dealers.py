"""The gaming-day report's dealers: each dealer's pace per game and accuracy of the day, in the
JSON, the CSV and the PDF, from rounds dealt through the dealer's API."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pypdf
import pytest
from django.conf import settings as configured

from audit.models import ReportStatus
from audit.services.reports.build import report_build, report_request
from payouts.services.corrections import correction_approve, correction_request
from payouts.services.settlement import round_settle
from tables.models import Round
from tables.services.paid import round_payouts_confirm
from tables.services.rounds import round_open
from tests.russian_round import RP01_ROUND, play_through_the_services

pytestmark = pytest.mark.django_db


def test_the_report_tells_each_dealer_s_pace_and_accuracy(
    audit_floor: dict[str, Any], users: dict[str, Any], time_machine: Any
) -> None:
    """Two RP01 rounds of 45 seconds, 15 seconds apart, by the dealer; the second voided. At
    noon UTC: inside one gaming day in every zone the tests run in."""
    start = dt.datetime(2027, 3, 10, 12, 0, tzinfo=dt.UTC)
    rounds = []
    for opens in (0, 60):
        time_machine.move_to(start + dt.timedelta(seconds=opens), tick=False)
        rounds.append(_played_over(audit_floor, users["dealer"], time_machine, seconds=45))
    void = correction_request(
        round_id=rounds[1].pk, actor=users["dealer"], kind="void", reason="misdeal"
    )
    correction_approve(correction_id=void.pk, actor=users["pit_boss"])
    day = rounds[0].gaming_day
    report = report_request(actor=users["auditor"], gaming_day=day)
    report = report_build(report_id=report.pk)
    assert report.status == ReportStatus.DONE, report.error

    # 45 s a round and 15 s between: a cycle of a minute, 60 rounds an hour, the norm's 35.
    norm = configured.DEALER_PACE_NORMS["russian_poker"]
    assert report.payload["dealers"] == {
        "pace": [
            {
                "dealer": "dealer",
                "game": "russian_poker",
                "rounds": 2,
                "rounds_per_hour": "60.0",
                "norm": norm,
                "of_norm": f"{60 / int(norm):.2f}",
                "seconds_per_round": "45.0",
                "seconds_between": "15.0",
            }
        ],
        "accuracy": [
            {
                "dealer": "dealer",
                "rounds": 2,
                "voids": 1,
                "payout_corrections": 0,
                "corrected_owed": "0.00",
                "corrected_recovered": "0.00",
                "entries_retracted": 0,
                "voids_per_1000": "500.00",
                "payout_corrections_per_1000": "0.00",
                "entries_retracted_per_1000": "0.00",
                "refused_entries": 0,
                "refused_by_code": {},
                "refused_entries_per_1000": "0.00",
            }
        ],
    }
    assert "dealer_pace,dealer,game,rounds,rounds_per_hour" in report.csv
    assert ",dealer,russian_poker,2,60.0," in report.csv
    assert ",dealer,2,1,0,0.00,0.00,0,500.00,0.00,0.00,0,0.00\n" in report.csv
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(report.pdf)).pages)
    assert "The dealers" in text and "500.00" in text


def _played_over(floor: dict[str, Any], dealer: Any, time_machine: Any, *, seconds: int) -> Round:
    """RP01 opened now, settled ``seconds`` later and paid, through the services."""
    opened = round_open(table_id=floor["table"].pk, dealer=dealer)
    play_through_the_services(opened, dealer, RP01_ROUND)
    time_machine.move_to(opened.opened_at + dt.timedelta(seconds=seconds), tick=False)
    round_settle(round_id=opened.pk, actor=dealer)
    round_payouts_confirm(round_id=opened.pk, actor=dealer)
    return Round.objects.get(pk=opened.pk)
