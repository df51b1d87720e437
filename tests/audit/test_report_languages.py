"""The gaming-day report and the anti-money-laundering export in the language asked for: the
CSV's headers and the PDF's words, numbers and dates in Russian or Spanish, the figures the same
in every language, English exactly as it was before the reports had languages.

``report_sample_payload.json`` is a report's document as built from the rounds of
``test_report_pdf``'s known day (its id and instants fixed, a tray line, a large payout and the
dealers' lines added); ``report_sample_en.csv`` and ``report_sample_en.txt`` are its CSV and its
PDF's text (pypdf) as rendered before the reports had languages.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pypdf
import pytest
from django.utils import translation

from audit.models import GamingDayReport, ReportStatus
from audit.services.reports import formats
from audit.services.reports.build import report_build, report_nightly
from audit.services.reports.render import render_csv, render_pdf
from casino.core.models import AuditRecord
from casino.identity.languages import language_choose
from tables.models import Round
from tests.audit.factories import settled_round

HERE = Path(__file__).resolve().parent
SAMPLE: dict[str, Any] = json.loads((HERE / "report_sample_payload.json").read_text("utf-8"))
DAY = dt.date(2025, 3, 10)
NBSP = "\u00a0"
#: The SHA-256 of the sample's English PDF as rendered before the reports had languages (with
#: the locked reportlab and Noto Sans; a new version of either may move bytes, not words).
ENGLISH_PDF_SHA256 = "2f6998205a2a3ecc5fdd0a840f6e4d8ca719886e764ddb7623161f4f1aa9efb8"


def pdf_text(pdf: bytes) -> str:
    return "\f".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def flat(text: str) -> str:
    return " ".join(text.split())


def header_rows(text: str) -> list[list[str]]:
    """The CSV's header rows: the first row of each block after the identity."""
    blocks = text.split("\n\n")[1:]
    return [next(csv.reader(io.StringIO(block))) for block in blocks]


# -- rendering, without the database ----------------------------------------------------------


def test_english_is_byte_for_byte_what_it_was() -> None:
    assert render_csv(SAMPLE) == (HERE / "report_sample_en.csv").read_text("utf-8")
    assert render_csv(SAMPLE, language="en") == render_csv(SAMPLE)
    pdf = render_pdf(SAMPLE, language="en", time_zone="Europe/Moscow")
    assert pdf_text(pdf) == (HERE / "report_sample_en.txt").read_text("utf-8")
    assert hashlib.sha256(pdf).hexdigest() == ENGLISH_PDF_SHA256
    # Whatever language the process happens to be in.
    with translation.override("ru"):
        assert render_pdf(SAMPLE) == pdf


def test_the_russian_csv_has_russian_headers_and_the_same_values() -> None:
    english, russian = render_csv(SAMPLE), render_csv(SAMPLE, language="ru")
    heads = header_rows(russian)
    assert heads[0][:8] == [
        "период",
        "уровень",
        "стол",
        "игра",
        "дилер",
        "раунды",
        "ставки",
        "выплачено",
    ]
    assert [head[0] for head in heads[1:]] == [
        "крупные выплаты",
        "срабатывания лимита",
        "аннулирования",
        "исправления",
        "динамика месяца",
        "лоток",
        "темп дилеров",
        "точность дилеров",
    ]
    assert russian.splitlines()[0] == "отчёт,41"
    # Every other cell is the English CSV's: ISO dates, '.' decimals, the document's codes;
    # only yes and no are said in Russian. The identity's labels (its first eight lines) and
    # the blocks' headers are the words.
    said = {"yes": "да", "no": "нет"}
    english_rows = list(csv.reader(io.StringIO(english)))
    russian_rows = list(csv.reader(io.StringIO(russian)))
    assert len(english_rows) == len(russian_rows)
    for index, (english_row, russian_row) in enumerate(
        zip(english_rows, russian_rows, strict=True)
    ):
        if english_row in header_rows(english):
            continue
        if index < 8:
            english_row, russian_row = english_row[1:], russian_row[1:]
        assert russian_row == [said.get(cell, cell) for cell in english_row], index
    assert "2025-06-12" in russian and "1234.50" in russian and "1 234" not in russian


