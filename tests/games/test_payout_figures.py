"""The figures a dealer pays from, per box or seat, in the order a layout is worked: what to
take (stakes lost), what to pay (winnings beside the stakes), what stays (stakes returned), and
what the table maximum withheld, in words; worked on RULES.md's vectors.

The random rounds of every game check the same figures add up (``check_payout_figures``, in
each game's contract test).
"""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

from casino.games.cards import parse_card, parse_cards
from casino.games.contract import GameResult, GameState, Position, PositionKind, RoundTerms
from casino.games.reddog import GAME as RED_DOG
from casino.games.rubyrun import GAME as RUBY_RUN
from casino.games.russian import GAME as RUSSIAN
from casino.games.russian import Paytables
from tests.games.payout_figures import check_payout_figures

STANDARD_MAIN = dict(Paytables.standard().main)
LIMITS: dict[str, Any] = {
    "ante_min": "10",
    "ante_max": "500",
    "max_table_payout": "5000",
    "chip_unit": "1",
    "bonus_min": "1",
    "bonus_max": "100",
}
RP_TERMS = RoundTerms(
    rules={},
    paytables={"main": STANDARD_MAIN, "bonus": {"straight": D(40)}},
    limits=LIMITS,
    options={},
)


def act(game: Any, state: GameState, action: str, **data: Any) -> None:
    game.actions[action].perform(state, data)


def box(result: GameResult, number: int) -> Any:
    (found,) = [p for p in result.positions if p.position == Position(PositionKind.BOX, number)]
    return found


def figures(result: GameResult, number: int) -> tuple[D, D, D]:
    found = box(result, number)
    return found.take, found.pay, found.stays


def one_box(player: str, dealer: str, ante: int = 10, **wagers: Any) -> GameState:
    """A one-box round to the deal: the box's five cards and the dealer's up card (the first
    of ``dealer``); the other four are turned by :func:`reveal`."""
    state = RUSSIAN.new_state(RP_TERMS)
    act(RUSSIAN, state, "place_wagers", box=1, player="P1", ante=D(ante), **wagers)
    act(RUSSIAN, state, "close_bets")
    act(RUSSIAN, state, "deal_box", box=1, cards=parse_cards(player))
    act(RUSSIAN, state, "deal_card", target="dealer", card=parse_cards(dealer)[0])
    return state


def reveal(state: GameState, dealer: str) -> None:
    act(RUSSIAN, state, "reveal_dealer", cards=parse_cards(dealer)[1:])


def test_rp01_a_winning_box_is_paid_its_bet_win_beside_its_stakes() -> None:
    """RP01: pair against a qualifying Ace-King; the box receives 50, of which 30 are its own
    stakes: pay 20, nothing to take, 30 stay."""
    dealer = "Ac Kh 9d 6s 2c"
    state = one_box("8h 8s Kd 7c 3s", dealer)
    act(RUSSIAN, state, "bet", box=1)
    reveal(state, dealer)
    result = state.result()
    assert box(result, 1).returned == D(50)
    assert figures(result, 1) == (D(0), D(20), D(30))
    check_payout_figures(result)


def test_rp04_a_losing_box_is_taken() -> None:
    dealer = "Qs Qc 7d 4h 2s"
    state = one_box("Jh Jd 9c 5s 3h", dealer)
    act(RUSSIAN, state, "bet", box=1)
    reveal(state, dealer)
    result = state.result()
    assert figures(result, 1) == (D(30), D(0), D(0))
    assert result.pay - result.take == -result.house_result == D(-30)
    check_payout_figures(result)


def test_rp03_a_dealer_without_a_game_pays_the_ante_and_leaves_the_bet() -> None:
    dealer = "Ad Qc 9h 7s 4c"
    state = one_box("6h 6d Jc 9s 2h", dealer)
    act(RUSSIAN, state, "bet", box=1)
    reveal(state, dealer)
    act(RUSSIAN, state, "take_ante", box=1)
    assert figures(state.result(), 1) == (D(0), D(10), D(30))
    check_payout_figures(state.result())


