"""Each dealer's day totals, pace and accuracy, kept as rounds settle and corrections are
approved (``payouts.models.DealerDayTotals``): the table; the rows of the rounds settled and
corrected before it, from the rounds, their events, their box play, the fills and the
corrections (the service's rules, statement by statement); and the view that publishes it."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


#: The rounds' order at each table gives each one the round before it: its dealer, status and
#: settlement. The gap limit is the service's (``PACE_GAP_LIMIT_S``, 120 seconds).
_SETTLED = """
INSERT INTO payouts_dealerdaytotals (table_id, gaming_day, dealer_id, game, occupancy, rounds,
                                     round_ms, gaps, gap_ms, retractions, entries_retracted,
                                     voids, payout_corrections, corrected_owed,
                                     corrected_recovered)
SELECT table_id, gaming_day, dealer_id, game, occupancy, count(*), sum(round_ms),
       count(gap_ms), coalesce(sum(gap_ms), 0), sum(retractions), sum(entries_retracted),
       0, 0, 0, 0
FROM (
    SELECT r.*,
           (SELECT count(*) FROM payouts_boxplay b
            WHERE b.round_id = r.id AND b.correction_id IS NULL AND b.staked > 0) AS occupancy,
           floor(extract(epoch FROM r.closed_at - r.opened_at) * 1000)::bigint AS round_ms,
           CASE WHEN r.previous_dealer = r.dealer_id AND r.previous_status = 'settled'
                 AND r.previous_closed <= r.opened_at
                 AND r.opened_at - r.previous_closed < interval '120 seconds'
                 AND NOT EXISTS (
                     SELECT 1 FROM tables_chipslip f
                     WHERE f.table_id = r.table_id AND f.kind = 'fill'
                       AND f.requested_at > r.previous_closed AND f.requested_at < r.opened_at
                 )
                THEN floor(extract(epoch FROM r.opened_at - r.previous_closed) * 1000)::bigint
           END AS gap_ms,
           (SELECT count(DISTINCT retracted.seq)
            FROM tables_roundevent e
            CROSS JOIN LATERAL jsonb_array_elements_text(e.payload -> 'retracts')
                AS retracted(seq)
            WHERE e.round_id = r.id AND e.kind = 'retraction') AS entries_retracted
    FROM (
        SELECT r.id, r.table_id, r.gaming_day, r.dealer_id, r.game, r.status, r.opened_at,
               r.closed_at, r.retractions,
               lag(r.dealer_id) OVER w AS previous_dealer,
               lag(r.status) OVER w AS previous_status,
               lag(r.closed_at) OVER w AS previous_closed
        FROM tables_round r
        WINDOW w AS (PARTITION BY r.table_id ORDER BY r.opened_at)
    ) r
    WHERE r.status = 'settled'
) settled
GROUP BY table_id, gaming_day, dealer_id, game, occupancy;
"""

#: Each approved void and payout correction on its round's row (occupancy 0 for a round never
#: settled), made where the round has none.
_CORRECTED = """
INSERT INTO payouts_dealerdaytotals AS d (table_id, gaming_day, dealer_id, game, occupancy,
                                          rounds, round_ms, gaps, gap_ms, retractions,
                                          entries_retracted, voids, payout_corrections,
                                          corrected_owed, corrected_recovered)
SELECT table_id, gaming_day, dealer_id, game, occupancy, 0, 0, 0, 0, 0, 0,
       count(*) FILTER (WHERE kind = 'void'),
       count(*) FILTER (WHERE kind = 'payout_correction'),
       coalesce(sum(owed), 0), coalesce(sum(recovered), 0)
FROM (
    SELECT r.table_id, r.gaming_day, r.dealer_id, r.game, c.kind, l.owed, l.recovered,
           (SELECT count(*) FROM payouts_boxplay b
            WHERE b.round_id = r.id AND b.correction_id IS NULL AND b.staked > 0) AS occupancy
    FROM audit_correction c
    JOIN tables_round r ON r.id = c.round_id
    LEFT JOIN LATERAL (
        SELECT sum(amount) FILTER (WHERE amount > 0) AS owed,
               -sum(amount) FILTER (WHERE amount < 0) AS recovered
        FROM audit_correctionline l WHERE l.correction_id = c.id
    ) l ON c.kind = 'payout_correction'
    WHERE c.status = 'approved'
) corrected
GROUP BY table_id, gaming_day, dealer_id, game, occupancy
ON CONFLICT (table_id, gaming_day, dealer_id, game, occupancy) DO UPDATE SET
    voids = d.voids + EXCLUDED.voids,
    payout_corrections = d.payout_corrections + EXCLUDED.payout_corrections,
    corrected_owed = d.corrected_owed + EXCLUDED.corrected_owed,
    corrected_recovered = d.corrected_recovered + EXCLUDED.corrected_recovered;

-- The planner's statistics for the rows just written, rather than none until autovacuum's turn.
ANALYZE payouts_dealerdaytotals;
"""

_VIEWS = """
CREATE VIEW payouts_dealer_day_totals AS
    SELECT d.table_id, d.gaming_day, d.dealer_id, d.game, d.occupancy, d.rounds, d.round_ms,
           d.gaps, d.gap_ms, d.retractions, d.entries_retracted, d.voids, d.payout_corrections,
           d.corrected_owed, d.corrected_recovered
    FROM payouts_dealerdaytotals d;
"""


class Migration(migrations.Migration):

    dependencies = [
        ('payouts', '0012_box_play'),
        ('tables', '0015_identity_moved_and_supervised_dealers'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='DealerDayTotals',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('gaming_day', models.DateField()),
                ('game', models.CharField(choices=[('russian_poker', 'Russian Poker'), ('ruby_run', 'Ruby Run'), ('red_dog', 'Red Dog')], max_length=20)),
                ('occupancy', models.PositiveSmallIntegerField()),
                ('rounds', models.IntegerField(default=0)),
                ('round_ms', models.BigIntegerField(default=0)),
                ('gaps', models.IntegerField(default=0)),
                ('gap_ms', models.BigIntegerField(default=0)),
                ('retractions', models.IntegerField(default=0)),
                ('entries_retracted', models.IntegerField(default=0)),
                ('voids', models.IntegerField(default=0)),
                ('payout_corrections', models.IntegerField(default=0)),
                ('corrected_owed', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                ('corrected_recovered', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                ('dealer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.table')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('table', 'gaming_day', 'dealer', 'game', 'occupancy'), name='dealer_day_totals_one_row'), models.CheckConstraint(condition=models.Q(('rounds__gte', 0), ('round_ms__gte', 0), ('gap_ms__gte', 0)), name='dealer_day_totals_pace_nonneg'), models.CheckConstraint(condition=models.Q(('gaps__gte', 0), ('gaps__lte', models.F('rounds'))), name='dealer_day_totals_gaps_within_rounds'), models.CheckConstraint(condition=models.Q(('retractions__gte', 0), ('entries_retracted__gte', models.F('retractions')), ('voids__gte', 0), ('payout_corrections__gte', 0), ('corrected_owed__gte', 0), ('corrected_recovered__gte', 0)), name='dealer_day_totals_accuracy_nonneg')],
            },
        ),
        migrations.RunSQL(_SETTLED + _CORRECTED, migrations.RunSQL.noop),
    migrations.RunSQL(_VIEWS, "DROP VIEW IF EXISTS payouts_dealer_day_totals"),
]
