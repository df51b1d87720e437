"""Ruby Run rule sets and hand options: the A.2 defaults, validation by field, and the stored-dict
round trip."""

from __future__ import annotations

import json
from decimal import Decimal as D
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino.games.errors import GameError
from casino.games.rubyrun import Betting, HandOptions, Rake, RubyRunRules, UnderCards, codes


def test_the_defaults_are_those_of_rules_a2() -> None:
    rules = RubyRunRules()
    assert (rules.min_players, rules.max_players) == (2, 8)
    assert rules.betting is Betting.FIXED_LIMIT
    assert (rules.betting_after_over_cards, rules.betting_after_slam) == (False, False)
    assert rules.ace_low_runs is False
    assert rules.under_cards is UnderCards.FACE_UP
    assert rules.rake is Rake.NONE
    assert rules.uncapped_heads_up is False
    assert RubyRunRules.from_dict({}) == rules


def test_to_dict_is_json_safe_and_round_trips() -> None:
    rules = RubyRunRules(
        chip_unit=D("0.25"),
        ante=D("0.50"),
        small_blind=D("0.25"),
        big_blind=D("0.50"),
        betting=Betting.POT_LIMIT,
        rake=Rake.PERCENT,
        rake_percent=D(5),
        rake_cap=D("3.00"),
        under_cards=UnderCards.FACE_DOWN,
        uncapped_heads_up=True,
    )
    stored = rules.to_dict()
    assert json.loads(json.dumps(stored)) == stored
    assert (stored["ante"], stored["betting"], stored["rake_cap"]) == ("0.50", "pot_limit", "3.00")
    assert stored["uncapped_heads_up"] is True
    assert RubyRunRules.from_dict(stored) == rules


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"max_players": 16}, "max_players"),
        ({"min_players": 1}, "max_players"),
        ({"betting": "spread_limit"}, "betting"),
        ({"ante": "0", "big_blind": "0", "small_blind": "0"}, "big_blind"),
        ({"small_blind": "3", "big_blind": "2"}, "small_blind"),
        ({"ante": "-1"}, "ante"),
        ({"ante": 1.5}, "ante"),
        ({"ante": "0.5"}, "ante"),
        (
            {
                "chip_unit": "5",
                "small_blind": "5",
                "big_blind": "10",
                "small_bet": "12",
                "big_bet": "20",
            },
            "small_bet",
        ),
        ({"chip_unit": "0"}, "chip_unit"),
        ({"small_bet": "6", "big_bet": "4"}, "small_bet"),
        ({"max_raises": 0}, "max_raises"),
        ({"uncapped_heads_up": "yes"}, "uncapped_heads_up"),
        ({"rake": "percent", "rake_percent": "0"}, "rake_percent"),
        ({"rake_percent": "5"}, "rake_percent"),
        ({"rake": "percent", "rake_percent": "5", "rake_cap": "0"}, "rake_cap"),
        ({"rake": "percent", "rake_percent": "5", "rake_cap": "2.5"}, "rake_cap"),
        ({"rake": "seat_fee"}, "seat_fee_per_hour"),
        ({"surprise": True}, "surprise"),
    ],
)
def test_bad_settings_are_refused_by_field(settings: dict[str, Any], field: str) -> None:
    with pytest.raises(GameError) as err:
        RubyRunRules.from_dict(settings)
    assert err.value.code == codes.RULESET_INVALID
    assert err.value.data["field"] == field


def test_pot_and_no_limit_ignore_the_fixed_bet_sizes() -> None:
    rules = RubyRunRules.from_dict({"betting": "no_limit", "small_bet": "0", "big_bet": "0"})
    assert rules.betting is Betting.NO_LIMIT


# -- hand options ----------------------------------------------------------------------------------


def test_hand_options_default_to_the_table() -> None:
    rules = RubyRunRules(ace_low_runs=True, betting_after_slam=True)
    assert HandOptions().resolve(rules) == HandOptions(
        ace_low_runs=True, betting_after_over_cards=False, betting_after_slam=True
    )
    chosen = HandOptions(ace_low_runs=False, betting_after_over_cards=True)
    assert chosen.resolve(rules) == HandOptions(
        ace_low_runs=False, betting_after_over_cards=True, betting_after_slam=True
    )


@given(
    ace_low=st.sampled_from([None, True, False]),
    over=st.sampled_from([None, True, False]),
    slam=st.sampled_from([None, True, False]),
)
def test_hand_options_round_trip_through_json(
    ace_low: bool | None, over: bool | None, slam: bool | None
) -> None:
    options = HandOptions(
        ace_low_runs=ace_low, betting_after_over_cards=over, betting_after_slam=slam
    )
    stored = json.loads(json.dumps(options.to_dict()))
    assert HandOptions.from_dict(stored) == options


@pytest.mark.parametrize(
    ("stored", "field"),
    [
        ({"ace_low_runs": "yes"}, "ace_low_runs"),
        ({"betting_after_turn": True}, "betting_after_turn"),
        ({"betting_after_slam": 1}, "betting_after_slam"),
        ([], "settings"),
    ],
)
def test_bad_hand_options_are_refused_by_field(stored: Any, field: str) -> None:
    with pytest.raises(GameError) as err:
        HandOptions.from_dict(stored)
    assert err.value.code == codes.OPTIONS_INVALID
    assert err.value.data["field"] == field


def test_every_code_is_a_distinct_snake_case_string() -> None:
    values = [getattr(codes, name) for name in codes.__all__]
    assert len(set(values)) == len(values)
    assert all(value == value.lower() and " " not in value for value in values)
