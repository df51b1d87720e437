"""Admin for configuration. Rounds and their events are shown read-only: history is not edited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import transaction
from django.http import HttpRequest

from audit.codes import AuditCode
from audit.services.recording import audit_record
from tables.models import Box, Casino, DealerAssignment, Pit, Round, RoundEvent, RuleSet, Table


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Rows that are history: visible, never added, changed or deleted through the admin."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


admin.site.register(Casino)


@admin.register(Pit)
class PitAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "casino"]
    filter_horizontal = ["supervisors"]


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "version", "game", "created_at"]
    list_filter = ["game"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # A saved version is what rounds were played under: changes are new versions.
        return ["game", "name", "version", "settings"] if obj is not None else []

    def save_model(self, request: HttpRequest, obj: RuleSet, form: Any, change: bool) -> None:
        with transaction.atomic():
            obj.created_by = request.user
            super().save_model(request, obj, form, change)
            audit_record(
                event_code=AuditCode.RULE_SET_CREATED,
                actor=request.user,
                after={
                    "name": obj.name,
                    "version": obj.version,
                    "game": obj.game,
                    "settings": obj.settings,
                },
            )


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["code", "pit", "game", "status", "currency", "ante_min", "ante_max"]
    list_filter = ["game", "status", "pit"]


admin.site.register(Box)


@admin.register(DealerAssignment)
class DealerAssignmentAdmin(ReadOnlyAdmin):
    list_display = ["table", "dealer", "started_at", "ended_at"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "game", "status", "phase", "gaming_day"]
    list_filter = ["game", "status", "gaming_day"]


@admin.register(RoundEvent)
class RoundEventAdmin(ReadOnlyAdmin):
    list_display = ["round", "seq", "kind", "actor", "created_at"]
