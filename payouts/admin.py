from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import transaction
from django.http import HttpRequest

from audit.codes import AuditCode
from audit.services.recording import audit_record
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

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # Audited once the lines are saved too, so the row states the whole paytable.
        with transaction.atomic():
            super().save_related(request, form, formsets, change)
            paytable = form.instance
            paytable.refresh_from_db()  # the values as stored, to their decimal places
            audit_record(
                event_code=AuditCode.PAYTABLE_CHANGED if change else AuditCode.PAYTABLE_CREATED,
                actor=request.user,
                after={
                    "name": paytable.name,
                    "version": paytable.version,
                    "game": paytable.game,
                    "kind": paytable.kind,
                    "house_edge": None if paytable.house_edge is None else str(paytable.house_edge),
                    "lines": {
                        line.line: [str(line.pays), line.basis] for line in paytable.lines.all()
                    },
                },
            )


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
