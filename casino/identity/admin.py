from typing import Any

from django.contrib import admin

from casino.core.admin import ReadOnlyAdmin
from casino.identity.models import DeviceToken, Qualification, QualificationRevocation
from casino.identity.tokens import device_token_revoke


@admin.register(DeviceToken)
class DeviceTokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["device_name", "user", "created_at", "expires_at", "revoked_at", "revoked_by"]
    # Revoking goes through the service (recorded and audited), never an edit of the row.
    readonly_fields = [
        "user",
        "device_name",
        "key_digest",
        "created_at",
        "expires_at",
        "revoked_at",
        "revoked_by",
    ]
    actions = ["revoke"]

    def has_add_permission(self, request: Any) -> bool:
        return False  # tokens are issued at sign-in only

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False  # tokens are never deleted

    @admin.action(description="Revoke the selected device tokens")
    def revoke(self, request: Any, queryset: Any) -> None:
        for token_id in queryset.values_list("pk", flat=True):
            device_token_revoke(token_id=token_id, actor=request.user)


# Qualifications are recorded and revoked through their service (audited, checked against the
# table a dealer deals at): the admin shows them, and neither adds nor changes one.
@admin.register(Qualification)
class QualificationAdmin(ReadOnlyAdmin):
    list_display = ["dealer", "game", "evidence_kind", "qualified_on", "expires_on", "recorded_at"]
    list_filter = ["game"]


@admin.register(QualificationRevocation)
class QualificationRevocationAdmin(ReadOnlyAdmin):
    list_display = ["qualification", "revoked_by", "revoked_at"]
