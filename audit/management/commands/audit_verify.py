"""``python manage.py audit_verify [--full]``: verify the audit trail and report what differs.

Incremental by default: the checkpoints held outside the database, then the rows appended
since the last checkpoint a verification found intact, then the sealed heads
(``audit.services.verification``). ``--full`` walks every row of every stream.

Exits 0 when the trail is intact, 1 when it is not, after one line per finding naming the
stream, the first row that differs, what was expected and what was found. Read-only; the
scheduled task (``audit.verify_chain``) also records the outcome in the trail.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.services.verification import Finding, FindingKind, trail_verify


def describe(finding: Finding) -> str:
    """One finding, in one line."""
    if finding.kind == FindingKind.BROKEN_LINK:
        return (
            f"audit chain broken in stream {finding.stream} at row seq={finding.seq} "
            f"(id={finding.record_id}): {finding.detail.split()[0]} expected "
            f"{finding.expected} found {finding.found}"
        )
    if finding.kind == FindingKind.HEAD_DIFFERS:
        return (
            f"audit stream {finding.stream}: {finding.detail} at row seq={finding.seq} "
            f"(sealed by checkpoint {finding.checkpoint}): row_hash expected {finding.expected} "
            f"found {finding.found or 'no row'}; the change lies after seq={finding.after_seq}"
        )
    if finding.kind == FindingKind.MISSING_ANCHOR:
        return (
            f"audit chain does not hold row {finding.stream}#{finding.seq} recorded by a "
            f"stored report: row_hash expected {finding.expected} "
            f"found {finding.found or 'no row'}"
        )
    return f"checkpoint {finding.checkpoint}: {finding.detail}"


class Command(BaseCommand):
    help = "Verify the audit trail against its checkpoints and report what differs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--full", action="store_true", help="walk every row, not only those since"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        report = trail_verify(full=options["full"])
        if report.findings:
            raise CommandError("\n".join(describe(finding) for finding in report.findings))
        start = (
            "in full" if report.full else f"incrementally from checkpoint {report.since_checkpoint}"
        )
        self.stdout.write(
            f"audit trail intact: {report.rows_read} rows read {start}, "
            f"{len(report.heads)} streams, {report.checkpoints} checkpoints held outside"
            + (f", verified up to checkpoint {report.checkpoint}" if report.checkpoint else "")
        )
        if options["verbosity"] >= 2:  # a line per stream: per table, on a large floor
            for key, head in sorted(report.heads.items()):
                self.stdout.write(f"  {key} head seq={head.seq} hash={head.hash}")
