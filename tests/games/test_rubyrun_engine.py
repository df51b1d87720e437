"""Ruby Run engine: every vector of RULES.md 2.5 (RR01–RR31) played through a whole hand, the
phases of a hand, the board and its liveness, the refusals of the non-betting actions, events,
replay and the tablet's view.

In the vectors, player A sits in seat 1 and B in seat 2 (C in seat 3), the button on the last
player, so A is the first seat clockwise from the button. Every player antes 50 at a table
without blinds and everyone checks, which makes the vectors' "pot 100" for two players.
"""

from __future__ import annotations

import doctest
import json
from collections.abc import Mapping
from decimal import Decimal as D
from typing import Any, NamedTuple

import pytest

import casino.games.rubyrun.betting as betting_module
import casino.games.rubyrun.events as events_module
import casino.games.rubyrun.rules as rules_module
import casino.games.rubyrun.settlement as settlement_module
import casino.games.rubyrun.state as state_module
from casino.games.cards import parse_card, parse_cards
from casino.games.errors import GameError
from casino.games.rubyrun import (
    EVENT_KINDS,
    PHASE_ACTIONS,
    Action,
    Betting,
    BettingRound,
    Event,
    ForcedBetsPosted,
    HandOptions,
    HandResult,
    OverCardsDealt,
    Phase,
    PlayersSeated,
    Rake,
    RubyRunRules,
    RubyRunState,
    UnderCards,
    UnderCardsDealt,
    UnderCardsRevealed,
    codes,
    event_from_dict,
    replay,
    settle_hand,
)
from tests.games.refusals import refuse

# -- helpers ------------------------------------------------------------------------------------


def ante_table(**settings: Any) -> RubyRunRules:
    values: dict[str, Any] = {"ante": D(50), "small_blind": D(0), "big_blind": D(0)}
    return RubyRunRules(**(values | settings))


def seated(
    holes: Mapping[int, str],
    *,
    rules: RubyRunRules | None = None,
    options: HandOptions | None = None,
    button: int | None = None,
    stack: D = D(1000),
) -> RubyRunState:
    """A hand with hole cards dealt, waiting for the first betting round."""
    state = RubyRunState(rules or ante_table(), options or HandOptions())
    state.seat_players({seat: stack for seat in holes}, button=button or max(holes))
    state.post_forced_bets()
    for seat, cards in holes.items():
        state.deal_hole_cards(seat, cards)
    return state


def phase_of(state: RubyRunState) -> Phase:
    """The phase, read afresh (an ``assert state.phase is ...`` would narrow it for mypy)."""
    return state.phase


def check_around(state: RubyRunState) -> None:
    while state.phase is Phase.BETTING:
        seat = state.to_act
        assert seat is not None
        if state.can_check(seat):
            state.check(seat)
        else:
            state.call(seat)


def deal_board(state: RubyRunState, over: str, under: str, slam: str) -> None:
    """Deal the board the way the table's rule deals it; reveal when the Slam calls for it."""
    state.deal_over_cards(over)
    check_around(state)
    face_down = state.rules.under_cards is UnderCards.FACE_DOWN
    state.deal_under_cards(None if face_down else under)
    state.deal_slam(slam)
    if state.phase is Phase.REVEAL:
        state.reveal_under_cards(under)
    check_around(state)


def play(
    over: str,
    under: str,
    slam: str,
    holes: Mapping[int, str],
    *,
    rules: RubyRunRules | None = None,
    options: HandOptions | None = None,
) -> RubyRunState:
    state = seated(holes, rules=rules, options=options)
    check_around(state)
    deal_board(state, over, under, slam)
    assert phase_of(state) is Phase.COMPLETE
    return state


def assert_books_balance(result: HandResult) -> None:
    paid = sum((award.amount for award in result.awards), D(0))
    returned = sum(result.returned_uncalled.values(), D(0))
    assert paid + result.rake + returned == sum(result.contributions.values())
    for award in result.awards:
        assert sum(award.shares.values(), D(0)) == award.amount


@pytest.mark.parametrize(
    "module", [betting_module, events_module, settlement_module, rules_module, state_module]
)
def test_doctests(module: Any) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


# -- RULES 2.5 through the engine -----------------------------------------------------------------


class Vector(NamedTuple):
    board: str  # "over | under | slam"
    a: str
    b: str
    winner: str  # "A", "B" or "split"
    hand_a: str  # how A's hand key is described (its beginning)
    hand_b: str
    ace_low: bool = False


