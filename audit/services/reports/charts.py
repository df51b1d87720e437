"""The report's two charts (reportlab graphics): hold against theoretical hold per table, and
the month's daily hold. Pure functions of the report's JSON document, their words and figures
in the active language (the PDF is drawn under ``translation.override``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import pgettext
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors

from audit.services.reports import formats
from audit.services.reports.fonts import BOLD, REGULAR

HOLD = colors.HexColor("#1F4E79")
THEORETICAL = colors.HexColor("#E0A526")
#: The most tables one bar chart shows; beyond it, those furthest from their theoretical hold.
MAX_TABLES = 36
#: Up to this many tables, each bar is labelled with its figure.
LABELLED_TABLES = 12
#: Holds beyond this many percent either way are drawn at the edge (the tables have the
#: figures): one table's freak day would otherwise flatten every other bar.
CLIP_PCT = Decimal(100)


def hold_by_table(rows: Sequence[Mapping[str, Any]], *, width: float, height: float) -> Drawing:
    """A bar pair per table for the day: its hold and its theoretical hold (none drawn where no
    house edge priced its stakes)."""
    tables = [row for row in rows if row["level"] == "table" and row["day"]["rounds"]]
    if len(tables) > MAX_TABLES:
        tables = sorted(tables, key=_distance, reverse=True)[:MAX_TABLES]
        tables.sort(key=lambda row: row["table"])
    drawing = _drawing(width, height)
    if not tables:
        drawing.add(
            _note(width, height, pgettext("report", "No table played a settled round this day."))
        )
        return drawing
    holds = [_clipped(row["day"]["hold_pct"]) for row in tables]
    theoretical = [_clipped(row["day"]["theoretical_hold_pct"]) for row in tables]
    low, high = _range(holds + theoretical)
    chart = VerticalBarChart()
    chart.x, chart.y = 40, 42
    chart.width, chart.height = width - 60, height - 72
    # A missing theoretical hold is no bar (reportlab skips ``None``). Positions on the drawing
    # are floats; the figures themselves are the document's decimal strings.
    chart.data = [_floats(holds), _floats(theoretical)]
    chart.categoryAxis.categoryNames = [row["table"] for row in tables]
    # Table codes along the bottom, not across the bars at zero.
    chart.categoryAxis.joinAxisMode = "bottom"
    chart.categoryAxis.labels.dy = -2
    if len(tables) <= LABELLED_TABLES:
        # Each bar says its own figure (a clipped bar would otherwise mislead); with more
        # tables the labels would overlap, and the tables have the figures.
        chart.barLabelFormat = "values"
        chart.barLabelArray = [
            [_label(row["day"]["hold_pct"]) for row in tables],
            [_label(row["day"]["theoretical_hold_pct"]) for row in tables],
        ]
        chart.barLabels.fontName = REGULAR
        chart.barLabels.fontSize = 6
        chart.barLabels.nudge = 6
    chart.categoryAxis.labels.fontName = REGULAR
    chart.categoryAxis.labels.fontSize = 6.5
    chart.categoryAxis.labels.angle = 45 if len(tables) > 12 else 0
    chart.categoryAxis.labels.boxAnchor = "ne" if len(tables) > 12 else "n"
    chart.valueAxis.labels.fontName = REGULAR
    chart.valueAxis.labels.fontSize = 7
    chart.valueAxis.labelTextFormat = "%d %%"
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = float(low), float(high)
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.HexColor("#D9D9D9")
    chart.bars[0].fillColor = HOLD
    chart.bars[1].fillColor = THEORETICAL
    chart.bars.strokeColor = None
    chart.barSpacing = 1
    chart.groupSpacing = 6
    drawing.add(chart)
    drawing.add(_legend(width, height, _series()))
    return drawing


def month_trend(trend: Sequence[Mapping[str, Any]], *, width: float, height: float) -> Drawing:
    """The casino's hold on each day of the month so far, beside its theoretical hold; days
    without play are left out."""
    drawing = _drawing(width, height)
    played = [day for day in trend if day["hold_pct"] is not None]
    if not played:
        drawing.add(_note(width, height, pgettext("report", "No settled round this month.")))
        return drawing
    holds = [(_day_number(day), float(_clipped(day["hold_pct"]))) for day in played]
    theoretical = [
        (_day_number(day), float(_clipped(day["theoretical_hold_pct"])))
        for day in played
        if day["theoretical_hold_pct"] is not None
    ]
    plot = LinePlot()
    plot.x, plot.y = 40, 30
    plot.width, plot.height = width - 60, height - 60
    plot.data = [holds] + ([theoretical] if theoretical else [])
    plot.lines[0].strokeColor = HOLD
    plot.lines[0].strokeWidth = 1.5
    # Each day is marked, both series: a day alone (the first of the month, or the only day of
    # play so far) has no line to draw, and its marks are the chart.
    plot.lines[0].symbol = makeMarker("FilledCircle", size=6, fillColor=HOLD, strokeColor=HOLD)
    if theoretical:
        plot.lines[1].strokeColor = THEORETICAL
        plot.lines[1].strokeWidth = 1.2
        plot.lines[1].strokeDashArray = [3, 2]
        plot.lines[1].symbol = makeMarker(
            "FilledSquare", size=5, fillColor=THEORETICAL, strokeColor=THEORETICAL
        )
    last = _day_number(trend[-1])
    # Half a day of room either side, so that no mark sits on an axis.
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0.5, last + 0.5
    plot.xValueAxis.valueSteps = list(range(1, last + 1))
    plot.xValueAxis.labels.fontName = REGULAR
    plot.xValueAxis.labels.fontSize = 6.5
    plot.xValueAxis.labelTextFormat = "%d"
    values = [Decimal(str(y)) for _, y in holds + theoretical]
    low, high = _range(values)
    # A step of room above and below the marks, so that none sits on the frame.
    if max(values) >= high:
        high += 5
    if min(values) <= low < 0:
        low -= 5
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = float(low), float(high)
    plot.yValueAxis.labels.fontName = REGULAR
    plot.yValueAxis.labels.fontSize = 7
    plot.yValueAxis.labelTextFormat = "%d %%"
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#D9D9D9")
    drawing.add(plot)
    drawing.add(
        String(
            width / 2,
            6,
            pgettext("report", "day of the month"),
            fontName=REGULAR,
            fontSize=7,
            textAnchor="middle",
        )
    )
    drawing.add(_legend(width, height, _series()))
    if len(played) == 1:
        # One day of play: its figures said in words too, beside its marks.
        [day] = played
        theo = day["theoretical_hold_pct"]
        words = (
            pgettext("report", "{day}: hold {hold} (one day of play so far)")
            if theo is None
            else pgettext(
                "report", "{day}: hold {hold}, theoretical {theoretical} (one day of play so far)"
            )
        )
        drawing.add(
            String(
                width - 20,
                height - 24,
                words.format(
                    day=formats.day(day["day"]),
                    hold=formats.percent(day["hold_pct"]),
                    theoretical=theo and formats.percent(theo),
                ),
                fontName=REGULAR,
                fontSize=7.5,
                textAnchor="end",
            )
        )
    return drawing


def _drawing(width: float, height: float) -> Drawing:
    drawing = Drawing(width, height)
    # The report's own font from the start (not reportlab's Helvetica): every font is embedded.
    drawing.initialFontName = REGULAR
    drawing.initialFontSize = 7
    return drawing


def _distance(row: Mapping[str, Any]) -> Decimal:
    variance = row["day"]["variance_pp"]
    return abs(Decimal(variance)) if variance is not None else Decimal(-1)


def _series() -> list[tuple[Any, str]]:
    """The legend's two series."""
    return [
        (HOLD, pgettext("report", "Hold %")),
        (THEORETICAL, pgettext("report", "Theoretical hold %")),
    ]


