"""Russian Poker rule sets: the A.1 defaults, every allowed value, refusals by field, and the
stored-dict round trip."""

from __future__ import annotations

import doctest
import json
from decimal import Decimal as D
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import casino.games.russian.rules as rules_module
from casino.games.errors import GameError
from casino.games.russian import (
    AnteOnWin,
    InsuranceWhenDealerQualifies,
    MaxPayoutScope,
    RussianPokerRules,
    codes,
)
from casino.games.russian_hands import SecondStraightRule


def test_the_module_examples_run() -> None:
    assert doctest.testmod(rules_module).failed == 0


def test_the_defaults_are_those_of_rules_a1() -> None:
    rules = RussianPokerRules()
    assert rules.boxes == 4
    assert rules.open_boxes_per_player == 1
    assert rules.ante_on_win is AnteOnWin.PUSH
    assert (rules.exchange_min, rules.exchange_max) == (2, 5)
    assert rules.exchange_and_sixth_card_allowed is False
    assert rules.second_straight_same_rank_swap is SecondStraightRule.STRAIGHT
    assert rules.insurance_max_fraction == D("0.5")
    assert rules.insurance_when_dealer_qualifies is InsuranceWhenDealerQualifies.LOST_IF_BOX_WINS
    assert rules.buy_redraw_same_rank is False
    assert rules.blind_box_may_buy is True
    assert rules.max_payout_scope is MaxPayoutScope.BOX
    assert rules.bonus_lost_on_fold is True


def test_an_empty_mapping_gives_the_defaults() -> None:
    assert RussianPokerRules.from_dict({}) == RussianPokerRules()


def test_to_dict_is_json_safe_and_complete() -> None:
    stored = RussianPokerRules().to_dict()
    assert json.loads(json.dumps(stored)) == stored
    assert stored["insurance_max_fraction"] == "0.5"
    assert stored["ante_on_win"] == "push"
    assert RussianPokerRules.from_dict(stored) == RussianPokerRules()


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("boxes", 5),
        ("boxes", 6),
        ("open_boxes_per_player", 2),
        ("ante_on_win", "pay"),
        ("exchange_min", 1),
        ("exchange_and_sixth_card_allowed", True),
        ("second_straight_same_rank_swap", "pair"),
        ("insurance_max_fraction", "1"),
        ("insurance_max_fraction", 1),
        ("insurance_max_fraction", "0.25"),
        ("insurance_when_dealer_qualifies", "always_lost"),
        ("buy_redraw_same_rank", True),
        ("blind_box_may_buy", False),
        ("max_payout_scope", "round"),
        ("bonus_lost_on_fold", False),
    ],
)
def test_every_allowed_alternative_is_accepted(setting: str, value: Any) -> None:
    rules = RussianPokerRules.from_dict({setting: value})
    stored = rules.to_dict()[setting]
    assert str(stored) == str(value) or D(str(stored)) == D(str(value))


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"boxes": 3}, "boxes"),
        ({"boxes": 7}, "boxes"),
        ({"boxes": True}, "boxes"),
        ({"boxes": "4"}, "boxes"),
        ({"open_boxes_per_player": 0}, "open_boxes_per_player"),
        ({"open_boxes_per_player": 3}, "open_boxes_per_player"),
        ({"ante_on_win": "double"}, "ante_on_win"),
        ({"exchange_min": 0}, "exchange_min"),
        ({"exchange_min": 3}, "exchange_min"),
        ({"exchange_max": 4}, "exchange_max"),
        ({"exchange_and_sixth_card_allowed": "yes"}, "exchange_and_sixth_card_allowed"),
        ({"second_straight_same_rank_swap": "flush"}, "second_straight_same_rank_swap"),
        ({"insurance_max_fraction": 0.5}, "insurance_max_fraction"),
        ({"insurance_max_fraction": "0"}, "insurance_max_fraction"),
        ({"insurance_max_fraction": "1.5"}, "insurance_max_fraction"),
        ({"insurance_max_fraction": "half"}, "insurance_max_fraction"),
        ({"insurance_max_fraction": "Infinity"}, "insurance_max_fraction"),
        ({"insurance_when_dealer_qualifies": "returned"}, "insurance_when_dealer_qualifies"),
        ({"buy_redraw_same_rank": 1}, "buy_redraw_same_rank"),
        ({"blind_box_may_buy": None}, "blind_box_may_buy"),
        ({"max_payout_scope": "table"}, "max_payout_scope"),
        ({"bonus_lost_on_fold": "false"}, "bonus_lost_on_fold"),
        ({"bonus_paid_in_gold": True}, "bonus_paid_in_gold"),
    ],
)
def test_bad_settings_are_refused_by_field(settings: dict[str, Any], field: str) -> None:
    with pytest.raises(GameError) as refused:
        RussianPokerRules.from_dict(settings)
    assert refused.value.code == codes.RULESET_INVALID
    assert refused.value.data["field"] == field


def test_a_rule_set_is_a_mapping() -> None:
    with pytest.raises(GameError) as refused:
        RussianPokerRules.from_dict(["boxes", 4])  # type: ignore[arg-type]
    assert refused.value.code == codes.RULESET_INVALID


@st.composite
def stored_rule_sets(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "boxes": draw(st.sampled_from([4, 5, 6])),
        "open_boxes_per_player": draw(st.sampled_from([1, 2])),
        "ante_on_win": draw(st.sampled_from([m.value for m in AnteOnWin])),
        "exchange_min": draw(st.sampled_from([1, 2])),
        "exchange_max": 5,
        "exchange_and_sixth_card_allowed": draw(st.booleans()),
        "second_straight_same_rank_swap": draw(
            st.sampled_from([m.value for m in SecondStraightRule])
        ),
        "insurance_max_fraction": str(draw(st.integers(1, 100)) / D(100)),
        "insurance_when_dealer_qualifies": draw(
            st.sampled_from([m.value for m in InsuranceWhenDealerQualifies])
        ),
        "buy_redraw_same_rank": draw(st.booleans()),
        "blind_box_may_buy": draw(st.booleans()),
        "max_payout_scope": draw(st.sampled_from([m.value for m in MaxPayoutScope])),
        "bonus_lost_on_fold": draw(st.booleans()),
    }


@settings(max_examples=60, deadline=None)
@given(stored_rule_sets())
def test_every_valid_rule_set_round_trips_through_json(stored: dict[str, Any]) -> None:
    rules = RussianPokerRules.from_dict(stored)
    assert rules.to_dict() == stored
    assert RussianPokerRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
