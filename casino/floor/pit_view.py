"""The pit view: every table of a pit as it stands now, with today's figures, what waits for a
pit boss there, and the totals of the pit and of its casino. A selector: it reads, in four SQL
statements whatever the pit's size (the pit with its casino, one row per table, what waits, the
casino's totals).

Per table:

- its status, its dealer (the open assignment) and since when, with the dealer's pace at the
  table today (``casino.dealers.pace``: rounds per hour over the dealer's rounds of the day
  here, from the dealers' day totals kept as rounds settle; null before a round is settled)
  and the casino's norm for the game;
- the round in play: its number, phase, when it opened, and the seconds since its last action
  (its last event's time, or its opening while it has none);
- ``rounds_last_hour``: rounds opened in the 60 minutes up to now, whatever became of them (the
  table's pace);
- today's figures, today being the casino's gaming day now, from the table's day totals
  (``payouts.models.TableDayTotals``, kept as rounds settle): ``rounds_today``, the rounds of
  the day settled and not voided since; ``wagered``, ``paid`` (payout corrections of those
  rounds included) and ``house_result = wagered - paid``; ``hold_pct = house_result /
  wagered``; ``theoretical_hold_pct``, the settled rounds' theoretical wins over the stakes
  they priced (``payouts.services.theoretical_win``: the computed edges of each round's
  configuration at its Antes, or its paytables' certified ones, or a pot game's take), null
  where nothing priced a stake of the day; ``theoretical_priced_pct``, the share of the day's
  stakes those priced stakes are (below 100 where some stakes had no price: the theoretical
  hold speaks for that share alone); ``cap_hits``, payout lines the maximum payout cut;
- ``open_alerts``: the table's alerts not acknowledged;
- ``waiting``: what waits for a pit boss's decision at the table, oldest first (``Waiting``):
  tray counts to confirm, slips asked for and not yet approved, slip voids and drop counts to
  decide, corrections and changes of limits requested, and retractions of a round's last entries
  asked at the table.

The totals add the tables' figures up (a hold over the total wagered, a theoretical hold over
every priced stake); a scope whose tables use more than one currency has no money totals
(null). The casino's open alerts include those that concern the casino but no table.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from audit.services.reports.variance import percent
from casino.core.db_router import read_rows, replica_reads
from casino.dealers.pace import Pace
from payouts.services.house_edges import TableHouseEdge, table_house_edge
from tables.models import Pit, Table

ZERO = Decimal(0)
HOUR = dt.timedelta(hours=1)

_TABLE_ROWS = """
    SELECT t.id, t.code, t.game, t.status, t.currency, t.pit_id,
           da.dealer_id, u.{username} AS dealer, da.started_at AS dealer_since,
           r.id AS round_id, r.number AS round_number, r.phase AS round_phase,
           r.opened_at AS round_opened_at, e.created_at AS last_action_at,
           hour.rounds AS rounds_last_hour,
           coalesce(d.rounds, 0) AS rounds_today, coalesce(d.wagered, 0) AS wagered,
           coalesce(d.paid, 0) AS paid, coalesce(d.house_result, 0) AS house_result,
           coalesce(d.theoretical_result, 0) AS theoretical_result,
           coalesce(d.theoretical_base, 0) AS theoretical_base,
           coalesce(d.cap_hits, 0) AS cap_hits, alerts.open AS open_alerts,
           pace.rounds AS dealer_rounds, pace.round_ms AS dealer_round_ms,
           pace.gaps AS dealer_gaps, pace.gap_ms AS dealer_gap_ms
    FROM tables_floor_tables t
    LEFT JOIN tables_floor_dealer_assignments da ON da.table_id = t.id AND da.ended_at IS NULL
    LEFT JOIN {users} u ON u.id = da.dealer_id
    LEFT JOIN tables_floor_rounds r ON r.table_id = t.id AND r.status = 'open'
    LEFT JOIN LATERAL (
        SELECT ev.created_at FROM tables_floor_round_events ev
        WHERE ev.round_id = r.id ORDER BY ev.seq DESC LIMIT 1
    ) e ON TRUE
    CROSS JOIN LATERAL (
        SELECT count(*) AS rounds FROM tables_floor_rounds h
        WHERE h.table_id = t.id AND h.opened_at > %(hour_ago)s AND h.opened_at <= %(now)s
    ) hour
    LEFT JOIN payouts_table_day_totals d ON d.table_id = t.id AND d.gaming_day = %(day)s
    CROSS JOIN LATERAL (
        SELECT count(*) AS open FROM core_open_alerts a WHERE a.table_id = t.id
    ) alerts
    LEFT JOIN LATERAL (
        SELECT sum(p.rounds) AS rounds, sum(p.round_ms) AS round_ms, sum(p.gaps) AS gaps,
               sum(p.gap_ms) AS gap_ms
        FROM payouts_dealer_day_totals p
        WHERE p.table_id = t.id AND p.gaming_day = %(day)s AND p.dealer_id = da.dealer_id
    ) pace ON TRUE
    WHERE {where}
    ORDER BY t.code
