"""Patrons: a session's rating when it ends, and the anti-money-laundering gaming day.

Figures:

* ``rating_close_ms``: the median, in milliseconds, of closing a session that covers 300
  settled Russian Poker rounds at two boxes (``casino.patrons.seating.session_leave``: the
  session ends, its rating is computed from the rounds' records and written, with its points),
  each run rolled back, as a ratio to
* ``rounds_read``: the median of reading the same rounds' wager lines at those boxes, one bare
  statement, in the same run, interleaved. Goal: under 50 ms.

* ``aml_day_s``: the seconds of ``casino.patrons.aml_day.aml_day`` over a gaming day of
  1,000,000 wager lines (250,000 rounds at 200 tables, four boxes each, with each box's play
  as the settlement keeps it) and 50,000 currency buy-ins of 10,000 patrons in 15,200 sessions
  (each box of each table taken by a new patron every hour and a quarter), as a ratio to
* ``sql_groupby``: a bare ``GROUP BY`` of the day's wager lines by table and box, in the same
  run. Goal: within 3 times. Before it is timed, the day's stakes summed over the patrons are
  checked against the stakes of the rounds the sessions covered.

The day is made once per bench database by ``INSERT ... SELECT`` over ``generate_series`` and
reused by later runs (the casino's name carries the generator's version); the fill prints how
long it took.
"""

from __future__ import annotations

import datetime as dt
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

Report = Callable[[str, float, str, float, str], None]

GENERATOR = "v1"
DAY = dt.date(2025, 6, 2)
START_HOUR = 6
RATED_ROUNDS = 300
RUNS = 30
TABLES = 200
BOXES = 4
ROUNDS_PER_TABLE = 1250  # a round every 69 seconds for 24 hours
SESSION_MINUTES = 75
PATRONS = 10_000
BUY_INS = 50_000


def run(report: Report) -> None:
    _setup_django()
    from casino.core.heap import freeze_startup_heap

    rated = _rated_session()
    day = _aml_floor()
    freeze_startup_heap()
    _rating_close(report, rated)
    _aml_day(report, day)


def _rating_close(report: Report, rated: dict[str, Any]) -> None:
    from django.db import connection, transaction

    from casino.patrons.seating import session_leave

    def read() -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT round_id, box, kind, amount FROM payouts_wagerline "
                "WHERE round_id = ANY(%s) AND box = ANY(%s)",
                [rated["rounds"], [1, 2]],
            )
            assert len(cursor.fetchall()) == RATED_ROUNDS * 4

    def close() -> None:
        with transaction.atomic():
            session_leave(session_id=rated["session"], actor=rated["boss"])
            transaction.set_rollback(True)

    read()
    close()
    reads, closes = [], []
    for _ in range(RUNS):
        reads.append(_timed(read))
        closes.append(_timed(close))
    baseline, figure = statistics.median(reads), statistics.median(closes)
    report("rounds_read", baseline, "ms", 1.0, "rounds_read")
    report("rating_close_ms", figure, "ms", figure / baseline, "rounds_read")


def _aml_day(report: Report, day: dict[str, Any]) -> None:
    from django.db import connection

    from casino.patrons.aml_day import aml_day

    def grouped() -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT r.table_id, w.box, sum(w.amount) FROM payouts_wagerline w "
                "JOIN tables_round r ON r.id = w.round_id "
                "WHERE r.gaming_day = %s AND r.table_id = ANY(%s) "
                "GROUP BY r.table_id, w.box",
                [DAY, day["tables"]],
            )
            assert len(cursor.fetchall()) == TABLES * BOXES

    def aggregated() -> None:
        assert len(aml_day(day["casino"], DAY)) == PATRONS

    grouped()
    _check_staked(day, sum(patron.staked for patron in aml_day(day["casino"], DAY)))
    baseline = min(_timed(grouped) for _ in range(3)) / 1000
    figure = min(_timed(aggregated) for _ in range(3)) / 1000
    report("sql_groupby", baseline, "s", 1.0, "sql_groupby")
    report("aml_day_s", figure, "s", figure / baseline, "sql_groupby")


