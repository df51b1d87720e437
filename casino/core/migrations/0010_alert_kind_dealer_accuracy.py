"""Alerts gain a kind: a dealer's voids, payout corrections or retracted entries over a week
above the casino's limits, found by the nightly check (``audit.services.dealer_accuracy_check``).
Choices only: nothing in the database changes."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0009_alert_kind_dealer_unqualified'),
    ]

    operations = [
        migrations.AlterField(
            model_name='alert',
            name='kind',
            field=models.CharField(choices=[('payout_capped', "A settlement's payouts were cut by the table's cap"), ('large_payout', 'A payout line above the large-payout threshold'), ('correction_pending', 'A correction waits for approval'), ('round_idle', 'A round with no action for too long'), ('table_no_dealer', 'An open table with no dealer'), ('dealer_refusals', 'Repeated refusals at one table'), ('replay_mismatch', 'A settlement differs from its replay'), ('chain_broken', 'The audit chain is broken'), ('checkpoint_invalid', 'A checkpoint is missing, altered or forged'), ('record_unaudited', 'A record and the audit trail disagree'), ('tray_variance', "A table's win from its tray differs from its rounds"), ('edge_mismatch', 'A certified house edge differs from the computed one'), ('aml_threshold', "A patron's cash in a gaming day crossed a threshold"), ('dealer_unqualified', 'A round dealt by a dealer not qualified for it'), ('dealer_accuracy', "A dealer's errors over a week above the threshold")], max_length=20),
        ),
    ]
