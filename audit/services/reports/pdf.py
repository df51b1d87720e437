"""The PDF of a gaming-day report, for people: a one-page summary, two charts, then the figures
per game, table and dealer and the day's cap hits, large payouts, voids and corrections.

Pure: a function of the report's JSON document, rendered in reportlab's invariant mode (no
clock, no random document id), so the same document gives the same bytes and a stored PDF can
be checked by rendering it again.

The words are in the report's language (``render_pdf``'s ``language``, through the ``django``
catalogue under the context ``"report"``), and so are the numbers, amounts, dates and instants
(``audit.services.reports.formats``); English is written as it always was.

Every page's footer carries the report's id, "page n of N" and the SHA-256 of the report's
data: the digest of the JSON document in its canonical form (``payload.canonical_payload``:
keys sorted, no spaces, non-ASCII escaped), which is the report's ``payload_sha256``, recorded
in the audit trail. A file cannot hold its own digest; the document it is made from it can,
and anyone can recompute it from the JSON the API serves.
"""

from __future__ import annotations

import copy
import functools
import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen import canvas
from reportlab.pdfgen.textobject import rtlSupport
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepInFrame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tables import LINECOMMANDS, CellStyle

from audit.services.reports import charts, fonts, formats
from audit.services.reports.fonts import BOLD, REGULAR
from audit.services.reports.payload import (
    PARTLY_PRICED,
    UNPRICED,
    canonical_payload,
    sha256,
)
from casino.games.registry import GAME_CHOICES

PAGE = landscape(A4)
MARGIN = 28.0
WIDTH = PAGE[0] - 2 * MARGIN
GAME_NAMES = dict(GAME_CHOICES)
#: The levels the figures are shown at, in order.
LEVELS = ("game", "table", "dealer", "table_dealer")
#: The periods, in order.
PERIODS = ("day", "mtd", "ytd")


def no_house_edge_text() -> str:
    """The words a row without a house edge shows in its theoretical-hold and variance
    columns."""
    return pgettext("report", "no house edge")


def level_title(level: str) -> str:
    return {
        "game": pgettext("report", "Per game"),
        "table": pgettext("report", "Per table"),
        "dealer": pgettext("report", "Per dealer"),
        "table_dealer": pgettext("report", "Per table and dealer"),
    }[level]


def period_title(period: str) -> str:
    return {
        "day": pgettext("report", "Gaming day"),
        "mtd": pgettext("report", "Month to date"),
        "ytd": pgettext("report", "Year to date"),
    }[period]


INK = colors.HexColor("#1A1A1A")
MUTED = colors.HexColor("#5F6368")
HEADER = colors.HexColor("#1F3A5F")
ZEBRA = colors.HexColor("#F1F4F8")
RULE = colors.HexColor("#C9D1DC")
FLAG = colors.HexColor("#B3261E")
FLAG_FILL = colors.HexColor("#FCE8E6")
OK = colors.HexColor("#1E7B34")

SIZE = 7.2
ROW = 11.0


def render_pdf(
    payload: Mapping[str, Any], *, language: str = "en", time_zone: str = "UTC"
) -> bytes:
    """The report's PDF (see the module's docstring), its words in ``language`` (a code of
    ``settings.LANGUAGES``) and its instants, in a language other than English, read in
    ``time_zone`` (the casino's)."""
    with translation.override(language):
        return _render(payload, time_zone)


def _render(payload: Mapping[str, Any], zone: str) -> bytes:
    fonts.base_fonts()
    digest = sha256(canonical_payload(payload))
    out = io.BytesIO()
    title = pgettext("report", "{casino}: gaming day {day}").format(
        casino=payload["casino"]["name"], day=formats.day(payload["gaming_day"])
    )
    doc = BaseDocTemplate(
        out,
        pagesize=PAGE,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 10,
        title=pgettext("report", "{title} - report {report}").format(
            title=title, report=payload["report"]
        ),
        author=payload["casino"]["name"],
        subject=pgettext("report", "payload SHA-256 {digest}").format(digest=digest),
        invariant=1,
        # Not Helvetica, reportlab's default: every font the PDF names is embedded.
        initialFontName=REGULAR,
        initialFontSize=SIZE,
    )
    frame = Frame(MARGIN, MARGIN + 10, WIDTH, PAGE[1] - 2 * MARGIN - 10, id="body")
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    footer = pgettext("report", "Report {report} · {casino} · {day}").format(
        report=payload["report"],
        casino=payload["casino"]["name"],
        day=formats.day(payload["gaming_day"]),
    )
    doc.build(_story(payload, digest, zone), canvasmaker=_numbered_canvas(footer, digest))
    return out.getvalue()


# -- the story --------------------------------------------------------------------------------


def _story(payload: Mapping[str, Any], digest: str, zone: str) -> list[Flowable]:
    story: list[Flowable] = [
        KeepInFrame(
            WIDTH, PAGE[1] - 2 * MARGIN - 10, _summary(payload, digest, zone), mode="shrink"
        ),
        PageBreak(),
    ]
    story += _charts(payload)
    rows = payload["rows"]
    for level in LEVELS:
        story.append(CondPageBreak(120))
        story.append(_heading(level_title(level)))
        periods = PERIODS if level == "game" else ("day",)
        for period in periods:
            bounds = payload["periods"][period]
            story.append(
                _subheading(
                    pgettext("report", "{period}: {start} to {end}").format(
                        period=period_title(period),
                        start=formats.day(bounds["from"]),
                        end=formats.day(bounds["to"]),
                    )
                )
            )
            story += _figures_table(level, [r for r in rows if r["level"] == level], period)
        if level != "game":
            story.append(
                _note(
                    pgettext(
                        "report",
                        "Month-to-date and year-to-date figures of every row are in the CSV.",
                    )
                )
            )
    none = pgettext("report", "None.")
    story.append(CondPageBreak(120))
    story.append(_heading(pgettext("report", "The day's payouts and corrections")))
    for section, title in (
        ("cap_hits", pgettext("report", "Maximum-payout cap hits")),
        ("large_payouts", pgettext("report", "Large payouts")),
    ):
        story.append(_subheading(title))
        story.append(_hits_table(payload[section]) if payload[section] else _note(none))
    for section, title in (
        ("voids", pgettext("report", "Voids approved this day")),
        ("corrections", pgettext("report", "Payout corrections approved this day")),
    ):
        story.append(_subheading(title))
        items = payload[section]
        story.append(_corrections_table(items) if items else _note(none))
    story.append(CondPageBreak(120))
    story.append(_heading(pgettext("report", "The chip tray against the rounds")))
    story.append(
        _note(
            pgettext(
                "report",
                "Each table's shifts reconciled this day: the win from the tray and the drop (closer - opener + credits - fills + drop) beside the house result of the rounds recorded in those shifts. A difference means chips moved that no round recorded.",  # noqa: E501
            )
        )
    )
    story.append(
        _tray_table(payload["tray"])
        if payload["tray"]
        else _note(pgettext("report", "No shift reconciled."))
    )
    story.append(CondPageBreak(120))
    story.append(_heading(pgettext("report", "The dealers")))
    story.append(
        _note(
            pgettext(
                "report",
                "Pace: each dealer's rounds per hour of each game, a round and the gap before it (where it counts: same dealer, no fill, no pause), against the casino's norm. Accuracy: what a second person approved, also per 1,000 rounds dealt.",  # noqa: E501
            )
        )
    )
    dealers = payload["dealers"]
    no_round = pgettext("report", "No round dealt.")
    story.append(_subheading(pgettext("report", "Pace")))
    story.append(_pace_table(dealers["pace"]) if dealers["pace"] else _note(no_round))
    story.append(_subheading(pgettext("report", "Accuracy")))
    story.append(_accuracy_table(dealers["accuracy"]) if dealers["accuracy"] else _note(no_round))
    story.append(_heading(pgettext("report", "Parameters")))
    story.append(_parameters(payload))
    return story


