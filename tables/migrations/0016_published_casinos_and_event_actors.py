"""Two more things this app publishes for other apps' SQL (``0012_published_views``), for the
rounds dealt by a dealer not qualified for their game (``audit``'s gaming-day report and nightly
check): who recorded each event of a round, and the casinos' gaming-day clocks.

- ``tables_floor_round_events`` names the event's ``actor_id`` too (a column added last, so the
  view is replaced in place and its readers keep theirs).
- ``tables_floor_casinos``: each casino's ``time_zone`` and ``gaming_day_start_hour``, by which
  an instant's gaming day is told in SQL (``casino.core.gaming_day``).
"""

from django.db import migrations

VIEWS = """
CREATE OR REPLACE VIEW tables_floor_round_events AS
    SELECT ev.round_id, ev.seq, ev.created_at, ev.actor_id FROM tables_roundevent ev;

CREATE VIEW tables_floor_casinos AS
    SELECT c.id, c.time_zone, c.gaming_day_start_hour FROM tables_casino c;
"""

RESTORE_VIEWS = """
DROP VIEW IF EXISTS tables_floor_casinos;
DROP VIEW IF EXISTS tables_floor_round_events;
CREATE VIEW tables_floor_round_events AS
    SELECT ev.round_id, ev.seq, ev.created_at FROM tables_roundevent ev;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0015_identity_moved_and_supervised_dealers"),
    ]

    operations = [
        migrations.RunSQL(VIEWS, RESTORE_VIEWS),
    ]
