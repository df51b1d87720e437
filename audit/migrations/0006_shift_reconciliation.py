"""Shift reconciliations: a complete shift's win beside its rounds, append-only."""

import django.db.models.deletion
import django.db.models.expressions
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0005_alerts_moved_to_core"),
        ("tables", "0008_inventory"),
    ]

    operations = [
        migrations.CreateModel(
            name="ShiftReconciliation",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("gaming_day", models.DateField(help_text="The gaming day of the closer.")),
                ("opener_total", models.DecimalField(decimal_places=2, max_digits=16)),
                ("closer_total", models.DecimalField(decimal_places=2, max_digits=16)),
                ("fills", models.DecimalField(decimal_places=2, max_digits=16)),
                ("credits", models.DecimalField(decimal_places=2, max_digits=16)),
                ("drop_total", models.DecimalField(decimal_places=2, max_digits=16)),
                ("win", models.DecimalField(decimal_places=2, max_digits=16)),
                ("rounds", models.PositiveIntegerField()),
                ("house_result", models.DecimalField(decimal_places=2, max_digits=16)),
                ("difference", models.DecimalField(decimal_places=2, max_digits=16)),
                ("tolerance", models.DecimalField(decimal_places=2, max_digits=16)),
                ("within_tolerance", models.BooleanField()),
                ("reconciled_at", models.DateTimeField()),
                ("audit_record_id", models.BigIntegerField(unique=True)),
                (
                    "closer",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tables.traycount",
                    ),
                ),
                (
                    "drop",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tables.dropcount",
                    ),
                ),
                (
                    "opener",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="reconciliation",
                        to="tables.traycount",
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
                "ordering": ["id"],
                "indexes": [
                    models.Index(fields=["gaming_day", "table"], name="shift_recon_day_table_idx")
                ],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(
                            (
                                "win",
                                django.db.models.expressions.CombinedExpression(
                                    django.db.models.expressions.CombinedExpression(
                                        django.db.models.expressions.CombinedExpression(
                                            django.db.models.expressions.CombinedExpression(
                                                models.F("closer_total"),
                                                "-",
                                                models.F("opener_total"),
                                            ),
                                            "+",
                                            models.F("credits"),
                                        ),
                                        "-",
                                        models.F("fills"),
                                    ),
                                    "+",
                                    models.F("drop_total"),
                                ),
                            )
                        ),
                        name="shift_reconciliation_win_formula",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            (
                                "difference",
                                django.db.models.expressions.CombinedExpression(
                                    models.F("win"), "-", models.F("house_result")
                                ),
                            )
                        ),
                        name="shift_reconciliation_difference",
                    ),
                ],
            },
        ),
        migrations.RunSQL(
            """
            CREATE TRIGGER audit_shiftreconciliation_append_only
                BEFORE UPDATE OR DELETE ON audit_shiftreconciliation
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            """,
            "DROP TRIGGER IF EXISTS audit_shiftreconciliation_append_only ON audit_shiftreconciliation;",
        ),
    ]
