"""The day's report shows, per table, the win from the tray beside the rounds' house result of
the shifts reconciled that day, and names a table whose tray differs: in its document, its CSV
and its PDF (page 1 and a section of its own)."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pypdf
import pypdfium2
import pytest
from django.utils import timezone

from audit.services.reports.build import report_build, report_request
from casino.core.roles import Role
from tests.audit.factories import settled_round
from tests.audit.test_report_pdf import SCREENSHOTS
from tests.payouts.tray.trays import chips_made, count_confirmed, drop_confirmed

pytestmark = pytest.mark.django_db

TRAY = {"1.00": 1000, "5.00": 100}


def test_the_days_report_sets_the_tray_beside_the_rounds(
    audit_floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    users["cage_b"] = make_user("cage_b", Role.CAGE)
    table = audit_floor["table"]
    chips_made(audit_floor["casino"].pk, users["admin"])
    day = table.pit.casino.clock.day_of(timezone.now())
    opener = count_confirmed(
        table, "opener", TRAY, counter=users["dealer"], confirmer=users["pit_boss"]
    )
    # A round the house won 25 of, and 5 in chips handed over that no round recorded.
    settled_round(
        table,
        users["dealer"],
        day,
        stakes=[(1, "ante", "25")],
        returns=[(1, "ante", "lose", "25", "0", "0")],
    )
    closer = dict(TRAY, **{"1.00": TRAY["1.00"] + 25 - 5})
    count_confirmed(table, "closer", closer, counter=users["dealer"], confirmer=users["pit_boss"])
    drop_confirmed(table, opener, D(0), counter=users["cage"], confirmer=users["cage_b"])

    report = report_build(report_id=report_request(actor=users["auditor"], gaming_day=day).pk)
    assert report.payload["tray"] == [
        {
            "table": table.code,
            "shifts": 1,
            "tray_win": "20.00",
            "rounds_house_result": "25.00",
            "difference": "-5.00",
            "shifts_beyond_tolerance": 1,
        }
    ]
    rows = list(csv.reader(io.StringIO(report.csv)))
    header = rows.index(
        [
            "tray",
            "table",
            "shifts",
            "tray_win",
            "rounds_house_result",
            "difference",
            "shifts_beyond_tolerance",
        ]
    )
    assert rows[header + 1] == ["", table.code, "1", "20.00", "25.00", "-5.00", "1"]
    pages = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(bytes(report.pdf))).pages]
    assert f"{table.code} differs by -5.00" in pages[0]
    section = next(text for text in pages[1:] if "The chip tray against the rounds" in text)
    assert "20.00" in section and "25.00" in section and "-5.00" in section
    # The page as a person reads it, for looking at.
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    document = pypdfium2.PdfDocument(bytes(report.pdf))
    number = next(i for i, text in enumerate(pages) if i and "The chip tray against" in text)
    document[number].render(scale=1.5).to_pil().save(SCREENSHOTS / "report-tray-section.png")
    document[0].render(scale=1.5).to_pil().save(SCREENSHOTS / "report-tray-summary.png")