def _tray_table(items: Sequence[Mapping[str, Any]]) -> Flowable:
    columns: list[_Column] = [
        (pgettext("report", "Table"), 60, "L", lambda t: t["table"]),
        (pgettext("report", "Shifts"), 50, "R", lambda t: t["shifts"]),
        (pgettext("report", "Win (tray)"), 90, "R", lambda t: t["tray_win"]),
        (pgettext("report", "Rounds' house result"), 110, "R", lambda t: t["rounds_house_result"]),
        (pgettext("report", "Difference"), 90, "R", lambda t: t["difference"]),
        (
            pgettext("report", "Shifts beyond tolerance"),
            120,
            "R",
            lambda t: t["shifts_beyond_tolerance"],
        ),
    ]
    data: list[list[Any]] = [_header_row(columns)]
    flagged: list[tuple[Any, ...]] = []
    for index, item in enumerate(items, start=1):
        data.append(_cells(columns, item))
        if item["shifts_beyond_tolerance"]:
            flagged.append(("TEXTCOLOR", (4, index), (5, index), FLAG))
            flagged.append(("FONTNAME", (4, index), (5, index), BOLD))
    return _grid(data, columns, flagged)


def _pace_table(items: Sequence[Mapping[str, Any]]) -> Flowable:
    columns: list[_Column] = [
        (pgettext("report", "Dealer"), 90, "L", lambda d: d["dealer"]),
        (pgettext("report", "Game"), 80, "L", lambda d: GAME_NAMES.get(d["game"], d["game"])),
        (pgettext("report", "Rounds"), 45, "R", lambda d: d["rounds"]),
        (pgettext("report", "Per hour"), 55, "R", lambda d: d["rounds_per_hour"]),
        (pgettext("report", "Norm"), 45, "R", lambda d: d["norm"] or "—"),
        (pgettext("report", "Of norm"), 50, "R", lambda d: d["of_norm"] or "—"),
        (pgettext("report", "Seconds a round"), 75, "R", lambda d: d["seconds_per_round"]),
        (pgettext("report", "Seconds between"), 75, "R", lambda d: d["seconds_between"] or "—"),
    ]
    return _listing(columns, items)


def _accuracy_table(items: Sequence[Mapping[str, Any]]) -> Flowable:
    columns: list[_Column] = [
        (pgettext("report", "Dealer"), 90, "L", lambda d: d["dealer"]),
        (pgettext("report", "Rounds"), 45, "R", lambda d: d["rounds"]),
        (pgettext("report", "Voids"), 40, "R", lambda d: d["voids"]),
        (pgettext("report", "Corrections"), 60, "R", lambda d: d["payout_corrections"]),
        (pgettext("report", "Owed"), 55, "R", lambda d: d["corrected_owed"]),
        (pgettext("report", "Recovered"), 55, "R", lambda d: d["corrected_recovered"]),
        (pgettext("report", "Retracted"), 55, "R", lambda d: d["entries_retracted"]),
        (pgettext("report", "Refused"), 45, "R", lambda d: d["refused_entries"]),
        (pgettext("report", "Voids /1,000"), 60, "R", lambda d: d["voids_per_1000"] or "—"),
        (
            pgettext("report", "Corr. /1,000"),
            60,
            "R",
            lambda d: d["payout_corrections_per_1000"] or "—",
        ),
    ]
    return _listing(columns, items)


def _summary(payload: Mapping[str, Any], digest: str, zone: str) -> list[Flowable]:
    total = _total(payload)
    day = total["day"] if total else None
    parts: list[Flowable] = [
        _para(
            pgettext("report", "{casino}: gaming day {day}").format(
                casino=payload["casino"]["name"], day=formats.day(payload["gaming_day"])
            ),
            size=17,
            bold=True,
            leading=21,
        ),
        _para(
            pgettext(
                "report", "Gaming-day report {report} · generated {at} · amounts in {currency}"
            ).format(
                report=payload["report"],
                at=formats.moment(payload["generated_at"], zone),
                currency=payload["currency"] or "-",
            ),
            size=9,
            color=MUTED,
        ),
    ]
    if payload["provisional"]:
        parts.append(
            _para(
                pgettext(
                    "report",
                    "Provisional: the gaming day had not closed when this report was built.",
                ),
                size=9,
                bold=True,
                color=FLAG,
            )
        )
    if payload["open_rounds"]:
        parts.append(
            _para(
                ngettext(
                    "{n} round(s) of the day were still in play and are not counted.",
                    "{n} round(s) of the day were still in play and are not counted.",
                    payload["open_rounds"],
                ).format(n=payload["open_rounds"]),
                size=9,
                color=FLAG,
            )
        )
    unqualified = payload["rounds_dealt_unqualified"]
    parts.append(
        _para(
            (
                pgettext(
                    "report",
                    "Rounds dealt by a dealer not qualified for the game: {n} (the nightly check names each).",  # noqa: E501
                )
                if unqualified
                else pgettext("report", "Rounds dealt by a dealer not qualified for the game: {n}.")
            ).format(n=unqualified),
            size=9,
            bold=bool(unqualified),
            color=FLAG if unqualified else MUTED,
        )
    )
    parts.append(Spacer(1, 6))
    parts.append(_subheading(pgettext("report", "Totals")))
    parts += _totals_table(payload, total)
    parts.append(Spacer(1, 4))
    parts.append(
        _subheading(pgettext("report", "Hold against theoretical hold per game, this gaming day"))
    )
    parts.append(_games_table([r for r in payload["rows"] if r["level"] == "game"]))
    parts.append(_note(_flag_rule(payload)))
    parts.append(Spacer(1, 6))
    boxes = Table(
        [[_cap_box(payload, day), _corrections_box(payload, day), _chain_box(payload, zone)]],
        colWidths=[WIDTH / 3] * 3,
        hAlign="LEFT",
    )
    boxes.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), REGULAR),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (0, 0), (0, 0), 0.5, RULE),
                ("BOX", (1, 0), (1, 0), 0.5, RULE),
                ("BOX", (2, 0), (2, 0), 0.5, RULE),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    parts.append(boxes)
    beyond = [line for line in payload["tray"] if line["shifts_beyond_tolerance"]]
    if beyond:
        parts.append(Spacer(1, 4))
        parts.append(
            _para(
                pgettext(
                    "report",
                    "Chip tray: {tables} from its rounds (section The chip tray against the rounds).",  # noqa: E501
                ).format(
                    tables="; ".join(
                        pgettext("report", "{table} differs by {amount}").format(
                            table=line["table"], amount=_amount(line["difference"])
                        )
                        for line in beyond
                    )
                ),
                size=9,
                bold=True,
                color=FLAG,
            )
        )
    parts.append(Spacer(1, 8))
    parts.append(
        _para(
            pgettext("report", "Data SHA-256: {digest}").format(digest=digest),
            size=8,
            bold=True,
        )
    )
    parts.append(
        _note(
            pgettext(
                "report",
                "The digest printed on every page is the SHA-256 of this report's data: its JSON document (the payload of GET {path}), keys sorted, no spaces, non-ASCII characters escaped, exactly {code}. It is the report's payload_sha256, recorded in the audit trail beside the SHA-256 of the CSV and of this PDF, both rendered from that document.",  # noqa: E501
            ).format(
                path=f"/api/v1/audit/reports/{payload['report']}/",
                code="json.dumps(payload, sort_keys=True, separators=(',', ':'),"
                " ensure_ascii=True)",
            )
        )
    )
    return parts


