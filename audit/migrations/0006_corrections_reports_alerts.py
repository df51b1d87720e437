"""Corrections under dual control, stored gaming-day reports, alerts and replay checks."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# Corrections change once (requested -> approved or rejected) and only in their decision; their
# lines, replay checks and finished reports never change; none of them is deleted.
FORWARD = """
CREATE OR REPLACE FUNCTION audit_correction_decided_once() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'DELETE on % is not allowed: the record is append-only', TG_TABLE_NAME
            USING ERRCODE = 'raise_exception';
    END IF;
    IF OLD.status <> 'requested' THEN
        RAISE EXCEPTION 'correction % was decided already and cannot change', OLD.id
            USING ERRCODE = 'raise_exception';
    END IF;
    IF (NEW.round_id, NEW.kind, NEW.reason, NEW.requested_by_id, NEW.requested_role,
        NEW.requested_at)
        IS DISTINCT FROM
       (OLD.round_id, OLD.kind, OLD.reason, OLD.requested_by_id, OLD.requested_role,
        OLD.requested_at)
    THEN
        RAISE EXCEPTION 'the request of correction % cannot change', OLD.id
            USING ERRCODE = 'raise_exception';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION audit_report_final() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'DELETE on % is not allowed: reports are kept', TG_TABLE_NAME
            USING ERRCODE = 'raise_exception';
    END IF;
    IF OLD.status IN ('done', 'failed') THEN
        RAISE EXCEPTION 'report % is final and cannot change', OLD.id
            USING ERRCODE = 'raise_exception';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_correction_decided_once
    BEFORE UPDATE OR DELETE ON audit_correction
    FOR EACH ROW EXECUTE FUNCTION audit_correction_decided_once();
CREATE TRIGGER audit_correctionline_append_only
    BEFORE UPDATE OR DELETE ON audit_correctionline
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_replaycheck_append_only
    BEFORE UPDATE OR DELETE ON audit_replaycheck
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_alert_kept
    BEFORE DELETE ON audit_alert
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_gamingdayreport_final
    BEFORE UPDATE OR DELETE ON audit_gamingdayreport
    FOR EACH ROW EXECUTE FUNCTION audit_report_final();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS audit_correction_decided_once ON audit_correction;