"""

# The casino's tables (``t``) and what they add up to; each sum its own subquery, so that no
# join multiplies another's rows.
_CASINO_TOTALS = """
    WITH floor AS (
        SELECT t.id, t.status, t.currency FROM tables_floor_tables t
        JOIN tables_floor_pits p ON p.id = t.pit_id
        WHERE p.casino_id = %(casino)s
    )
    SELECT
        (SELECT count(*) FROM floor) AS tables,
        (SELECT count(*) FROM floor WHERE status = 'open') AS tables_open,
        (SELECT count(DISTINCT currency) FROM floor) AS currencies,
        (SELECT min(currency) FROM floor) AS currency,
        (SELECT count(*) FROM floor f JOIN tables_floor_rounds r
            ON r.table_id = f.id AND r.status = 'open') AS rounds_in_play,
        (SELECT count(*) FROM floor f JOIN tables_floor_rounds h ON h.table_id = f.id
            AND h.opened_at > %(hour_ago)s AND h.opened_at <= %(now)s) AS rounds_last_hour,
        d.rounds_today, d.wagered, d.paid, d.house_result, d.theoretical_result,
        d.theoretical_base, d.cap_hits,
        (SELECT count(*) FROM core_open_alerts a
            WHERE a.table_id IN (SELECT id FROM floor)
               OR (a.table_id IS NULL AND a.casino_id = %(casino)s)) AS open_alerts
    FROM (
        SELECT coalesce(sum(k.rounds), 0) AS rounds_today,
               coalesce(sum(k.wagered), 0) AS wagered, coalesce(sum(k.paid), 0) AS paid,
               coalesce(sum(k.house_result), 0) AS house_result,
               coalesce(sum(k.theoretical_result), 0) AS theoretical_result,
               coalesce(sum(k.theoretical_base), 0) AS theoretical_base,
               coalesce(sum(k.cap_hits), 0) AS cap_hits
        FROM payouts_table_day_totals k
        WHERE k.table_id IN (SELECT id FROM floor) AND k.gaming_day = %(day)s
    ) d
"""


@dataclass(frozen=True)
class Dealer:
    id: int
    username: str
    since: dt.datetime
    #: The dealer's pace at the table today (None before a round is settled) and the norm.
    rounds_per_hour: Decimal | None = None
    norm: Decimal | None = None


@dataclass(frozen=True)
class CurrentRound:
    id: int
    number: int
    phase: str
    opened_at: dt.datetime
    last_action_at: dt.datetime | None
    seconds_since_last_action: int


@dataclass(frozen=True)
class Figures:
    """Today's figures of a table, a pit or a casino (money ``None`` across currencies)."""

    rounds_last_hour: int
    rounds_today: int
    wagered: Decimal | None
    paid: Decimal | None
    house_result: Decimal | None
    hold_pct: Decimal | None
    theoretical_hold_pct: Decimal | None
    theoretical_priced_pct: Decimal | None
    cap_hits: int
    open_alerts: int


@dataclass(frozen=True)
class Waiting:
    """One thing at a table that waits for a pit boss's decision.

    ``subject`` is ``count`` (an opener or a closer to confirm), ``slip`` (a fill or a credit
    to approve), ``slip_void`` (a void of a slip to decide), ``drop`` (a drop count to
    confirm), ``correction`` (a void or a payout correction of a round), ``limit_change`` or
    ``retraction`` (a round's last entries to take back); ``id`` is its id in its own API.
    ``what`` says which (the count's or the correction's kind, the slip's kind and number, the
    limits asked for as ``name=value``, the entries a retraction takes back, of which round and
    why), ``amount`` the money it concerns (none for a correction, a change of limits or a
    retraction), ``by`` and ``at`` who asked and when, ``round`` the round a correction or a
    retraction concerns.
    """

    subject: str
    id: int
    what: str
    amount: Decimal | None
    by: str
    at: dt.datetime
    round: int | None