def test_rp14_the_cap_withholds_and_says_why_in_words_and_the_fee_is_taken_already() -> None:
    """RP14: Ante 50, Bet 100, royal and straight flush with a sixth card: 15,000 computed,
    5,000 paid beside the stakes (150) that stay; the sixth card's fee (50) was taken when the
    box bought it, so it is not taken again."""
    dealer = "2c Qs Qc 5d 4s"
    state = one_box("Ah Kh Qh Jh Th", dealer, ante=50)
    act(RUSSIAN, state, "buy_sixth_card", box=1, card=parse_card("9h"))
    act(RUSSIAN, state, "bet", box=1)
    reveal(state, dealer)
    result = state.result()
    found = box(result, 1)
    assert figures(result, 1) == (D(0), D(5000), D(150))
    assert (found.withheld, found.collected_in_play) == (D(10000), D(50))
    assert found.withheld_reason == "over the table's maximum payout per box"
    (bet,) = [line for line in result.lines if line.line == "bet"]
    assert (bet.label, bet.reason, bet.reason_text) == (
        "Bet",
        "max_payout_per_box",
        "over the table's maximum payout per box",
    )
    (fee,) = [line for line in result.lines if line.line == "sixth_card_fee"]
    assert (fee.label, fee.take, fee.collected_in_play) == ("Sixth-card fee", D(0), D(50))
    # What the dealer hands over now, less the fee taken in play, is the house's loss.
    assert result.pay - result.take - result.collected_in_play == -result.house_result
    check_payout_figures(result)


def test_rp18_insurance_won_is_paid_beside_its_stake() -> None:
    """RP18: insurance 30 and the Ante win (10) paid; Ante, Bet and insurance stay (60)."""
    dealer = "Qs Jc 9d 6h 3s"
    state = one_box("7h 7d 7s Kh 4d", dealer)
    act(RUSSIAN, state, "insure", box=1, amount=D(30))
    act(RUSSIAN, state, "bet", box=1)
    reveal(state, dealer)
    act(RUSSIAN, state, "take_ante", box=1)
    assert figures(state.result(), 1) == (D(0), D(40), D(60))
    check_payout_figures(state.result())


def test_rp34_a_lost_main_hand_and_a_won_bonus_are_taken_and_paid_line_by_line() -> None:
    """RP34: a bonus of 5 on a straight as dealt wins 200 whatever the dealer; here the main
    hand loses: the box's Ante and Bet are taken, its bonus paid beside its stake."""
    dealer = "2s 5s 8s Js As"
    state = one_box("9c Td Jh Qs Kd", dealer, bonus=D(5))
    act(RUSSIAN, state, "declare_bonus", box=1)
    act(RUSSIAN, state, "bet", box=1)
    reveal(state, dealer)
    result = state.result()
    assert figures(result, 1) == (D(30), D(200), D(5))
    lines = {line.line: line for line in result.lines}
    assert (lines["bonus"].label, lines["bonus"].pay, lines["bonus"].stays) == (
        "Bonus",
        D(200),
        D(5),
    )
    assert (lines["ante"].take, lines["bet"].take) == (D(10), D(20))
    check_payout_figures(result)


