"""The anti-money-laundering day: each patron's cash (never netted) and play from the records,
the patterns worth a review, and the export for compliance, audited, which alone of the
exports names carded patrons."""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pypdf
import pytest
from rest_framework.test import APIClient

from casino.core.models import AuditRecord
from casino.patrons.aml_day import aml_day
from payouts.services.corrections import LineInput, correction_approve, correction_request
from tables.models import Casino, Round
from tests.audit.factories import settled_round
from tests.patrons.patrons import enrolled, posted

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]
NAME, BIRTH = "Mary Shelley", "1977-08-30"


@pytest.fixture
def day_played(
    audit_floor: dict[str, Any], users: dict[str, Any], client_for: Clients, gaming_day: dt.date
) -> dict[str, Any]:
    """A carded patron buys in 5,000 in currency, stakes 10 and cashes 4,000 out at the cage;
    an anonymous one stakes 100 bought in nowhere; a third is seated and plays nothing."""
    table, boss = audit_floor["table"], client_for("pit_boss")
    carded = enrolled(boss, audit_floor["casino"].pk, "C-7001", name=NAME, date_of_birth=BIRTH)
    seat = f"/api/v1/tables/{table.pk}/seat-patron/"
    first = posted(boss, seat, {"positions": [1], "patron": carded["id"]}, status=201)
    second = posted(boss, seat, {"positions": [2], "description": "grey hoodie"}, status=201)
    posted(boss, seat, {"positions": [3], "description": "watching"}, status=201)
    posted(
        boss,
        f"/api/v1/patron-sessions/{first['id']}/cash/",
        {"kind": "buy_in_cash", "amount": "5000"},
        status=201,
    )
    settled_round(
        table,
        users["dealer"],
        gaming_day,
        stakes=[(1, "ante", "10"), (2, "ante", "100")],
        returns=[(1, "ante", "win", "10", "20", "20")],
    )
    posted(
        client_for("cage"),
        f"/api/v1/patrons/{carded['id']}/cash-out/",
        {"amount": "4000"},
        status=201,
    )
    return {"carded": carded["id"], "anonymous": second["patron"]["id"]}


def test_the_day_sums_cash_and_play_and_flags_the_patterns(
    audit_floor: dict[str, Any], day_played: dict[str, Any], gaming_day: dt.date
) -> None:
    days = {day.patron: day for day in aml_day(audit_floor["casino"], gaming_day)}
    assert set(days) == {day_played["carded"], day_played["anonymous"]}
    carded = days[day_played["carded"]]
    assert (carded.cash_in, carded.cash_out, carded.bought_in) == (D(5000), D(4000), D(5000))
    assert (carded.staked, carded.returned) == (D(10), D(20))
    assert carded.patterns == ("little_play",)
    anonymous = days[day_played["anonymous"]]
    assert (anonymous.cash_in, anonymous.staked, anonymous.returned) == (D(0), D(100), D(0))
    assert anonymous.patterns == ("chips_from_elsewhere",)


def test_a_payout_correction_counts_as_paid_back_and_a_voided_round_counts_for_nothing(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Clients,
    day_played: dict[str, Any],
    gaming_day: dt.date,
) -> None:
    """The carded patron's round of the day is corrected (15 more owed to box 1); then a
    second round, at both patrons' boxes, is voided: neither patron's stakes in it count."""
    table, dealer, boss = audit_floor["table"], users["dealer"], users["pit_boss"]
    first = Round.objects.get(table=table)
    owed = correction_request(
        round_id=first.pk,
        actor=dealer,
        kind="payout_correction",
        reason="ante underpaid",
        lines=[LineInput(box=1, line="ante", amount=D(15))],
    )
    correction_approve(correction_id=owed.pk, actor=boss)
    voided = settled_round(
        table,
        dealer,
        gaming_day,
        stakes=[(1, "ante", "500"), (2, "ante", "40")],
        returns=[(2, "ante", "win", "40", "80", "80")],
    )
    void = correction_request(round_id=voided.pk, actor=dealer, kind="void", reason="misdeal")
    correction_approve(correction_id=void.pk, actor=boss)

    days = {day.patron: day for day in aml_day(audit_floor["casino"], gaming_day)}
    carded, anonymous = days[day_played["carded"]], days[day_played["anonymous"]]
    assert (carded.staked, carded.returned) == (D(10), D(35))
    assert (anonymous.staked, anonymous.returned) == (D(100), D(0))


def test_the_export_names_carded_patrons_for_administrators_and_is_audited(
    audit_floor: dict[str, Any],
    day_played: dict[str, Any],
    client_for: Clients,
    gaming_day: dt.date,
) -> None:
    query = {"casino": audit_floor["casino"].pk, "gaming_day": gaming_day.isoformat()}
    audited = AuditRecord.objects.filter(event_code="aml.exported")
    for role in ("auditor", "pit_boss", "cage", "dealer"):
        assert client_for(role).get("/api/v1/audit/aml/csv/", query).status_code == 403, role
    assert not audited.exists()

    answer = client_for("admin").get("/api/v1/audit/aml/csv/", query)
    assert answer.status_code == 200
    body = answer.content
    rows = list(csv.DictReader(io.StringIO(body.decode())))
    carded = next(row for row in rows if row["patron"] == str(day_played["carded"]))
    assert (carded["name"], carded["date_of_birth"]) == (NAME, BIRTH)
    assert (carded["cash_in"], carded["cash_out"]) == ("5000.00", "4000.00")
    assert carded["thresholds"] == "in:log out:log"
    assert carded["patterns"] == "little_play"
    [record] = audited.all()
    assert record.after["sha256"] == hashlib.sha256(body).hexdigest() == answer["X-Content-SHA256"]
    assert (record.after["format"], record.after["rows"]) == ("csv", 2)
    assert NAME not in str(record.after) and BIRTH not in str(record.after)

    pdf = client_for("admin").get("/api/v1/audit/aml/pdf/", query)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert list(audited.order_by("pk").values_list("after__format", flat=True)) == ["csv", "pdf"]


def test_the_english_export_prints_a_name_in_cyrillic_and_with_an_ampersand(
    audit_floor: dict[str, Any],
    day_played: dict[str, Any],
    client_for: Clients,
    gaming_day: dt.date,
) -> None:
    """Every language's export is set in the report's fonts: a casino named in Cyrillic, with
    an ampersand, prints as written in the English PDF (not as boxes, nor refused as markup)."""
    casino = audit_floor["casino"]
    Casino.objects.filter(pk=casino.pk).update(name="Казино «Север» & Co")
    query = {"casino": casino.pk, "gaming_day": gaming_day.isoformat(), "language": "en"}

    answer = client_for("admin").get("/api/v1/audit/aml/pdf/", query)

    assert answer.status_code == 200, answer.content
    text = "".join(
        page.extract_text() for page in pypdf.PdfReader(io.BytesIO(answer.content)).pages
    )
    assert "Казино «Север» & Co: anti-money-laundering day" in text
