"""Russian Poker engine: every vector of RULES.md 1.13 (RP01–RP43), played through the engine.

Defaults as in 1.13 unless a test says otherwise: Ante 10, Bet 20, the standard paytable, a
maximum payout of 5000 per box, Ante returned on a win. A vector's dealer hand is written as in
RULES: its fifth card is the face-up card recorded at the deal, the first four are revealed.
"Net" is what the box's player gains for the round, fees included (returned − staked); "receives"
is what is handed back at settlement.
"""

from __future__ import annotations

import doctest
import importlib
import json
from collections.abc import Iterable, Mapping
from decimal import Decimal as D
from typing import Any

import pytest

from casino.games.cards import format_cards, parse_cards
from casino.games.errors import GameError
from casino.games.russian import (
    CAP_PER_BOX,
    CAP_ROUND_PRO_RATA,
    BoxSettlement,
    Paytables,
    Phase,
    RoundSettlement,
    RussianPokerRules,
    RussianPokerState,
    TableLimits,
    codes,
    event_from_dict,
    replay,
    settle_round,
)
from casino.games.russian.settlement import BoxPlay, DealerPlay, settle

LIMITS = TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(5000), chip_unit=D(1))
STANDARD = Paytables.standard()
#: The aragon bonus table of RULES 1.5.
ARAGON_BONUS = {
    "straight": D(40),
    "flush": D(50),
    "full_house": D(70),
    "quads": D(200),
    "straight_flush": D(500),
    "royal_flush": D(1000),
}


# -- helpers ----------------------------------------------------------------------------------


def opened(
    hands: Mapping[int, str],
    dealer: str,
    *,
    ante: int = 10,
    antes: Mapping[int, int] | None = None,
    blind: Iterable[int] = (),
    players: Mapping[int, str] | None = None,
    bonuses: Mapping[int, int] | None = None,
    limits: TableLimits = LIMITS,
    paytables: Paytables = STANDARD,
    deal_blind: bool = True,
    **settings: Any,
) -> tuple[RussianPokerState, str]:
    """A round dealt up to the decisions; returns it and the dealer's four face-down cards."""
    blind = set(blind)
    state = RussianPokerState(RussianPokerRules.from_dict(settings), paytables, limits)
    for box in sorted(hands):
        state.place_wagers(
            box,
            (players or {}).get(box, f"P{box}"),
            (antes or {}).get(box, ante),
            (bonuses or {}).get(box),
            box in blind,
        )
    state.close_bets()
    for box in sorted(hands):
        if deal_blind or box not in blind:
            state.deal_box(box, hands[box])
    cards = dealer.split()
    state.deal_card("dealer", cards[4])
    return state, " ".join(cards[:4])


def one_box(
    player: str,
    dealer: str,
    *,
    exchange: tuple[str, str] | None = None,
    sixth: str | None = None,
    insurance: int | None = None,
    fold: bool = False,
    buy: bool = False,
    replacement: str | None = None,
    **options: Any,
) -> BoxSettlement:
    """Play box 1 alone through to its settlement, checking the replay reproduces it."""
    state, face_down = opened({1: player}, dealer, **options)
    if options.get("bonuses"):
        state.declare_bonus(1)
    if exchange is not None:
        state.exchange(1, *exchange)
    if sixth is not None:
        state.buy_sixth_card(1, sixth)
    if insurance is not None:
        state.insure(1, insurance)
    if fold:
        state.fold(1)
    else:
        state.bet(1)
        state.reveal_dealer(face_down)
    if state.phase is Phase.DEALER_NO_GAME_CHOICES:
        if buy:
            state.buy_game(1)
            assert replacement is not None
            state.draw_replacement(replacement)
        else:
            state.take_ante(1)
    return settled(state).box(1)


def settled(state: RussianPokerState) -> RoundSettlement:
    """The round's settlement, after checking that a replay of its stored events (through
    JSON) reproduces it, and that it survives a JSON round trip itself."""
    assert state.phase is Phase.COMPLETE
    settlement = state.settlement
    assert settlement is not None
    stored = json.loads(json.dumps([event.to_dict() for event in state.events]))
    again = settle_round(state.rules, state.paytables, state.limits, stored)
    assert again == settlement
    assert RoundSettlement.from_dict(json.loads(json.dumps(settlement.to_dict()))) == settlement
    for box in settlement.boxes:
        assert box.staked - box.returned == box.house_result
    return settlement


def net(box: BoxSettlement) -> D:
    return box.returned - box.staked


def line(box: BoxSettlement, kind: str) -> tuple[str, D, D, D]:
    """(outcome, stake, computed, paid) of a line."""
    found = box.line(kind)
    assert found is not None, f"box {box.box} has no {kind} line"
    return found.outcome, found.stake, found.computed, found.paid


# -- RP01–RP09: comparison ------------------------------------------------------------------------


