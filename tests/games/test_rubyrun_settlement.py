"""Ruby Run side pots, rake and awards: the pure functions, then a five-player hand with three
all-ins of different sizes and split pots among them through the engine.

In every case the awards, the rake and the uncalled bets returned add up to the bets, to the cent.
"""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casino.games.cards import parse_cards
from casino.games.rubyrun import (
    Betting,
    HandOptions,
    HandResult,
    Rake,
    RakePolicy,
    RubyRunRules,
    RubyRunState,
    build_pots,
    round_down_to_chip,
    settle,
    showdown,
)
from casino.games.rubyrun_hands import HandKey, hand_key

LIVE = parse_cards("8h 9h Th 2c")


def key(hole: str) -> HandKey:
    return hand_key(parse_cards(hole), LIVE)


#: Against the live 8h 9h Th 2c: three equal hands (K T 9 8 6), two equal weaker ones (Q T 9 8 5)
#: and a longer run that beats them all.
KING = {1: "Kc 6d 3s", 3: "Ks 6s 3c", 4: "Kd 6c 4s"}
QUEEN = {2: "Qd 5c 4h", 5: "Qs 5d 4d"}
LONG_RUN = "Jh 4c 3d"


def assert_books_balance(result: HandResult) -> None:
    paid = sum((award.amount for award in result.awards), D(0))
    returned = sum(result.returned_uncalled.values(), D(0))
    assert paid + result.rake + returned == sum(result.contributions.values())
    for award in result.awards:
        assert sum(award.shares.values(), D(0)) == award.amount


# -- build_pots ------------------------------------------------------------------------------------


def test_equal_contributions_make_one_pot() -> None:
    pots, back = build_pots({1: D(20), 2: D(20), 3: D(20)}, folded=())
    assert [(p.index, p.amount, p.eligible) for p in pots] == [(0, D(60), (1, 2, 3))]
    assert back == {}


def test_three_all_ins_of_different_sizes_make_a_main_and_three_side_pots() -> None:
    contributions = {1: D(31), 2: D(60), 3: D(101), 4: D(500), 5: D(500)}
    pots, back = build_pots(contributions, folded=())
    assert [(p.index, p.amount, p.eligible) for p in pots] == [
        (0, D(155), (1, 2, 3, 4, 5)),
        (1, D(116), (2, 3, 4, 5)),
        (2, D(123), (3, 4, 5)),
        (3, D(798), (4, 5)),
    ]
    assert back == {}
    assert sum(p.amount for p in pots) == sum(contributions.values())


def test_folded_chips_stay_in_the_pots_they_reached_without_a_claim() -> None:
    contributions = {1: D(10), 2: D(40), 3: D(100), 4: D(100), 5: D(70)}
    pots, back = build_pots(contributions, folded={2, 5})
    assert [(p.amount, p.eligible) for p in pots] == [
        (D(50), (1, 3, 4)),  # 10 from each
        (D(270), (3, 4)),  # 30 + 90 + 90 + 60 above the first level
    ]
    assert back == {}


def test_the_uncalled_part_of_the_largest_bet_goes_back() -> None:
    pots, back = build_pots({1: D(50), 2: D(120), 3: D(30)}, folded={3})
    assert [(p.amount, p.eligible) for p in pots] == [(D(130), (1, 2))]
    assert back == {2: D(70)}
    pots, back = build_pots({1: D(2), 2: D(1), 3: D(0)}, folded={2, 3})
    assert [(p.amount, p.eligible) for p in pots] == [(D(2), (1,))]
    assert back == {1: D(1)}


def test_a_lone_contribution_is_all_returned() -> None:
    pots, back = build_pots({1: D(2), 2: D(0), 3: D(0)}, folded={2, 3})
    assert (pots, back) == ((), {1: D(2)})
    assert build_pots({}, ()) == ((), {})


def test_a_hand_of_one_seat_gets_its_chips_back() -> None:
    """Nobody matched any of it: the whole contribution is uncalled, and there is no pot."""
    assert build_pots({4: D(7)}, folded=()) == ((), {4: D(7)})


