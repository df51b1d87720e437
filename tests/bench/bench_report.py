"""The gaming-day report over one day of 100k, 1M and 3M wager lines across 200 tables.

Each size is its own casino with 200 tables (120 Russian Poker, 40 Ruby Run, 40 Red Dog) and a
pool of 250 dealers working three shifts; its day is generated in SQL with ``generate_series``:
rounds of eight wager lines each, a settlement per round, a payout line per wager line, with
capped payouts and large payouts sprinkled in. The data is generated once and reused by later
runs (the casino's name carries the generator's version).

Figures, each the best of a few runs:

* ``report_day`` (1M lines), ``report_day_100k``, ``report_day_3m``: seconds for what the
  worker does with a queued report (``report_build``: every figure in SQL for the day, month
  and year to date, the JSON document, the CSV and PDF renderings, the digests, the audit row),
  as a ratio to
* ``sql_groupby``: a bare ``GROUP BY`` of the same day's wager lines by table, game and dealer,
  measured in the same run.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Callable

from tests.bench.floor import large_pit

Report = Callable[[str, float, str, float, str], None]

GENERATOR = "v1"
DAY = dt.date(2024, 6, 14)
TABLES = 200
DEALERS = 250
LINES_PER_ROUND = 8
SIZES = (("report_day_100k", 100_000), ("report_day", 1_000_000), ("report_day_3m", 3_000_000))
RUNS = 3

BASELINE = """
    SELECT r.table_id, r.game, r.dealer_id, count(*), sum(w.amount)
    FROM payouts_wagerline w
    JOIN tables_round r ON r.id = w.round_id
    WHERE r.table_id = ANY(%(tables)s) AND r.gaming_day = %(day)s
    GROUP BY 1, 2, 3
"""


def run(report: Report) -> None:
    _setup_django()
    from django.db import connection
    from django.utils import timezone

    from audit.models import GamingDayReport, ReportTrigger
    from audit.services.reports.build import report_build, report_parameters

    for name, lines in SIZES:
        casino, tables = _day_of(lines)

        def baseline(tables: list[int] = tables) -> None:
            with connection.cursor() as cursor:
                cursor.execute(BASELINE, {"tables": tables, "day": DAY})
                cursor.fetchall()

        def build(casino: object = casino) -> None:
            queued = GamingDayReport.objects.create(
                casino=casino,
                gaming_day=DAY,
                trigger=ReportTrigger.ON_DEMAND,
                parameters=report_parameters(),
                requested_at=timezone.now(),
            )
            built = report_build(report_id=queued.pk)
            assert built.status == "done", built.error

        bare = _best(baseline)
        seconds = _best(build)
        if name == "report_day":
            report("sql_groupby", bare, "s", 1.0, "sql_groupby")
        report(name, seconds, "s", seconds / bare, "sql_groupby")


def _best(work: Callable[[], None]) -> float:
    work()  # warm the caches and the plans
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)


def _day_of(lines: int) -> tuple[object, list[int]]:
    """The casino of this size with its day generated (now, or by an earlier run)."""
    from django.db import connection, transaction

    from tables.models import Casino, Round, Table

    name = f"Bench report {GENERATOR} {lines}"
    rounds = lines // LINES_PER_ROUND
    casino = Casino.objects.filter(name=name).first()
    if casino is not None:
        tables = list(Table.objects.filter(pit__casino=casino).values_list("id", flat=True))
        if Round.objects.filter(table_id__in=tables, gaming_day=DAY).count() == rounds:
            return casino, tables
    with transaction.atomic():
        casino, tables = _floor(name, lines)
        _generate(tables=tables, dealers=_dealers(), rounds=rounds)
    with connection.cursor() as cursor:
        # Statistics and the visibility map, as a database that has been running would have.
        cursor.execute(
            "VACUUM (ANALYZE) tables_round, payouts_wagerline, payouts_settlement, "
            "payouts_payoutline, payouts_roundpaytable"
        )
    return casino, tables


def _floor(name: str, lines: int) -> tuple[object, list[int]]:
    casino, _, tables, _ = large_pit(
        name,
        code_prefix=f"B{lines // 1000}K",
        time_zone="Europe/Malta",
        gaming_day_start_hour=6,
        tables=TABLES,
    )
    return casino, [table.pk for table in tables]


def _dealers() -> list[int]:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    users = get_user_model()
    names = [f"bench-report-dealer-{n:03d}" for n in range(DEALERS)]
    users.objects.bulk_create((users(username=name) for name in names), ignore_conflicts=True)
    dealers = list(users.objects.filter(username__in=names).order_by("username"))
    Group.objects.get(name="dealer").user_set.add(*dealers)
    return [dealer.pk for dealer in dealers]


# One row per wager line and its payout line, computed from (round, line number j):
# Russian Poker boxes 1-4 play Ante and Bet (box 4 a Bonus instead of the Bet); a Bet wins on
# two rounds in five, and one round in a thousand hits the 5000 cap with a 15000 computed pay;
# pot games put eight stakes in and award 95 % back.
_LINES = """
    CREATE TEMPORARY TABLE bench_report_lines ON COMMIT DROP AS
    SELECT r.id AS round_id, l.box, l.kind, l.amount, l.outcome, l.computed,
           CASE WHEN l.capped THEN 5100 ELSE l.computed END AS paid,
           CASE WHEN l.capped THEN 'max_payout_per_box' ELSE '' END AS reason
    FROM tables_round r
    CROSS JOIN generate_series(1, 8) j
    CROSS JOIN LATERAL (SELECT 5 * (1 + (r.id * 7 + j) %% 10) AS stake) s
    CROSS JOIN LATERAL (
        SELECT
            CASE WHEN r.game = 'russian_poker' THEN (j + 1) / 2 ELSE j END AS box,
            CASE WHEN r.game <> 'russian_poker' THEN 'pot'
                 WHEN j = 8 THEN 'bonus' WHEN j %% 2 = 1 THEN 'ante' ELSE 'bet' END AS kind,
            s.stake::numeric(14, 2) AS amount,
            CASE WHEN r.game <> 'russian_poker' THEN 'award'
                 WHEN r.id %% 1000 = 0 AND j = 2 THEN 'win'
                 WHEN (r.id + j) %% 5 < 2 THEN 'win' ELSE 'lose' END AS outcome,
            CASE WHEN r.game <> 'russian_poker' THEN floor(s.stake * 0.95)
                 WHEN r.id %% 1000 = 0 AND j = 2 THEN 15000
                 WHEN (r.id + j) %% 5 < 2 THEN 2 * s.stake ELSE 0 END::numeric(14, 2) AS computed,
            r.game = 'russian_poker' AND r.id %% 1000 = 0 AND j = 2 AS capped
    ) l
    WHERE r.table_id = ANY(%(tables)s) AND r.gaming_day = %(day)s
