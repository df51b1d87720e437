"""What the patrons API reads, each read deciding its permission once.

The personal data is read by :func:`patron_identity` alone; every other read names a patron by
id, loyalty number or description.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from casino.core.permissions import require
from casino.patrons.cash import chips_expected
from casino.patrons.exclusions import in_force_at
from casino.patrons.models import (
    AmlLogEntry,
    CashEvent,
    Exclusion,
    Patron,
    PatronIdentity,
    PlaySession,
    PointsEntry,
    RatingEstimate,
    SessionPause,
    SessionRating,
)
from casino.patrons.points import points_balance
from casino.patrons.ratings import RatingFigures, session_figures, sessions_figures
from tables.models import Table


def patrons_with_state() -> QuerySet[Patron]:
    """Patrons, each annotated with ``excluded`` (an exclusion in force now)."""
    in_force = Exclusion.objects.filter(in_force_at(timezone.now()), patron=OuterRef("pk"))
    return Patron.objects.annotate(excluded=Exists(in_force))


def patron_find(user: Any, *, casino: int, loyalty_number: str = "") -> list[Patron]:
    """The casino's carded patron of ``loyalty_number`` (at most one), or, without a number,
    nobody: a patron is found by the number on their card, never listed."""
    require(user, "patrons.find_patron")
    if not loyalty_number:
        return []
    return list(
        patrons_with_state().filter(casino_id=casino, loyalty_number=loyalty_number.strip())
    )


def patron_detail(user: Any, patron_id: int) -> Patron:
    """One patron, without personal data. :raises Patron.DoesNotExist:"""
    require(user, "patrons.find_patron")
    return patrons_with_state().get(pk=patron_id)


def patron_identity(user: Any, patron_id: int) -> PatronIdentity:
    """The personal data of a carded patron, for the roles that need it.

    :raises PatronIdentity.DoesNotExist: also for an anonymous patron."""
    require(user, "patrons.view_identity")
    return PatronIdentity.objects.get(patron_id=patron_id)


def patron_exclusions(user: Any, patron_id: int) -> list[Exclusion]:
    """The patron's exclusions, newest first, with their liftings; the reasons are for who
    may exclude. :raises Patron.DoesNotExist:"""
    require(user, "patrons.exclude_patron")
    patron = Patron.objects.get(pk=patron_id)
    return list(patron.exclusions.select_related("lift").order_by("-starts_at", "-pk"))


def table_seated(user: Any, table_id: int) -> list[PlaySession]:
    """The open sessions at the table, by first position, each with ``paused``.

    :raises Table.DoesNotExist:"""
    table = Table.objects.select_related("pit").get(pk=table_id)
    require(user, "patrons.view_sessions", table)
    paused = SessionPause.objects.filter(session=OuterRef("pk"), resumed_at__isnull=True)
    sessions = (
        PlaySession.objects.filter(table=table, ended_at__isnull=True)
        .select_related("patron")
        .annotate(paused=Exists(paused))
    )
    return sorted(sessions, key=lambda session: session.positions[0])


def aml_log(user: Any, *, casino: int, gaming_day: dt.date) -> list[AmlLogEntry]:
    """The casino's anti-money-laundering log of the gaming day, in the order it was written."""
    require(user, "patrons.view_aml_log")
    return list(
        AmlLogEntry.objects.filter(casino_id=casino, gaming_day=gaming_day)
        .select_related("patron")
        .order_by("logged_at", "pk")
    )


@dataclass(frozen=True)
class SessionRatingView:
    """A session's rating as the API answers it: the latest version written (``version``),
    or, for a session still open, the figures so far (``version`` ``None``); with the floor's
    latest estimate beside it, if one was typed."""

    session: PlaySession
    figures: RatingFigures
    version: int | None
    computed_at: dt.datetime
    estimate: RatingEstimate | None
    chips_expected: Decimal


def session_rating(user: Any, session_id: int) -> SessionRatingView:
    """The session's rating, for who may see the table's patrons.

    :raises PlaySession.DoesNotExist:"""
    session = PlaySession.objects.select_related("table__pit", "patron").get(pk=session_id)
    require(user, "patrons.view_sessions", session.table)
    estimate = session.estimates.order_by("-recorded_at", "-pk").first()
    latest = session.ratings.order_by("-version").first()
    if latest is None:
        version, computed_at = None, timezone.now()
        figures = session_figures(session, computed_at)
    else:
        version, computed_at = latest.version, latest.computed_at
        figures = RatingFigures(
            rounds=latest.rounds,
            seconds_played=latest.seconds_played,
            staked={kind: Decimal(amount) for kind, amount in latest.staked.items()},
            actual_result=latest.actual_result,
            theoretical_win=latest.theoretical_win,
        )
    chips = chips_expected({session.pk: figures.actual_result})[session.pk]
    return SessionRatingView(session, figures, version, computed_at, estimate, chips)


