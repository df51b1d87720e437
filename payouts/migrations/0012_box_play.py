"""Each box's play in each round, kept as rounds settle and corrections are approved
(``payouts.models.BoxPlay``): the table, append-only; the rows of the rounds settled and
corrected before it, from their lines; and the view that publishes it in place of the wager
lines, whose one reader (the anti-money-laundering day) reads the box play now."""

import django.db.models.deletion
from django.db import migrations, models


_TRIGGER = """
CREATE TRIGGER payouts_boxplay_append_only
    BEFORE UPDATE OR DELETE ON payouts_boxplay
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
"""

#: In the order the service writes them: the settlements' rows, the payout corrections' (a
#: voided round takes none), then the voids', each the negation of its round's rows so far.
_BACKFILL = """
INSERT INTO payouts_boxplay (round_id, table_id, gaming_day, opened_at, box, staked, returned)
SELECT r.id, r.table_id, r.gaming_day, r.opened_at, b.box, sum(b.staked), sum(b.returned)
FROM payouts_settlement s
JOIN tables_round r ON r.id = s.round_id
CROSS JOIN LATERAL (
    SELECT w.box, w.amount AS staked, 0 AS returned
    FROM payouts_wagerline w WHERE w.round_id = s.round_id
    UNION ALL
    SELECT l.box, 0, l.paid_amount FROM payouts_payoutline l WHERE l.settlement_id = s.id
) b
GROUP BY r.id, b.box;

INSERT INTO payouts_boxplay (round_id, table_id, gaming_day, opened_at, box, staked, returned,
                             correction_id)
SELECT r.id, r.table_id, r.gaming_day, r.opened_at, l.box, 0, sum(l.amount), c.id
FROM audit_correction c
JOIN audit_correctionline l ON l.correction_id = c.id
JOIN tables_round r ON r.id = c.round_id
WHERE c.kind = 'payout_correction' AND c.status = 'approved'
GROUP BY r.id, c.id, l.box;

INSERT INTO payouts_boxplay (round_id, table_id, gaming_day, opened_at, box, staked, returned,
                             correction_id)
SELECT b.round_id, b.table_id, b.gaming_day, b.opened_at, b.box, -sum(b.staked),
       -sum(b.returned), c.id
FROM audit_correction c
JOIN payouts_boxplay b ON b.round_id = c.round_id
WHERE c.kind = 'void' AND c.status = 'approved' AND c.settlement_id IS NOT NULL
GROUP BY b.round_id, b.table_id, b.gaming_day, b.opened_at, b.box, c.id;

-- The planner's statistics for the rows just written, rather than none until autovacuum's turn.
ANALYZE payouts_boxplay;
"""

_VIEWS = """
DROP VIEW IF EXISTS payouts_wager_lines;
CREATE VIEW payouts_box_play AS
    SELECT b.round_id, b.table_id, b.gaming_day, b.opened_at, b.box, b.staked, b.returned
    FROM payouts_boxplay b;
"""

_DROP_VIEWS = """
DROP VIEW IF EXISTS payouts_box_play;
CREATE VIEW payouts_wager_lines AS
    SELECT w.round_id, w.box, w.kind, w.amount FROM payouts_wagerline w;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("payouts", "0011_published_wager_lines"),
        ("tables", "0015_identity_moved_and_supervised_dealers"),
    ]

    operations = [
        migrations.CreateModel(
            name="BoxPlay",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("gaming_day", models.DateField(help_text="The round's gaming day.")),
                ("opened_at", models.DateTimeField(help_text="When the round opened.")),
                ("box", models.PositiveSmallIntegerField()),
                ("staked", models.DecimalField(decimal_places=2, max_digits=16)),
                ("returned", models.DecimalField(decimal_places=2, max_digits=16)),
                (
                    "correction",
                    models.ForeignKey(
                        blank=True,
                        help_text="The correction this row adds; null for the settlement's.",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="payouts.correction",
                    ),
                ),
                (
                    "round",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tables.round",
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
                    models.Index(
                        fields=["table", "box", "opened_at"],
                        include=("gaming_day", "staked", "returned"),
                        name="box_play_table_box_time_idx",
                    )
                ],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("correction__isnull", True)),
                        fields=("round", "box"),
                        name="box_play_settled_once",
                    ),
                    models.UniqueConstraint(
                        fields=("round", "box", "correction"), name="box_play_once_per_correction"
                    ),
                ],
            },
        ),
        migrations.RunSQL(
            _TRIGGER, "DROP TRIGGER IF EXISTS payouts_boxplay_append_only ON payouts_boxplay"
        ),
        migrations.RunSQL(_BACKFILL, migrations.RunSQL.noop),
        migrations.RunSQL(_VIEWS, _DROP_VIEWS),
    ]
