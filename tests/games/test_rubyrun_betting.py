"""Ruby Run betting: turn order, fixed-limit, pot-limit and no-limit sizes, the raise cap, all-ins
and the reopening rule; every refusal is checked by its code with the state left unchanged.

Blinds are 1/2 unless a test says otherwise; with three players in seats 1–3 and the button on
seat 3, seat 1 posts the small blind, seat 2 the big blind, and seat 3 acts first.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal as D
from typing import Any

import pytest

from casino.games.cards import CARDS
from casino.games.rubyrun import (
    Betting,
    BettingRound,
    HandOptions,
    Phase,
    RubyRunRules,
    RubyRunState,
    codes,
)
from tests.games.refusals import refuse


def start(
    stacks: Mapping[int, int] | None = None,
    *,
    button: int | None = None,
    options: HandOptions | None = None,
    **settings: Any,
) -> RubyRunState:
    """A hand with hole cards dealt (distinct low cards), in its first betting round."""
    stacks = stacks or {1: 100, 2: 100, 3: 100}
    state = RubyRunState(RubyRunRules(**settings), options or HandOptions())
    state.seat_players({seat: D(amount) for seat, amount in stacks.items()}, button or max(stacks))
    state.post_forced_bets()
    for index, seat in enumerate(sorted(stacks)):
        state.deal_hole_cards(seat, CARDS[3 * index : 3 * index + 3])
    return state


def to_second_round(state: RubyRunState) -> None:
    """Everyone calls or checks the first round; the over cards come (high, unused cards)."""
    while state.phase is Phase.BETTING:
        seat = state.to_act
        assert seat is not None
        state.check(seat) if state.can_check(seat) else state.call(seat)
    state.deal_over_cards([CARDS[51], CARDS[50], CARDS[49]])


def action_names(state: RubyRunState) -> list[str]:
    return [action["action"] for action in state.legal_actions()]


NO_LIMIT: dict[str, Any] = {"betting": Betting.NO_LIMIT}
POT_LIMIT: dict[str, Any] = {"betting": Betting.POT_LIMIT}


# -- turn and the basic refusals -------------------------------------------------------------------


def test_an_action_out_of_turn_is_refused() -> None:
    state = start()
    assert state.to_act == 3
    err = refuse(state, codes.OUT_OF_TURN, "call", 1)
    assert err.data == {"seat": 1, "to_act": 3}
    refuse(state, codes.OUT_OF_TURN, "fold", 2)
    refuse(state, codes.OUT_OF_TURN, "raise_to", 2, 4)
    refuse(state, codes.OUT_OF_TURN, "all_in", 1)
    refuse(state, codes.POSITION_NOT_IN_PLAY, "fold", 4)
    refuse(state, codes.POSITION_NOT_IN_PLAY, "fold", True)


def test_a_check_facing_a_bet_is_refused() -> None:
    state = start()
    err = refuse(state, codes.CHECK_FACING_BET, "check", 3)
    assert err.data == {"seat": 3, "to_call": "2"}
    state.call(3)
    err = refuse(state, codes.CHECK_FACING_BET, "check", 1)
    assert err.data["to_call"] == "1"


def test_the_big_blind_has_the_option_and_nothing_to_call() -> None:
    state = start()
    state.call(3)
    state.call(1)
    assert state.to_act == 2
    refuse(state, codes.NOTHING_TO_CALL, "call", 2)
    assert action_names(state) == ["fold", "check", "raise_to"]
    state.raise_to(2, 4)
    assert (state.to_act, state.betting_round) == (3, BettingRound.AFTER_HOLE_CARDS)
    state.call(3)
    state.call(1)
    assert state.phase is Phase.OVER_CARDS
    assert state.contributions == {1: D(4), 2: D(4), 3: D(4)}


def test_bet_and_raise_are_not_interchangeable() -> None:
    state = start(options=HandOptions(betting_after_over_cards=True))
    refuse(state, codes.BET_FACING_BET, "bet", 3, 2)
    to_second_round(state)
    assert (state.betting_round, state.to_act) == (BettingRound.AFTER_OVER_CARDS, 1)
    refuse(state, codes.NO_BET_TO_RAISE, "raise_to", 1, 4)
    refuse(state, codes.NOTHING_TO_CALL, "call", 1)


def test_folding_is_allowed_with_nothing_to_call() -> None:
    state = start(options=HandOptions(betting_after_over_cards=True))
    to_second_round(state)
    state.fold(1)
    assert 1 in state.folded and state.to_act == 2


@pytest.mark.parametrize(
    ("amount", "code"),
    [
        ("abc", codes.AMOUNT_INVALID),
        (4.0, codes.AMOUNT_INVALID),
        (0, codes.AMOUNT_INVALID),
        (-4, codes.AMOUNT_INVALID),
        ("NaN", codes.AMOUNT_INVALID),
        (D("4.5"), codes.AMOUNT_NOT_CHIP_MULTIPLE),
    ],
)
def test_amounts_must_be_positive_whole_chips(amount: Any, code: str) -> None:
    state = start()
    refuse(state, code, "raise_to", 3, amount)


def test_amounts_may_be_strings_or_integers() -> None:
    state = start(**NO_LIMIT)
    state.raise_to(3, "10")
    state.raise_to(1, 18)
    assert state.bets == {1: D(18), 2: D(2), 3: D(10)}


# -- fixed limit -----------------------------------------------------------------------------------


def test_fixed_limit_raises_by_exactly_one_bet() -> None:
    state = start()
    err = refuse(state, codes.RAISE_BELOW_MINIMUM, "raise_to", 3, 3)
    assert err.data == {"amount": "3", "minimum": "4"}
    err = refuse(state, codes.RAISE_ABOVE_LIMIT, "raise_to", 3, 6)
    assert err.data == {"amount": "6", "maximum": "4"}
    assert {"action": "raise_to", "seat": 3, "min": "4", "max": "4"} in state.legal_actions()
    state.raise_to(3, 4)
    refuse(state, codes.RAISE_BELOW_MINIMUM, "raise_to", 1, 5)
    refuse(state, codes.RAISE_ABOVE_LIMIT, "raise_to", 1, 8)
    state.raise_to(1, 6)


def test_fixed_limit_bets_the_big_bet_after_the_first_round() -> None:
    state = start(options=HandOptions(betting_after_over_cards=True))
    to_second_round(state)
    refuse(state, codes.BET_BELOW_MINIMUM, "bet", 1, 2)
    err = refuse(state, codes.BET_ABOVE_LIMIT, "bet", 1, 8)
    assert err.data == {"amount": "8", "maximum": "4"}
    state.bet(1, 4)
    refuse(state, codes.RAISE_ABOVE_LIMIT, "raise_to", 2, 12)
    state.raise_to(2, 8)
    assert state.current_bet == D(8)


def test_fixed_limit_caps_the_raises_of_a_round() -> None:
    state = start(max_raises=3)
    state.raise_to(3, 4)  # the big blind is the bet; this is the first raise
    state.raise_to(1, 6)
    state.raise_to(2, 8)
    err = refuse(state, codes.RAISE_CAP_REACHED, "raise_to", 3, 10)
    assert err.data == {"max_raises": 3}
    refuse(state, codes.RAISE_CAP_REACHED, "all_in", 3)
    assert action_names(state) == ["fold", "call"]
    state.call(3)
    state.call(1)
    assert state.phase is Phase.OVER_CARDS


def test_the_cap_counts_raises_per_round() -> None:
    state = start(max_raises=1, options=HandOptions(betting_after_over_cards=True))
    state.raise_to(3, 4)
    refuse(state, codes.RAISE_CAP_REACHED, "raise_to", 1, 6)
    to_second_round(state)
    state.bet(1, 4)
    state.raise_to(2, 8)
    refuse(state, codes.RAISE_CAP_REACHED, "raise_to", 3, 12)


def test_heads_up_uncapped_only_while_two_players_are_in() -> None:
    heads_up = start({1: 100, 2: 100}, max_raises=2, uncapped_heads_up=True)
    for target in (4, 6, 8, 10, 12):
        seat = heads_up.to_act
        assert seat is not None
        heads_up.raise_to(seat, target)
    assert heads_up.view()["raises"] == 5

    capped = start({1: 100, 2: 100}, max_raises=2)
    capped.raise_to(2, 4)
    capped.raise_to(1, 6)
    refuse(capped, codes.RAISE_CAP_REACHED, "raise_to", 2, 8)

    # Capped with three players in: a fold to heads-up does not lift it.
    three = start(max_raises=2, uncapped_heads_up=True)
    three.raise_to(3, 4)
    three.raise_to(1, 6)
    three.fold(2)
    refuse(three, codes.RAISE_CAP_REACHED, "raise_to", 3, 8)


def test_fixed_limit_all_in_above_the_limit_is_refused_and_below_a_raise_is_incomplete() -> None:
    state = start({1: 100, 2: 100, 3: 100})
    refuse(state, codes.RAISE_ABOVE_LIMIT, "all_in", 3)
    short = start({1: 100, 2: 100, 3: 3})
    assert {"action": "all_in", "seat": 3, "amount": "3", "total": "3"} in short.legal_actions()
    short.all_in(3)  # to 3: less than a full raise (to 4)
    assert short.current_bet == D(3)
    record = short.history[-1]
    assert (record.action, record.amount, record.all_in, record.full_raise) == (
        "all_in",
        D(3),
        True,
        False,
    )
    # The small blind has not acted yet: it may raise, by a full bet above the all-in.
    refuse(short, codes.RAISE_BELOW_MINIMUM, "raise_to", 1, 4)
    short.raise_to(1, 5)
    assert short.view()["raises"] == 1


# -- no limit --------------------------------------------------------------------------------------


def test_no_limit_minimum_raise_is_the_last_full_raise() -> None:
    state = start({1: 500, 2: 500, 3: 500, 4: 500}, button=4, **NO_LIMIT)
    # Seat 1 small blind, seat 2 big blind, seat 3 first.
    refuse(state, codes.RAISE_BELOW_MINIMUM, "raise_to", 3, 3)
    state.raise_to(3, 10)  # a raise of 8
    err = refuse(state, codes.RAISE_BELOW_MINIMUM, "raise_to", 4, 17)
    assert err.data["minimum"] == "18"
    state.raise_to(4, 30)  # a raise of 20
    refuse(state, codes.RAISE_BELOW_MINIMUM, "raise_to", 1, 49)
    state.raise_to(1, 50)
    assert state.view()["min_raise"] == "20"
    assert {"action": "raise_to", "seat": 2, "min": "70", "max": "500"} in state.legal_actions()


def test_no_limit_bets_range_from_the_big_blind_to_the_stack() -> None:
    state = start(options=HandOptions(betting_after_over_cards=True), **NO_LIMIT)
    to_second_round(state)
    refuse(state, codes.BET_BELOW_MINIMUM, "bet", 1, 1)
    err = refuse(state, codes.INSUFFICIENT_STACK, "bet", 1, 99)
    assert err.data == {"seat": 1, "amount": "99", "stack": "98"}
    assert {"action": "bet", "seat": 1, "min": "2", "max": "98"} in state.legal_actions()
    state.bet(1, 98)
    assert 1 in state.all_in_seats


def test_antes_only_no_limit_minimum_bet_is_the_ante() -> None:
    state = start(ante=D(5), small_blind=D(0), big_blind=D(0), **NO_LIMIT)
    assert (state.to_act, state.current_bet) == (1, D(0))
    refuse(state, codes.BET_BELOW_MINIMUM, "bet", 1, 4)
    state.bet(1, 5)
    refuse(state, codes.RAISE_BELOW_MINIMUM, "raise_to", 2, 9)
    state.raise_to(2, 10)


def test_an_all_in_below_a_full_raise_does_not_reopen_the_betting() -> None:
    state = start(
        {1: 500, 2: 500, 3: 500, 4: 25},
        button=4,
        ante=D(0),
        small_blind=D(0),
        big_blind=D(10),
        **NO_LIMIT,
    )
    # Single blind: seat 1 posts 10; seat 2 acts first.
    assert (state.big_blind_seat, state.to_act) == (1, 2)
    state.raise_to(2, 20)  # a full raise of 10
    state.call(3)
    state.all_in(4)  # to 25: 5 more, not a full raise
    assert state.current_bet == D(25)
    # The big blind has not acted: it may raise, by at least the last full raise.
    refuse(state, codes.RAISE_BELOW_MINIMUM, "raise_to", 1, 34)
    state.call(1)
    # Seats 2 and 3 acted and face only 5 more: call or fold.
    err = refuse(state, codes.RAISE_NOT_REOPENED, "raise_to", 2, 60)
    assert err.data == {"seat": 2, "facing": "5", "full_raise": "10"}
    refuse(state, codes.RAISE_NOT_REOPENED, "all_in", 2)
    assert action_names(state) == ["fold", "call"]
    state.call(2)
    state.call(3)
    assert state.phase is Phase.OVER_CARDS
    assert state.contributions == {1: D(25), 2: D(25), 3: D(25), 4: D(25)}


def test_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    state = start(
        {1: 1000, 2: 1000, 3: 150, 4: 210},
        button=4,
        ante=D(0),
        small_blind=D(0),
        big_blind=D(10),
        options=HandOptions(betting_after_over_cards=True),
        **NO_LIMIT,
    )
    for seat in (2, 3, 4, 1):
        state.call(seat) if state.can_call(seat) else state.check(seat)
    state.deal_over_cards([CARDS[51], CARDS[50], CARDS[49]])
    assert state.to_act == 1
    state.bet(1, 100)
    state.call(2)
    state.all_in(3)  # 140: 40 more, incomplete
    assert action_names(state)[:2] == ["fold", "call"]
    state.all_in(4)  # 200: 60 more, incomplete; seat 1 now faces 100 in all
    assert state.current_bet == D(200)
    assert "raise_to" in action_names(state)
    state.raise_to(1, 300)
    assert state.to_act == 2


def test_no_opponent_left_to_bet_against() -> None:
    state = start({1: 100, 2: 100, 3: 20}, **NO_LIMIT)
    state.all_in(3)
    state.fold(1)
    assert state.to_act == 2
    err = refuse(state, codes.NO_ACTIVE_OPPONENT, "raise_to", 2, 60)
    assert err.data == {"seat": 2}
    refuse(state, codes.NO_ACTIVE_OPPONENT, "all_in", 2)
    assert action_names(state) == ["fold", "call"]
    state.call(2)
    assert state.phase is Phase.OVER_CARDS


def test_a_short_call_puts_in_the_whole_stack() -> None:
    state = start({1: 100, 2: 100, 3: 100}, **NO_LIMIT)
    state.raise_to(3, 100)
    state.fold(1)
    state.call(2)
    assert state.all_in_seats == {2, 3}
    short = start({1: 100, 2: 100, 3: 30}, **NO_LIMIT)
    short.raise_to(3, 30)
    short.raise_to(1, 80)
    assert {"action": "call", "seat": 2, "amount": "78", "all_in": False} in short.legal_actions()
    short.call(2)
    assert short.phase is Phase.OVER_CARDS


def test_the_lone_player_covering_every_all_in_is_not_asked_to_act() -> None:
    """Heads-up, the button's small blind is all-in for 1: the big blind has nobody to bet
    against and has more in already, so the betting round closes at once."""
    state = start({1: 100, 2: 1}, button=2, **NO_LIMIT)
    assert (state.small_blind_seat, state.big_blind_seat) == (2, 1)
    assert state.phase is Phase.OVER_CARDS
    assert state.to_act is None


# -- pot limit -------------------------------------------------------------------------------------


def test_pot_limit_raise_is_the_pot_after_the_call() -> None:
    state = start(**POT_LIMIT)
    # Blinds 1 + 2; seat 3 calls 2, the pot is then 5: a pot raise goes to 7.
    err = refuse(state, codes.RAISE_ABOVE_LIMIT, "raise_to", 3, 8)
    assert err.data == {"amount": "8", "maximum": "7"}
    state.raise_to(3, 7)
    # Seat 1 calls 6, the pot is then 16: up to 23.
    assert {"action": "raise_to", "seat": 1, "min": "12", "max": "23"} in state.legal_actions()
    refuse(state, codes.RAISE_ABOVE_LIMIT, "raise_to", 1, 24)
    refuse(state, codes.RAISE_ABOVE_LIMIT, "all_in", 1)
    state.raise_to(1, 23)


def test_pot_limit_bet_is_at_most_the_pot() -> None:
    state = start(options=HandOptions(betting_after_over_cards=True), **POT_LIMIT)
    to_second_round(state)
    assert state.pot_total == D(6)
    refuse(state, codes.BET_ABOVE_LIMIT, "bet", 1, 7)
    state.bet(1, 6)


def test_pot_limit_all_in_within_the_limit_is_allowed() -> None:
    state = start({1: 100, 2: 100, 3: 6}, **POT_LIMIT)
    state.all_in(3)  # 6, under the pot raise of 7, and a full raise of 4
    assert state.current_bet == D(6)
    assert state.view()["min_raise"] == "4"