@dataclass(frozen=True)
class TableLive:
    id: int
    code: str
    game: str
    status: str
    currency: str
    dealer: Dealer | None
    current_round: CurrentRound | None
    figures: Figures
    waiting: list[Waiting]


@dataclass(frozen=True)
class Totals:
    tables: int
    tables_open: int
    rounds_in_play: int
    currency: str | None
    figures: Figures


@dataclass(frozen=True)
class Scope:
    id: int
    name: str
    totals: Totals


@dataclass(frozen=True)
class PitView:
    """A pit now: its tables, its totals and its casino's, on the casino's gaming day (and in
    its time zone, ``time_zone``, which pages show times in)."""

    gaming_day: dt.date
    as_of: dt.datetime
    time_zone: str
    pit: Scope
    casino: Scope
    tables: list[TableLive]


@dataclass(frozen=True)
class RecentRound:
    """One of a table's last rounds: its status, dealer, times and, once settled, its money
    (``None`` before)."""

    id: int
    number: int
    status: str
    dealer: str
    opened_at: dt.datetime
    closed_at: dt.datetime | None
    staked: Decimal | None
    returned: Decimal | None
    house_result: Decimal | None
    cap_applied: bool | None


@dataclass(frozen=True)
class TableView:
    """One table now, on its casino's gaming day, with its last rounds (newest first)."""

    gaming_day: dt.date
    as_of: dt.datetime
    time_zone: str
    table: TableLive
    last_rounds: list[RecentRound]
    #: The house edge of the configuration it plays now (Russian Poker), as computed.
    house_edge: TableHouseEdge | None = None


#: How many of its last rounds a table's view lists.
LAST_ROUNDS = 10

#: What waits for a pit boss at the tables of ``floor`` (``%(floor)s``: a pit's, or one table),
#: oldest first: the tables app's things waiting for a decision (its ``tables_waiting_*``
#: views: no decision row yet), and the corrections requested of the tables' rounds.
_WAITING = """
    WITH floor AS (SELECT t.id FROM tables_floor_tables t WHERE {where})
    SELECT w.table_id, w.subject, w.id, w.what, w.amount, u.{username} AS by, w.at, w.round
    FROM (
        SELECT c.table_id, 'count' AS subject, c.id, c.kind AS what, c.total AS amount,
               c.counted_by_id AS by_id, c.counted_at AS at, NULL::bigint AS round
        FROM payouts_waiting_tray_counts c
        WHERE c.table_id IN (SELECT id FROM floor)
        UNION ALL
        SELECT s.table_id, 'slip', s.id, s.kind || ' #' || s.number, s.amount,
               s.requested_by_id, s.requested_at, NULL
        FROM payouts_waiting_chip_slips s
        WHERE s.table_id IN (SELECT id FROM floor)
        UNION ALL
        SELECT v.table_id, 'slip_void', v.id, v.slip_kind || ' #' || v.slip_number,
               v.slip_amount, v.requested_by_id, v.requested_at, NULL
        FROM payouts_waiting_chip_slip_voids v
        WHERE v.table_id IN (SELECT id FROM floor)
        UNION ALL
        SELECT dc.table_id, 'drop', dc.id, 'drop', dc.cash + dc.markers,
               dc.counted_by_id, dc.counted_at, NULL
        FROM payouts_waiting_drop_counts dc
        WHERE dc.table_id IN (SELECT id FROM floor)
        UNION ALL
        SELECT r.table_id, 'correction', c.id, c.kind, NULL, c.requested_by_id,
               c.requested_at, c.round_id
        FROM payouts_waiting_corrections c JOIN tables_floor_rounds r ON r.id = c.round_id
        WHERE r.table_id IN (SELECT id FROM floor)
        UNION ALL
        SELECT q.table_id, 'retraction', q.id,
               q.entries || CASE WHEN q.entries = 1 THEN ' entry' ELSE ' entries' END
               || ' of round ' || q.round_number || ': ' || q.reason,
               NULL, q.requested_by_id, q.requested_at, q.round_id
        FROM tables_waiting_retractions q
        WHERE q.table_id IN (SELECT id FROM floor)
        UNION ALL
        SELECT l.table_id, 'limit_change', l.id,
               (SELECT string_agg(k || '=' || coalesce(v #>> '{{}}', 'none'), ', ' ORDER BY k)
                FROM jsonb_each(l.changes) AS e(k, v)),
               NULL, l.requested_by_id, l.requested_at, NULL
        FROM tables_waiting_limit_changes l
        WHERE l.table_id IN (SELECT id FROM floor)
    ) w
    JOIN {users} u ON u.id = w.by_id
    ORDER BY w.at, w.subject, w.id
"""