def _label(value: str | None) -> str:
    return "" if value is None else formats.percent(value)


def _floats(values: Sequence[Decimal | None]) -> list[float | None]:
    return [None if value is None else float(value) for value in values]


def _clipped(value: str | None) -> Decimal | None:
    if value is None:
        return None
    return max(-CLIP_PCT, min(CLIP_PCT, Decimal(value)))


def _range(values: Sequence[Decimal | None]) -> tuple[Decimal, Decimal]:
    """An axis from below the lowest value (and zero) to above the highest, in steps of 5."""
    present = [v for v in values if v is not None] + [Decimal(0)]
    low = (min(present) / 5).to_integral_value(rounding="ROUND_FLOOR") * 5
    high = (max(present) / 5).to_integral_value(rounding="ROUND_CEILING") * 5
    if high == low:
        high = low + 5
    return low, high


def _day_number(day: Mapping[str, Any]) -> int:
    return int(day["day"][-2:])


def _legend(width: float, height: float, items: list[tuple[Any, str]]) -> Legend:
    legend = Legend()
    legend.x, legend.y = 44, height - 10
    legend.alignment = "right"
    legend.columnMaximum = 1
    legend.deltax = 110
    legend.fontName = REGULAR
    legend.fontSize = 7.5
    legend.colorNamePairs = items
    return legend


def _note(width: float, height: float, text: str) -> String:
    return String(width / 2, height / 2, text, fontName=BOLD, fontSize=9, textAnchor="middle")