VECTORS = {
    "RR01": Vector(
        "9h 10h Ks | Jd Qd Ac | 7c",
        "Jh 2c 3d",
        "Kd Kh 5s",
        "A",
        "suited red run of 3",
        "no run; trips",
    ),
    "RR02": Vector(
        "9h 10h Ks | Jd Qd Ac | Qs",
        "Jh 2c 3d",
        "Kd Kh 5s",
        "B",
        "no run; two pair: Q Q J J",
        "suited red run of 3; two pair: K K Q Q",
    ),
    "RR03": Vector(
        "4s 5s 8d | Jc Qc Kc | 10d",
        "6s 2h 2d",
        "Ac 9h 3h",
        "A",
        "suited black run of 3",
        "mixed red run of 3",
    ),
    "RR04": Vector(
        "4s 5s 8d | Jc Qc Kc | Ad",
        "6s 2h 2d",
        "Ac 9h 3h",
        "B",
        "suited black run of 3",
        "suited black run of 4",
    ),
    "RR07": Vector(
        "7s 8s 9h | 2d 3d 4c | 10h",
        "6s 5s Kd",
        "Jh Qd 2c",
        "A",
        "suited black run of 4",
        "suited red run of 3",
    ),
    "RR08": Vector(
        "7s 8h 9h | 2d 3d 4c | 5c",
        "10h Ad Kd",
        "6s 5s Qc",
        "A",
        "suited red run of 3",
        "suited black run of 3",
    ),
    "RR10": Vector(
        "4c 5s 6h | Jc Qd Kh | 2d",
        "6c 7s Kd",
        "7h 8d Ac",
        "A",
        "mixed black run of 4",
        "mixed red run of 3",
    ),
    "RR12": Vector(
        "8h 9h 10h | Ac Kd Qc | 2c",
        "Kc 6d 3s",
        "Ks 6s 3d",
        "split",
        "suited red run of 3; high card: K T 9 8 6",
        "suited red run of 3; high card: K T 9 8 6",
    ),
    "RR13": Vector(
        "Ks 9s 2h | 5d 6d 7c | 3s",
        "As 4s 10c",
        "Qd Jc 10h",
        "A",
        "no run; flush",
        "no run; straight",
    ),
    "RR14": Vector(
        "Ah 2c 9s | Jd Qd Ks | 5d",
        "3s 4h 10c",
        "9h Kc 6c",
        "B",
        "no run; high card: A T 9 5 4",
        "no run; pair: 9 9",
    ),
    "RR15": Vector(
        "Ah 2h 8c | Jd Qs Ks | 3c",
        "3h 10s 10d",
        "8s 8d 6d",
        "B",
        "no run; two pair",
        "no run; trips: 8 8 8",
    ),
    "RR16": Vector(
        "Ah 2h 8c | Jd Qs Ks | 3c",
        "3h 10s 10d",
        "8s 8d 6d",
        "A",
        "suited red run of 3",
        "no run; trips: 8 8 8",
        ace_low=True,
    ),
    "RR18": Vector(
        "Kh Ah 6s | Jc 10c 8d | 4c",
        "2h 7d 7s",
        "Qs Qc 3d",
        "B",
        "no run; pair: 7 7",
        "no run; pair: Q Q",
        ace_low=True,
    ),
    "RR19": Vector(
        "5h 7h 2c | Jc Qs Kd | 9c",
        "6d 3s 4s",
        "6s Ac Ad",
        "A",
        "mixed red run of 3",
        "no run; pair: A A",
    ),
    "RR20": Vector(
        "8h 9h 10h | 2c 5d 7s | Js",
        "Jh 4c 3d",
        "Jc Jd 2d",
        "B",
        "no run; pair: J J",
        "no run; full house: J J J 2 2",
    ),
    "RR21": Vector(
        "Kd 9d 2d | 4h 6c Qh | 8h",
        "Ad 3d 10c",
        "3c 4s 5c",
        "B",
        "no run; flush: A K 9 3 2",
        "mixed black run of 3",
    ),
    "RR22": Vector(
        "5c 6c 7c | Jd Qh 2s | 8c",
        "9c 4h 2h",
        "10s 10d 3h",
        "A",
        "suited black run of 5",
        "suited black run of 4",
    ),
    "RR26": Vector(
        "9s Jc Jd | 2h 3s 4s | 4d",
        "Js Jh 4c",
        "10s 8s 2d",
        "B",
        "no run; quads: J J J J",
        "suited black run of 3",
    ),
    "RR27": Vector(
        "6h 7h 6s | Jc Qd Kh | 7s",
        "8h 9h 2c",
        "8s 9s 2d",
        "A",
        "suited red run of 4",
        "suited black run of 4",
    ),
    "RR28": Vector(
        "Ac Kd 7s | 2h 3h 4h | 9c",
        "Qh Jc 5c",
        "Qs Jd 5d",
        "split",
        "no run; high card: A K Q J 9",
        "no run; high card: A K Q J 9",
    ),
}


def board_of(vector: Vector) -> tuple[str, str, str]:
    over, under, slam = (part.strip() for part in vector.board.split("|"))
    return over, under, slam


