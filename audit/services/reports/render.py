"""The CSV and PDF renderings of a report's JSON document. Pure: the same document gives the
same bytes (the PDF, ``audit.services.reports.pdf``, is rendered in reportlab's invariant
mode, without a clock or random identifier), so a stored rendering can be checked against its
SHA-256 by rendering again."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from audit.services.reports.pdf import render_pdf

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
    "theoretical_base",
    "house_edge_coverage",
    "theoretical_computed_pct",
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
TREND_COLUMNS = ("day", "rounds", "wagered", "house_result", "hold_pct", "theoretical_hold_pct")
PERIOD_TITLES = {"day": "Gaming day", "mtd": "Month to date", "ytd": "Year to date"}

__all__ = ["render_csv", "render_pdf"]


#: The chip tray against the rounds, per table (``payload.tray_lines``).
TRAY_COLUMNS = (
    "table",
    "shifts",
    "tray_win",
    "rounds_house_result",
    "difference",
    "shifts_beyond_tolerance",
)


#: The dealers' day (``payload.dealer_lines``): pace per game, accuracy per dealer.
DEALER_PACE_COLUMNS = (
    "dealer",
    "game",
    "rounds",
    "rounds_per_hour",
    "norm",
    "of_norm",
    "seconds_per_round",
    "seconds_between",
)
DEALER_ACCURACY_COLUMNS = (
    "dealer",
    "rounds",
    "voids",
    "payout_corrections",
    "corrected_owed",
    "corrected_recovered",
    "entries_retracted",
    "voids_per_1000",
    "payout_corrections_per_1000",
    "entries_retracted_per_1000",
    "refused_entries",
    "refused_entries_per_1000",
)


def render_csv(payload: Mapping[str, Any]) -> str:
    """Blocks separated by an empty line, each with its own header: the report's identity and
    parameters, the figures (one line per period and row), then the large payouts, cap hits,
    voids and corrections of the day, the month's daily totals (``month_trend``), the
    chip tray's win of each table's reconciled shifts beside its rounds (``tray``), and the
    dealers' pace per game (``dealer_pace``) and accuracy (``dealer_accuracy``).

    Cells hold plain values: a figure that is not available is empty, and a row whose stakes
    no paytable's house edge priced says so in ``house_edge_coverage``
    (``unpriced``; ``partly_priced`` where only some were)."""
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
    writer.writerow([])
    writer.writerow(["month_trend", *TREND_COLUMNS])
    for day in payload["month_trend"]:
        writer.writerow(["", *(_cell(day[name]) for name in TREND_COLUMNS)])
    writer.writerow([])
    writer.writerow(["tray", *TRAY_COLUMNS])
    for line in payload["tray"]:
        writer.writerow(["", *(_cell(line[name]) for name in TRAY_COLUMNS)])
    for section, key, columns in (
        ("dealer_pace", "pace", DEALER_PACE_COLUMNS),
        ("dealer_accuracy", "accuracy", DEALER_ACCURACY_COLUMNS),
    ):
        writer.writerow([])
        writer.writerow([section, *columns])
        for line in payload["dealers"][key]:
            writer.writerow(["", *(_cell(line[name]) for name in columns)])
    return out.getvalue()


def _identity(payload: Mapping[str, Any]) -> Iterable[Sequence[str]]:
    parameters = payload["parameters"]
    yield ("report", str(payload["report"]))
    yield ("casino", payload["casino"]["name"])
    yield ("gaming_day", payload["gaming_day"])
    yield ("currency", payload["currency"] or "")
    yield ("generated_at", payload["generated_at"])
    yield ("provisional", _cell(payload["provisional"]))
    yield ("open_rounds", str(payload["open_rounds"]))
    yield ("rounds_dealt_unqualified", str(payload["rounds_dealt_unqualified"]))
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
