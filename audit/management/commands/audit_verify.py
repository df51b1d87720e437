"""``python manage.py audit_verify``: walk the audit chain and report the first broken link.

Exits 0 when the chain is intact, 1 when it is not (after naming the row, what was expected and
what was found). Read-only; the scheduled task (``audit.verify_chain``) also records the outcome
in the trail.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.services.chain import chain_verify


class Command(BaseCommand):
    help = "Verify the audit trail's hash chain and report the first broken link."

    def handle(self, *args: Any, **options: Any) -> None:
        report = chain_verify()
        if report.broken is not None:
            link = report.broken
            raise CommandError(
                f"audit chain broken at row seq={link.seq} (id={link.record_id}): "
                f"{link.check} expected {link.expected} found {link.found}"
            )
        if report.missing_anchors:
            first = report.missing_anchors[0]
            raise CommandError(
                f"audit chain does not hold row seq={first['seq']} recorded by a stored report: "
                f"row_hash expected {first['expected']} found {first['found'] or 'no row'}"
            )
        self.stdout.write(
            f"audit chain intact: {report.rows} rows, head seq={report.head_seq} "
            f"hash={report.head_hash}"
        )
