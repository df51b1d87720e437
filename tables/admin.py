"""Admin for configuration. Rounds and their events are shown read-only: history is not edited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import transaction
from django.http import HttpRequest

from audit.codes import AuditCode
from audit.services.recording import audit_record
from tables.models import Box, Casino, DealerAssignment, Pit, Round, RoundEvent, RuleSet, Table
from tables.services.tables import LIMIT_FIELDS


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


#: Which audit code a change of each table field is recorded under.
_TABLE_FIELD_CODES = {
    **{name: AuditCode.TABLE_LIMITS_CHANGED for name in LIMIT_FIELDS},
    "rule_set": AuditCode.TABLE_RULE_SET_CHANGED,
    "paytable": AuditCode.TABLE_PAYTABLE_CHANGED,
    "bonus_paytable": AuditCode.TABLE_PAYTABLE_CHANGED,
}


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["code", "pit", "game", "status", "currency", "ante_min", "ante_max"]
    list_filter = ["game", "status", "pit"]

    def save_model(self, request: HttpRequest, obj: Table, form: Any, change: bool) -> None:
        """Save, and record each changed limit, rule set or paytable in the audit trail."""
        with transaction.atomic():
            before = Table.objects.select_for_update().get(pk=obj.pk) if change else None
            super().save_model(request, obj, form, change)
            if before is None:
                return
            changed: dict[str, dict[str, dict[str, str | None]]] = {}
            for name, code in _TABLE_FIELD_CODES.items():
                old, new = getattr(before, name), getattr(obj, name)
                if old != new:
                    entry = changed.setdefault(code, {"before": {}, "after": {}})
                    entry["before"][name] = None if old is None else str(old)
                    entry["after"][name] = None if new is None else str(new)
            for code, values in changed.items():
                audit_record(
                    event_code=code,
                    actor=request.user,
                    table=obj,
                    before=values["before"],
                    after=values["after"],
                )


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