def _check_staked(day: dict[str, Any], staked: Any) -> None:
    """The day's stakes summed over its patrons are the stakes of the rounds that opened while
    the sessions held the boxes: every box from the first session's start to the last one's
    end (the day's last few rounds opened after it)."""
    from django.db import connection

    start = dt.datetime.combine(DAY, dt.time(START_HOUR), tzinfo=dt.UTC)
    held_until = start + dt.timedelta(minutes=24 * 60 // SESSION_MINUTES * SESSION_MINUTES)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT sum(w.amount) FROM payouts_wagerline w "
            "JOIN tables_round r ON r.id = w.round_id "
            "WHERE r.table_id = ANY(%s) AND r.opened_at < %s",
            [day["tables"], held_until],
        )
        (expected,) = cursor.fetchone()
    assert staked == expected, (staked, expected)


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


def _base(name: str) -> dict[str, Any]:
    """A casino with one pit, a Russian Poker rule set and a pit boss and a dealer."""
    from decimal import Decimal as D

    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from tables.engines import validate_rule_settings
    from tables.models import Casino, Game, Pit, RuleSet

    casino = Casino.objects.create(name=name, time_zone="UTC", gaming_day_start_hour=START_HOUR)
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
    boss, _ = users.objects.get_or_create(username=f"{name} boss")
    dealer, _ = users.objects.get_or_create(username=f"{name} dealer")
    Group.objects.get_or_create(name="pit_boss")[0].user_set.add(boss)
    pit.supervisors.add(boss)
    return {"casino": casino, "pit": pit, "rules": rules, "boss": boss, "dealer": dealer, "D": D}


_RATED_ROUNDS = """
WITH rounds AS (
    INSERT INTO tables_round (table_id, number, game, status, phase, last_event_seq,
                              rule_set_id, paytables, dealer_id, options, limits, snapshot,
                              gaming_day, opened_at, closed_at, retractions)
    SELECT %(table)s, k, 'russian_poker', 'settled', 'complete', 0, %(rules)s,
           '{"main": {"house_edge": "0.050000"}}', %(dealer)s, '{}', '{}', '{}', %(day)s,
           %(start)s + make_interval(secs => k * 60),
           %(start)s + make_interval(secs => k * 60 + 50), 0
    FROM generate_series(1, %(rounds)s) AS k
    RETURNING id
),
wagers AS (
    INSERT INTO payouts_wagerline (round_id, box, kind, amount, created_at)
    SELECT r.id, b, kind, amount, now()
    FROM rounds r, generate_series(1, 2) AS b,
         (VALUES ('ante', 10), ('bet', 20)) AS w(kind, amount)
    RETURNING 1
),
settlements AS (
    INSERT INTO payouts_settlement (round_id, settled_at, settled_by_id, total_staked,
                                    total_returned, house_result, rake, cap_applied,
                                    engine_result, theoretical_win, theoretical_base,
                                    theoretical_source)
    SELECT r.id, now(), %(dealer)s, 60, 50, 10, 0, false, '{}', 3, 60, 'certified'
    FROM rounds r
    RETURNING id
)
INSERT INTO payouts_payoutline (settlement_id, box, line, combination, outcome, stake,
                                computed_amount, paid_amount, reason)
SELECT s.id, 1, 'bet', '', 'win', 30, 50, 50, '' FROM settlements s
"""


def _rated_session() -> dict[str, Any]:
    """A patron seated at two boxes of a table before its 300 settled rounds."""
    from django.db import connection, transaction

    from casino.patrons.models import PlaySession, Visit
    from casino.patrons.seating import session_seat
    from tables.models import Casino, Game, Round, Table, TableStatus

    name = f"Bench rating {GENERATOR}"
    casino = Casino.objects.filter(name=name).first()
    if casino is None:
        with transaction.atomic():
            base = _base(name)
            D = base["D"]
            table = Table.objects.create(
                pit=base["pit"],
                code=f"RT{GENERATOR}",
                game=Game.RUSSIAN_POKER,
                status=TableStatus.OPEN,
                ante_min=D(5),
                ante_max=D(500),
                rule_set=base["rules"],
            )
            session = session_seat(
                table_id=table.pk, positions=[1, 2], description="bench", actor=base["boss"]
            )
            with connection.cursor() as cursor:
                cursor.execute(
                    _RATED_ROUNDS,
                    {
                        "table": table.pk,
                        "rules": base["rules"].pk,
                        "dealer": base["dealer"].pk,
                        "day": DAY,
                        "start": session.started_at,
                        "rounds": RATED_ROUNDS,
                    },
                )
        casino = Casino.objects.get(name=name)
    session = PlaySession.objects.get(table__pit__casino=casino, ended_at__isnull=True)
    assert Visit.objects.filter(pk=session.visit_id, ended_at__isnull=True).exists()
    rounds = list(Round.objects.filter(table_id=session.table_id).values_list("pk", flat=True))
    boss = session.started_by
    return {"session": session.pk, "rounds": rounds, "boss": boss}