@pytest.mark.parametrize("vector_id", sorted(VECTORS))
@pytest.mark.parametrize("under_cards", list(UnderCards))
def test_rr_vectors_two_players_pot_100(vector_id: str, under_cards: UnderCards) -> None:
    """Each two-player vector of RULES 2.5, under both ways of dealing the under cards: the
    face-down rule changes what is seen, never who wins."""
    vector = VECTORS[vector_id]
    over, under, slam = board_of(vector)
    state = play(
        over,
        under,
        slam,
        {1: vector.a, 2: vector.b},
        rules=ante_table(under_cards=under_cards),
        options=HandOptions(ace_low_runs=vector.ace_low),
    )
    result = state.hand_result
    assert result is not None and result.showdown
    (award,) = result.awards
    assert (award.pot, award.amount, award.rake, award.eligible) == (0, D(100), D(0), (1, 2))
    assert award.hands[1].startswith(vector.hand_a)
    assert award.hands[2].startswith(vector.hand_b)
    if vector.winner == "split":
        assert award.seats == (1, 2)
        assert award.shares == {1: D(50), 2: D(50)}
        assert award.odd_chip_to is None
        assert state.final_stacks == {1: D(1000), 2: D(1000)}
    else:
        seat = 1 if vector.winner == "A" else 2
        assert award.seats == (seat,)
        assert award.shares == {seat: D(100)}
        assert state.final_stacks == {seat: D(1050), 3 - seat: D(950)}
    assert result.returned_uncalled == {}
    assert_books_balance(result)
    assert state.live_cards == parse_cards(
        (over if parse_card(slam).rank <= 10 else under) + " " + slam
    )


def test_rr15_and_rr16_the_ace_low_announcement_is_per_hand() -> None:
    """The table's default decides unless the hand's options say otherwise (RR15/RR16)."""
    over, under, slam = board_of(VECTORS["RR15"])
    holes = {1: VECTORS["RR15"].a, 2: VECTORS["RR15"].b}
    table_on = ante_table(ace_low_runs=True)
    by_default = play(over, under, slam, holes, rules=table_on)
    overridden = play(
        over, under, slam, holes, rules=table_on, options=HandOptions(ace_low_runs=False)
    )
    assert by_default.hand_result is not None and overridden.hand_result is not None
    assert by_default.hand_result.awards[0].seats == (1,)  # RR16
    assert overridden.hand_result.awards[0].seats == (2,)  # RR15
    assert by_default.options.ace_low_runs is True
    assert overridden.view()["options"]["ace_low_runs"] is False


def rr23_holes() -> dict[int, str]:
    return {1: "Kc 6d 3s", 2: "Ks 6s 3d", 3: "Qs 7d 4s", 4: "2h 2s 5c"}


RR23_BOARD = ("8h 9h 10h", "Ac Kd Qc", "2c")


@pytest.mark.parametrize(("button", "odd_chip_to"), [(4, 1), (1, 2), (2, 1)])
def test_rr23_odd_chip_to_the_first_winner_clockwise_from_the_button(
    button: int, odd_chip_to: int
) -> None:
    """Pot 301 between A (seat 1), B (seat 2) and C (seat 3): A and B split; the odd chip goes
    to whichever of them sits first clockwise from the button (A in the vector). Seat 4 antes
    1 and folds, which makes the odd pot."""
    rules = RubyRunRules(ante=D(1), small_blind=D(0), big_blind=D(0), betting=Betting.NO_LIMIT)
    state = seated(rr23_holes(), rules=rules, button=button)
    while state.phase is Phase.BETTING:
        seat = state.to_act
        assert seat is not None
        if seat == 4:
            state.fold(seat)
        elif state.can_bet(seat, 99):
            state.bet(seat, 99)
        else:
            state.call(seat)
    deal_board(state, *RR23_BOARD)
    result = state.hand_result
    assert result is not None
    (award,) = result.awards
    assert (award.amount, award.eligible) == (D(301), (1, 2, 3))
    assert award.seats == (odd_chip_to, 3 - odd_chip_to)  # clockwise from the button
    assert award.odd_chip_to == odd_chip_to
    assert award.shares[odd_chip_to] == D(151)
    assert award.shares[3 - odd_chip_to] == D(150)
    assert award.hands[1] == award.hands[2] == "suited red run of 3; high card: K T 9 8 6"
    assert award.hands[3].startswith("suited red run of 3; high card: Q")
    assert 4 not in award.hands
    assert_books_balance(result)


def test_rr23_with_c_all_in_short_the_split_spans_two_pots() -> None:
    """The same 301 in chips when C is all-in for 99: a main pot of 297 (A, B, C) and a side
    pot of 4 (A, B); A and B split both, A taking the main pot's odd chip: 151 and 150."""
    rules = RubyRunRules(ante=D(1), small_blind=D(0), big_blind=D(0), betting=Betting.NO_LIMIT)
    state = RubyRunState(rules, HandOptions())
    state.seat_players({1: D(500), 2: D(500), 3: D(99)}, button=3)
    state.post_forced_bets()
    for seat, cards in list(rr23_holes().items())[:3]:
        state.deal_hole_cards(seat, cards)
    state.bet(1, 100)
    state.call(2)
    state.all_in(3)
    deal_board(state, *RR23_BOARD)
    result = state.hand_result
    assert result is not None
    assert [(a.pot, a.amount, a.eligible, a.shares, a.odd_chip_to) for a in result.awards] == [
        (0, D(297), (1, 2, 3), {1: D(149), 2: D(148)}, 1),
        (1, D(4), (1, 2), {1: D(2), 2: D(2)}, None),
    ]
    assert result.winnings == {1: D(151), 2: D(150)}
    assert_books_balance(result)


