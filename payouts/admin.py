from __future__ import annotations

from django.contrib import admin

from payouts.models import LedgerEntry, PayoutLine, Paytable, PaytableLine, Settlement, WagerLine
from tables.admin import ReadOnlyAdmin


class PaytableLineInline(admin.TabularInline):  # type: ignore[type-arg]
    model = PaytableLine
    extra = 0


@admin.register(Paytable)
class PaytableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "version", "game", "kind", "house_edge"]
    list_filter = ["game", "kind"]
    inlines = [PaytableLineInline]


@admin.register(WagerLine)
class WagerLineAdmin(ReadOnlyAdmin):
    list_display = ["round", "box", "kind", "amount"]


@admin.register(Settlement)
class SettlementAdmin(ReadOnlyAdmin):
    list_display = ["round", "total_staked", "total_returned", "house_result", "cap_applied"]


@admin.register(PayoutLine)
class PayoutLineAdmin(ReadOnlyAdmin):
    list_display = ["settlement", "box", "line", "outcome", "computed_amount", "paid_amount"]


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ["round", "seq", "source", "destination", "amount", "reason"]
