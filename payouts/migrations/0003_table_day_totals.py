"""Per-table per-gaming-day totals, kept as rounds settle (a cache of the settlements)."""

import django.db.models.deletion
import django.db.models.expressions
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("payouts", "0002_paytable_frozen_once_used"),
        ("tables", "0003_table_changes"),
    ]

    operations = [
        migrations.CreateModel(
            name="TableDayTotals",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("gaming_day", models.DateField()),
                ("rounds", models.IntegerField(default=0)),
                ("wagered", models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                ("paid", models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                ("house_result", models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                (
                    "theoretical_result",
                    models.DecimalField(decimal_places=8, default=0, max_digits=24),
                ),
                (
                    "theoretical_base",
                    models.DecimalField(decimal_places=2, default=0, max_digits=16),
                ),
                ("cap_hits", models.IntegerField(default=0)),
                ("withheld", models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                ("updated_at", models.DateTimeField()),
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
                "constraints": [
                    models.UniqueConstraint(
                        fields=("table", "gaming_day"), name="table_day_totals_one_per_day"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("rounds__gte", 0)), name="table_day_rounds_nonneg"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("wagered__gte", 0)), name="table_day_wagered_nonneg"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("theoretical_base__gte", 0)),
                        name="table_day_theoretical_base_nonneg",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("cap_hits__gte", 0)), name="table_day_cap_hits_nonneg"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("withheld__gte", 0)), name="table_day_withheld_nonneg"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            (
                                "house_result",
                                django.db.models.expressions.CombinedExpression(
                                    models.F("wagered"), "-", models.F("paid")
                                ),
                            )
                        ),
                        name="table_day_house_result_balances",
                    ),
                ],
            },
        ),
    ]
