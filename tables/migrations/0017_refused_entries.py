"""Each refused request of a dealer at a table, one row a refusal (``tables.RefusedEntry``):
append-only (``casino_refuse_history_change``), and published to other apps' SQL as the view
``tables_refused_entries`` (the dealers' accuracy counts them)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

_TRIGGERS_AND_VIEW = """
CREATE TRIGGER tables_refusedentry_append_only
    BEFORE UPDATE OR DELETE ON tables_refusedentry
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();

CREATE VIEW tables_refused_entries AS
    SELECT r.table_id, r.dealer_id, r.code, r.refused_at, r.gaming_day
    FROM tables_refusedentry r;
"""

_DROP = """
DROP VIEW IF EXISTS tables_refused_entries;
DROP TRIGGER IF EXISTS tables_refusedentry_append_only ON tables_refusedentry;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0016_published_casinos_and_event_actors"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RefusedEntry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("code", models.CharField(max_length=60)),
                ("refused_at", models.DateTimeField()),
                ("gaming_day", models.DateField()),
                (
                    "dealer",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tables.table",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["table", "gaming_day"], name="refused_entry_table_day_idx")
                ],
            },
        ),
        migrations.RunSQL(_TRIGGERS_AND_VIEW, _DROP),
    ]
