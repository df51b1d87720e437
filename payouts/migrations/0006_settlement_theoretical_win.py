"""Each settlement keeps its theoretical win (``payouts.services.theoretical_win``).

Settlements written before are priced here as the reports priced them until now: a pot game's
by its take (the rake it kept, over everything staked), a Russian Poker round's stakes by the
certified house edge of the paytable each was judged on (the bonus paytable's for the bonus
stake, the main one's for every other), nothing where no paytable had one.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

BACKFILL = """
UPDATE payouts_settlement s
SET theoretical_win = s.rake, theoretical_base = s.total_staked, theoretical_source = 'take'
FROM tables_round r
WHERE r.id = s.round_id AND r.game IN ('ruby_run', 'red_dog');

UPDATE payouts_settlement s
SET theoretical_win = theo.result, theoretical_base = theo.base,
    theoretical_source = 'certified'
FROM (
    SELECT w.round_id, sum(w.amount * p.house_edge) AS result, sum(w.amount) AS base
    FROM payouts_wagerline w
    JOIN payouts_roundpaytable rp ON rp.round_id = w.round_id
        AND rp.kind = CASE WHEN w.kind = 'bonus' THEN 'bonus' ELSE 'main' END
    JOIN payouts_paytable p ON p.id = rp.paytable_id
    WHERE p.house_edge IS NOT NULL
    GROUP BY w.round_id
) theo
WHERE theo.round_id = s.round_id;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("payouts", "0005_house_edges"),
        ("tables", "0011_payouts_retractions_limits"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="settlement",
            name="house_edge",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="payouts.houseedge",
            ),
        ),
        migrations.AddField(
            model_name="settlement",
            name="theoretical_base",
            field=models.DecimalField(decimal_places=2, default=0, max_digits=16),
        ),
        migrations.AddField(
            model_name="settlement",
            name="theoretical_source",
            field=models.CharField(
                choices=[
                    ("computed", "Computed from the rules"),
                    ("certified", "The paytables' certificates"),
                    ("take", "The rule set's take"),
                    ("none", "No house edge"),
                ],
                default="none",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="settlement",
            name="theoretical_win",
            field=models.DecimalField(decimal_places=8, default=0, max_digits=24),
        ),
        migrations.RunSQL(BACKFILL, migrations.RunSQL.noop),
        migrations.AddConstraint(
            model_name="settlement",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("theoretical_base__gte", 0),
                    ("theoretical_base__lte", models.F("total_staked")),
                ),
                name="settlement_theoretical_base_within_stakes",
            ),
        ),
        migrations.AddConstraint(
            model_name="settlement",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("house_edge__isnull", True),
                    ("theoretical_source", "computed"),
                    _connector="OR",
                ),
                name="settlement_house_edge_only_when_computed",
            ),
        ),
    ]
