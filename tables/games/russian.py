"""Russian Poker at the table: the dealer's actions, the round's terms, and its settlement."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from rest_framework import serializers

from casino.api.serializers import MoneyField
from casino.games import russian
from casino.games.errors import GameError
from payouts.models import PayBasis, PaytableLine
from tables.api.actions import ActionEnvelope, CardInput, NoInput
from tables.api.fields import CardField, CardListField
from tables.engines import ReturnLine, SettlementPlan, StakeLine
from tables.games.base import CORE_EVENT_KINDS, ActionSpec, EngineAdapter


class RussianWagersInput(ActionEnvelope):
    """A box's stakes before "no more bets": the Ante, an optional Bonus, blind or open."""

    box = serializers.IntegerField(min_value=1, max_value=6)
    player = serializers.CharField(max_length=40, help_text="Who plays the box (seat or name).")
    ante = MoneyField()
    bonus = MoneyField(required=False, allow_null=True, default=None)
    blind = serializers.BooleanField(required=False, default=False)


class RussianBoxInput(ActionEnvelope):
    box = serializers.IntegerField(min_value=1, max_value=6)


class RussianBoxCardsInput(RussianBoxInput):
    cards = CardListField(min_length=1, max_length=5)


class RussianCardToInput(ActionEnvelope):
    target = serializers.CharField(max_length=10, help_text='"box:N" or "dealer"')
    card = CardField()


class RussianExchangeInput(RussianBoxInput):
    discards = CardListField(min_length=1, max_length=5)
    replacements = CardListField(min_length=1, max_length=5)


class RussianBoxCardInput(RussianBoxInput):
    card = CardField()


class RussianBoxAmountInput(RussianBoxInput):
    amount = MoneyField()


class RussianBetInput(RussianBoxInput):
    amount = MoneyField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Must be twice the Ante; omit to bet exactly that.",
    )


class RussianCardsInput(ActionEnvelope):
    cards = CardListField(min_length=1, max_length=4)


