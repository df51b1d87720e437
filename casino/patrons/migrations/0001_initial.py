"""Patrons, their identities and exclusions, visits, sessions and pauses at the tables, cash
events, the anti-money-laundering thresholds and log, sessions' ratings and the floor's
estimates, the earning policies and the points ledger.

The history is append-only, as the rest of the record: a trigger refuses to change or delete a
patron, an identity, an exclusion or its lifting, a cash event, a threshold policy or a log
entry, a rating or an estimate, an earning policy or a points entry
(``casino_refuse_history_change``, from ``core.0002``). Visits, sessions and pauses are closed
once, by their end.
"""

import django.db.models.deletion
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models

_TRIGGERS = """
-- A session's boxes or seats as rows. Few: ROWS tells the planner so (it takes a set-returning
-- call for a hundred rows), and PL/pgSQL keeps the estimate (a SQL function would be inlined).
CREATE FUNCTION patrons_session_positions(positions jsonb) RETURNS SETOF smallint
    LANGUAGE plpgsql IMMUTABLE STRICT ROWS 1 AS $$
BEGIN
    RETURN QUERY SELECT value::smallint FROM jsonb_array_elements_text(positions);
END;
$$;
CREATE TRIGGER patrons_patron_append_only
    BEFORE UPDATE OR DELETE ON patrons_patron
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_patronidentity_append_only
    BEFORE UPDATE OR DELETE ON patrons_patronidentity
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_exclusion_append_only
    BEFORE UPDATE OR DELETE ON patrons_exclusion
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_exclusionlift_append_only
    BEFORE UPDATE OR DELETE ON patrons_exclusionlift
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_cashevent_append_only
    BEFORE UPDATE OR DELETE ON patrons_cashevent
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_amlpolicy_append_only
    BEFORE UPDATE OR DELETE ON patrons_amlpolicy
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_amllogentry_append_only
    BEFORE UPDATE OR DELETE ON patrons_amllogentry
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_sessionrating_append_only
    BEFORE UPDATE OR DELETE ON patrons_sessionrating
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_ratingestimate_append_only
    BEFORE UPDATE OR DELETE ON patrons_ratingestimate
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_earningpolicy_append_only
    BEFORE UPDATE OR DELETE ON patrons_earningpolicy
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER patrons_pointsentry_append_only
    BEFORE UPDATE OR DELETE ON patrons_pointsentry
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
"""

