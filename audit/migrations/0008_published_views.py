"""The view the audit app publishes for other apps' SQL: the corrections waiting for a decision,
which the live floor lists on their tables (``casino.floor.pit_view``).

Another app's raw SQL never names a table of this app (``tests/structure/test_raw_sql.py``); it
names this view. It is a projection: only the columns its reader uses, and what counts as
waiting (a correction still requested), which is this app's knowledge and its contract with
the reader. A plain view, which PostgreSQL inlines into the statement that reads it; the
runtime role may only read it (``casino.core.db_roles``).

- ``audit_waiting_corrections``: each correction still requested: its round, its kind, who
  asked and when.
"""

from django.db import migrations

VIEWS = """
CREATE VIEW audit_waiting_corrections AS
    SELECT c.id, c.round_id, c.kind, c.requested_by_id, c.requested_at
    FROM audit_correction c
    WHERE c.status = 'requested';
"""

DROP_VIEWS = """
DROP VIEW IF EXISTS audit_waiting_corrections;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0007_round_search"),
    ]

    operations = [
        migrations.RunSQL(VIEWS, DROP_VIEWS),
    ]