def test_rp01_pair_beats_ace_king() -> None:
    box = one_box("8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    assert line(box, "ante") == ("push", D(10), D(10), D(10))
    assert line(box, "bet") == ("win", D(20), D(40), D(40))
    assert (box.returned, net(box), box.combination) == (D(50), D(20), "pair")


def test_rp02_pair_and_ace_king_with_five_cards() -> None:
    box = one_box("Kh Ks Ac 8d 5h", "Qh Qd 9c 7s 2d")
    assert box.combination == "pair+ace_king"
    assert line(box, "bet") == ("win", D(20), D(60), D(60))
    assert net(box) == D(40)


def test_rp03_dealer_without_game_pays_the_ante() -> None:
    box = one_box("6h 6d Jc 9s 2h", "Ad Qc 9h 7s 4c")
    assert line(box, "ante") == ("win", D(10), D(20), D(20))
    assert line(box, "bet") == ("void", D(20), D(20), D(20))
    assert (box.returned, net(box)) == (D(40), D(10))


def test_rp04_player_loses() -> None:
    box = one_box("Jh Jd 9c 5s 3h", "Qs Qc 7d 4h 2s")
    assert line(box, "ante")[0] == line(box, "bet")[0] == "lose"
    assert (box.returned, net(box)) == (D(0), D(-30))


def test_rp05_standoff_on_identical_ranks() -> None:
    box = one_box("As Kd 9c 7h 4s", "Ah Kc 9d 7s 4h")
    assert line(box, "ante") == ("push", D(10), D(10), D(10))
    assert line(box, "bet") == ("push", D(20), D(20), D(20))
    assert (box.returned, net(box)) == (D(30), D(0))


def test_rp08_wheel_beats_ace_king() -> None:
    box = one_box("Ah 2d 3c 4s 5h", "As Kh Qd Jc 9s")
    assert box.combination == "straight"
    assert line(box, "bet") == ("win", D(20), D(100), D(100))
    assert net(box) == D(80)


def test_rp09_wheel_loses_to_six_high_straight() -> None:
    box = one_box("Ah 2d 3c 4s 5h", "2h 3s 4d 5c 6h")
    assert net(box) == D(-30)


# -- RP11–RP17: sixth card, maximum payout, exchange ---------------------------------------------


def test_rp11_sixth_card_makes_straight_and_ace_king() -> None:
    box = one_box("5h 4s 3d 2c Ks", "Qh Qs 8d 7c 2h", sixth="Ah")
    assert box.combination == "straight+ace_king"
    assert line(box, "bet") == ("win", D(20), D(120), D(120))
    assert line(box, "sixth_card_fee") == ("fee", D(10), D(0), D(0))
    assert (box.staked, box.returned, net(box)) == (D(40), D(130), D(90))


def test_rp13_sixth_card_makes_two_straight_flushes() -> None:
    box = one_box("Kh Qh Jh 10h 9h", "Ac Kd 7s 4c 2d", sixth="8h")
    assert box.combination == "straight_flush+straight_flush"
    assert line(box, "bet") == ("win", D(20), D(2020), D(2020))
    assert net(box) == D(1990)


def test_rp14_winnings_capped_at_the_table_maximum_per_box() -> None:
    box = one_box("Ah Kh Qh Jh 10h", "Qs Qc 5d 4s 2c", ante=50, sixth="9h")
    assert box.combination == "royal_flush+straight_flush"
    bet = box.line("bet")
    assert bet is not None
    assert (bet.stake, bet.computed, bet.paid) == (D(100), D(15100), D(5100))
    assert bet.reason == CAP_PER_BOX
    assert line(box, "ante") == ("push", D(50), D(50), D(50))
    assert line(box, "sixth_card_fee") == ("fee", D(50), D(0), D(0))
    assert (box.returned, net(box)) == (D(5150), D(4950))
    assert (box.cap_applied, box.withheld) == (True, D(10000))


def test_rp16_exchange_of_three_cards_makes_trips() -> None:
    box = one_box("7h 7d 2c 9s Jd", "Ac Kd 8h 6s 3c", exchange=("2c 9s Jd", "7s Kh 4d"))
    assert box.combination == "trips"
    assert line(box, "bet") == ("win", D(20), D(80), D(80))
    assert line(box, "exchange_fee") == ("fee", D(10), D(0), D(0))
    assert net(box) == D(50)


def test_rp17_exchange_then_fold_loses_ante_and_fee() -> None:
    box = one_box("7h 7d 2c 9s Jd", "Ac Kd 8h 6s 3c", exchange=("2c 9s Jd", "5s Kh 4d"), fold=True)
    assert line(box, "ante") == ("lose", D(10), D(0), D(0))
    assert box.line("bet") is None
    assert (box.staked, box.returned, net(box)) == (D(20), D(0), D(-20))


def test_rp17_everyone_folded_skips_the_dealer_reveal() -> None:
    state, _ = opened({1: "7h 7d 2c 9s Jd"}, "Ac Kd 8h 6s 3c")
    state.fold(1)
    settlement = settled(state)
    assert (settlement.dealer_cards, settlement.dealer_qualifies) == ("", None)
    assert net(settlement.box(1)) == D(-10)


# -- RP18–RP21: insurance -------------------------------------------------------------------------


def test_rp18_insurance_pays_when_the_dealer_has_no_game() -> None:
    state, _ = opened({1: "7h 7d 7s Kh 4d"}, "Qs Jc 9d 6h 3s")
    assert state.insurance_range(1) == (D(10), D(30))
    box = one_box("7h 7d 7s Kh 4d", "Qs Jc 9d 6h 3s", insurance=30)
    assert line(box, "insurance") == ("win", D(30), D(60), D(60))
    assert line(box, "ante") == ("win", D(10), D(20), D(20))
    assert line(box, "bet") == ("void", D(20), D(20), D(20))
    assert (box.returned, net(box)) == (D(100), D(40))


def test_rp20_insurance_returned_when_the_box_loses_to_a_qualifying_dealer() -> None:
    box = one_box("7h 7d 7s Kh 4d", "9c 9d 9h 2s 3h", insurance=30)
    assert line(box, "insurance") == ("push", D(30), D(30), D(30))
    assert line(box, "ante")[0] == line(box, "bet")[0] == "lose"
    assert net(box) == D(-30)


def test_rp20_variant_insurance_always_lost_when_the_dealer_qualifies() -> None:
    box = one_box(
        "7h 7d 7s Kh 4d",
        "9c 9d 9h 2s 3h",
        insurance=30,
        insurance_when_dealer_qualifies="always_lost",
    )
    assert line(box, "insurance") == ("lose", D(30), D(0), D(0))
    assert net(box) == D(-60)


def test_insurance_lost_when_the_box_beats_a_qualifying_dealer() -> None:
    """RULES 1.6 "dealer qualifies, player wins": W − I."""
    box = one_box("7h 7d 7s Kh 4d", "Ac Kd 8h 6s 3c", insurance=30)
    assert line(box, "insurance") == ("lose", D(30), D(0), D(0))
    assert net(box) == D(60 - 30)


def test_insurance_returned_on_a_standoff_with_a_qualifying_dealer() -> None:
    """RULES 1.9: "Dealer qualifies → insurance lost if the player wins; returned if the player
    loses; returned (with Ante and Bet) on a standoff"."""
    box = one_box("5h 6d 7c 8s 9h", "5c 6h 7d 8c 9s", insurance=20)
    assert line(box, "insurance") == ("push", D(20), D(20), D(20))
    assert line(box, "ante")[0] == line(box, "bet")[0] == "push"
    assert net(box) == D(0)


def test_insurance_of_a_box_that_folded_is_returned_as_void() -> None:
    """RULES 1.9: "An insurance bet on an ineligible hand is returned as a void bet". The state
    never lets an insured box fold; the settlement, handed one, returns the insurance whatever
    the dealer holds, and the Ante is lost as for any fold."""
    hand = parse_cards("7h 7d 7s Kh 4d")
    folded = BoxPlay(1, "P1", False, D(10), None, hand, hand, insurance=D(30), folded=True)
    for dealer in ("Qs Jc 9d 6h 3s", "Ac Kd 8h 6s 3c"):  # no game; a qualifying hand
        against = DealerPlay(parse_cards(dealer))
        settled = settle(RussianPokerRules.from_dict({}), STANDARD, LIMITS, [folded], against)
        assert line(settled.box(1), "insurance") == ("void", D(30), D(30), D(30))
        assert line(settled.box(1), "ante") == ("lose", D(10), D(0), D(0))


def test_a_buyer_with_no_replacement_drawn_cannot_be_settled() -> None:
    """``settle`` takes complete rounds only: a box that bought a game against a dealer with no
    game needs the dealer's hand after the replacement, and the refusal names the box."""
    hand = parse_cards("Kh Kd 8s 5c 2d")
    buyer = BoxPlay(3, "P3", False, D(10), None, hand, hand, bought_game=True)
    no_game = DealerPlay(parse_cards("Qs Jc 9d 6h 3s"), bought=None)
    with pytest.raises(ValueError, match="^box 3 bought a game but the dealer drew no card$"):
        settle(RussianPokerRules.from_dict({}), STANDARD, LIMITS, [buyer], no_game)


def test_the_settlement_says_the_dealer_s_hands_and_whether_each_qualifies() -> None:
    """What the auditor reads beside the lines: the dealer's revealed five and whether they
    make a game (RULES 1.4: Ace-King or better), the same for the hand after a bought game, and
    nothing where there was no such hand."""
    hand = parse_cards("Ah Ad Qc 8s 5h")
    rules = RussianPokerRules.from_dict({})
    qualifying = parse_cards("Ac Kd 8h 6s 3c")
    played = BoxPlay(1, "P1", False, D(10), None, hand, hand)
    against = settle(rules, STANDARD, LIMITS, [played], DealerPlay(qualifying))
    assert (against.dealer_cards, against.dealer_qualifies) == (format_cards(qualifying), True)
    assert (against.bought_cards, against.bought_qualifies) == ("", None)
    no_game, after = parse_cards("Kc Jh 9d 6c 3s"), parse_cards("Kc Jh 9d 6c 9s")
    buyer = BoxPlay(1, "P1", False, D(10), None, hand, hand, bought_game=True)
    bought = settle(rules, STANDARD, LIMITS, [buyer], DealerPlay(no_game, after))
    assert (bought.dealer_cards, bought.dealer_qualifies) == (format_cards(no_game), False)
    assert (bought.bought_cards, bought.bought_qualifies) == (format_cards(after), True)
    folded = BoxPlay(1, "P1", False, D(10), None, hand, hand, folded=True)
    unrevealed = settle(rules, STANDARD, LIMITS, [folded], DealerPlay(None))
    assert (unrevealed.dealer_cards, unrevealed.dealer_qualifies) == ("", None)


def test_a_folded_box_and_its_fees_name_no_combination() -> None:
    """A box that folded shows no hand, and a fee is a fee whatever the hand held."""
    box = one_box("Ah Ad Qc 8s 5h", "Kc Jh 9d 6c 3s", exchange=("Qc 8s", "Kd 2c"), fold=True)
    assert box.combination == ""
    fee = box.line("exchange_fee")
    assert fee is not None and (fee.outcome, fee.combination) == ("fee", "")


def test_a_box_in_play_against_no_dealer_hand_cannot_be_settled() -> None:
    hand = parse_cards("Ah Ad Qc 8s 5h")
    played = BoxPlay(2, "P2", False, D(10), None, hand, hand)
    with pytest.raises(ValueError, match="^box 2 played but the dealer has no hand$"):
        settle(RussianPokerRules.from_dict({}), STANDARD, LIMITS, [played], DealerPlay(None))


def test_a_round_of_no_box_totals_decimal_zero() -> None:
    """Money is ``Decimal``: a round's totals are, even summed over no box."""
    nothing = settle(RussianPokerRules.from_dict({}), STANDARD, LIMITS, [], DealerPlay(None))
    totals = (nothing.staked, nothing.returned, nothing.withheld, nothing.house_result)
    assert totals == (D(0),) * 4 and all(type(total) is D for total in totals)


def test_a_box_without_lines_totals_decimal_zero() -> None:
    """Money is ``Decimal``: a box's totals are, even summed over no line at all."""
    box = BoxSettlement.of_lines(
        box=1, player="P1", blind=False, cards="", combination="", lines=()
    )
    totals = (box.staked, box.returned, box.withheld)
    assert totals == (D(0), D(0), D(0)) and all(type(t) is D for t in totals)


@pytest.mark.parametrize(
    ("cards", "sixth", "max_payout", "maximum"),
    [
        ("7h 7d 7s Kh 4d", None, 5000, 30),  # trips pays 60
        ("7h 7d 7s Kh Kd", None, 5000, 70),  # five-card full house pays 140
        ("Kh Kd Ks 5c 5d", "Ac", 5000, 80),  # full house + Ace-King with six cards pays 160
        ("9s 9h 9d 9c 2h", None, 100, 50),  # quads pay 400, capped at 100 first
    ],
)
def test_rp21_insurance_limits(
    cards: str, sixth: str | None, max_payout: int, maximum: int
) -> None:
    limits = TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(max_payout), chip_unit=D(1))
    state, _ = opened({1: cards}, "2s 3c 4h 6d 8c", limits=limits)
    if sixth is not None:
        state.buy_sixth_card(1, sixth)
    assert state.insurance_range(1) == (D(10), D(maximum))
    insure = next(a for a in state.legal_actions() if a["action"] == "insure")
    assert (insure["min"], insure["max"]) == ("10", str(maximum))
    with pytest.raises(GameError) as below:
        state.insure(1, 5)
    assert below.value.code == codes.INSURANCE_BELOW_MINIMUM
    with pytest.raises(GameError) as above:
        state.insure(1, maximum + 1)
    assert above.value.code == codes.INSURANCE_ABOVE_MAXIMUM
    assert state.insure(1, maximum).amount == D(maximum)


