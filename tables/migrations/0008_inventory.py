"""The chip tray: denominations, counts, fills and credits, the drop; all of it history
(append-only), and each second person refused when it is the first, in the database itself."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0007_tablets"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ChipSlip",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("fill", "Fill: chips brought from the cage to the table"),
                            ("credit", "Credit: chips taken from the table back to the cage"),
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
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="ChipSlipStep",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
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
                        to="tables.chipslip",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="ChipSlipVoid",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
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
                        to="tables.chipslip",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="ChipSlipVoidDecision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("approved", models.BooleanField()),
                ("decided_at", models.DateTimeField()),
                ("note", models.TextField(blank=True)),
                ("audit_record_id", models.BigIntegerField(unique=True)),
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
                        to="tables.chipslipvoid",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="DropCount",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("cash", models.DecimalField(decimal_places=2, max_digits=16)),
                ("markers", models.DecimalField(decimal_places=2, default=0, max_digits=16)),
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
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="DropCountDecision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("confirmed", models.BooleanField()),
                ("decided_at", models.DateTimeField()),
                ("note", models.TextField(blank=True)),
                ("audit_record_id", models.BigIntegerField(unique=True)),
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
                        to="tables.dropcount",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="TrayCount",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
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
                ("chips", models.JSONField(help_text='Chips by value: {"5.00": 40, "25.00": 12}.')),
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
                "ordering": ["id"],
            },
        ),
        migrations.AddField(
            model_name="dropcount",
            name="shift",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="drops",
                to="tables.traycount",
            ),
        ),
        migrations.CreateModel(
            name="TrayCountDecision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("confirmed", models.BooleanField()),
                ("decided_at", models.DateTimeField()),
                ("note", models.TextField(blank=True)),
                ("audit_record_id", models.BigIntegerField(unique=True)),
                (
                    "count",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="decision",
                        to="tables.traycount",
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
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="ChipDenomination",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
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
            index=models.Index(fields=["table", "requested_at"], name="chip_slip_table_time_idx"),
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
            constraint=models.UniqueConstraint(fields=("slip", "step"), name="chip_slip_step_once"),
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
                condition=models.Q(("reason", ""), _negated=True), name="chip_slip_void_reason"
            ),
        ),
        migrations.AddIndex(
            model_name="traycount",
            index=models.Index(fields=["table", "counted_at"], name="tray_count_table_time_idx"),
        ),
        migrations.AddConstraint(
            model_name="traycount",
            constraint=models.CheckConstraint(
                condition=models.Q(("total__gte", 0)), name="tray_count_total_nonneg"
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
        migrations.RunSQL(
            """
            CREATE TRIGGER tables_traycount_append_only
                BEFORE UPDATE OR DELETE ON tables_traycount
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE TRIGGER tables_traycountdecision_append_only
                BEFORE UPDATE OR DELETE ON tables_traycountdecision
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE TRIGGER tables_chipslip_append_only
                BEFORE UPDATE OR DELETE ON tables_chipslip
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE TRIGGER tables_chipslipstep_append_only
                BEFORE UPDATE OR DELETE ON tables_chipslipstep
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE TRIGGER tables_chipslipvoid_append_only
                BEFORE UPDATE OR DELETE ON tables_chipslipvoid
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE TRIGGER tables_chipslipvoiddecision_append_only
                BEFORE UPDATE OR DELETE ON tables_chipslipvoiddecision
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE TRIGGER tables_dropcount_append_only
                BEFORE UPDATE OR DELETE ON tables_dropcount
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE TRIGGER tables_dropcountdecision_append_only
                BEFORE UPDATE OR DELETE ON tables_dropcountdecision
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE OR REPLACE FUNCTION tables_inventory_second_person() RETURNS trigger AS $$
            DECLARE
                first_person bigint;
            BEGIN
                IF TG_TABLE_NAME = 'tables_traycountdecision' THEN
                    SELECT counted_by_id INTO first_person FROM tables_traycount
                    WHERE id = NEW.count_id;
                ELSIF TG_TABLE_NAME = 'tables_dropcountdecision' THEN
                    SELECT counted_by_id INTO first_person FROM tables_dropcount
                    WHERE id = NEW.drop_id;
                ELSIF TG_TABLE_NAME = 'tables_chipslipvoiddecision' THEN
                    SELECT requested_by_id INTO first_person FROM tables_chipslipvoid
                    WHERE id = NEW.void_id;
                END IF;
                IF first_person = NEW.decided_by_id THEN
                    RAISE EXCEPTION 'same_person: % % is decided by the one who made it',
                        TG_TABLE_NAME, NEW.id
                        USING ERRCODE = 'raise_exception';
                END IF;
                RETURN NEW;
            END;
            $$ LANGUAGE plpgsql;
            CREATE TRIGGER tables_traycountdecision_second_person
                BEFORE INSERT ON tables_traycountdecision
                FOR EACH ROW EXECUTE FUNCTION tables_inventory_second_person();
            CREATE TRIGGER tables_dropcountdecision_second_person
                BEFORE INSERT ON tables_dropcountdecision
                FOR EACH ROW EXECUTE FUNCTION tables_inventory_second_person();
            CREATE TRIGGER tables_chipslipvoiddecision_second_person
                BEFORE INSERT ON tables_chipslipvoiddecision
                FOR EACH ROW EXECUTE FUNCTION tables_inventory_second_person();
            -- A slip's steps: in order, and the approver and the issuer never its requester
            -- (each person once per slip is a unique constraint).
            CREATE OR REPLACE FUNCTION tables_chip_slip_step_in_order() RETURNS trigger AS $$
            DECLARE
                requester bigint;
                previous text;
            BEGIN
                SELECT requested_by_id INTO requester FROM tables_chipslip WHERE id = NEW.slip_id;
                IF NEW.step IN ('approved', 'issued') AND NEW.actor_id = requester THEN
                    RAISE EXCEPTION 'same_person: slip % is % by its requester', NEW.slip_id, NEW.step
                        USING ERRCODE = 'raise_exception';
                END IF;
                previous := CASE NEW.step WHEN 'issued' THEN 'approved'
                                          WHEN 'received' THEN 'issued' END;
                IF previous IS NOT NULL AND NOT EXISTS (
                    SELECT 1 FROM tables_chipslipstep WHERE slip_id = NEW.slip_id AND step = previous
                ) THEN
                    RAISE EXCEPTION 'slip_step_out_of_order: slip % is % before it is %',
                        NEW.slip_id, NEW.step, previous
                        USING ERRCODE = 'raise_exception';
                END IF;
                RETURN NEW;
            END;
            $$ LANGUAGE plpgsql;
            CREATE TRIGGER tables_chip_slip_step_in_order
                BEFORE INSERT ON tables_chipslipstep
                FOR EACH ROW EXECUTE FUNCTION tables_chip_slip_step_in_order();
            """,
            """
            DROP TRIGGER IF EXISTS tables_chip_slip_step_in_order ON tables_chipslipstep;
            DROP FUNCTION IF EXISTS tables_chip_slip_step_in_order();
            DROP TRIGGER IF EXISTS tables_chipslipvoiddecision_second_person ON tables_chipslipvoiddecision;
            DROP TRIGGER IF EXISTS tables_dropcountdecision_second_person ON tables_dropcountdecision;
            DROP TRIGGER IF EXISTS tables_traycountdecision_second_person ON tables_traycountdecision;
            DROP FUNCTION IF EXISTS tables_inventory_second_person();
            DROP TRIGGER IF EXISTS tables_traycount_append_only ON tables_traycount;
            DROP TRIGGER IF EXISTS tables_traycountdecision_append_only ON tables_traycountdecision;
            DROP TRIGGER IF EXISTS tables_chipslip_append_only ON tables_chipslip;
            DROP TRIGGER IF EXISTS tables_chipslipstep_append_only ON tables_chipslipstep;
            DROP TRIGGER IF EXISTS tables_chipslipvoid_append_only ON tables_chipslipvoid;
            DROP TRIGGER IF EXISTS tables_chipslipvoiddecision_append_only ON tables_chipslipvoiddecision;
            DROP TRIGGER IF EXISTS tables_dropcount_append_only ON tables_dropcount;
            DROP TRIGGER IF EXISTS tables_dropcountdecision_append_only ON tables_dropcountdecision;
            """,
        ),
    ]