def test_folded_chips_above_the_last_live_level_go_to_the_top_pot() -> None:
    """No chip is left outside a pot: the two folded 30s reach above the live seat's 10, and
    the pot it contests takes them (RULES A.2: every pot is contested by the seats still in)."""
    pots, back = build_pots({1: D(10), 2: D(30), 3: D(30)}, folded={2, 3})
    assert [(p.amount, p.eligible) for p in pots] == [(D(70), (1,))]
    assert back == {}


def test_when_nobody_still_in_put_in_anything_one_pot_takes_every_chip() -> None:
    """The seat still in put in nothing (its blind was all its chips, say) yet contests the pot
    the folded chips make: one pot at level zero, so that no chip is left out."""
    pots, back = build_pots({1: D(0), 2: D(5), 3: D(5)}, folded={2, 3})
    assert [(p.index, p.amount, p.eligible) for p in pots] == [(0, D(10), (1,))]
    assert back == {}


def test_a_hand_without_a_pot_rakes_decimal_zero() -> None:
    """Money is ``Decimal``: the rake of a hand whose only chips went back uncalled."""
    result = settle({1: D(2), 2: D(0)}, {2}, None, order=(1, 2), rake=RakePolicy(percent=D(5)))
    assert (result.awards, result.returned_uncalled) == ((), {1: D(2)})
    assert result.rake == D(0) and type(result.rake) is D


# -- rake and splits -------------------------------------------------------------------------------


def test_rake_is_rounded_down_to_the_chip_and_capped_per_hand() -> None:
    policy = RakePolicy(percent=D(5), cap=D("2.50"), chip_unit=D("0.25"))
    # 5% of 33.70 = 1.685 -> 1.50; the cap has 1.00 left: 5% of 40 = 2 -> 1.00; then nothing.
    assert policy.rakes([D("33.70"), D(40), D(40)]) == [D("1.50"), D("1.00"), D(0)]
    assert RakePolicy().rakes([D(100), D(7)]) == [D(0), D(0)]
    uncapped = RakePolicy(percent=D(10), chip_unit=D(1))
    assert uncapped.rakes([D(19), D(101)]) == [D(1), D(10)]


def test_the_rake_policy_follows_the_rules() -> None:
    percent = RubyRunRules(rake=Rake.PERCENT, rake_percent=D(5), rake_cap=D(3))
    assert RakePolicy.from_rules(percent) == RakePolicy(percent=D(5), cap=D(3), chip_unit=D(1))
    # The rake is cut down to the table's chip, whatever it is.
    halves = RubyRunRules(rake=Rake.PERCENT, rake_percent=D(5), rake_cap=D(3), chip_unit=D("0.5"))
    assert RakePolicy.from_rules(halves).chip_unit == D("0.5")
    # A seat fee is charged per hour, never from a pot.
    hourly = RubyRunRules(rake=Rake.SEAT_FEE, seat_fee_per_hour=D(10))
    assert RakePolicy.from_rules(hourly).rakes([D(1000)]) == [D(0)]


def test_round_down_to_chip() -> None:
    assert round_down_to_chip(D("51.66"), D(1)) == D(51)
    assert round_down_to_chip(D("7.99"), D("0.5")) == D("7.5")
    assert round_down_to_chip(D(10), D(5)) == D(10)


def test_odd_chips_go_one_at_a_time_clockwise_from_the_button() -> None:
    hands = {seat: key(hole) for seat, hole in KING.items()}
    contributions = {1: D(52), 3: D(52), 4: D(52)}
    order = (3, 4, 1)  # the button is seat 1: seat 3 is first on its left
    result = settle(contributions, (), hands, order=order, rake=RakePolicy())
    (award,) = result.awards
    assert (award.seats, award.shares, award.odd_chip_to) == (
        (3, 4, 1),
        {3: D(52), 4: D(52), 1: D(52)},
        None,
    )
    # 1% of 156 is 1.56, rounded down to 1; 155 is 3 x 51 and two odd chips, to seats 3 and 4.
    result = settle(contributions, (), hands, order=order, rake=RakePolicy(percent=D(1)))
    (award,) = result.awards
    assert (award.rake, award.amount) == (D(1), D(155))
    assert (award.shares, award.odd_chip_to) == ({3: D(52), 4: D(52), 1: D(51)}, 3)
    assert_books_balance(result)
    # 10% of 156 is 15.6, rounded down to 15; 141 is 3 x 47.
    result = settle(contributions, (), hands, order=order, rake=RakePolicy(percent=D(10)))
    (award,) = result.awards
    assert (award.rake, award.shares) == (D(15), {3: D(47), 4: D(47), 1: D(47)})