def test_rp21_insurance_on_a_pair_is_refused_rather_than_voided() -> None:
    state, _ = opened({1: "8h 8s Kd 7c 3s"}, "Ac Kh 9d 6s 2c")
    assert state.insurance_range(1) is None
    assert all(a["action"] != "insure" for a in state.legal_actions())
    with pytest.raises(GameError) as refused:
        state.insure(1, 10)
    assert refused.value.code == codes.INSURANCE_NOT_ELIGIBLE
    assert refused.value.data["combination"] == "pair"


# -- RP23–RP29: buying a game, blind boxes --------------------------------------------------------


def test_rp23_bought_game_still_no_game() -> None:
    state, face_down = opened({1: "Ah Ad Qc 8s 5h"}, "Kc Jh 9d 6c 3s")
    state.bet(1)
    state.reveal_dealer(face_down)
    state.buy_game(1)
    assert state.dealer_discard is not None and str(state.dealer_discard) == "Kc"
    state.draw_replacement("2d")
    settlement = settled(state)
    box = settlement.box(1)
    assert (settlement.bought_cards, settlement.bought_qualifies) == ("Jh 9d 6c 3s 2d", False)
    assert line(box, "ante") == ("void", D(10), D(10), D(10))
    assert line(box, "bet") == ("void", D(20), D(20), D(20))
    assert line(box, "buy_game_fee") == ("fee", D(10), D(0), D(0))
    assert net(box) == D(-10)
    not_buying = one_box("Ah Ad Qc 8s 5h", "Kc Jh 9d 6c 3s")
    assert net(not_buying) == D(10)


