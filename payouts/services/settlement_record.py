"""Writing a round's settlement, in one SQL statement.

A settlement is four tables but one fact: the wager lines (what each box staked), the
settlement row with its totals, its payout lines, and each box's play (``payouts.BoxPlay``: the
box's stakes and what it was paid, summed). One statement with data-modifying common table
expressions writes them in one round trip, where four ORM calls would take four (and build a
model per row first). The round's move to ``settled`` is the lifecycle's own write
(``tables.lifecycle``), and the audit row the trail's.
"""

from __future__ import annotations

import datetime as dt
import json

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection

from casino.games.contract import GameResult
from payouts.models import PayoutLine, Settlement
from payouts.services.theoretical_win import TheoreticalWin
from tables.models import Round

_STATEMENT = """
WITH new_wagers AS (
    INSERT INTO payouts_wagerline (round_id, box, kind, amount, created_at)
    SELECT %(round)s, w.box, w.kind, w.amount, %(now)s
    FROM jsonb_to_recordset(%(wagers)s::jsonb) AS w(box smallint, kind text, amount numeric)
    RETURNING 1
),
new_settlement AS (
    INSERT INTO payouts_settlement (round_id, settled_at, settled_by_id, total_staked,
                                    total_returned, house_result, rake, cap_applied,
                                    engine_result, theoretical_win, theoretical_base,
                                    theoretical_source, house_edge_id)
    VALUES (%(round)s, %(now)s, %(actor)s, %(staked)s, %(returned)s, %(house_result)s,
            %(rake)s, %(cap_applied)s, %(detail)s::jsonb, %(theoretical_win)s,
            %(theoretical_base)s, %(theoretical_source)s, %(house_edge)s)
    RETURNING id
),
new_lines AS (
    INSERT INTO payouts_payoutline (settlement_id, box, line, combination, outcome, stake,
                                    computed_amount, paid_amount, reason, pot)
    SELECT new_settlement.id, l.box, l.line, l.combination, l.outcome, l.stake, l.computed,
           l.paid, l.reason, l.pot
    FROM new_settlement, jsonb_to_recordset(%(lines)s::jsonb)
        AS l(box smallint, line text, combination text, outcome text, stake numeric,
             computed numeric, paid numeric, reason text, pot smallint, n bigint)
    ORDER BY l.n
    RETURNING id
),
new_box_play AS (
    INSERT INTO payouts_boxplay (round_id, table_id, gaming_day, opened_at, box, staked,
                                 returned)
    SELECT %(round)s, %(table)s, %(gaming_day)s, %(opened_at)s, b.box, sum(b.staked),
           sum(b.returned)
    FROM (
        SELECT w.box, w.amount AS staked, 0 AS returned
        FROM jsonb_to_recordset(%(wagers)s::jsonb) AS w(box smallint, amount numeric)
        UNION ALL
        SELECT l.box, 0, l.paid
        FROM jsonb_to_recordset(%(lines)s::jsonb) AS l(box smallint, paid numeric)
    ) b
    GROUP BY b.box
    RETURNING 1
)
SELECT (SELECT id FROM new_settlement),
       (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM new_lines),
       (SELECT count(*) FROM new_wagers),
       (SELECT count(*) FROM new_box_play)
"""


def settlement_record(
    *,
    round: Round,
    actor: AbstractBaseUser,
    result: GameResult,
    theoretical: TheoreticalWin,
    at: dt.datetime,
) -> tuple[Settlement, list[PayoutLine]]:
    """Write ``result``'s wager lines, settlement (with its ``theoretical`` win), payout
    lines (in the engine's order) and box play: one statement. Expects ``round`` locked by
    the caller, inside its transaction.

    Returns the settlement and its lines as stored (their ids in the order written).
    """
    settlement = Settlement(
        round=round,
        settled_at=at,
        settled_by=actor,
        total_staked=result.staked,
        total_returned=result.returned,
        house_result=result.house_result,
        rake=result.rake,
        cap_applied=result.cap_applied,
        engine_result=result.detail,
        theoretical_win=theoretical.amount,
        theoretical_base=theoretical.base,
        theoretical_source=theoretical.source,
        house_edge_id=theoretical.house_edge_id,
    )
    lines = [
        PayoutLine(
            settlement=settlement,
            box=line.position.number,
            line=line.line,
            combination=line.combination,
            outcome=line.outcome,
            stake=line.stake,
            computed_amount=line.computed,
            paid_amount=line.paid,
            reason=line.reason,
            pot=line.pot,
        )
        for line in result.lines
    ]
    parameters = {
        "round": round.pk,
        "table": round.table_id,
        "gaming_day": round.gaming_day,
        "opened_at": round.opened_at,
        "actor": actor.pk,
        "now": at,
        "staked": result.staked,
        "returned": result.returned,
        "house_result": result.house_result,
        "rake": result.rake,
        "cap_applied": result.cap_applied,
        "detail": json.dumps(result.detail),
        "theoretical_win": theoretical.amount,
        "theoretical_base": theoretical.base,
        "theoretical_source": theoretical.source.value,
        "house_edge": theoretical.house_edge_id,
        "wagers": json.dumps(
            [
                {"box": s.position.number, "kind": s.kind, "amount": str(s.amount)}
                for s in result.stakes
            ]
        ),
        "lines": json.dumps(
            [
                {
                    "n": n,
                    "box": line.box,
                    "line": line.line,
                    "combination": line.combination,
                    "outcome": line.outcome,
                    "stake": str(line.stake),
                    "computed": str(line.computed_amount),
                    "paid": str(line.paid_amount),
                    "reason": line.reason,
                    "pot": line.pot,
                }
                for n, line in enumerate(lines)
            ]
        ),
    }
    with connection.cursor() as cursor:
        cursor.execute(_STATEMENT, parameters)
        settlement_id, line_ids, _wagers, _boxes = cursor.fetchone()
    settlement.pk = settlement_id
    settlement._state.adding = False
    # Ids come from one sequence, drawn in the order the lines were inserted (ORDER BY n).
    ids = json.loads(line_ids) if isinstance(line_ids, str) else line_ids
    for line, pk in zip(lines, ids, strict=True):
        line.pk = pk
        line.settlement_id = settlement_id
        line._state.adding = False
    return settlement, lines