def _charts(payload: Mapping[str, Any]) -> list[Flowable]:
    tables = [r for r in payload["rows"] if r["level"] == "table" and r["day"]["rounds"]]
    caption = pgettext("report", "Hold and theoretical hold per table, this gaming day")
    if len(tables) > charts.MAX_TABLES:
        caption = pgettext(
            "report",
            "Hold and theoretical hold per table, this gaming day (the {shown} tables furthest from their theoretical hold, of {tables})",  # noqa: E501
        ).format(shown=charts.MAX_TABLES, tables=len(tables))
    month = payload["gaming_day"][:7]
    return [
        _heading(pgettext("report", "Charts")),
        _subheading(caption),
        charts.hold_by_table(payload["rows"], width=WIDTH, height=230),
        _note(
            pgettext(
                "report",
                "A table without a theoretical bar has no house edge. Holds beyond ±{clip} are drawn at the edge; the tables below have the figures.",  # noqa: E501
            ).format(clip=formats.percent(charts.CLIP_PCT))
        ),
        _subheading(
            pgettext("report", "Daily hold in {month}, from the tables' day totals").format(
                month=formats.month(month)
            )
        ),
        charts.month_trend(payload["month_trend"], width=WIDTH, height=190),
        _note(
            pgettext(
                "report",
                "Each day as its rounds stand now (voids and corrections approved later count on the round's own day); days without play are left out.",  # noqa: E501
            )
        ),
        PageBreak(),
    ]


# -- tables -----------------------------------------------------------------------------------

_Column = tuple[str, float, str, Callable[[Mapping[str, Any]], Any]]


def _figure_columns(level: str, period: str) -> list[_Column]:
    game, table, dealer = (
        pgettext("report", "Game"),
        pgettext("report", "Table"),
        pgettext("report", "Dealer"),
    )
    names: list[_Column] = {
        "game": [(game, 190, "L", lambda r: GAME_NAMES.get(r["game"], r["game"]))],
        "table": [
            (table, 70, "L", lambda r: r["table"]),
            (game, 120, "L", lambda r: GAME_NAMES.get(r["game"], r["game"])),
        ],
        "dealer": [(dealer, 190, "L", lambda r: r["dealer"])],
        "table_dealer": [
            (table, 60, "L", lambda r: r["table"]),
            (dealer, 130, "L", lambda r: r["dealer"]),
        ],
    }[level]

    def of(name: str) -> Callable[[Mapping[str, Any]], Any]:
        return lambda r: r[period][name]

    # The theoretical hold is the column after the names and five figures; the flag three
    # further on (``_figures_table`` finds them by place, whatever the words).
    figures: list[_Column] = [
        (pgettext("report", "Rounds"), 34, "R", of("rounds")),
        (pgettext("report", "Wagered"), 56, "R", of("wagered")),
        (pgettext("report", "Paid"), 56, "R", of("paid")),
        (pgettext("report", "House\nresult"), 56, "R", of("house_result")),
        (pgettext("report", "Hold %"), 40, "R", of("hold_pct")),
        (pgettext("report", "Theo.\nhold %"), 40, "R", of("theoretical_hold_pct")),
        (pgettext("report", "Variance\npp"), 42, "R", of("variance_pp")),
        (pgettext("report", "Flag"), 30, "C", of("variance_flag")),
        (pgettext("report", "Cap\nhits"), 26, "R", of("cap_hits")),
        (pgettext("report", "Withheld"), 50, "R", of("withheld")),
        (pgettext("report", "Voids"), 28, "R", of("voids")),
        (pgettext("report", "Corr."), 26, "R", of("corrections")),
        (pgettext("report", "Adj.\nhold %"), 40, "R", of("adjusted_hold_pct")),
    ]
    if period == "day":
        figures += [
            (pgettext("report", "MTD\nhold %"), 40, "R", lambda r: r["mtd"]["hold_pct"]),
            (pgettext("report", "YTD\nhold %"), 40, "R", lambda r: r["ytd"]["hold_pct"]),
        ]
    return names + figures


#: How many columns name a row of each level (``_figure_columns``), and where the theoretical
#: hold and the flag are after them.
_NAME_COLUMNS = {"game": 1, "table": 2, "dealer": 1, "table_dealer": 2}
_THEO_AFTER_NAMES, _FLAG_AFTER_NAMES = 5, 7


def _figures_table(level: str, rows: Sequence[Mapping[str, Any]], period: str) -> list[Flowable]:
    if not rows:
        return [_note(pgettext("report", "No rounds."))]
    columns = _figure_columns(level, period)
    named = _NAME_COLUMNS[level]
    theo, flag = named + _THEO_AFTER_NAMES, named + _FLAG_AFTER_NAMES
    data: list[list[Any]] = [_header_row(columns)]
    extra: list[tuple[Any, ...]] = []
    for index, row in enumerate(rows, start=1):
        figures = row[period]
        cells = _cells(columns, row)
        coverage = figures["house_edge_coverage"]
        if coverage == UNPRICED:
            extra += _unpriced(cells, theo, flag, index)
        elif coverage == PARTLY_PRICED and cells[theo]:
            cells[theo] = f"{cells[theo]} *"
        if figures["variance_flag"]:
            extra += _flagged(cells, theo + 1, flag, index)
        data.append(cells)
    table = _grid(data, columns, extra)
    if any(r[period]["house_edge_coverage"] == PARTLY_PRICED for r in rows):
        return [
            table,
            _note(
                pgettext(
                    "report",
                    "* over the stakes a house edge priced; the rest (stakes nothing priced) is left out of the theoretical hold.",  # noqa: E501
                )
            ),
        ]
    return [table]


