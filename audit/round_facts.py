"""The facts of a round both its readers write out: a dealer's proof and a correction.

The round's story (``audit.api.round_serializers``, the API) and its evidence package
(``audit.evidence_selectors``, a signed file) say the same things of a dealer's qualification,
of their slot in the rotation plan and of a correction, under the same names. Each writes a
user, a table, an instant and an amount in its own terms (:class:`Writing`); what is written,
and when a fact is null, is decided here once.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet

from casino.dealers.slots import PlannedSlot
from casino.identity.models import Qualification
from payouts.models import Correction
from tables.models import Round


@dataclass(frozen=True)
class Writing:
    """How a reader writes what the facts name: a user (``None`` for none), a table from its
    id and code, an aware instant, and an amount."""

    user: Callable[[Any], dict[str, Any] | None]
    table: Callable[[int, str], dict[str, Any]]
    moment: Callable[[dt.datetime], str]
    amount: Callable[[Decimal], str]


def qualification_facts(held: Qualification) -> dict[str, Any]:
    """A qualification as the proof of a dealer's round: its id, its evidence and the gaming
    days it holds from and to (ISO dates; ``expires_on`` null: no expiry)."""
    return {
        "id": held.pk,
        "evidence_kind": held.evidence_kind,
        "evidence_reference": held.evidence_reference,
        "qualified_on": held.qualified_on.isoformat(),
        "expires_on": None if held.expires_on is None else held.expires_on.isoformat(),
    }


def slot_facts(slot: PlannedSlot, writing: Writing) -> dict[str, Any]:
    """A dealer's slot in the rotation plan: the plan's id and version, the string, the place
    as the plan stores it, its table (null on a break, or for a table no longer on record) and
    the slot's first instant and the instant it ends."""
    return {
        "plan": slot.plan,
        "version": slot.version,
        "string": slot.string,
        "place": slot.place,
        "table": None
        if slot.on_break or slot.table_code is None
        else writing.table(int(slot.place), slot.table_code),
        "start": writing.moment(slot.start),
        "end": writing.moment(slot.end),
    }


def round_corrections(round: Round) -> QuerySet[Correction]:
    """The round's corrections in the order they were asked, with what
    :func:`correction_facts` reads of them (who asked, who decided, the lines) read along."""
    return (
        Correction.objects.filter(round=round)
        .select_related("requested_by", "decided_by")
        .prefetch_related("lines")
        .order_by("id")
    )


def correction_facts(correction: Correction, writing: Writing) -> dict[str, Any]:
    """A correction of the round: what it is, who asked and who decided (null until decided),
    and its lines in the order they were recorded."""
    return {
        "id": correction.pk,
        "kind": correction.kind,
        "status": correction.status,
        "reason": correction.reason,
        "requested_by": writing.user(correction.requested_by),
        "requested_role": correction.requested_role,
        "requested_at": writing.moment(correction.requested_at),
        "decided_by": writing.user(correction.decided_by),
        "decided_at": (
            None if correction.decided_at is None else writing.moment(correction.decided_at)
        ),
        "decided_gaming_day": (
            None
            if correction.decided_gaming_day is None
            else correction.decided_gaming_day.isoformat()
        ),
        "decision_note": correction.decision_note,
        "lines": [
            {"box": line.box, "line": line.line, "amount": writing.amount(line.amount)}
            for line in sorted(correction.lines.all(), key=lambda line: line.pk)
        ],
    }
