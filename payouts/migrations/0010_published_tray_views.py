"""The views this app publishes over the chip tray and the corrections, for other apps' SQL
(the live floor lists what waits for a second person's decision). They replace the views the
tables and audit apps published while those models were theirs, with the same columns.

- ``payouts_waiting_tray_counts``, ``payouts_waiting_chip_slips``,
  ``payouts_waiting_chip_slip_voids``, ``payouts_waiting_drop_counts``: what of the tray waits
  for a decision (one with no decision row yet; a slip neither approved nor voided).
- ``payouts_waiting_corrections``: each correction still requested: its round, its kind, who
  asked and when.
- ``payouts_corrections``: every correction, its decision and the sum of its lines (the
  reports' figures, the cross-checks).

Plain views, which PostgreSQL inlines into the statement that reads them; the runtime role may
only read them (``casino.core.db_roles``).
"""

from django.db import migrations

VIEWS = """
CREATE VIEW payouts_waiting_tray_counts AS
    SELECT c.id, c.table_id, c.kind, c.total, c.counted_by_id, c.counted_at
    FROM tables_traycount c
    WHERE NOT EXISTS (SELECT 1 FROM tables_traycountdecision d WHERE d.count_id = c.id);
CREATE VIEW payouts_waiting_chip_slips AS
    SELECT s.id, s.table_id, s.kind, s.number, s.amount, s.requested_by_id, s.requested_at
    FROM tables_chipslip s
    WHERE NOT EXISTS (SELECT 1 FROM tables_chipslipstep st WHERE st.slip_id = s.id)
      AND NOT EXISTS (
          SELECT 1 FROM tables_chipslipvoid v
          LEFT JOIN tables_chipslipvoiddecision vd ON vd.void_id = v.id
          WHERE v.slip_id = s.id AND (vd.id IS NULL OR vd.approved)
      );
CREATE VIEW payouts_waiting_chip_slip_voids AS
    SELECT v.id, v.slip_id, s.table_id, s.kind AS slip_kind, s.number AS slip_number,
           s.amount AS slip_amount, v.requested_by_id, v.requested_at
    FROM tables_chipslipvoid v JOIN tables_chipslip s ON s.id = v.slip_id
    WHERE NOT EXISTS (SELECT 1 FROM tables_chipslipvoiddecision d WHERE d.void_id = v.id);
CREATE VIEW payouts_waiting_drop_counts AS
    SELECT dc.id, dc.table_id, dc.cash, dc.markers, dc.counted_by_id, dc.counted_at
    FROM tables_dropcount dc
    WHERE NOT EXISTS (SELECT 1 FROM tables_dropcountdecision d WHERE d.drop_id = dc.id);

CREATE VIEW payouts_waiting_corrections AS
    SELECT c.id, c.round_id, c.kind, c.requested_by_id, c.requested_at
    FROM audit_correction c
    WHERE c.status = 'requested';

CREATE VIEW payouts_corrections AS
    SELECT c.id, c.round_id, c.kind, c.status, c.reason, c.decision_note, c.requested_by_id,
           c.decided_by_id, c.decided_gaming_day,
           (SELECT coalesce(sum(l.amount), 0) FROM audit_correctionline l
             WHERE l.correction_id = c.id) AS amount
    FROM audit_correction c;
"""

DROP_VIEWS = """
DROP VIEW IF EXISTS payouts_corrections;
DROP VIEW IF EXISTS payouts_waiting_corrections;
DROP VIEW IF EXISTS payouts_waiting_drop_counts;
DROP VIEW IF EXISTS payouts_waiting_chip_slip_voids;
DROP VIEW IF EXISTS payouts_waiting_chip_slips;
DROP VIEW IF EXISTS payouts_waiting_tray_counts;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("payouts", "0009_tray_and_corrections_moved_here"),
        ("tables", "0014_tray_moved_to_payouts"),
        ("audit", "0009_corrections_moved_to_payouts"),
    ]

    operations = [
        migrations.RunSQL(VIEWS, DROP_VIEWS),
    ]
