"""Corrections under dual control: the void of a round, or a correction of its payouts,
requested by one person and decided by another (``payouts.services.corrections``).

History: the database refuses to change or delete a row (triggers, see the audit app's
migration 0002, which made them), but for the one change of a correction from requested to
approved or rejected. The tables keep the names they were made with (``audit_correction*``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q

from casino.core.fields import user_field


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
    requested_by = user_field()
    requested_role = models.CharField(max_length=20)
    requested_at = models.DateTimeField()
    decided_by = user_field(optional=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_gaming_day = models.DateField(null=True, blank=True)
    decision_note = models.TextField(blank=True)

    class Meta:
        db_table = "audit_correction"
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
        db_table = "audit_correctionline"
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="correction_line_amount_nonzero")
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"correction {self.correction_id} box {self.box} {self.line} {self.amount}"