def _totals_table(payload: Mapping[str, Any], total: Mapping[str, Any] | None) -> list[Flowable]:
    columns: list[_Column] = [
        (pgettext("report", "Period"), 90, "L", period_title),
        (pgettext("report", "From"), 62, "L", lambda p: formats.day(payload["periods"][p]["from"])),
        (pgettext("report", "To"), 62, "L", lambda p: formats.day(payload["periods"][p]["to"])),
        (pgettext("report", "Rounds"), 50, "R", lambda p: total[p]["rounds"] if total else 0),
        (
            pgettext("report", "Wagered"),
            80,
            "R",
            lambda p: total[p]["wagered"] if total else "0.00",
        ),
        (pgettext("report", "Paid"), 80, "R", lambda p: total[p]["paid"] if total else "0.00"),
        (
            pgettext("report", "House result"),
            80,
            "R",
            lambda p: total[p]["house_result"] if total else "0.00",
        ),
        (pgettext("report", "Hold %"), 56, "R", lambda p: total[p]["hold_pct"] if total else None),
        (
            pgettext("report", "Theo. hold %"),
            64,
            "R",
            lambda p: total[p]["theoretical_hold_pct"] if total else None,
        ),
        (
            pgettext("report", "Variance pp"),
            64,
            "R",
            lambda p: total[p]["variance_pp"] if total else None,
        ),
        (
            pgettext("report", "Adj. house result"),
            80,
            "R",
            lambda p: total[p]["adjusted_house_result"] if total else "0.00",
        ),
    ]
    data: list[list[Any]] = [_header_row(columns)]
    partly = []
    for period in PERIODS:
        cells = _cells(columns, period)
        if total and total[period]["house_edge_coverage"] == PARTLY_PRICED:
            cells[8] = f"{cells[8]} *"
            partly.append(
                pgettext("report", "{period} {priced} of {wagered}").format(
                    period=period_title(period).lower(),
                    priced=_amount(total[period]["theoretical_base"]),
                    wagered=_amount(total[period]["wagered"]),
                )
            )
        data.append(cells)
    table = _grid(data, columns, [("FONTNAME", (0, 1), (-1, 1), BOLD)], size=8, row=13)
    notes: list[Flowable] = [table]
    if partly:
        notes.append(
            _note(
                pgettext(
                    "report",
                    "* Theoretical hold over the stakes a house edge priced ({parts}); nothing priced the rest.",  # noqa: E501
                ).format(parts="; ".join(partly))
            )
        )
    computed = total["day"]["theoretical_computed_pct"] if total else None
    if computed is not None:
        notes.append(
            _note(
                pgettext(
                    "report",
                    "Theoretical holds are the rounds' theoretical wins as settled. This gaming day, house edges computed from the rules priced {share} of the priced stakes; the paytables' certificates and the pot games' takes priced the rest.",  # noqa: E501
                ).format(share=formats.percent(computed))
            )
        )
    return notes


def _games_table(rows: Sequence[Mapping[str, Any]]) -> Flowable:
    if not rows:
        return _note(pgettext("report", "No settled round this gaming day."))
    columns: list[_Column] = [
        (pgettext("report", "Game"), 150, "L", lambda r: GAME_NAMES.get(r["game"], r["game"])),
        (pgettext("report", "Rounds"), 50, "R", lambda r: r["day"]["rounds"]),
        (pgettext("report", "Wagered"), 80, "R", lambda r: r["day"]["wagered"]),
        (pgettext("report", "House result"), 80, "R", lambda r: r["day"]["house_result"]),
        (pgettext("report", "Hold %"), 60, "R", lambda r: r["day"]["hold_pct"]),
        (
            pgettext("report", "Theo. hold %"),
            70,
            "R",
            lambda r: r["day"]["theoretical_hold_pct"],
        ),
        (pgettext("report", "Variance pp"), 70, "R", lambda r: r["day"]["variance_pp"]),
        (
            pgettext("report", "Threshold pp"),
            70,
            "R",
            lambda r: r["day"]["variance_threshold_pp"],
        ),
        (pgettext("report", "Flag"), 56, "C", lambda r: r["day"]["variance_flag"]),
    ]
    data: list[list[Any]] = [_header_row(columns)]
    extra: list[tuple[Any, ...]] = []
    for index, row in enumerate(rows, start=1):
        cells = _cells(columns, row)
        day = row["day"]
        if day["house_edge_coverage"] == UNPRICED:
            extra += _unpriced(cells, 5, 8, index)
        elif day["variance_flag"]:
            extra += _flagged(cells, 6, 8, index)
        elif day["variance_flag"] is False:
            cells[8] = pgettext("report", "within")
            extra.append(("TEXTCOLOR", (8, index), (8, index), OK))
        data.append(cells)
    return _grid(data, columns, extra, size=8, row=13)


def _hits_table(items: Sequence[Mapping[str, Any]]) -> Flowable:
    columns: list[_Column] = [
        (pgettext("report", "Table"), 50, "L", lambda h: h["table"]),
        (pgettext("report", "Game"), 70, "L", lambda h: GAME_NAMES.get(h["game"], h["game"])),
        (pgettext("report", "Dealer"), 90, "L", lambda h: h["dealer"]),
        (pgettext("report", "Round"), 36, "R", lambda h: h["round_number"]),
        (pgettext("report", "Round id"), 44, "R", lambda h: h["round"]),
        (pgettext("report", "Box"), 24, "R", lambda h: h["box"]),
        (pgettext("report", "Line"), 44, "L", lambda h: h["line"]),
        (pgettext("report", "Combination"), 104, "L", lambda h: h["combination"]),
        (pgettext("report", "Stake"), 50, "R", lambda h: h["stake"]),
        (pgettext("report", "Computed"), 56, "R", lambda h: h["computed"]),
        (pgettext("report", "Paid"), 56, "R", lambda h: h["paid"]),
        (pgettext("report", "Withheld"), 56, "R", lambda h: h["withheld"]),
        (pgettext("report", "Reason"), 104, "L", lambda h: h["reason"]),
    ]
    return _listing(columns, items)