"""


def _generate(*, tables: list[int], dealers: list[int], rounds: int) -> None:
    from django.db import connection

    per_table = -(-rounds // len(tables))
    params = {
        "tables": tables,
        "dealers": dealers,
        "rounds": rounds,
        "per_table": per_table,
        "count": len(tables),
        "day": DAY,
        "ndealers": len(dealers),
    }
    statements = [
        # Round k is at table k mod 200; three shifts a day, each table's dealer changing.
        """
        INSERT INTO tables_round (table_id, number, game, status, phase, last_event_seq,
            rule_set_id, paytables, snapshot, dealer_id, options, limits,
            gaming_day, opened_at, closed_at, retractions)
        SELECT t.id, k / %(count)s + 1, t.game, 'settled', 'complete', 0, t.rule_set_id,
            '{}'::jsonb, '{}'::jsonb,
            (%(dealers)s::bigint[])[1 + (k %% %(count)s * 3 + (k / %(count)s) * 3 / %(per_table)s)
                %% %(ndealers)s],
            '{}'::jsonb, '{}'::jsonb, %(day)s, now(), now(), 0
        FROM generate_series(0, %(rounds)s - 1) k
        JOIN unnest(%(tables)s::bigint[]) WITH ORDINALITY o(id, n) ON o.n = k %% %(count)s + 1
        JOIN tables_table t ON t.id = o.id
        """,
        # The paytables each Russian Poker round was played under, as a round pins them.
        """
        INSERT INTO payouts_roundpaytable (round_id, kind, paytable_id)
        SELECT r.id, tp.kind, tp.paytable_id
        FROM tables_round r JOIN payouts_tablepaytable tp ON tp.table_id = r.table_id
        WHERE r.table_id = ANY(%(tables)s) AND r.gaming_day = %(day)s
        """,
        _LINES,
        """
        INSERT INTO payouts_wagerline (round_id, box, kind, amount, created_at)
        SELECT round_id, box, kind, amount, now() FROM bench_report_lines
        """,
        """
        INSERT INTO payouts_settlement (round_id, settled_at, settled_by_id, total_staked,
            total_returned, house_result, rake, cap_applied, engine_result, theoretical_win,
            theoretical_base, theoretical_source)
        -- Priced as the settlement service prices a round: a pot game by its take, a Russian
        -- Poker round by its paytables' certified edges (no computed edge is kept here).
        SELECT l.round_id, now(), r.dealer_id, sum(l.amount), sum(l.paid),
            sum(l.amount) - sum(l.paid), 0, bool_or(l.paid < l.computed), '{}'::jsonb,
            CASE WHEN r.game <> 'russian_poker' THEN sum(l.amount) - sum(l.paid)
                 ELSE coalesce(sum(l.amount * p.house_edge), 0) END,
            CASE WHEN r.game <> 'russian_poker' THEN sum(l.amount)
                 ELSE coalesce(sum(l.amount) FILTER (WHERE p.house_edge IS NOT NULL), 0) END,
            CASE WHEN r.game <> 'russian_poker' THEN 'take'
                 WHEN bool_or(p.house_edge IS NOT NULL) THEN 'certified'
                 ELSE 'none' END
        FROM bench_report_lines l
        JOIN tables_round r ON r.id = l.round_id
        LEFT JOIN payouts_roundpaytable rp ON rp.round_id = l.round_id
            AND rp.kind = CASE WHEN l.kind = 'bonus' THEN 'bonus' ELSE 'main' END
        LEFT JOIN payouts_paytable p ON p.id = rp.paytable_id
        GROUP BY l.round_id, r.dealer_id, r.game
        """,
        """
        INSERT INTO payouts_payoutline (settlement_id, box, line, combination, outcome, stake,
            computed_amount, paid_amount, reason)
        SELECT s.id, l.box, l.kind, '', l.outcome, l.amount, l.computed, l.paid, l.reason
        FROM bench_report_lines l JOIN payouts_settlement s ON s.round_id = l.round_id
        """,
    ]
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql, params)
