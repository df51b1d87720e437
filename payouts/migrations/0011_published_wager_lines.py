"""Payouts publishes the wager lines, for the readers whose one statement joins them to other
apps' rows (the anti-money-laundering day of ``casino.patrons``): the round, the box or seat,
the wager type and the amount."""

from django.db import migrations

VIEWS = """
CREATE VIEW payouts_wager_lines AS
    SELECT w.round_id, w.box, w.kind, w.amount FROM payouts_wagerline w;
"""

DROP_VIEWS = """
DROP VIEW IF EXISTS payouts_wager_lines;
"""


class Migration(migrations.Migration):
    dependencies = [("payouts", "0010_published_tray_views")]

    operations = [migrations.RunSQL(VIEWS, DROP_VIEWS)]