def test_rr31_face_down_under_cards_are_mucked_unseen_on_a_number_slam() -> None:
    """RR31: the over cards and the Slam play; the under cards are never recorded, never shown,
    and cannot be revealed afterwards."""
    rules = ante_table(under_cards=UnderCards.FACE_DOWN)
    state = seated({1: "Jh 2c 3d", 2: "Kd Kh 5s"}, rules=rules)
    check_around(state)
    state.deal_over_cards("9h 10h Ks")
    refuse(state, codes.UNDER_CARDS_FACE_DOWN, "deal_under_cards", "Jd Qd Ac")
    state.deal_under_cards(None)
    assert state.view()["board"]["under_dealt"] is True
    state.deal_slam("6c")
    assert phase_of(state) is Phase.COMPLETE
    assert state.live_cards == parse_cards("9h Th Ks 6c")
    assert state.under_cards is None
    assert not state.seen_cards & set(parse_cards("Jd Qd Ac"))
    assert UnderCardsDealt(cards=None) in state.events
    assert not any(isinstance(event, UnderCardsRevealed) for event in state.events)
    stored = [event.to_dict() for event in state.events]
    assert "Jd" not in json.dumps(stored)
    refuse(state, codes.ACTION_OUT_OF_PHASE, "reveal_under_cards", "Jd Qd Ac")
    board = state.view()["board"]
    assert (board["under"], board["dead"], board["under_face_down"]) == (None, "under", True)
    assert board["live"] == ["9h", "Th", "Ks", "6c"]
    result = state.hand_result
    assert result is not None
    assert result.awards[0].seats == (1,)  # the suited red 9-10-J run of RR01 plays again


def test_face_down_under_cards_are_revealed_after_a_face_slam() -> None:
    """A J–A Slam makes the face-down under cards live: the hand waits for them to be shown."""
    rules = ante_table(under_cards=UnderCards.FACE_DOWN)
    state = seated({1: "Jh 2c 3d", 2: "Kd Kh 5s"}, rules=rules)
    check_around(state)
    state.deal_over_cards("9h 10h Ks")
    state.deal_under_cards(None)
    state.deal_slam("Qs")
    assert phase_of(state) is Phase.REVEAL
    assert state.live_cards is None
    assert state.legal_actions() == [{"action": "reveal_under_cards", "cards": 3}]
    refuse(state, codes.WRONG_CARD_COUNT, "reveal_under_cards", "Jd Qd")
    refuse(state, codes.CARD_DUPLICATE, "reveal_under_cards", "Jd Qd Qs")
    refuse(state, codes.CARD_DUPLICATE, "reveal_under_cards", "Jd Qd Kd")
    state.reveal_under_cards("Jd Qd Ac")
    assert phase_of(state) is Phase.COMPLETE
    assert state.view()["board"]["dead"] == "over"
    result = state.hand_result
    assert result is not None
    assert result.awards[0].seats == (2,)  # RR02


# -- the flow of a hand ----------------------------------------------------------------------------


def test_phases_with_every_betting_round_agreed() -> None:
    options = HandOptions(betting_after_over_cards=True, betting_after_slam=True)
    rules = RubyRunRules()  # fixed limit, blinds 1/2
    state = RubyRunState(rules, options)
    assert phase_of(state) is Phase.SEATING
    state.seat_players({1: D(100), 2: D(100), 3: D(100)}, button=1)
    assert phase_of(state) is Phase.FORCED_BETS
    state.post_forced_bets()
    assert phase_of(state) is Phase.HOLE_CARDS
    assert (state.small_blind_seat, state.big_blind_seat) == (2, 3)
    for seat, cards in {3: "2c 3c 4c", 1: "5d 6d 7d", 2: "8s 9s Ts"}.items():
        assert state.legal_actions()[0]["action"] == "deal_hole_cards"
        state.deal_hole_cards(seat, cards)
    assert (state.phase, state.betting_round, state.to_act) == (
        Phase.BETTING,
        BettingRound.AFTER_HOLE_CARDS,
        1,
    )
    check_around(state)
    assert phase_of(state) is Phase.OVER_CARDS
    state.deal_over_cards("Jh Qh Kh")
    assert (state.phase, state.betting_round, state.to_act) == (
        Phase.BETTING,
        BettingRound.AFTER_OVER_CARDS,
        2,
    )
    check_around(state)
    assert phase_of(state) is Phase.UNDER_CARDS
    state.deal_under_cards("2d 3d 4d")
    assert phase_of(state) is Phase.SLAM
    state.deal_slam("9c")
    assert (state.phase, state.betting_round) == (Phase.BETTING, BettingRound.AFTER_SLAM)
    check_around(state)
    assert phase_of(state) is Phase.COMPLETE
    assert state.view()["rounds_played"] == [r.value for r in BettingRound]
    assert state.legal_actions() == []
    assert state.view()["next_input"] is None