_DAY_TABLES = """
INSERT INTO tables_table (pit_id, code, game, status, currency, chip_unit, ante_min, ante_max,
                          rule_set_id, boxes)
SELECT %(pit)s, 'AML' || %(generator)s || '-' || n, 'russian_poker', 'open', 'EUR', 1, 5, 500,
       %(rules)s, %(boxes)s
FROM generate_series(1, %(tables)s) AS n
"""

_DAY_ROUNDS = """
INSERT INTO tables_round (table_id, number, game, status, phase, last_event_seq, rule_set_id,
                          paytables, dealer_id, options, limits, snapshot, gaming_day,
                          opened_at, closed_at, retractions)
SELECT t.id, k, 'russian_poker', 'settled', 'complete', 0, %(rules)s, '{}', %(dealer)s, '{}',
       '{}', '{}', %(day)s, %(start)s + make_interval(secs => k * 69),
       %(start)s + make_interval(secs => k * 69 + 60), 0
FROM unnest(%(tables)s::bigint[]) AS t(id), generate_series(1, %(per_table)s) AS k
"""

_DAY_WAGERS = """
INSERT INTO payouts_wagerline (round_id, box, kind, amount, created_at)
SELECT r.id, b, 'ante', 5 + (r.id + b) %% 50, now()
FROM tables_round r, generate_series(1, %(boxes)s) AS b
WHERE r.table_id = ANY(%(tables)s)
"""

_DAY_SETTLEMENTS = """
WITH settled AS (
    INSERT INTO payouts_settlement (round_id, settled_at, settled_by_id, total_staked,
                                    total_returned, house_result, rake, cap_applied,
                                    engine_result, theoretical_win, theoretical_base,
                                    theoretical_source)
    SELECT r.id, r.closed_at, %(dealer)s, 100, 40, 60, 0, false, '{}', 0, 0, 'none'
    FROM tables_round r WHERE r.table_id = ANY(%(tables)s)
    RETURNING id, round_id
)
INSERT INTO payouts_payoutline (settlement_id, box, line, combination, outcome, stake,
                                computed_amount, paid_amount, reason)
SELECT s.id, 1 + s.round_id %% %(boxes)s, 'ante', '', 'win', 20, 40, 40, '' FROM settled s
"""

_DAY_BOX_PLAY = """
INSERT INTO payouts_boxplay (round_id, table_id, gaming_day, opened_at, box, staked, returned)
SELECT r.id, r.table_id, r.gaming_day, r.opened_at, b.box, sum(b.staked), sum(b.returned)
FROM tables_round r
CROSS JOIN LATERAL (
    SELECT w.box, w.amount AS staked, 0 AS returned
    FROM payouts_wagerline w WHERE w.round_id = r.id
    UNION ALL
    SELECT l.box, 0, l.paid_amount
    FROM payouts_settlement s JOIN payouts_payoutline l ON l.settlement_id = s.id
    WHERE s.round_id = r.id
) b
WHERE r.table_id = ANY(%(tables)s)
GROUP BY r.id, b.box
"""

_DAY_PATRONS = """
INSERT INTO patrons_patron (casino_id, kind, loyalty_number, description, enrolled_by_id,
                            enrolled_at, audit_record_id)
SELECT %(casino)s, 'anonymous', '', 'bench ' || n, %(boss)s, %(start)s, -n - %(offset)s
FROM generate_series(1, %(patrons)s) AS n
"""

_DAY_SESSIONS = """
WITH slots AS (
    SELECT t.id AS table_id, b,
           %(start)s::timestamptz + make_interval(mins => s * %(minutes)s) AS started,
           row_number() OVER (ORDER BY s, t.n, b) AS slot
    FROM unnest(%(tables)s::bigint[]) WITH ORDINALITY AS t(id, n),
         generate_series(1, %(boxes)s) AS b,
         generate_series(0, %(slots)s - 1) AS s
),
patrons AS (
    SELECT id, row_number() OVER (ORDER BY id) AS n
    FROM patrons_patron WHERE casino_id = %(casino)s
),
taken AS (
    -- Slots in time order, patrons in turn: a patron's second session starts hours after
    -- the first ended, never beside it.
    SELECT sl.*, p.id AS patron_id
    FROM slots sl JOIN patrons p ON p.n = 1 + (sl.slot - 1) %% %(patrons)s
),
visits AS (
    INSERT INTO patrons_visit (patron_id, started_at, ended_at)
    SELECT patron_id, started, started + make_interval(mins => %(minutes)s) FROM taken
    RETURNING id, patron_id, started_at, ended_at
)
INSERT INTO patrons_playsession (visit_id, patron_id, table_id, positions, started_at,
                                 started_by_id, ended_at, ended_by_id)
SELECT v.id, v.patron_id, tk.table_id, to_jsonb(ARRAY[tk.b]), v.started_at, %(boss)s,
       v.ended_at, %(boss)s
FROM visits v
JOIN taken tk ON tk.patron_id = v.patron_id AND tk.started = v.started_at
"""

