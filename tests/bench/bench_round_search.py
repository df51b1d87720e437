"""The auditors' round search over a year of 1,000,000 rounds.

A casino of 10 pits of 20 Russian Poker tables, 300 dealers, has played 1,000,000 rounds over
365 gaming days (about 14 a table a day), each settled: two boxes in five win, one round in a
thousand is capped at the table's maximum payout (with the payout line the cap cut; the pit
view's benchmark assumes the same), one in five hundred has an approved payout correction, one
in two thousand a replay-mismatch alert. Rounds carry no events (a row's ``dealers`` is then
empty) and only the capped ones a payout line: the search reads neither to choose its rows.
Every row is written by a few ``INSERT ... SELECT`` over ``generate_series`` in PostgreSQL
itself, then analysed; the data is made once per bench database and reused by later runs (the
casino's name carries the generator's version). The fill prints how long it took.

Figures:

* ``round_search_p99``: the 99th percentile, in milliseconds, of a page (50 rows, with every
  figure of a row) of ``audit.round_search.round_search`` as an auditor, over five typical
  searches run in turn (:data:`SEARCHES`), as a ratio to
* ``bare_index_lookup``: the 99th percentile of a bare lookup of one round by primary key,
  measured in the same run, interleaved.

And each search's own p99 (``round_search_p99_<name>``), against the same baseline.

The process is set up as a server's worker is (``casino.wsgi``): Django, then its start-up heap
frozen (``casino.core.heap``), so a full collection does not walk the loaded code at a search.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

Report = Callable[[str, float, str, float, str], None]

GENERATOR = "v1"
PITS, TABLES_PER_PIT, DEALERS = 10, 20, 300
TABLES = PITS * TABLES_PER_PIT
ROUNDS = 1_000_000
DAYS = 365
FIRST_DAY = dt.date(2025, 1, 1)
START_HOUR = 6
RUNS = 60

_ROUNDS = """
INSERT INTO tables_round (table_id, number, game, status, phase, last_event_seq, rule_set_id,
                          paytables, dealer_id, options, limits, snapshot, gaming_day,
                          opened_at, closed_at, retractions)
SELECT t.id, k + 1, 'russian_poker', 'settled', 'complete', 0, %(rule_set)s, '{}',
       (%(dealers)s::bigint[])[1 + (t.n * 7 + k / 14) %% %(dealer_count)s], '{}', '{}', '{}',
       (opened - interval '6 hours')::date, opened, opened + interval '3 minutes', 0
FROM generate_series(0, %(per_table)s - 1) AS k
CROSS JOIN unnest(%(tables)s::bigint[]) WITH ORDINALITY AS t(id, n)
CROSS JOIN LATERAL (
    SELECT %(start)s::timestamptz
           + make_interval(secs => k * (%(days)s * 86400.0 / %(per_table)s) + t.n * 7) AS opened
) AS o
ORDER BY k, t.n
"""

_SETTLEMENTS = """
INSERT INTO payouts_settlement (round_id, settled_at, settled_by_id, total_staked,
                                total_returned, house_result, rake, cap_applied, engine_result,
                                theoretical_win, theoretical_base, theoretical_source)
SELECT r.id, r.closed_at, r.dealer_id, m.staked, m.returned, m.staked - m.returned, 0,
       m.capped, '{}', 0, 0, 'none'
FROM tables_round r
CROSS JOIN LATERAL (
    SELECT 10 * (1 + r.id %% 20) AS staked,
           CASE WHEN r.id %% 1000 = 0 THEN 5000
                WHEN r.id %% 5 < 2 THEN 20 * (1 + r.id %% 20)
                ELSE 0 END AS returned,
           r.id %% 1000 = 0 AS capped
) AS m
WHERE r.table_id = ANY(%(tables)s)
"""

_CAPPED_LINES = """
INSERT INTO payouts_payoutline (settlement_id, box, line, combination, outcome, stake,
                                computed_amount, paid_amount, reason)
SELECT s.id, 1, 'bonus', '', 'win', s.total_staked, 8000, 5000, 'max_payout_per_box'
FROM payouts_settlement s JOIN tables_round r ON r.id = s.round_id
WHERE r.table_id = ANY(%(tables)s) AND s.cap_applied
"""

_CORRECTIONS = """
INSERT INTO audit_correction (round_id, settlement_id, kind, status, reason, requested_by_id,
                              requested_role, requested_at, decided_by_id, decided_at,
                              decided_gaming_day, decision_note)