def _corrections_table(items: Sequence[Mapping[str, Any]]) -> Flowable:
    columns: list[_Column] = [
        (pgettext("report", "No."), 30, "R", lambda c: c["correction"]),
        (pgettext("report", "Table"), 46, "L", lambda c: c["table"]),
        (pgettext("report", "Round"), 36, "R", lambda c: c["round_number"]),
        (pgettext("report", "Round id"), 44, "R", lambda c: c["round"]),
        (
            pgettext("report", "Round's day"),
            56,
            "L",
            lambda c: c["round_gaming_day"] and formats.day(c["round_gaming_day"]),
        ),
        (pgettext("report", "Requested by"), 84, "L", lambda c: c["requested_by"]),
        (pgettext("report", "Decided by"), 84, "L", lambda c: c["decided_by"]),
        (pgettext("report", "Amount"), 52, "R", lambda c: c["amount"]),
        (pgettext("report", "Reversed\nwagered"), 52, "R", lambda c: c["reversed_wagered"]),
        (pgettext("report", "Reversed\npaid"), 52, "R", lambda c: c["reversed_paid"]),
        (pgettext("report", "Reason and decision note"), 244, "L", None),  # type: ignore[list-item]
    ]
    style = ParagraphStyle("note", fontName=REGULAR, fontSize=SIZE, leading=SIZE * 1.25)
    data: list[list[Any]] = [_header_row(columns)]
    for item in items:
        cells: list[Any] = _cells(columns[:-1], item)
        note = item["reason"]
        if item["decision_note"]:
            note = pgettext("report", "{reason} — decision: {note}").format(
                reason=note, note=item["decision_note"]
            )
        cells.append(Paragraph(_markup(note), style))
        data.append(cells)
    return _grid(data, columns, [], fixed_rows=False)


def _unpriced(cells: list[Any], first: int, last: int, index: int) -> list[tuple[Any, ...]]:
    """Write row ``index``'s theoretical columns, ``first`` to ``last``, as one muted cell
    saying no house edge priced the row; answers the style commands that span them."""
    cells[first] = no_house_edge_text()
    cells[first + 1 : last + 1] = [""] * (last - first)
    return [
        ("SPAN", (first, index), (last, index)),
        ("ALIGN", (first, index), (last, index), "CENTER"),
        ("TEXTCOLOR", (first, index), (last, index), MUTED),
    ]


def _flagged(cells: list[Any], first: int, flag: int, index: int) -> list[tuple[Any, ...]]:
    """Write row ``index``'s flag cell (column ``flag``) as flagged; answers the style
    commands that show it, the variance's columns from ``first`` to the flag in red."""
    cells[flag] = pgettext("report", "FLAG")
    return [
        ("TEXTCOLOR", (first, index), (flag, index), FLAG),
        ("BACKGROUND", (flag, index), (flag, index), FLAG_FILL),
        ("FONTNAME", (flag, index), (flag, index), BOLD),
    ]


def _listing(columns: Sequence[_Column], items: Sequence[Mapping[str, Any]]) -> Flowable:
    """A table of ``items`` in the report's look, one plain row each under the columns'
    titles."""
    return _grid([_header_row(columns), *(_cells(columns, item) for item in items)], columns, [])


def _header_row(columns: Sequence[_Column]) -> list[Any]:
    """A table's first row: its columns' titles."""
    return [_header(title) for title, _, _, _ in columns]


def _cells(columns: Sequence[_Column], item: Any) -> list[Any]:
    """``item``'s row: each column's value of it, as its cell's text (``_text``)."""
    return [_text(get(item), width, align) for _, width, align, get in columns]


def _grid(
    data: list[list[Any]],
    columns: Sequence[_Column],
    extra: list[tuple[Any, ...]],
    *,
    size: float = SIZE,
    row: float = ROW,
    fixed_rows: bool = True,
) -> Table:
    """A table of the report's look: a dark header repeated on every page, zebra rows,
    numbers right-aligned. Rows have a fixed height (text is cut to its column) unless
    ``fixed_rows`` is false, which lets wrapped notes grow."""
    lines = max(str(cell).count("\n") + 1 for cell in data[0])
    header = lines * size * 1.2 + 4
    heights = [header] + [row] * (len(data) - 1) if fixed_rows else None
    # Cells that need another font than the base one become paragraphs of runs.
    for r, cells in enumerate(data[1:], start=1):
        for c, value in enumerate(cells):
            if isinstance(value, str) and not fonts.plain(value):
                data[r][c] = Paragraph(_markup(value), _cell_style(columns[c][2], size))
    widths = [width for _, width, _, _ in columns]
    # Never wider than the page: a table that would be is narrowed evenly.
    scale = min(1.0, WIDTH / sum(widths))
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), REGULAR),
        ("FONTSIZE", (0, 0), (-1, -1), size),
        ("LEADING", (0, 0), (-1, -1), size * 1.2),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("FONTNAME", (0, 0), (-1, 0), BOLD),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, ZEBRA]),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, RULE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE" if fixed_rows else "TOP"),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    for index, (_, _, align, _) in enumerate(columns):
        commands.append(
            ("ALIGN", (index, 0), (index, -1), {"L": "LEFT", "R": "RIGHT", "C": "CENTER"}[align])
        )
    # The commands that style cells are applied here, to styles the cells share, rather than by
    # reportlab, which gives every cell a style object of its own and walks every cell of a
    # command's range: the styles come out the same, and so does the page. Reportlab keeps the
    # rest (backgrounds, lines, spans), which never touch a cell's style.
    cell = [command for command in commands + extra if command[0] not in _TABLE_OPS]
    table = _Grid(
        data,
        colWidths=[width * scale for width in widths],
        rowHeights=heights,
        repeatRows=1,
        hAlign="LEFT",
        cellStyles=cell_styles(len(data), len(columns), cell),
    )
    table.setStyle(
        TableStyle([command for command in commands + extra if command[0] in _TABLE_OPS])
    )
    return table


#: The table style commands reportlab keeps for the table as a whole, not in its cells' styles.
_TABLE_OPS = frozenset(
    {"BACKGROUND", "ROWBACKGROUNDS", "COLBACKGROUNDS", "SPAN", "NOSPLIT", "ROUNDEDCORNERS"}
    | set(LINECOMMANDS)
)


#: The table style commands that set a cell's own style, and the attribute of reportlab's
#: ``CellStyle`` each sets (as ``Table.setStyle`` does).
_CELL_ATTRIBUTES = {
    "FONTNAME": "fontname",
    "FONTSIZE": "fontsize",
    "LEADING": "leading",
    "TEXTCOLOR": "color",
    "ALIGN": "alignment",
    "VALIGN": "valign",
    "TOPPADDING": "topPadding",
    "BOTTOMPADDING": "bottomPadding",
    "LEFTPADDING": "leftPadding",
    "RIGHTPADDING": "rightPadding",
}


