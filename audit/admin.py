from django.contrib import admin

from audit.models import AuditRecord
from tables.admin import ReadOnlyAdmin


@admin.register(AuditRecord)
class AuditRecordAdmin(ReadOnlyAdmin):
    list_display = ["id", "occurred_at", "event_code", "actor_label", "actor_role", "table"]
    list_filter = ["event_code", "actor_role"]