def test_the_russian_pdf_says_it_in_russian_with_russian_amounts() -> None:
    text = pdf_text(render_pdf(SAMPLE, language="ru", time_zone="Europe/Moscow"))
    words = flat(text)
    for heading in (
        "Test Casino: игровой день 12.06.2025",
        "Итоги",
        "Графики",
        "По столам и дилерам",
        "Лоток фишек и раунды",
        "Дилеры",
        "Параметры",
        "Цепочка аудита",
        "стр. 1 из 4",
    ):
        assert heading in words, heading
    # The instant the document writes in UTC, read in the casino's zone and named.
    assert "составлен 13.06.2025 07:30:00 (Москва, стандартное время)" in words
    # The tray's win, 1234.50 in the document, as Russian writes it: a no-break space between
    # the thousands (Babel's), a decimal comma; read back, it is the document's decimal. The
    # PDF's text, as extracted, reads the no-break space as a space.
    [tray] = SAMPLE["tray"]
    with translation.override("ru"):
        written = formats.amount(tray["tray_win"])
    assert written == f"1{NBSP}234,50"
    assert D(written.replace(NBSP, "").replace(",", ".")) == D(tray["tray_win"])
    assert written.replace(NBSP, " ") in text
    assert "-2 965,00" in text  # the day's house result
    assert "[U+" not in text  # no character printed as its code point: Noto Sans has them all
    for english in ("Gaming day", "Totals", "Charts", "Per table", "page 1 of", "withheld"):
        assert english not in words, english


def test_the_spanish_pdf_groups_as_spanish_does() -> None:
    text = pdf_text(render_pdf(SAMPLE, language="es", time_zone="America/Argentina/Buenos_Aires"))
    words = flat(text)
    assert "Test Casino: jornada de juego 12/06/2025" in words
    assert "Totales" in words and "página 1 de 4" in words
    # Four digits are not grouped in Spanish, five are.
    assert "1234,50" in text and "-2965,00" in text
    assert "generado 13/06/2025 01:30:00" in words
    assert "[U+" not in text


# -- through the API and the worker -----------------------------------------------------------


@pytest.fixture
def one_round(audit_floor: dict[str, Any], users: dict[str, Any]) -> Round:
    """One settled round at RP-1 on DAY: staked 1,230.50, paid 50."""
    return settled_round(
        audit_floor["table"],
        users["dealer"],
        DAY,
        stakes=[(1, "ante", "410.50"), (1, "bet", "820")],
        returns=[(1, "ante", "win", "410.50", "10", "10"), (1, "bet", "win", "820", "40", "40")],
    )


def _requested(client: Any, **fields: Any) -> Any:
    return client.post(
        "/api/v1/audit/reports/request/",
        {"gaming_day": DAY.isoformat(), **fields},
        format="json",
        HTTP_IDEMPOTENCY_KEY=f"report-{fields.get('language', 'none')}",
    )


@pytest.mark.django_db
def test_a_report_asked_for_in_russian_has_russian_files_and_the_same_figures(
    one_round: Round, client_for: Callable[[str | None], Any]
) -> None:
    auditor = client_for("auditor")
    russian = _requested(auditor, language="ru")
    english = _requested(auditor, language="en")
    assert (russian.status_code, english.status_code) == (202, 202), russian.json()
    assert (russian.json()["language"], english.json()["language"]) == ("ru", "en")
    built = {
        name: report_build(report_id=answer.json()["id"])
        for name, answer in (("ru", russian), ("en", english))
    }
    assert all(report.status == ReportStatus.DONE for report in built.values())
    ru, en = built["ru"], built["en"]
    # The figures are the same document in both languages (its id and instant aside).
    assert {**ru.payload, "report": 0, "generated_at": ""} == {
        **en.payload,
        "report": 0,
        "generated_at": "",
    }
    assert header_rows(ru.csv)[0][:3] == ["период", "уровень", "стол"]
    assert header_rows(en.csv)[0][:3] == ["period", "level", "table"]
    words = flat(pdf_text(bytes(ru.pdf)))
    [total] = [row for row in ru.payload["rows"] if row["level"] == "total"]
    assert total["day"]["wagered"] == "1230.50"
    assert "1 230,50" in pdf_text(bytes(ru.pdf))
    assert "Итоги" in words and "Totals" not in words
    # The digests are of the files as built, in their language; the detail says which.
    assert ru.csv_sha256 == hashlib.sha256(ru.csv.encode()).hexdigest()
    assert ru.pdf_sha256 == hashlib.sha256(bytes(ru.pdf)).hexdigest()
    assert ru.payload_sha256 != ""
    detail = auditor.get(f"/api/v1/audit/reports/{ru.pk}/").json()
    assert detail["language"] == "ru"
    download = auditor.get(f"/api/v1/audit/reports/{ru.pk}/csv/")
    assert download.content.decode().splitlines()[0] == f"отчёт,{ru.pk}"
    requested = AuditRecord.objects.get(event_code="report.requested", after__report=ru.pk)
    assert requested.after["language"] == "ru"


