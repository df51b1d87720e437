"""Cash events: what a patron brings to play and takes from it.

At the table, in the patron's open session, its dealer or pit boss records a buy-in (currency,
chips from elsewhere, a marker), a colour-up, or the chips the patron leaves with; at the cage,
the cage records currency paid out for a patron's chips. Each is a record of its own, in the
table's (or the casino's) audit stream, never changed: a wrong one is answered by another.
Currency in or out is then held against the casino's anti-money-laundering thresholds in the
same transaction (``casino.patrons.aml``).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Sum

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, PatronCode, RequestCode
from casino.core.models import AuditRecord
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.patrons.aml import aml_crossings_record
from casino.patrons.enrolment import patron_lock
from casino.patrons.models import BUY_INS, CashEvent, CashKind, PlaySession, SessionRating
from casino.patrons.seating import players_changed, session_locked


def cash_record(
    *, session_id: int, kind: str, amount: Decimal, actor: AbstractBaseUser
) -> CashEvent:
    """Record a buy-in, a colour-up or the chips taken away, at the table of the open session.

    :raises PlaySession.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the table's dealer, a pit boss of its
        pit or an admin; ``session_ended`` (409); ``invalid_input`` (400) for currency paid out
        at the cage, or an amount that is not a whole number of the table's chip unit.
    """
    cash = CashKind(kind)
    if not cash.at_table:
        raise ApiError(
            RequestCode.INVALID_INPUT,
            "Currency paid out is recorded at the cage.",
            field="kind",
        )
    with service_transaction():
        session, table = session_locked(session_id, actor)
        _refuse_amount(amount, table.chip_unit)
        record = audit_record(
            event_code=AuditCode.PATRON_CASH,
            actor=actor,
            table=table,
            after={"patron": session.patron_id, "kind": cash, "amount": amount},
        )
        event = _written(cash, amount, record, actor, session=session)
        players_changed(table, AuditCode.PATRON_CASH)
        aml_crossings_record(event, casino_id=table.pit.casino_id)
        return event


def cash_out_record(*, patron_id: int, amount: Decimal, actor: AbstractBaseUser) -> CashEvent:
    """Record currency paid out at the cage for the patron's chips: cash out.

    :raises Patron.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the cage or an admin;
        ``cash_amount_invalid`` (400) for an amount not above zero.
    """
    with service_transaction():
        require(actor, "patrons.record_cash_out")
        patron = patron_lock(patron_id)
        _refuse_amount(amount)
        record = audit_record(
            event_code=AuditCode.PATRON_CASH,
            actor=actor,
            casino=patron.casino,
            after={"patron": patron.pk, "kind": CashKind.CASH_OUT, "amount": amount},
        )
        event = _written(CashKind.CASH_OUT, amount, record, actor, patron_id=patron.pk)
        aml_crossings_record(event, casino_id=patron.casino_id)
        return event


def _written(
    kind: CashKind,
    amount: Decimal,
    record: AuditRecord,
    actor: AbstractBaseUser,
    *,
    session: PlaySession | None = None,
    patron_id: int | None = None,
) -> CashEvent:
    return CashEvent.objects.create(
        patron_id=session.patron_id if session is not None else patron_id,
        session=session,
        table_id=session.table_id if session is not None else None,
        kind=kind,
        direction=kind.direction or "",
        amount=amount,
        gaming_day=record.gaming_day,
        recorded_by=actor,
        recorded_at=record.occurred_at,
        audit_record_id=record.pk,
    )


def _refuse_amount(amount: Decimal, chip_unit: Decimal | None = None) -> None:
    """Refuse an amount not above zero, or (at a table) not a whole number of its chips."""
    if amount <= 0 or (chip_unit is not None and amount % chip_unit):
        unit = "" if chip_unit is None else f", a whole number of {chip_unit}"
        raise ApiError(
            PatronCode.CASH_AMOUNT_INVALID,
            f"The amount must be above zero{unit}.",
            amount=str(amount),
            chip_unit=None if chip_unit is None else str(chip_unit),
        )


def chips_expected(results: dict[int, Decimal]) -> dict[int, Decimal]:
    """The chips each session's patron (sessions by id, with the result so far in ``results``)
    should have in front of them by the record, over the whole visit (a move between tables
    carries the chips): what they bought in, plus what they won (less what they lost) in each
    session of the visit, less the chips recorded taken away. Shown beside any count the floor
    enters, so that a difference is seen at the table."""
    visits = dict(PlaySession.objects.filter(pk__in=list(results)).values_list("pk", "visit_id"))
    held: dict[int, Decimal] = defaultdict(Decimal)
    for visit, kind, amount in (
        CashEvent.objects.filter(session__visit_id__in=set(visits.values()))
        .values_list("session__visit_id", "kind")
        .annotate(total=Sum("amount"))
    ):
        if kind in BUY_INS:
            held[visit] += amount
        elif kind == CashKind.CHIPS_LEFT_WITH:
            held[visit] -= amount
    # The results of the visit's other sessions, as their latest ratings have them.
    latest: dict[int, tuple[int, Decimal]] = {}
    for session_id, visit, result in (
        SessionRating.objects.filter(session__visit_id__in=set(visits.values()))
        .exclude(session_id__in=list(results))
        .order_by("session_id", "version")
        .values_list("session_id", "session__visit_id", "actual_result")
    ):
        latest[session_id] = (visit, result)
    others: dict[int, Decimal] = defaultdict(Decimal)
    for visit, result in latest.values():
        others[visit] += result
    return {
        session: held[visits[session]] + others[visits[session]] + result
        for session, result in results.items()
    }