_LAST_ROUNDS = """
    SELECT r.id, r.number, r.status, u.{username} AS dealer, r.opened_at, r.closed_at,
           s.total_staked AS staked, s.total_returned AS returned, s.house_result,
           s.cap_applied
    FROM tables_floor_rounds r
    JOIN {users} u ON u.id = r.dealer_id
    LEFT JOIN payouts_round_settlements s ON s.round_id = r.id
    WHERE r.table_id = %(table)s
    ORDER BY r.number DESC
    LIMIT %(limit)s
"""


def pit_view(*, pit_id: int, now: dt.datetime | None = None) -> PitView:
    """The pit ``pit_id`` as it stands at ``now`` (default: now). Four statements, on the
    replica when there is one (``casino.core.db_router``): the board reloads at every change of
    the pit, and a fraction of a second behind is what it shows anyway.

    :raises Pit.DoesNotExist:
    """
    now = now or timezone.now()
    with replica_reads():
        pit = Pit.objects.select_related("casino").get(pk=pit_id)
        day = pit.casino.clock.day_of(now)
        rows = _table_rows(where="t.pit_id = %(pit)s", now=now, day=day, pit=pit.pk)
        waiting = _waiting(where="t.pit_id = %(pit)s", pit=pit.pk)
        casino_totals = _casino_totals(pit.casino_id, now, day)
    tables = [_table(row, now, waiting.get(row["id"], [])) for row in rows]
    return PitView(
        gaming_day=day,
        as_of=now,
        time_zone=pit.casino.time_zone,
        pit=Scope(pit.pk, pit.name, _pit_totals(rows)),
        casino=Scope(pit.casino.pk, pit.casino.name, casino_totals),
        tables=tables,
    )


def table_view(*, table_id: int, now: dt.datetime | None = None) -> TableView:
    """The table ``table_id`` as it stands at ``now`` (default: now), with its last
    ``LAST_ROUNDS`` rounds and the house edge of the configuration it plays. Seven statements
    for a Russian Poker table, four for another.

    :raises Table.DoesNotExist:
    """
    now = now or timezone.now()
    table = Table.objects.select_related("pit__casino").get(pk=table_id)
    day = table.pit.casino.clock.day_of(now)
    [row] = _table_rows(where="t.id = %(table)s", now=now, day=day, table=table.pk)
    waiting = _waiting(where="t.id = %(table)s", table=table.pk)
    users = get_user_model()
    recent = read_rows(
        _LAST_ROUNDS.format(
            username=connection.ops.quote_name(users.USERNAME_FIELD),
            users=connection.ops.quote_name(users._meta.db_table),
        ),
        {"table": table.pk, "limit": LAST_ROUNDS},
    )
    return TableView(
        gaming_day=day,
        as_of=now,
        time_zone=table.pit.casino.time_zone,
        table=_table(row, now, waiting.get(table.pk, [])),
        last_rounds=[RecentRound(**round) for round in recent],
        house_edge=table_house_edge(table),
    )


def _table_rows(
    *, where: str, now: dt.datetime, day: dt.date, **scope: int
) -> list[dict[str, Any]]:
    users = get_user_model()
    sql = _TABLE_ROWS.format(
        username=connection.ops.quote_name(users.USERNAME_FIELD),
        users=connection.ops.quote_name(users._meta.db_table),
        where=where,
    )
    return read_rows(sql, {"now": now, "hour_ago": now - HOUR, "day": day, **scope})


def _waiting(*, where: str, **scope: int) -> dict[int, list[Waiting]]:
    """What waits for a pit boss at the tables ``where`` selects, by table."""
    users = get_user_model()
    sql = _WAITING.format(
        username=connection.ops.quote_name(users.USERNAME_FIELD),
        users=connection.ops.quote_name(users._meta.db_table),
        where=where,
    )
    by_table: dict[int, list[Waiting]] = {}
    for row in read_rows(sql, scope):
        table = row.pop("table_id")
        by_table.setdefault(table, []).append(Waiting(**row))
    return by_table


