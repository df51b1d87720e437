"""Which paytable each table uses, and the audit of paytables themselves.

A paytable is versioned and frozen once a round used it (a database trigger); a table points at
one version per kind (main, bonus), and each round pins what its table used when it opened
(``payouts.services.pinning``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, TableCode
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from payouts.models import Paytable, PaytableKind, TablePaytable
from tables.locks import table_lock
from tables.services.table_history import table_change_record


def table_paytable_set(
    *, table_id: int, actor: AbstractBaseUser, paytable: Paytable, reason: str = ""
) -> TablePaytable:
    """Make ``paytable`` the one ``table`` uses for its kind, from its next round on.

    :raises ApiError: ``paytable_game_mismatch`` (400) for a paytable of another game.
    """
    with service_transaction():
        table = table_lock(table_id)
        if paytable.game != table.game:
            raise ApiError(
                TableCode.PAYTABLE_GAME_MISMATCH,
                f"{paytable} is a paytable of {paytable.game}, not of {table.game}.",
                paytable=str(paytable),
            )
        current = (
            TablePaytable.objects.select_for_update()
            .select_related("paytable")
            .filter(table=table, kind=paytable.kind)
            .first()
        )
        if current is not None and current.paytable_id == paytable.pk:
            return current
        before = None if current is None else str(current.paytable)
        if current is None:
            current = TablePaytable.objects.create(
                table=table, kind=paytable.kind, paytable=paytable
            )
        else:
            current.paytable = paytable
            current.save(update_fields=["paytable"])
        field = _FIELD_OF_KIND[PaytableKind(paytable.kind)]
        table_change_record(
            table=table,
            code=AuditCode.TABLE_PAYTABLE_CHANGED,
            actor=actor,
            before={field: before},
            after={field: str(paytable)},
            reason=reason,
        )
        return current


def table_paytable_clear(
    *, table_id: int, actor: AbstractBaseUser, kind: str, reason: str = ""
) -> None:
    """Stop using a paytable of ``kind`` at the table (a table with no bonus paytable offers no
    bonus bet)."""
    with service_transaction():
        table = table_lock(table_id)
        current = (
            TablePaytable.objects.select_for_update()
            .select_related("paytable")
            .filter(table=table, kind=kind)
            .first()
        )
        if current is None:
            return
        current.delete()
        table_change_record(
            table=table,
            code=AuditCode.TABLE_PAYTABLE_CHANGED,
            actor=actor,
            before={_FIELD_OF_KIND[PaytableKind(kind)]: str(current.paytable)},
            after={_FIELD_OF_KIND[PaytableKind(kind)]: None},
            reason=reason,
        )


def paytable_record_saved(*, paytable_id: int, actor: AbstractBaseUser, created: bool) -> None:
    """Record a paytable as saved with its lines (the admin saves the lines itself).

    Must run in the transaction that saved it.
    """
    paytable = Paytable.objects.prefetch_related("lines").get(pk=paytable_id)
    audit_record(
        event_code=AuditCode.PAYTABLE_CREATED if created else AuditCode.PAYTABLE_CHANGED,
        actor=actor,
        after=describe(paytable),
    )


def describe(paytable: Paytable) -> dict[str, Any]:
    """A paytable as the audit trail states it, its lines included."""
    return {
        "name": paytable.name,
        "version": paytable.version,
        "game": paytable.game,
        "kind": paytable.kind,
        "house_edge": None if paytable.house_edge is None else str(paytable.house_edge),
        "lines": {line.line: [str(line.pays), line.basis] for line in paytable.lines.all()},
    }


#: How a table's paytable of each kind is named in the audit trail.
_FIELD_OF_KIND = {PaytableKind.MAIN: "paytable", PaytableKind.BONUS: "bonus_paytable"}