def test_no_extra_betting_rounds_by_default() -> None:
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d"}, rules=RubyRunRules())
    check_around(state)
    state.deal_over_cards("Jh Qh Kh")
    assert phase_of(state) is Phase.UNDER_CARDS
    state.deal_under_cards("2d 3d 4d")
    state.deal_slam("9c")
    assert phase_of(state) is Phase.COMPLETE
    assert state.view()["rounds_played"] == ["after_hole_cards"]


def test_everyone_but_one_folds_the_last_player_wins_without_showing() -> None:
    state = seated(
        {1: "2c 3c 4c", 2: "5d 6d 7d", 3: "8s 9s Ts"}, rules=RubyRunRules(), button=3, stack=D(100)
    )
    # Blinds 1 (seat 1) and 2 (seat 2); seat 3 raises to 4 and both blinds fold.
    state.raise_to(3, 4)
    state.fold(1)
    state.fold(2)
    assert phase_of(state) is Phase.COMPLETE
    assert state.over_cards is None
    result = state.hand_result
    assert result is not None and not result.showdown
    (award,) = result.awards
    assert (award.seats, award.amount, award.hands) == ((3,), D(5), {})
    assert result.returned_uncalled == {3: D(2)}
    assert state.final_stacks == {1: D(99), 2: D(98), 3: D(103)}
    assert all(seat["hole_cards"] is None for seat in state.view()["seats"])
    refuse(state, codes.ACTION_OUT_OF_PHASE, "deal_over_cards", "Jh Qh Kh")


def test_a_fold_during_a_later_round_puts_the_round_bets_in_the_pot() -> None:
    options = HandOptions(betting_after_over_cards=True)
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d"}, rules=RubyRunRules(), options=options)
    check_around(state)
    state.deal_over_cards("Jh Qh Kh")
    state.bet(1, 4)  # heads-up after the first round the big blind (seat 1) acts first
    state.raise_to(2, 8)
    state.fold(1)
    result = state.hand_result
    assert result is not None
    assert (result.awards[0].amount, result.returned_uncalled) == (D(12), {2: D(4)})
    pots, uncalled = state.pots()
    assert [(p.amount, p.eligible) for p in pots] == [(D(12), (2,))]
    assert uncalled == {2: D(4)}
    assert state.bets == {1: D(0), 2: D(0)}


def test_a_hand_with_everyone_all_in_deals_the_board_without_betting() -> None:
    options = HandOptions(betting_after_over_cards=True, betting_after_slam=True)
    rules = RubyRunRules(betting=Betting.NO_LIMIT)
    state = RubyRunState(rules, options)
    state.seat_players({1: D(30), 2: D(50)}, button=2)
    state.post_forced_bets()
    state.deal_hole_cards(1, "2c 3c 4c")
    state.deal_hole_cards(2, "5d 6d 7d")
    state.all_in(2)  # the button posts the small blind heads-up and acts first
    state.call(1)
    assert phase_of(state) is Phase.OVER_CARDS
    state.deal_over_cards("Jh Qh Kh")
    assert phase_of(state) is Phase.UNDER_CARDS  # nobody can bet: the agreed round is skipped
    state.deal_under_cards("2d 3d 4d")
    state.deal_slam("9c")
    assert phase_of(state) is Phase.COMPLETE
    result = state.hand_result
    assert result is not None
    assert result.returned_uncalled == {2: D(20)}
    assert sum(award.amount for award in result.awards) == D(60)


# -- seating and forced bets -----------------------------------------------------------------------


def test_seating_refusals() -> None:
    state = RubyRunState(RubyRunRules(), HandOptions())
    refuse(state, codes.PLAYER_COUNT_INVALID, "seat_players", {1: D(10)}, 1)
    refuse(
        state, codes.PLAYER_COUNT_INVALID, "seat_players", {seat: D(10) for seat in range(1, 10)}, 1
    )
    refuse(state, codes.SEAT_INVALID, "seat_players", {0: D(10), 2: D(10)}, 2)
    refuse(state, codes.SEAT_INVALID, "seat_players", {16: D(10), 2: D(10)}, 2)
    refuse(state, codes.SEAT_INVALID, "seat_players", [(1, D(10)), (1, D(10))], 1)
    refuse(state, codes.SEAT_INVALID, "seat_players", {1: D(10), 2: D(10)}, 3)
    refuse(state, codes.AMOUNT_INVALID, "seat_players", {1: D(0), 2: D(10)}, 1)
    refuse(state, codes.AMOUNT_INVALID, "seat_players", {1: 10.0, 2: D(10)}, 1)
    refuse(state, codes.AMOUNT_NOT_CHIP_MULTIPLE, "seat_players", {1: D("9.5"), 2: D(10)}, 1)
    refuse(state, codes.ACTION_OUT_OF_PHASE, "post_forced_bets")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "fold", 1)
    mixed: dict[int, D | int | str] = {1: "10", 2: 10}
    state.seat_players(mixed, button=1)
    assert state.stacks == {1: D(10), 2: D(10)}
    refuse(state, codes.ACTION_OUT_OF_PHASE, "seat_players", {1: D(10), 2: D(10)}, 1)
    refuse(state, codes.ACTION_OUT_OF_PHASE, "deal_hole_cards", 1, "2c 3c 4c")


