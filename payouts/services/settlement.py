"""The settlement service: settle a complete round once, in one transaction, with the round locked.

The settlement is the engine's :class:`~casino.games.contract.GameResult` of the round's stored
events replayed with every check (the proof an auditor can repeat), held against the state the
round's actions kept (the snapshot): a replay that ends in the kept state settles as it does;
otherwise the two results must agree to the cent, and if they ever do not, nothing is written
and the refusal says so. The service then writes the result: the wager lines, the settlement
with its theoretical win (``payouts.services.theoretical_win``) and its payout lines (one
statement, ``payouts.services.settlement_record``), the round's move to ``settled``
(``tables.lifecycle``), the round added to its table's day totals
(``payouts.services.day_totals``), one audit row and the alerts the settlement raises (a cap
applied, a large payout: ``payouts.services.settlement_alerts``). Settling again returns the
settlement already written.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, RoundCode
from casino.core.metrics import settlement_counted
from casino.core.permissions import require
from casino.core.push import TableChange, publish_table_change
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.games.contract import GameResult, GameState
from casino.games.retractions import retracted_seqs
from payouts.models import PayoutLine, Settlement
from payouts.services.day_totals import result_figures, table_day_totals_add
from payouts.services.dealer_day_totals import dealer_day_totals_settled
from payouts.services.settlement_alerts import settlement_alerts
from payouts.services.settlement_record import settlement_record
from payouts.services.theoretical_win import round_theoretical_win
from tables.engines import current_state, replayed_state
from tables.lifecycle import round_status_change
from tables.locks import round_lock
from tables.models import PayoutsConfirmation, Round, RoundEvent, RoundStatus
from tables.selectors import round_events

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Settled:
    """A round just settled: its settlement with its lines, the round, its events (with their
    actors) and the engine's state its replay ended in."""

    settlement: Settlement
    lines: list[PayoutLine]
    round: Round
    events: list[RoundEvent]
    state: GameState
    payouts_confirmation: PayoutsConfirmation | None = None


def round_settle(*, round_id: int, actor: AbstractBaseUser) -> Settled:
    """Settle the round, or return its settlement if it was settled already.

    The dealer's permission is checked under the round's lock.

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``actor`` deals at the round's table
        now; ``round_not_settleable`` (409) when the round was voided; ``retraction_pending``
        (409) while a retraction of its entries waits for a pit boss; ``settlement_mismatch``
        (500) when the replay and the kept state disagree; ``settlement_unbalanced`` (500).

    Settling never opens a round: the table's next round is opened by its own request, and
    only once this one's payouts are confirmed (``tables.services.paid``).
    :raises GameError: ``round_not_complete`` (422) while the round is not complete.
    """
    with service_transaction():
        round = round_lock(round_id, with_related=True)
        require(actor, "tables.deal_round", round)
        events = round_events(round)
        if round.status != RoundStatus.OPEN:
            # Only a settled round has a settlement (a voided one never had one).
            existing = Settlement.objects.filter(round=round).prefetch_related("lines").first()
            if existing is None:
                raise ApiError(
                    RoundCode.ROUND_NOT_SETTLEABLE,
                    "This round cannot be settled.",
                    status=round.status,
                )
            return Settled(
                existing,
                list(existing.lines.all()),
                round,
                events,
                current_state(round),
                PayoutsConfirmation.objects.select_related("confirmed_by")
                .filter(round=round)
                .first(),
            )
        if round.pending_retraction_id is not None:
            raise ApiError(
                RoundCode.RETRACTION_PENDING,
                "A retraction waits for a pit boss: the round is settled once it is decided.",
                retraction=round.pending_retraction_id,
            )
        replayed = replayed_state(round, events)
        result = replayed.result()
        _check_kept_state(round, replayed, result)
        retracted = retracted_seqs((event.kind, event.payload) for event in events)
        settlement, lines = _write(
            round=round, actor=actor, result=result, entries_retracted=len(retracted)
        )
        return Settled(settlement, lines, round, events, replayed)


def _check_kept_state(round: Round, replayed: GameState, result: GameResult) -> None:
    """Refuse a replayed result that differs from the kept state's.

    A replay that ends in the very state the actions kept (its snapshot equal to the round's)
    settles the same; only when the two snapshots differ is the kept state restored and its
    result compared, so that what decides a refusal is always the settlement itself.

    :raises ApiError: ``settlement_mismatch`` (500).
    """
    if replayed.snapshot() == round.snapshot:
        return
    kept = current_state(round).result()
    if kept.to_dict() != result.to_dict() or kept.detail != result.detail:
        logger.error("round %s: the kept state's settlement differs from the replay", round.pk)
        raise ApiError(
            RoundCode.SETTLEMENT_MISMATCH,
            "The round's replay and its recorded state disagree; nothing was settled.",
            round=round.pk,
        )


def _write(
    *, round: Round, actor: AbstractBaseUser, result: GameResult, entries_retracted: int
) -> tuple[Settlement, list[PayoutLine]]:
    """Write a result's rows (``entries_retracted``: how many of the round's entries its
    approved retractions took back). Expects the round locked by the caller, inside its
    transaction."""
    # A house-banked game's result may be anything; in a pot game the house keeps the rake only.
    if result.pot_game and result.house_result != result.rake:
        raise ApiError(
            RoundCode.SETTLEMENT_UNBALANCED,
            "Pot awards do not add up to the stakes less the rake.",
            staked=str(result.staked),
            returned=str(result.returned),
            rake=str(result.rake),
        )
    now = timezone.now()
    theoretical = round_theoretical_win(round, result)
    settlement, lines = settlement_record(
        round=round, actor=actor, result=result, theoretical=theoretical, at=now
    )
    round_status_change(round=round, to=RoundStatus.SETTLED, at=now)
    table_day_totals_add(
        table_id=round.table_id,
        gaming_day=round.gaming_day,
        figures=result_figures(result, theoretical),
    )
    # The dealer's day after the table's: the one order in which a settlement and a decision
    # lock the totals' rows, so that the two never wait on each other.
    dealer_day_totals_settled(
        round=round,
        occupancy=len({stake.position.number for stake in result.stakes if stake.amount > 0}),
        settled_at=now,
        entries_retracted=entries_retracted,
    )
    audit_record(
        event_code=AuditCode.ROUND_SETTLED,
        actor=actor,
        round=round,
        after={
            "staked": str(result.staked),
            "returned": str(result.returned),
            "house_result": str(result.house_result),
            "rake": str(result.rake),
            "cap_applied": result.cap_applied,
            # Every payout line as paid: the cross-checks hold each line to its audit row.
            "lines": [[line.box, line.line, str(line.paid_amount)] for line in lines],
        },
    )
    settlement_alerts(round=round, result=result, lines=lines)
    settlement_counted(game=round.game, cap_applied=result.cap_applied)
    publish_table_change(
        table_id=round.table_id,
        pit_id=round.table.pit_id,
        kind=TableChange.ROUND_SETTLED,
        data={
            "round": round.pk,
            "number": round.number,
            "staked": result.staked,
            "returned": result.returned,
            "house_result": result.house_result,
            "cap_applied": result.cap_applied,
        },
    )
    return settlement, lines
