"""The corrections and the shifts' reconciliations now belong to the payouts app (its migration
0009 takes them over, tables and rows unchanged): this app forgets them, and the view it
published over the corrections gives way to the one the payouts app publishes
(``payouts_waiting_corrections``).
"""

from django.db import migrations

DROP_VIEW = "DROP VIEW IF EXISTS audit_waiting_corrections;"

RESTORE_VIEW = """
CREATE VIEW audit_waiting_corrections AS
    SELECT c.id, c.round_id, c.kind, c.requested_by_id, c.requested_at
    FROM audit_correction c
    WHERE c.status = 'requested';
"""


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0008_published_views"),
        ("payouts", "0009_tray_and_corrections_moved_here"),
    ]

    operations = [
        migrations.RunSQL(DROP_VIEW, RESTORE_VIEW),
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.RemoveField(
                    model_name="correctionline",
                    name="correction",
                ),
                migrations.RemoveField(
                    model_name="shiftreconciliation",
                    name="closer",
                ),
                migrations.RemoveField(
                    model_name="shiftreconciliation",
                    name="drop",
                ),
                migrations.RemoveField(
                    model_name="shiftreconciliation",
                    name="opener",
                ),
                migrations.RemoveField(
                    model_name="shiftreconciliation",
                    name="table",
                ),
                migrations.DeleteModel(
                    name="Correction",
                ),
                migrations.DeleteModel(
                    name="CorrectionLine",
                ),
                migrations.DeleteModel(
                    name="ShiftReconciliation",
                ),
            ],
        ),
    ]