def test_rp25_bought_game_backfires() -> None:
    box = one_box("10h 10d 8c 5s 2h", "Kc Jh 9d 6c 3s", buy=True, replacement="Js")
    assert line(box, "ante")[0] == line(box, "bet")[0] == "lose"
    assert net(box) == D(-40)


def test_bought_game_won_against_the_new_hand() -> None:
    """RULES 1.6 "no game, buys, dealer now qualifies, player wins": W − A − F."""
    box = one_box("Ah Ad Qc 8s 5h", "Kc Jh 9d 6c 3s", buy=True, replacement="3d")
    assert line(box, "bet") == ("win", D(20), D(40), D(40))
    assert line(box, "ante") == ("push", D(10), D(10), D(10))
    assert net(box) == D(20 - 10)


def test_bought_game_keeps_insurance_won_on_the_original_hand() -> None:
    """Insurance is paid on the original hand and then leaves less room under the maximum."""
    limits = TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(100), chip_unit=D(1))
    box = one_box(
        "9s 9h 9d 9c 2h",
        "Kc Jh 8d 6c 3s",
        insurance=50,
        buy=True,
        replacement="3d",
        limits=limits,
    )
    assert line(box, "insurance") == ("win", D(50), D(100), D(100))
    bet = box.line("bet")
    assert bet is not None
    assert (bet.computed, bet.paid, bet.reason) == (D(420), D(70), CAP_PER_BOX)
    assert net(box) == D(90)  # W + I − A, with W + I capped at M = 100


