"""The anti-money-laundering export of a casino's gaming day, for compliance: CSV and PDF.

One row a patron with cash or play on the day (``casino.patrons.aml_day``): cash in and cash
out, buy-ins, stakes and what was paid back, the thresholds the patron's cash crossed (from the
day's log) and the patterns worth a review; a carded patron's row names them (name and date of
birth), as a currency transaction report must. The export is for administrators, and each one
is audited in the casino's stream with what was exported and the file's SHA-256, never its
content: the trail holds no personal data.

The export is in a language (``settings.LANGUAGES``), which its audit row records: the CSV's
header row and the PDF's words through the ``django`` catalogue (context ``"report"``), the PDF's
amounts and dates as the language writes them (``audit.services.reports.formats``). The CSV's
values stay as the day's records write them in every language (ISO dates, '.' decimals, the
codes of kinds, thresholds and patterns), for the programs that read it.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.utils import translation
from django.utils.translation import ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from audit.services.reports import fonts, formats
from audit.services.reports.fonts import BOLD, REGULAR
from casino.core.audit_codes import AuditCode
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.patrons.aml_day import aml_day
from casino.patrons.models import AmlLogEntry, PatronIdentity
from tables.models import Casino

#: The export's columns, in order.
COLUMNS = (
    "patron",
    "kind",
    "loyalty_number",
    "description",
    "name",
    "date_of_birth",
    "cash_in",
    "cash_out",
    "bought_in",
    "staked",
    "returned",
    "thresholds",
    "patterns",
)


@dataclass(frozen=True)
class AmlExport:
    """An export's file: its bytes, media type, file name and SHA-256."""

    content: bytes
    media_type: str
    filename: str
    sha256: str


def aml_export(
    *,
    casino_id: int,
    gaming_day: dt.date,
    file_format: str,
    actor: AbstractBaseUser,
    language: str = "en",
) -> AmlExport:
    """The casino's anti-money-laundering day as ``csv`` or ``pdf``, its words in ``language``
    (a code of ``settings.LANGUAGES``), audited with the language.

    :raises Casino.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless an admin.
    """
    with service_transaction():
        require(actor, "audit.export_aml")
        casino = Casino.objects.get(pk=casino_id)
        rows = _rows(casino, gaming_day)
        with translation.override(language):
            if file_format == "csv":
                content, media_type = _csv(rows).encode(), "text/csv; charset=utf-8"
            else:
                content, media_type = _pdf(casino, gaming_day, rows), "application/pdf"
        digest = hashlib.sha256(content).hexdigest()
        audit_record(
            event_code=AuditCode.AML_EXPORTED,
            actor=actor,
            casino=casino,
            gaming_day=gaming_day,
            after={
                "format": file_format,
                "language": language,
                "rows": len(rows),
                "sha256": digest,
            },
        )
    name = f"aml-{casino.pk}-{gaming_day.isoformat()}.{file_format}"
    return AmlExport(content, media_type, name, digest)


def _rows(casino: Casino, gaming_day: dt.date) -> list[tuple[str, ...]]:
    days = aml_day(casino, gaming_day)
    patrons = [day.patron for day in days]
    identities = {
        identity.patron_id: identity
        for identity in PatronIdentity.objects.filter(patron_id__in=patrons)
    }
    crossed: dict[int, list[str]] = defaultdict(list)
    for patron, direction, threshold in (
        AmlLogEntry.objects.filter(casino=casino, gaming_day=gaming_day)
        .order_by("logged_at", "pk")
        .values_list("patron_id", "direction", "threshold")
    ):
        crossed[patron].append(f"{direction}:{threshold}")
    rows = []
    for day in days:
        identity = identities.get(day.patron)
        rows.append(
            (
                str(day.patron),
                day.kind,
                day.loyalty_number,
                day.description,
                "" if identity is None else identity.name,
                "" if identity is None else identity.date_of_birth.isoformat(),
                str(day.cash_in),
                str(day.cash_out),
                str(day.bought_in),
                str(day.staked),
                str(day.returned),
                " ".join(crossed[day.patron]),
                " ".join(day.patterns),
            )
        )
    return rows


def column_titles() -> dict[str, str]:
    """Each column's header in the active language (English: the column's name, as always)."""
    return {
        "patron": pgettext("report", "patron"),
        "kind": pgettext("report", "kind"),
        "loyalty_number": pgettext("report", "loyalty_number"),
        "description": pgettext("report", "description"),
        "name": pgettext("report", "name"),
        "date_of_birth": pgettext("report", "date_of_birth"),
        "cash_in": pgettext("report", "cash_in"),
        "cash_out": pgettext("report", "cash_out"),
        "bought_in": pgettext("report", "bought_in"),
        "staked": pgettext("report", "staked"),
        "returned": pgettext("report", "returned"),
        "thresholds": pgettext("report", "thresholds"),
        "patterns": pgettext("report", "patterns"),
    }


#: The columns of amounts, which the PDF writes as the language does.
_AMOUNTS = frozenset({"cash_in", "cash_out", "bought_in", "staked", "returned"})


def _csv(rows: Sequence[Sequence[str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    titles = column_titles()
    writer.writerow([titles[name] for name in COLUMNS])
    writer.writerows(rows)
    return out.getvalue()


def _pdf(casino: Casino, gaming_day: dt.date, rows: Sequence[Sequence[str]]) -> bytes:
    """A landscape table of the rows under a title, in reportlab's invariant mode (the same
    rows in the same language give the same bytes), set in the report's fonts (Noto Sans,
    embedded, ``fonts.markup``) in every language: a patron described in Cyrillic, or a casino
    named in it, prints in an English export too. In English the values are as the CSV writes
    them; in another language the amounts and dates are as the language writes them."""
    english = formats.language() == formats.ENGLISH
    day = formats.day(gaming_day.isoformat())
    out = io.BytesIO()
    document = SimpleDocTemplate(
        out,
        pagesize=landscape(A4),
        invariant=True,
        title=pgettext("report", "Anti-money-laundering day {day}").format(day=day),
        leftMargin=24,
        rightMargin=24,
        topMargin=24,
        bottomMargin=24,
    )
    styles = getSampleStyleSheet()
    fonts.base_fonts()
    cell = styles["BodyText"].clone("cell", fontSize=7, leading=8, fontName=REGULAR)
    heading = styles["Heading2"].clone("heading", fontName=BOLD)
    body = styles["BodyText"].clone("body", fontName=REGULAR)
    titles = column_titles()

    def shown(name: str, value: str) -> str:
        if english:
            return value
        if name == "date_of_birth" and value:
            return formats.day(value)
        return formats.amount(value) if name in _AMOUNTS else value

    table = Table(
        [[Paragraph(fonts.markup(titles[name]), cell) for name in COLUMNS]]
        + [
            [
                Paragraph(fonts.markup(shown(name, value)), cell)
                for name, value in zip(COLUMNS, row, strict=True)
            ]
            for row in rows
        ],
        repeatRows=1,
    )
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    title = pgettext("report", "{casino}: anti-money-laundering day {day}").format(
        casino=casino.name, day=day
    )
    document.build(
        [
            Paragraph(fonts.markup(title, bold=True), heading),
            Paragraph(
                fonts.markup(
                    ngettext(
                        "{n} patrons with cash or play.",
                        "{n} patrons with cash or play.",
                        len(rows),
                    ).format(n=len(rows))
                ),
                body,
            ),
            Spacer(1, 8),
            table,
        ]
    )
    return out.getvalue()