class RussianPokerAdapter(EngineAdapter):
    game = "russian_poker"
    initial_phase = str(russian.Phase.BETTING)
    actions = {
        "place_wagers": ActionSpec(
            RussianWagersInput,
            lambda s, d: s.place_wagers(
                d["box"], d["player"], d["ante"], bonus=d["bonus"], blind=d["blind"]
            ),
        ),
        "close_bets": ActionSpec(NoInput, lambda s, d: s.close_bets()),
        "deal_box": ActionSpec(RussianBoxCardsInput, lambda s, d: s.deal_box(d["box"], d["cards"])),
        "deal_card": ActionSpec(
            RussianCardToInput, lambda s, d: s.deal_card(d["target"], d["card"])
        ),
        "declare_bonus": ActionSpec(RussianBoxInput, lambda s, d: s.declare_bonus(d["box"])),
        "exchange": ActionSpec(
            RussianExchangeInput,
            lambda s, d: s.exchange(d["box"], d["discards"], d["replacements"]),
        ),
        "buy_sixth_card": ActionSpec(
            RussianBoxCardInput, lambda s, d: s.buy_sixth_card(d["box"], d["card"])
        ),
        "insure": ActionSpec(RussianBoxAmountInput, lambda s, d: s.insure(d["box"], d["amount"])),
        "fold": ActionSpec(RussianBoxInput, lambda s, d: s.fold(d["box"])),
        "bet": ActionSpec(RussianBetInput, lambda s, d: s.bet(d["box"], d["amount"])),
        "reveal_dealer": ActionSpec(RussianCardsInput, lambda s, d: s.reveal_dealer(d["cards"])),
        "take_ante": ActionSpec(RussianBoxInput, lambda s, d: s.take_ante(d["box"])),
        "buy_game": ActionSpec(RussianBoxInput, lambda s, d: s.buy_game(d["box"])),
        "draw_replacement": ActionSpec(CardInput, lambda s, d: s.draw_replacement(d["card"])),
    }

    def new_state(self, round: Any) -> russian.RussianPokerState:
        return russian.RussianPokerState(*self.terms(round))

    def terms(
        self, round: Any
    ) -> tuple[russian.RussianPokerRules, russian.Paytables, russian.TableLimits]:
        """The rule set, paytables and limits the round was opened under."""
        return _terms(
            json.dumps(round.rule_set.settings, sort_keys=True),
            round.paytable_id,
            round.bonus_paytable_id,
            json.dumps(round.limits, sort_keys=True),
        )

    def event_from_dict(self, data: Mapping[str, Any]) -> Any:
        return russian.event_from_dict(data)

    def cards_of(self, event: Any) -> tuple[tuple[int, str], ...]:
        if isinstance(event, russian.BoxDealt):
            return tuple((int(c), russian.box_target(event.box)) for c in event.cards)
        if isinstance(event, russian.CardDealt):
            return ((int(event.card), event.target),)
        if isinstance(event, russian.CardsExchanged):
            return tuple((int(c), russian.box_target(event.box)) for c in event.replacements)
        if isinstance(event, russian.SixthCardBought):
            return ((int(event.card), russian.box_target(event.box)),)
        if isinstance(event, russian.DealerRevealed):
            return tuple((int(c), russian.DEALER_TARGET) for c in event.cards)
        if isinstance(event, russian.ReplacementDrawn):
            return ((int(event.card), russian.DEALER_TARGET),)
        return ()

    def settle(self, *, round: Any, history: Sequence[Any]) -> SettlementPlan:
        """The settlement of a complete round, recomputed from its events.

        :raises GameError: ``round_not_settled`` while the round is not complete.
        """
        events = [{"kind": e.kind, **e.payload} for e in history if e.kind not in CORE_EVENT_KINDS]
        result = russian.settle_round(*self.terms(round), events)
        stakes = []
        returns = []
        for box in result.boxes:
            for line in box.lines:
                if line.stake:
                    stakes.append(StakeLine(box=box.box, kind=line.line, amount=line.stake))
                returns.append(
                    ReturnLine(
                        box=box.box,
                        line=line.line,
                        outcome=line.outcome,
                        stake=line.stake,
                        computed=line.computed,
                        paid=line.paid,
                        combination=line.combination,
                        reason=line.reason,
                    )
                )
        return SettlementPlan(
            stakes=tuple(stakes),
            returns=tuple(returns),
            engine_result=result.to_dict(),
            cap_applied=result.cap_applied,
        )


@functools.lru_cache(maxsize=256)
def _terms(
    settings: str, paytable_id: int | None, bonus_paytable_id: int | None, limits: str
) -> tuple[russian.RussianPokerRules, russian.Paytables, russian.TableLimits]:
    """Build a round's terms once per process. Safe to cache: a rule-set version's settings are
    part of the key, and a paytable a round uses is frozen by the database."""
    pinned = json.loads(limits)
    return (
        russian.RussianPokerRules.from_dict(json.loads(settings)),
        russian.Paytables(main=_odds(paytable_id), bonus=_odds(bonus_paytable_id) or None),
        russian.TableLimits(
            ante_min=Decimal(pinned["ante_min"]),
            ante_max=Decimal(pinned["ante_max"]),
            max_payout=None
            if pinned.get("max_table_payout") is None
            else Decimal(pinned["max_table_payout"]),
            chip_unit=Decimal(pinned["chip_unit"]),
        ),
    )


def _odds(paytable_id: int | None) -> dict[str, Decimal]:
    """A paytable's lines as odds ("to 1"). Fixed-amount lines cannot be settled as odds.

    :raises GameError: ``paytable_invalid`` for a fixed-amount line.
    """
    if paytable_id is None:
        return {}
    lines = list(PaytableLine.objects.filter(paytable_id=paytable_id))
    fixed = [line.line for line in lines if line.basis != PayBasis.ODDS]
    if fixed:
        raise GameError(
            russian.codes.PAYTABLE_INVALID,
            "Russian Poker pays odds; this paytable has fixed-amount lines.",
            lines=", ".join(fixed),
        )
    return {line.line: line.pays for line in lines}
