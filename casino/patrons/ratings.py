"""Ratings: what a patron played in a session, computed exactly from the rounds' records.

A session covers the rounds of its table opened while it lasted, outside its pauses, in which
its positions staked. From their records: the rounds played, the time at the table (pauses
out), the pace as played, the amount staked per wager type, the patron's actual result (what
the payout lines paid back, and approved payout corrections, less what was staked) and the
theoretical win (each stake's part of its settlement's stored theoretical win,
``payouts.services.theoretical_win.stake_theoretical_wins``). A round voided (by an approved
void: its settlement stays as it was written) counts for nothing: no round, no stake, no
result.

A session's rating is written when it ends, and again, as a new version, when a round it
covers is settled or corrected after that (:func:`ratings_revise`, run by Celery beat): a
rating is never edited.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Exists, OuterRef, Q, Sum

from casino.core.transactions import service_transaction
from casino.games.contract import Position, PositionKind, Stake
from casino.patrons.models import PlaySession, RatingCause, SessionPause, SessionRating
from casino.patrons.points import points_for_rating
from payouts.models import (
    Correction,
    CorrectionKind,
    CorrectionLine,
    CorrectionStatus,
    PayoutLine,
    Settlement,
    WagerLine,
)
from payouts.services.theoretical_win import stake_theoretical_wins
from tables.locks import table_lock
from tables.models import Round, RoundStatus

ZERO = Decimal(0)


@dataclass(frozen=True)
class RatingFigures:
    """A session's figures (see the module's docstring)."""

    rounds: int
    seconds_played: int
    staked: dict[str, Decimal] = field(default_factory=dict)
    actual_result: Decimal = ZERO
    theoretical_win: Decimal = ZERO

    @property
    def total_staked(self) -> Decimal:
        return sum(self.staked.values(), ZERO)

    @property
    def rounds_per_hour(self) -> Decimal | None:
        """The pace as played; ``None`` before a second has been played."""
        if not self.seconds_played:
            return None
        return (Decimal(self.rounds) * 3600 / self.seconds_played).quantize(Decimal("0.1"))

    def average_per_round(self, kind: str | None = None) -> Decimal | None:
        """The average stake per round played: of wager type ``kind`` (the Ante's, say), or of
        everything staked (``None``); ``None`` before a round is played."""
        if not self.rounds:
            return None
        staked = self.total_staked if kind is None else self.staked.get(kind, ZERO)
        return (staked / self.rounds).quantize(Decimal("0.01"))


def session_figures(session: PlaySession, until: dt.datetime) -> RatingFigures:
    """The figures of ``session`` from its start until it ended, or ``until``."""
    end = session.ended_at or until
    pauses = [
        (pause.paused_at, pause.resumed_at or end)
        for pause in SessionPause.objects.filter(session=session).order_by("paused_at")
    ]
    seconds = (end - session.started_at).total_seconds() - sum(
        (resumed - paused).total_seconds() for paused, resumed in pauses
    )
    voided = Correction.objects.filter(
        round=OuterRef("pk"), kind=CorrectionKind.VOID, status=CorrectionStatus.APPROVED
    )
    rounds = {
        pk: paytables
        for pk, opened_at, paytables in Round.objects.filter(
            table_id=session.table_id,
            opened_at__gte=session.started_at,
            opened_at__lt=end,
            status=RoundStatus.SETTLED,
        )
        .exclude(Exists(voided))
        .values_list("pk", "opened_at", "paytables")
        if not any(paused <= opened_at < resumed for paused, resumed in pauses)
    }
    positions = list(session.positions)
    return _figures(rounds, positions, max(0, int(seconds)))


def _figures(
    rounds: dict[int, dict[str, object]], positions: Sequence[int], seconds: int
) -> RatingFigures:
    stakes: dict[int, list[Stake]] = defaultdict(list)
    for round_id, box, kind, amount in WagerLine.objects.filter(
        round_id__in=rounds, box__in=positions
    ).values_list("round_id", "box", "kind", "amount"):
        # The pricing tells a box's stakes apart by its number alone (a Russian Poker box's
        # Ante decides its band); a pot game's seat is priced by its share of the take.
        stakes[round_id].append(Stake(Position(PositionKind.BOX, box), kind, amount))
    staked: dict[str, Decimal] = defaultdict(lambda: ZERO)
    theoretical = ZERO
    for settlement in Settlement.objects.filter(round_id__in=list(stakes)).only(
        "round_id", "theoretical_source", "theoretical_win", "theoretical_base", "house_edge_id"
    ):
        played = stakes[settlement.round_id]
        for stake in played:
            staked[stake.kind] += stake.amount
        theoretical += sum(
            stake_theoretical_wins(settlement, rounds[settlement.round_id] or {}, played), ZERO
        )
    returned = _sum(
        PayoutLine.objects.filter(settlement__round_id__in=list(stakes), box__in=positions),
        "paid_amount",
    )
    corrected = _sum(
        CorrectionLine.objects.filter(
            correction__round_id__in=list(stakes),
            correction__kind=CorrectionKind.PAYOUT_CORRECTION,
            correction__status=CorrectionStatus.APPROVED,
            box__in=positions,
        ),
        "amount",
    )
    return RatingFigures(
        rounds=len(stakes),
        seconds_played=seconds,
        staked=dict(sorted(staked.items())),
        actual_result=returned + corrected - sum(staked.values(), ZERO),
        theoretical_win=theoretical,
    )


def _sum(rows: object, column: str) -> Decimal:
    total = rows.aggregate(total=Sum(column))["total"]  # type: ignore[attr-defined]
    return total if total is not None else ZERO


def session_rating_record(
    session: PlaySession, *, cause: RatingCause, at: dt.datetime
) -> SessionRating | None:
    """Write the ended ``session``'s rating as the records stand at ``at``: its first, or a
    new version where the figures changed, with the points it earns (``casino.patrons.points``);
    ``None`` where nothing changed. The caller holds the
    table's lock, which every change of the session takes."""
    figures = session_figures(session, at)
    latest = session.ratings.order_by("-version").first()
    if latest is not None and _same(latest, figures):
        return None
    rating = SessionRating.objects.create(
        session=session,
        version=1 if latest is None else latest.version + 1,
        cause=cause,
        computed_at=at,
        rounds=figures.rounds,
        seconds_played=figures.seconds_played,
        staked={kind: str(amount) for kind, amount in figures.staked.items()},
        total_staked=figures.total_staked,
        actual_result=figures.actual_result,
        theoretical_win=_eighths(figures.theoretical_win),
    )
    points_for_rating(rating, latest)
    return rating


def _eighths(amount: Decimal) -> Decimal:
    """A theoretical win as stored: to eight decimal places."""
    return amount.quantize(Decimal("1e-8"))


def _same(rating: SessionRating, figures: RatingFigures) -> bool:
    return (
        rating.rounds == figures.rounds
        and {kind: Decimal(amount) for kind, amount in rating.staked.items()} == figures.staked
        and rating.actual_result == figures.actual_result
        and rating.theoretical_win == _eighths(figures.theoretical_win)
    )


def ratings_revise(*, since: dt.datetime, at: dt.datetime) -> list[SessionRating]:
    """Rate again every ended session covering a round settled, or corrected (approved), at or
    after ``since``: a new version for each whose figures changed, each under its table's
    lock. Idempotent: run again, it writes nothing more."""
    touched = Round.objects.filter(
        Q(settlement__settled_at__gte=since)
        | Q(
            corrections__decided_at__gte=since,
            corrections__status=CorrectionStatus.APPROVED,
        )
    ).values_list("table_id", "opened_at")
    revised = []
    for session in _sessions_covering(touched):
        with service_transaction():
            table_lock(session.table_id)
            rating = session_rating_record(session, cause=RatingCause.REVISED, at=at)
        if rating is not None:
            revised.append(rating)
    return revised


def _sessions_covering(rounds: Iterable[tuple[int, dt.datetime]]) -> list[PlaySession]:
    covering = Q(pk__in=[])
    for table_id, opened_at in set(rounds):
        covering |= Q(table_id=table_id, started_at__lte=opened_at, ended_at__gt=opened_at)
    return list(PlaySession.objects.filter(covering, ended_at__isnull=False).order_by("pk"))
