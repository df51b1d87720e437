"""Red Dog (High Card Pool) at the table: a round is one game, from seating to the last share."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from rest_framework import serializers

from casino.api.serializers import MoneyField
from casino.games import reddog
from tables.api.actions import ActionEnvelope, CardInput, NoInput
from tables.api.fields import CardListField, StacksField
from tables.engines import ReturnLine, SettlementPlan, StakeLine
from tables.games.base import ActionSpec, EngineAdapter

GAME_NOT_OVER = "game_not_over"


class RedDogSeatPlayersInput(ActionEnvelope):
    """Who sits where with how many chips, and who deals first (the button)."""

    stacks = StacksField()
    button = serializers.IntegerField(min_value=1, max_value=reddog.rules.TABLE_SEATS)


class RedDogAmountInput(ActionEnvelope):
    amount = MoneyField()


class RedDogSeatCardsInput(ActionEnvelope):
    seat = serializers.IntegerField(min_value=1, max_value=reddog.rules.TABLE_SEATS)
    cards = CardListField(min_length=1, max_length=5)


class RedDogSeatAmountInput(ActionEnvelope):
    seat = serializers.IntegerField(min_value=1, max_value=reddog.rules.TABLE_SEATS)
    amount = MoneyField()


class RedDogShootDecisionInput(ActionEnvelope):
    deal_again = serializers.BooleanField()


class RedDogAdapter(EngineAdapter):
    game = "red_dog"
    initial_phase = str(reddog.Phase.SEATING)
    actions = {
        "seat_players": ActionSpec(
            RedDogSeatPlayersInput, lambda s, d: s.seat_players(d["stacks"], d["button"])
        ),
        "start_hand": ActionSpec(NoInput, lambda s, d: s.start_hand()),
        "fund_pot": ActionSpec(RedDogAmountInput, lambda s, d: s.fund_pot(d["amount"])),
        "deal_hand": ActionSpec(
            RedDogSeatCardsInput, lambda s, d: s.deal_hand(d["seat"], d["cards"])
        ),
        "turn_centre_card": ActionSpec(CardInput, lambda s, d: s.turn_centre_card(d["card"])),
        "place_bet": ActionSpec(
            RedDogSeatAmountInput, lambda s, d: s.place_bet(d["seat"], d["amount"])
        ),
        "show_burn": ActionSpec(CardInput, lambda s, d: s.show_burn(d["card"])),
        "turn_card": ActionSpec(CardInput, lambda s, d: s.turn_card(d["card"])),
        "reshuffle": ActionSpec(NoInput, lambda s, d: s.reshuffle()),
        "decide_shoot": ActionSpec(
            RedDogShootDecisionInput, lambda s, d: s.decide_shoot(d["deal_again"])
        ),
        "end_game": ActionSpec(NoInput, lambda s, d: s.end_game()),
    }

    def new_state(self, round: Any) -> reddog.RedDogState:
        return reddog.RedDogState(reddog.RedDogRules.from_dict(round.rule_set.settings))

    def event_from_dict(self, data: Mapping[str, Any]) -> Any:
        return reddog.event_from_dict(data)

    def cards_of(self, event: Any) -> tuple[tuple[int, str], ...]:
        if isinstance(event, reddog.HandDealt):
            return tuple((int(card), f"seat:{event.seat}") for card in event.cards)
        position = {
            reddog.BurnShown: "burn",
            reddog.CardTurned: "turned",
            reddog.CentreCardTurned: "centre",
        }.get(type(event))
        return ((int(event.card), position),) if position else ()

    def deck_pass(self, state: Any) -> int:
        # Every hand is dealt from a fresh deck and a reshuffle starts another pass, so a card
        # may be recorded once per pass.
        fresh = sum(1 for e in state.events if e.kind in ("hand_started", "reshuffled"))
        return max(1, fresh)

    def movements(self, state: Any) -> Sequence[Any]:
        return state.movements  # type: ignore[no-any-return]

    def settle(self, *, round: Any, history: Sequence[Any]) -> SettlementPlan:
        """The game's totals from its ledger: chips each seat put in and took out, the house's
        share. Only a finished game (``game_ended``) settles.

        :raises GameError: ``game_not_over``.
        """
        from casino.games.errors import GameError

        state = self.state_of(round, history)
        if state.phase is not reddog.Phase.GAME_OVER:
            raise GameError(
                GAME_NOT_OVER, "End the game before settling it.", phase=str(state.phase)
            )
        stakes: dict[tuple[int, str], Decimal] = defaultdict(Decimal)
        returns: dict[tuple[int, str], Decimal] = defaultdict(Decimal)
        house = Decimal(0)
        for move in state.movements:
            if move.source.startswith("player:"):
                stakes[(reddog.seat_of(move.source), str(move.reason))] += move.amount
            if move.destination.startswith("player:"):
                returns[(reddog.seat_of(move.destination), str(move.reason))] += move.amount
            if move.destination == reddog.HOUSE_FLOAT:
                house += move.amount
        return SettlementPlan(
            stakes=tuple(
                StakeLine(box=seat, kind="pot", amount=amount)
                for (seat, _reason), amount in sorted(stakes.items())
            ),
            returns=tuple(
                ReturnLine(
                    box=seat,
                    line=reason,
                    outcome="award",
                    stake=Decimal(0),
                    computed=amount,
                    paid=amount,
                    pot=0,
                )
                for (seat, reason), amount in sorted(returns.items())
            ),
            engine_result={
                "movements": [m.to_dict() for m in state.movements],
                "house_float": str(state.house_float),
            },
            rake=house,
            pot_game=True,
        )
