"""The pit view of a pit of 200 tables over a gaming day of 1,000,000 wager lines.

The pit (120 Russian Poker, 40 Ruby Run, 40 Red Dog tables, a dealer at each) has played
125,000 rounds of eight wager lines each from the day's start to the moment the view is taken
(14 hours in: about 45 rounds a table in the last hour), with a settlement per round, a payout
line per wager line (one Russian Poker round in a thousand capped) and the paytables each
Russian Poker round pinned; each table has a round in play with a few events, and a few tables
have alerts. Every row is written in bulk with COPY; the day totals are then computed from them
by the rebuild's own SQL (``payouts.services.day_totals_check``), as the settlement path
would have kept them. The data is made once and reused by later runs (the casino's name
carries the generator's version).

Figures, each the median of several runs, the two alternating:

* ``pit_view``: milliseconds for ``casino.floor.pit_view.pit_view`` of the pit (its three statements
  and the objects built from them), as a ratio to
* ``bare_count``: a bare ``COUNT(*)`` of the day's wager lines of the pit's tables, measured in
  the same run.
"""

from __future__ import annotations

import datetime as dt
import os
import statistics
import time
from collections.abc import Callable, Iterator
from decimal import Decimal as D
from typing import Any

from tests.bench.floor import large_pit

Report = Callable[[str, float, str, float, str], None]

GENERATOR = "v1"
DAY = dt.date(2024, 6, 14)
START_HOUR = 6
#: The moment the view is taken: 14 hours into the gaming day.
NOW = dt.datetime(2024, 6, 14, 20, 0, tzinfo=dt.UTC)
TABLES = 200
ROUNDS = 125_000
LINES_PER_ROUND = 8
RUNS = 11

BARE_COUNT = """
    SELECT count(*) FROM payouts_wagerline w
    JOIN tables_round r ON r.id = w.round_id
    JOIN tables_table t ON t.id = r.table_id
    WHERE t.pit_id = %(pit)s AND r.gaming_day = %(day)s
"""


def run(report: Report) -> None:
    _setup_django()
    from django.db import connection

    from casino.floor.pit_view import pit_view

    pit_id = _pit()

    def bare() -> None:
        with connection.cursor() as cursor:
            cursor.execute(BARE_COUNT, {"pit": pit_id, "day": DAY})
            [(lines,)] = cursor.fetchall()
        assert lines == ROUNDS * LINES_PER_ROUND, lines

    def view() -> None:
        seen = pit_view(pit_id=pit_id, now=NOW)
        assert len(seen.tables) == TABLES
        assert seen.pit.totals.figures.rounds_today == ROUNDS

    bare()
    view()  # warm the caches and the plans
    bares, views = [], []
    for _ in range(RUNS):
        bares.append(_timed(bare))
        views.append(_timed(view))
    baseline, figure = statistics.median(bares), statistics.median(views)
    report("bare_count", baseline, "ms", 1.0, "bare_count")
    report("pit_view", figure, "ms", figure / baseline, "bare_count")


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


def _pit() -> int:
    """The benchmark's pit with its day made (now, or by an earlier run)."""
    from django.db import connection, transaction

    from payouts.services.day_totals_check import day_totals_rebuild
    from tables.models import Pit, Round

    name = f"Bench pit view {GENERATOR}"
    pit = Pit.objects.filter(casino__name=name).first()
    if pit is not None and Round.objects.filter(table__pit=pit, gaming_day=DAY).count() == (
        ROUNDS + TABLES
    ):
        return pit.pk
    with transaction.atomic():
        pit_id, tables = _floor(name)
        _day(tables)
    with connection.cursor() as cursor:
        # Statistics and the visibility map, as a database that has been running would have.
        cursor.execute(
            "VACUUM (ANALYZE) tables_round, tables_roundevent, payouts_wagerline, "
            "payouts_settlement, payouts_payoutline, payouts_roundpaytable, core_alert, "
            "tables_dealerassignment, tables_table"
        )
    day_totals_rebuild(tables=[table["id"] for table in tables], first=DAY, last=DAY)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM (ANALYZE) payouts_tabledaytotals")
    return pit_id


