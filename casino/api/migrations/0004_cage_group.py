"""The cage joins the roles: the people who issue fills, take back credits and count the drop."""

from django.db import migrations


def create_group(apps, schema_editor):  # type: ignore[no-untyped-def]
    apps.get_model("auth", "Group").objects.get_or_create(name="cage")


class Migration(migrations.Migration):
    dependencies = [("api", "0003_device_token_expiry_and_sign_in_lockouts")]
    operations = [migrations.RunPython(create_group, migrations.RunPython.noop)]
