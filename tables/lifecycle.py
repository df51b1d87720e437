"""A round's lifecycle: the one table of allowed status changes, and the one service that makes
them.

    open ─► settled      (the settlement is written: payouts)
        └─► voided       (a void approved before the settlement: audit's corrections)

A settled or voided round is closed for good: nothing of it changes again (a void of a settled
round is a correction record beside it, never an edit). The database mirrors this table (a
trigger refuses any other change of status, and any change at all to a closed round), and it
refuses a settled round whose engine phase is not final, so the engine's phase and the round's
status cannot disagree.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from types import MappingProxyType

from django.db import connection

from casino.core.errors import ApiError, RoundCode
from casino.games import registry
from tables.models import Round, RoundStatus

#: Where each status may go.
TRANSITIONS: Mapping[RoundStatus, frozenset[RoundStatus]] = MappingProxyType(
    {
        RoundStatus.OPEN: frozenset({RoundStatus.SETTLED, RoundStatus.VOIDED}),
        RoundStatus.SETTLED: frozenset(),
        RoundStatus.VOIDED: frozenset(),
    }
)

#: The engines' final phases (the registry's): a settled round stands in one of them.
FINAL_PHASES = registry.FINAL_PHASES


def round_status_change(*, round: Round, to: RoundStatus, at: dt.datetime) -> Round:
    """Move ``round`` to status ``to`` and close it at ``at``.

    Expects the round locked by the caller (``tables.locks.round_lock``), inside its
    transaction; writes the round row and nothing else (the caller records the audit row of
    what made the change).

    :raises ApiError: ``round_status_invalid`` (409) naming both statuses when the table does
        not allow the move, or when a round is to be settled before its engine's final phase.
    """
    current = RoundStatus(round.status)
    if to not in TRANSITIONS[current] or (
        to is RoundStatus.SETTLED and round.phase not in FINAL_PHASES
    ):
        raise ApiError(
            RoundCode.ROUND_STATUS_INVALID,
            f"A round cannot go from {current.value} to {to.value}"
            + ("" if to not in TRANSITIONS[current] else f" in phase {round.phase}")
            + ".",
            status_from=current.value,
            status_to=to.value,
            phase=round.phase,
        )
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE tables_round SET status = %s, closed_at = %s WHERE id = %s",
            [to.value, at, round.pk],
        )
    round.status = to
    round.closed_at = at
    return round