def _table(row: dict[str, Any], now: dt.datetime, waiting: list[Waiting]) -> TableLive:
    dealer = None
    if row["dealer_id"] is not None:
        pace = None
        if row["dealer_rounds"]:
            pace = Pace(
                dealer=row["dealer_id"],
                dealer_name=row["dealer"],
                game=row["game"],
                table=row["id"],
                table_code=row["code"],
                occupancy=None,
                rounds=int(row["dealer_rounds"]),
                round_ms=int(row["dealer_round_ms"]),
                gaps=int(row["dealer_gaps"]),
                gap_ms=int(row["dealer_gap_ms"]),
            )
        dealer = Dealer(
            row["dealer_id"],
            row["dealer"],
            row["dealer_since"],
            rounds_per_hour=None if pace is None else pace.rounds_per_hour,
            norm=None if pace is None else pace.norm,
        )
    current = None
    if row["round_id"] is not None:
        last = row["last_action_at"] or row["round_opened_at"]
        current = CurrentRound(
            id=row["round_id"],
            number=row["round_number"],
            phase=row["round_phase"],
            opened_at=row["round_opened_at"],
            last_action_at=row["last_action_at"],
            seconds_since_last_action=max(0, int((now - last).total_seconds())),
        )
    return TableLive(
        id=row["id"],
        code=row["code"],
        game=row["game"],
        status=row["status"],
        currency=row["currency"],
        dealer=dealer,
        current_round=current,
        figures=_figures(row, money=True),
        waiting=waiting,
    )


def _pit_totals(rows: list[dict[str, Any]]) -> Totals:
    """The pit's totals: its tables' rows added up."""
    summed: dict[str, Any] = {
        name: sum((row[name] for row in rows), ZERO if isinstance(start, Decimal) else 0)
        for name, start in _SUMMED.items()
    }
    currencies = {row["currency"] for row in rows}
    return Totals(
        tables=len(rows),
        tables_open=sum(1 for row in rows if row["status"] == "open"),
        rounds_in_play=sum(1 for row in rows if row["round_id"] is not None),
        currency=_one(currencies),
        figures=_figures(summed, money=len(currencies) <= 1),
    )


def _casino_totals(casino_id: int, now: dt.datetime, day: dt.date) -> Totals:
    [row] = read_rows(
        _CASINO_TOTALS,
        {"casino": casino_id, "now": now, "hour_ago": now - HOUR, "day": day},
    )
    return Totals(
        tables=row["tables"],
        tables_open=row["tables_open"],
        rounds_in_play=row["rounds_in_play"],
        currency=row["currency"] if row["currencies"] == 1 else None,
        figures=_figures(row, money=row["currencies"] <= 1),
    )


#: The measures a total adds up, each with its zero.
_SUMMED: dict[str, Decimal | int] = {
    "rounds_last_hour": 0,
    "rounds_today": 0,
    "wagered": ZERO,
    "paid": ZERO,
    "house_result": ZERO,
    "theoretical_result": ZERO,
    "theoretical_base": ZERO,
    "cap_hits": 0,
    "open_alerts": 0,
}


def _figures(row: dict[str, Any], *, money: bool) -> Figures:
    """The figures of one row of sums; without ``money`` (mixed currencies) no amounts."""
    wagered, house = Decimal(row["wagered"]), Decimal(row["house_result"])
    return Figures(
        rounds_last_hour=int(row["rounds_last_hour"]),
        rounds_today=int(row["rounds_today"]),
        wagered=wagered if money else None,
        paid=Decimal(row["paid"]) if money else None,
        house_result=house if money else None,
        hold_pct=percent(house, wagered) if money else None,
        theoretical_hold_pct=percent(
            Decimal(row["theoretical_result"]), Decimal(row["theoretical_base"])
        )
        if money
        else None,
        theoretical_priced_pct=percent(Decimal(row["theoretical_base"]), wagered)
        if money
        else None,
        cap_hits=int(row["cap_hits"]),
        open_alerts=int(row["open_alerts"]),
    )


def _one(values: Iterable[str]) -> str | None:
    found = set(values)
    return found.pop() if len(found) == 1 else None
