"""Limit changes under dual control: the request and its decision, both append-only, and the
decision by someone other than the requester, refused in the database itself."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0003_table_changes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="LimitChangeRequest",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("changes", models.JSONField()),
                ("before", models.JSONField()),
                ("reason", models.TextField()),
                ("requested_role", models.CharField(max_length=20)),
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
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="limit_requests",
                        to="tables.table",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="LimitChangeDecision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("approved", models.BooleanField()),
                ("decided_role", models.CharField(max_length=20)),
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
                    "request",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="decision",
                        to="tables.limitchangerequest",
                    ),
                ),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.AddConstraint(
            model_name="limitchangerequest",
            constraint=models.CheckConstraint(
                condition=models.Q(("reason", ""), _negated=True), name="limit_request_has_reason"
            ),
        ),
        migrations.RunSQL(
            """
            CREATE TRIGGER tables_limitchangerequest_append_only
                BEFORE UPDATE OR DELETE ON tables_limitchangerequest
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
            CREATE TRIGGER tables_limitchangedecision_append_only
                BEFORE UPDATE OR DELETE ON tables_limitchangedecision
                FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();

            CREATE OR REPLACE FUNCTION tables_limit_decision_by_another() RETURNS trigger AS $$
            BEGIN
                IF EXISTS (
                    SELECT 1 FROM tables_limitchangerequest r
                    WHERE r.id = NEW.request_id AND r.requested_by_id = NEW.decided_by_id
                ) THEN
                    RAISE EXCEPTION 'limits_self_approval: request % is decided by its requester',
                        NEW.request_id
                        USING ERRCODE = 'raise_exception';
                END IF;
                RETURN NEW;
            END;
            $$ LANGUAGE plpgsql;

            CREATE TRIGGER tables_limit_decision_by_another
                BEFORE INSERT ON tables_limitchangedecision
                FOR EACH ROW EXECUTE FUNCTION tables_limit_decision_by_another();
            """,
            """
            DROP TRIGGER IF EXISTS tables_limit_decision_by_another ON tables_limitchangedecision;
            DROP FUNCTION IF EXISTS tables_limit_decision_by_another();
            DROP TRIGGER IF EXISTS tables_limitchangedecision_append_only
                ON tables_limitchangedecision;
            DROP TRIGGER IF EXISTS tables_limitchangerequest_append_only
                ON tables_limitchangerequest;
            """,
        ),
    ]
