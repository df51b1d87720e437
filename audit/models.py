"""The audit trail: one row per business event, written in the same transaction as the change."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AuditRecord(models.Model):
    """Who did what, in which role, authorised by whom, to which table and round, and why.

    ``before`` and ``after`` hold the changed values (JSON). Rows are only ever inserted.
    """

    occurred_at = models.DateTimeField()
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    actor_label = models.CharField(
        max_length=150, blank=True, help_text="Username as given, e.g. for a failed login."
    )
    actor_role = models.CharField(max_length=20, blank=True)
    authorised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    event_code = models.CharField(max_length=60)
    table = models.ForeignKey(
        "tables.Table", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    round = models.ForeignKey(
        "tables.Round", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    gaming_day = models.DateField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    request_id = models.CharField(max_length=64, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["event_code", "occurred_at"], name="audit_code_time_idx"),
            models.Index(fields=["round"], name="audit_round_idx"),
            models.Index(fields=["gaming_day", "table"], name="audit_day_table_idx"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"#{self.pk} {self.event_code}"
