"""Patrons publishes the currency bought in at each table, for the chip tray's readers in
other apps (``payouts``: the cage counts a shift's drop beside what was recorded going into it):
the table, when, and how much, with nobody named."""

from django.db import migrations

VIEWS = """
CREATE VIEW patrons_table_cash_in AS
    SELECT c.table_id, c.recorded_at, c.amount
    FROM patrons_cashevent c
    WHERE c.direction = 'in' AND c.table_id IS NOT NULL;
"""

DROP_VIEWS = """
DROP VIEW IF EXISTS patrons_table_cash_in;
"""


class Migration(migrations.Migration):
    dependencies = [("patrons", "0001_initial")]

    operations = [migrations.RunSQL(VIEWS, DROP_VIEWS)]