def test_rp27_blind_box_with_two_pair_wins() -> None:
    state, face_down = opened(
        {1: "As 3c 6d 7h 8d", 2: "Qh Qc 4d 4s Jd"},
        "5h 5d Kc 9s 2c",
        players={1: "P1", 2: "P1"},
        blind={2},
        deal_blind=False,
    )
    assert state.phase is Phase.DECISIONS
    state.fold(1)
    state.reveal_dealer(face_down)
    # The blind box is turned only now, at the settlement.
    assert state.view()["phase"] == "settlement"
    state.deal_box(2, "Qh Qc 4d 4s Jd")
    box = settled(state).box(2)
    assert (box.blind, box.combination) == (True, "two_pair")
    assert line(box, "bet") == ("win", D(20), D(60), D(60))
    assert net(box) == D(40)


def test_rp27_blind_box_with_junk_loses() -> None:
    state, face_down = opened(
        {1: "As 3c 6d 7h 9d", 2: "8h 6c 4d 3s 2h"},
        "5s 5d Kc 9s 2c",
        players={1: "P1", 2: "P1"},
        blind={2},
    )
    state.fold(1)
    state.reveal_dealer(face_down)
    assert net(settled(state).box(2)) == D(-30)


def blind_box_without_game(**settings: Any) -> RussianPokerState:
    state, face_down = opened(
        {1: "As 3c 6d 7h 9d", 2: "Kh Ks 4d 3s 2h"},
        "Qh Jc 9c 7s 4c",
        players={1: "P1", 2: "P1"},
        blind={2},
        **settings,
    )
    state.fold(1)
    state.reveal_dealer(face_down)
    assert state.phase is Phase.DEALER_NO_GAME_CHOICES
    assert state.box_to_act == 2
    return state


def test_rp28_blind_box_takes_the_ante_when_the_dealer_has_no_game() -> None:
    state = blind_box_without_game()
    state.take_ante(2)
    assert net(settled(state).box(2)) == D(10)


def test_rp28_blind_box_may_buy_a_game_unseen() -> None:
    state = blind_box_without_game()
    state.buy_game(2)
    state.draw_replacement("2d")  # Q-high still: Ante and Bet back, fee lost
    assert net(settled(state).box(2)) == D(-10)


def test_rp28_variant_blind_box_may_not_buy() -> None:
    state = blind_box_without_game(blind_box_may_buy=False)
    assert state.legal_actions() == [{"action": "take_ante", "box": 2, "buy_allowed": False}]
    with pytest.raises(GameError) as refused:
        state.buy_game(2)
    assert refused.value.code == codes.BLIND_BOX_MAY_NOT_BUY


def test_rp29_ace_queen_high_does_not_qualify() -> None:
    box = one_box("Kc Kd 7h 5s 3d", "Ah Qc Jd 10s 9h")
    assert line(box, "ante") == ("win", D(10), D(20), D(20))
    assert net(box) == D(10)


# -- RP31–RP36 ------------------------------------------------------------------------------------


def test_rp31_flush_and_pair_with_six_cards() -> None:
    box = one_box("Kh Qh Jh 8h 7h", "Ks Kc 9d 4s 2c", sixth="7s")
    assert box.combination == "flush+pair"
    assert line(box, "bet") == ("win", D(20), D(140), D(140))
    assert net(box) == D(110)


def test_rp33_variant_ante_paid_on_a_win() -> None:
    box = one_box("8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c", ante_on_win="pay")
    assert line(box, "ante") == ("win", D(10), D(20), D(20))
    assert line(box, "bet") == ("win", D(20), D(40), D(40))
    assert net(box) == D(30)


BONUS_TABLES = Paytables.standard(bonus=ARAGON_BONUS)


