"""Round services: open a round, and apply one dealer action to it.

A round mutation names the last event number the tablet saw (``expected_event``). Under the
round's row lock the service compares it with the round's ``last_event_seq``: a stale number is
refused with 409 ``stale_event``, so two tablets, or a retry of an old screen, cannot both apply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from audit.codes import AuditCode
from audit.services.recording import audit_record
from casino.api.errors import STALE_EVENT, ApiError
from casino.api.request_id import current_request_id
from casino.games.cards import CARD_DUPLICATE, CARDS
from casino.games.errors import GameError
from payouts.models import LedgerEntry
from tables.engines import ACTION_UNKNOWN, ActionOutcome, PendingEvent, adapter_for
from tables.gaming_day import gaming_day_of
from tables.locks import round_lock, table_lock
from tables.models import (
    Round,
    RoundCard,
    RoundEvent,
    RoundStatus,
    TableStatus,
)

TABLE_NOT_OPEN = "table_not_open"
ROUND_ALREADY_OPEN = "round_already_open"
ROUND_NOT_OPEN = "round_not_open"

#: The phase a round starts in when its game has no engine registered yet.
DEFAULT_INITIAL_PHASE = "open"

#: Actions every game accepts, handled here rather than by the game's engine.
CORE_ACTIONS = ("note", "expose_card")


@dataclass(frozen=True)
class ActResult:
    """The round after an action, the events the action appended, and the game's view after it
    (``None`` for the actions every game shares, which leave the game where it was)."""

    round: Round
    events: list[RoundEvent]
    view: dict[str, Any] | None


def round_open(
    *, table_id: int, dealer: AbstractBaseUser, options: Mapping[str, Any] | None = None
) -> Round:
    """Open the next round at an open table, pinning its rule set, paytables and limits.

    :raises ApiError: ``table_not_open`` (409), ``round_already_open`` (409).
    """
    with transaction.atomic():
        table = table_lock(table_id)
        if table.status != TableStatus.OPEN:
            raise ApiError(TABLE_NOT_OPEN, "The table is closed.", status_code=409)
        if Round.objects.filter(table=table, status=RoundStatus.OPEN).exists():
            raise ApiError(
                ROUND_ALREADY_OPEN, "A round is already in play at this table.", status_code=409
            )
        adapter = adapter_for(table.game)
        if adapter is not None:
            options = adapter.normalise_options(options or {})
        last = (
            Round.objects.filter(table=table)
            .order_by("-number")
            .values_list("number", flat=True)
            .first()
        )
        now = timezone.now()
        casino = table.pit.casino
        round = Round.objects.create(
            table=table,
            number=(last or 0) + 1,
            game=table.game,
            status=RoundStatus.OPEN,
            phase=adapter.initial_phase if adapter else DEFAULT_INITIAL_PHASE,
            rule_set=table.rule_set,
            paytable=table.paytable,
            bonus_paytable=table.bonus_paytable,
            dealer=dealer,
            options=dict(options or {}),
            limits={
                "currency": table.currency,
                "chip_unit": str(table.chip_unit),
                "ante_min": str(table.ante_min),
                "ante_max": str(table.ante_max),
                "bet_min": None if table.bet_min is None else str(table.bet_min),
                "bet_max": None if table.bet_max is None else str(table.bet_max),
                "max_table_payout": None
                if table.max_table_payout is None
                else str(table.max_table_payout),
                "boxes": table.boxes,
            },
            gaming_day=gaming_day_of(
                now, time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
            ),
            opened_at=now,
        )
        audit_record(
            event_code=AuditCode.ROUND_OPENED,
            actor=dealer,
            round=round,
            after={
                "number": round.number,
                "rule_set": str(round.rule_set),
                "paytable": str(round.paytable) if round.paytable else None,
                "options": round.options,
            },
        )
        return round


def round_act(
    *,
    round_id: int,
    actor: AbstractBaseUser,
    expected_event: int,
    action: str,
    data: Mapping[str, Any],
) -> ActResult:
    """Apply one dealer action to an open round and append its events.

    Locks the round, refuses a stale ``expected_event``, lets the core actions or the game's
    engine verify the action, then stores the events, their cards and an audit row, all in one
    transaction.

    :raises ApiError: ``stale_event`` (409), ``round_not_open`` (409), ``action_unknown`` (400).
    :raises GameError: whatever the engine refuses, e.g. ``card_duplicate``.
    """
    with transaction.atomic():
        round = round_lock(round_id)
        if round.status != RoundStatus.OPEN:
            raise ApiError(ROUND_NOT_OPEN, "The round is no longer in play.", status_code=409)
        if expected_event != round.last_event_seq:
            raise ApiError(
                STALE_EVENT,
                "The round has changed since this screen was loaded; reload it.",
                status_code=409,
                expected_event=expected_event,
                last_event=round.last_event_seq,
            )
        history = list(round.events.order_by("seq"))
        outcome = _dispatch(round=round, history=history, action=action, data=data)
        stored = _append_events(round=round, actor=actor, events=outcome.events)
        if outcome.ledger:
            LedgerEntry.objects.bulk_create(
                LedgerEntry(
                    round=round,
                    seq=move.seq,
                    source=move.source,
                    destination=move.destination,
                    amount=move.amount,
                    reason=move.reason,
                    event=stored[-1],
                )
                for move in outcome.ledger
            )
        round.phase = outcome.phase
        round.save(update_fields=["phase", "last_event_seq"])
        audit_record(
            event_code=AuditCode.ROUND_ACTION,
            actor=actor,
            round=round,
            after={
                "action": action,
                "events": [{"seq": e.seq, "kind": e.kind, **e.payload} for e in stored],
            },
        )
        return ActResult(round=round, events=stored, view=outcome.view)


def _dispatch(
    *, round: Round, history: Sequence[RoundEvent], action: str, data: Mapping[str, Any]
) -> ActionOutcome:
    if action == "note":
        return ActionOutcome(
            events=(PendingEvent("note", {"text": data["text"]}),), phase=round.phase
        )
    if action == "expose_card":
        card = int(data["card"])
        return ActionOutcome(
            events=(
                PendingEvent(
                    "card_exposed",
                    {"card": str(CARDS[card]), "reason": data.get("reason", "")},
                    cards=((card, "exposed"),),
                    deck_pass=_current_deck_pass(round, history),
                ),
            ),
            phase=round.phase,
        )
    adapter = adapter_for(round.game)
    if adapter is None or action not in adapter.action_inputs():
        raise ApiError(ACTION_UNKNOWN, f"Unknown action {action!r} for this game.", action=action)
    return adapter.act(round=round, history=history, action=action, data=data)


def _current_deck_pass(round: Round, history: Sequence[RoundEvent]) -> int:
    """The deck in use: the engine knows (a Red Dog hand or reshuffle starts a new one)."""
    adapter = adapter_for(round.game)
    if adapter is None:
        return 1
    return adapter.deck_pass(adapter.state_of(round, history))


def _append_events(
    *, round: Round, actor: AbstractBaseUser, events: Sequence[PendingEvent]
) -> list[RoundEvent]:
    """Store events and their cards; a card already seen in this deck pass is refused.

    The unique constraint on (round, deck pass, card) is the final word; the query before it
    turns the common case into a clear error without relying on a failed statement.
    """
    _refuse_seen_cards(round, events)
    stored: list[RoundEvent] = []
    for pending in events:
        round.last_event_seq += 1
        event = RoundEvent.objects.create(
            round=round,
            seq=round.last_event_seq,
            kind=pending.kind,
            payload=pending.payload,
            actor=actor,
            request_id=current_request_id(),
        )
        if pending.cards:
            try:
                with transaction.atomic():
                    RoundCard.objects.bulk_create(
                        RoundCard(
                            round=round,
                            deck_pass=pending.deck_pass,
                            card=card,
                            position=position,
                            event=event,
                        )
                        for card, position in pending.cards
                    )
            except IntegrityError as exc:
                raise GameError(CARD_DUPLICATE, "A card was recorded twice in this deck.") from exc
        stored.append(event)
    return stored


def _refuse_seen_cards(round: Round, events: Sequence[PendingEvent]) -> None:
    wanted: set[tuple[int, int]] = set()
    for pending in events:
        for card, _position in pending.cards:
            key = (pending.deck_pass, card)
            if key in wanted:
                raise GameError(
                    CARD_DUPLICATE,
                    f"{CARDS[card]} appears twice in this action.",
                    card=str(CARDS[card]),
                )
            wanted.add(key)
    if not wanted:
        return
    passes = {deck_pass for deck_pass, _ in wanted}
    seen = RoundCard.objects.filter(
        round=round, deck_pass__in=passes, card__in=[card for _, card in wanted]
    ).values_list("deck_pass", "card", "position")
    for deck_pass, card, position in seen:
        if (deck_pass, card) in wanted:
            raise GameError(
                CARD_DUPLICATE,
                f"{CARDS[card]} has already been seen in this round ({position}).",
                card=str(CARDS[card]),
                position=position,
            )
