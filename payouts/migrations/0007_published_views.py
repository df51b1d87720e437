"""The views the payouts app publishes for other apps' SQL: settlements, their payout lines, and
the tables' day totals.

Another app's raw SQL never names a table of this app (``tests/structure/test_raw_sql.py``); it
names these views. Each is a projection: only the columns its readers use, and that projection
is this app's contract with them. A column a view publishes cannot be dropped or retyped
without the view being dropped first and made again, by a migration of this app that keeps the
contract or changes its readers with it. The views are plain ones, which PostgreSQL inlines into
the statement that reads them: a reader's plan is the one it had on the tables (the partial
index of capped lines included). The runtime role may only read them
(``casino.core.db_roles``).

- ``payouts_round_settlements``: each round's settlement: its money, whether a cap applied,
  and its theoretical win over the stakes it priced, and what priced them.
- ``payouts_settlement_lines``: each payout line of a settlement: its box, line, hand and
  outcome, its stake, the amount computed and the amount paid, and why they differ.
- ``payouts_table_day_totals``: each table's kept totals of a gaming day
  (``payouts.services.day_totals``).
"""

from django.db import migrations

VIEWS = """
CREATE VIEW payouts_round_settlements AS
    SELECT s.id, s.round_id, s.total_staked, s.total_returned, s.house_result, s.cap_applied,
           s.theoretical_win, s.theoretical_base, s.theoretical_source
    FROM payouts_settlement s;

CREATE VIEW payouts_settlement_lines AS
    SELECT p.id, p.settlement_id, p.box, p.line, p.combination, p.outcome, p.stake,
           p.computed_amount, p.paid_amount, p.reason
    FROM payouts_payoutline p;

CREATE VIEW payouts_table_day_totals AS
    SELECT k.table_id, k.gaming_day, k.rounds, k.wagered, k.paid, k.house_result,
           k.theoretical_result, k.theoretical_base, k.cap_hits, k.withheld
    FROM payouts_tabledaytotals k;
"""

DROP_VIEWS = """
DROP VIEW IF EXISTS payouts_table_day_totals;
DROP VIEW IF EXISTS payouts_settlement_lines;
DROP VIEW IF EXISTS payouts_round_settlements;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("payouts", "0006_settlement_theoretical_win"),
    ]

    operations = [
        migrations.RunSQL(VIEWS, DROP_VIEWS),
    ]
