"""Seating: a patron sits at a table's boxes or seat, pauses, moves to another table, leaves.

When a session ends its rating is written (``casino.patrons.ratings``). A session holds
positions at one open table: in a house-banked game any free boxes (every box
after the first may be blind, as the rules allow), in a pot game one seat. A patron sits in one
session at a time, within one visit: a move ends the session at one table and starts the next
at another in the same visit; leaving ends the session and the visit. An excluded patron is
not seated, nor moved (``casino.patrons.exclusions``).

Every change takes the table's lock (both tables' for a move), then the patron's, then the
audit chain's, and writes one audit row in the table's stream naming the patron by id.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, PatronCode, TableCode
from casino.core.permissions import require
from casino.core.push import TableChange, publish_table_change
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.core.updates import row_update
from casino.games.contract import PositionKind
from casino.games.registry import game_of
from casino.patrons.enrolment import patron_enrol_anonymous, patron_lock
from casino.patrons.exclusions import refuse_excluded
from casino.patrons.models import Patron, PlaySession, RatingCause, SessionPause, Visit
from casino.patrons.ratings import session_rating_record
from tables.locks import table_lock, tables_lock
from tables.models import Table, TableStatus


def session_seat(
    *,
    table_id: int,
    positions: Sequence[int],
    actor: AbstractBaseUser,
    patron_id: int | None = None,
    loyalty_number: str = "",
    description: str = "",
) -> PlaySession:
    """Seat a patron at ``positions`` of the table: the patron ``patron_id``, or the carded
    patron of ``loyalty_number`` (the card scanned or typed), or, without either, a new
    anonymous patron of ``description``.

    :raises Table.DoesNotExist:
    :raises Patron.DoesNotExist: for a patron of another casino too.
    :raises ApiError: ``permission_denied`` (403) unless the table's dealer, a pit boss of its
        pit or an admin; ``table_not_open`` (409); ``position_invalid`` (400) for positions the
        table does not have or the game does not give one player; ``position_taken`` (409);
        ``patron_already_seated`` (409) for a patron in a session; ``patron_excluded`` (403);
        ``loyalty_number_unknown`` (422) for a card the casino never gave.
    """
    with service_transaction():
        table = table_lock(table_id)
        require(actor, "patrons.seat_patron", table)
        held = _positions_checked(table, positions)
        casino_id = table.pit.casino_id
        if loyalty_number:
            patron_id = _carded(casino_id, loyalty_number)
        if patron_id is None:
            patron = patron_enrol_anonymous(table=table, description=description, actor=actor)
        else:
            patron = patron_lock(patron_id, casino_id=casino_id)
        _refuse_seated(patron)
        record = _recorded(AuditCode.PATRON_SEATED, actor, table, patron, positions=held)
        refuse_excluded(patron, record.occurred_at)
        visit = Visit.objects.create(patron=patron, started_at=record.occurred_at)
        return PlaySession.objects.create(
            visit=visit,
            patron=patron,
            table=table,
            positions=held,
            started_at=record.occurred_at,
            started_by=actor,
        )


def _carded(casino_id: int, loyalty_number: str) -> int:
    number = loyalty_number.strip()
    found = Patron.objects.filter(casino_id=casino_id, loyalty_number=number).first()
    if found is None:
        raise ApiError(
            PatronCode.LOYALTY_NUMBER_UNKNOWN,
            "No patron of this casino has this card.",
            loyalty_number=number,
        )
    return found.pk


def session_pause(*, session_id: int, actor: AbstractBaseUser) -> PlaySession:
    """Pause a session: the patron keeps the positions, the time is not played.

    :raises PlaySession.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403); ``session_ended`` (409);
        ``session_paused`` (409) for a session paused already.
    """
    with service_transaction():
        session, table = session_locked(session_id, actor)
        if _open_pause(session) is not None:
            raise ApiError(PatronCode.SESSION_PAUSED, "This session is paused already.")
        record = _recorded(AuditCode.PATRON_PAUSED, actor, table, session.patron)
        SessionPause.objects.create(session=session, paused_at=record.occurred_at)
        return session


def session_resume(*, session_id: int, actor: AbstractBaseUser) -> PlaySession:
    """Resume a paused session.

    :raises PlaySession.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403); ``session_ended`` (409);
        ``session_not_paused`` (409).
    """
    with service_transaction():
        session, table = session_locked(session_id, actor)
        pause = _open_pause(session)
        if pause is None:
            raise ApiError(PatronCode.SESSION_NOT_PAUSED, "This session is not paused.")
        record = _recorded(AuditCode.PATRON_RESUMED, actor, table, session.patron)
        row_update(pause, resumed_at=record.occurred_at)
        return session


def session_leave(*, session_id: int, actor: AbstractBaseUser) -> PlaySession:
    """The patron leaves the table and the casino's tables: the session, any pause and the
    visit end.

    :raises PlaySession.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403); ``session_ended`` (409).
    """
    with service_transaction():
        session, table = session_locked(session_id, actor)
        record = _recorded(AuditCode.PATRON_LEFT, actor, table, session.patron)
        _ended(session, actor, record.occurred_at)
        Visit.objects.filter(pk=session.visit_id).update(ended_at=record.occurred_at)
        return session


def session_move(
    *, session_id: int, table_id: int, positions: Sequence[int], actor: AbstractBaseUser
) -> PlaySession:
    """Move the patron to ``positions`` of another table (or other positions of the same),
    in the same visit: the session ends and the next one starts. Who moves a patron runs
    both tables.

    :raises PlaySession.DoesNotExist:
    :raises Table.DoesNotExist: also for a table of another casino.
    :raises ApiError: as :func:`session_seat` and :func:`session_leave`.
    """
    with service_transaction():
        current = PlaySession.objects.only("table_id").get(pk=session_id)
        tables = tables_lock({current.table_id, table_id})
        source, target = tables[current.table_id], tables[table_id]
        require(actor, "patrons.seat_patron", source)
        require(actor, "patrons.seat_patron", target)
        if target.pit.casino_id != source.pit.casino_id:
            raise Table.DoesNotExist
        session = _session_of(session_id, source)
        patron = patron_lock(session.patron_id)
        held = _positions_checked(target, positions, leaving=session)
        record = _recorded(
            AuditCode.PATRON_MOVED,
            actor,
            target,
            patron,
            positions=held,
            from_table=source.pk,
            from_positions=session.positions,
        )
        refuse_excluded(patron, record.occurred_at)
        _ended(session, actor, record.occurred_at)
        return PlaySession.objects.create(
            visit_id=session.visit_id,
            patron=patron,
            table=target,
            positions=held,
            started_at=record.occurred_at,
            started_by=actor,
        )


def session_locked(session_id: int, actor: AbstractBaseUser) -> tuple[PlaySession, Table]:
    """The open session and its table, the table's and the patron's rows locked in that order,
    once ``actor`` may seat patrons there.

    :raises PlaySession.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403); ``session_ended`` (409).
    """
    table_id = PlaySession.objects.only("table_id").get(pk=session_id).table_id
    table = table_lock(table_id)
    require(actor, "patrons.seat_patron", table)
    session = _session_of(session_id, table)
    patron_lock(session.patron_id)
    return session, table


def _session_of(session_id: int, table: Table) -> PlaySession:
    session = PlaySession.objects.select_related("patron").get(pk=session_id, table=table)
    if session.ended_at is not None:
        raise ApiError(PatronCode.SESSION_ENDED, "This session has ended.", session=session.pk)
    return session


def _open_pause(session: PlaySession) -> SessionPause | None:
    return session.pauses.filter(resumed_at__isnull=True).first()


def _ended(session: PlaySession, actor: AbstractBaseUser, at: Any) -> None:
    """End the session, and any pause, at ``at``, and write its rating."""
    SessionPause.objects.filter(session=session, resumed_at__isnull=True).update(resumed_at=at)
    row_update(session, ended_at=at, ended_by=actor)
    session_rating_record(session, cause=RatingCause.CLOSED, at=at)


def _refuse_seated(patron: Patron) -> None:
    seated = PlaySession.objects.filter(patron=patron, ended_at__isnull=True).first()
    if seated is not None:
        raise ApiError(
            PatronCode.PATRON_ALREADY_SEATED,
            "This patron is seated already; move them instead.",
            session=seated.pk,
            table=seated.table_id,
        )


def _positions_checked(
    table: Table, positions: Sequence[int], *, leaving: PlaySession | None = None
) -> list[int]:
    """The positions, ascending, once the table is open and they are the table's, free
    (but for those of ``leaving``, the session moved) and as many as the game gives one
    player."""
    if table.status != TableStatus.OPEN:
        raise ApiError(TableCode.TABLE_NOT_OPEN, "The table is not open.", table=table.pk)
    held = sorted(set(positions))
    kind = game_of(table.game).position_kind
    if (
        not held
        or len(held) != len(positions)
        or held[0] < 1
        or held[-1] > table.boxes
        or (kind is PositionKind.SEAT and len(held) != 1)
    ):
        raise ApiError(
            PatronCode.POSITION_INVALID,
            f"A patron takes {'one seat' if kind is PositionKind.SEAT else 'one or more boxes'}"
            f" from 1 to {table.boxes} here.",
            positions=list(positions),
            position_kind=kind.value,
            positions_at_table=table.boxes,
        )
    others = PlaySession.objects.filter(table=table, ended_at__isnull=True)
    if leaving is not None:
        others = others.exclude(pk=leaving.pk)
    taken = sorted(
        {p for row in others.values_list("positions", flat=True) for p in row} & set(held)
    )
    if taken:
        raise ApiError(
            PatronCode.POSITION_TAKEN,
            "Another patron holds " + ", ".join(map(str, taken)) + ".",
            positions=taken,
        )
    return held


def _recorded(
    code: AuditCode, actor: AbstractBaseUser, table: Table, patron: Patron, **after: Any
) -> Any:
    players_changed(table, code)
    return audit_record(
        event_code=code, actor=actor, table=table, after={"patron": patron.pk, **after}
    )


def players_changed(table: Table, code: str) -> None:
    """Tell the table's pit, once committed, that its players changed (``players_changed``):
    what changed, never who (the board asks its players' read, which names them as it may)."""
    publish_table_change(
        table_id=table.pk,
        pit_id=table.pit_id,
        kind=TableChange.PLAYERS_CHANGED,
        data={"change": str(code)},
    )
