"""Red Dog rule sets: the A.3 defaults, validation by field, and the stored-dict round trip."""

from __future__ import annotations

import json
from decimal import Decimal as D
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino.games.errors import GameError
from casino.games.reddog import Commission, EndOfHand, RedDogRules, Refill, RefillTiming, Variant
from casino.games.reddog.codes import RULESET_INVALID


def test_the_defaults_are_those_of_rules_a3() -> None:
    rules = RedDogRules()
    assert (rules.min_players, rules.max_players) == (3, 8)
    assert rules.cards_each is None
    assert rules.burn_card is True
    assert rules.refill is Refill.BELOW_ANTE
    assert rules.refill_timing is RefillTiming.EVERY_TURN
    assert rules.end_of_hand is EndOfHand.CARRY
    assert rules.variant is Variant.STANDARD
    assert rules.commission is Commission.NONE
    assert rules.minimum_bet == rules.ante
    assert (rules.hand_fee, rules.win_percent) == (D(0), D(0))


def test_an_empty_mapping_gives_the_defaults() -> None:
    assert RedDogRules.from_dict({}) == RedDogRules()


def test_to_dict_is_json_safe_with_amounts_as_strings() -> None:
    stored = RedDogRules(ante=D("2.50"), chip_unit=D("0.50")).to_dict()
    assert json.loads(json.dumps(stored)) == stored
    assert (stored["ante"], stored["chip_unit"], stored["variant"]) == ("2.50", "0.50", "standard")
    assert stored["cards_each"] is None


@pytest.mark.parametrize(
    ("players", "variant", "cards_each", "expected"),
    [
        (3, "standard", None, 5),
        (6, "standard", None, 5),
        (7, "standard", None, 4),
        (8, "standard", None, 4),
        (8, "dealers_bank", None, 4),
        (8, "shoot", None, 3),
        (4, "slippery_sam", None, 3),
        (3, "standard", 3, 3),
        (8, "standard", 5, 5),
        (8, "shoot", 4, 4),
    ],
)
def test_cards_each(players: int, variant: str, cards_each: int | None, expected: int) -> None:
    rules = RedDogRules.from_dict({"variant": variant, "cards_each": cards_each})
    assert rules.cards_for(players=players) == expected


def test_shoot_limits_and_minimum_bet() -> None:
    rules = RedDogRules.from_dict(
        {"variant": "shoot", "shoot_min_bet": "5", "shoot_pot_min": 10, "shoot_pot_max": "50"}
    )
    assert (rules.minimum_bet, rules.pot_limits()) == (D(5), (D(10), D(50)))
    open_ended = RedDogRules.from_dict({"variant": "slippery_sam"})
    assert open_ended.pot_limits() == (D(2), None)
    assert RedDogRules(variant=Variant.DEALERS_BANK).pot_limits() == (D(2), None)


def test_slippery_sam_never_burns() -> None:
    assert RedDogRules(variant=Variant.SLIPPERY_SAM, burn_card=True).burns is False
    assert RedDogRules().burns is True
    assert RedDogRules(burn_card=False).burns is False