def test_rp34_bonus_pays_on_the_dealt_straight_independently_of_the_main_hand() -> None:
    box = one_box(
        "9c 10d Jh Qs Kd",
        "2s 4s 6s 8s As",  # a flush: the main hand loses
        bonuses={1: 5},
        paytables=BONUS_TABLES,
    )
    bonus = box.line("bonus")
    assert bonus is not None
    assert (bonus.outcome, bonus.combination, bonus.stake, bonus.paid) == (
        "win",
        "straight",
        D(5),
        D(205),
    )
    assert line(box, "bet")[0] == "lose"
    assert net(box) == D(200 - 30)


def test_rp34_bonus_judged_on_the_cards_as_dealt_not_after_the_exchange() -> None:
    box = one_box(
        "9c 10d Jh Qs Kd",
        "2s 4s 6s 8s As",
        bonuses={1: 5},
        paytables=BONUS_TABLES,
        exchange=("9c 10d", "Kh Kc"),
    )
    assert line(box, "bonus") == ("win", D(5), D(205), D(205))


def test_rp34_bonus_lost_when_the_box_folds() -> None:
    box = one_box(
        "9c 10d Jh Qs Kd", "2s 4s 6s 8s As", bonuses={1: 5}, paytables=BONUS_TABLES, fold=True
    )
    assert line(box, "bonus") == ("lose", D(5), D(0), D(0))
    assert net(box) == D(-15)


def test_rp34_variant_bonus_settled_regardless_of_fold() -> None:
    box = one_box(
        "9c 10d Jh Qs Kd",
        "2s 4s 6s 8s As",
        bonuses={1: 5},
        paytables=BONUS_TABLES,
        fold=True,
        bonus_lost_on_fold=False,
    )
    assert line(box, "bonus") == ("win", D(5), D(205), D(205))
    assert net(box) == D(200 - 10)


def test_bonus_without_a_paying_line_is_lost() -> None:
    box = one_box("8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c", bonuses={1: 5}, paytables=BONUS_TABLES)
    assert line(box, "bonus") == ("lose", D(5), D(0), D(0))
    assert net(box) == D(20 - 5)


def test_a_bonus_below_ace_king_is_lost_under_no_combination_name() -> None:
    """RULES 1.5: the bonus is judged on the five cards as dealt; below Ace-King they hold no
    combination, and the line says none rather than a name."""
    box = one_box("Ah Qd 9c 6s 3h", "As Kc 5d 4h 2s", bonuses={1: 5}, paytables=BONUS_TABLES)
    bonus = box.line("bonus")
    assert bonus is not None
    assert (bonus.outcome, bonus.combination, bonus.paid) == ("lose", "", D(0))


def test_rp35_below_ace_king_loses_to_a_qualifying_dealer() -> None:
    box = one_box("Ah Qd 9c 6s 3h", "As Kc 5d 4h 2s")
    assert (box.combination, net(box)) == ("", D(-30))


def test_rp36_two_pair_and_two_pair_with_six_cards() -> None:
    box = one_box("Kh Ks 8d 8h 2c", "Qs Qd 9c 7s 3d", sixth="2s")
    assert box.combination == "two_pair+two_pair"
    assert net(box) == D(70)


def test_second_straight_variant_pays_straight_and_pair() -> None:
    """RULES 1.8: Kh Qs Jd Tc 9h 9s pays 8 classically, 5 under the pair variant."""
    classic = one_box("Kh Qs Jd 10c 9h", "Ac Kd 7s 4c 2d", sixth="9s")
    assert (classic.combination, line(classic, "bet")[2]) == ("straight+straight", D(180))
    variant = one_box(
        "Kh Qs Jd 10c 9h", "Ac Kd 7s 4c 2d", sixth="9s", second_straight_same_rank_swap="pair"
    )
    assert (variant.combination, line(variant, "bet")[2]) == ("straight+pair", D(120))


# -- RP40–RP43 ------------------------------------------------------------------------------------


def test_rp40_one_card_exchange_refused_by_default() -> None:
    state, _ = opened({1: "7h 7d 2c 9s Jd"}, "Ac Kd 8h 6s 3c")
    before = state.view()
    with pytest.raises(GameError) as refused:
        state.exchange(1, "2c", "7s")
    assert refused.value.code == codes.EXCHANGE_SIZE_INVALID
    assert (refused.value.data["minimum"], refused.value.data["maximum"]) == (2, 5)
    assert state.view() == before


def test_rp40_one_card_exchange_accepted_under_the_one_to_five_variant() -> None:
    box = one_box("7h 7d 2c 9s Jd", "Ac Kd 8h 6s 3c", exchange=("2c", "7s"), exchange_min=1)
    assert box.combination == "trips"
    assert net(box) == D(60 - 10)


def test_rp41_exchange_then_sixth_card_refused() -> None:
    state, _ = opened({1: "7h 7d 2c 9s Jd"}, "Ac Kd 8h 6s 3c")
    state.exchange(1, "2c 9s Jd", "5s Kh 4d")
    assert [a["action"] for a in state.legal_actions()][:2] == ["fold", "bet"]
    with pytest.raises(GameError) as refused:
        state.buy_sixth_card(1, "7s")
    assert refused.value.code == codes.EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE


