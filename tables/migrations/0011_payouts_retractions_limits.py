"""The dealer's "Paid", retractions of a round's entries under dual control, and the limits of
every amount a dealer enters.

- ``PayoutsConfirmation``: a settled round's payouts confirmed, once; append-only.
- ``RetractionRequest`` and ``RetractionDecision``: append-only; a decision is by someone other
  than the requester, except a withdrawal, which is the requester's alone (refused otherwise
  by the database itself). A round waiting for one names it (``Round.pending_retraction``);
  an approval starts a new era of the round's cards (``Round.retractions``, ``RoundCard.era``),
  so the cards of the entries it retracted may be recorded again.
- A tablet session may be a pit boss's, for one decision, with no assignment.
- ``Table.bonus_min`` / ``bonus_max`` (Russian Poker's bonus side bet; a table without them
  offers none) and ``stack_min`` / ``stack_max`` (the chips brought to a pot game's seat).
  Every Russian Poker table that offers the bonus today (it has a bonus paytable) gets bonus
  limits from one chip to its Ante maximum, so none takes a bonus of any amount any more.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def bonus_limits_for_tables_offering_a_bonus(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    TablePaytable = apps.get_model("payouts", "TablePaytable")
    offering = TablePaytable.objects.filter(kind="bonus").values("table_id")
    for table in Table.objects.filter(
        game="russian_poker", pk__in=offering, bonus_max__isnull=True
    ):
        table.bonus_min = table.chip_unit
        table.bonus_max = table.ante_max
        table.save(update_fields=["bonus_min", "bonus_max"])


_TRIGGERS = """
CREATE TRIGGER tables_payoutsconfirmation_append_only
    BEFORE UPDATE OR DELETE ON tables_payoutsconfirmation
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER tables_retractionrequest_append_only
    BEFORE UPDATE OR DELETE ON tables_retractionrequest
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER tables_retractiondecision_append_only
    BEFORE UPDATE OR DELETE ON tables_retractiondecision
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();

CREATE OR REPLACE FUNCTION tables_retraction_decided_by_another() RETURNS trigger AS $$
DECLARE
    requester bigint;
BEGIN
    SELECT r.requested_by_id INTO requester
    FROM tables_retractionrequest r WHERE r.id = NEW.request_id;
    IF NEW.outcome = 'withdrawn' AND NEW.decided_by_id <> requester THEN
        RAISE EXCEPTION 'correction_not_allowed: only its requester withdraws retraction %',
            NEW.request_id
            USING ERRCODE = 'raise_exception';
    END IF;
    IF NEW.outcome <> 'withdrawn' AND NEW.decided_by_id = requester THEN
        RAISE EXCEPTION 'correction_self_approval: retraction % is decided by its requester',
            NEW.request_id
            USING ERRCODE = 'raise_exception';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tables_retraction_decided_by_another
    BEFORE INSERT ON tables_retractiondecision
    FOR EACH ROW EXECUTE FUNCTION tables_retraction_decided_by_another();