def cell_styles(
    nrows: int, ncols: int, commands: Sequence[tuple[Any, ...]]
) -> list[list[CellStyle]]:
    """The style of each cell of an ``nrows`` by ``ncols`` table after ``commands`` (operations
    of :data:`_CELL_ATTRIBUTES`, over reportlab's ranges of cells given by integers: negative
    indices count from the end, and a range is clipped to the table), applied in order: what
    ``Table.setStyle`` would leave in each cell, for a table's ``cellStyles``. Cells whose
    styles end alike share one object, which nothing may change afterwards (so no command that
    styles cells may be given to the table itself).

    :raises ValueError: a command that is not one of :data:`_CELL_ATTRIBUTES`.
    """
    # Rows styled alike share one tuple, so that a command costs a look-up per row and is
    # worked out once per distinct row; a style is changed once per distinct change. The
    # dictionaries are keyed by identity and keep the keys' objects alive, so that no identity
    # is reused while they stand.
    rows: list[tuple[CellStyle, ...]] = [(CellStyle("cell"),) * ncols] * nrows
    changed: dict[tuple[int, str, int], tuple[CellStyle, Any, CellStyle]] = {}
    for command in commands:
        op, (sc, sr), (ec, er), *values = command
        if op not in _CELL_ATTRIBUTES:
            raise ValueError(f"Not a command this table styles its cells with: {command!r}")
        attribute = _CELL_ATTRIBUTES[op]
        # A colour as reportlab takes it, black for one it does not know.
        value = colors.toColor(values[0], colors.Color(0, 0, 0)) if op == "TEXTCOLOR" else values[0]
        first = max(0, sc + ncols if sc < 0 else sc)
        last = min(ncols - 1, ec + ncols if ec < 0 else ec)
        top = max(0, sr + nrows if sr < 0 else sr)
        bottom = min(nrows - 1, er + nrows if er < 0 else er)
        done: dict[int, tuple[tuple[CellStyle, ...], tuple[CellStyle, ...]]] = {}
        for i in range(top, bottom + 1):
            row = rows[i]
            if id(row) not in done:
                cells = list(row)
                for j in range(first, last + 1):
                    old = cells[j]
                    key = (id(old), attribute, id(value))
                    if key not in changed:
                        # Not ``CellStyle.copy``: the copy it makes keeps the original's own
                        # ``copy`` method, so a copy of that copy would lose its changes.
                        new = copy.copy(old)
                        setattr(new, attribute, value)
                        changed[key] = (old, value, new)
                    cells[j] = changed[key][2]
                done[id(row)] = (row, tuple(cells))
            rows[i] = done[id(row)][1]
    return [list(row) for row in rows]


class _Grid(Table):  # type: ignore[misc]  # reportlab has no type information
    """A reportlab table that writes its cells of one line of text straight to the page: the
    very operators reportlab's ``Canvas.drawString`` (or its right-aligned and centred forms)
    writes for them, without a text object per cell, and each distinct text and number worked
    out once per table drawn. A cell of any other kind (flowables, several lines, a link,
    bidirectional or shaped text, decimal alignment, a font not embedded as TrueType, a page
    drawn from the top down) is drawn by reportlab itself."""

    #: The style the canvas was last set to by a cell (reportlab's own attribute).
    _curcellstyle: CellStyle | None

    def draw(self) -> None:
        # For this drawing, on this page of this document: a number as reportlab prints it,
        # and a text (in a font, size and leading) with its width and its text operators.
        self._printed: dict[float, str] = {}
        self._shown: dict[tuple[str, float, float, str], tuple[float, str]] = {}
        super().draw()

    def _calcSpanRanges(self) -> None:  # noqa: N802 (reportlab's name)
        # A table is measured (``wrap``), then split, each time working out which cell every
        # cell of the table belongs to: once is enough while its rows and spans stay the same.
        spans = (self._nrows, self._ncols, [tuple(command) for command in self._spanCmds])
        if getattr(self, "_spans_worked_out", None) != spans:
            super()._calcSpanRanges()
            self._spans_worked_out = spans

    def _drawCell(  # noqa: N802 (reportlab's name)
        self, cellval: Any, cellstyle: CellStyle, pos: Any, size: Any
    ) -> None:
        canv = self.canv
        if (
            type(cellval) is not str
            or "\n" in cellval
            or cellstyle.alignment not in _DRAWN
            or cellstyle.valign not in ("TOP", "MIDDLE", "BOTTOM")
            or cellstyle.href
            or cellstyle.destination
            or cellstyle.direction
            or cellstyle.shaping
            or not canv.bottomup
            # With a bidirectional library installed, reportlab may reorder a cell's text.
            or rtlSupport
        ):
            super()._drawCell(cellval, cellstyle, pos, size)
            return
        # From here as reportlab's own ``Table._drawCell``, then ``Canvas.drawString`` (or
        # ``drawRightString``, ``drawCentredString``) and ``PDFTextObject`` do for one line in
        # a TrueType font, step for step and with the same arithmetic.
        if self._curcellstyle is not cellstyle:
            cur = self._curcellstyle
            if cur is None or cellstyle.color != cur.color:
                canv.setFillColor(cellstyle.color)
            if (
                cur is None
                or cellstyle.leading != cur.leading
                or cellstyle.fontname != cur.fontname
                or cellstyle.fontsize != cur.fontsize
            ):
                canv.setFont(cellstyle.fontname, cellstyle.fontsize, cellstyle.leading)
            self._curcellstyle = cellstyle
        key = (canv._fontname, canv._fontsize, canv._leading, cellval)
        shown = self._shown.get(key)
        if shown is None:
            font = getFont(canv._fontname)
            if not font._dynamicFont:
                super()._drawCell(cellval, cellstyle, pos, size)
                return
            shown = self._shown[key] = (
                font.stringWidth(cellval, canv._fontsize),
                self._operators(font, cellval),
            )
        width, operators = shown
        colpos, rowpos = pos
        colwidth, rowheight = size
        leading, fontsize, valign = cellstyle.leading, cellstyle.fontsize, cellstyle.valign
        if valign == "BOTTOM":
            y = rowpos + cellstyle.bottomPadding + leading - fontsize
        elif valign == "TOP":
            y = rowpos + rowheight - cellstyle.topPadding - fontsize
        else:
            y = (
                rowpos
                + (cellstyle.bottomPadding + rowheight - cellstyle.topPadding + leading) / 2.0
                - fontsize
            )
        just = cellstyle.alignment
        if just == "LEFT":
            x = colpos + cellstyle.leftPadding
        elif just == "RIGHT":
            x = colpos + colwidth - cellstyle.rightPadding
            x = x - width
        else:
            x = colpos + (colwidth + cellstyle.leftPadding - cellstyle.rightPadding) * 0.5
            x = x - 0.5 * width
        canv._code.append(f"BT 1 0 0 1 {self._print(x)} {self._print(y)} Tm {operators} T* ET")

    def _operators(self, font: Any, text: str) -> str:
        """``text``'s operators in the canvas's font and size: each run of one subset of the
        font selected, then shown. Assigns the subset codes of characters new to the
        document, as reportlab does on first drawing them."""
        canv = self.canv
        doc = canv._doc
        out = []
        current = -1
        for subset, chunk in font.splitString(text, doc):
            if subset != current:
                out.append(
                    f"{font.getSubsetInternalName(subset, doc)}"
                    f" {self._print(canv._fontsize)} Tf {self._print(canv._leading)} TL"
                )
                current = subset
            out.append(f"({canv._escape(chunk)}) Tj")
        return " ".join(out)

    def _print(self, number: float) -> str:
        printed = self._printed.get(number)
        if printed is None:
            printed = self._printed[number] = fp_str(number)
        return printed