DROP TRIGGER IF EXISTS audit_correctionline_append_only ON audit_correctionline;
DROP TRIGGER IF EXISTS audit_replaycheck_append_only ON audit_replaycheck;
DROP TRIGGER IF EXISTS audit_alert_kept ON audit_alert;
DROP TRIGGER IF EXISTS audit_gamingdayreport_final ON audit_gamingdayreport;
DROP FUNCTION IF EXISTS audit_correction_decided_once();
DROP FUNCTION IF EXISTS audit_report_final();
"""


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0005_chain_enforced'),
        ('payouts', '0003_paytable_immutable_once_used'),
        ('tables', '0002_round_history_append_only'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Correction',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('void', 'Void the round'), ('payout_correction', 'Payout correction')], max_length=20)),
                ('status', models.CharField(choices=[('requested', 'Requested'), ('approved', 'Approved'), ('rejected', 'Rejected')], default='requested', max_length=10)),
                ('reason', models.TextField()),
                ('requested_role', models.CharField(max_length=20)),
                ('requested_at', models.DateTimeField()),
                ('decided_at', models.DateTimeField(blank=True, null=True)),
                ('decided_gaming_day', models.DateField(blank=True, null=True)),
                ('decision_note', models.TextField(blank=True)),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('requested_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='corrections', to='tables.round')),
                ('settlement', models.ForeignKey(blank=True, help_text='The settlement corrected; null for the void of a round never settled.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='corrections', to='payouts.settlement')),
            ],
            options={
                'ordering': ['id'],
            },
        ),
        migrations.CreateModel(
            name='CorrectionLine',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('box', models.PositiveSmallIntegerField()),
                ('line', models.CharField(help_text='ante, bet, bonus, pot, void...', max_length=40)),
                ('amount', models.DecimalField(decimal_places=2, max_digits=14)),
                ('correction', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='lines', to='audit.correction')),
            ],
            options={
                'ordering': ['id'],
            },
        ),
        migrations.CreateModel(
            name='GamingDayReport',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('gaming_day', models.DateField()),
                ('trigger', models.CharField(choices=[('nightly', 'Nightly, for the closed gaming day'), ('on_demand', 'On demand by an auditor')], max_length=10)),
                ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed')], default='queued', max_length=10)),
                ('parameters', models.JSONField(default=dict, help_text='Thresholds the report applied.')),
                ('requested_at', models.DateTimeField()),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('payload', models.JSONField(blank=True, null=True)),
                ('csv', models.TextField(blank=True)),
                ('pdf', models.BinaryField(blank=True, null=True)),
                ('payload_sha256', models.CharField(blank=True, max_length=64)),
                ('csv_sha256', models.CharField(blank=True, max_length=64)),
                ('pdf_sha256', models.CharField(blank=True, max_length=64)),
                ('audit_seq', models.BigIntegerField(blank=True, null=True)),
                ('audit_hash', models.CharField(blank=True, max_length=64)),
                ('error', models.TextField(blank=True)),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.casino')),
                ('requested_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-id'],
            },
        ),
        migrations.CreateModel(
            name='ReplayCheck',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('gaming_day', models.DateField()),
                ('checked_at', models.DateTimeField()),
                ('rounds_checked', models.PositiveIntegerField()),
                ('mismatches', models.PositiveIntegerField()),
                ('casino', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.casino')),
            ],
        ),
        migrations.CreateModel(
            name='Alert',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('replay_mismatch', 'A settlement differs from its replay'), ('chain_broken', 'The audit chain is broken')], max_length=20)),
                ('gaming_day', models.DateField(blank=True, null=True)),
                ('details', models.JSONField(default=dict)),
                ('raised_at', models.DateTimeField()),
                ('casino', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.casino')),
                ('round', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.round')),
                ('table', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.table')),
            ],
            options={
                'ordering': ['-id'],
                'indexes': [models.Index(fields=['kind', 'raised_at'], name='alert_kind_time_idx')],
            },
        ),
        migrations.AddIndex(
            model_name='correction',
            index=models.Index(fields=['status', 'decided_gaming_day'], name='correction_status_day_idx'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.CheckConstraint(condition=models.Q(('reason', ''), _negated=True), name='correction_has_reason'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'requested'), ('decided_by__isnull', True), ('decided_at__isnull', True), ('decided_gaming_day__isnull', True)), models.Q(('status__in', ['approved', 'rejected']), ('decided_by__isnull', False), ('decided_at__isnull', False), ('decided_gaming_day__isnull', False)), _connector='OR'), name='correction_decision_complete'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.CheckConstraint(condition=models.Q(('decided_by__isnull', True), models.Q(('decided_by', models.F('requested_by')), _negated=True), _connector='OR'), name='correction_decided_by_another'),
        ),
        migrations.AddConstraint(
            model_name='correction',
            constraint=models.UniqueConstraint(condition=models.Q(('kind', 'void'), ('status__in', ['requested', 'approved'])), fields=('round',), name='correction_one_void_per_round'),
        ),
        migrations.AddConstraint(
            model_name='correctionline',
            constraint=models.CheckConstraint(condition=models.Q(('amount', 0), _negated=True), name='correction_line_amount_nonzero'),
        ),
        migrations.AddIndex(
            model_name='gamingdayreport',
            index=models.Index(fields=['casino', 'gaming_day'], name='report_casino_day_idx'),
        ),
        migrations.AddConstraint(
            model_name='gamingdayreport',
            constraint=models.UniqueConstraint(condition=models.Q(('trigger', 'nightly')), fields=('casino', 'gaming_day'), name='report_one_nightly_per_day'),
        ),
        migrations.AddConstraint(
            model_name='gamingdayreport',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'done'), _negated=True), models.Q(('payload__isnull', False), ('pdf__isnull', False), ('payload_sha256__regex', '^[0-9a-f]{64}$'), ('csv_sha256__regex', '^[0-9a-f]{64}$'), ('pdf_sha256__regex', '^[0-9a-f]{64}$'), ('audit_seq__isnull', False)), _connector='OR'), name='report_done_is_complete'),
        ),
        migrations.AddConstraint(
            model_name='replaycheck',
            constraint=models.UniqueConstraint(fields=('casino', 'gaming_day'), name='replay_check_once_per_day'),
        ),
        migrations.RunSQL(FORWARD, BACKWARD),
    ]