def test_rp41_variant_exchange_and_sixth_card_together() -> None:
    box = one_box(
        "7h 7d 2c 9s Jd",
        "Ac Kd 8h 6s 3c",
        exchange=("2c 9s Jd", "5s Kh 4d"),
        sixth="7s",
        exchange_and_sixth_card_allowed=True,
    )
    assert box.combination == "trips"
    assert (box.staked, net(box)) == (D(50), D(60 - 20))


def test_rp42_two_boxes_one_buys_one_replacement_for_the_buyer_only() -> None:
    state, face_down = opened({1: "6h 6d Jc 9s 2h", 2: "Ah Ad Qc 8s 5h"}, "Kc Jh 9d 7c 3s")
    state.bet(1)
    state.bet(2)
    state.reveal_dealer(face_down)
    assert state.box_to_act == 1
    with pytest.raises(GameError) as early:
        state.buy_game(2)
    assert early.value.code == codes.OUT_OF_TURN
    state.take_ante(1)
    state.buy_game(2)
    assert state.phase is Phase.BUY_REPLACEMENT
    state.draw_replacement("Js")  # pair of jacks, which box 2's aces beat
    settlement = settled(state)
    assert [b.box for b in settlement.boxes] == [1, 2]  # the box that declined is settled first
    first, buyer = settlement.boxes
    assert line(first, "ante") == ("win", D(10), D(20), D(20))
    assert line(first, "bet") == ("void", D(20), D(20), D(20))
    assert first.line("buy_game_fee") is None
    assert net(first) == D(10)
    assert line(buyer, "buy_game_fee") == ("fee", D(10), D(0), D(0))
    assert line(buyer, "bet") == ("win", D(20), D(40), D(40))
    assert net(buyer) == D(20 - 10)
    with pytest.raises(GameError) as again:
        state.draw_replacement("2c")
    assert again.value.code == codes.ACTION_OUT_OF_PHASE


def test_settlement_order_is_from_the_last_box_to_the_first() -> None:
    state, face_down = opened(
        {1: "6h 6d Jc 9s 2h", 2: "Ah Ad Qc 8s 5h", 3: "Kh Ks 4c 3d 2d"}, "Ac Kd 8h 6s 3c"
    )
    for box in (1, 2, 3):
        state.bet(box)
    state.reveal_dealer(face_down)
    assert [b.box for b in settled(state).boxes] == [3, 2, 1]


def test_rp43_variant_per_round_limit_shared_pro_rata() -> None:
    limits = TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(5000), chip_unit=D(1))
    state, face_down = opened(
        {1: "9s 9h 9d 9c 2h", 2: "8s 8h 8d 8c 3h"},
        "Ac Kd 7s 4c 2d",
        antes={1: 100, 2: 75},
        limits=limits,
        max_payout_scope="round",
    )
    state.bet(1, 200)
    state.bet(2, 150)
    state.reveal_dealer(face_down)
    settlement = settled(state)
    quads_4000, quads_3000 = settlement.box(1), settlement.box(2)
    assert [b.box for b in settlement.boxes] == [2, 1]
    bet1, bet2 = quads_4000.line("bet"), quads_3000.line("bet")
    assert bet1 is not None and bet2 is not None
    assert (bet1.computed - bet1.stake, bet1.paid - bet1.stake) == (D(4000), D(2857))
    assert (bet2.computed - bet2.stake, bet2.paid - bet2.stake) == (D(3000), D(2142))
    assert bet1.reason == bet2.reason == CAP_ROUND_PRO_RATA
    assert (bet1.paid - bet1.stake) + (bet2.paid - bet2.stake) == D(4999)  # 1 unit not paid
    assert (net(quads_4000), net(quads_3000)) == (D(2857), D(2142))
    assert settlement.withheld == D(7000 - 4999)


def test_rp43_per_round_limit_not_reached_pays_in_full() -> None:
    state, face_down = opened(
        {1: "9s 9h 9d 9c 2h", 2: "8h 8s Kd 7c 3s"}, "Ac Kh 7s 4c 2d", max_payout_scope="round"
    )
    state.bet(1)
    state.bet(2)
    state.reveal_dealer(face_down)
    settlement = settled(state)
    assert (net(settlement.box(1)), net(settlement.box(2))) == (D(400), D(20))
    assert settlement.cap_applied is False


def test_rp43_winnings_exactly_at_the_round_maximum_are_paid_in_full_without_a_reason() -> None:
    """RULES 1.8: the maximum withholds only what is above it; at the maximum itself nothing is
    withheld, so no line carries the cap's reason."""
    limits = TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(420), chip_unit=D(1))
    state, face_down = opened(
        {1: "9s 9h 9d 9c 2h", 2: "8h 8s Kd 7c 3s"},
        "Ac Kh 7s 4c 2d",
        limits=limits,
        max_payout_scope="round",
    )
    state.bet(1)
    state.bet(2)
    state.reveal_dealer(face_down)
    settlement = settled(state)
    assert (net(settlement.box(1)), net(settlement.box(2))) == (D(400), D(20))
    assert (settlement.withheld, settlement.cap_applied) == (D(0), False)
    for box in settlement.boxes:
        assert box.cap_applied is False
        assert [line.reason for line in box.lines] == [""] * len(box.lines)