#: The alignments :class:`_Grid` draws itself.
_DRAWN = frozenset({"LEFT", "RIGHT", "CENTER", "CENTRE"})


# -- the summary's boxes ----------------------------------------------------------------------


def _cap_box(payload: Mapping[str, Any], day: Mapping[str, Any] | None) -> list[Flowable]:
    hits = payload["cap_hits"]
    withheld = day["withheld"] if day else "0.00"

    def line(hit: Mapping[str, Any]) -> str:
        return pgettext(
            "report",
            "{table} round {round}, box {box} {line}: computed {computed}, paid {paid}, withheld {withheld}",  # noqa: E501
        ).format(
            table=hit["table"],
            round=hit["round_number"],
            box=hit["box"],
            line=hit["line"],
            computed=_amount(hit["computed"]),
            paid=_amount(hit["paid"]),
            withheld=_amount(hit["withheld"]),
        )

    return _listing_box(
        pgettext("report", "Cap hits (maximum payout)"),
        ngettext(
            "{n} payout line(s) cut by a cap; {withheld} withheld.",
            "{n} payout line(s) cut by a cap; {withheld} withheld.",
            len(hits),
        ).format(n=len(hits), withheld=_amount(withheld)),
        hits,
        line,
        pgettext("report", "and {n} more (section Cap hits)."),
    )


def _corrections_box(payload: Mapping[str, Any], day: Mapping[str, Any] | None) -> list[Flowable]:
    voids, corrections = payload["voids"], payload["corrections"]
    paid = day["corrections_paid"] if day else "0.00"

    def line(item: Mapping[str, Any]) -> str:
        kind = (
            pgettext("report", "void")
            if item in voids
            else pgettext("report", "correction {amount}").format(amount=_amount(item["amount"]))
        )
        return pgettext("report", "{table} round {round} ({day}): {kind}, {by} / {decided}").format(
            table=item["table"],
            round=item["round_number"],
            day=formats.day(item["round_gaming_day"]),
            kind=kind,
            by=item["requested_by"] or "-",
            decided=item["decided_by"] or "-",
        )

    return _listing_box(
        pgettext("report", "Voids and corrections approved this day"),
        pgettext("report", "{voids}; {corrections}").format(
            voids=ngettext("{n} void(s)", "{n} void(s)", len(voids)).format(n=len(voids)),
            corrections=ngettext(
                "{n} payout correction(s), {paid} paid.",
                "{n} payout correction(s), {paid} paid.",
                len(corrections),
            ).format(n=len(corrections), paid=_amount(paid)),
        ),
        voids + corrections,
        line,
        pgettext("report", "and {n} more."),
    )


#: How many items a summary box lists before it only says how many more there are.
_BOX_ITEMS = 5


def _listing_box(
    title: str,
    summary: str,
    items: Sequence[Mapping[str, Any]],
    line: Callable[[Mapping[str, Any]], str],
    more: str,
) -> list[Flowable]:
    """A summary box: its title, its summary, a muted ``line`` for each of the first
    ``_BOX_ITEMS`` items, then ``more`` (its ``{n}``: how many items are left) if any are."""
    parts: list[Flowable] = [_para(title, size=9, bold=True), _para(summary, size=8)]
    parts += [_para(line(item), size=7.2, color=MUTED) for item in items[:_BOX_ITEMS]]
    if len(items) > _BOX_ITEMS:
        parts.append(_para(more.format(n=len(items) - _BOX_ITEMS), size=7.2))
    return parts


def _chain_box(payload: Mapping[str, Any], zone: str) -> list[Flowable]:
    chain = payload["chain"]
    verification, checkpoint = chain["last_verification"], chain["last_checkpoint"]
    parts: list[Flowable] = [_para(pgettext("report", "Audit chain"), size=9, bold=True)]
    if verification is None:
        parts.append(_para(pgettext("report", "Not verified yet."), size=8, bold=True, color=FLAG))
    elif verification["intact"]:
        at = formats.moment(verification["at"], zone)
        if verification["checkpoint"] is None:
            intact = (
                pgettext("report", "Intact: last verified in full at {at}.")
                if verification["full"]
                else pgettext("report", "Intact: last verified incrementally at {at}.")
            ).format(at=at)
        else:
            intact = (
                pgettext(
                    "report", "Intact: last verified in full at {at}, up to checkpoint {number}."
                )
                if verification["full"]
                else pgettext(
                    "report",
                    "Intact: last verified incrementally at {at}, up to checkpoint {number}.",
                )
            ).format(at=at, number=verification["checkpoint"])
        parts.append(
            _para(
                intact,
                size=8,
                bold=True,
                color=OK,
            )
        )
    else:
        parts.append(
            _para(
                ngettext(
                    "BROKEN: the last verification, at {at}, found {n} problem(s); see the alerts.",
                    "BROKEN: the last verification, at {at}, found {n} problem(s); see the alerts.",
                    verification["findings"],
                ).format(at=formats.moment(verification["at"], zone), n=verification["findings"]),
                size=8,
                bold=True,
                color=FLAG,
            )
        )
    if checkpoint is None:
        parts.append(_para(pgettext("report", "No signed checkpoint yet."), size=8))
    else:
        parts.append(
            _para(
                pgettext(
                    "report",
                    "Last signed checkpoint: no. {number}, sealed at {at} ({reason}), key {key}.",
                ).format(
                    number=checkpoint["number"],
                    at=formats.moment(checkpoint["sealed_at"], zone),
                    reason=checkpoint["reason"],
                    key=checkpoint["key_id"],
                ),
                size=8,
            )
        )
        parts.append(
            _para(
                pgettext("report", "Root {root}").format(root=checkpoint["root"]),
                size=6.5,
                color=MUTED,
            )
        )
    parts.append(
        _para(pgettext("report", "As found when the report was built."), size=7, color=MUTED)
    )
    return parts


