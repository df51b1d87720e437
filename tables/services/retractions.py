"""Retracting a round's last entries, under dual control.

A dealer who recorded something wrong asks to retract the last entry, or the last few back to
the start of the round's current phase, with a reason (:func:`retraction_request`; a pit boss
of the pit may ask too). The round then takes no action until the request is decided: a pit
boss of the table's pit who did not ask approves it (:func:`retraction_approve`) or rejects it
(:func:`retraction_reject`), on the pit board or at the tablet signed in by PIN for that one
decision (``tables.services.tablets.decision_sign_in``); the requester may withdraw it
(:func:`retraction_withdraw`). The requester never approves it (``self_approval``,
refused by the database too), and a request is decided once (``not_pending``): an
unapproved request changes nothing but the request's own record.

An approval appends one event to the round, ``retraction``, naming the events it retracts, the
request and the reason (``casino.games.retractions``); the events retracted stay in the log
and the audit trail as they were. The round's state is then the replay of its events without
them (``tables.engines.replayed_state``), which the settlement, the replay of a settled round,
the nightly check and the evidence package's verifier all honour. The chips the retracted
entries moved (a pot game's ledger) are moved back by rows of their own, and the round starts
a new era of its cards (``Round.retractions``), so the cards the retracted entries recorded
may be recorded again. The event, like every event of a round, has its ``round.action`` audit
row, which names the requester as its actor and the approver as its authoriser, beside the
request's and the decision's own rows.

Lock order (``tables.locks``): the round (which serialises every request and decision of its
retractions), then the decision token of a pit boss signed in at a tablet, then the audit
chain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.context import current_device_token_id, current_request_id
from casino.core.dual_control import (
    Decision,
    DualControlled,
    locked_with_scope,
    requested_fields,
)
from casino.core.errors import AccessCode, ApiError, CorrectionCode, RoundCode
from casino.core.permissions import require
from casino.core.push import TableChange, publish_table_change
from casino.core.roles import role_label
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.games.retractions import RETRACTION_KIND, RETRACTS
from tables.engines import game_of, live_events, round_terms, stored_event_data
from tables.locks import round_lock
from tables.models import (
    LedgerEntry,
    RetractionDecision,
    RetractionOutcome,
    RetractionRequest,
    Round,
    RoundEvent,
    RoundStatus,
)
from tables.selectors import round_events
from tables.services.rounds import round_verify_current
from tables.services.tablets import decision_sign_in_spend

#: The reason the ledger gives the rows that move back what a retracted entry moved.
RETRACTED = "retracted"


@dataclass(frozen=True)
class Retractable:
    """What may be retracted of a round now: its entries since the start of its current
    phase (the entry that began it included), oldest first, and that phase."""

    events: list[RoundEvent]
    phase: str


def retractable(round: Round, events: Sequence[RoundEvent] | None = None) -> Retractable:
    """The entries of ``round`` a retraction may take back now: the last entries of the
    engine (notes and earlier retractions' events apart) that leave the round in its current
    phase, the one that moved it there included, so the last entry is always among them.

    Replays the round (``events``, its stored events in order, read if not given).
    """
    game = game_of(round.game)
    state = game.new_state(round_terms(round))
    live = live_events(events if events is not None else round_events(round))
    phases = []
    for event in live:
        state.apply(game.read_event(stored_event_data(event)))
        phases.append(str(state.phase))
    current = str(state.phase)
    start = len(live)
    while start > 0 and phases[start - 1] == current:
        start -= 1
    return Retractable(events=live[start:], phase=current)


def retraction_request(
    *, round_id: int, actor: AbstractBaseUser, expected_event: int, count: int, reason: str
) -> RetractionRequest:
    """Ask to retract the last ``count`` entries of the round, as the requester saw it
    (``expected_event``); the round takes no action until the request is decided.

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor deals at the round's table
        now or supervises its pit; ``correction_reason_required`` (400); ``round_not_open``
        (409); ``retraction_pending`` (409, naming it) while another request waits;
        ``stale_event`` (409); ``retraction_invalid`` (422, with ``details.retractable``, the
        most that may be retracted now) for a count of none or more than the current phase
        holds.
    """
    reason = reason.strip()
    with service_transaction():
        round = round_lock(round_id, with_related=True)
        require(actor, "tables.request_retraction", round)
        if not reason:
            raise ApiError(
                CorrectionCode.CORRECTION_REASON_REQUIRED, "Say why the entries are retracted."
            )
        round_verify_current(round, expected_event)
        found = retractable(round)
        if not 1 <= count <= len(found.events):
            raise ApiError(
                RoundCode.RETRACTION_INVALID,
                f"Up to {len(found.events)} entries may be retracted now, back to the start "
                f"of the phase {found.phase}.",
                count=count,
                retractable=len(found.events),
                phase=found.phase,
            )
        retracted = [event.seq for event in found.events[-count:]]
        record = audit_record(
            event_code=AuditCode.ROUND_RETRACTION_REQUESTED,
            actor=actor,
            round=round,
            after={"events": retracted, "last_event_seq": round.last_event_seq},
            reason=reason,
        )
        request = RetractionRequest.objects.create(
            round=round,
            events=retracted,
            last_event_seq=round.last_event_seq,
            phase=found.phase,
            reason=reason,
            **requested_fields(actor, record, at=timezone.now(), with_role=True),
        )
        round.pending_retraction = request
        round.save(update_fields=["pending_retraction"])
        _publish(round, TableChange.RETRACTION_REQUESTED, request, events=retracted)
        return request


def retraction_approve(
    *, request_id: int, actor: AbstractBaseUser, note: str = ""
) -> RetractionRequest:
    """Approve a request and retract its entries (see the module's docstring).

    :raises RetractionRequest.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless the actor is a pit boss of the
        round's pit; ``not_pending`` (409) when it was decided already;
        ``self_approval`` (403) for its requester; ``round_not_open`` (409) when
        the round is no longer in play (voided meanwhile).
    """
    return _RetractionDecision(actor=actor, note=note, outcome=RetractionOutcome.APPROVED).take(
        request_id
    )


def retraction_reject(
    *, request_id: int, actor: AbstractBaseUser, note: str = ""
) -> RetractionRequest:
    """Reject a request: the round takes actions again, as it was. Raises as
    :func:`retraction_approve`, except ``round_not_open``."""
    return _RetractionDecision(actor=actor, note=note, outcome=RetractionOutcome.REJECTED).take(
        request_id
    )


def retraction_withdraw(
    *, request_id: int, actor: AbstractBaseUser, note: str = ""
) -> RetractionRequest:
    """Withdraw a request (its requester alone): the round takes actions again, as it was.

    :raises RetractionRequest.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) for anyone but the requester;
        ``not_pending`` (409) when it was decided already.
    """
    return _RetractionDecision(actor=actor, note=note, outcome=RetractionOutcome.WITHDRAWN).take(
        request_id
    )


class _RetractionDecision(Decision[Round, RetractionRequest]):
    subject = DualControlled.RETRACTION
    decided_message = "This retraction was decided already."
    self_approval_message = (
        "A retraction is decided by someone other than the person who asked for it."
    )

    def __init__(self, *, actor: AbstractBaseUser, note: str, outcome: RetractionOutcome) -> None:
        super().__init__(actor=actor, note=note, approve=outcome is RetractionOutcome.APPROVED)
        self.outcome = outcome

    def lock(self, request_id: int) -> tuple[Round, RetractionRequest]:
        # Append-only, the request is not locked itself: its round's lock serialises every
        # decision on it, and its decision is one row (a unique key).
        return locked_with_scope(
            RetractionRequest.objects.select_related("requested_by"),
            request_id,
            scope="round_id",
            lock=partial(round_lock, with_related=True),
        )

    def require(self, scope: Round, request: RetractionRequest) -> None:
        if self.outcome is RetractionOutcome.WITHDRAWN:
            # Who may not read the request is refused as such, before being told it is not
            # theirs.
            require(self.actor, "tables.view_retraction", scope)
            if request.requested_by_id != self.actor.pk:
                raise ApiError(
                    AccessCode.PERMISSION_DENIED,
                    "Only the person who asked for a retraction withdraws it.",
                )
        else:
            require(self.actor, "tables.decide_retraction", scope)

    def decided(self, request: RetractionRequest) -> dict[str, Any] | None:
        decided = RetractionDecision.objects.filter(request=request).first()
        return None if decided is None else {"status": decided.outcome}

    @property
    def refuses_requester(self) -> bool:
        # The requester alone withdraws a request.
        return self.outcome is not RetractionOutcome.WITHDRAWN

    def write(self, scope: Round, request: RetractionRequest) -> None:
        event = None
        if self.approve:
            event = _retract(scope, request, approver=self.actor)
        tablet = decision_sign_in_spend(self.actor)
        record = self.record(
            _DECISION_CODES[self.outcome],
            round=scope,
            before={"request": request.pk, "status": "pending"},
            after={
                "request": request.pk,
                "status": self.outcome.value,
                "events": request.events,
                "event": None if event is None else event.seq,
                "tablet": None if tablet is None else tablet.pk,
            },
        )
        RetractionDecision.objects.create(
            request=request,
            outcome=self.outcome,
            decided_role=role_label(self.actor),
            event=event,
            tablet=tablet,
            **self.decided_fields(record, at=timezone.now()),
        )
        if event is None and scope.status == RoundStatus.OPEN:
            scope.pending_retraction = None
            scope.save(update_fields=["pending_retraction"])

    def push(self, scope: Round, request: RetractionRequest) -> None:
        _publish(scope, TableChange.RETRACTION_DECIDED, request, outcome=self.outcome.value)


def _retract(round: Round, request: RetractionRequest, *, approver: Any) -> RoundEvent:
    """Append the retraction event and bring the round to the replay without the entries it
    retracts. Expects the round and the request locked."""
    if round.status != RoundStatus.OPEN:
        raise ApiError(RoundCode.ROUND_NOT_OPEN, "The round is no longer in play.")
    if round.last_event_seq != request.last_event_seq:
        raise ApiError(
            RoundCode.STALE_EVENT,
            "The round has changed since the retraction was asked.",
            expected_event=request.last_event_seq,
            last_event=round.last_event_seq,
        )
    retracted = set(request.events)
    events = round_events(round)
    game = game_of(round.game)
    state = game.new_state(round_terms(round))
    for stored in live_events(events):
        if stored.seq not in retracted:
            state.apply(game.read_event(stored_event_data(stored)))
    seq = round.last_event_seq + 1
    payload = {RETRACTS: list(request.events), "request": request.pk, "reason": request.reason}
    requester = request.requested_by
    event = RoundEvent.objects.create(
        round=round,
        seq=seq,
        kind=RETRACTION_KIND,
        payload=payload,
        actor=requester,
        request_id=current_request_id(),
        device_token_id=current_device_token_id(),
    )
    _move_back(round, retracted, event)
    round.phase = str(state.phase)
    round.last_event_seq = seq
    round.snapshot = state.snapshot()
    round.retractions += 1
    round.pending_retraction = None
    round.save(
        update_fields=["phase", "last_event_seq", "snapshot", "retractions", "pending_retraction"]
    )
    # The event's audit row is the round's action row, as every event's is: the requester's
    # action, the approver's authority.
    audit_record(
        event_code=AuditCode.ROUND_ACTION,
        actor=requester,
        authorised_by=approver,
        round=round,
        after={
            "action": RETRACTION_KIND,
            "events": [{"seq": seq, "kind": RETRACTION_KIND, **payload}],
        },
    )
    return event


def _move_back(round: Round, retracted: set[int], event: RoundEvent) -> None:
    """Move back, newest first, the chips the retracted entries moved (a pot game's ledger),
    each by a row of its own naming the retraction's event."""
    moved = list(LedgerEntry.objects.filter(round=round, event__seq__in=retracted).order_by("-seq"))
    if not moved:
        return
    last = LedgerEntry.objects.filter(round=round).order_by("-seq").values_list("seq", flat=True)
    first = (last.first() or 0) + 1
    LedgerEntry.objects.bulk_create(
        LedgerEntry(
            round=round,
            seq=first + index,
            source=entry.destination,
            destination=entry.source,
            amount=entry.amount,
            reason=RETRACTED,
            event=event,
        )
        for index, entry in enumerate(moved)
    )


_DECISION_CODES = {
    RetractionOutcome.APPROVED: AuditCode.ROUND_RETRACTION_APPROVED,
    RetractionOutcome.REJECTED: AuditCode.ROUND_RETRACTION_REJECTED,
    RetractionOutcome.WITHDRAWN: AuditCode.ROUND_RETRACTION_WITHDRAWN,
}


def _publish(round: Round, kind: TableChange, request: RetractionRequest, **data: Any) -> None:
    publish_table_change(
        table_id=round.table_id,
        pit_id=round.pit_id,  # type: ignore[attr-defined]
        kind=kind,
        data={
            "round": round.pk,
            "retraction": request.pk,
            "last_event_seq": round.last_event_seq,
            **data,
        },
    )
