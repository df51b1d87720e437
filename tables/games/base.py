"""The shared adapter that drives a pure engine from a round's stored events.

An engine (``casino.games.<game>``) has a mutable state whose action methods verify, apply and
return a frozen event with ``kind`` and ``to_dict()``; the state replays from events. The adapter
rebuilds the state from the round's history, runs one action, and hands back the new events with
the cards they show, for the rounds service to store.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from casino.games.errors import GameError
from tables.api.actions import ActionEnvelope
from tables.engines import ActionOutcome, LedgerMove, PendingEvent, SettlementPlan

OPTIONS_INVALID = "options_invalid"

#: Events every game's log may hold that are not the engine's (see ``tables.services.rounds``).
CORE_EVENT_KINDS = frozenset({"note", "card_exposed"})


@dataclass(frozen=True)
class ActionSpec:
    """One dealer action: its input serializer and how to perform it on the engine's state."""

    input: type[ActionEnvelope]
    perform: Callable[[Any, dict[str, Any]], Any]


class EngineAdapter:
    """Base of the game adapters; subclasses name the engine's parts."""

    game: str
    initial_phase: str
    actions: Mapping[str, ActionSpec]

    def new_state(self, round: Any) -> Any:
        """A fresh engine state for ``round`` (its pinned rule set, paytables and limits)."""
        raise NotImplementedError

    def event_from_dict(self, data: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def cards_of(self, event: Any) -> tuple[tuple[int, str], ...]:
        """The cards ``event`` shows and where they went (``box:2``, ``dealer``, ``burn``...)."""
        return ()

    def deck_pass(self, state: Any) -> int:
        """The number of the deck in use: 1 unless the game reshuffles or deals a fresh deck."""
        return 1

    def settle(self, *, round: Any, history: Sequence[Any]) -> SettlementPlan:
        raise NotImplementedError

    def normalise_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options agreed before the deal, validated; games without any refuse them all.

        :raises GameError: ``options_invalid``.
        """
        if options:
            raise GameError(
                OPTIONS_INVALID,
                "This game takes no options before the deal.",
                field=sorted(options)[0],
            )
        return {}

    # The GameAdapter protocol ---------------------------------------------------------------

    def action_inputs(self) -> Mapping[str, type[ActionEnvelope]]:
        return {name: spec.input for name, spec in self.actions.items()}

    def state_of(self, round: Any, history: Sequence[Any]) -> Any:
        """Replay the engine's events of ``history`` (stored ``RoundEvent`` rows) into a state."""
        state = self.new_state(round)
        for stored in history:
            if stored.kind not in CORE_EVENT_KINDS:
                state.apply(self.event_from_dict({"kind": stored.kind, **stored.payload}))
        return state

    def act(
        self, *, round: Any, history: Sequence[Any], action: str, data: Mapping[str, Any]
    ) -> ActionOutcome:
        state = self.state_of(round, history)
        before = len(state.events)
        moves_before = len(self.movements(state))
        self.actions[action].perform(state, dict(data))
        pending = []
        for event in state.events[before:]:
            payload = event.to_dict()
            kind = payload.pop("kind")
            pending.append(
                PendingEvent(
                    kind, payload, cards=self.cards_of(event), deck_pass=self.deck_pass(state)
                )
            )
        moved = tuple(
            LedgerMove(
                seq=m.seq,
                source=m.source,
                destination=m.destination,
                amount=m.amount,
                reason=str(m.reason),
            )
            for m in self.movements(state)[moves_before:]
        )
        return ActionOutcome(
            events=tuple(pending), phase=str(state.phase), ledger=moved, view=state.view()
        )

    def movements(self, state: Any) -> Sequence[Any]:
        """The engine's chip movements so far (``seq``, ``source``, ``destination``, ``amount``,
        ``reason``); none for a house-banked game."""
        return ()

    def view(self, *, round: Any, history: Sequence[Any]) -> dict[str, Any]:
        return dict(self.state_of(round, history).view())
