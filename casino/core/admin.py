"""The audit trail in the admin, read-only; and the read-only admin every app's history uses."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from casino.core.models import Alert, AlertAcknowledgement, AuditRecord


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Rows that are history: visible, never added, changed or deleted through the admin."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(AuditRecord)
class AuditRecordAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "stream",
        "seq",
        "occurred_at",
        "event_code",
        "actor_label",
        "actor_role",
        "table_id",
    ]
    list_filter = ["event_code", "actor_role"]


@admin.register(Alert)
class AlertAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "severity", "table_id", "round_id", "gaming_day", "raised_at"]
    list_filter = ["kind", "severity"]


@admin.register(AlertAcknowledgement)
class AlertAcknowledgementAdmin(ReadOnlyAdmin):
    list_display = ["alert", "acknowledged_by", "acknowledged_at"]