def test_a_split_in_quarter_chips() -> None:
    hands = {seat: key(hole) for seat, hole in KING.items()}
    result = settle(
        {1: D("1.25"), 3: D("1.25"), 4: D("1.25")},
        (),
        hands,
        order=(4, 1, 3),
        rake=RakePolicy(chip_unit=D("0.25")),
    )
    (award,) = result.awards
    # 3.75 = 3 x 1.25 exactly
    assert award.shares == {4: D("1.25"), 1: D("1.25"), 3: D("1.25")}
    result = settle(
        {1: D("1.25"), 3: D("1.25"), 4: D("1.25"), 2: D("0.25")},
        {2},
        hands,
        order=(2, 4, 1, 3),
        rake=RakePolicy(chip_unit=D("0.25")),
    )
    (award,) = result.awards
    # 4.00 = 3 x 1.25 + one quarter, to seat 4, the first winner on the button's left
    assert award.shares == {4: D("1.50"), 1: D("1.25"), 3: D("1.25")}
    assert award.odd_chip_to == 4


def test_without_a_showdown_the_last_player_takes_every_pot_unseen() -> None:
    result = settle({1: D(10), 2: D(30), 3: D(5)}, {1, 3}, None, order=(1, 2, 3), rake=RakePolicy())
    assert not result.showdown
    assert [(a.amount, a.seats, a.hands) for a in result.awards] == [(D(25), (2,), {})]
    assert result.returned_uncalled == {2: D(20)}
    assert_books_balance(result)


# -- through the engine ----------------------------------------------------------------------------


def all_in_hand(*, rake_percent: D | None = None) -> RubyRunState:
    """Five players, blinds 1/2 no limit, button on seat 5: seat 1 is all-in for 31, seat 2 for
    60, seat 3 for 101, seats 4 and 5 for 500 each; the board keeps 8h 9h 10h and the 2c live."""
    settings: dict[str, Any] = {"betting": Betting.NO_LIMIT}
    if rake_percent is not None:
        settings |= {"rake": Rake.PERCENT, "rake_percent": rake_percent, "rake_cap": D(5)}
    state = RubyRunState(RubyRunRules(**settings), HandOptions())
    state.seat_players({1: D(31), 2: D(60), 3: D(101), 4: D(500), 5: D(500)}, button=5)
    state.post_forced_bets()
    for seat, hole in (KING | QUEEN).items():
        state.deal_hole_cards(seat, hole)
    state.all_in(3)
    state.call(4)
    state.all_in(5)
    state.all_in(1)
    state.all_in(2)
    state.call(4)
    state.deal_over_cards("8h 9h 10h")
    state.deal_under_cards("As Jc Qh")
    state.deal_slam("2c")
    return state


def test_three_all_ins_with_split_pots_through_the_engine() -> None:
    state = all_in_hand()
    result = state.hand_result
    assert result is not None
    assert result.contributions == {1: D(31), 2: D(60), 3: D(101), 4: D(500), 5: D(500)}
    summary = [
        (a.pot, a.amount, a.eligible, a.seats, a.shares, a.odd_chip_to) for a in result.awards
    ]
    assert summary == [
        # 155 among three equal kings: 51 each and two odd chips, clockwise from the button.
        (0, D(155), (1, 2, 3, 4, 5), (1, 3, 4), {1: D(52), 3: D(52), 4: D(51)}, 1),
        (1, D(116), (2, 3, 4, 5), (3, 4), {3: D(58), 4: D(58)}, None),
        (2, D(123), (3, 4, 5), (3, 4), {3: D(62), 4: D(61)}, 3),
        (3, D(798), (4, 5), (4,), {4: D(798)}, None),
    ]
    award = result.awards[0]
    assert award.hands == {
        1: "suited red run of 3; high card: K T 9 8 6",
        2: "suited red run of 3; high card: Q T 9 8 5",
        3: "suited red run of 3; high card: K T 9 8 6",
        4: "suited red run of 3; high card: K T 9 8 6",
        5: "suited red run of 3; high card: Q T 9 8 5",
    }
    assert set(result.awards[3].hands) == {4, 5}
    assert result.winnings == {1: D(52), 3: D(172), 4: D(968)}
    assert state.final_stacks == {1: D(52), 2: D(0), 3: D(172), 4: D(968), 5: D(0)}
    assert_books_balance(result)
    pots, back = state.pots()
    assert [p.amount for p in pots] == [D(155), D(116), D(123), D(798)] and back == {}


