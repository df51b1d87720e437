"""Round services: open a round, and apply one dealer action to it.

A round mutation names the last event number the tablet saw (``expected_event``). Under the
round's row lock the service checks the dealer's permission and compares that number with the
round's ``last_event_seq``: a stale number is refused with 409 ``stale_event``, so two tablets,
or a retry of an old screen, cannot both apply.

An action restores the engine's state from the snapshot stored with the round's last event,
applies the action, and stores the new events, their cards, their chip movements and the new
snapshot, with one audit row, in one transaction: its cost does not grow with the round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.context import current_device_token_id, current_request_id
from casino.core.errors import ApiError, RequestCode, RoundCode, TableCode
from casino.core.metrics import action_counted
from casino.core.permissions import require
from casino.core.push import TableChange, publish_table_change
from casino.core.trail.recording import audit_record, audit_row
from casino.core.transactions import service_transaction
from casino.games.contract import (
    CARRIED_IN_OPTION,
    FieldBounds,
    FieldKind,
    GameState,
    JsonObject,
    LegalAction,
    TabletView,
)
from casino.games.words import Words
from tables.engines import current_state, game_of, round_terms
from tables.limits import verify_limits
from tables.locks import round_lock_with_audit_head, table_lock
from tables.models import Round, RoundEvent, RoundStatus, TableStatus
from tables.paytable_port import paytable_source
from tables.services.action_record import PendingEvent, action_record

CENT = Decimal("0.01")

#: The action every game accepts that the rounds service handles itself: a remark in the log.
NOTE = "note"
NOTE_MAX_LENGTH = 500

#: What a dealer action's fields are: validated values, or a reader that validates them once
#: the round's game is known (the API's, which runs under the round's lock).
ActionData = Mapping[str, Any] | Callable[[str], Mapping[str, Any]]


@dataclass(frozen=True)
class ActResult:
    """The round after an action, the events the action appended, the tablet's view after it
    and the game's own detailed picture of the round (``state``)."""

    round: Round
    events: list[RoundEvent]
    view: TabletView
    state: JsonObject


def round_open(
    *, table_id: int, dealer: AbstractBaseUser, options: Mapping[str, Any] | None = None
) -> Round:
    """Open the next round at an open table, pinning its rule set, paytables and limits.

    The dealer's permission is checked under the table's lock.

    :raises ApiError: ``permission_denied`` (403) unless ``dealer`` is assigned to the table
        now; ``table_not_open`` (409); ``round_already_open`` (409, naming the open round);
        ``limits_invalid`` (400) when the table's limits cannot be played, judged as they are
        when set (``tables.limits.verify_limits``); ``round_payouts_unconfirmed`` (409, naming
        the round) while the table's last round is settled and its payouts are not confirmed
        (``tables.services.paid``).
    :raises GameError: ``options_invalid``, or terms the game cannot play under.

    A game that carries chips from game to game (``GameDefinition.carries_chips``: Red Dog's
    odd chips) opens with what the table's last game carried out (``CARRIED_IN_OPTION``), set
    here and never by the dealer.
    """
    with service_transaction():
        table = table_lock(table_id, with_round_numbers=True)
        require(dealer, "tables.deal_round", table)
        if table.status != TableStatus.OPEN:
            raise ApiError(TableCode.TABLE_NOT_OPEN, "The table is closed.")
        if table.open_round_id is not None:  # type: ignore[attr-defined]
            raise ApiError(
                RoundCode.ROUND_ALREADY_OPEN,
                "A round is already in play at this table.",
                round=table.open_round_id,  # type: ignore[attr-defined]
                number=table.open_round_number,  # type: ignore[attr-defined]
            )
        unpaid = table.unpaid_round_id  # type: ignore[attr-defined]
        if unpaid is not None:
            raise ApiError(
                RoundCode.ROUND_PAYOUTS_UNCONFIRMED,
                "The last round's payouts are not confirmed yet: confirm them (Paid) first.",
                round=unpaid,
                number=table.last_round_number,  # type: ignore[attr-defined]
            )
        verify_limits(table)
        game = game_of(table.game)
        agreed = game.normalise_options(dict(options or {}))
        if game.carries_chips:
            agreed[CARRIED_IN_OPTION] = str(_carried_from_last_game(table).quantize(CENT))
        last = table.last_round_number  # type: ignore[attr-defined]
        now = timezone.now()
        source = paytable_source()
        round = Round(
            table=table,
            number=(last or 0) + 1,
            game=table.game,
            status=RoundStatus.OPEN,
            rule_set=table.rule_set,
            paytables=source.current(table),
            dealer=dealer,
            options=agreed,
            limits=_limits_of(table),
            gaming_day=table.pit.casino.clock.day_of(now),
            opened_at=now,
        )
        state = game.new_state(round_terms(round))
        round.phase = str(state.phase)
        round.snapshot = state.snapshot()
        round.save(force_insert=True)
        source.pin(round)
        audit_record(
            event_code=AuditCode.ROUND_OPENED,
            actor=dealer,
            round=round,
            after={
                "number": round.number,
                "rule_set": str(round.rule_set),
                "paytables": {
                    kind: f"{pinned['name']} v{pinned['version']}"
                    for kind, pinned in round.paytables.items()
                },
                "options": round.options,
            },
        )
        publish_table_change(
            table_id=table.pk,
            pit_id=table.pit_id,
            kind=TableChange.ROUND_OPENED,
            data={"round": round.pk, "number": round.number, "phase": round.phase},
        )
        return round