@pytest.mark.django_db
def test_the_language_is_the_request_s_unless_named(
    one_round: Round, client_for: Callable[[str | None], Any]
) -> None:
    auditor = client_for("auditor")
    spanish = auditor.post(
        "/api/v1/audit/reports/request/",
        {"gaming_day": DAY.isoformat()},
        format="json",
        HTTP_IDEMPOTENCY_KEY="report-es",
        HTTP_ACCEPT_LANGUAGE="es-AR,es;q=0.9",
    )
    plain = auditor.post(
        "/api/v1/audit/reports/request/",
        {"gaming_day": DAY.isoformat()},
        format="json",
        HTTP_IDEMPOTENCY_KEY="report-plain",
    )
    assert (spanish.json()["language"], plain.json()["language"]) == ("es", "en")


@pytest.mark.django_db
def test_the_users_own_language_comes_before_the_requests(
    one_round: Round, client_for: Callable[[str | None], Any], users: dict[str, Any]
) -> None:
    auditor = client_for("auditor")
    language_choose(user=users["auditor"], language="ru", actor=users["auditor"])

    answer = auditor.post(
        "/api/v1/audit/reports/request/",
        {"gaming_day": DAY.isoformat()},
        format="json",
        HTTP_IDEMPOTENCY_KEY="report-own",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    named = _requested(auditor, language="en")

    assert (answer.json()["language"], named.json()["language"]) == ("ru", "en")


@pytest.mark.django_db
def test_an_unknown_language_is_refused_and_nothing_is_written(
    one_round: Round, client_for: Callable[[str | None], Any]
) -> None:
    answer = _requested(client_for("auditor"), language="de")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid_input"
    assert "language" in error["details"]["fields"]
    assert not GamingDayReport.objects.exists()
    assert not AuditRecord.objects.filter(event_code="report.requested").exists()


@pytest.mark.django_db
def test_the_schedule_writes_in_the_configured_language(
    audit_floor: dict[str, Any], users: dict[str, Any], settings: Any
) -> None:
    settings.REPORT_LANGUAGE = "es"
    casino = audit_floor["casino"]
    # An hour past the grace after DAY's close, wherever the casino's day starts.
    now = dt.datetime.combine(DAY + dt.timedelta(days=2), dt.time(12), tzinfo=dt.UTC)
    reports = [r for r in report_nightly(now=now) if r.casino_id == casino.pk]
    assert reports and all(r.language == "es" for r in reports)
    assert all(header_rows(r.csv)[0][0] == "periodo" for r in reports)


@pytest.mark.django_db
def test_the_aml_export_in_russian_is_audited_with_its_language(
    audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    admin = client_for("admin")
    query = {"casino": audit_floor["casino"].pk, "gaming_day": DAY.isoformat()}
    russian = admin.get("/api/v1/audit/aml/csv/", {**query, "language": "ru"})
    assert russian.status_code == 200
    assert russian.content.decode().splitlines()[0].startswith("игрок,вид,")
    english = admin.get("/api/v1/audit/aml/csv/", query)
    assert english.content.decode().splitlines()[0].startswith("patron,kind,")
    by_header = admin.get("/api/v1/audit/aml/pdf/", query, HTTP_ACCEPT_LANGUAGE="ru")
    assert "ПОД/ФТ" in flat(pdf_text(by_header.content))
    refused = admin.get("/api/v1/audit/aml/csv/", {**query, "language": "xx"})
    assert refused.status_code == 400
    rows = AuditRecord.objects.filter(event_code="aml.exported").order_by("pk")
    assert [(r.after["format"], r.after["language"]) for r in rows] == [
        ("csv", "ru"),
        ("csv", "en"),
        ("pdf", "ru"),
    ]
