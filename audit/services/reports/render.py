"""The CSV and PDF renderings of a report's JSON document. Pure: the same document gives the
same bytes (the PDF is rendered in reportlab's invariant mode, without a clock or random
identifier), so a stored rendering can be checked against its SHA-256 by rendering again."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen import canvas

#: The figures of one row and period, in the order of the CSV columns.
FIGURES = (
    "rounds",
    "wagered",
    "paid",
    "house_result",
    "hold_pct",
    "theoretical_hold_pct",
    "theoretical_result",
    "variance_pp",
    "variance_threshold_pp",
    "variance_flag",
    "cap_hits",
    "withheld",
    "large_payouts",
    "voids",
    "corrections",
    "corrections_paid",
    "adjusted_rounds",
    "adjusted_wagered",
    "adjusted_paid",
    "adjusted_house_result",
    "adjusted_hold_pct",
)
HIT_COLUMNS = (
    "table",
    "game",
    "dealer",
    "round",
    "round_number",
    "box",
    "line",
    "combination",
    "outcome",
    "stake",
    "computed",
    "paid",
    "withheld",
    "reason",
)
CORRECTION_COLUMNS = (
    "correction",
    "table",
    "game",
    "dealer",
    "round",
    "round_number",
    "round_gaming_day",
    "requested_by",
    "decided_by",
    "reason",
    "amount",
    "reversed_wagered",
    "reversed_paid",
)
PERIOD_TITLES = {"day": "Gaming day", "mtd": "Month to date", "ytd": "Year to date"}


def render_csv(payload: Mapping[str, Any]) -> str:
    """Blocks separated by an empty line, each with its own header: the report's identity and
    parameters, the figures (one line per period and row), then the large payouts, cap hits,
    voids and corrections of the day."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(_identity(payload))
    writer.writerow([])
    writer.writerow(["period", "level", "table", "game", "dealer", *FIGURES])
    for period in PERIOD_TITLES:
        for row in payload["rows"]:
            figures = row[period]
            writer.writerow(
                [period, row["level"], row["table"], row["game"], row["dealer"]]
                + [_cell(figures[name]) for name in FIGURES]
            )
    for section, columns in (
        ("large_payouts", HIT_COLUMNS),
        ("cap_hits", HIT_COLUMNS),
        ("voids", CORRECTION_COLUMNS),
        ("corrections", CORRECTION_COLUMNS),
    ):
        writer.writerow([])
        writer.writerow([section, *columns])
        for item in payload[section]:
            writer.writerow(["", *(_cell(item[name]) for name in columns)])
    return out.getvalue()


def render_pdf(payload: Mapping[str, Any]) -> bytes:
    """A landscape A4 document: identity and parameters, one table of figures per period, then
    the day's large payouts, cap hits, voids and corrections.

    Tables are set as fixed-width text (one text line per row), which renders thousands of rows
    in a fraction of the time a grid of cells takes; the JSON and CSV carry the same figures.
    """
    pages = _TextPages(
        title=f"{payload['casino']['name']} - gaming day {payload['gaming_day']}"
        f" - report {payload['report']}"
    )
    pages.heading(f"{payload['casino']['name']}: gaming day {payload['gaming_day']}", size=14)
    pages.table(
        [("", 22, "<"), ("", 60, "<")], [list(pair) for pair in _identity(payload)], header=False
    )
    for period, title in PERIOD_TITLES.items():
        bounds = payload["periods"][period]
        pages.heading(f"{title}: {bounds['from']} to {bounds['to']}")
        pages.table(
            _FIGURE_COLUMNS,
            [
                [row["level"], row["table"], row["game"], row["dealer"]]
                + [_cell(row[period][name]) for name in _PDF_FIGURES]
                for row in payload["rows"]
            ],
        )
    for section, title, columns in (
        ("large_payouts", "Large payouts", _HIT_PDF_COLUMNS),
        ("cap_hits", "Maximum-payout cap hits", _HIT_PDF_COLUMNS),
        ("voids", "Voids approved this day", _CORRECTION_PDF_COLUMNS),
        ("corrections", "Payout corrections approved this day", _CORRECTION_PDF_COLUMNS),
    ):
        pages.heading(title)
        items = payload[section]
        if not items:
            pages.line("None.")
            continue
        names = [name for name, _, _ in columns]
        pages.table(
            [(name, width, align) for name, width, align in columns],
            [[_cell(item[name]) for name in names] for item in items],
        )
    return pages.finish()