def _flag_rule(payload: Mapping[str, Any]) -> str:
    parameters = payload["parameters"]
    if parameters["variance_mode"] == "confidence":
        rule = pgettext(
            "report",
            "A variance is flagged when the hold is further from the theoretical hold than {z} standard errors of the hold over the period's rounds (confidence mode; each row has its own threshold).",  # noqa: E501
        ).format(z=formats.number(parameters["confidence_z"]))
    else:
        rule = pgettext(
            "report",
            "A variance (hold less theoretical hold) is flagged when it exceeds {threshold} percentage points either way (absolute mode).",  # noqa: E501
        ).format(threshold=formats.number(parameters["variance_threshold_pp"]))
    flagged = []
    for level, label in (
        ("game", pgettext("report", "games {names}")),
        ("table", pgettext("report", "tables {names}")),
        ("dealer", pgettext("report", "dealers {names}")),
    ):
        names = [
            _row_name(r)
            for r in payload["rows"]
            if r["level"] == level and r["day"]["variance_flag"]
        ]
        if names:
            listed = ", ".join(names[:10])
            if len(names) > 10:
                listed = pgettext("report", "{names} and {n} more").format(
                    names=listed, n=len(names) - 10
                )
            flagged.append(label.format(names=listed))
    if flagged:
        rule += " " + pgettext(
            "report", "Flagged this day: {flagged} (the sections below have each row)."
        ).format(flagged="; ".join(flagged))
    else:
        rule += " " + pgettext("report", "Nothing is flagged this day.")
    return (
        rule
        + " "
        + pgettext(
            "report", "A game whose stakes no house edge priced has no theoretical hold to test."
        )
    )


def _parameters(payload: Mapping[str, Any]) -> Flowable:
    parameters = payload["parameters"]
    lines = []
    for name in sorted(parameters):
        value = parameters[name]
        if isinstance(value, Mapping):
            value = (
                ", ".join(f"{key} {formats.number(item)}" for key, item in sorted(value.items()))
                or "-"
            )
        else:
            value = formats.number(value)
        lines.append(f"{name}: {value}")
    return _note(" · ".join(lines))


# -- machinery --------------------------------------------------------------------------------


def _total(payload: Mapping[str, Any]) -> Mapping[str, Any] | None:
    return next((r for r in payload["rows"] if r["level"] == "total"), None)


def _row_name(row: Mapping[str, Any]) -> str:
    level = row["level"]
    if level == "game":
        return GAME_NAMES.get(row["game"], row["game"])
    if level == "table":
        return row["table"]
    if level == "dealer":
        return row["dealer"]
    return f"{row['table']} / {row['dealer']}"


def _text(value: Any, width: float, align: str) -> str:
    """A cell's text, cut with an ellipsis to its column's width."""
    if value is None:
        text = "-" if align != "L" else ""
    elif isinstance(value, bool):
        text = pgettext("report", "yes") if value else pgettext("report", "no")
    else:
        text = _amount(value) if align == "R" else str(value)
    return _cut(text, width - 6) if align == "L" else text


@functools.lru_cache(maxsize=4096)
def _cut(text: str, room: float) -> str:
    """``text``, cut with an ellipsis to fit ``room`` points in the cells' font and size (the
    same few names and codes fill whole columns: each is measured once per process)."""
    if stringWidth(text, REGULAR, SIZE) > room:
        while text and stringWidth(text + "…", REGULAR, SIZE) > room:
            text = text[:-1]
        text += "…"
    return text


def _amount(value: Any) -> str:
    """A figure as the report's language writes it (``formats.amount``: ``"15000.00"`` prints
    ``15,000.00`` in English, ``15 000,00`` in Russian); anything else as it is. Readers of the
    PDF compare amounts by eye; the JSON and the CSV keep the plain string."""
    return formats.amount(value)


def _header(title: str) -> str:
    return title


def _markup(text: str) -> str:
    return fonts.markup(text)


def _cell_style(align: str, size: float) -> ParagraphStyle:
    alignment = {"L": 0, "C": 1, "R": 2}[align]
    return ParagraphStyle(
        f"cell-{align}-{size}",
        fontName=REGULAR,
        fontSize=size,
        leading=size * 1.2,
        alignment=alignment,
        textColor=INK,
    )


def _para(
    text: str,
    *,
    size: float,
    bold: bool = False,
    color: Any = INK,
    leading: float | None = None,
    before: float = 0,
    after: float = 0,
    keep: bool | None = None,
) -> Paragraph:
    """A paragraph; headings (``before`` > 0, unless ``keep`` says) stay with what follows."""
    font = BOLD if bold else REGULAR
    style = ParagraphStyle(
        f"p-{size}-{bold}",
        fontName=font,
        fontSize=size,
        leading=leading or size * 1.3,
        textColor=color,
        alignment=TA_LEFT,
        spaceBefore=before,
        spaceAfter=after,
        keepWithNext=int(bool(before) if keep is None else keep),
    )
    return Paragraph(fonts.markup(text, bold=bold), style)


def _heading(text: str) -> Paragraph:
    return _para(text, size=12, bold=True, color=HEADER, before=6, after=3)


def _subheading(text: str) -> Paragraph:
    return _para(text, size=9, bold=True, before=4, after=2)


def _note(text: str) -> Paragraph:
    return _para(text, size=7.2, color=MUTED, before=2, keep=False)


def _numbered_canvas(footer: str, digest: str) -> type[canvas.Canvas]:
    """A canvas that holds its pages back until the end, so each footer can say "page n of
    N"."""

    # Read now, in the report's language: the pages are drawn after it is built.
    page_words = pgettext("report", "page {n} of {count}")
    digest_words = pgettext("report", "data SHA-256 {digest}").format(digest=digest)

    class NumberedCanvas(canvas.Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            count = len(self._pages)
            for number, state in enumerate(self._pages, start=1):
                self.__dict__.update(state)
                self._footer(number, count)
                super().showPage()
            super().save()

        def _footer(self, number: int, count: int) -> None:
            self.saveState()
            self.setStrokeColor(RULE)
            self.setLineWidth(0.5)
            self.line(MARGIN, MARGIN + 4, PAGE[0] - MARGIN, MARGIN + 4)
            self.setFillColor(MUTED)
            y = MARGIN - 6
            _draw(self, MARGIN, y, footer, size=6.8)
            _draw(
                self,
                PAGE[0] / 2,
                y,
                page_words.format(n=number, count=count),
                size=6.8,
                anchor="middle",
            )
            _draw(self, PAGE[0] - MARGIN, y, digest_words, size=6.3, anchor="end")
            self.restoreState()

    return NumberedCanvas


def _draw(
    target: canvas.Canvas, x: float, y: float, text: str, *, size: float, anchor: str = "start"
) -> None:
    pieces = fonts.runs(text)
    width = sum(stringWidth(p.text, p.font, size) for p in pieces)
    if anchor == "middle":
        x -= width / 2
    elif anchor == "end":
        x -= width
    for piece in pieces:
        target.setFont(piece.font, size)
        target.drawString(x, y, piece.text)
        x += stringWidth(piece.text, piece.font, size)