def test_rr23_ruby_runs_lines_name_the_main_pot_and_the_side_pots() -> None:
    """Three seats all in for 50, 100 and 300: a main pot, a side pot and an uncalled bet,
    each named in words; the winner is paid each pot it takes, the uncalled chips stay."""
    terms = RoundTerms(
        rules={"betting": "no_limit", "small_blind": "1", "big_blind": "2"},
        paytables={},
        limits={},
        options={},
    )
    state = RUBY_RUN.new_state(terms)
    act(RUBY_RUN, state, "seat_players", stacks={1: D(50), 2: D(100), 3: D(300)}, button=3)
    act(RUBY_RUN, state, "post_forced_bets")
    for seat, hole in ((1, "Kc 6d 3s"), (2, "2c 2s 2d"), (3, "Ks 6s 3d")):
        act(RUBY_RUN, state, "deal_hole_cards", seat=seat, cards=parse_cards(hole))
    while not state.complete and state.phase.value == "betting":
        (action,) = [a for a in state.tablet_view().actions if a.name == "all_in"][:1] or [
            a for a in state.tablet_view().actions if a.name in ("call", "check")
        ][:1]
        seat = action.position.number if action.position else None
        act(RUBY_RUN, state, action.name, seat=seat)
    act(RUBY_RUN, state, "deal_over_cards", cards=parse_cards("8h 9h Th"))
    act(RUBY_RUN, state, "deal_under_cards", cards=parse_cards("Ac Kd Qc"))
    act(RUBY_RUN, state, "deal_slam", card=parse_card("4c"))
    assert state.complete
    result = state.result()
    labels = {(line.position.number, line.line, line.pot): line.label for line in result.lines}
    assert "Main pot" in labels.values() and "Side pot 1" in labels.values()
    assert all(label != "pot" for label in labels.values())
    uncalled = [line for line in result.lines if line.line == "uncalled"]
    assert uncalled and all(
        (line.label, line.stays, line.pay) == ("Uncalled bet returned", line.paid, D(0))
        for line in uncalled
    )
    for position in result.positions:
        # The chips went into the pot as they were bet: nothing to take at the showdown.
        assert position.take == D(0)
    check_payout_figures(result)


def test_rd22_red_dogs_end_pays_only_the_final_share() -> None:
    """A Red Dog game: the bets won were paid at the players' turns; at its end only the
    share of the pot is due, and the odd chips stay in the house float for the next game."""
    terms = RoundTerms(rules={}, paytables={}, limits={}, options={"carried_in": "0.00"})
    state = RED_DOG.new_state(terms)
    act(RED_DOG, state, "seat_players", stacks={s: D(100) for s in range(1, 6)}, button=5)
    act(RED_DOG, state, "start_hand")
    hands = {
        1: "2h 3h 4h 5h 6h",
        2: "Ks 9s 7c 4s Ah",
        3: "2d 3d 4d 5d 6d",
        4: "Ad Kc Qc Jc Tc",
        5: "7h 8h 9h Th Jh",
    }
    for seat, cards in hands.items():
        act(RED_DOG, state, "deal_hand", seat=seat, cards=parse_cards(cards))
    # The antes make 10. Seat 2 wins 5 (Ks over Js), paid from the pot at its turn; the others
    # lose 6, 3, 2 and 2: the pot ends at 18, shared 3 each with 3 chips over.
    for seat, bet, turned, burn in (
        (1, 6, "8c", "7s"),
        (2, 5, "Js", "8s"),
        (3, 3, "7d", "3s"),
        (4, 2, "Qs", "Ts"),
        (5, 2, "3c", "2s"),
    ):
        act(RED_DOG, state, "place_bet", seat=seat, amount=D(bet))
        act(RED_DOG, state, "show_burn", card=parse_card(burn))
        act(RED_DOG, state, "turn_card", card=parse_card(turned))
    act(RED_DOG, state, "end_game")
    result = state.result()
    seat_two = [p for p in result.positions if p.position.number == 2][0]
    won = [line for line in result.lines if line.position.number == 2 and line.line == "bet_won"]
    assert won and won[0].paid_in_play == won[0].paid == D(5) and won[0].pay == D(0)
    shares = {line.position.number: line for line in result.lines if line.line == "pot_share"}
    assert {seat: line.pay for seat, line in shares.items()} == dict.fromkeys(range(1, 6), D(3))
    assert all(line.label == "Share of the pot" for line in shares.values())
    assert seat_two.pay == D(3) and seat_two.paid_in_play == D(5)
    assert (result.rake, result.carried_out, result.house_result) == (D(0), D(3), D(0))
    check_payout_figures(result)