@pytest.mark.parametrize(
    ("stored", "field"),
    [
        ({"players": 5}, "players"),
        ({"min_players": 2}, "min_players"),
        ({"min_players": 9}, "min_players"),
        ({"max_players": 9}, "max_players"),
        ({"min_players": 5, "max_players": 4}, "max_players"),
        ({"min_players": "3"}, "min_players"),
        ({"min_players": True}, "min_players"),
        ({"cards_each": 6}, "cards_each"),
        ({"cards_each": 2}, "cards_each"),
        ({"cards_each": 4.0}, "cards_each"),
        ({"burn_card": "on"}, "burn_card"),
        ({"burn_card": 1}, "burn_card"),
        ({"refill": "never"}, "refill"),
        ({"refill_timing": "after_hand"}, "refill_timing"),
        ({"refill_timing": True}, "refill_timing"),
        ({"end_of_hand": "keep"}, "end_of_hand"),
        ({"variant": "casino_red_dog"}, "variant"),
        ({"variant": 1}, "variant"),
        ({"ante": 2.0}, "ante"),
        ({"ante": "two"}, "ante"),
        ({"ante": "0"}, "ante"),
        ({"ante": "-2"}, "ante"),
        ({"ante": "Infinity"}, "ante"),
        ({"ante": "2.5"}, "ante"),
        ({"chip_unit": "0"}, "chip_unit"),
        ({"chip_unit": None}, "chip_unit"),
        ({"shoot_pot_min": "10"}, "shoot_pot_min"),
        ({"shoot_min_bet": "5"}, "shoot_min_bet"),
        ({"variant": "dealers_bank", "shoot_pot_max": "50"}, "shoot_pot_max"),
        ({"variant": "shoot", "shoot_pot_min": "1"}, "shoot_pot_min"),
        ({"variant": "shoot", "shoot_pot_min": "10.5"}, "shoot_pot_min"),
        ({"variant": "shoot", "shoot_pot_min": "20", "shoot_pot_max": "10"}, "shoot_pot_max"),
        ({"variant": "shoot", "shoot_min_bet": "4", "shoot_pot_max": "3"}, "shoot_pot_max"),
        ({"commission": "rake"}, "commission"),
        ({"commission": "hand_fee"}, "hand_fee"),
        ({"commission": "hand_fee", "hand_fee": "0.5"}, "hand_fee"),
        ({"hand_fee": "1"}, "hand_fee"),
        ({"commission": "win_percent"}, "win_percent"),
        ({"commission": "win_percent", "win_percent": "100"}, "win_percent"),
        ({"win_percent": "5"}, "win_percent"),
        ({"commission": "win_percent", "win_percent": "5", "hand_fee": "1"}, "hand_fee"),
    ],
)
def test_an_invalid_rule_set_is_refused_naming_the_field(
    stored: dict[str, Any], field: str
) -> None:
    with pytest.raises(GameError) as caught:
        RedDogRules.from_dict(stored)
    assert caught.value.code == RULESET_INVALID
    assert caught.value.data == {"field": field}


def test_direct_construction_runs_the_same_checks() -> None:
    with pytest.raises(GameError) as caught:
        RedDogRules(ante=2.0)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.data) == (RULESET_INVALID, {"field": "ante"})


def test_a_rule_set_is_a_mapping() -> None:
    with pytest.raises(GameError) as caught:
        RedDogRules.from_dict([("ante", "2")])  # type: ignore[arg-type]
    assert caught.value.code == RULESET_INVALID


_chips = st.integers(min_value=1, max_value=40)


@st.composite
def rule_sets(draw: st.DrawFn) -> dict[str, Any]:
    chip_unit = draw(st.sampled_from([D(1), D("0.5"), D("0.25"), D(5)]))
    variant = draw(st.sampled_from(list(Variant)))
    stored: dict[str, Any] = {
        "variant": variant.value,
        "chip_unit": str(chip_unit),
        "ante": str(chip_unit * draw(_chips)),
        "min_players": draw(st.integers(3, 5)),
        "cards_each": draw(st.sampled_from([None, 3, 4, 5])),
        "burn_card": draw(st.booleans()),
        "refill": draw(st.sampled_from(list(Refill))).value,
        "refill_timing": draw(st.sampled_from(list(RefillTiming))).value,
        "end_of_hand": draw(st.sampled_from(list(EndOfHand))).value,
    }
    stored["max_players"] = draw(st.integers(stored["min_players"], 8))
    if variant in (Variant.SHOOT, Variant.SLIPPERY_SAM):
        low = D(stored["ante"]) + chip_unit * draw(st.integers(0, 10))
        stored["shoot_pot_min"] = str(low)
        stored["shoot_pot_max"] = draw(st.sampled_from([None, str(low * 5)]))
    commission = draw(st.sampled_from(list(Commission)))
    stored["commission"] = commission.value
    if commission is Commission.HAND_FEE:
        stored["hand_fee"] = str(chip_unit * draw(_chips))
    if commission is Commission.WIN_PERCENT:
        stored["win_percent"] = str(draw(st.integers(1, 99)))
    return stored


@given(rule_sets())
def test_every_valid_rule_set_round_trips_through_json(stored: dict[str, Any]) -> None:
    rules = RedDogRules.from_dict(stored)
    again = RedDogRules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules
    assert again.to_dict() == rules.to_dict()
