"""Ruby Run at the table: one round is one hand, from seating to the pot awards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from rest_framework import serializers

from casino.api.serializers import MoneyField
from casino.games import rubyrun
from tables.api.actions import ActionEnvelope, CardInput, NoInput
from tables.api.fields import CardListField, StacksField
from tables.engines import ReturnLine, SettlementPlan, StakeLine
from tables.games.base import CORE_EVENT_KINDS, ActionSpec, EngineAdapter

SEAT_FIELD = {"min_value": 1, "max_value": rubyrun.rules.MOST_PLAYERS}


class RubyRunSeatPlayersInput(ActionEnvelope):
    """Who sits where with how many chips for this hand, and the button."""

    stacks = StacksField()
    button = serializers.IntegerField(**SEAT_FIELD)


class RubyRunSeatInput(ActionEnvelope):
    seat = serializers.IntegerField(**SEAT_FIELD)


class RubyRunSeatCardsInput(RubyRunSeatInput):
    cards = CardListField(min_length=3, max_length=3)


class RubyRunSeatAmountInput(RubyRunSeatInput):
    amount = MoneyField(help_text="The seat's total bet for this betting round.")


class RubyRunBoardCardsInput(ActionEnvelope):
    cards = CardListField(min_length=3, max_length=3)


class RubyRunUnderCardsInput(ActionEnvelope):
    cards = CardListField(
        min_length=3,
        max_length=3,
        allow_null=True,
        required=False,
        default=None,
        help_text="Null when the under cards are dealt face down.",
    )


class RubyRunAdapter(EngineAdapter):
    game = "ruby_run"
    initial_phase = str(rubyrun.Phase.SEATING)
    actions = {
        "seat_players": ActionSpec(
            RubyRunSeatPlayersInput, lambda s, d: s.seat_players(d["stacks"], d["button"])
        ),
        "post_forced_bets": ActionSpec(NoInput, lambda s, d: s.post_forced_bets()),
        "deal_hole_cards": ActionSpec(
            RubyRunSeatCardsInput, lambda s, d: s.deal_hole_cards(d["seat"], d["cards"])
        ),
        "fold": ActionSpec(RubyRunSeatInput, lambda s, d: s.fold(d["seat"])),
        "check": ActionSpec(RubyRunSeatInput, lambda s, d: s.check(d["seat"])),
        "call": ActionSpec(RubyRunSeatInput, lambda s, d: s.call(d["seat"])),
        "bet": ActionSpec(RubyRunSeatAmountInput, lambda s, d: s.bet(d["seat"], d["amount"])),
        "raise_to": ActionSpec(
            RubyRunSeatAmountInput, lambda s, d: s.raise_to(d["seat"], d["amount"])
        ),
        "all_in": ActionSpec(RubyRunSeatInput, lambda s, d: s.all_in(d["seat"])),
        "deal_over_cards": ActionSpec(
            RubyRunBoardCardsInput, lambda s, d: s.deal_over_cards(d["cards"])
        ),
        "deal_under_cards": ActionSpec(
            RubyRunUnderCardsInput, lambda s, d: s.deal_under_cards(d["cards"])
        ),
        "deal_slam": ActionSpec(CardInput, lambda s, d: s.deal_slam(d["card"])),
        "reveal_under_cards": ActionSpec(
            RubyRunBoardCardsInput, lambda s, d: s.reveal_under_cards(d["cards"])
        ),
    }

    def normalise_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """What was announced before the deal (ace-low runs, extra betting rounds).

        :raises GameError: ``options_invalid``.
        """
        return dict(rubyrun.HandOptions.from_dict(options).to_dict())

    def new_state(self, round: Any) -> rubyrun.RubyRunState:
        return rubyrun.RubyRunState(*self._terms(round))

    def _terms(self, round: Any) -> tuple[rubyrun.RubyRunRules, rubyrun.HandOptions]:
        return (
            rubyrun.RubyRunRules.from_dict(round.rule_set.settings),
            rubyrun.HandOptions.from_dict(round.options),
        )

    def event_from_dict(self, data: Mapping[str, Any]) -> Any:
        return rubyrun.event_from_dict(data)

    def cards_of(self, event: Any) -> tuple[tuple[int, str], ...]:
        if isinstance(event, rubyrun.HoleCardsDealt):
            return tuple((int(c), f"seat:{event.seat}") for c in event.cards)
        if isinstance(event, rubyrun.OverCardsDealt):
            return tuple((int(c), "over") for c in event.cards)
        if isinstance(event, rubyrun.UnderCardsDealt | rubyrun.UnderCardsRevealed):
            return tuple((int(c), "under") for c in event.cards or ())
        if isinstance(event, rubyrun.SlamDealt):
            return ((int(event.card), "slam"),)
        return ()

    def settle(self, *, round: Any, history: Sequence[Any]) -> SettlementPlan:
        """The pot awards of a finished hand: each seat's contribution is its stake; each share
        of a pot, and each uncalled bet handed back, is a payout line.

        :raises GameError: ``hand_not_complete``.
        """
        events = [{"kind": e.kind, **e.payload} for e in history if e.kind not in CORE_EVENT_KINDS]
        result = rubyrun.settle_hand(*self._terms(round), events)
        stakes = tuple(
            StakeLine(box=seat, kind="pot", amount=amount)
            for seat, amount in sorted(result.contributions.items())
            if amount
        )
        returns = [
            ReturnLine(
                box=seat,
                line="pot",
                outcome="award",
                stake=Decimal(0),
                computed=share,
                paid=share,
                combination=award.hands.get(seat, "")[:40],
                pot=award.pot,
            )
            for award in result.awards
            for seat, share in sorted(award.shares.items())
            if share
        ]
        returns += [
            ReturnLine(
                box=seat,
                line="uncalled",
                outcome="push",
                stake=amount,
                computed=amount,
                paid=amount,
            )
            for seat, amount in sorted(result.returned_uncalled.items())
            if amount
        ]
        return SettlementPlan(
            stakes=stakes,
            returns=tuple(returns),
            engine_result=result.to_dict(),
            rake=result.rake,
            pot_game=True,
        )