#: (title, width in characters, alignment) of each column of the figures' tables.
_FIGURE_COLUMNS = [
    ("Level", 12, "<"),
    ("Table", 10, "<"),
    ("Game", 13, "<"),
    ("Dealer", 24, "<"),
    ("Rounds", 8, ">"),
    ("Wagered", 14, ">"),
    ("Paid", 14, ">"),
    ("House", 14, ">"),
    ("Hold%", 9, ">"),
    ("Theo%", 7, ">"),
    ("Var pp", 9, ">"),
    ("Lim pp", 8, ">"),
    ("Flag", 4, ">"),
    ("Caps", 5, ">"),
    ("Withheld", 12, ">"),
    ("Large", 5, ">"),
    ("Voids", 5, ">"),
    ("Corr", 4, ">"),
    ("Corr paid", 11, ">"),
    ("Adj house", 14, ">"),
    ("Adj hold%", 9, ">"),
]
_PDF_FIGURES = (
    "rounds",
    "wagered",
    "paid",
    "house_result",
    "hold_pct",
    "theoretical_hold_pct",
    "variance_pp",
    "variance_threshold_pp",
    "variance_flag",
    "cap_hits",
    "withheld",
    "large_payouts",
    "voids",
    "corrections",
    "corrections_paid",
    "adjusted_house_result",
    "adjusted_hold_pct",
)
_HIT_PDF_COLUMNS = [
    ("table", 10, "<"),
    ("game", 13, "<"),
    ("dealer", 24, "<"),
    ("round", 10, ">"),
    ("round_number", 12, ">"),
    ("box", 4, ">"),
    ("line", 14, "<"),
    ("combination", 18, "<"),
    ("outcome", 8, "<"),
    ("stake", 12, ">"),
    ("computed", 12, ">"),
    ("paid", 12, ">"),
    ("withheld", 12, ">"),
    ("reason", 24, "<"),
]
_CORRECTION_PDF_COLUMNS = [
    ("correction", 10, ">"),
    ("table", 10, "<"),
    ("game", 13, "<"),
    ("round", 10, ">"),
    ("round_gaming_day", 16, "<"),
    ("requested_by", 20, "<"),
    ("decided_by", 20, "<"),
    ("amount", 12, ">"),
    ("reversed_wagered", 16, ">"),
    ("reversed_paid", 14, ">"),
    ("reason", 60, "<"),
]


class _TextPages:
    """Landscape A4 pages of fixed-width text, a table's header repeated on each page."""

    FONT, BOLD, SIZE, LEADING, MARGIN = "Courier", "Courier-Bold", 5.6, 7.0, 20.0

    def __init__(self, *, title: str) -> None:
        self.out = io.BytesIO()
        self.width, self.height = landscape(A4)
        # Invariant mode: no creation time or random document id, so equal reports give equal
        # bytes.
        self.canvas = canvas.Canvas(self.out, pagesize=(self.width, self.height), invariant=1)
        self.canvas.setTitle(title)
        self.title = title
        self.page = 1
        self.y = self.height - self.MARGIN
        self.text: Any = None

    def heading(self, text: str, *, size: float = 9.0) -> None:
        self._room(size * 2 + self.LEADING * 3)
        self._flush()
        self.y -= size * 0.8
        self.canvas.setFont("Helvetica-Bold", size)
        self.canvas.drawString(self.MARGIN, self.y - size, text)
        self.y -= size * 1.6

    def line(self, text: str, *, bold: bool = False) -> None:
        self._room(self.LEADING)
        if self.text is None:
            self.text = self.canvas.beginText(self.MARGIN, self.y - self.LEADING)
            self.text.setLeading(self.LEADING)
        self.text.setFont(self.BOLD if bold else self.FONT, self.SIZE)
        self.text.textLine(text)
        self.y -= self.LEADING

    def table(
        self,
        columns: Sequence[tuple[str, int, str]],
        rows: Iterable[Sequence[Any]],
        *,
        header: bool = True,
    ) -> None:
        formats = [f"{{:{align}{width}.{width}}}" for _, width, align in columns]

        def format_row(values: Sequence[Any]) -> str:
            return " ".join(f.format(_cell(v)) for f, v in zip(formats, values, strict=True))

        heading = format_row([title for title, _, _ in columns]) if header else None
        if heading is not None:
            self.line(heading, bold=True)
        for values in rows:
            if heading is not None and self._full():
                self.line(heading, bold=True)
            self.line(format_row(values))

    def finish(self) -> bytes:
        self._flush()
        self._footer()
        self.canvas.save()
        return self.out.getvalue()

    def _full(self) -> bool:
        if self.y - self.LEADING >= self.MARGIN + self.LEADING:
            return False
        self._new_page()
        return True

    def _room(self, needed: float) -> None:
        if self.y - needed < self.MARGIN + self.LEADING:
            self._new_page()

    def _new_page(self) -> None:
        self._flush()
        self._footer()
        self.canvas.showPage()
        self.page += 1
        self.y = self.height - self.MARGIN

    def _flush(self) -> None:
        if self.text is not None:
            self.canvas.drawText(self.text)
            self.text = None

    def _footer(self) -> None:
        self.canvas.setFont("Helvetica", 6)
        self.canvas.drawString(self.MARGIN, self.MARGIN / 2, f"{self.title} - page {self.page}")


def _identity(payload: Mapping[str, Any]) -> Iterable[Sequence[str]]:
    parameters = payload["parameters"]
    yield ("report", str(payload["report"]))
    yield ("casino", payload["casino"]["name"])
    yield ("gaming_day", payload["gaming_day"])
    yield ("currency", payload["currency"] or "")
    yield ("generated_at", payload["generated_at"])
    yield ("provisional", _cell(payload["provisional"]))
    yield ("open_rounds", str(payload["open_rounds"]))
    for name in sorted(parameters):
        value = parameters[name]
        if isinstance(value, Mapping):
            value = " ".join(f"{key}={item}" for key, item in sorted(value.items()))
        yield (name, str(value))


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
