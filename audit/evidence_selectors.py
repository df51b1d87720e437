"""Reads of an evidence package: its rounds as plain JSON data, and the audit rows concerned.

What a package says of a round is what the database holds, in the terms the trail records it
(``audit.evidence.binding`` holds one against the other): the round, its pinned terms, its
events with who recorded them and from which request, its dealers (``audit.round_dealers``:
each with their events' numbers, the qualification for its game and the rotation plan's slot
in force at their first event), its settlement with its wager and payout lines, its
corrections with their lines and decisions.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Max, Min, Q

from audit.round_dealers import RoundDealer, round_dealers
from audit.round_facts import (
    Writing,
    correction_facts,
    qualification_facts,
    round_corrections,
    slot_facts,
)
from casino.core.audit_codes import AuditCode
from casino.core.models import AuditRecord
from casino.core.trail.canonical import HASHED_FIELDS, json_value, utc_iso
from payouts.models import Correction, PayoutLine, Settlement, WagerLine
from tables.models import Round, RoundEvent, RuleSet, Table


def _user(user: Any) -> dict[str, Any] | None:
    return None if user is None else {"id": user.pk, "username": user.get_username()}


# A package's terms: users and tables as it names them, instants and amounts as the trail's
# canonical form writes them (``json_value``).
_WRITING = Writing(
    user=_user,
    table=lambda pk, code: {"id": pk, "code": code},
    moment=utc_iso,
    amount=str,
)


def table_evidence(table: Table) -> dict[str, Any]:
    """The table a package is about, as the package names it."""
    return {
        "id": table.pk,
        "code": table.code,
        "game": table.game,
        "currency": table.currency,
        "pit": {"id": table.pit_id, "name": table.pit.name},
        "casino": {"id": table.pit.casino_id, "name": table.pit.casino.name},
    }


def round_evidence(round: Round) -> dict[str, Any]:
    """One round, as a package holds it (plain JSON: amounts and times as strings)."""
    rule_set = RuleSet.objects.get(pk=round.rule_set_id)
    events = list(RoundEvent.objects.filter(round=round).select_related("actor").order_by("seq"))
    settlement = Settlement.objects.filter(round=round).select_related("settled_by").first()
    corrections = round_corrections(round)
    return json_value(
        {
            "id": round.pk,
            "number": round.number,
            "game": round.game,
            "status": round.status,
            "phase": round.phase,
            "gaming_day": round.gaming_day,
            "opened_at": round.opened_at,
            "closed_at": round.closed_at,
            "dealer": _user(get_user_model().objects.get(pk=round.dealer_id)),
            "terms": {
                "rule_set": {
                    "id": rule_set.pk,
                    "name": rule_set.name,
                    "version": rule_set.version,
                    "settings": rule_set.settings,
                },
                "paytables": round.paytables or {},
                "limits": round.limits,
                "options": round.options,
            },
            "events": [
                {
                    "seq": event.seq,
                    "kind": event.kind,
                    "payload": event.payload,
                    "actor": _user(event.actor),
                    "request_id": event.request_id,
                    "created_at": event.created_at,
                }
                for event in events
            ],
            "dealers": [_dealer(dealer) for dealer in round_dealers(round, events)],
            "settlement": None if settlement is None else _settlement(settlement),
            "corrections": [_correction(correction) for correction in corrections],
        }
    )


def _dealer(dealer: RoundDealer) -> dict[str, Any]:
    """A dealer of the round, as a package names them: the qualification and the plan's slot
    are those in force at their first event (null: none was)."""
    held, slot = dealer.qualification, dealer.slot
    return {
        "dealer": _user(dealer.dealer),
        "events": dealer.events,
        "qualification": None if held is None else {**qualification_facts(held), "game": held.game},
        "slot": None if slot is None else slot_facts(slot, _WRITING),
    }


def _settlement(settlement: Settlement) -> dict[str, Any]:
    wagers = WagerLine.objects.filter(round_id=settlement.round_id).order_by("id")
    lines = PayoutLine.objects.filter(settlement=settlement).order_by("id")
    return {
        "settled_at": settlement.settled_at,
        "settled_by": _user(settlement.settled_by),
        "staked": settlement.total_staked,
        "returned": settlement.total_returned,
        "house_result": settlement.house_result,
        "rake": settlement.rake,
        "cap_applied": settlement.cap_applied,
        "engine_result": settlement.engine_result,
        "wagers": [{"box": w.box, "kind": w.kind, "amount": w.amount} for w in wagers],
        "lines": [
            {
                "box": line.box,
                "line": line.line,
                "combination": line.combination,
                "outcome": line.outcome,
                "stake": line.stake,
                "computed": line.computed_amount,
                "paid": line.paid_amount,
                # Why what was paid differs from what the rules computed (a cap), if it does.
                "reason": line.reason,
                "pot": line.pot,
            }
            for line in lines
        ],
    }


def _correction(correction: Correction) -> dict[str, Any]:
    return {**correction_facts(correction, _WRITING), "settlement": correction.settlement_id}


def day_rounds(table: Table, gaming_day: dt.date) -> list[Round]:
    """The rounds of ``table``'s gaming day, by number."""
    return list(Round.objects.filter(table=table, gaming_day=gaming_day).order_by("number"))


def concerned_rows(
    *, stream: str, round_ids: list[int], gaming_day: dt.date | None = None
) -> tuple[int, int] | None:
    """The first and last ``seq`` of ``stream``'s rows about ``round_ids`` (or, given
    ``gaming_day``, of that day too); ``None`` when there is none.

    The rows of earlier exports are not what a package is about (one would otherwise make the
    next export seal a checkpoint for it alone); they are in a package when they lie between
    the rows that are.
    """
    about = Q(round_id__in=round_ids)
    if gaming_day is not None:
        about |= Q(gaming_day=gaming_day)
    found = (
        AuditRecord.objects.filter(about, stream=stream)
        .exclude(event_code=AuditCode.EVIDENCE_EXPORTED)
        .aggregate(first=Min("seq"), last=Max("seq"))
    )
    if found["first"] is None:
        return None
    return int(found["first"]), int(found["last"])


def stream_rows(*, stream: str, first: int, last: int) -> list[dict[str, Any]]:
    """``stream``'s rows from ``seq`` ``first`` to ``last``, in order, as a package holds them:
    the hashed fields as the canonical form reads them, with the row's id and hash."""
    rows = (
        AuditRecord.objects.filter(stream=stream, seq__gte=first, seq__lte=last)
        .order_by("seq")
        .values("id", "row_hash", *HASHED_FIELDS)
    )
    return [json_value(row) for row in rows]