"""

_DROP_TRIGGERS = """
DROP TRIGGER IF EXISTS tables_retraction_decided_by_another ON tables_retractiondecision;
DROP FUNCTION IF EXISTS tables_retraction_decided_by_another();
DROP TRIGGER IF EXISTS tables_retractiondecision_append_only ON tables_retractiondecision;
DROP TRIGGER IF EXISTS tables_retractionrequest_append_only ON tables_retractionrequest;
DROP TRIGGER IF EXISTS tables_payoutsconfirmation_append_only ON tables_payoutsconfirmation;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0004_cage_group"),
        ("tables", "0010_round_search"),
        ("payouts", "0004_round_search"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="PayoutsConfirmation",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("confirmed_role", models.CharField(max_length=20)),
                ("confirmed_at", models.DateTimeField()),
                ("audit_record_id", models.BigIntegerField(unique=True)),
            ],
        ),
        migrations.CreateModel(
            name="RetractionDecision",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "outcome",
                    models.CharField(
                        choices=[
                            ("approved", "Approved"),
                            ("rejected", "Rejected"),
                            ("withdrawn", "Withdrawn by its requester"),
                        ],
                        max_length=10,
                    ),
                ),
                ("decided_role", models.CharField(max_length=20)),
                ("decided_at", models.DateTimeField()),
                ("note", models.TextField(blank=True)),
                ("audit_record_id", models.BigIntegerField(unique=True)),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="RetractionRequest",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("events", models.JSONField()),
                ("last_event_seq", models.PositiveIntegerField()),
                ("phase", models.CharField(max_length=40)),
                ("reason", models.TextField()),
                ("requested_role", models.CharField(max_length=20)),
                ("requested_at", models.DateTimeField()),
                ("audit_record_id", models.BigIntegerField(unique=True)),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.RemoveConstraint(
            model_name="roundcard",
            name="round_card_once_per_pass",
        ),
        migrations.AddField(
            model_name="round",
            name="retractions",
            field=models.PositiveSmallIntegerField(
                default=0, help_text="Retractions approved: the cards' era (RoundCard.era)."
            ),
        ),
        migrations.AddField(
            model_name="roundcard",
            name="era",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="table",
            name="bonus_max",
            field=models.DecimalField(
                blank=True,
                decimal_places=2,
                help_text="The most bonus side bet per box (Russian Poker); none: no bonus bet.",
                max_digits=14,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="bonus_min",
            field=models.DecimalField(
                blank=True,
                decimal_places=2,
                help_text="The least bonus side bet per box (Russian Poker); none: no bonus bet.",
                max_digits=14,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="stack_max",
            field=models.DecimalField(
                blank=True,
                decimal_places=2,
                help_text="The most a player brings to a pot game's seat; none: no maximum.",
                max_digits=14,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="table",
            name="stack_min",
            field=models.DecimalField(
                blank=True,
                decimal_places=2,
                help_text="The least a player brings to a pot game's seat; none: a chip.",
                max_digits=14,
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="tabletsession",
            name="decision",
            field=models.BooleanField(
                default=False,
                help_text="A pit boss's sign-in at the tablet for one decision: no assignment, a short life, the decision routes alone, spent by the first decision it makes.",
            ),
        ),
        migrations.AlterField(
            model_name="tabletsession",
            name="assignment",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tables.dealerassignment",
            ),
        ),
        migrations.AddConstraint(
            model_name="roundcard",
            constraint=models.UniqueConstraint(
                fields=("round", "deck_pass", "card", "era"), name="round_card_once_per_pass"
            ),
        ),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("bonus_min__isnull", True), ("bonus_max__isnull", True)),
                    models.Q(("bonus_min__gt", 0), ("bonus_max__gte", models.F("bonus_min"))),
                    _connector="OR",
                ),
                name="table_bonus_limits",
            ),
        ),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("stack_min__isnull", True), ("stack_min__gt", 0), _connector="OR"
                ),
                name="table_stack_min_positive",
            ),
        ),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("stack_max__isnull", True),
                    models.Q(
                        ("stack_max__gt", 0),
                        models.Q(
                            ("stack_min__isnull", True),
                            ("stack_max__gte", models.F("stack_min")),
                            _connector="OR",
                        ),
                    ),
                    _connector="OR",
                ),
                name="table_stack_max_ge_min",
            ),
        ),
        migrations.AddConstraint(
            model_name="tabletsession",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("assignment__isnull", True), ("decision", True)),
                    models.Q(("assignment__isnull", False), ("decision", False)),
                    _connector="OR",
                ),
                name="tablet_session_assignment_or_decision",
            ),
        ),
        migrations.AddField(
            model_name="payoutsconfirmation",
            name="confirmed_by",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="payoutsconfirmation",
            name="round",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="payouts_confirmation",
                to="tables.round",
            ),
        ),
        migrations.AddField(
            model_name="retractiondecision",
            name="decided_by",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="retractiondecision",
            name="event",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tables.roundevent",
            ),
        ),
        migrations.AddField(
            model_name="retractiondecision",
            name="tablet",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tables.tablet",
            ),
        ),
        migrations.AddField(
            model_name="retractionrequest",
            name="requested_by",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="retractionrequest",
            name="round",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="retraction_requests",
                to="tables.round",
            ),
        ),
        migrations.AddField(
            model_name="retractiondecision",
            name="request",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="decision",
                to="tables.retractionrequest",
            ),
        ),
        migrations.AddField(
            model_name="round",
            name="pending_retraction",
            field=models.ForeignKey(
                blank=True,
                help_text="A retraction waiting for a pit boss: the round takes no action meanwhile.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tables.retractionrequest",
            ),
        ),
        migrations.AddIndex(
            model_name="retractionrequest",
            index=models.Index(fields=["round"], name="retraction_request_round_idx"),
        ),
        migrations.AddConstraint(
            model_name="retractionrequest",
            constraint=models.CheckConstraint(
                condition=models.Q(("reason", ""), _negated=True),
                name="retraction_request_has_reason",
            ),
        ),
        migrations.AddConstraint(
            model_name="retractiondecision",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("event__isnull", True), ("outcome", "approved"), _connector="OR"
                ),
                name="retraction_event_when_approved",
            ),
        ),
        migrations.RunSQL(_TRIGGERS, _DROP_TRIGGERS),
        migrations.RunPython(bonus_limits_for_tables_offering_a_bonus, migrations.RunPython.noop),
    ]
