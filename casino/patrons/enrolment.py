"""Enrolling a patron, carded or anonymous, and locking one for a change that concerns them.

A carded patron is enrolled with the personal data the rules need (name, date of birth, where
the photograph is kept); the audit row names the patron by id and loyalty number only. An
anonymous patron is enrolled where they sit down (``casino.patrons.seating``) with what a floor
person would write of them.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, PatronCode
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.transactions import advisory_lock, service_transaction
from casino.patrons.models import Patron, PatronIdentity, PatronKind
from tables.models import Casino, Table


def patron_enrol_carded(
    *,
    casino_id: int,
    loyalty_number: str,
    name: str,
    date_of_birth: dt.date,
    photo_reference: str = "",
    actor: AbstractBaseUser,
) -> Patron:
    """Enrol a carded patron of the casino, with their personal data.

    :raises Casino.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless a pit boss or an admin;
        ``patron_under_age`` (422) for a patron younger than ``PATRON_MINIMUM_AGE`` on the
        casino's gaming day; ``loyalty_number_taken`` (409) for a number the casino has given
        already.
    """
    with service_transaction():
        require(actor, "patrons.enrol_patron")
        casino = Casino.objects.select_for_update().get(pk=casino_id)
        _refuse_under_age(date_of_birth, casino.clock.day_of(timezone.now()))
        number = loyalty_number.strip()
        if Patron.objects.filter(casino=casino, loyalty_number=number).exists():
            raise ApiError(
                PatronCode.LOYALTY_NUMBER_TAKEN,
                "This loyalty number belongs to another patron.",
                loyalty_number=number,
            )
        patron = _enrolled(casino, PatronKind.CARDED, actor, casino, loyalty_number=number)
        PatronIdentity.objects.create(
            patron=patron,
            name=name.strip(),
            date_of_birth=date_of_birth,
            photo_reference=photo_reference.strip(),
        )
        return patron


def _refuse_under_age(born: dt.date, day: dt.date) -> None:
    minimum = settings.PATRON_MINIMUM_AGE
    age = day.year - born.year - ((day.month, day.day) < (born.month, born.day))
    if age < minimum:
        raise ApiError(
            PatronCode.PATRON_UNDER_AGE,
            f"A patron is enrolled from the age of {minimum}.",
            minimum_age=minimum,
        )


def patron_enrol_anonymous(*, table: Table, description: str, actor: AbstractBaseUser) -> Patron:
    """Enrol an anonymous patron where they sit down, described as a floor person would, in
    the table's audit stream; the caller has locked the table and decided the permission."""
    return _enrolled(
        table.pit.casino, PatronKind.ANONYMOUS, actor, table, description=description.strip()
    )


def _enrolled(
    casino: Casino,
    kind: PatronKind,
    actor: AbstractBaseUser,
    where: Casino | Table,
    *,
    loyalty_number: str = "",
    description: str = "",
) -> Patron:
    # The patron's id is not known before the row is written, and the row names its audit
    # row: the audit row is written first and names the patron by what identifies it. It
    # goes to the stream of where the patron was enrolled: the casino's, or the table's.
    record = audit_record(
        event_code=AuditCode.PATRON_ENROLLED,
        actor=actor,
        **({"table": where} if isinstance(where, Table) else {"casino": where}),
        after={"kind": kind, "loyalty_number": loyalty_number, "description": description},
    )
    return Patron.objects.create(
        casino=casino,
        kind=kind,
        loyalty_number=loyalty_number,
        description=description,
        enrolled_by=actor,
        enrolled_at=record.occurred_at,
        audit_record_id=record.pk,
    )


def patron_lock(patron_id: int, *, casino_id: int | None = None) -> Patron:
    """The patron, locked: every change that concerns a patron (seating, cash, exclusion)
    takes the lock, after the table's, so that a patron's totals and state are decided one
    change at a time. A patron's row is history, which no one may lock as a row: the lock is
    on the patron's id (``advisory_lock``), taken before the row is read.

    :raises Patron.DoesNotExist: also for a patron of another casino than ``casino_id``.
    """
    advisory_lock(f"patron:{patron_id}")
    patrons = Patron.objects.select_related("casino")
    if casino_id is not None:
        patrons = patrons.filter(casino_id=casino_id)
    return patrons.get(pk=patron_id)
