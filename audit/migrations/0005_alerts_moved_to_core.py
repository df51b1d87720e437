"""Alerts move to the shared core (``core_alert``), so that every app can raise one in the
transaction of its cause: each alert raised so far is copied with its id, the four kinds of the
nightly checks being critical, and the old table dropped.

A replay mismatch's cause is its round, as it is for the alerts raised from now on; the other
kinds keep the alert's own id as their cause (their new causes digest the details, so a finding
still there after the upgrade is raised once more, as a new alert).
"""

from django.db import migrations

COPY = """
INSERT INTO core_alert (id, kind, severity, cause, casino_id, table_id, round_id, gaming_day,
                        details, raised_at)
SELECT id, kind, 'critical',
       CASE WHEN kind = 'replay_mismatch' AND round_id IS NOT NULL THEN 'round:' || round_id
            ELSE 'migrated:' || id END,
       casino_id, table_id, round_id, gaming_day, details, raised_at
FROM audit_alert ORDER BY id;
SELECT setval(pg_get_serial_sequence('core_alert', 'id'),
              greatest((SELECT max(id) FROM core_alert), 1),
              (SELECT count(*) > 0 FROM core_alert));
"""


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0004_report_dispatch"),
        ("core", "0003_alerts"),
    ]

    operations = [
        migrations.RunSQL(COPY, migrations.RunSQL.noop),
        migrations.DeleteModel(name="Alert"),
    ]
