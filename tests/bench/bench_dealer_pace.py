"""Dealers: the pace and accuracy of every dealer of a casino over a week.

Figures:

* ``dealer_pace_ms``: the best of five runs, in milliseconds, of ``casino.dealers.pace
  .dealer_pace`` and ``casino.dealers.accuracy.dealer_accuracy`` together over a week of
  1,000,000 settled rounds (200 tables, seven gaming days, a round every 84 seconds; 300
  dealers in strings of four tables and six dealers, each table's dealer changing every hour;
  occupancies of one to six boxes; one round in 200 voided, one in 200 corrected, one in 500
  with an entry retracted), as a ratio to
* ``bare_count``: the best of five runs of a bare count of those rounds, in the same run.
  Goal: within 3 times.

The week is made once per bench database by ``INSERT ... SELECT`` over ``generate_series`` and
reused by later runs (the casino's name carries the generator's version): the rounds, and the
rows their settlements and corrections would have kept (``payouts.DealerDayTotals``), with
every gap between two rounds of one dealer counted. Before it is timed, the rounds the pace and
the accuracy count are checked against the bare count, and the voids, corrections and
retractions against a count of the rounds the fill chose for them.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from typing import Any

Report = Callable[[str, float, str, float, str], None]

GENERATOR = "v3"
FIRST = dt.date(2025, 9, 1)
DAYS = 7
TABLES = 200
DEALERS = 300
ROUNDS_PER_TABLE_DAY = 714  # 1,000,000 rounds a week, within a few
ROUND_SECONDS = 84
RUNS = 5


def run(report: Report) -> None:
    from tests.bench.floor import setup_django

    setup_django()
    week = _week()
    _measure(report, week)


def _measure(report: Report, week: dict[str, Any]) -> None:
    from django.db import connection

    from casino.dealers.accuracy import dealer_accuracy
    from casino.dealers.pace import dealer_pace

    last = FIRST + dt.timedelta(days=DAYS - 1)

    def counted() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM tables_round r "
                "WHERE r.table_id = ANY(%s) AND r.gaming_day BETWEEN %s AND %s",
                [week["tables"], FIRST, last],
            )
            (rounds,) = cursor.fetchone()
        return int(rounds)

    def figures() -> tuple[list[Any], list[Any]]:
        pace = dealer_pace(casino_id=week["casino"], first=FIRST, last=last)
        accuracy = dealer_accuracy(casino_id=week["casino"], first=FIRST, last=last)
        return pace, accuracy

    rounds = counted()
    pace, accuracy = figures()
    by_dealer = sum(row.rounds for row in pace if row.table is None)
    assert by_dealer == rounds == sum(row.rounds for row in accuracy), (by_dealer, rounds)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FILTER (WHERE {VOIDED}), count(*) FILTER (WHERE {CORRECTED}), "
            f"count(*) FILTER (WHERE {RETRACTED}) FROM tables_round r "
            "WHERE r.table_id = ANY(%s) AND r.gaming_day BETWEEN %s AND %s",
            [week["tables"], FIRST, last],
        )
        chosen = cursor.fetchone()
    found = tuple(
        sum(getattr(row, name) for row in accuracy)
        for name in ("voids", "payout_corrections", "retractions")
    )
    assert found == chosen, (found, chosen)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM tables_refusedentry WHERE table_id = ANY(%s) "
            "AND gaming_day BETWEEN %s AND %s",
            [week["tables"], FIRST, last],
        )
        (refused,) = cursor.fetchone()
    assert refused and sum(row.refused_entries for row in accuracy) == refused, refused
    baseline = min(_timed(counted) for _ in range(RUNS))
    figure = min(_timed(figures) for _ in range(RUNS))
    report("bare_count", baseline, "ms", 1.0, "bare_count")
    report("dealer_pace_ms", figure, "ms", figure / baseline, "bare_count")


def _timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


_TABLES = """
INSERT INTO tables_table (pit_id, code, game, status, currency, chip_unit, ante_min, ante_max,
                          rule_set_id, boxes)
SELECT %(pit)s, 'DP' || %(generator)s || '-' || n, 'russian_poker', 'open', 'EUR', 1, 5, 500,
       %(rules)s, 6
FROM generate_series(1, %(tables)s) AS n
"""

#: Strings of four tables, six dealers each: a table's dealer changes every hour, in turn
#: among its string's dealers (the dealer of hour h at the string's table i is its dealer
#: (i + h) mod 6), so that a dealer deals at four tables and a table sees six dealers a day.
_ROUNDS = """
INSERT INTO tables_round (table_id, number, game, status, phase, last_event_seq, rule_set_id,
                          paytables, dealer_id, options, limits, snapshot, gaming_day,
                          opened_at, closed_at, retractions)
SELECT t.id, d * %(per_day)s + k, 'russian_poker', 'settled', 'complete', 0, %(rules)s, '{}',
       (%(dealers)s::bigint[])[
           1 + ((t.n - 1) / 4 * 6 + ((t.n - 1) %% 4 + d * 24 + k * %(seconds)s / 3600) %% 6)
           %% %(count)s],
       '{}', '{}', '{}', %(first)s::date + d,
       %(start)s::timestamptz + make_interval(days => d, secs => k * %(seconds)s),
       %(start)s::timestamptz + make_interval(days => d, secs => k * %(seconds)s + 70), 0
