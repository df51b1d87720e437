"""An index of the payout lines paid below their computed amount (the cap hits).

It lives with the reports, which are its only reader: a gaming-day report finds the day's few
cap hits through it instead of reading every payout line.
"""

from django.db import migrations

FORWARD = """
CREATE INDEX IF NOT EXISTS audit_payoutline_capped_idx ON payouts_payoutline (settlement_id)
    WHERE paid_amount < computed_amount;
"""
BACKWARD = "DROP INDEX IF EXISTS audit_payoutline_capped_idx;"


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0006_corrections_reports_alerts"),
        ("payouts", "0003_paytable_immutable_once_used"),
    ]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
