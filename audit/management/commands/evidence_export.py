"""``python manage.py evidence_export --round ID -o FILE`` or ``--table ID --day YYYY-MM-DD``:
write a round's, or a table's gaming day's, evidence package to FILE.

The same package as the API's (``audit.services.evidence``), recorded in the trail as exported
by this command; prints the file's SHA-256 and the checkpoint it rests on.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.sealing.signing import SigningKeyError
from audit.sealing.sinks import CheckpointSinkError
from audit.services.evidence import evidence_round_export, evidence_table_day_export
from casino.core.errors import ApiError
from tables.models import Round, Table

#: Who the trail names as the exporter: the command, run by whoever may run it.
ACTOR_LABEL = "manage.py evidence_export"


class Command(BaseCommand):
    help = "Write the evidence package of a round, or of a table's gaming day, to a file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--round", type=int, help="the round's id")
        parser.add_argument("--table", type=int, help="the table's id (with --day)")
        parser.add_argument("--day", type=dt.date.fromisoformat, help="the gaming day")
        parser.add_argument("-o", "--output", type=Path, required=True, help="the file to write")

    def handle(self, *args: Any, **options: Any) -> None:
        by_round = options["round"] is not None
        by_table = options["table"] is not None and options["day"] is not None
        # Exactly one subject: a round, or a table with its day.
        if by_round == by_table or (by_round and (options["table"] or options["day"])):
            raise CommandError("give --round ID, or --table ID with --day YYYY-MM-DD")
        try:
            if by_round:
                export = evidence_round_export(
                    round_id=options["round"], actor=None, actor_label=ACTOR_LABEL
                )
            else:
                export = evidence_table_day_export(
                    table_id=options["table"],
                    gaming_day=options["day"],
                    actor=None,
                    actor_label=ACTOR_LABEL,
                )
        except (Round.DoesNotExist, Table.DoesNotExist) as exc:
            raise CommandError(str(exc)) from exc
        except (ApiError, SigningKeyError, CheckpointSinkError) as exc:
            raise CommandError(str(exc)) from exc
        options["output"].write_bytes(export.content)
        sealed = " (sealed for this export)" if export.sealed else ""
        self.stdout.write(
            f"{options['output']}: {len(export.content)} bytes, sha256 {export.sha256}, "
            f"checkpoint {export.checkpoint}{sealed}"
        )
