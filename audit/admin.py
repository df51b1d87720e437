"""The audit app in the admin: everything read-only. History is changed through no screen; a
correction is requested and decided through the API, under dual control."""

from django.contrib import admin

from audit.models import GamingDayReport, ReplayCheck
from casino.core.admin import ReadOnlyAdmin
from payouts.models import Correction


@admin.register(Correction)
class CorrectionAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "status", "round", "requested_by", "decided_by", "decided_at"]
    list_filter = ["kind", "status"]


@admin.register(GamingDayReport)
class GamingDayReportAdmin(ReadOnlyAdmin):
    list_display = ["id", "casino", "gaming_day", "trigger", "status", "finished_at"]
    list_filter = ["trigger", "status"]
    exclude = ["payload", "csv", "pdf"]


@admin.register(ReplayCheck)
class ReplayCheckAdmin(ReadOnlyAdmin):
    list_display = ["casino", "gaming_day", "rounds_checked", "mismatches", "checked_at"]
