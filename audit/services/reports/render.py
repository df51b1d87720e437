"""The CSV and PDF renderings of a report's JSON document. Pure: the same document in the same
language gives the same bytes (the PDF, ``audit.services.reports.pdf``, is rendered in
reportlab's invariant mode, without a clock or random identifier), so a stored rendering can
be checked against its SHA-256 by rendering again.

The CSV is for programs as much as for people: its headers and its yes/no are in the report's
language, its values stay as the JSON document writes them in every language (ISO dates, UTC
instants, '.' decimals, the codes of periods, levels and coverage), so a sheet or a script
reads a Russian CSV as it reads an English one."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import pgettext

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


def render_csv(payload: Mapping[str, Any], *, language: str = "en") -> str:
    """Blocks separated by an empty line, each with its own header: the report's identity and
    parameters, the figures (one line per period and row), then the large payouts, cap hits,
    voids and corrections of the day, the month's daily totals (``month_trend``), the
    chip tray's win of each table's reconciled shifts beside its rounds (``tray``), and the
    dealers' pace per game (``dealer_pace``) and accuracy (``dealer_accuracy``).

    Cells hold plain values: a figure that is not available is empty, and a row whose stakes
    no paytable's house edge priced says so in ``house_edge_coverage``
    (``unpriced``; ``partly_priced`` where only some were).

    In ``language`` (a code of ``settings.LANGUAGES``): the headers, the identity's labels and
    yes/no; every other cell as the document writes it (the module's docstring)."""
    with translation.override(language):
        return _csv(payload)


def _csv(payload: Mapping[str, Any]) -> str:
    titles = column_titles()

    def header(*names: str) -> list[str]:
        return [titles[name] for name in names]

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(_identity(payload))
    writer.writerow([])
    writer.writerow(header("period", "level", "table", "game", "dealer", *FIGURES))
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
        writer.writerow(header(section, *columns))
        for item in payload[section]:
            writer.writerow(["", *(_cell(item[name]) for name in columns)])
    writer.writerow([])
    writer.writerow(header("month_trend", *TREND_COLUMNS))
    for day in payload["month_trend"]:
        writer.writerow(["", *(_cell(day[name]) for name in TREND_COLUMNS)])
    writer.writerow([])
    writer.writerow(header("tray", *TRAY_COLUMNS))
    for line in payload["tray"]:
        writer.writerow(["", *(_cell(line[name]) for name in TRAY_COLUMNS)])
    for section, key, columns in (
        ("dealer_pace", "pace", DEALER_PACE_COLUMNS),
        ("dealer_accuracy", "accuracy", DEALER_ACCURACY_COLUMNS),
    ):
        writer.writerow([])
        writer.writerow(header(section, *columns))
        for line in payload["dealers"][key]:
            writer.writerow(["", *(_cell(line[name]) for name in columns)])
    return out.getvalue()


def _identity(payload: Mapping[str, Any]) -> Iterable[Sequence[str]]:
    """The report's identity, then its parameters, under the names the API takes them by."""
    parameters = payload["parameters"]
    titles = column_titles()
    yield (titles["report"], str(payload["report"]))
    yield (titles["casino"], payload["casino"]["name"])
    yield (titles["gaming_day"], payload["gaming_day"])
    yield (titles["currency"], payload["currency"] or "")
    yield (titles["generated_at"], payload["generated_at"])
    yield (titles["provisional"], _cell(payload["provisional"]))
    yield (titles["open_rounds"], str(payload["open_rounds"]))
    yield (titles["rounds_dealt_unqualified"], str(payload["rounds_dealt_unqualified"]))
    for name in sorted(parameters):
        value = parameters[name]
        if isinstance(value, Mapping):
            value = " ".join(f"{key}={item}" for key, item in sorted(value.items()))
        yield (name, str(value))


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return pgettext("report", "yes") if value else pgettext("report", "no")
    return str(value)


def column_titles() -> dict[str, str]:
    """Each CSV header's words in the active language, by the document's name of the column
    (or block): in English the name itself, as the CSV always had it."""
    return {
        # The identity block's labels.
        "report": pgettext("report", "report"),
        "casino": pgettext("report", "casino"),
        "gaming_day": pgettext("report", "gaming_day"),
        "currency": pgettext("report", "currency"),
        "generated_at": pgettext("report", "generated_at"),
        "provisional": pgettext("report", "provisional"),
        "open_rounds": pgettext("report", "open_rounds"),
        "rounds_dealt_unqualified": pgettext("report", "rounds_dealt_unqualified"),
        # The blocks, named in their header's first cell.
        "large_payouts": pgettext("report", "large_payouts"),
        "cap_hits": pgettext("report", "cap_hits"),
        "voids": pgettext("report", "voids"),
        "corrections": pgettext("report", "corrections"),
        "month_trend": pgettext("report", "month_trend"),
        "tray": pgettext("report", "tray"),
        "dealer_pace": pgettext("report", "dealer_pace"),
        "dealer_accuracy": pgettext("report", "dealer_accuracy"),
        # The columns.
        "period": pgettext("report", "period"),
        "level": pgettext("report", "level"),
        "table": pgettext("report", "table"),
        "game": pgettext("report", "game"),
        "dealer": pgettext("report", "dealer"),
        "rounds": pgettext("report", "rounds"),
        "wagered": pgettext("report", "wagered"),
        "paid": pgettext("report", "paid"),
        "house_result": pgettext("report", "house_result"),
        "hold_pct": pgettext("report", "hold_pct"),
        "theoretical_hold_pct": pgettext("report", "theoretical_hold_pct"),
        "theoretical_result": pgettext("report", "theoretical_result"),
        "variance_pp": pgettext("report", "variance_pp"),
        "variance_threshold_pp": pgettext("report", "variance_threshold_pp"),
        "variance_flag": pgettext("report", "variance_flag"),
        "withheld": pgettext("report", "withheld"),
        "corrections_paid": pgettext("report", "corrections_paid"),
        "adjusted_rounds": pgettext("report", "adjusted_rounds"),
        "adjusted_wagered": pgettext("report", "adjusted_wagered"),
        "adjusted_paid": pgettext("report", "adjusted_paid"),
        "adjusted_house_result": pgettext("report", "adjusted_house_result"),
        "adjusted_hold_pct": pgettext("report", "adjusted_hold_pct"),
        "theoretical_base": pgettext("report", "theoretical_base"),
        "house_edge_coverage": pgettext("report", "house_edge_coverage"),
        "theoretical_computed_pct": pgettext("report", "theoretical_computed_pct"),
        "round": pgettext("report", "round"),
        "round_number": pgettext("report", "round_number"),
        "box": pgettext("report", "box"),
        "line": pgettext("report", "line"),
        "combination": pgettext("report", "combination"),
        "outcome": pgettext("report", "outcome"),
        "stake": pgettext("report", "stake"),
        "computed": pgettext("report", "computed"),
        "reason": pgettext("report", "reason"),
        "correction": pgettext("report", "correction"),
        "round_gaming_day": pgettext("report", "round_gaming_day"),
        "requested_by": pgettext("report", "requested_by"),
        "decided_by": pgettext("report", "decided_by"),
        "amount": pgettext("report", "amount"),
        "reversed_wagered": pgettext("report", "reversed_wagered"),
        "reversed_paid": pgettext("report", "reversed_paid"),
        "day": pgettext("report", "day"),
        "shifts": pgettext("report", "shifts"),
        "tray_win": pgettext("report", "tray_win"),
        "rounds_house_result": pgettext("report", "rounds_house_result"),
        "difference": pgettext("report", "difference"),
        "shifts_beyond_tolerance": pgettext("report", "shifts_beyond_tolerance"),
        "rounds_per_hour": pgettext("report", "rounds_per_hour"),
        "norm": pgettext("report", "norm"),
        "of_norm": pgettext("report", "of_norm"),
        "seconds_per_round": pgettext("report", "seconds_per_round"),
        "seconds_between": pgettext("report", "seconds_between"),
        "payout_corrections": pgettext("report", "payout_corrections"),
        "corrected_owed": pgettext("report", "corrected_owed"),
        "corrected_recovered": pgettext("report", "corrected_recovered"),
        "entries_retracted": pgettext("report", "entries_retracted"),
        "voids_per_1000": pgettext("report", "voids_per_1000"),
        "payout_corrections_per_1000": pgettext("report", "payout_corrections_per_1000"),
        "entries_retracted_per_1000": pgettext("report", "entries_retracted_per_1000"),
        "refused_entries": pgettext("report", "refused_entries"),
        "refused_entries_per_1000": pgettext("report", "refused_entries_per_1000"),
    }