def test_fifteen_seats_at_a_full_table() -> None:
    rules = RubyRunRules(max_players=15)
    state = RubyRunState(rules, HandOptions())
    state.seat_players({seat: D(100) for seat in range(1, 16)}, button=15)
    state.post_forced_bets()
    assert (state.small_blind_seat, state.big_blind_seat) == (1, 2)


def test_forced_bets_are_derived_antes_and_blinds_short_stacks_post_all_in() -> None:
    rules = RubyRunRules(ante=D(2), small_blind=D(5), big_blind=D(10), betting=Betting.NO_LIMIT)
    state = RubyRunState(rules, HandOptions())
    state.seat_players({2: D(1), 4: D(6), 7: D(100), 9: D(100)}, button=9)
    state.post_forced_bets()
    assert (state.small_blind_seat, state.big_blind_seat) == (2, 4)
    assert state.contributions == {2: D(1), 4: D(6), 7: D(2), 9: D(2)}
    assert state.bets == {2: D(0), 4: D(4), 7: D(0), 9: D(0)}
    assert state.all_in_seats == {2, 4}
    assert [(r.seat, r.action, r.amount, r.all_in) for r in state.history] == [
        (2, "ante", D(1), True),
        (4, "ante", D(2), False),
        (7, "ante", D(2), False),
        (9, "ante", D(2), False),
        (4, "big_blind", D(4), True),
    ]
    for seat, cards in {2: "2c 3c 4c", 4: "5d 6d 7d", 7: "8s 9s Ts", 9: "Jh Qh Kh"}.items():
        state.deal_hole_cards(seat, cards)
    # The big blind was posted short, but the others must still match the full 10.
    assert (state.to_act, state.current_bet) == (7, D(10))
    assert {"action": "call", "seat": 7, "amount": "10", "all_in": False} in state.legal_actions()


def test_heads_up_the_button_posts_the_small_blind_and_acts_first() -> None:
    state = seated({3: "2c 3c 4c", 8: "5d 6d 7d"}, rules=RubyRunRules(), button=8)
    assert (state.small_blind_seat, state.big_blind_seat, state.to_act) == (8, 3, 8)
    state.call(8)
    state.check(3)
    state.deal_over_cards("Jh Qh Kh")
    state.deal_under_cards("2d 3d 4d")
    state.deal_slam("9c")
    assert phase_of(state) is Phase.COMPLETE


def test_a_single_blind_sits_on_the_buttons_left() -> None:
    rules = RubyRunRules(small_blind=D(0), big_blind=D(2))
    state = seated({1: "2c 3c 4c", 2: "5d 6d 7d", 3: "8s 9s Ts"}, rules=rules, button=2)
    assert (state.small_blind_seat, state.big_blind_seat, state.to_act) == (None, 3, 1)


def test_antes_only_first_to_act_is_left_of_the_button() -> None:
    state = seated({1: "2c 3c 4c", 5: "5d 6d 7d", 9: "8s 9s Ts"}, button=5)
    assert (state.to_act, state.current_bet, state.pot_total) == (9, D(0), D(150))


# -- cards -----------------------------------------------------------------------------------------


