"""What the pot games' rule sets take, against the engines that take it."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from casino.games.house_edge import red_dog_take, ruby_run_take
from casino.games.house_edge.pot_games import (
    TakeKind,
    red_dog_commission,
    ruby_run_rake,
    share_remainder,
)
from casino.games.reddog.rules import RedDogRules
from casino.games.reddog.state import RedDogState
from casino.games.rubyrun.rules import RubyRunRules


def test_the_default_rule_sets_take_nothing() -> None:
    for take in (ruby_run_take(RubyRunRules()), red_dog_take(RedDogRules())):
        assert (take.kind, take.rate, take.fee, take.edge) == (TakeKind.NONE, 0, 0, 0)
    assert ruby_run_rake(RubyRunRules(), [D(38), D(30)]) == 0


def test_a_ruby_run_rake_is_a_percent_of_each_pot_up_to_its_cap() -> None:
    rules = RubyRunRules.from_dict({"rake": "percent", "rake_percent": "10", "rake_cap": "5"})
    take = ruby_run_take(rules)
    assert (take.kind, take.rate, take.cap, take.edge) == (
        TakeKind.POT_PERCENT,
        D("0.1"),
        D(5),
        None,
    )
    assert ruby_run_rake(rules, [D(38), D(30)]) == D(5)  # 3 + 2: the cap is used up
    assert ruby_run_rake(rules, [D(19)]) == D(1)  # 1.9 cut down to the chip
    fee = ruby_run_take(RubyRunRules.from_dict({"rake": "seat_fee", "seat_fee_per_hour": "6"}))
    assert (fee.kind, fee.fee) == (TakeKind.SEAT_FEE, D(6))


@pytest.mark.parametrize("variant", ["standard", "dealers_bank", "shoot", "slippery_sam"])
def test_red_dog_takes_its_commission_in_every_variant(variant: str) -> None:
    rules = {"variant": variant, "commission": "hand_fee", "hand_fee": "1"}
    take = red_dog_take(RedDogRules.from_dict(rules))
    assert (take.variant, take.kind, take.fee) == (variant, TakeKind.HAND_FEE, D(1))
    percent = red_dog_take(
        RedDogRules(variant=variant, commission="win_percent", win_percent=D(10))
    )  # type: ignore[arg-type]
    assert (percent.kind, percent.rate) == (TakeKind.WIN_PERCENT, D("0.1"))


def test_a_red_dog_win_commission_is_what_the_engine_takes() -> None:
    """RD02 with a 10 % commission: Ben wins 6 and the house float gets 0 (0.6 cut down), and
    with a bet of 10 it gets 1, as the engine moves it."""
    for bet, commission in ((6, D(0)), (10, D(1))):
        rules = RedDogRules.from_dict({"commission": "win_percent", "win_percent": "10"})
        state = RedDogState(rules)
        state.seat_players({seat: D(100) for seat in range(1, 6)}, button=5)
        state.start_hand()
        hands = {
            1: "Ks 9s 7h 4d Ac",
            2: "2c 3c 4c 5c 6c",
            3: "2h 3h 4h 5h 6h",
            4: "2d 3d 5d 6d 7d",
            5: "8c 9c Tc Jc Qc",
        }
        for seat, cards in hands.items():
            state.deal_hand(seat, cards.split())
        state.place_bet(1, bet)
        state.show_burn("8s")
        state.turn_card("Js")
        assert state.house_float == commission
        assert red_dog_commission(red_dog_take(rules), D(bet), rules.chip_unit) == commission


def test_a_shared_pot_leaves_its_odd_chips_to_the_house() -> None:
    # RD22: a pot of 23 shared among five players: 4 each, 3 chips to the house float.
    assert share_remainder(D(23), 5, D(1)) == D(3)
    take = red_dog_take(RedDogRules())
    assert "house float" in take.remainders
    bank = red_dog_take(RedDogRules.from_dict({"variant": "dealers_bank"}))
    assert "nothing is left over" in bank.remainders