FROM unnest(%(tables)s::bigint[]) WITH ORDINALITY AS t(id, n),
     generate_series(0, %(days)s - 1) AS d,
     generate_series(0, %(per_day)s - 1) AS k
"""

#: The rounds the fill voids, corrects (owing 10) and retracts an entry of.
VOIDED = "r.number %% 200 = 0"
CORRECTED = "r.number %% 200 = 100"
RETRACTED = "r.number %% 500 = 7"
#: The rounds in which the dealer was refused an entry (a stale one, then for every third of
#: them an unknown card too).
REFUSED = "r.number %% 300 = 11"

#: The week's refused entries: what the refusals of the dealers' requests would have kept.
_REFUSALS = f"""
INSERT INTO tables_refusedentry (table_id, dealer_id, code, refused_at, gaming_day)
SELECT r.table_id, r.dealer_id, c.code, r.opened_at, r.gaming_day
FROM tables_round r
CROSS JOIN (VALUES ('stale_event', 0), ('card_unknown', 1)) AS c(code, every_third)
WHERE r.table_id = ANY(%(tables)s) AND {REFUSED}
  AND (c.every_third = 0 OR r.number %% 900 = 11)
"""

#: What the settlements and decisions would have kept: 70 s a round, the 14 s gap before each
#: counted but for a dealer's first round of a stint.
_TOTALS = f"""
INSERT INTO payouts_dealerdaytotals (table_id, gaming_day, dealer_id, game, occupancy, rounds,
                                     round_ms, gaps, gap_ms, retractions, entries_retracted,
                                     voids, payout_corrections, corrected_owed,
                                     corrected_recovered)
SELECT table_id, gaming_day, dealer_id, game, 1 + number %% 6, count(*), count(*) * 70000,
       count(*) FILTER (WHERE counted), 14000 * count(*) FILTER (WHERE counted),
       count(*) FILTER (WHERE {RETRACTED}), count(*) FILTER (WHERE {RETRACTED}),
       count(*) FILTER (WHERE {VOIDED}), count(*) FILTER (WHERE {CORRECTED}),
       10 * count(*) FILTER (WHERE {CORRECTED}), 0
FROM (
    SELECT r.*, lag(r.dealer_id) OVER w = r.dealer_id AS counted
    FROM tables_round r
    WHERE r.table_id = ANY(%(tables)s)
    WINDOW w AS (PARTITION BY r.table_id, r.gaming_day ORDER BY r.opened_at)
) r
GROUP BY table_id, gaming_day, dealer_id, game, 1 + number %% 6
"""


def _week() -> dict[str, Any]:
    """The week from :data:`FIRST` at 200 tables (made now, or by an earlier run)."""
    from django.db import connection, transaction

    from tables.models import Casino, RefusedEntry, Table

    name = f"Bench dealer pace {GENERATOR}"
    casino = Casino.objects.filter(name=name).first()
    if casino is None:
        started = time.perf_counter()
        with transaction.atomic():
            casino = _fill(name)
        print(f"# dealer pace week: filled in {time.perf_counter() - started:.0f} s")
    tables = list(Table.objects.filter(pit__casino=casino).values_list("pk", flat=True))
    assert len(tables) == TABLES
    # A week made before refusals were kept gets them now (the rest of it stands).
    if not RefusedEntry.objects.filter(table_id__in=tables).exists():
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(_REFUSALS, {"tables": tables})
    with connection.cursor() as cursor:
        # Measured as autovacuum leaves the tables: statistics and visibility maps up to date.
        cursor.execute(
            "VACUUM (ANALYZE) tables_round, payouts_dealerdaytotals, tables_refusedentry"
        )
    return {"casino": casino.pk, "tables": tables}


def _fill(name: str) -> Any:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from tables.engines import validate_rule_settings
    from tables.models import Casino, Game, Pit, RuleSet, Table

    casino = Casino.objects.create(name=name, time_zone="UTC", gaming_day_start_hour=6)
    pit = Pit.objects.create(casino=casino, name=name)
    rules, _ = RuleSet.objects.get_or_create(
        name=name,
        version=1,
        defaults={
            "game": Game.RUSSIAN_POKER,
            "settings": validate_rule_settings(Game.RUSSIAN_POKER, {}),
        },
    )
    users = get_user_model()
    dealers = [
        users.objects.get_or_create(username=f"{name} dealer {n:03}")[0].pk for n in range(DEALERS)
    ]
    common: dict[str, Any] = {
        "pit": pit.pk,
        "rules": rules.pk,
        "generator": GENERATOR,
        "tables": TABLES,
    }
    with connection.cursor() as cursor:
        cursor.execute(_TABLES, common)
        common["tables"] = list(
            Table.objects.filter(pit=pit).order_by("pk").values_list("pk", flat=True)
        )
        cursor.execute(
            _ROUNDS,
            {
                **common,
                "dealers": dealers,
                "count": DEALERS,
                "per_day": ROUNDS_PER_TABLE_DAY,
                "seconds": ROUND_SECONDS,
                "days": DAYS,
                "first": FIRST,
                "start": dt.datetime.combine(FIRST, dt.time(6), tzinfo=dt.UTC),
            },
        )
        cursor.execute(_TOTALS, common)
    return casino