def test_card_refusals() -> None:
    state = RubyRunState(RubyRunRules(), HandOptions())
    state.seat_players({1: D(100), 2: D(100)}, button=2)
    state.post_forced_bets()
    refuse(state, codes.POSITION_NOT_IN_PLAY, "deal_hole_cards", 3, "2c 3c 4c")
    refuse(state, codes.WRONG_CARD_COUNT, "deal_hole_cards", 1, "2c 3c")
    refuse(state, codes.WRONG_CARD_COUNT, "deal_hole_cards", 1, "2c 3c 4c 5c")
    refuse(state, codes.CARD_UNKNOWN, "deal_hole_cards", 1, "2c 3c 1x")
    refuse(state, codes.CARD_DUPLICATE, "deal_hole_cards", 1, "2c 3c 2c")
    state.deal_hole_cards(1, ["2c", "3c", "4c"])
    refuse(state, codes.HOLE_CARDS_ALREADY_DEALT, "deal_hole_cards", 1, "5c 6c 7c")
    err = refuse(state, codes.CARD_DUPLICATE, "deal_hole_cards", 2, "5c 6c 4c")
    assert err.data == {"card": "4c"}
    refuse(state, codes.ACTION_OUT_OF_PHASE, "call", 2)
    state.deal_hole_cards(2, "5c,6c,7c")
    check_around(state)
    refuse(state, codes.CARD_DUPLICATE, "deal_over_cards", "2c Ah Kh")
    refuse(state, codes.WRONG_CARD_COUNT, "deal_over_cards", "Ah Kh")
    state.deal_over_cards("Ah Kh Qh")
    refuse(state, codes.UNDER_CARDS_REQUIRED, "deal_under_cards", None)
    refuse(state, codes.CARD_DUPLICATE, "deal_under_cards", "Ah 2d 3d")
    state.deal_under_cards("2d 3d 4d")
    refuse(state, codes.CARD_DUPLICATE, "deal_slam", "4d")
    refuse(state, codes.CARD_UNKNOWN, "deal_slam", "Zz")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "reveal_under_cards", "5d 6d 7d")
    state.deal_slam("Jd")  # face up: the under cards are live at once, nothing to reveal
    assert phase_of(state) is Phase.COMPLETE
    assert len(state.seen_cards) == 13


# -- events, replay and settlement -----------------------------------------------------------------


def a_full_hand() -> RubyRunState:
    """A four-player no-limit hand with antes, blinds, an all-in, a side pot and a showdown."""
    rules = RubyRunRules(
        ante=D(1),
        small_blind=D(1),
        big_blind=D(2),
        betting=Betting.NO_LIMIT,
        rake=Rake.PERCENT,
        rake_percent=D(5),
        rake_cap=D(3),
    )
    options = HandOptions(betting_after_over_cards=True)
    state = RubyRunState(rules, options)
    state.seat_players({1: D(40), 3: D(100), 5: D(100), 6: D(25)}, button=6)
    state.post_forced_bets()
    for seat, cards in {1: "Jh 2c 3d", 3: "Kd Kh 5s", 5: "4s 5c 6h", 6: "Ac Ad 9c"}.items():
        state.deal_hole_cards(seat, cards)
    state.raise_to(5, 6)
    state.all_in(6)
    state.call(1)
    state.call(3)
    state.call(5)
    state.deal_over_cards("9h 10h Ks")
    state.check(1)
    state.bet(3, 10)
    state.fold(5)
    state.call(1)
    state.deal_under_cards("Jd Qd 8c")
    state.deal_slam("7c")
    return state


def test_a_full_hand_settles_with_a_side_pot_and_the_rake() -> None:
    state = a_full_hand()
    result = state.hand_result
    assert result is not None
    assert result.contributions == {1: D(35), 3: D(35), 5: D(25), 6: D(25)}
    assert [(a.pot, a.eligible, a.seats, a.rake, a.amount) for a in result.awards] == [
        (0, (1, 3, 6), (1,), D(3), D(97)),  # 100 at 5% = 5, capped at 3 for the hand
        (1, (1, 3), (1,), D(0), D(20)),
    ]
    assert result.rake == D(3)
    assert result.awards[0].hands[6] == "no run; two pair: A A 9 9 K"
    assert state.final_stacks == {1: D(122), 3: D(65), 5: D(75), 6: D(0)}
    assert_books_balance(result)


def test_events_round_trip_through_json_and_replay_reproduces_the_settlement() -> None:
    state = a_full_hand()
    stored = json.loads(json.dumps([event.to_dict() for event in state.events]))
    assert [record["kind"] for record in stored][:3] == list(EVENT_KINDS[:3])
    rebuilt = [event_from_dict(record) for record in stored]
    assert rebuilt == list(state.events)
    again = replay(state.rules, state.options, stored)
    assert again.hand_result == state.hand_result
    assert again.view() == state.view()
    assert settle_hand(state.rules, HandOptions(betting_after_over_cards=True), stored) == (
        state.hand_result
    )
    assert state.hand_result is not None
    assert json.loads(json.dumps(state.hand_result.to_dict())) == state.hand_result.to_dict()


def test_settle_hand_refuses_an_unfinished_hand_and_an_altered_log() -> None:
    state = a_full_hand()
    events: list[Event] = list(state.events)
    with pytest.raises(GameError) as unfinished:
        settle_hand(state.rules, state.options, events[:-1])
    assert (unfinished.value.code, unfinished.value.data) == (
        codes.ROUND_NOT_COMPLETE,
        {"phase": "slam"},
    )
    altered = [*events[:3], ForcedBetsPosted(), *events[3:]]
    with pytest.raises(GameError) as out_of_phase:
        settle_hand(state.rules, state.options, altered)
    assert out_of_phase.value.code == codes.ACTION_OUT_OF_PHASE
    other_options = HandOptions(betting_after_over_cards=False)
    with pytest.raises(GameError) as different:
        settle_hand(state.rules, other_options, events)
    assert different.value.code == codes.ACTION_OUT_OF_PHASE


