"""The pit view: a table's rounds of the last hour are counted along this index."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0004_limit_change_requests"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name="round",
            index=models.Index(fields=["table", "opened_at"], name="round_table_opened_idx"),
        ),
    ]
