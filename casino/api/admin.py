from django.contrib import admin

from casino.api.models import DeviceToken


@admin.register(DeviceToken)
class DeviceTokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["device_name", "user", "created_at", "revoked_at"]
    readonly_fields = ["key_digest", "created_at"]
