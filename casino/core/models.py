"""The audit trail: one row per business event, hash-chained and append-only, in streams.

A stream is a chain of its own: one per table (everything about the table and its rounds), one
per casino (what concerns a casino but no table: its reports, its checks), and ``site`` for the
rest (sign-ins, configuration shared by every casino, the checks of the trail itself). Appends
to different streams never wait for each other; a row's ``id`` gives the global order.

The trail names the table and the round an event concerns by their ids only, with no foreign
key: it sits below the apps that record into it and must never depend on their schema (the
cross-checks of the audit app find a row whose table or round does not exist).

Published views: the apps' raw SQL names none of the core's tables, only the views its
migrations make (``casino/core/migrations/0007_published_views.py`` says what each holds). Each
publishes the columns its readers use, and that projection is the core's contract: a change to
one of those columns changes the view, and its readers with it, in the core's migrations.
``core_open_alerts``, the alerts not acknowledged (the pit view), and ``core_audit_records``,
the trail's rows (the cross-checks).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from casino.core.fields import user_field

HASH_LENGTH = 64


class AuditRecord(models.Model):
    """Who did what, in which role, authorised by whom, to which table and round, and why.

    ``before`` and ``after`` hold the changed values (JSON). Rows are only ever inserted; within
    its ``stream`` a row's ``seq`` counts from 1 without gaps, and each row holds the previous
    row's ``row_hash`` (``prev_hash``) and its own, a SHA-256 over its canonical serialisation
    (``casino.core.trail.canonical``), so a row changed or removed behind the application's back
    breaks its stream's chain where it happened. The database refuses UPDATE, DELETE and
    TRUNCATE, and an INSERT that does not extend its stream's head (:class:`AuditStream`).
    """

    stream = models.CharField(max_length=40, help_text="table:<id>, casino:<id> or site.")
    seq = models.BigIntegerField(help_text="Position in its stream, from 1.")
    prev_hash = models.CharField(max_length=HASH_LENGTH)
    row_hash = models.CharField(max_length=HASH_LENGTH)
    occurred_at = models.DateTimeField()
    actor = user_field(optional=True)
    actor_label = models.CharField(
        max_length=150, blank=True, help_text="Username as given, e.g. for a failed login."
    )
    actor_role = models.CharField(max_length=20, blank=True)
    authorised_by = user_field(optional=True)
    event_code = models.CharField(max_length=60)
    table_id = models.BigIntegerField(null=True, blank=True, help_text="The table, by id.")
    round_id = models.BigIntegerField(null=True, blank=True, help_text="The round, by id.")
    gaming_day = models.DateField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    request_id = models.CharField(max_length=64, blank=True)

    class Meta:
        db_table = "audit_auditrecord"
        constraints = [
            models.UniqueConstraint(fields=["stream", "seq"], name="audit_stream_seq_unique"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="audit_seq_positive"),
            models.CheckConstraint(
                condition=Q(row_hash__regex=r"^[0-9a-f]{64}$")
                & Q(prev_hash__regex=r"^[0-9a-f]{64}$"),
                name="audit_hashes_are_sha256_hex",
            ),
        ]
        indexes = [
            models.Index(fields=["event_code", "occurred_at"], name="audit_code_time_idx"),
            models.Index(fields=["round_id"], name="audit_round_idx"),
            models.Index(fields=["gaming_day", "table_id"], name="audit_day_table_idx"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.stream}#{self.seq} {self.event_code}"


class AuditStream(models.Model):
    """The head of one stream: its last row's ``seq`` and ``row_hash`` (0 and the genesis hash
    before its first row).

    An append takes it with one ``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``, which locks
    this row until the transaction ends, so two writers never extend the same head, while
    writers of other streams go on; the database's insert trigger checks that the new row
    extends it and moves it on. It is a cursor for appends, not evidence: the verification
    walks the rows themselves.
    """

    key = models.CharField(max_length=40, primary_key=True)
    seq = models.BigIntegerField()
    head_hash = models.CharField(max_length=HASH_LENGTH)

    class Meta:
        db_table = "audit_stream"

    def __str__(self) -> str:
        return f"{self.key} at seq {self.seq}"


class AlertKind(models.TextChoices):
    """What an alert is about. Each kind has one severity (``casino.core.alerts.SEVERITY``)."""

    PAYOUT_CAPPED = "payout_capped", "A settlement's payouts were cut by the table's cap"
    LARGE_PAYOUT = "large_payout", "A payout line above the large-payout threshold"
    CORRECTION_PENDING = "correction_pending", "A correction waits for approval"
    ROUND_IDLE = "round_idle", "A round with no action for too long"
    TABLE_NO_DEALER = "table_no_dealer", "An open table with no dealer"
    DEALER_REFUSALS = "dealer_refusals", "Repeated refusals at one table"
    REPLAY_MISMATCH = "replay_mismatch", "A settlement differs from its replay"
    CHAIN_BROKEN = "chain_broken", "The audit chain is broken"
    CHECKPOINT_INVALID = "checkpoint_invalid", "A checkpoint is missing, altered or forged"
    RECORD_UNAUDITED = "record_unaudited", "A record and the audit trail disagree"
    TRAY_VARIANCE = "tray_variance", "A table's win from its tray differs from its rounds"
    EDGE_MISMATCH = "edge_mismatch", "A certified house edge differs from the computed one"
    AML_THRESHOLD = "aml_threshold", "A patron's cash in a gaming day crossed a threshold"
    DEALER_UNQUALIFIED = "dealer_unqualified", "A round dealt by a dealer not qualified for it"
    DEALER_ACCURACY = "dealer_accuracy", "A dealer's errors over a week above the threshold"
    DEALER_PAST_PLAN = "dealer_past_plan", "A dealer kept at the tables past the plan's break"
    RELIEF_LATE = "relief_late", "A table waiting for the relief the plan gave it"
    BREAK_SKIPPED = "break_skipped", "A dealer dealing without the break the plan gave"


class AlertSeverity(models.TextChoices):
    INFO = "info", "Info"
    WARNING = "warning", "Warning"
    CRITICAL = "critical", "Critical"


class Alert(models.Model):
    """Something a pit boss or an auditor must look at, raised in the transaction of the event
    that causes it (``casino.core.alerts.alert_record``) or by a scheduled check.

    ``cause`` names the one event it is about (``round:12``, ``payout_line:40``...), so the
    same cause never raises two open alerts. Like the audit trail it sits below the apps and
    names the casino, table and round by id, with no foreign key. Never changed or deleted
    (the database refuses both): acknowledging one is a row of its own
    (:class:`AlertAcknowledgement`).
    """

    kind = models.CharField(max_length=20, choices=AlertKind.choices)
    severity = models.CharField(max_length=10, choices=AlertSeverity.choices)
    cause = models.CharField(max_length=120)
    casino_id = models.BigIntegerField(null=True, blank=True, help_text="The casino, by id.")
    table_id = models.BigIntegerField(null=True, blank=True, help_text="The table, by id.")
    round_id = models.BigIntegerField(null=True, blank=True, help_text="The round, by id.")
    gaming_day = models.DateField(null=True, blank=True)
    details = models.JSONField(default=dict)
    raised_at = models.DateTimeField()

    class Meta:
        indexes = [
            models.Index(fields=["kind", "raised_at"], name="core_alert_kind_time_idx"),
            models.Index(fields=["kind", "cause"], name="core_alert_kind_cause_idx"),
            models.Index(fields=["table_id"], name="core_alert_table_idx"),
            # The round search's ``replay_mismatch`` and each row's flag: the replay
            # mismatches alone, by round.
            models.Index(
                fields=["round_id"],
                condition=Q(kind="replay_mismatch"),
                name="core_alert_replay_round_idx",
            ),
        ]
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"


class AlertAcknowledgement(models.Model):
    """Who cleared an alert, when, and what they noted: at most one per alert, never changed."""

    alert = models.OneToOneField(Alert, on_delete=models.PROTECT, related_name="acknowledgement")
    acknowledged_by = user_field()
    acknowledged_role = models.CharField(max_length=20)
    acknowledged_at = models.DateTimeField()
    note = models.TextField()

    class Meta:
        constraints = [
            models.CheckConstraint(condition=~Q(note=""), name="alert_acknowledgement_has_note")
        ]

    def __str__(self) -> str:
        return f"acknowledgement of alert {self.alert_id}"
