"""``python manage.py day_totals [--from DAY] [--to DAY] [--table ID ...] [--rebuild]``: check
the tables' day totals against the history, or rebuild them from it.

Without ``--rebuild`` it only reads: each table's day whose kept totals differ from what the
settlements and approved corrections give (``payouts.services.day_totals_check``) is one line naming
the table, the day and each measure's two values, and the command exits 1; it exits 0 when they
agree. ``--rebuild`` replaces the kept totals in scope with the history's, as after restoring a
database or upgrading one whose rounds settled before the totals were kept.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from payouts.services.day_totals_check import (
    TotalsDifference,
    day_totals_rebuild,
    day_totals_verify,
)


def describe(difference: TotalsDifference) -> str:
    """One difference, in one line."""
    measures = ", ".join(
        f"{m} kept {difference.kept[m]} history {difference.history[m]}"
        for m in difference.measures()
    )
    return f"table {difference.table_id} on {difference.gaming_day}: {measures}"


class Command(BaseCommand):
    help = "Check the tables' day totals against the settlements, or rebuild them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--from", dest="first", type=dt.date.fromisoformat, default=None)
        parser.add_argument("--to", dest="last", type=dt.date.fromisoformat, default=None)
        parser.add_argument("--table", dest="tables", type=int, action="append", default=None)
        parser.add_argument(
            "--rebuild", action="store_true", help="replace the kept totals with the history's"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        scope = {key: options[key] for key in ("tables", "first", "last")}
        if options["rebuild"]:
            written = day_totals_rebuild(**scope)
            self.stdout.write(f"day totals rebuilt from the history: {written} rows")
            return
        differences = day_totals_verify(**scope)
        if differences:
            raise CommandError("\n".join(describe(d) for d in differences))
        self.stdout.write("day totals agree with the history")
