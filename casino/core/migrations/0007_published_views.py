"""The views the shared core publishes for the apps' SQL: the alerts still open, and the audit
trail's rows as the cross-checks compare them with the records.

An app's raw SQL never names a table of the core (``tests/structure/test_raw_sql.py``); it names
these views. Each is a projection: only the columns its readers use, and that projection is the
core's contract with them. A column a view publishes cannot be dropped or retyped without the
view being dropped first and made again, by a migration of the core that keeps the contract or
changes its readers with it. The views are plain ones, which PostgreSQL inlines into the
statement that reads them: a reader's plan is the one it had on the tables. The runtime role
may only read them (``casino.core.db_roles``).

- ``core_open_alerts``: the alerts not acknowledged (an alert is acknowledged at most once, by
  a row of its own), with the casino and the table each concerns.
- ``core_audit_records``: each row of the trail, by its event code, with the table and the
  round it names and its values after the event.
"""

from django.db import migrations

VIEWS = """
CREATE VIEW core_open_alerts AS
    SELECT a.id, a.casino_id, a.table_id
    FROM core_alert a
    WHERE NOT EXISTS (SELECT 1 FROM core_alertacknowledgement k WHERE k.alert_id = a.id);

CREATE VIEW core_audit_records AS
    SELECT a.id, a.event_code, a.table_id, a.round_id, a.after FROM audit_auditrecord a;
"""

DROP_VIEWS = """
DROP VIEW IF EXISTS core_audit_records;
DROP VIEW IF EXISTS core_open_alerts;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0006_alert_edge_mismatch"),
    ]

    operations = [
        migrations.RunSQL(VIEWS, DROP_VIEWS),
    ]
