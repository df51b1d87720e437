"""The chip tray now belongs to the payouts app (its migration 0009 takes the models over,
tables and rows unchanged): this app forgets them, and the views it published over the tray
give way to those the payouts app publishes (``payouts_waiting_*``).
"""

from django.db import migrations

DROP_VIEWS = """
DROP VIEW IF EXISTS tables_waiting_drop_counts;
DROP VIEW IF EXISTS tables_waiting_chip_slip_voids;
DROP VIEW IF EXISTS tables_waiting_chip_slips;
DROP VIEW IF EXISTS tables_waiting_tray_counts;
"""

RESTORE_VIEWS = """
CREATE VIEW tables_waiting_tray_counts AS
    SELECT c.id, c.table_id, c.kind, c.total, c.counted_by_id, c.counted_at
    FROM tables_traycount c
    WHERE NOT EXISTS (SELECT 1 FROM tables_traycountdecision d WHERE d.count_id = c.id);
CREATE VIEW tables_waiting_chip_slips AS
    SELECT s.id, s.table_id, s.kind, s.number, s.amount, s.requested_by_id, s.requested_at
    FROM tables_chipslip s
    WHERE NOT EXISTS (SELECT 1 FROM tables_chipslipstep st WHERE st.slip_id = s.id)
      AND NOT EXISTS (
          SELECT 1 FROM tables_chipslipvoid v
          LEFT JOIN tables_chipslipvoiddecision vd ON vd.void_id = v.id
          WHERE v.slip_id = s.id AND (vd.id IS NULL OR vd.approved)
      );
CREATE VIEW tables_waiting_chip_slip_voids AS
    SELECT v.id, v.slip_id, s.table_id, s.kind AS slip_kind, s.number AS slip_number,
           s.amount AS slip_amount, v.requested_by_id, v.requested_at
    FROM tables_chipslipvoid v JOIN tables_chipslip s ON s.id = v.slip_id
    WHERE NOT EXISTS (SELECT 1 FROM tables_chipslipvoiddecision d WHERE d.void_id = v.id);
CREATE VIEW tables_waiting_drop_counts AS
    SELECT dc.id, dc.table_id, dc.cash, dc.markers, dc.counted_by_id, dc.counted_at
    FROM tables_dropcount dc
    WHERE NOT EXISTS (SELECT 1 FROM tables_dropcountdecision d WHERE d.drop_id = dc.id);
"""


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0013_game_choices_from_the_registry"),
        ("audit", "0009_corrections_moved_to_payouts"),
    ]

    operations = [
        migrations.RunSQL(DROP_VIEWS, RESTORE_VIEWS),
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.RemoveField(
                    model_name="chipslip",
                    name="casino",
                ),
                migrations.RemoveField(
                    model_name="chipslip",
                    name="requested_by",
                ),
                migrations.RemoveField(
                    model_name="chipslip",
                    name="table",
                ),
                migrations.RemoveField(
                    model_name="chipslipstep",
                    name="slip",
                ),
                migrations.RemoveField(
                    model_name="chipslipvoid",
                    name="slip",
                ),
                migrations.RemoveField(
                    model_name="chipslipstep",
                    name="actor",
                ),
                migrations.RemoveField(
                    model_name="chipslipvoid",
                    name="requested_by",
                ),
                migrations.RemoveField(
                    model_name="chipslipvoiddecision",
                    name="void",
                ),
                migrations.RemoveField(
                    model_name="chipslipvoiddecision",
                    name="decided_by",
                ),
                migrations.RemoveField(
                    model_name="dropcount",
                    name="counted_by",
                ),
                migrations.RemoveField(
                    model_name="dropcount",
                    name="shift",
                ),
                migrations.RemoveField(
                    model_name="dropcount",
                    name="table",
                ),
                migrations.RemoveField(
                    model_name="dropcountdecision",
                    name="drop",
                ),
                migrations.RemoveField(
                    model_name="dropcountdecision",
                    name="decided_by",
                ),
                migrations.RemoveField(
                    model_name="traycount",
                    name="counted_by",
                ),
                migrations.RemoveField(
                    model_name="traycount",
                    name="table",
                ),
                migrations.RemoveField(
                    model_name="traycountdecision",
                    name="count",
                ),
                migrations.RemoveField(
                    model_name="traycountdecision",
                    name="decided_by",
                ),
                migrations.DeleteModel(
                    name="ChipDenomination",
                ),
                migrations.DeleteModel(
                    name="ChipSlip",
                ),
                migrations.DeleteModel(
                    name="ChipSlipStep",
                ),
                migrations.DeleteModel(
                    name="ChipSlipVoid",
                ),
                migrations.DeleteModel(
                    name="ChipSlipVoidDecision",
                ),
                migrations.DeleteModel(
                    name="DropCount",
                ),
                migrations.DeleteModel(
                    name="DropCountDecision",
                ),
                migrations.DeleteModel(
                    name="TrayCount",
                ),
                migrations.DeleteModel(
                    name="TrayCountDecision",
                ),
            ],
        ),
    ]
