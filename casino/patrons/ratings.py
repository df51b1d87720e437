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
from typing import Any

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
    return sessions_figures([session], until)[session.pk]


def sessions_figures(
    sessions: Sequence[PlaySession], until: dt.datetime
) -> dict[int, RatingFigures]:
    """The figures of each of ``sessions`` (by id) from its start until it ended, or
    ``until``: read together, in a few statements whatever their number (the pit board's
    players, a session's rating)."""
    if not sessions:
        return {}
    ends = {session.pk: session.ended_at or until for session in sessions}
    pauses: dict[int, list[tuple[dt.datetime, dt.datetime]]] = defaultdict(list)
    for session_id, paused_at, resumed_at in SessionPause.objects.filter(
        session__in=[session.pk for session in sessions]
    ).values_list("session_id", "paused_at", "resumed_at"):
        pauses[session_id].append((paused_at, resumed_at or ends[session_id]))
    held: dict[tuple[int, int], int] = {}  # (round, box) -> the session that held the box
    paytables: dict[int, Any] = {}
    for round_id, table_id, opened_at, pinned in _rounds(sessions, ends):
        for session in sessions:
            if (
                session.table_id == table_id
                and session.started_at <= opened_at < ends[session.pk]
                and not any(p <= opened_at < r for p, r in pauses[session.pk])
            ):
                paytables[round_id] = pinned or {}
                held.update({(round_id, box): session.pk for box in session.positions})
    return _figures(sessions, ends, pauses, held, paytables)


def _rounds(
    sessions: Sequence[PlaySession], ends: dict[int, dt.datetime]
) -> list[tuple[int, int, dt.datetime, Any]]:
    """The settled rounds, not voided, of the sessions' tables while any of them lasted."""
    voided = Correction.objects.filter(
        round=OuterRef("pk"), kind=CorrectionKind.VOID, status=CorrectionStatus.APPROVED
    )
    return list(
        Round.objects.filter(
            table_id__in={session.table_id for session in sessions},
            opened_at__gte=min(session.started_at for session in sessions),
            opened_at__lt=max(ends.values()),
            status=RoundStatus.SETTLED,
        )
        .exclude(Exists(voided))
        .values_list("pk", "table_id", "opened_at", "paytables")
    )


def _figures(
    sessions: Sequence[PlaySession],
    ends: dict[int, dt.datetime],
    pauses: dict[int, list[tuple[dt.datetime, dt.datetime]]],
    held: dict[tuple[int, int], int],
    paytables: dict[int, Any],
) -> dict[int, RatingFigures]:
    # Each session's stakes, round by round.
    stakes: dict[int, dict[int, list[Stake]]] = defaultdict(lambda: defaultdict(list))
    for round_id, box, kind, amount in WagerLine.objects.filter(round_id__in=paytables).values_list(
        "round_id", "box", "kind", "amount"
    ):
        owner = held.get((round_id, box))
        if owner is not None:
            # The pricing tells a box's stakes apart by its number alone (a Russian Poker
            # box's Ante decides its band); a pot game's seat is priced by its share of the
            # take.
            stakes[owner][round_id].append(Stake(Position(PositionKind.BOX, box), kind, amount))
    staked: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(lambda: ZERO))
    theoretical: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for settlement in Settlement.objects.filter(round_id__in=paytables).only(
        "round_id", "theoretical_source", "theoretical_win", "theoretical_base", "house_edge_id"
    ):
        for owner, rounds in stakes.items():
            played = rounds.get(settlement.round_id)
            if not played:
                continue
            for stake in played:
                staked[owner][stake.kind] += stake.amount
            theoretical[owner] += sum(
                stake_theoretical_wins(settlement, paytables[settlement.round_id], played), ZERO
            )
    returned: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for round_id, box, amount in _box_amounts(paytables):
        owner = held.get((round_id, box))
        if owner is not None and round_id in stakes[owner]:
            returned[owner] += amount
    return {
        session.pk: RatingFigures(
            rounds=len(stakes[session.pk]),
            seconds_played=_seconds(session, ends[session.pk], pauses[session.pk]),
            staked=dict(sorted(staked[session.pk].items())),
            actual_result=returned[session.pk] - sum(staked[session.pk].values(), ZERO),
            theoretical_win=theoretical[session.pk],
        )
        for session in sessions
    }


def _box_amounts(rounds: Iterable[int]) -> list[tuple[int, int, Decimal]]:
    """What each box of ``rounds`` was paid back, and owed or recovered by approved payout
    corrections: (round, box, amount) rows."""
    round_ids = list(rounds)
    paid = (
        PayoutLine.objects.filter(settlement__round_id__in=round_ids)
        .values_list("settlement__round_id", "box")
        .annotate(total=Sum("paid_amount"))
    )
    corrected = (
        CorrectionLine.objects.filter(
            correction__round_id__in=round_ids,
            correction__kind=CorrectionKind.PAYOUT_CORRECTION,
            correction__status=CorrectionStatus.APPROVED,
        )
        .values_list("correction__round_id", "box")
        .annotate(total=Sum("amount"))
    )
    return [*paid, *corrected]


def _seconds(
    session: PlaySession, end: dt.datetime, pauses: list[tuple[dt.datetime, dt.datetime]]
) -> int:
    """The time played: the session's, less its pauses."""
    played = (end - session.started_at).total_seconds() - sum(
        (resumed - paused).total_seconds() for paused, resumed in pauses
    )
    return max(0, int(played))


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
