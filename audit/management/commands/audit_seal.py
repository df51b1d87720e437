"""``python manage.py audit_seal``: seal a checkpoint of every audit stream's head now.

The same as the scheduled task (``audit.seal_checkpoint``) but sealing even when nothing
changed; prints the checkpoint's number and Merkle root.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.models import CheckpointReason
from audit.sealing.signing import SigningKeyError
from audit.sealing.sinks import CheckpointSinkError
from audit.services.checkpoints import checkpoint_seal


class Command(BaseCommand):
    help = "Seal a checkpoint of the audit trail's stream heads now."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            document = checkpoint_seal(reason=CheckpointReason.MANUAL)
        except (SigningKeyError, CheckpointSinkError) as exc:
            raise CommandError(str(exc)) from exc
        if document is None:  # a manual checkpoint is always sealed
            raise CommandError("no checkpoint was sealed")
        self.stdout.write(
            f"checkpoint {document.number} sealed: {len(document.streams)} streams, "
            f"root {document.root}"
        )