def round_act(
    *,
    round_id: int,
    actor: AbstractBaseUser,
    expected_event: int,
    action: str,
    data: ActionData,
) -> ActResult:
    """Apply one dealer action to an open round and append its events.

    Locks the round (reading its current dealer with it) and then its table's audit head, in
    one statement; checks the dealer's permission and the
    expected event number, reads ``data`` (validating it, if it is a reader, for the round's
    game), lets the engine (or, for ``note``, this service) verify and apply the action, then
    stores the events, their cards, their chip movements, the new phase and snapshot and the
    action's audit row in a second statement, in one transaction.

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403), ``round_not_open`` (409),
        ``retraction_pending`` (409, naming it) while a retraction waits for a pit boss,
        ``stale_event`` (409), ``action_unknown`` (400).
    :raises GameError: whatever the engine refuses, e.g. ``card_duplicate``.
    """
    with service_transaction():
        round, head = round_lock_with_audit_head(round_id)
        require(actor, "tables.deal_round", round)
        round_verify_current(round, expected_event)
        fields = data(round.game) if callable(data) else data
        state = current_state(round)
        # A state replayed (its snapshot unreadable) holds the round's earlier movements too.
        moved_before = len(state.movements)
        if action == NOTE:
            pending = [PendingEvent("note", {"text": str(fields["text"])}, (), state.deck_pass)]
        else:
            spec = game_of(round.game).actions.get(action)
            if spec is None:
                raise ApiError(
                    RequestCode.ACTION_UNKNOWN,
                    f"Unknown action {action!r} for this game.",
                    action=action,
                )
            events = spec.perform(state, fields)
            pending = [
                PendingEvent(
                    event.kind,
                    {key: value for key, value in event.to_dict().items() if key != "kind"},
                    tuple((int(c.card), c.position) for c in state.cards_shown(event)),
                    state.deck_pass,
                )
                for event in events
            ]
        first = round.last_event_seq + 1
        audit = audit_row(
            event_code=AuditCode.ROUND_ACTION,
            actor=actor,
            round=round,
            after={
                "action": action,
                "events": [
                    {"seq": first + index, "kind": event.kind, **event.payload}
                    for index, event in enumerate(pending)
                ],
            },
            head=head,
        )
        stored = action_record(
            round=round,
            actor=actor,
            request_id=current_request_id(),
            device_token_id=current_device_token_id(),
            events=pending,
            movements=state.movements[moved_before:],
            phase=str(state.phase),
            snapshot=state.snapshot(),
            audit=audit,
        )
        publish_table_change(
            table_id=round.table_id,
            pit_id=round.pit_id,  # type: ignore[attr-defined]
            kind=TableChange.ROUND_ACTION,
            data={
                "round": round.pk,
                "action": action,
                "phase": str(state.phase),
                "last_event_seq": round.last_event_seq,
            },
        )
        action_counted(game=round.game)
        return ActResult(round=round, events=stored, view=tablet_view(state), state=state.view())


def round_verify_current(round: Round, expected_event: int) -> None:
    """Refuse to record anything in ``round`` unless it is in play, waits for no retraction's
    decision, and its last event is the one the tablet saw. Expects the round locked.

    :raises ApiError: ``round_not_open`` (409); ``retraction_pending`` (409, naming it);
        ``stale_event`` (409, with both numbers).
    """
    if round.status != RoundStatus.OPEN:
        raise ApiError(RoundCode.ROUND_NOT_OPEN, "The round is no longer in play.")
    if round.pending_retraction_id is not None:
        raise ApiError(
            RoundCode.RETRACTION_PENDING,
            "A retraction waits for a pit boss: nothing is recorded until it is decided.",
            retraction=round.pending_retraction_id,
        )
    if expected_event != round.last_event_seq:
        raise ApiError(
            RoundCode.STALE_EVENT,
            "The round has changed since this screen was loaded; reload it.",
            expected_event=expected_event,
            last_event=round.last_event_seq,
        )


def tablet_view(state: GameState) -> TabletView:
    """The engine's tablet view with the action every game shares, ``note``, added last."""
    view = state.tablet_view()
    if view.complete:
        return view
    note = LegalAction(
        name=NOTE,
        label=Words("Note"),
        position=None,
        fields=(FieldBounds(name="text", kind=FieldKind.TEXT),),
    )
    return TabletView(
        game=view.game,
        phase=view.phase,
        complete=view.complete,
        turn=view.turn,
        actions=(*view.actions, note),
        positions=view.positions,
        card_groups=view.card_groups,
        figures=view.figures,
        facts=view.facts,
        deck_pass=view.deck_pass,
        unseen_cards=view.unseen_cards,
        event_count=view.event_count,
        result=view.result,
    )


def _limits_of(table: Any) -> dict[str, Any]:
    def money(value: Any) -> str | None:
        return None if value is None else str(value)

    return {
        "currency": table.currency,
        "chip_unit": str(table.chip_unit),
        "ante_min": str(table.ante_min),
        "ante_max": str(table.ante_max),
        "bet_min": money(table.bet_min),
        "bet_max": money(table.bet_max),
        "max_table_payout": money(table.max_table_payout),
        "bonus_min": money(table.bonus_min),
        "bonus_max": money(table.bonus_max),
        "stack_min": money(table.stack_min),
        "stack_max": money(table.stack_max),
        "boxes": table.boxes,
    }


def _carried_from_last_game(table: Any) -> Decimal:
    """The chips the house float keeps for the table's next game: what the table's last
    settled round of its game carried out (its kept state's result), none before the first.
    Expects the table locked."""
    last = (
        Round.objects.filter(table=table, game=table.game, status=RoundStatus.SETTLED)
        .select_related("rule_set")
        .order_by("-number")
        .first()
    )
    if last is None:
        return Decimal("0.00")
    return current_state(last).result().carried_out