def test_without_a_table_maximum_no_line_gives_a_reason() -> None:
    limits = TableLimits(ante_min=D(10), ante_max=D(500), max_payout=None, chip_unit=D(1))
    box = one_box("9s 9h 9d 9c 2h", "Ac Kh 7s 4c 2d", limits=limits)
    assert net(box) == D(400)
    assert (box.cap_applied, [line.reason for line in box.lines]) == (False, ["", ""])


# -- buying a game: the same-rank redraw ----------------------------------------------------------


def test_same_rank_replacement_is_not_redrawn_by_default() -> None:
    box = one_box("Ah Ad Qc 8s 5h", "Kc Jh 9d 6c 3s", buy=True, replacement="Kd")
    assert line(box, "ante")[0] == "void"  # K-J-9-6-3 again: still no game
    assert net(box) == D(-10)


def test_same_rank_replacement_is_redrawn_under_the_variant() -> None:
    state, face_down = opened({1: "Ah Ad Qc 8s 5h"}, "Kc Jh 9d 6c 3s", buy_redraw_same_rank=True)
    state.bet(1)
    state.reveal_dealer(face_down)
    state.buy_game(1)
    state.draw_replacement("Kd")
    assert state.phase is Phase.BUY_REPLACEMENT
    assert str(state.dealer_discard) == "Kd"
    state.draw_replacement("Ks")
    assert str(state.dealer_discard) == "Ks"
    state.draw_replacement("Jd")  # another rank: pair of jacks, which the aces beat
    settlement = settled(state)
    assert settlement.bought_cards == "Jh 9d 6c 3s Jd"
    assert net(settlement.box(1)) == D(20 - 10)


# -- replay -------------------------------------------------------------------------------------


def test_replay_rebuilds_the_state_from_stored_events() -> None:
    state, face_down = opened({1: "7h 7d 7s Kh 4d", 2: "Ah Ad Qc 8s 5h"}, "Kc Jh 9d 6c 3s")
    state.insure(1, 30)
    state.bet(1)
    state.bet(2)
    state.reveal_dealer(face_down)
    state.take_ante(1)
    state.buy_game(2)
    state.draw_replacement("Js")
    stored = [event.to_dict() for event in state.events]
    rebuilt = replay(state.rules, state.paytables, state.limits, stored)
    assert rebuilt.view() == state.view()
    assert [event_from_dict(e) for e in stored] == list(state.events)


def test_settle_round_refuses_an_incomplete_round() -> None:
    state, _ = opened({1: "7h 7d 7s Kh 4d"}, "Kc Jh 9d 6c 3s")
    with pytest.raises(GameError) as refused:
        settle_round(state.rules, state.paytables, state.limits, state.events)
    assert refused.value.code == codes.ROUND_NOT_COMPLETE
    assert refused.value.data["phase"] == "decisions"


# -- the tablet's view and the module examples ------------------------------------------------


def test_the_view_is_json_and_carries_what_the_tablet_renders() -> None:
    state, face_down = opened(
        {1: "7h 7d 7s Kh 4d", 2: "Ah Ad Qc 8s 5h"},
        "Kc Jh 9d 6c 3s",
        bonuses={1: 5},
        paytables=BONUS_TABLES,
    )
    view = json.loads(json.dumps(state.view()))
    assert set(view) == {
        "phase",
        "box_to_act",
        "actions",
        "boxes",
        "dealer",
        "limits",
        "event_count",
        "settlement",
    }
    assert (view["phase"], view["box_to_act"]) == ("decisions", 1)
    assert view["actions"][0] == {"action": "declare_bonus", "box": 1}
    box = view["boxes"][0]
    assert (box["combination"], box["bonus_combination"], box["status"]) == (
        "trips",
        "trips",
        "deciding",
    )
    assert view["dealer"]["up_card"] == "3s" and view["dealer"]["cards"] is None
    state.declare_bonus(1)
    offered = {a["action"]: a for a in state.legal_actions()}
    assert offered["exchange"] == {
        "action": "exchange",
        "box": 1,
        "min_cards": 2,
        "max_cards": 5,
        "fee": "10",
    }
    assert offered["insure"] == {"action": "insure", "box": 1, "min": "10", "max": "30"}
    assert offered["bet"] == {"action": "bet", "box": 1, "amount": "20"}
    state.bet(1)
    state.bet(2)
    state.reveal_dealer(face_down)
    state.take_ante(1)
    state.buy_game(2)
    assert state.view()["actions"] == [{"action": "draw_replacement", "discard": "Kc"}]
    state.draw_replacement("Js")
    view = state.view()
    assert view["settlement"] == settled(state).to_dict()
    assert view["dealer"]["bought_cards"] == ["Jh", "9d", "6c", "3s", "Js"]


@pytest.mark.parametrize("module", ["events", "money", "terms", "settlement", "state"])
def test_the_module_examples_run(module: str) -> None:
    imported = importlib.import_module(f"casino.games.russian.{module}")
    assert doctest.testmod(imported).failed == 0
