"""Stored gaming-day reports, replay checks and the trail's checkpoints.

Everything here is history. The database refuses to change or delete it (triggers, see the
migrations): a finished report never changes. The corrections, which change money, are the
payouts app's (``payouts.models.corrections``). The audit trail itself is the shared core's
(``casino.core.models.AuditRecord``), since every app records into it, and so are the alerts
(``casino.core.models.Alert``), which every app raises.

Other apps' raw SQL names none of this app's tables.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from casino.core.fields import user_field
from casino.core.models import HASH_LENGTH


class ReportTrigger(models.TextChoices):
    NIGHTLY = "nightly", "Nightly, for the closed gaming day"
    ON_DEMAND = "on_demand", "On demand by an auditor"


class ReportStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class GamingDayReport(models.Model):
    """One gaming day's report of a casino, as stored: JSON, CSV and PDF with their SHA-256.

    Built by a Celery worker. Once ``done`` (or ``failed``) the row never changes (a trigger):
    a later correction shows in a later report. ``audit_stream``/``audit_seq``/``audit_hash`` name
    the audit row that recorded the digests; the chain verification checks that row is still
    there.
    """

    casino = models.ForeignKey("tables.Casino", on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField()
    trigger = models.CharField(max_length=10, choices=ReportTrigger.choices)
    status = models.CharField(
        max_length=10, choices=ReportStatus.choices, default=ReportStatus.QUEUED
    )
    parameters = models.JSONField(default=dict, help_text="Thresholds the report applied.")
    language = models.CharField(
        max_length=8,
        default="en",
        help_text="The language of the CSV's and the PDF's words (settings.LANGUAGES);"
        " the figures are the same in every language.",
    )
    requested_by = user_field(optional=True)
    requested_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    payload = models.JSONField(null=True, blank=True)
    csv = models.TextField(blank=True)
    pdf = models.BinaryField(null=True, blank=True)
    payload_sha256 = models.CharField(max_length=HASH_LENGTH, blank=True)
    csv_sha256 = models.CharField(max_length=HASH_LENGTH, blank=True)
    pdf_sha256 = models.CharField(max_length=HASH_LENGTH, blank=True)
    audit_stream = models.CharField(max_length=40, blank=True)
    audit_seq = models.BigIntegerField(null=True, blank=True)
    audit_hash = models.CharField(max_length=HASH_LENGTH, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "gaming_day"],
                condition=Q(trigger=ReportTrigger.NIGHTLY),
                name="report_one_nightly_per_day",
            ),
            models.CheckConstraint(
                condition=~Q(status=ReportStatus.DONE)
                | (
                    Q(payload__isnull=False)
                    & Q(pdf__isnull=False)
                    & Q(payload_sha256__regex=r"^[0-9a-f]{64}$")
                    & Q(csv_sha256__regex=r"^[0-9a-f]{64}$")
                    & Q(pdf_sha256__regex=r"^[0-9a-f]{64}$")
                    & Q(audit_seq__isnull=False)
                ),
                name="report_done_is_complete",
            ),
        ]
        indexes = [models.Index(fields=["casino", "gaming_day"], name="report_casino_day_idx")]
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"report {self.gaming_day} ({self.trigger}, {self.status})"


class ReportDispatch(models.Model):
    """The outbox of a report requested on demand: its task, written in the request's own
    transaction, so no report is ever left ``queued`` with nobody asked to build it.

    Not history, unlike the rest of this app: bookkeeping of the delivery. ``sent_at`` is when
    the task was last handed to the broker. A dispatch never sent (the broker was down), or sent
    long ago for a report still queued (the broker lost it), is sent again
    (``audit.services.reports.outbox``); a report delivered twice is built once.
    """

    report = models.OneToOneField(
        GamingDayReport, primary_key=True, on_delete=models.PROTECT, related_name="dispatch"
    )
    created_at = models.DateTimeField()
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)

    class Meta:
        indexes = [models.Index(fields=["sent_at"], name="report_dispatch_sent_idx")]

    def __str__(self) -> str:
        return f"dispatch of report {self.report_id} ({self.sent_at or 'not sent'})"


class ReplayCheck(models.Model):
    """The nightly replay of a casino's closed gaming day: written once, when it is done."""

    casino = models.ForeignKey("tables.Casino", on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField()
    checked_at = models.DateTimeField()
    rounds_checked = models.PositiveIntegerField()
    mismatches = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "gaming_day"], name="replay_check_once_per_day"
            )
        ]

    def __str__(self) -> str:
        return f"replay check {self.gaming_day}: {self.mismatches} of {self.rounds_checked}"


class CheckpointReason(models.TextChoices):
    INTERVAL = "interval", "Every few minutes"
    GAMING_DAY_CLOSE = "gaming_day_close", "A casino's gaming day closed"
    MANUAL = "manual", "Sealed on request"


class Checkpoint(models.Model):
    """A signed seal of every audit stream's head (``audit.sealing.documents``), as stored in
    the database; the same line is written outside it (``AUDIT_CHECKPOINTS["SINK"]``), and the
    copy outside is the evidence: verification checks this one against it. Never changes.
    """

    number = models.PositiveBigIntegerField(unique=True)
    sealed_at = models.DateTimeField()
    reason = models.CharField(max_length=20, choices=CheckpointReason.choices)
    streams = models.PositiveIntegerField(help_text="How many stream heads it seals.")
    root = models.CharField(max_length=HASH_LENGTH)
    key_id = models.CharField(max_length=32)
    line = models.TextField(help_text="The signed document, exactly as written outside.")

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"checkpoint {self.number} ({self.reason})"
