"""``manage.py house_edge``: the house edges computed from the rules, as a table per
configuration and Ante band (``payouts.services.house_edges``)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from casino.games.house_edge import EdgeReport
from payouts.models import HouseEdge, HouseEdgeStatus
from payouts.services.house_edges import band_for, house_edge_compute, house_edges_request


class Command(BaseCommand):
    help = (
        "Print the house edges computed from the rules, per table configuration and Ante band; "
        "with --compute, ask for and compute the missing ones first, here (minutes of a core "
        "per band at the default precision)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rule-set", type=int, help="Only this rule-set version (its id).")
        parser.add_argument("--ante", help="Also name the band this Ante falls in.")
        parser.add_argument(
            "--compute", action="store_true", help="Compute what is missing before printing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        ante = _ante(options["ante"])
        if options["compute"]:
            for pending in house_edges_request():
                if options["rule_set"] in (None, pending.rule_set_id):
                    self.stderr.write(f"computing house edge {pending.pk} ...")
                    house_edge_compute(pending.pk)
        edges = HouseEdge.objects.select_related("rule_set", "main_paytable", "bonus_paytable")
        if options["rule_set"] is not None:
            edges = edges.filter(rule_set_id=options["rule_set"])
        found = False
        for edge in edges.order_by("pk"):
            found = True
            self._print(edge, ante)
        if not found:
            raise CommandError("no house edge has been asked for yet (try --compute)")

    def _print(self, edge: HouseEdge, ante: Decimal | None) -> None:
        bonus = "no bonus" if edge.bonus_paytable is None else f"bonus {edge.bonus_paytable}"
        cap = "no table maximum" if edge.max_payout is None else f"maximum {edge.max_payout}"
        self.stdout.write(
            f"{edge.rule_set} with {edge.main_paytable}, {bonus}, Antes {edge.ante_min} to "
            f"{edge.ante_max}, {cap}, chips of {edge.chip_unit}; strategy {edge.strategy}: "
            f"{HouseEdgeStatus(edge.status).label.lower()}"
        )
        if edge.failure:
            self.stdout.write(f"  {edge.failure}")
        for band in edge.bands.all():
            report = band.report
            self.stdout.write(f"  from an Ante of {band.ante_from}:")
            for line in _report_lines(report):
                self.stdout.write(f"    {line}")
        if ante is not None:
            band = band_for(edge, ante)
            if band is not None:
                self.stdout.write(f"  an Ante of {ante} is in the band from {band.ante_from}")


def _report_lines(report: dict[str, Any]) -> list[str]:
    """The calculator's own text lines of a kept report (``EdgeReport.table``)."""
    return EdgeReport.from_dict(report).table()


def _ante(text: str | None) -> Decimal | None:
    if text is None:
        return None
    try:
        ante = Decimal(text)
    except InvalidOperation as exc:
        raise CommandError(f"not an Ante: {text!r}") from exc
    if not ante.is_finite() or ante < 0:
        raise CommandError(f"not an Ante: {text!r}")
    return ante
