"""Admin for configuration, through the same services as the API (each change validated and
audited there). Rounds and their events are shown read-only: history is not edited."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from casino.core.admin import ReadOnlyAdmin
from casino.core.errors import ApiError
from tables.limits import limit_value, needs_second_person
from tables.models import (
    Box,
    Casino,
    DealerAssignment,
    LedgerEntry,
    Pit,
    Round,
    RoundEvent,
    RuleSet,
    Table,
)
from tables.services import rule_sets as rule_set_services
from tables.services import tables as table_services

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
        if change:
            return  # nothing of a saved version is editable
        created = rule_set_services.rule_set_create(
            actor=request.user,
            game=obj.game,
            name=obj.name,
            version=obj.version,
            settings=obj.settings,
        )
        obj.pk = created.pk


class TableAdminForm(forms.ModelForm):  # type: ignore[type-arg]
    """Judges the limits as the services do, so a refusal shows on the form."""

    class Meta:
        model = Table
        fields = [
            "pit",
            "code",
            "game",
            "currency",
            "chip_unit",
            *table_services.LIMIT_FIELDS,
            "rule_set",
            "boxes",
            "language",
        ]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        candidate = Table(**{k: v for k, v in cleaned.items() if k in _TABLE_VALUES})
        for name in _TABLE_VALUES:
            if name not in cleaned and self.instance.pk is not None:
                setattr(candidate, name, getattr(self.instance, name))
        if candidate.ante_min is not None and candidate.ante_max is not None:
            try:
                table_services.verify_limits(candidate)
            except ApiError as error:
                raise ValidationError({error.details.get("field"): error.message}) from error
        if self.instance.pk is not None and "max_table_payout" in cleaned:
            before = {"max_table_payout": limit_value(self.instance.max_table_payout)}
            after = {"max_table_payout": limit_value(cleaned["max_table_payout"])}
            if before != after and needs_second_person(before, after):
                raise ValidationError(
                    {
                        "max_table_payout": "Removing or raising the maximum table payout needs "
                        "a second person's approval: request it as a change of the table's "
                        "limits (POST /api/v1/tables/<id>/limits/)."
                    }
                )
        return cleaned


_TABLE_VALUES = (*table_services.LIMIT_FIELDS, "chip_unit")


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Tables are created closed; they open and close through their services (the pit boss's
    API), and their game never changes once created."""

    form = TableAdminForm
    list_display = ["code", "pit", "game", "status", "currency", "ante_min", "ante_max"]
    list_filter = ["game", "status", "pit"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["status", "game"] if obj is not None else ["status"]

    def save_model(self, request: HttpRequest, obj: Table, form: Any, change: bool) -> None:
        values = {name: form.cleaned_data[name] for name in form.changed_data}
        if not change:
            created = table_services.table_create(
                actor=request.user,
                **{
                    name: form.cleaned_data[name]
                    for name in form.cleaned_data
                    if name not in ("status",)
                },
            )
            obj.pk = created.pk
            return
        table_services.table_change(table_id=obj.pk, actor=request.user, changes=values)


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


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ["round", "seq", "source", "destination", "amount", "reason"]