_DROP_TRIGGERS = """
DROP FUNCTION IF EXISTS patrons_session_positions(jsonb);
DROP TRIGGER IF EXISTS patrons_patron_append_only ON patrons_patron;
DROP TRIGGER IF EXISTS patrons_patronidentity_append_only ON patrons_patronidentity;
DROP TRIGGER IF EXISTS patrons_exclusion_append_only ON patrons_exclusion;
DROP TRIGGER IF EXISTS patrons_exclusionlift_append_only ON patrons_exclusionlift;
DROP TRIGGER IF EXISTS patrons_cashevent_append_only ON patrons_cashevent;
DROP TRIGGER IF EXISTS patrons_amlpolicy_append_only ON patrons_amlpolicy;
DROP TRIGGER IF EXISTS patrons_amllogentry_append_only ON patrons_amllogentry;
DROP TRIGGER IF EXISTS patrons_sessionrating_append_only ON patrons_sessionrating;
DROP TRIGGER IF EXISTS patrons_ratingestimate_append_only ON patrons_ratingestimate;
DROP TRIGGER IF EXISTS patrons_earningpolicy_append_only ON patrons_earningpolicy;
DROP TRIGGER IF EXISTS patrons_pointsentry_append_only ON patrons_pointsentry;
"""


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('core', '0008_alert_kind_aml_threshold'),
        ('tables', '0015_identity_moved_and_supervised_dealers'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Patron',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('carded', 'Carded (a loyalty number)'), ('anonymous', 'Anonymous (a description)')], max_length=10)),
                ('loyalty_number', models.CharField(blank=True, max_length=32)),
                ('description', models.CharField(blank=True, max_length=200)),
                ('enrolled_at', models.DateTimeField()),
                ('audit_record_id', models.BigIntegerField(unique=True)),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.casino')),
                ('enrolled_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.CreateModel(
            name='CashEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('buy_in_cash', 'Buy-in with currency'), ('buy_in_chips', 'Buy-in with chips from elsewhere'), ('buy_in_marker', 'Buy-in on a marker'), ('colour_up', 'Colour-up'), ('chips_left_with', 'Chips taken from the table'), ('cash_out', 'Currency paid out at the cage')], max_length=20)),
                ('direction', models.CharField(blank=True, choices=[('in', 'Cash in'), ('out', 'Cash out')], max_length=3)),
                ('amount', models.DecimalField(decimal_places=2, max_digits=14)),
                ('gaming_day', models.DateField()),
                ('recorded_at', models.DateTimeField()),
                ('audit_record_id', models.BigIntegerField(unique=True)),
                ('recorded_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('table', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.table')),
                ('patron', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='cash_events', to='patrons.patron')),
            ],
        ),
        migrations.CreateModel(
            name='EarningPolicy',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('points_per_theo', models.DecimalField(decimal_places=4, max_digits=8)),
                ('effective_at', models.DateTimeField()),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.casino')),
                ('set_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.CreateModel(
            name='Exclusion',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('self_excluded', 'Self-excluded'), ('barred', 'Barred by the casino')], max_length=20)),
                ('starts_at', models.DateTimeField()),
                ('ends_at', models.DateTimeField(blank=True, null=True)),
                ('reason', models.TextField()),
                ('audit_record_id', models.BigIntegerField(unique=True)),
                ('recorded_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('patron', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='exclusions', to='patrons.patron')),
            ],
        ),
        migrations.CreateModel(
            name='ExclusionLift',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('reason', models.TextField()),
                ('lifted_at', models.DateTimeField()),
                ('audit_record_id', models.BigIntegerField(unique=True)),
                ('exclusion', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='lift', to='patrons.exclusion')),
                ('lifted_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.CreateModel(
            name='PatronIdentity',
            fields=[
                ('patron', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, primary_key=True, related_name='identity', serialize=False, to='patrons.patron')),
                ('name', models.CharField(max_length=200)),
                ('date_of_birth', models.DateField()),
                ('photo_reference', models.CharField(blank=True, max_length=200)),
            ],
        ),
        migrations.CreateModel(
            name='AmlLogEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('gaming_day', models.DateField()),
                ('direction', models.CharField(choices=[('in', 'Cash in'), ('out', 'Cash out')], max_length=3)),
                ('threshold', models.CharField(choices=[('identify', 'Identify the customer'), ('log', 'Multiple Transaction Log'), ('report', 'Currency transaction report')], max_length=10)),
                ('threshold_amount', models.DecimalField(decimal_places=2, max_digits=14)),
                ('total', models.DecimalField(decimal_places=2, max_digits=14)),
                ('logged_at', models.DateTimeField()),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.casino')),
                ('cash_event', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='patrons.cashevent')),
                ('patron', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='aml_entries', to='patrons.patron')),
            ],
        ),
        migrations.CreateModel(
            name='PlaySession',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('positions', models.JSONField(help_text='The box or seat numbers held, ascending.')),
                ('started_at', models.DateTimeField()),
                ('ended_at', models.DateTimeField(blank=True, null=True)),
                ('ended_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('patron', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='sessions', to='patrons.patron')),
                ('started_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.table')),
            ],
        ),
        migrations.AddField(
            model_name='cashevent',
            name='session',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='cash_events', to='patrons.playsession'),
        ),
        migrations.CreateModel(
            name='RatingEstimate',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('average_bet', models.DecimalField(decimal_places=2, max_digits=14)),
                ('minutes', models.PositiveIntegerField()),
                ('recorded_at', models.DateTimeField()),
                ('recorded_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='estimates', to='patrons.playsession')),
            ],
        ),
        migrations.CreateModel(
            name='SessionPause',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('paused_at', models.DateTimeField()),
                ('resumed_at', models.DateTimeField(blank=True, null=True)),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='pauses', to='patrons.playsession')),
            ],
        ),
        migrations.CreateModel(
            name='SessionRating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('version', models.PositiveIntegerField()),
                ('cause', models.CharField(choices=[('closed', 'The session ended'), ('revised', 'A correction changed a round it covers')], max_length=10)),
                ('computed_at', models.DateTimeField()),
                ('rounds', models.PositiveIntegerField()),
                ('seconds_played', models.PositiveIntegerField()),
                ('staked', models.JSONField(help_text='Staked by wager type, as decimal strings.')),
                ('total_staked', models.DecimalField(decimal_places=2, max_digits=14)),
                ('actual_result', models.DecimalField(decimal_places=2, max_digits=14)),
                ('theoretical_win', models.DecimalField(decimal_places=8, max_digits=24)),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ratings', to='patrons.playsession')),
            ],
        ),
        migrations.CreateModel(
            name='PointsEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('accrual', "Earned by a session's rating"), ('reversal', 'An accrual taken back: its rating was revised'), ('promotion', 'Awarded by a promotion'), ('redemption', 'Spent on a comp')], max_length=10)),
                ('points', models.DecimalField(decimal_places=2, max_digits=14)),
                ('key', models.CharField(max_length=100, unique=True)),
                ('note', models.TextField(blank=True)),
                ('recorded_at', models.DateTimeField()),
                ('patron', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='points', to='patrons.patron')),
                ('policy', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='patrons.earningpolicy')),
                ('recorded_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('rating', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='patrons.sessionrating')),
            ],
        ),
        migrations.CreateModel(
            name='Visit',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('started_at', models.DateTimeField()),
                ('ended_at', models.DateTimeField(blank=True, null=True)),
                ('patron', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='visits', to='patrons.patron')),
            ],
        ),
        migrations.AddField(
            model_name='playsession',
            name='visit',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='sessions', to='patrons.visit'),
        ),
        migrations.CreateModel(
            name='AmlPolicy',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('log_from', models.DecimalField(decimal_places=2, default=Decimal('3000'), max_digits=14)),
                ('report_above', models.DecimalField(decimal_places=2, default=Decimal('10000'), max_digits=14)),
                ('identify_from', models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True)),
                ('effective_at', models.DateTimeField()),
                ('audit_record_id', models.BigIntegerField(unique=True)),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.casino')),
                ('set_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.CheckConstraint(condition=models.Q(('log_from__gt', 0), ('report_above__gte', models.F('log_from'))), name='aml_policy_thresholds_ordered')],
            },
        ),
        migrations.AddConstraint(
            model_name='earningpolicy',
            constraint=models.CheckConstraint(condition=models.Q(('points_per_theo__gte', 0)), name='earning_policy_rate_nonneg'),
        ),
        migrations.AddConstraint(
            model_name='patron',
            constraint=models.UniqueConstraint(condition=models.Q(('loyalty_number', ''), _negated=True), fields=('casino', 'loyalty_number'), name='patron_loyalty_number_unique'),
        ),
        migrations.AddConstraint(
            model_name='patron',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('kind', 'carded'), models.Q(('loyalty_number', ''), _negated=True)), models.Q(('kind', 'anonymous'), ('loyalty_number', '')), _connector='OR'), name='patron_carded_has_number'),
        ),
        migrations.AddConstraint(
            model_name='exclusion',
            constraint=models.CheckConstraint(condition=models.Q(('ends_at__isnull', True), ('ends_at__gt', models.F('starts_at')), _connector='OR'), name='exclusion_ends_after_start'),
        ),
        migrations.AddIndex(
            model_name='amllogentry',
            index=models.Index(fields=['casino', 'gaming_day'], name='aml_casino_day_idx'),
        ),
        migrations.AddConstraint(
            model_name='amllogentry',
            constraint=models.UniqueConstraint(fields=('patron', 'gaming_day', 'direction', 'threshold'), name='aml_entry_once_a_day'),
        ),
        migrations.AddIndex(
            model_name='cashevent',
            index=models.Index(fields=['patron', 'gaming_day', 'direction'], name='cash_patron_day_idx'),
        ),
        migrations.AddConstraint(
            model_name='cashevent',
            constraint=models.CheckConstraint(condition=models.Q(('amount__gt', 0)), name='cash_event_amount_positive'),
        ),
        migrations.AddConstraint(
            model_name='sessionpause',
            constraint=models.UniqueConstraint(condition=models.Q(('resumed_at__isnull', True)), fields=('session',), name='one_open_pause'),
        ),
        migrations.AddConstraint(
            model_name='sessionrating',
            constraint=models.UniqueConstraint(fields=('session', 'version'), name='rating_version_once'),
        ),
        migrations.AddIndex(
            model_name='pointsentry',
            index=models.Index(fields=['patron', 'recorded_at'], name='points_patron_idx'),
        ),
        migrations.AddConstraint(
            model_name='pointsentry',
            constraint=models.CheckConstraint(condition=models.Q(('points', 0), _negated=True), name='points_entry_nonzero'),
        ),
        migrations.AddConstraint(
            model_name='visit',
            constraint=models.UniqueConstraint(condition=models.Q(('ended_at__isnull', True)), fields=('patron',), name='one_open_visit'),
        ),
        migrations.AddIndex(
            model_name='playsession',
            index=models.Index(fields=['table', 'ended_at'], name='session_table_open_idx'),
        ),
        migrations.AddConstraint(
            model_name='playsession',
            constraint=models.UniqueConstraint(condition=models.Q(('ended_at__isnull', True)), fields=('patron',), name='one_open_session'),
        ),
        migrations.RunSQL(_TRIGGERS, _DROP_TRIGGERS),
    ]