SELECT r.id, s.id, 'payout_correction', 'approved', 'bench', %(requester)s, 'pit_boss',
       r.closed_at, %(approver)s, r.closed_at + interval '1 hour', r.gaming_day, ''
FROM tables_round r JOIN payouts_settlement s ON s.round_id = r.id
WHERE r.table_id = ANY(%(tables)s) AND r.id %% 500 = 7
"""

_ALERTS = """
INSERT INTO core_alert (kind, severity, cause, casino_id, table_id, round_id, gaming_day,
                        details, raised_at)
SELECT 'replay_mismatch', 'critical', 'round:' || r.id, %(casino)s, r.table_id, r.id,
       r.gaming_day, '{}', r.closed_at + interval '1 day'
FROM tables_round r
WHERE r.table_id = ANY(%(tables)s) AND r.id %% 2000 = 11
"""

BARE_LOOKUP = "SELECT * FROM tables_round WHERE id = %s"


def run(report: Report) -> None:
    _setup_django()
    from django.db import connection
    from django.http import QueryDict

    from audit.round_search import round_search
    from casino.core.heap import freeze_startup_heap

    floor = _floor()
    freeze_startup_heap()
    auditor = floor["auditor"]
    low, high = floor["round_ids"]
    searches = _searches(floor)
    pick = random.Random(15)

    def bare() -> None:
        with connection.cursor() as cursor:
            cursor.execute(BARE_LOOKUP, [pick.randint(low, high)])
            assert cursor.fetchone() is not None

    def searched(params: dict[str, Any]) -> Callable[[], None]:
        query = QueryDict(mutable=True)
        query.update(params)

        def work() -> None:
            page = round_search(user=auditor, params=query)
            assert page.rounds, params

        return work

    works = {name: searched(params) for name, params in searches.items()}
    for work in works.values():
        work()  # warm the caches and the plans
    bare()
    bares: list[float] = []
    timings: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(RUNS):
        for name, work in works.items():
            bares.append(_timed(bare))
            timings[name].append(_timed(work))
    baseline = _p99(bares)
    everything = [value for values in timings.values() for value in values]
    figure = _p99(everything)
    report("bare_index_lookup", baseline, "ms", 1.0, "bare_index_lookup")
    report("round_search_p99", figure, "ms", figure / baseline, "bare_index_lookup")
    for name, values in timings.items():
        own = _p99(values)
        report(f"round_search_p99_{name}", own, "ms", own / baseline, "bare_index_lookup")
    report(
        "round_search_median",
        statistics.median(everything),
        "ms",
        statistics.median(everything) / statistics.median(bares),
        "bare_index_lookup_median",
    )


def _searches(floor: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Five searches an auditor makes: a week of the casino, a day of a pit's settled rounds,
    a month of one table by payout, a quarter of one dealer, a quarter's capped large
    payouts."""
    week = (FIRST_DAY + dt.timedelta(days=200), FIRST_DAY + dt.timedelta(days=206))
    month = (FIRST_DAY + dt.timedelta(days=90), FIRST_DAY + dt.timedelta(days=120))
    quarter = (FIRST_DAY + dt.timedelta(days=180), FIRST_DAY + dt.timedelta(days=270))
    return {
        "casino_week": {
            "casino": str(floor["casino"]),
            "day_from": week[0].isoformat(),
            "day_to": week[1].isoformat(),
        },
        "pit_day_settled": {
            "pit": str(floor["pits"][3]),
            "day_from": week[0].isoformat(),
            "day_to": week[0].isoformat(),
            "status": "settled",
        },
        "table_month_by_paid": {
            "table": str(floor["tables"][42]),
            "day_from": month[0].isoformat(),
            "day_to": month[1].isoformat(),
            "ordering": "-paid",
        },
        "dealer_quarter": {
            "dealer": str(floor["dealers"][17]),
            "day_from": quarter[0].isoformat(),
            "day_to": quarter[1].isoformat(),
        },
        "capped_above_quarter": {
            "cap_applied": "true",
            "payout_above": "1000",
            "day_from": quarter[0].isoformat(),
            "day_to": quarter[1].isoformat(),
        },
    }


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98]


def _timed(work: Callable[[], None]) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)


