"""Corrections under dual control, stored gaming-day reports and replay checks.

Everything here is history. The database refuses to change or delete it (triggers, see the
migrations): a correction changes only once (from requested to approved or rejected), and a
finished report never changes. The audit trail itself is the shared core's
(``casino.core.models.AuditRecord``), since every app records into it, and so are the alerts
(``casino.core.models.Alert``), which every app raises.

Published view: other apps' raw SQL names none of this app's tables, only the view its
migrations make (``audit/migrations/0008_published_views.py``): the corrections waiting for a
decision, which the live floor lists.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from casino.core.models import HASH_LENGTH


class CorrectionKind(models.TextChoices):
    VOID = "void", "Void the round"
    PAYOUT_CORRECTION = "payout_correction", "Payout correction"


class CorrectionStatus(models.TextChoices):
    REQUESTED = "requested", "Requested"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"


class Correction(models.Model):
    """A void or a payout correction of a round: requested by one person, decided by another.

    The round's settlement is never edited; an approved correction is this row, referencing it,
    with its ``lines`` (what is owed to or recovered from each box). Reports count it on the
    gaming day of the decision (``decided_gaming_day``), so a report already stored stays true.
    """

    round = models.ForeignKey("tables.Round", on_delete=models.PROTECT, related_name="corrections")
    settlement = models.ForeignKey(
        "payouts.Settlement",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="corrections",
        help_text="The settlement corrected; null for the void of a round never settled.",
    )
    kind = models.CharField(max_length=20, choices=CorrectionKind.choices)
    status = models.CharField(
        max_length=10, choices=CorrectionStatus.choices, default=CorrectionStatus.REQUESTED
    )
    reason = models.TextField()
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    requested_role = models.CharField(max_length=20)
    requested_at = models.DateTimeField()
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_gaming_day = models.DateField(null=True, blank=True)
    decision_note = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="correction_has_reason"),
            models.CheckConstraint(
                condition=(
                    Q(status=CorrectionStatus.REQUESTED)
                    & Q(decided_by__isnull=True)
                    & Q(decided_at__isnull=True)
                    & Q(decided_gaming_day__isnull=True)
                )
                | (
                    Q(status__in=[CorrectionStatus.APPROVED, CorrectionStatus.REJECTED])
                    & Q(decided_by__isnull=False)
                    & Q(decided_at__isnull=False)
                    & Q(decided_gaming_day__isnull=False)
                ),
                name="correction_decision_complete",
            ),
            # Dual control in the database itself: nobody decides their own request.
            models.CheckConstraint(
                condition=Q(decided_by__isnull=True) | ~Q(decided_by=F("requested_by")),
                name="correction_decided_by_another",
            ),
            models.UniqueConstraint(
                fields=["round"],
                condition=Q(kind=CorrectionKind.VOID)
                & Q(status__in=[CorrectionStatus.REQUESTED, CorrectionStatus.APPROVED]),
                name="correction_one_void_per_round",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "decided_gaming_day"], name="correction_status_day_idx"),
            # The round search's ``corrected`` and ``status=corrected``, and each row's count:
            # the approved corrections alone, by round (few rounds are ever corrected).
            models.Index(
                fields=["round"],
                condition=Q(status="approved"),
                name="correction_approved_round_idx",
            ),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.kind} of round {self.round_id} ({self.status})"


class CorrectionLine(models.Model):
    """One amount of a correction: positive is owed to the box, negative recovered from it."""

    correction = models.ForeignKey(Correction, on_delete=models.PROTECT, related_name="lines")
    box = models.PositiveSmallIntegerField()
    line = models.CharField(max_length=40, help_text="ante, bet, bonus, pot, void...")
    amount = models.DecimalField(max_digits=14, decimal_places=2)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="correction_line_amount_nonzero")
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"correction {self.correction_id} box {self.box} {self.line} {self.amount}"


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
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
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


class ShiftReconciliation(models.Model):
    """A complete shift at a table: its win from the tray and the drop, set beside the house
    result of the rounds recorded in the same period (``audit.services.reconciliation``).

    Written once, when the shift becomes complete (its closer and its drop confirmed), and
    never changed. ``difference`` is the win less the rounds' house result: chips that moved
    without a round saying so (positive: the tray holds more than the rounds left it).
    """

    opener = models.OneToOneField(
        "tables.TrayCount", on_delete=models.PROTECT, related_name="reconciliation"
    )
    closer = models.OneToOneField("tables.TrayCount", on_delete=models.PROTECT, related_name="+")
    drop = models.OneToOneField("tables.DropCount", on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField(help_text="The gaming day of the closer.")
    opener_total = models.DecimalField(max_digits=16, decimal_places=2)
    closer_total = models.DecimalField(max_digits=16, decimal_places=2)
    fills = models.DecimalField(max_digits=16, decimal_places=2)
    credits = models.DecimalField(max_digits=16, decimal_places=2)
    drop_total = models.DecimalField(max_digits=16, decimal_places=2)
    win = models.DecimalField(max_digits=16, decimal_places=2)
    rounds = models.PositiveIntegerField()
    house_result = models.DecimalField(max_digits=16, decimal_places=2)
    difference = models.DecimalField(max_digits=16, decimal_places=2)
    tolerance = models.DecimalField(max_digits=16, decimal_places=2)
    within_tolerance = models.BooleanField()
    reconciled_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    win=F("closer_total")
                    - F("opener_total")
                    + F("credits")
                    - F("fills")
                    + F("drop_total")
                ),
                name="shift_reconciliation_win_formula",
            ),
            models.CheckConstraint(
                condition=Q(difference=F("win") - F("house_result")),
                name="shift_reconciliation_difference",
            ),
        ]
        indexes = [models.Index(fields=["gaming_day", "table"], name="shift_recon_day_table_idx")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"shift {self.opener_id} at {self.table_id}: {self.difference}"
