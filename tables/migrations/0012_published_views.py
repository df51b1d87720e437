"""The views the tables app publishes for other apps' SQL: the floor, its rounds, and what waits
there for a second person's decision.

Another app's raw SQL never names a table of this app (``tests/structure/test_raw_sql.py``); it
names these views. Each is a projection: only the columns its readers use, under the names they
use, and that projection is this app's contract with them. A column a view publishes cannot be
dropped or retyped without the view being dropped first and made again, by a migration of this
app that keeps the contract or changes its readers with it. The views are plain ones, which
PostgreSQL inlines into the statement that reads them: a reader's plan is the one it had on the
tables. The runtime role may only read them (``casino.core.db_roles``).

- ``tables_floor_pits``, ``tables_floor_tables``: the floor, each table with its pit.
- ``tables_floor_dealer_assignments``: who deals at which table, since when and until when.
- ``tables_floor_rounds``: the rounds, each with its table, dealer, game, gaming day and times.
- ``tables_floor_round_events``: the time of each event of a round, by its number.
- ``tables_floor_table_changes``: each change of a table, with the audit row that records it.
- ``tables_waiting_*``: what waits for a decision (one with no decision row yet): tray counts
  to confirm, slips asked for and neither approved nor voided (a void asked for or approved),
  slip voids and drop counts to decide, retractions (with their round's table and number, and
  how many entries each takes back) and changes of limits.
"""

from django.db import migrations

VIEWS = """
CREATE VIEW tables_floor_pits AS
    SELECT p.id, p.casino_id FROM tables_pit p;

CREATE VIEW tables_floor_tables AS
    SELECT t.id, t.code, t.game, t.status, t.currency, t.pit_id FROM tables_table t;

CREATE VIEW tables_floor_dealer_assignments AS
    SELECT da.table_id, da.dealer_id, da.started_at, da.ended_at
    FROM tables_dealerassignment da;

CREATE VIEW tables_floor_rounds AS
    SELECT r.id, r.table_id, r.number, r.status, r.phase, r.game, r.dealer_id, r.gaming_day,
           r.opened_at, r.closed_at
    FROM tables_round r;

CREATE VIEW tables_floor_round_events AS
    SELECT ev.round_id, ev.seq, ev.created_at FROM tables_roundevent ev;

CREATE VIEW tables_floor_table_changes AS
    SELECT c.id, c.table_id, c.kind, c.audit_record_id FROM tables_tablechange c;

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

CREATE VIEW tables_waiting_retractions AS
    SELECT q.id, q.round_id, r.table_id, r.number AS round_number,
           jsonb_array_length(q.events) AS entries, q.reason, q.requested_by_id,
           q.requested_at
    FROM tables_retractionrequest q JOIN tables_round r ON r.id = q.round_id
    WHERE NOT EXISTS (SELECT 1 FROM tables_retractiondecision d WHERE d.request_id = q.id);

CREATE VIEW tables_waiting_limit_changes AS
    SELECT l.id, l.table_id, l.changes, l.requested_by_id, l.requested_at
    FROM tables_limitchangerequest l
    WHERE NOT EXISTS (SELECT 1 FROM tables_limitchangedecision d WHERE d.request_id = l.id);
"""

DROP_VIEWS = """
DROP VIEW IF EXISTS tables_waiting_limit_changes;
DROP VIEW IF EXISTS tables_waiting_retractions;
DROP VIEW IF EXISTS tables_waiting_drop_counts;
DROP VIEW IF EXISTS tables_waiting_chip_slip_voids;
DROP VIEW IF EXISTS tables_waiting_chip_slips;
DROP VIEW IF EXISTS tables_waiting_tray_counts;
DROP VIEW IF EXISTS tables_floor_table_changes;
DROP VIEW IF EXISTS tables_floor_round_events;
DROP VIEW IF EXISTS tables_floor_rounds;
DROP VIEW IF EXISTS tables_floor_dealer_assignments;
DROP VIEW IF EXISTS tables_floor_tables;
DROP VIEW IF EXISTS tables_floor_pits;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0011_payouts_retractions_limits"),
    ]

    operations = [
        migrations.RunSQL(VIEWS, DROP_VIEWS),
    ]
