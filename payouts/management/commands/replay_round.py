from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from payouts.models import Settlement
from payouts.services.replay import round_replay


class Command(BaseCommand):
    help = "Replay a settled round from its events and compare with the stored settlement."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("round_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = round_replay(round_id=options["round_id"])
        except Settlement.DoesNotExist as exc:
            raise CommandError(f"round {options['round_id']} has not been settled") from exc
        if report.matches:
            self.stdout.write(f"round {report.round_id}: replay matches the stored settlement")
            return
        for difference in report.differences:
            self.stdout.write(
                f"{difference['path']}: stored {difference['stored']!r}, "
                f"replayed {difference['replayed']!r}"
            )
        raise CommandError(f"round {report.round_id}: replay differs from the stored settlement")
