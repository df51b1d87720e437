"""The chip tray (from the tables app), the corrections and the shifts' reconciliations (from
the audit app) become this app's models: the money of a table in one place. Only Django's
state moves; the database is untouched, each table keeping the name it was made with
(``tables_traycount``, ``audit_correction``...), so no row is copied or rewritten. The old
apps forget the models in their own migrations (``tables`` 0014, ``audit`` 0009).
"""

from django.conf import settings
from django.db import migrations, models
import django.db.models.deletion


class Migration(migrations.Migration):
    dependencies = [
        ("payouts", "0008_game_choices_from_the_registry"),
        ("tables", "0013_game_choices_from_the_registry"),
        ("audit", "0008_published_views"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="ChipSlip",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("number", models.PositiveIntegerField()),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("fill", "Fill: chips brought from the cage to the table"),
                                    (
                                        "credit",
                                        "Credit: chips taken from the table back to the cage",
                                    ),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("chips", models.JSONField(help_text='Chips by value: {"25.00": 20}.')),
                        ("amount", models.DecimalField(decimal_places=2, max_digits=16)),
                        ("requested_at", models.DateTimeField()),
                        ("gaming_day", models.DateField()),
                        ("note", models.TextField(blank=True)),
                        ("audit_record_id", models.BigIntegerField(unique=True)),
                        (
                            "casino",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="tables.casino",
                            ),
                        ),
                        (
                            "requested_by",
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
                                related_name="chip_slips",
                                to="tables.table",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tables_chipslip",
                        "ordering": ["id"],
                    },
                ),
                migrations.CreateModel(
                    name="ChipSlipStep",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "step",
                            models.CharField(
                                choices=[
                                    ("approved", "Approved by a pit boss"),
                                    ("issued", "Issued by the cage"),
                                    ("received", "Received"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("actor_role", models.CharField(max_length=20)),
                        ("at", models.DateTimeField()),
                        ("audit_record_id", models.BigIntegerField(unique=True)),
                        (
                            "actor",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "slip",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="steps",
                                to="payouts.chipslip",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tables_chipslipstep",
                        "ordering": ["id"],
                    },
                ),
                migrations.CreateModel(
                    name="ChipSlipVoid",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("reason", models.TextField()),
                        ("requested_at", models.DateTimeField()),
                        ("audit_record_id", models.BigIntegerField(unique=True)),
                        (
                            "requested_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "slip",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="voids",
                                to="payouts.chipslip",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tables_chipslipvoid",
                        "ordering": ["id"],
                    },
                ),
                migrations.CreateModel(
                    name="ChipSlipVoidDecision",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("decided_at", models.DateTimeField()),
                        ("note", models.TextField(blank=True)),
                        ("audit_record_id", models.BigIntegerField(unique=True)),
                        ("approved", models.BooleanField()),
                        (
                            "decided_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "void",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="decision",
                                to="payouts.chipslipvoid",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tables_chipslipvoiddecision",
                        "ordering": ["id"],
                        "abstract": False,
                    },
                ),
                migrations.CreateModel(
                    name="Correction",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("void", "Void the round"),
                                    ("payout_correction", "Payout correction"),
                                ],
                                max_length=20,
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("requested", "Requested"),
                                    ("approved", "Approved"),
                                    ("rejected", "Rejected"),
                                ],
                                default="requested",
                                max_length=10,
                            ),
                        ),
                        ("reason", models.TextField()),
                        ("requested_role", models.CharField(max_length=20)),
                        ("requested_at", models.DateTimeField()),
                        ("decided_at", models.DateTimeField(blank=True, null=True)),
                        ("decided_gaming_day", models.DateField(blank=True, null=True)),
                        ("decision_note", models.TextField(blank=True)),
                        (
                            "decided_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "requested_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "round",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="corrections",
                                to="tables.round",
                            ),
                        ),
                        (
                            "settlement",
                            models.ForeignKey(
                                blank=True,
                                help_text="The settlement corrected; null for the void of a round never settled.",
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="corrections",
                                to="payouts.settlement",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "audit_correction",
                        "ordering": ["id"],
                    },
                ),
                migrations.CreateModel(
                    name="CorrectionLine",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("box", models.PositiveSmallIntegerField()),
                        (
                            "line",
                            models.CharField(
                                help_text="ante, bet, bonus, pot, void...", max_length=40
                            ),
                        ),
                        ("amount", models.DecimalField(decimal_places=2, max_digits=14)),
                        (
                            "correction",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="lines",
                                to="payouts.correction",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "audit_correctionline",
                        "ordering": ["id"],
                    },
                ),
                migrations.CreateModel(
                    name="DropCount",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("cash", models.DecimalField(decimal_places=2, max_digits=16)),
                        (
                            "markers",
                            models.DecimalField(decimal_places=2, default=0, max_digits=16),
                        ),
                        ("counted_at", models.DateTimeField()),
                        ("gaming_day", models.DateField()),
                        ("note", models.TextField(blank=True)),
                        ("audit_record_id", models.BigIntegerField(unique=True)),
                        (
                            "counted_by",
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
                        "db_table": "tables_dropcount",
                        "ordering": ["id"],
                    },
                ),
                migrations.CreateModel(
                    name="DropCountDecision",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("decided_at", models.DateTimeField()),
                        ("note", models.TextField(blank=True)),
                        ("audit_record_id", models.BigIntegerField(unique=True)),
                        ("confirmed", models.BooleanField()),
                        (
                            "decided_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "drop",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="decision",
                                to="payouts.dropcount",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tables_dropcountdecision",
                        "ordering": ["id"],
                        "abstract": False,
                    },
                ),
                migrations.CreateModel(
                    name="TrayCount",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("opener", "Opener: the tray when the shift starts"),
                                    ("closer", "Closer: the tray when the shift ends"),
                                ],
                                max_length=10,
                            ),
                        ),
                        (
                            "chips",
                            models.JSONField(
                                help_text='Chips by value: {"5.00": 40, "25.00": 12}.'
                            ),
                        ),
                        ("total", models.DecimalField(decimal_places=2, max_digits=16)),
                        ("gaming_day", models.DateField()),
                        ("counted_at", models.DateTimeField()),
                        ("note", models.TextField(blank=True)),
                        ("audit_record_id", models.BigIntegerField(unique=True)),
                        (
                            "counted_by",
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
                                related_name="tray_counts",
                                to="tables.table",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tables_traycount",
                        "ordering": ["id"],
                    },
                ),
                migrations.CreateModel(
                    name="ShiftReconciliation",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
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
                            "drop",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="payouts.dropcount",
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
                        (
                            "closer",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="payouts.traycount",
                            ),
                        ),
                        (
                            "opener",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="reconciliation",
                                to="payouts.traycount",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "audit_shiftreconciliation",
                        "ordering": ["id"],
                    },
                ),
                migrations.AddField(
                    model_name="dropcount",
                    name="shift",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="drops",
                        to="payouts.traycount",
                    ),
                ),
                migrations.CreateModel(
                    name="TrayCountDecision",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("decided_at", models.DateTimeField()),
                        ("note", models.TextField(blank=True)),
                        ("audit_record_id", models.BigIntegerField(unique=True)),
                        ("confirmed", models.BooleanField()),
                        (
                            "count",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="decision",
                                to="payouts.traycount",
                            ),
                        ),
                        (
                            "decided_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tables_traycountdecision",
                        "ordering": ["id"],
                        "abstract": False,
                    },
                ),
                migrations.CreateModel(
                    name="ChipDenomination",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("value", models.DecimalField(decimal_places=2, max_digits=12)),
                        ("colour", models.CharField(max_length=30)),
                        (
                            "casino",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="chips",
                                to="tables.casino",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tables_chipdenomination",
                        "ordering": ["casino_id", "value"],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(("value__gt", 0)), name="chip_value_positive"
                            ),
                            models.UniqueConstraint(
                                fields=("casino", "value"), name="chip_value_once_per_casino"
                            ),
                        ],
                    },
                ),
                migrations.AddIndex(
                    model_name="chipslip",
                    index=models.Index(
                        fields=["table", "requested_at"], name="chip_slip_table_time_idx"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="chipslip",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("amount__gt", 0)), name="chip_slip_amount_positive"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="chipslip",
                    constraint=models.UniqueConstraint(
                        fields=("casino", "number"), name="chip_slip_number_once"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="chipslipstep",
                    constraint=models.UniqueConstraint(
                        fields=("slip", "step"), name="chip_slip_step_once"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="chipslipstep",
                    constraint=models.UniqueConstraint(
                        fields=("slip", "actor"), name="chip_slip_step_other_person"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="chipslipvoid",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("reason", ""), _negated=True),
                        name="chip_slip_void_reason",
                    ),
                ),
                migrations.AddIndex(
                    model_name="correction",
                    index=models.Index(
                        fields=["status", "decided_gaming_day"], name="correction_status_day_idx"
                    ),
                ),
                migrations.AddIndex(
                    model_name="correction",
                    index=models.Index(
                        condition=models.Q(("status", "approved")),
                        fields=["round"],
                        name="correction_approved_round_idx",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="correction",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("reason", ""), _negated=True),
                        name="correction_has_reason",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="correction",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(
                                ("status", "requested"),
                                ("decided_by__isnull", True),
                                ("decided_at__isnull", True),
                                ("decided_gaming_day__isnull", True),
                            ),
                            models.Q(
                                ("status__in", ["approved", "rejected"]),
                                ("decided_by__isnull", False),
                                ("decided_at__isnull", False),
                                ("decided_gaming_day__isnull", False),
                            ),
                            _connector="OR",
                        ),
                        name="correction_decision_complete",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="correction",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            ("decided_by__isnull", True),
                            models.Q(("decided_by", models.F("requested_by")), _negated=True),
                            _connector="OR",
                        ),
                        name="correction_decided_by_another",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="correction",
                    constraint=models.UniqueConstraint(
                        condition=models.Q(
                            ("kind", "void"), ("status__in", ["requested", "approved"])
                        ),
                        fields=("round",),
                        name="correction_one_void_per_round",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="correctionline",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("amount", 0), _negated=True),
                        name="correction_line_amount_nonzero",
                    ),
                ),
                migrations.AddIndex(
                    model_name="traycount",
                    index=models.Index(
                        fields=["table", "counted_at"], name="tray_count_table_time_idx"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="traycount",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("total__gte", 0)), name="tray_count_total_nonneg"
                    ),
                ),
                migrations.AddIndex(
                    model_name="shiftreconciliation",
                    index=models.Index(
                        fields=["gaming_day", "table"], name="shift_recon_day_table_idx"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="shiftreconciliation",
                    constraint=models.CheckConstraint(
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
                ),
                migrations.AddConstraint(
                    model_name="shiftreconciliation",
                    constraint=models.CheckConstraint(
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
                ),
                migrations.AddConstraint(
                    model_name="dropcount",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("cash__gte", 0)), name="drop_cash_nonneg"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="dropcount",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("markers__gte", 0)), name="drop_markers_nonneg"
                    ),
                ),
            ],
        ),
    ]