@dataclass(frozen=True)
class PointsView:
    """A patron's points: the balance and the ledger, newest first."""

    patron: int
    balance: Decimal
    entries: list[PointsEntry]


def patron_points(user: Any, patron_id: int) -> PointsView:
    """The patron's points. :raises Patron.DoesNotExist:"""
    require(user, "patrons.view_points")
    patron = Patron.objects.get(pk=patron_id)
    entries = list(
        PointsEntry.objects.filter(patron=patron)
        .select_related("recorded_by")
        .order_by("-recorded_at", "-pk")
    )
    return PointsView(patron.pk, points_balance(patron.pk), entries)


@dataclass(frozen=True)
class RatedPlayer:
    """A patron seated at a table now, with the session's figures so far."""

    session: PlaySession
    figures: RatingFigures
    chips_expected: Decimal


def table_players(user: Any, table_id: int) -> list[RatedPlayer]:
    """The patrons seated at the table now, by their first box or seat, each with the exact
    figures of the session so far (read together: a few statements for the whole table).

    :raises Table.DoesNotExist:"""
    seated = table_seated(user, table_id)
    figures = sessions_figures(seated, timezone.now())
    chips = chips_expected({pk: f.actual_result for pk, f in figures.items()})
    return [RatedPlayer(s, figures[s.pk], chips[s.pk]) for s in seated]


@dataclass(frozen=True)
class SessionHistory:
    """One session of a patron's history: where, when, and its latest rating (``None`` while
    it is open)."""

    session: PlaySession
    rating: SessionRating | None


@dataclass(frozen=True)
class VisitTotals:
    """A visit's figures: the sums of its sessions' latest ratings (an open session, not rated
    yet, adds nothing until it ends)."""

    visit: int
    started_at: dt.datetime
    ended_at: dt.datetime | None
    sessions: int
    rounds: int
    seconds_played: int
    total_staked: Decimal
    actual_result: Decimal
    theoretical_win: Decimal


@dataclass(frozen=True)
class PatronHistory:
    """A patron's history: every visit with its totals and every session with its rating,
    newest first; every cash event, newest first; the points balance."""

    patron: Patron
    visits: list[VisitTotals]
    sessions: list[SessionHistory]
    cash: list[CashEvent]
    points: Decimal


def _visit_totals(sessions: list[SessionHistory]) -> list[VisitTotals]:
    visits: dict[int, list[SessionHistory]] = {}
    for entry in sessions:  # newest first: so are the visits
        visits.setdefault(entry.session.visit_id, []).append(entry)
    totals = []
    for visit, entries in visits.items():
        rated = [entry.rating for entry in entries if entry.rating is not None]
        totals.append(
            VisitTotals(
                visit=visit,
                started_at=entries[-1].session.started_at,
                ended_at=entries[0].session.ended_at,
                sessions=len(entries),
                rounds=sum(rating.rounds for rating in rated),
                seconds_played=sum(rating.seconds_played for rating in rated),
                total_staked=sum((rating.total_staked for rating in rated), Decimal(0)),
                actual_result=sum((rating.actual_result for rating in rated), Decimal(0)),
                theoretical_win=sum((rating.theoretical_win for rating in rated), Decimal(0)),
            )
        )
    return totals


def patron_history(user: Any, patron_id: int) -> PatronHistory:
    """The patron's history, for pit bosses, auditors and admins (no personal data).

    :raises Patron.DoesNotExist:"""
    require(user, "patrons.view_history")
    patron = patrons_with_state().get(pk=patron_id)
    sessions = list(
        PlaySession.objects.filter(patron=patron)
        .select_related("table", "patron")
        .order_by("-started_at", "-pk")
    )
    latest: dict[int, SessionRating] = {}
    for rating in SessionRating.objects.filter(session__in=sessions).order_by("version"):
        latest[rating.session_id] = rating
    cash = list(
        CashEvent.objects.filter(patron=patron)
        .select_related("table", "recorded_by")
        .order_by("-recorded_at", "-pk")
    )
    history = [SessionHistory(session, latest.get(session.pk)) for session in sessions]
    return PatronHistory(patron, _visit_totals(history), history, cash, points_balance(patron.pk))