def _floor(name: str) -> tuple[int, list[dict[str, Any]]]:
    """The casino, its pit, rule sets, paytables, 200 tables and a dealer at each."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from tables.models import DealerAssignment, Game
    from tests.fixtures import qualify

    _, pit, created, paytables = large_pit(
        name, code_prefix="PV", time_zone="UTC", gaming_day_start_hour=START_HOUR, tables=TABLES
    )
    users = get_user_model()
    names = [f"bench-pit-view-dealer-{n:03d}" for n in range(TABLES)]
    users.objects.bulk_create((users(username=n) for n in names), ignore_conflicts=True)
    dealers = list(users.objects.filter(username__in=names).order_by("username"))
    Group.objects.get_or_create(name="dealer")[0].user_set.add(*dealers)
    qualify(*dealers)
    start = dt.datetime.combine(DAY, dt.time(START_HOUR), tzinfo=dt.UTC)
    DealerAssignment.objects.bulk_create(
        DealerAssignment(table=table, dealer=dealer, assigned_by=dealer, started_at=start)
        for table, dealer in zip(created, dealers, strict=True)
    )
    tables = [
        {
            "id": table.pk,
            "game": table.game,
            "rule_set": table.rule_set_id,
            "dealer": dealer.pk,
            "paytables": paytables if table.game == Game.RUSSIAN_POKER else {},
        }
        for table, dealer in zip(created, dealers, strict=True)
    ]
    return pit.pk, tables


def _copy(table: str, columns: tuple[str, ...], rows: Iterator[tuple[Any, ...]]) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)


def _ids(sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def _day(tables: list[dict[str, Any]]) -> None:
    """The day's rounds, lines, settlements, the rounds in play and the alerts, by COPY."""
    start = dt.datetime.combine(DAY, dt.time(START_HOUR), tzinfo=dt.UTC)
    per_table = ROUNDS // TABLES
    pace = (NOW - start - dt.timedelta(minutes=2)) / per_table
    empty = "{}"

    def rounds() -> Iterator[tuple[Any, ...]]:
        for n, table in enumerate(tables):
            offset = dt.timedelta(seconds=n % 60)
            for k in range(per_table):
                opened = start + offset + pace * k
                yield (
                    table["id"],
                    k + 1,
                    table["game"],
                    "settled",
                    "complete",
                    0,
                    table["rule_set"],
                    empty,
                    table["dealer"],
                    empty,
                    empty,
                    empty,
                    DAY,
                    opened,
                    opened + pace * 0.9,
                    0,
                )
            # The round in play, opened a minute ago.
            yield (
                table["id"],
                per_table + 1,
                table["game"],
                "open",
                "betting",
                3,
                table["rule_set"],
                empty,
                table["dealer"],
                empty,
                empty,
                empty,
                DAY,
                NOW - dt.timedelta(minutes=1),
                None,
                0,
            )

    _copy(
        "tables_round",
        (
            "table_id",
            "number",
            "game",
            "status",
            "phase",
            "last_event_seq",
            "rule_set_id",
            "paytables",
            "dealer_id",
            "options",
            "limits",
            "snapshot",
            "gaming_day",
            "opened_at",
            "closed_at",
            "retractions",
        ),
        rounds(),
    )
    by_table = {table["id"]: table for table in tables}
    played = _ids(
        "SELECT r.id, r.table_id, r.status, r.dealer_id FROM tables_round r"
        " WHERE r.table_id = ANY(%(tables)s) AND r.gaming_day = %(day)s ORDER BY r.id",
        {"tables": list(by_table), "day": DAY},
    )
    settled = [row for row in played if row[2] == "settled"]
    in_play = [row for row in played if row[2] == "open"]

    _copy(
        "payouts_roundpaytable",
        ("round_id", "kind", "paytable_id"),
        (
            (round_id, kind, paytable)
            for round_id, table_id, _, _ in settled
            for kind, paytable in by_table[table_id]["paytables"].items()
        ),
    )
    lines = {
        round_id: list(_lines(round_id, by_table[table_id])) for round_id, table_id, _, _ in settled
    }
    _copy(
        "payouts_wagerline",
        ("round_id", "box", "kind", "amount", "created_at"),
        (
            (round_id, box, kind, amount, NOW)
            for round_id, round_lines in lines.items()
            for box, kind, amount, *_ in round_lines
        ),
    )
    _copy(
        "payouts_settlement",
        (
            "round_id",
            "settled_at",
            "settled_by_id",
            "total_staked",
            "total_returned",
            "house_result",
            "rake",
            "cap_applied",
            "engine_result",
            "theoretical_win",
            "theoretical_base",
            "theoretical_source",
        ),
        (
            (
                round_id,
                NOW,
                dealer,
                staked,
                returned,
                staked - returned,
                0,
                any(line[5] < line[4] for line in lines[round_id]),
                empty,
                0,
                0,
                "none",
            )
            for round_id, _, _, dealer in settled
            for staked, returned in [
                (
                    sum((line[2] for line in lines[round_id]), D(0)),
                    sum((line[5] for line in lines[round_id]), D(0)),
                )
            ]
        ),
    )
    settlements = dict(
        _ids(
            "SELECT s.round_id, s.id FROM payouts_settlement s WHERE s.round_id = ANY(%(rounds)s)",
            {"rounds": [row[0] for row in settled]},
        )
    )
    _copy(
        "payouts_payoutline",
        (
            "settlement_id",
            "box",
            "line",
            "combination",
            "outcome",
            "stake",
            "computed_amount",
            "paid_amount",
            "reason",
        ),
        (
            (settlements[round_id], box, kind, "", outcome, amount, computed, paid, reason)
            for round_id, round_lines in lines.items()
            for box, kind, amount, outcome, computed, paid, reason in round_lines
        ),
    )
    _copy(
        "tables_roundevent",
        ("round_id", "seq", "kind", "payload", "actor_id", "request_id", "created_at"),
        (
            (
                round_id,
                seq,
                "note",
                '{"text": "bench"}',
                dealer,
                "",
                NOW - dt.timedelta(seconds=60 - 15 * seq),
            )
            for round_id, _, _, dealer in in_play
            for seq in (1, 2, 3)
        ),
    )
    [(casino,)] = _ids(
        "SELECT p.casino_id FROM tables_table t JOIN tables_pit p ON p.id = t.pit_id"
        " WHERE t.id = %(t)s",
        {"t": tables[0]["id"]},
    )
    _copy(
        "core_alert",
        (
            "kind",
            "severity",
            "cause",
            "casino_id",
            "table_id",
            "gaming_day",
            "details",
            "raised_at",
        ),
        (
            (
                "replay_mismatch",
                "critical",
                f"bench:{table['id']}",
                casino,
                table["id"],
                DAY,
                empty,
                NOW,
            )
            for table in tables[::10]
        ),
    )


def _lines(round_id: int, table: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
    """A round's eight lines: (box, kind, stake, outcome, computed, paid, reason). Russian
    Poker boxes 1-4 play Ante and Bet (box 4 a Bonus instead of the Bet), a line winning two
    times in five, one round in a thousand capped at 5100; pot games put eight stakes in and
    award 95 % back."""
    for j in range(1, LINES_PER_ROUND + 1):
        stake = D(5 * (1 + (round_id * 7 + j) % 10))
        if table["game"] != "russian_poker":
            share = D(int(stake * D("0.95")))
            yield (j, "pot", stake, "award", share, share, "")
            continue
        kind = "bonus" if j == 8 else "ante" if j % 2 else "bet"
        if round_id % 1000 == 0 and j == 2:
            yield ((j + 1) // 2, kind, stake, "win", D(15000), D(5100), "max_payout_per_box")
        elif (round_id + j) % 5 < 2:
            yield ((j + 1) // 2, kind, stake, "win", 2 * stake, 2 * stake, "")
        else:
            yield ((j + 1) // 2, kind, stake, "lose", D(0), D(0), "")
