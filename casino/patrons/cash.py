"""Cash events: what a patron brings to play and takes from it.

At the table, in the patron's open session, its dealer or pit boss records a buy-in (currency,
chips from elsewhere, a marker), a colour-up, or the chips the patron leaves with; at the cage,
the cage records currency paid out for a patron's chips. Each is a record of its own, in the
table's (or the casino's) audit stream, never changed: a wrong one is answered by another.
Currency in or out is then held against the casino's anti-money-laundering thresholds in the
same transaction (``casino.patrons.aml``).
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, PatronCode, RequestCode
from casino.core.models import AuditRecord
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.patrons.aml import aml_crossings_record
from casino.patrons.enrolment import patron_lock
from casino.patrons.models import CashEvent, CashKind, PlaySession
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
