"""``python manage.py audit_verify``: walk the audit chain and report where it breaks.

Exits 0 when the chain is intact, 1 when it is not (after naming, per broken stream, the first
row that differs, what was expected and what was found). Read-only; the scheduled task
(``audit.verify_chain``) also records the outcome in the trail.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.services.chain import chain_verify


class Command(BaseCommand):
    help = "Verify the audit trail's hash chain and report the first broken link of each stream."

    def handle(self, *args: Any, **options: Any) -> None:
        report = chain_verify()
        findings = [
            f"audit chain broken in stream {link.stream} at row seq={link.seq} "
            f"(id={link.record_id}): {link.check} expected {link.expected} found {link.found}"
            for link in report.broken
        ] + [
            f"audit chain does not hold row {anchor['stream']}#{anchor['seq']} recorded by a "
            f"stored report: row_hash expected {anchor['expected']} "
            f"found {anchor['found'] or 'no row'}"
            for anchor in report.missing_anchors
        ]
        if findings:
            raise CommandError("\n".join(findings))
        self.stdout.write(f"audit chain intact: {report.rows} rows in {len(report.heads)} streams")
        for key, head in sorted(report.heads.items()):
            self.stdout.write(f"  {key} head seq={head.seq} hash={head.hash}")
