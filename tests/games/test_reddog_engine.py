"""Red Dog engine: the vectors of RULES.md 3.5 (RD01–RD25) and every refusal, by code.

Seats 1–5 are the vectors' P1–P4 and the dealer D (seat 5, the button), ante 2, burn on, unless a
test says otherwise. After every refused action the whole state is compared with a snapshot taken
before it: the view (pot, stacks, phase, counts), the ledger, the events and the stock.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal as D
from typing import Any

import pytest

from casino.games.cards import CARDS, Card, parse_card, parse_cards
from casino.games.errors import GameError
from casino.games.reddog import (
    EVENT_KINDS,
    HOUSE_FLOAT,
    POT,
    Action,
    BetPlaced,
    BurnShown,
    CardExposed,
    CardTurned,
    CentreCardTurned,
    Event,
    GameEnded,
    HandDealt,
    HandStarted,
    MovementReason,
    Phase,
    PlayersSeated,
    PotFunded,
    RedDogRules,
    RedDogState,
    Reshuffled,
    ShootDecided,
    codes,
    event_from_dict,
    player_account,
    replay,
)
from casino.games.reddog.table_cards import CardPlace, TableCards
from tests.games.refusals import refuse

# -- helpers ------------------------------------------------------------------------------------


def new_game(
    players: int = 5,
    *,
    button: int | None = None,
    stacks: Mapping[int, D] | None = None,
    stack: D = D(100),
    **settings: Any,
) -> RedDogState:
    state = RedDogState(RedDogRules(**settings))
    seats = stacks or {seat: stack for seat in range(1, players + 1)}
    state.seat_players(seats, button=button if button is not None else max(seats))
    return state


def deal(state: RedDogState, hands: Mapping[int, str]) -> None:
    for seat, cards in hands.items():
        state.deal_hand(seat, cards.split())


def play_turn(state: RedDogState, seat: int, bet: int, turned: str, burn: str | None) -> None:
    state.place_bet(seat, bet)
    if burn is not None:
        state.show_burn(burn)
    state.turn_card(turned)


def movements_since(state: RedDogState, count: int) -> list[tuple[str, str, D, str]]:
    return [(m.source, m.destination, m.amount, m.reason.value) for m in state.movements[count:]]


def take(pool: list[Card], count: int) -> list[str]:
    taken, pool[:count] = pool[:count], []
    return [str(c) for c in taken]


def deal_from_stock(state: RedDogState, avoid: frozenset[Card] = frozenset()) -> None:
    """Record every awaited hand with the lowest cards left in the stock, skipping ``avoid``."""
    pool = [c for c in sorted(state.stock) if c not in avoid]
    for seat in state.view()["awaiting_hands"]:
        assert state.cards_each is not None
        state.deal_hand(seat, take(pool, state.cards_each))


ACES = frozenset(parse_cards("As Ah Ad Ac"))


def beats(hand: tuple[Card, ...], turned: Card) -> bool:
    """The rule as the rule book states it, independent of the engine."""
    return any(c.suit == turned.suit and c.rank > turned.rank for c in hand)


def lose_every_turn(state: RedDogState) -> None:
    """Deal the awaited hands from non-aces; every player bets the minimum and loses."""
    deal_from_stock(state, avoid=ACES)
    while state.phase is Phase.BETTING:
        seat = state.to_act
        bet_range = state.bet_range()
        assert seat is not None and bet_range is not None
        hand = state.hand_of(seat)
        assert hand is not None
        state.place_bet(seat, bet_range[0])
        if state.rules.burns:
            state.show_burn(min(c for c in state.stock if c not in ACES))
        state.turn_card(max(c for c in state.stock if not beats(hand, c)))


# -- RD01–RD09: the turn -------------------------------------------------------------------------

#: The seed's example: Ben (seat 2) holds Ks 9s 7h 4d Ac, P1 first loses 6 so the pot is 16.
BEN_TABLE = {
    1: "2h 3h 4h 5h 6h",
    2: "Ks 9s 7h 4d Ac",
    3: "2s 3s 4s 5s 6s",
    4: "Qd Jd Td 8d 7d",
    5: "Kh Qh Jh Th 9h",
}


def ben_to_turn() -> RedDogState:
    state = new_game()
    state.start_hand()
    deal(state, BEN_TABLE)
    play_turn(state, 1, 6, turned="Tc", burn="Qs")
    assert state.pot == D(16)
    state.place_bet(2, 6)
    state.show_burn("Jc")
    return state


def test_rd01_everyone_antes_before_the_first_bet() -> None:
    state = new_game()
    state.start_hand()
    assert state.pot == D(10)
    assert [(m.source, m.amount, m.reason) for m in state.movements] == [
        (player_account(seat), D(2), MovementReason.ANTE) for seat in (1, 2, 3, 4, 5)
    ]
    assert state.stacks == {seat: D(98) for seat in range(1, 6)}


@pytest.mark.parametrize(
    ("vector", "turned", "shown", "pot_after", "ben_after"),
    [
        ("RD02", "Js", "Ks", D(10), D(104)),
        ("RD03", "8h", None, D(22), D(92)),
        ("RD04", "9d", None, D(22), D(92)),
        ("RD05", "3d", "4d", D(10), D(104)),
        ("RD06", "As", None, D(22), D(92)),
        ("RD07", "2c", "Ac", D(10), D(104)),
    ],
)
def test_rd02_to_rd07_ben_bets_six(
    vector: str, turned: str, shown: str | None, pot_after: D, ben_after: D
) -> None:
    state = ben_to_turn()
    assert state.stack(2) == D(98)
    count = len(state.movements)
    state.turn_card(turned)
    outcome = state.outcomes[-1]
    assert (outcome.seat, outcome.bet, outcome.card) == (2, D(6), parse_card(turned))
    assert state.pot == pot_after
    assert state.stack(2) == ben_after
    if shown is None:
        assert not outcome.won
        assert outcome.shown == parse_cards(BEN_TABLE[2])
        assert movements_since(state, count) == [("player:2", POT, D(6), "bet_lost")]
    else:
        assert outcome.won
        assert outcome.shown == (parse_card(shown),)
        assert movements_since(state, count) == [(POT, "player:2", D(6), "bet_won")]


@pytest.mark.parametrize("turned", ["5d", "6d", "9d", "Kd", "Ad"])
def test_rd04_any_diamond_above_four_beats_ben(turned: str) -> None:
    state = ben_to_turn()
    state.turn_card(turned)
    assert not state.outcomes[-1].won
    assert state.pot == D(22)


def test_rd08_a_player_void_in_the_suit_loses_and_shows_the_whole_hand() -> None:
    state = ben_to_turn()
    first = state.outcomes[0]
    assert (first.seat, first.card, first.won) == (1, parse_card("Tc"), False)
    assert first.shown == parse_cards(BEN_TABLE[1])


def test_rd09_two_winning_cards_show_one_and_pay_the_bet_once() -> None:
    state = new_game()
    state.start_hand()
    deal(state, {**BEN_TABLE, 1: "Qh Kh 2c 3c 4c", 5: "7c 8c 9c Tc Jc"})
    count = len(state.movements)
    play_turn(state, 1, 4, turned="Jh", burn="2d")
    outcome = state.outcomes[-1]
    assert outcome.won
    assert outcome.shown == (parse_card("Qh"),)
    assert movements_since(state, count) == [(POT, "player:1", D(4), "bet_won")]
    assert (state.pot, state.stack(1)) == (D(6), D(102))


# -- RD10–RD15: bet limits, refill, no ties ----------------------------------------------------


def first_bet_state(**settings: Any) -> RedDogState:
    state = new_game(**settings)
    state.start_hand()
    deal(state, BEN_TABLE)
    return state


def test_rd10_a_bet_above_the_pot_is_refused() -> None:
    state = first_bet_state()
    error = refuse(state, codes.BET_ABOVE_POT, "place_bet", 1, D(12))
    assert error.data["maximum"] == "10"
    assert state.view()["bet_range"] == {"min": "2", "max": "10"}


def test_rd11_a_bet_below_the_ante_is_refused() -> None:
    state = first_bet_state()
    error = refuse(state, codes.BET_BELOW_MINIMUM, "place_bet", 1, D(1))
    assert error.data["minimum"] == "2"


@pytest.mark.parametrize(
    ("amount", "code"),
    [
        (D("2.5"), codes.AMOUNT_NOT_CHIP_MULTIPLE),
        (D(0), codes.AMOUNT_INVALID),
        (D(-2), codes.AMOUNT_INVALID),
        (2.0, codes.AMOUNT_INVALID),
        ("two", codes.AMOUNT_INVALID),
        (D("NaN"), codes.AMOUNT_INVALID),
    ],
)
def test_a_bet_that_is_not_a_whole_number_of_chips_is_refused(amount: Any, code: str) -> None:
    refuse(first_bet_state(), code, "place_bet", 1, amount)


def test_a_bet_above_the_players_stack_is_refused() -> None:
    state = new_game(stacks={1: D(5), 2: D(100), 3: D(100), 4: D(100), 5: D(100)})
    state.start_hand()
    deal(state, BEN_TABLE)
    assert state.view()["bet_range"] == {"min": "2", "max": "3"}
    error = refuse(state, codes.INSUFFICIENT_STACK, "place_bet", 1, D(4))
    assert error.data["stack"] == "3"


def test_rd12_winning_the_whole_pot_makes_everyone_ante_again_at_once() -> None:
    state = new_game()
    state.start_hand()
    deal(state, {**BEN_TABLE, 1: "Ah 2c 3c 4c 5c", 5: "7c 8c 9c Tc Jc"})
    count = len(state.movements)
    play_turn(state, 1, 10, turned="Kh", burn="8s")
    assert movements_since(state, count) == [
        (POT, "player:1", D(10), "bet_won"),
        *[(f"player:{seat}", POT, D(2), "refill_ante") for seat in (1, 2, 3, 4, 5)],
    ]
    assert state.pot == D(10)
    assert (state.to_act, state.phase) == (2, Phase.BETTING)


def test_rd14_a_pot_equal_to_the_ante_is_not_refilled_and_only_the_ante_can_be_bet() -> None:
    state = new_game()
    state.start_hand()
    deal(state, {**BEN_TABLE, 1: "Ah 2c 3c 4c 5c", 5: "7c 8c 9c Tc Jc"})
    play_turn(state, 1, 8, turned="Kh", burn="8s")
    assert state.pot == D(2)
    assert [m.reason for m in state.movements].count(MovementReason.REFILL_ANTE) == 0
    assert state.bet_range() == (D(2), D(2))
    refuse(state, codes.BET_ABOVE_POT, "place_bet", 2, D(3))
    state.place_bet(2, D(2))


def test_refill_when_empty_lets_a_short_pot_be_bet_in_full() -> None:
    state = new_game(refill="empty")
    state.start_hand()
    deal(state, {**BEN_TABLE, 1: "Ah 2c 3c 4c 5c", 5: "7c 8c 9c Tc Jc"})
    play_turn(state, 1, 9, turned="Kh", burn="8s")
    assert state.pot == D(1)
    assert state.bet_range() == (D(1), D(1))
    refuse(state, codes.BET_ABOVE_POT, "place_bet", 2, D(2))


def _outcome_against(turned: Card) -> tuple[bool, D, D]:
    hand = parse_cards("Ks 9s 7h 4d Ac")
    rest = [c for c in CARDS if c not in hand and c != turned]
    state = new_game(3)
    state.start_hand()
    state.deal_hand(1, hand)
    deal(state, {2: " ".join(take(rest, 5)), 3: " ".join(take(rest, 5))})
    pot_before, stack_before = state.pot, state.stack(1)
    play_turn(state, 1, 4, turned=str(turned), burn=str(rest[0]))
    return state.outcomes[-1].won, state.pot - pot_before, state.stack(1) - stack_before


@pytest.mark.parametrize(
    "turned", [c for c in CARDS if c not in parse_cards("Ks 9s 7h 4d Ac")], ids=str
)
def test_rd15_every_turn_is_a_win_or_a_loss_of_exactly_the_bet(turned: Card) -> None:
    hand = parse_cards("Ks 9s 7h 4d Ac")
    won, pot_change, stack_change = _outcome_against(turned)
    assert won is beats(hand, turned)
    assert (pot_change, stack_change) == ((D(-4), D(4)) if won else (D(4), D(-4)))


# -- RD17–RD21: the deal and the deck ----------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rule_settings", "expected"),
    [
        (3, {}, 5),
        (5, {}, 5),
        (6, {}, 5),  # RD17
        (7, {}, 4),  # RD18
        (8, {}, 4),
        (7, {"cards_each": 5}, 5),  # RD18, five each under Bicycle
        (8, {"cards_each": 3}, 3),
        (4, {"cards_each": 4}, 4),
    ],
)
def test_rd17_rd18_cards_each_by_players(
    players: int, rule_settings: dict[str, Any], expected: int
) -> None:
    state = new_game(players, **rule_settings)
    state.start_hand()
    assert state.cards_each == expected
    wrong = " ".join(str(c) for c in CARDS[: expected - 1])
    refuse(state, codes.WRONG_CARD_COUNT, "deal_hand", 1, wrong.split())
    state.deal_hand(1, [str(c) for c in CARDS[:expected]])


def test_rd19_eight_players_with_four_cards_need_no_reshuffle() -> None:
    state = new_game(8)
    state.start_hand()
    deal_from_stock(state)
    assert state.stock_remaining == 52 - 32 == 20
    turns = 0
    while state.phase is not Phase.BETWEEN_HANDS:
        assert Action.RESHUFFLE not in state.legal_actions()
        seat = state.to_act
        assert seat is not None
        stock = sorted(state.stock)
        play_turn(state, seat, 2, turned=str(stock[1]), burn=str(stock[0]))
        turns += 1
    assert turns == 8
    assert state.stock_remaining == 20 - 16
    assert not any(isinstance(e, Reshuffled) for e in state.events)


def test_rd21_the_burn_card_is_shown_and_leaves_the_face_down_stock() -> None:
    state = first_bet_state()
    state.place_bet(1, 2)
    remaining = state.stock_remaining
    state.show_burn("Qs")
    assert state.view()["burnt_cards"] == ["Qs"]
    assert state.stock_remaining == remaining - 1
    error = refuse(state, codes.CARD_DUPLICATE, "turn_card", "Qs")
    assert error.data == {"card": "Qs", "location": "burnt"}


def test_no_burn_card_goes_straight_to_the_turn() -> None:
    state = first_bet_state(burn_card=False)
    state.place_bet(1, 2)
    assert state.phase is Phase.TURN
    refuse(state, codes.ACTION_OUT_OF_PHASE, "show_burn", "Qs")
    state.turn_card("Qs")
    assert state.view()["burnt_cards"] == []


def reshuffle_table() -> RedDogState:
    """Eight players with five cards each: the stock runs out after six turns (A.3)."""
    state = new_game(8, cards_each=5)
    state.start_hand()
    deal_from_stock(state)
    assert state.stock_remaining == 12
    for seat in range(1, 7):
        stock = sorted(state.stock)
        play_turn(state, seat, 2, turned=str(stock[1]), burn=str(stock[0]))
    return state


def test_the_stock_running_out_calls_for_the_reshuffle() -> None:
    state = reshuffle_table()
    assert state.stock_remaining == 0
    state.place_bet(7, 2)
    assert state.legal_actions() == (Action.RESHUFFLE,)
    assert state.view()["next_input"] == "reshuffle"
    refuse(state, codes.STOCK_EMPTY, "show_burn", "2s")
    held_by_seat_8 = state.hand_of(8)
    set_aside = parse_card(state.view()["burnt_cards"][0])
    state.reshuffle()
    assert state.stock_remaining == 52 - 2 * 5
    assert held_by_seat_8 is not None
    error = refuse(state, codes.CARD_DUPLICATE, "show_burn", str(held_by_seat_8[0]))
    assert error.data["location"] == "held" and error.data["seat"] == 8
    state.show_burn(str(set_aside))
    state.turn_card(str(min(state.stock)))
    assert state.to_act == 8


def test_a_reshuffle_is_refused_while_cards_remain_or_outside_a_hand() -> None:
    state = first_bet_state()
    refuse(state, codes.STOCK_NOT_EMPTY, "reshuffle")
    between = new_game()
    refuse(between, codes.ACTION_OUT_OF_PHASE, "reshuffle")


def test_a_reshuffle_in_the_middle_of_a_turn_takes_this_turns_burn_card() -> None:
    """RULES 3.4.7, checked on the table's cards directly: with one deck, the only table whose
    stock runs out (eight players, five cards each) runs out exactly between two turns."""
    cards = TableCards()
    hand = parse_cards("As Ks Qs Js Ts")
    cards.deal(1, hand)
    rest = sorted(c for c in CARDS if c not in hand)
    for card in rest[:-1]:
        cards.draw(card, CardPlace.TURNED)
    cards.draw(rest[-1], CardPlace.BURNT)
    assert cards.stock_count == 0
    cards.reshuffle()
    assert cards.stock == frozenset(rest)
    with pytest.raises(GameError) as caught:
        cards.verify_in_stock(hand[:1])
    assert caught.value.data == {"card": "As", "location": "held", "seat": 1}


# -- RD22: the end of the hand and of the game -------------------------------------------------

#: P1 loses 6, P2 loses 5, P3 loses 2, P4 wins 2, D loses 2: the pot ends the hand at 23.
POT_23_HANDS = {
    1: "2h 3h 4h 5h 6h",
    2: "2s 3s 4s 5s 6s",
    3: "2d 3d 4d 5d 6d",
    4: "Ac Kc Qc Jc Tc",
    5: "7h 8h 9h Th Jh",
}
POT_23_TURNS = [(1, 6, "8c", "7s"), (2, 5, "9c", "8s"), (3, 2, "7c", "9s"), (4, 2, "2c", "Ts")]
POT_23_TURNS += [(5, 2, "3c", "Js")]


def play_pot_23_hand(**settings: Any) -> RedDogState:
    state = new_game(**settings)
    state.start_hand()
    deal(state, POT_23_HANDS)
    for seat, bet, turned, burn in POT_23_TURNS:
        play_turn(state, seat, bet, turned, burn)
    return state


def test_the_hand_ends_after_the_dealer_and_the_button_moves_left() -> None:
    state = play_pot_23_hand()
    assert state.phase is Phase.BETWEEN_HANDS
    assert state.pot == D(23)
    assert state.view()["next_dealer"] == 1
    state.start_hand()
    assert (state.dealer, state.pot) == (1, D(33))
    assert state.view()["turn_order"] == [2, 3, 4, 5, 1]


def test_rd22_the_pot_is_shared_at_the_end_and_the_odd_chips_go_to_the_house_float() -> None:
    state = play_pot_23_hand()
    stacks = state.stacks
    count = len(state.movements)
    state.end_game()
    assert movements_since(state, count) == [
        *[(POT, f"player:{seat}", D(4), "pot_share") for seat in (1, 2, 3, 4, 5)],
        (POT, HOUSE_FLOAT, D(3), "share_remainder"),
    ]
    assert (state.pot, state.house_float) == (D(0), D(3))
    assert state.stacks == {seat: stacks[seat] + 4 for seat in stacks}
    assert state.phase is Phase.GAME_OVER
    assert state.legal_actions() == ()
    assert state.view()["next_input"] is None
    refuse(state, codes.ACTION_OUT_OF_PHASE, "start_hand")


def test_sharing_at_the_end_of_each_hand() -> None:
    state = play_pot_23_hand(end_of_hand="share")
    assert (state.pot, state.house_float) == (D(0), D(3))
    assert [m.reason for m in state.movements[-6:]] == [MovementReason.POT_SHARE] * 5 + [
        MovementReason.SHARE_REMAINDER
    ]


def test_a_game_ends_only_between_hands() -> None:
    state = first_bet_state()
    error = refuse(state, codes.ACTION_OUT_OF_PHASE, "end_game")
    assert error.data == {"action": "end_game", "phase": "betting"}


# -- sitting out ---------------------------------------------------------------------------------


def test_a_player_who_cannot_cover_the_ante_sits_out_and_the_button_skips_them() -> None:
    state = new_game(stacks={1: D(1), 2: D(50), 3: D(50), 4: D(50)}, button=1)
    assert state.sitting_out == (1,)
    state.start_hand()
    assert state.dealer == 2
    assert state.players_in_hand == (3, 4, 2)
    assert state.pot == D(6)
    assert state.stack(1) == D(1)
    refuse(state, codes.POSITION_NOT_IN_PLAY, "deal_hand", 1, "2c 3c 4c 5c 6c".split())
    assert state.view()["sitting_out"] == [1]


def test_a_player_who_cannot_cover_a_refill_sits_out_the_rest_of_the_hand() -> None:
    state = new_game(stacks={1: D(100), 2: D(100), 3: D(3)}, button=3)
    state.start_hand()
    deal(state, {1: "Ah 2c 3c 4c 5c", 2: "2s 3s 4s 5s 6s", 3: "7d 8d 9d Td Jd"})
    count = len(state.movements)
    play_turn(state, 1, 6, turned="Kh", burn="9s")
    assert movements_since(state, count) == [
        (POT, "player:1", D(6), "bet_won"),
        ("player:1", POT, D(2), "refill_ante"),
        ("player:2", POT, D(2), "refill_ante"),
    ]
    assert state.sitting_out == (3,)
    play_turn(state, 2, 2, turned="As", burn="8s")
    assert state.phase is Phase.BETWEEN_HANDS
    assert [o.seat for o in state.outcomes] == [1, 2]
    error = refuse(state, codes.NOT_ENOUGH_PLAYERS, "start_hand")
    assert error.data == {"players": 2, "minimum": 3}
    assert state.legal_actions() == (Action.END_GAME,)


def test_a_player_left_without_the_minimum_bet_is_skipped() -> None:
    state = new_game(stacks={1: D(100), 2: D(2), 3: D(100)}, button=3)
    state.start_hand()
    deal(state, {1: "2h 3h 4h 5h 6h", 2: "2s 3s 4s 5s 6s", 3: "7d 8d 9d Td Jd"})
    play_turn(state, 1, 2, turned="Ac", burn="9s")
    assert state.to_act == 3
    assert state.sitting_out == (2,)
    refuse(state, codes.OUT_OF_TURN, "place_bet", 2, D(2))


# -- refusals: order, phase, cards, seating ----------------------------------------------------


def test_a_turn_out_of_order_is_refused() -> None:
    state = first_bet_state()
    error = refuse(state, codes.OUT_OF_TURN, "place_bet", 2, D(2))
    assert error.data == {"seat": 2, "to_act": 1}


@pytest.mark.parametrize(
    ("action", "args", "phase"),
    [
        ("turn_card", ("Qs",), "betting"),
        ("show_burn", ("Qs",), "betting"),
        ("start_hand", (), "betting"),
        ("fund_pot", (D(10),), "betting"),
        ("turn_centre_card", ("2c",), "betting"),
        ("decide_shoot", (True,), "betting"),
        ("seat_players", ({1: D(5), 2: D(5), 3: D(5)}, 1), "betting"),
    ],
)
def test_an_action_out_of_phase_is_refused_naming_the_phase(
    action: str, args: tuple[Any, ...], phase: str
) -> None:
    state = first_bet_state()
    error = refuse(state, codes.ACTION_OUT_OF_PHASE, action, *args)
    assert error.data == {"action": action, "phase": phase}


def test_betting_before_the_deal_is_complete_is_refused() -> None:
    state = new_game()
    state.start_hand()
    deal(state, {1: BEN_TABLE[1]})
    refuse(state, codes.ACTION_OUT_OF_PHASE, "place_bet", 1, D(2))
    assert state.view()["awaiting_hands"] == [2, 3, 4, 5]


@pytest.mark.parametrize(
    ("seat", "cards", "code", "data"),
    [
        (2, "2h 7c 8c 9c Tc", codes.CARD_DUPLICATE, {"card": "2h", "location": "held"}),
        (2, "7c 7c 8c 9c Tc", codes.CARD_DUPLICATE, {"card": "7c"}),
        (2, "7c Xx 8c 9c Tc", codes.CARD_UNKNOWN, {"card": "Xx"}),
        (1, "7c 8c 9c Tc Jc", codes.HAND_ALREADY_DEALT, {"seat": 1}),
        (6, "7c 8c 9c Tc Jc", codes.POSITION_NOT_IN_PLAY, {"seat": 6}),
    ],
)
def test_a_bad_hand_is_refused(seat: int, cards: str, code: str, data: dict[str, Any]) -> None:
    state = new_game()
    state.start_hand()
    deal(state, {1: "2h 3h 4h 5h 6h"})
    error = refuse(state, code, "deal_hand", seat, cards.split())
    assert data.items() <= error.data.items()


def test_a_card_already_out_of_the_stock_is_refused_wherever_it_lies() -> None:
    state = ben_to_turn()
    state.turn_card("Js")
    state.place_bet(3, 2)
    for card, location in [("Tc", "turned"), ("Qs", "burnt"), ("Ks", "set_aside")]:
        error = refuse(state, codes.CARD_DUPLICATE, "show_burn", card)
        assert error.data == {"card": card, "location": location}
    error = refuse(state, codes.CARD_DUPLICATE, "show_burn", "Kh")
    assert error.data == {"card": "Kh", "location": "held", "seat": 5}


@pytest.mark.parametrize(
    ("stacks", "button", "code"),
    [
        ({1: D(50), 2: D(50)}, 1, codes.PLAYER_COUNT_INVALID),
        ({seat: D(50) for seat in range(1, 10)}, 1, codes.PLAYER_COUNT_INVALID),
        ({1: D(50), 2: D(50), 9: D(50)}, 1, codes.SEAT_INVALID),
        ({0: D(50), 2: D(50), 3: D(50)}, 2, codes.SEAT_INVALID),
        ({1: D(50), 2: D(50), 3: D(50)}, 4, codes.SEAT_INVALID),
        ({1: D(50), 2: D("2.5"), 3: D(50)}, 1, codes.AMOUNT_NOT_CHIP_MULTIPLE),
        ({1: D(50), 2: D(0), 3: D(50)}, 1, codes.AMOUNT_INVALID),
    ],
)
def test_bad_seating_is_refused(stacks: dict[int, D], button: int, code: str) -> None:
    refuse(RedDogState(RedDogRules()), code, "seat_players", stacks, button)


def test_a_table_may_narrow_the_number_of_players() -> None:
    state = RedDogState(RedDogRules(min_players=4, max_players=6))
    refuse(state, codes.PLAYER_COUNT_INVALID, "seat_players", {1: D(9), 2: D(9), 3: D(9)}, 1)
    state.seat_players({1: D(9), 2: D(9), 3: D(9), 4: D(9)}, 1)


# -- house commission -----------------------------------------------------------------------


def test_a_hand_fee_is_paid_to_the_house_float_and_counts_toward_sitting_out() -> None:
    state = new_game(
        stacks={1: D(50), 2: D(50), 3: D(50), 4: D(2)}, commission="hand_fee", hand_fee=D(1)
    )
    state.start_hand()
    assert (state.dealer, state.players_in_hand, state.sitting_out) == (1, (2, 3, 1), (4,))
    assert [(m.source, m.destination, m.reason.value) for m in state.movements[:3]] == [
        (f"player:{seat}", HOUSE_FLOAT, "hand_fee") for seat in (2, 3, 1)
    ]
    assert (state.house_float, state.pot) == (D(3), D(6))


@pytest.mark.parametrize(
    ("chip_unit", "bet", "commission"),
    [(D(1), D(6), D(0)), (D(1), D(10), D(1)), (D("0.5"), D(7), D("0.5")), (D("0.5"), D(10), D(1))],
)
def test_a_percentage_of_each_win_rounded_down_to_the_chip(
    chip_unit: D, bet: D, commission: D
) -> None:
    state = new_game(chip_unit=chip_unit, commission="win_percent", win_percent=D(10))
    state.start_hand()
    deal(state, {**BEN_TABLE, 1: "Ah 2c 3c 4c 5c", 5: "7c 8c 9c Tc Jc"})
    count = len(state.movements)
    play_turn(state, 1, int(bet), turned="Kh", burn="8s")
    expected = [(POT, "player:1", bet, "bet_won")]
    if commission:
        expected.append(("player:1", HOUSE_FLOAT, commission, "win_commission"))
    assert movements_since(state, count)[: len(expected)] == expected
    assert state.outcomes[-1].commission == commission


# -- RD23: Dealer's bank ---------------------------------------------------------------------


def test_rd23_dealers_bank_an_emptied_pot_passes_the_deal_at_once() -> None:
    state = new_game(variant="dealers_bank")
    state.start_hand()
    assert (state.phase, state.pot, state.dealer) == (Phase.FUNDING, D(0), 5)
    assert state.pot_range() == (D(2), D(100))
    refuse(state, codes.INSUFFICIENT_STACK, "fund_pot", D(101))
    refuse(state, codes.POT_BELOW_MINIMUM, "fund_pot", D(1))
    state.fund_pot(D(20))
    refuse(state, codes.POSITION_NOT_IN_PLAY, "deal_hand", 5, "2c 3c 4c 5c 6c".split())
    deal(
        state, {1: "Ah 2c 3c 4c 5c", 2: "2s 3s 4s 5s 6s", 3: "7d 8d 9d Td Jd", 4: "7c 8c 9c Tc Jc"}
    )
    assert state.view()["turn_order"] == [1, 2, 3, 4]
    play_turn(state, 1, 20, turned="Kh", burn="9s")
    assert state.phase is Phase.BETWEEN_HANDS
    assert len(state.outcomes) == 1
    assert (state.pot, state.stack(5), state.stack(1)) == (D(0), D(80), D(120))
    assert state.view()["next_dealer"] == 1
    state.start_hand()
    assert (state.dealer, state.phase) == (1, Phase.FUNDING)


def test_dealers_bank_the_dealer_takes_back_what_is_left_after_everyone_played() -> None:
    state = new_game(variant="dealers_bank")
    state.start_hand()
    state.fund_pot(D(20))
    lose_every_turn(state)
    assert state.phase is Phase.BETWEEN_HANDS
    assert movements_since(state, len(state.movements) - 1) == [
        (POT, "player:5", D(28), "pot_kept")
    ]
    assert (state.pot, state.stack(5)) == (D(0), D(108))
    assert state.view()["next_dealer"] == 1


# -- RD24: Shoot -------------------------------------------------------------------------------

SHOOT: dict[str, Any] = {"variant": "shoot", "shoot_pot_min": D(10), "shoot_pot_max": D(50)}


def shoot_after_three_deals() -> RedDogState:
    state = new_game(**SHOOT)
    state.start_hand()
    refuse(state, codes.POT_BELOW_MINIMUM, "fund_pot", D(9))
    refuse(state, codes.POT_ABOVE_MAXIMUM, "fund_pot", D(51))
    state.fund_pot(D(30))
    assert state.cards_each == 3
    refuse(state, codes.WRONG_CARD_COUNT, "deal_hand", 1, "2c 3c 4c 5c 6c".split())
    refuse(state, codes.POSITION_NOT_IN_PLAY, "deal_hand", 5, "2c 3c 4c".split())
    lose_every_turn(state)
    for deal_number in (2, 3):
        assert (state.phase, state.view()["next_dealer"]) == (Phase.BETWEEN_HANDS, 5)
        state.start_hand()
        assert (state.phase, state.view()["deals_by_dealer"]) == (Phase.DEALING, deal_number)
        lose_every_turn(state)
    assert state.pot == D(30 + 3 * 4 * 2)
    return state


def test_rd24_shoot_after_three_deals_the_dealer_may_keep_the_pot_and_pass() -> None:
    state = shoot_after_three_deals()
    assert state.phase is Phase.SHOOT_CHOICE
    assert state.legal_actions() == (Action.DECIDE_SHOOT,)
    refuse(state, codes.ACTION_OUT_OF_PHASE, "start_hand")
    count = len(state.movements)
    state.decide_shoot(False)
    assert movements_since(state, count) == [(POT, "player:5", D(54), "pot_kept")]
    assert (state.phase, state.view()["next_dealer"]) == (Phase.BETWEEN_HANDS, 1)


def test_rd24_shoot_a_fourth_deal_and_then_the_dealer_keeps_what_is_left() -> None:
    state = shoot_after_three_deals()
    state.decide_shoot(True)
    assert state.view()["next_dealer"] == 5
    state.start_hand()
    assert state.view()["deals_by_dealer"] == 4
    lose_every_turn(state)
    assert state.movements[-1].reason is MovementReason.POT_KEPT
    assert (state.pot, state.stack(5)) == (D(0), D(70 + 62))
    assert (state.phase, state.view()["next_dealer"]) == (Phase.BETWEEN_HANDS, 1)


def test_shoot_a_pot_run_dry_passes_the_deal_at_once() -> None:
    state = new_game(**SHOOT)
    state.start_hand()
    state.fund_pot(D(30))
    deal(state, {1: "Ah 2c 3c", 2: "2s 3s 4s", 3: "7d 8d 9d", 4: "7c 8c 9c"})
    play_turn(state, 1, 30, turned="Kh", burn="9s")
    assert (state.phase, state.pot, len(state.outcomes)) == (Phase.BETWEEN_HANDS, D(0), 1)
    assert state.view()["next_dealer"] == 1


def test_ending_the_game_during_a_shoot_gives_the_pot_back_to_its_dealer() -> None:
    state = new_game(**SHOOT)
    state.start_hand()
    state.fund_pot(D(30))
    lose_every_turn(state)
    state.end_game()
    assert state.movements[-1].to_dict() == {
        "seq": len(state.movements),
        "source": POT,
        "destination": "player:5",
        "amount": "38",
        "reason": "pot_kept",
    }


# -- RD25: Slippery Sam ------------------------------------------------------------------------

SAM: dict[str, Any] = {"variant": "slippery_sam", "shoot_pot_min": D(10), "shoot_pot_max": D(50)}


def sam_with_seat_1_holding(hand: str) -> RedDogState:
    state = new_game(**SAM)
    state.start_hand()
    state.fund_pot(D(30))
    deal(state, {1: hand, 2: "4c 5c 6c", 3: "7c 8c 9c", 4: "Tc Jc Qc"})
    assert state.phase is Phase.CENTRE
    refuse(state, codes.ACTION_OUT_OF_PHASE, "place_bet", 1, D(2))
    refuse(state, codes.CARD_DUPLICATE, "turn_centre_card", "4c")
    for card in ("Ks", "9h"):
        state.turn_centre_card(card)
        assert (state.phase, state.centre_card) == (Phase.CENTRE, None)
    state.turn_centre_card("5d")
    assert (state.phase, state.centre_card) == (Phase.BETTING, parse_card("5d"))
    return state


@pytest.mark.parametrize("diamond", ["6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad"])
def test_rd25_slippery_sam_any_diamond_six_to_ace_beats_the_centre_five(diamond: str) -> None:
    state = sam_with_seat_1_holding(f"{diamond} 2c 3c")
    state.place_bet(1, 10)
    assert state.outcomes[-1].won and state.outcomes[-1].shown == (parse_card(diamond),)
    assert state.pot == D(20)
    for seat in (2, 3, 4):
        state.place_bet(seat, 2)
        assert not state.outcomes[-1].won
    assert state.pot == D(26)


@pytest.mark.parametrize("hand", ["4d 2c 3c", "Kh Qs 3c"])
def test_rd25_slippery_sam_no_higher_diamond_loses(hand: str) -> None:
    state = sam_with_seat_1_holding(hand)
    state.place_bet(1, 10)
    assert not state.outcomes[-1].won
    assert state.pot == D(40)


def test_slippery_sam_has_no_burn_and_no_reshuffle_while_betting() -> None:
    state = sam_with_seat_1_holding("2d 2h 3c")
    assert state.view()["burnt_cards"] == []
    refuse(state, codes.ACTION_OUT_OF_PHASE, "show_burn", "3d")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "reshuffle")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "turn_centre_card", "6d")
    assert state.view()["centre_card"] == "5d"


# -- events and replay -------------------------------------------------------------------------

SAMPLE_EVENTS: list[Event] = [
    PlayersSeated(stacks=((1, D(50)), (4, D("12.5"))), button=4),
    HandStarted(),
    PotFunded(amount=D(30)),
    HandDealt(seat=2, cards=parse_cards("Ks 9s 7h 4d Ac")),
    CentreCardTurned(card=parse_card("5d")),
    BetPlaced(seat=2, amount=D(6)),
    BurnShown(card=parse_card("Qs")),
    CardTurned(card=parse_card("Js")),
    Reshuffled(),
    ShootDecided(deal_again=True),
    GameEnded(),
    CardExposed(card=parse_card("2h"), reason="flashed in the deal"),
]


def test_every_event_kind_has_a_sample() -> None:
    assert sorted(e.kind for e in SAMPLE_EVENTS) == sorted(EVENT_KINDS)


@pytest.mark.parametrize("event", SAMPLE_EVENTS, ids=lambda e: e.kind)
def test_an_event_survives_json(event: Event) -> None:
    stored = json.loads(json.dumps(event.to_dict()))
    assert stored["kind"] == event.kind
    assert event_from_dict(stored) == event


@pytest.mark.parametrize(
    ("stored", "code", "field"),
    [
        ({"kind": "bet_won", "seat": 1}, codes.EVENT_KIND_UNKNOWN, None),
        ({"seat": 1}, codes.EVENT_KIND_UNKNOWN, None),
        ({"kind": "bet_placed", "seat": 1}, codes.EVENT_INVALID, "amount"),
        ({"kind": "bet_placed", "seat": 1, "amount": "2", "won": True}, codes.EVENT_INVALID, "won"),
        ({"kind": "bet_placed", "seat": True, "amount": "2"}, codes.EVENT_INVALID, "seat"),
        ({"kind": "bet_placed", "seat": 1, "amount": 2.0}, codes.EVENT_INVALID, "amount"),
        ({"kind": "card_turned", "card": "Zz"}, codes.EVENT_INVALID, "card"),
        ({"kind": "hand_dealt", "seat": 1, "cards": "As Ks"}, codes.EVENT_INVALID, "cards"),
        ({"kind": "shoot_decided", "deal_again": "yes"}, codes.EVENT_INVALID, "deal_again"),
        ({"kind": "players_seated", "stacks": [], "button": 1}, codes.EVENT_INVALID, "stacks"),
        ({"kind": "hand_started", "hand": 2}, codes.EVENT_INVALID, "hand"),
    ],
)
def test_a_bad_stored_event_is_refused(
    stored: dict[str, Any], code: str, field: str | None
) -> None:
    with pytest.raises(GameError) as caught:
        event_from_dict(stored)
    assert caught.value.code == code
    assert caught.value.data.get("field") == field


def test_replay_reproduces_the_ledger_outcomes_and_view() -> None:
    state = play_pot_23_hand(commission="win_percent", win_percent=D(50))
    state.start_hand()
    lose_every_turn(state)
    state.end_game()
    stored = [json.loads(json.dumps(e.to_dict())) for e in state.events]
    again = replay(state.rules, [event_from_dict(e) for e in stored])
    assert again.movements == state.movements
    assert again.outcomes == state.outcomes
    assert again.view() == state.view()


def test_replay_refuses_an_altered_log() -> None:
    state = ben_to_turn()
    events = list(state.events)
    index = next(i for i, e in enumerate(events) if isinstance(e, BetPlaced))
    events[index] = BetPlaced(seat=1, amount=D(11))
    with pytest.raises(GameError) as caught:
        replay(state.rules, events)
    assert caught.value.code == codes.BET_ABOVE_POT


def test_each_action_returns_the_event_it_applied() -> None:
    state = new_game()
    assert state.start_hand() == HandStarted()
    assert state.deal_hand(1, "2h 3h 4h 5h 6h".split()) == HandDealt(
        seat=1, cards=parse_cards("2h 3h 4h 5h 6h")
    )
    assert state.events[-1] == HandDealt(seat=1, cards=parse_cards("2h 3h 4h 5h 6h"))


def test_the_view_is_json_and_names_what_comes_next() -> None:
    state = new_game()
    view: dict[str, Any] = json.loads(json.dumps(state.view()))
    assert (view["phase"], view["next_input"], view["next_dealer"]) == (
        "between_hands",
        "start_hand",
        5,
    )
    assert view["actions"] == ["start_hand", "end_game"]
    state.start_hand()
    deal(state, BEN_TABLE)
    view = json.loads(json.dumps(state.view()))
    assert (view["phase"], view["to_act"], view["next_input"]) == ("betting", 1, "place_bet")
    assert (view["bet_range"], view["pot"], view["dealer"]) == ({"min": "2", "max": "10"}, "10", 5)
    assert view["stacks"] == {str(seat): "98" for seat in range(1, 6)}
    assert view["stock_remaining"] == 52 - 25