def test_the_same_hand_with_a_rake_capped_at_five() -> None:
    state = all_in_hand(rake_percent=D(10))
    result = state.hand_result
    assert result is not None
    assert [(a.pot, a.rake, a.amount, a.shares) for a in result.awards] == [
        (0, D(5), D(150), {1: D(50), 3: D(50), 4: D(50)}),
        (1, D(0), D(116), {3: D(58), 4: D(58)}),
        (2, D(0), D(123), {3: D(62), 4: D(61)}),
        (3, D(0), D(798), {4: D(798)}),
    ]
    assert result.rake == D(5)
    assert_books_balance(result)
    final = state.final_stacks
    assert final is not None
    assert sum(final.values()) + result.rake == D(1192)


def test_a_longer_run_sweeps_every_pot_it_is_eligible_for() -> None:
    state = RubyRunState(RubyRunRules(betting=Betting.NO_LIMIT), HandOptions())
    state.seat_players({1: D(31), 2: D(60), 3: D(101), 4: D(500)}, button=4)
    state.post_forced_bets()
    holes = {1: KING[1], 2: LONG_RUN, 3: KING[3], 4: KING[4]}
    for seat, hole in holes.items():
        state.deal_hole_cards(seat, hole)
    state.all_in(3)
    state.call(4)
    state.all_in(1)
    state.all_in(2)
    state.deal_over_cards("8h 9h 10h")
    state.deal_under_cards("As Jc Qh")
    state.deal_slam("2c")
    result = state.hand_result
    assert result is not None
    assert [(a.amount, a.seats) for a in result.awards] == [
        (D(124), (2,)),  # 31 x 4
        (D(87), (2,)),  # 29 x 3
        (D(82), (3, 4)),  # 41 x 2, seat 2 cannot win it
    ]
    assert result.awards[0].hands[2] == "suited red run of 4; high card: J T 9 8 4"
    assert result.returned_uncalled == {}
    assert_books_balance(result)


# -- a property over random bets -------------------------------------------------------------------


HOLES = ["Kc 6d 3s", "Ks 6s 3c", "Kd 6c 4s", "Qd 5c 4h", "Qs 5d 4d", "Jh 4c 3d", "Ad 7c 5s"]


@given(
    paid=st.lists(st.integers(0, 400), min_size=2, max_size=7),
    folded_mask=st.lists(st.booleans(), min_size=7, max_size=7),
    percent=st.sampled_from([D(0), D("2.5"), D(5), D(10)]),
    cap=st.sampled_from([None, D(1), D(3), D(20)]),
    unit=st.sampled_from([D(1), D("0.25"), D(5)]),
    button=st.integers(0, 6),
)
def test_pots_and_awards_conserve_every_chip(
    paid: list[int],
    folded_mask: list[bool],
    percent: D,
    cap: D | None,
    unit: D,
    button: int,
) -> None:
    seats = list(range(1, len(paid) + 1))
    contributions = {seat: unit * amount for seat, amount in zip(seats, paid, strict=True)}
    folded = {seat for seat in seats if folded_mask[seat - 1]}
    if len(folded) == len(seats):
        folded.discard(seats[0])
    live = [seat for seat in seats if seat not in folded]
    hands = {seat: key(HOLES[seat - 1]) for seat in live} if len(live) > 1 else None
    start = button % len(seats)
    order = seats[start + 1 :] + seats[: start + 1]
    policy = RakePolicy(percent=percent, cap=cap, chip_unit=unit)
    result = settle(contributions, folded, hands, order=order, rake=policy)
    assert_books_balance(result)
    pots, returned = build_pots(contributions, folded)
    assert returned == result.returned_uncalled
    for award, pot in zip(result.awards, pots, strict=True):
        assert award.amount + award.rake == pot.amount
        assert set(award.seats) <= set(pot.eligible) and award.seats
        assert award.rake == round_down_to_chip(award.rake, unit)
        shares = [award.shares[seat] for seat in award.seats]
        # Equal shares but for single odd chips, handed out in clockwise order.
        assert shares == sorted(shares, reverse=True)
        assert max(shares) - min(shares) in (D(0), unit)
        if hands is not None:
            best = max(hands[seat] for seat in pot.eligible)
            assert {seat for seat in pot.eligible if hands[seat] == best} == set(award.seats)
    if cap is not None:
        assert result.rake <= cap