@pytest.mark.parametrize(
    ("record", "code", "field"),
    [
        ({"kind": "nope"}, codes.EVENT_KIND_UNKNOWN, None),
        ({}, codes.EVENT_KIND_UNKNOWN, None),
        ({"kind": "folded"}, codes.EVENT_INVALID, "seat"),
        ({"kind": "folded", "seat": 1, "extra": 2}, codes.EVENT_INVALID, "extra"),
        ({"kind": "folded", "seat": "1"}, codes.EVENT_INVALID, "seat"),
        ({"kind": "bet_made", "seat": 1, "amount": 2.5}, codes.EVENT_INVALID, "amount"),
        ({"kind": "raised_to", "seat": 1, "amount": "x"}, codes.EVENT_INVALID, "amount"),
        ({"kind": "slam_dealt", "card": "1x"}, codes.EVENT_INVALID, "card"),
        ({"kind": "over_cards_dealt", "cards": "Ah Kh Qh"}, codes.EVENT_INVALID, "cards"),
        ({"kind": "players_seated", "stacks": [], "button": 1}, codes.EVENT_INVALID, "stacks"),
    ],
)
def test_unreadable_stored_events_are_refused(
    record: dict[str, Any], code: str, field: str | None
) -> None:
    with pytest.raises(GameError) as err:
        event_from_dict(record)
    assert err.value.code == code
    if field is not None:
        assert err.value.data["field"] == field


def test_every_event_kind_round_trips() -> None:
    events: list[Event] = [
        PlayersSeated(stacks=((1, D("10.50")), (2, D(20))), button=2),
        ForcedBetsPosted(),
        OverCardsDealt(cards=parse_cards("Ah Kh Qh")),
        UnderCardsDealt(cards=None),
        UnderCardsDealt(cards=parse_cards("2c 3c 4c")),
    ]
    for event in events:
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    assert len(set(EVENT_KINDS)) == len(EVENT_KINDS) == 14


# -- the tablet's view -----------------------------------------------------------------------------


def test_every_phase_lists_its_actions_in_the_one_table() -> None:
    assert set(PHASE_ACTIONS) == set(Phase)
    assert set().union(*PHASE_ACTIONS.values()) == set(Action)


def test_the_view_is_json_safe_and_complete_enough_to_render() -> None:
    state = a_full_hand()
    view = state.view()
    assert json.loads(json.dumps(view)) == view
    assert set(view) == {
        "phase",
        "betting_round",
        "rounds_played",
        "to_act",
        "actions",
        "next_input",
        "betting",
        "options",
        "button",
        "small_blind_seat",
        "big_blind_seat",
        "current_bet",
        "min_raise",
        "raises",
        "seats",
        "stacks",
        "bets",
        "pots",
        "uncalled",
        "pot_total",
        "board",
        "history",
        "result",
        "final_stacks",
        "event_count",
    }
    assert view["pots"] == [
        {"pot": 0, "amount": "100", "eligible": [1, 3, 6]},
        {"pot": 1, "amount": "20", "eligible": [1, 3]},
    ]
    shown = {seat["seat"]: seat["hole_cards"] for seat in view["seats"]}
    assert shown == {1: ["Jh", "2c", "3d"], 3: ["Kd", "Kh", "5s"], 5: None, 6: ["Ac", "Ad", "9c"]}
    assert view["board"]["live"] == ["9h", "Th", "Ks", "7c"]


def test_the_view_mid_hand_shows_turn_bets_and_pots_of_finished_rounds() -> None:
    rules = RubyRunRules(ante=D(1), betting=Betting.POT_LIMIT)
    state = seated(
        {1: "2c 3c 4c", 2: "5d 6d 7d", 3: "8s 9s Ts"}, rules=rules, button=3, stack=D(100)
    )
    view = state.view()
    assert (view["phase"], view["betting_round"], view["to_act"]) == (
        "betting",
        "after_hole_cards",
        3,
    )
    assert view["next_input"] == "fold"
    assert view["bets"] == {"1": "1", "2": "2", "3": "0"}
    assert view["pots"] == [{"pot": 0, "amount": "3", "eligible": [1, 2, 3]}]
    assert view["pot_total"] == "6"
    # Pot limit: call 2, then the pot after the call is 8, so the raise goes up to 10.
    assert view["actions"] == [
        {"action": "fold", "seat": 3},
        {"action": "call", "seat": 3, "amount": "2", "all_in": False},
        {"action": "raise_to", "seat": 3, "min": "4", "max": "10"},
    ]
    seat_view = view["seats"][2]
    assert seat_view == {
        "seat": 3,
        "stack": "99",
        "bet": "0",
        "contributed": "1",
        "folded": False,
        "all_in": False,
        "hole_cards_dealt": True,
        "hole_cards": None,
    }
    assert state.view(include_hole_cards=True)["seats"][2]["hole_cards"] == ["8s", "9s", "Ts"]
