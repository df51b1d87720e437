"""Admin of paytables, which table uses which, and read-only money rows; changes through the
services (audited there)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import transaction
from django.http import HttpRequest
from django.utils.html import format_html_join

from casino.core.admin import ReadOnlyAdmin
from payouts.models import (
    PayoutLine,
    Paytable,
    PaytableLine,
    RoundPaytable,
    Settlement,
    TablePaytable,
    WagerLine,
)
from payouts.services.house_edges import paytable_house_edges
from payouts.services.paytables import (
    paytable_record_saved,
    table_paytable_clear,
    table_paytable_set,
)


class PaytableLineInline(admin.TabularInline):  # type: ignore[type-arg]
    model = PaytableLine
    extra = 0


@admin.register(Paytable)
class PaytableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "version", "game", "kind", "house_edge"]
    list_filter = ["game", "kind"]
    inlines = [PaytableLineInline]
    readonly_fields = ["computed_house_edges"]

    @admin.display(description="House edges computed from the rules")
    def computed_house_edges(self, paytable: Paytable) -> str:
        """Each configuration computed with this paytable, beside the certified figure typed
        above: its status, and once done the main game's edge by Ante band with its 95 %
        interval (the figures a certificate's must bear out)."""
        if paytable.pk is None:
            return "-"
        edges = paytable_house_edges(paytable.pk)
        if not edges:
            return "None asked for: no table plays this paytable."
        return format_html_join(
            "",
            "<p>{}</p>",
            ((edge,) for edge in edges),
        )

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # Audited once the lines are saved too, so the row states the whole paytable.
        with transaction.atomic():
            super().save_related(request, form, formsets, change)
            paytable_record_saved(
                paytable_id=form.instance.pk, actor=request.user, created=not change
            )


@admin.register(TablePaytable)
class TablePaytableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Which paytable each table uses; every change is the audited service's."""

    list_display = ["table", "kind", "paytable"]
    list_filter = ["kind"]
    # The kind is the paytable's own.
    exclude = ["kind"]

    def save_model(self, request: HttpRequest, obj: TablePaytable, form: Any, change: bool) -> None:
        if change:
            previous = TablePaytable.objects.get(pk=obj.pk)
            if previous.kind != obj.paytable.kind or previous.table_id != obj.table_id:
                table_paytable_clear(
                    table_id=previous.table_id, actor=request.user, kind=previous.kind
                )
        link = table_paytable_set(table_id=obj.table_id, actor=request.user, paytable=obj.paytable)
        obj.pk = link.pk

    def delete_model(self, request: HttpRequest, obj: TablePaytable) -> None:
        table_paytable_clear(table_id=obj.table_id, actor=request.user, kind=obj.kind)


@admin.register(RoundPaytable)
class RoundPaytableAdmin(ReadOnlyAdmin):
    list_display = ["round", "kind", "paytable"]


@admin.register(WagerLine)
class WagerLineAdmin(ReadOnlyAdmin):
    list_display = ["round", "box", "kind", "amount"]


@admin.register(Settlement)
class SettlementAdmin(ReadOnlyAdmin):
    list_display = ["round", "total_staked", "total_returned", "house_result", "cap_applied"]


@admin.register(PayoutLine)
class PayoutLineAdmin(ReadOnlyAdmin):
    list_display = ["settlement", "box", "line", "outcome", "computed_amount", "paid_amount"]