@pytest.mark.parametrize("unit", [D(1), D("0.5")])
def test_settlement_is_deterministic(unit: D) -> None:
    contributions = {1: unit * 7, 2: unit * 7, 3: unit * 7}
    hands = {seat: key(KING.get(seat, "Kd 6c 4s")) for seat in (1, 2, 3)}
    first = settle(contributions, (), hands, order=(2, 3, 1), rake=RakePolicy(chip_unit=unit))
    again = settle(contributions, (), hands, order=(2, 3, 1), rake=RakePolicy(chip_unit=unit))
    assert first == again
    assert first.to_dict() == again.to_dict()


def test_a_hand_s_result_is_stored_with_every_figure_under_its_name() -> None:
    """``HandResult.to_dict``, what the settlement keeps of a hand: "``contributions`` is
    everything each seat put in (antes, blinds, bets), ``returned_uncalled`` the part of a bet
    nobody called, handed back ..., ``winnings`` the total each winner received from the
    awards, and ``showdown`` whether hands were compared"; each award says what the pot paid,
    to whom, the rake, and the first winner of an odd chip (``Award``). Amounts are decimal
    strings, seats keys as text."""
    hands = {1: key("Kc 6d 3s"), 2: key("Ks 6s 3d")}
    result = settle({1: D(160), 2: D(150), 3: D(1)}, {3}, hands, order=(1, 2, 3), rake=RakePolicy())
    stored = result.to_dict()
    [award] = stored.pop("awards")
    assert stored == {
        "rake": "0",
        "contributions": {"1": "160", "2": "150", "3": "1"},
        "returned_uncalled": {"1": "10"},
        "showdown": True,
        "winnings": {"1": "151", "2": "150"},
    }
    same = "suited red run of 3; high card: K T 9 8 6"
    grades = award.pop("grades")
    assert {seat: grade["text"] for seat, grade in grades.items()} == {"1": same, "2": same}
    assert award == {
        "pot": 0,
        "amount": "301",
        "seats": [1, 2],
        "hands": {"1": same, "2": same},
        "odd_chip_to": 1,
        "shares": {"1": "151", "2": "150"},
        "rake": "0",
        "eligible": [1, 2],
    }


def test_a_raked_pot_is_stored_with_its_rake() -> None:
    """``Award.amount`` "is what the winners received (the pot less its ``rake``)"."""
    result = settle(
        {1: D(20), 2: D(20)},
        {2},
        None,
        order=(1, 2),
        rake=RakePolicy(percent=D(10), cap=D(3)),
    )
    [award] = result.to_dict()["awards"]
    assert (award["amount"], award["rake"], award["odd_chip_to"]) == ("37", "3", None)
    assert result.to_dict()["rake"] == "3"


def test_a_showdown_counts_no_ace_low_run_unless_the_table_announces_it() -> None:
    """RULES A.2: "Ace below 2 in a run: no" by default (an option announced before the deal);
    RULES 2.5 RR15 and RR16: on Ah 2h 8c 3c live, 3h 10s 10d holds two pair without the option,
    losing to trips, and the suited red run A-2-3 with it, winning."""
    live = parse_cards("Ah 2h 8c 3c")
    holes = {1: parse_cards("3h 10s 10d"), 2: parse_cards("8s 8d 6d")}
    bets = {1: D(10), 2: D(10)}
    default = showdown(holes, live, bets, (), order=(1, 2), rake=RakePolicy())
    announced = showdown(holes, live, bets, (), order=(1, 2), rake=RakePolicy(), ace_low=True)
    assert [a.seats for a in default.awards] == [(2,)]
    assert [a.seats for a in announced.awards] == [(1,)]
