"""The dealers' rotation plans: one row a version of a pit's plan for a shift, append-only
(``casino_refuse_history_change``, from ``core.0002``): a change is a new version."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

_TRIGGERS = """
CREATE TRIGGER dealers_rotationplan_append_only
    BEFORE UPDATE OR DELETE ON dealers_rotationplan
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
"""

_DROP_TRIGGERS = """
DROP TRIGGER IF EXISTS dealers_rotationplan_append_only ON dealers_rotationplan;
"""


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("core", "0002_trail_protected"),
        ("tables", "0016_published_casinos_and_event_actors"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RotationPlan",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("shift_start", models.DateTimeField()),
                ("version", models.PositiveIntegerField()),
                ("length", models.PositiveIntegerField(help_text="The shift's minutes.")),
                ("minutes_on", models.PositiveIntegerField()),
                ("minutes_off", models.PositiveIntegerField()),
                ("min_stint", models.PositiveIntegerField()),
                ("grace", models.PositiveIntegerField()),
                ("tables", models.JSONField()),
                ("dealers", models.JSONField()),
                ("strings", models.JSONField()),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("proposed", "Proposed by the system"),
                            ("edited", "Edited by a pit boss"),
                        ],
                        max_length=10,
                    ),
                ),
                ("saved_at", models.DateTimeField()),
                ("audit_record_id", models.BigIntegerField(unique=True)),
                (
                    "pit",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tables.pit",
                    ),
                ),
                (
                    "saved_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("pit", "shift_start", "version"),
                        name="rotation_plan_version_unique",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("version__gte", 1)), name="rotation_plan_version_from_1"
                    ),
                ],
            },
        ),
        migrations.RunSQL(_TRIGGERS, _DROP_TRIGGERS),
    ]