_DAY_BUY_INS = """
INSERT INTO patrons_cashevent (patron_id, session_id, table_id, kind, direction, amount,
                               gaming_day, recorded_by_id, recorded_at, audit_record_id)
SELECT s.patron_id, s.id, s.table_id, 'buy_in_cash', 'in', 100 * (1 + k %% 40), %(day)s,
       %(boss)s, s.started_at + make_interval(mins => k %% 60), -k - %(offset)s
FROM (
    SELECT s.*, row_number() OVER (ORDER BY s.id) AS n
    FROM patrons_playsession s WHERE s.table_id = ANY(%(tables)s)
) AS s
JOIN generate_series(1, %(buy_ins)s) AS k ON s.n = 1 + k %% %(sessions)s
"""


def _aml_floor() -> dict[str, Any]:
    """The day of :data:`DAY` at 200 tables (made now, or by an earlier run)."""
    from django.db import connection, transaction

    from tables.models import Casino, Table

    name = f"Bench AML day {GENERATOR}"
    casino = Casino.objects.filter(name=name).first()
    if casino is None:
        started = time.perf_counter()
        with transaction.atomic():
            casino = _aml_fill(name)
        print(f"# AML day: filled in {time.perf_counter() - started:.0f} s")
    # Measured as autovacuum leaves the tables, whatever wrote them last (the fill, or a
    # migration that filled a new one): their statistics and visibility maps up to date.
    # Quick when nothing changed since.
    with connection.cursor() as cursor:
        cursor.execute(
            "VACUUM (ANALYZE) tables_round, payouts_wagerline, payouts_settlement, "
            "payouts_payoutline, payouts_boxplay, patrons_playsession, patrons_cashevent, "
            "patrons_patron"
        )
    tables = list(Table.objects.filter(pit__casino=casino).values_list("pk", flat=True))
    assert len(tables) == TABLES
    return {"casino": casino, "tables": tables}


def _aml_fill(name: str) -> Any:
    import datetime as dt

    from django.db import connection

    from tables.models import Table

    base = _base(name)
    start = dt.datetime.combine(DAY, dt.time(START_HOUR), tzinfo=dt.UTC)
    slots = 24 * 60 // SESSION_MINUTES
    with connection.cursor() as cursor:
        common = {
            "pit": base["pit"].pk,
            "rules": base["rules"].pk,
            "dealer": base["dealer"].pk,
            "boss": base["boss"].pk,
            "casino": base["casino"].pk,
            "generator": GENERATOR,
            "boxes": BOXES,
            "day": DAY,
            "start": start,
            # Audit record ids are unique: the bench's rows take negative ones, apart from the
            # trail's, offset by the casino so that two generators never meet.
            "offset": base["casino"].pk * 10_000_000,
        }
        cursor.execute(_DAY_TABLES, {**common, "tables": TABLES})
        tables = list(
            Table.objects.filter(pit=base["pit"]).order_by("pk").values_list("pk", flat=True)
        )
        common["tables"] = tables
        cursor.execute(_DAY_ROUNDS, {**common, "per_table": ROUNDS_PER_TABLE})
        cursor.execute(_DAY_WAGERS, common)
        cursor.execute(_DAY_SETTLEMENTS, common)
        cursor.execute(_DAY_BOX_PLAY, common)
        cursor.execute(_DAY_PATRONS, {**common, "patrons": PATRONS})
        cursor.execute(
            _DAY_SESSIONS,
            {**common, "slots": slots, "minutes": SESSION_MINUTES, "patrons": PATRONS},
        )
        cursor.execute(
            _DAY_BUY_INS,
            {**common, "buy_ins": BUY_INS, "sessions": TABLES * BOXES * slots},
        )
    return base["casino"]