def _floor() -> dict[str, Any]:
    """The benchmark's casino with its year of rounds (made now, or by an earlier run)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.db import connection, transaction
    from django.db.models import Max, Min

    from tables.models import Casino, Pit, Round, Table

    name = f"Bench round search {GENERATOR}"
    casino = Casino.objects.filter(name=name).first()
    if casino is None or Round.objects.filter(table__pit__casino=casino).count() != ROUNDS:
        started = time.perf_counter()
        with transaction.atomic():
            casino = _fill(name)
        with connection.cursor() as cursor:
            # Statistics and the visibility map, as a database that has been running would have.
            cursor.execute(
                "VACUUM (ANALYZE) tables_round, payouts_settlement, payouts_payoutline, "
                "audit_correction, core_alert"
            )
        print(f"# round search: filled {ROUNDS:,} rounds in {time.perf_counter() - started:.0f} s")
    users = get_user_model()
    pits = list(Pit.objects.filter(casino=casino).order_by("pk").values_list("pk", flat=True))
    tables = list(
        Table.objects.filter(pit__casino=casino).order_by("pk").values_list("pk", flat=True)
    )
    dealers = list(
        users.objects.filter(username__startswith="bench-search-dealer-")
        .order_by("username")
        .values_list("pk", flat=True)
    )
    bounds = Round.objects.filter(table__pit__casino=casino).aggregate(Min("pk"), Max("pk"))
    auditor = users.objects.get(username="bench-search-auditor")
    Group.objects.get_or_create(name="auditor")[0].user_set.add(auditor)
    return {
        "casino": casino.pk,
        "pits": pits,
        "tables": tables,
        "dealers": dealers,
        "auditor": auditor,
        "round_ids": (bounds["pk__min"], bounds["pk__max"]),
    }


def _fill(name: str) -> Any:
    from decimal import Decimal as D

    from django.contrib.auth import get_user_model
    from django.db import connection

    from tables.engines import validate_rule_settings
    from tables.models import Casino, Game, Pit, RuleSet, Table, TableStatus

    casino = Casino.objects.create(name=name, time_zone="UTC", gaming_day_start_hour=START_HOUR)
    rules, _ = RuleSet.objects.get_or_create(
        name=name,
        version=1,
        defaults={
            "game": Game.RUSSIAN_POKER,
            "settings": validate_rule_settings(Game.RUSSIAN_POKER, {}),
        },
    )
    pits = Pit.objects.bulk_create(Pit(casino=casino, name=f"{name} pit {n}") for n in range(PITS))
    tables = Table.objects.bulk_create(
        Table(
            pit=pit,
            code=f"RS{GENERATOR}-{p:02d}-{n:02d}",
            game=Game.RUSSIAN_POKER,
            status=TableStatus.OPEN,
            ante_min=D(5),
            ante_max=D(500),
            max_table_payout=D(5000),
            rule_set=rules,
        )
        for p, pit in enumerate(pits)
        for n in range(TABLES_PER_PIT)
    )
    users = get_user_model()
    names = [f"bench-search-dealer-{n:03d}" for n in range(DEALERS)]
    names += ["bench-search-auditor", "bench-search-boss-1", "bench-search-boss-2"]
    users.objects.bulk_create((users(username=n) for n in names), ignore_conflicts=True)
    ids = dict(users.objects.filter(username__in=names).values_list("username", "pk"))
    dealers = [ids[n] for n in names[:DEALERS]]
    table_ids = [table.pk for table in tables]
    start = dt.datetime.combine(FIRST_DAY, dt.time(START_HOUR), tzinfo=dt.UTC)
    with connection.cursor() as cursor:
        cursor.execute(
            _ROUNDS,
            {
                "rule_set": rules.pk,
                "dealers": dealers,
                "dealer_count": len(dealers),
                "per_table": ROUNDS // TABLES,
                "tables": table_ids,
                "start": start,
                "days": DAYS,
            },
        )
        cursor.execute(_SETTLEMENTS, {"tables": table_ids})
        cursor.execute(_CAPPED_LINES, {"tables": table_ids})
        cursor.execute(
            _CORRECTIONS,
            {
                "tables": table_ids,
                "requester": ids["bench-search-boss-1"],
                "approver": ids["bench-search-boss-2"],
            },
        )
        cursor.execute(_ALERTS, {"tables": table_ids, "casino": casino.pk})
    return casino
