"""Russian Poker engine: every refusal, by code, and proof that a refusal changes nothing.

Each refused action is tried three ways: ``verify_x`` raises the code, ``can_x`` answers False,
and ``x`` raises the same code; before and after, the whole state is compared (the tablet's view,
the events, every card seen).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal as D
from typing import Any

import pytest

from casino.games.errors import GameError
from casino.games.russian import (
    EVENT_KINDS,
    Paytables,
    Phase,
    RussianPokerRules,
    RussianPokerState,
    TableLimits,
    codes,
    event_from_dict,
    replay,
)
from tests.games.refusals import refuse

LIMITS = TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(5000), chip_unit=D(5))
BONUS = Paytables.standard(bonus={"straight": D(40)})


def new_round(paytables: Paytables = BONUS, **settings: Any) -> RussianPokerState:
    return RussianPokerState(RussianPokerRules.from_dict(settings), paytables, LIMITS)


def dealt(
    hands: Mapping[int, str] | None = None,
    up_card: str = "3s",
    *,
    bonuses: Mapping[int, int] | None = None,
    **settings: Any,
) -> RussianPokerState:
    """Boxes 1 and 2 (P1, P2) dealt, dealer's face-up card recorded: box 1 decides."""
    hands = hands or {1: "7h 7d 2c 9s Jd", 2: "8h 8s Kd 7c 4s"}
    state = new_round(**settings)
    for box in sorted(hands):
        state.place_wagers(box, f"P{box}", 10, (bonuses or {}).get(box))
    state.close_bets()
    for box, cards in sorted(hands.items()):
        state.deal_box(box, cards)
    state.deal_card("dealer", up_card)
    assert state.phase is Phase.DECISIONS
    return state


def at_no_game(**settings: Any) -> RussianPokerState:
    """Box 1 (open, P1) and box 2 (blind, P1) against a dealer without a game (K-high)."""
    state = new_round(**settings)
    state.place_wagers(1, "P1", 10)
    state.place_wagers(2, "P1", 10, blind=True)
    state.close_bets()
    state.deal_box(1, "Ah Ad Qc 8s 5h")
    state.deal_box(2, "7h 7d 2c 9s Jd")
    state.deal_card("dealer", "3s")
    state.bet(1)
    state.reveal_dealer("Kc Jh 9d 6c")
    assert state.phase is Phase.DEALER_NO_GAME_CHOICES
    return state


# -- cards ----------------------------------------------------------------------------------------


def test_a_card_seen_twice_in_the_round_is_refused_wherever_it_is_recorded() -> None:
    state = new_round()
    state.place_wagers(1, "P1", 10)
    state.place_wagers(2, "P2", 10)
    state.close_bets()
    state.deal_box(1, "7h 7d 2c 9s Jd")
    err = refuse(state, codes.CARD_DUPLICATE, "deal_box", 2, "8h 8s Kd 7c 7h")
    assert err.data["card"] == "7h"
    refuse(state, codes.CARD_DUPLICATE, "deal_box", 2, "8h 8s Kd 7c 8h")  # twice in one hand
    refuse(state, codes.CARD_DUPLICATE, "deal_card", "box:2", "Jd")
    refuse(state, codes.CARD_DUPLICATE, "deal_card", "dealer", "2c")
    state.deal_box(2, "8h 8s Kd 7c 4s")
    state.deal_card("dealer", "3s")
    refuse(state, codes.CARD_DUPLICATE, "exchange", 1, "2c 9s Jd", "3s Kh 4d")
    refuse(state, codes.CARD_DUPLICATE, "buy_sixth_card", 1, "8s")
    state.exchange(1, "2c 9s Jd", "5s Kh 4d")
    # A discarded card is out of the deck for the rest of the round.
    state.bet(1)
    refuse(state, codes.CARD_DUPLICATE, "buy_sixth_card", 2, "2c")
    state.bet(2)
    refuse(state, codes.CARD_DUPLICATE, "reveal_dealer", "Kc Jh 9d 9s")
    refuse(state, codes.CARD_DUPLICATE, "reveal_dealer", "Kc Jh 9c 9c")


def test_a_sixth_card_where_none_was_bought_is_refused() -> None:
    state = new_round()
    state.place_wagers(1, "P1", 10)
    state.close_bets()
    state.deal_box(1, "7h 7d 2c 9s Jd")
    refuse(state, codes.SIXTH_CARD_NOT_BOUGHT, "deal_card", "box:1", "As")
    state.deal_card("dealer", "3s")
    err = refuse(state, codes.SIXTH_CARD_NOT_BOUGHT, "deal_card", "box:1", "As")
    assert err.data["box"] == 1


def test_a_sixth_card_for_the_dealer_is_refused() -> None:
    state = at_no_game()
    # The dealer holds five; more cards for him are refused whatever way they come.
    refuse(state, codes.DEALER_HAND_COMPLETE, "deal_card", "dealer", "As")
    state = dealt()
    state.bet(1)
    state.bet(2)
    refuse(state, codes.DEALER_HAND_COMPLETE, "reveal_dealer", "Kc Jh 9d 6c 5c")
    state.reveal_dealer("Kc Jh")
    refuse(state, codes.DEALER_HAND_COMPLETE, "reveal_dealer", "9d 6c 5c")
    state.deal_card("dealer", "9d")
    state.deal_card("dealer", "6c")
    assert state.phase is Phase.DEALER_NO_GAME_CHOICES


def test_dealer_cards_other_than_the_face_up_card_wait_for_the_reveal() -> None:
    state = new_round()
    state.place_wagers(1, "P1", 10)
    state.close_bets()
    state.deal_card("dealer", "3s")
    refuse(state, codes.DEALER_CARDS_FACE_DOWN, "deal_card", "dealer", "4s")
    state.deal_box(1, "7h 7d 2c 9s Jd")
    refuse(state, codes.DEALER_CARDS_FACE_DOWN, "deal_card", "dealer", "4s")


@pytest.mark.parametrize("card", ["Xx", "1h", "10", "Ahh", 52, -1, ""])
def test_an_unknown_card_is_refused(card: object) -> None:
    state = new_round()
    state.place_wagers(1, "P1", 10)
    state.close_bets()
    refuse(state, codes.CARD_UNKNOWN, "deal_card", "box:1", card)
    refuse(state, codes.CARD_UNKNOWN, "deal_box", 1, ["7h", "7d", "2c", "9s", card])
    state.deal_box(1, "7h 7d 2c 9s Jd")
    state.deal_card("dealer", "3s")
    refuse(state, codes.CARD_UNKNOWN, "buy_sixth_card", 1, card)
    refuse(state, codes.CARD_UNKNOWN, "exchange", 1, ["2c", "9s"], ["Kh", card])


def test_card_counts_and_targets() -> None:
    state = new_round()
    state.place_wagers(1, "P1", 10)
    state.close_bets()
    err = refuse(state, codes.WRONG_CARD_COUNT, "deal_box", 1, "7h 7d 2c 9s")
    assert (err.data["expected"], err.data["given"]) == (5, 4)
    refuse(state, codes.WRONG_CARD_COUNT, "deal_box", 1, "7h 7d 2c 9s Jd Ah")
    refuse(state, codes.TARGET_INVALID, "deal_card", "seat:1", "As")
    refuse(state, codes.TARGET_INVALID, "deal_card", "box:x", "As")
    refuse(state, codes.POSITION_NOT_IN_PLAY, "deal_card", "box:2", "As")
    refuse(state, codes.BOX_UNKNOWN, "deal_card", "box:9", "As")
    state.deal_card(1, "7h")
    refuse(state, codes.BOX_ALREADY_DEALT, "deal_box", 1, "7d 2c 9s Jd Ah")


# -- wagers ---------------------------------------------------------------------------------------


def test_wagers_out_of_limits_or_not_in_chips() -> None:
    state = new_round()
    err = refuse(state, codes.ANTE_OUT_OF_LIMITS, "place_wagers", 1, "P1", 5)
    assert (err.data["minimum"], err.data["maximum"]) == ("10", "500")
    refuse(state, codes.ANTE_OUT_OF_LIMITS, "place_wagers", 1, "P1", 505)
    refuse(state, codes.AMOUNT_NOT_CHIP_MULTIPLE, "place_wagers", 1, "P1", 12)
    refuse(state, codes.AMOUNT_INVALID, "place_wagers", 1, "P1", 10.0)
    refuse(state, codes.AMOUNT_INVALID, "place_wagers", 1, "P1", "ten")
    refuse(state, codes.AMOUNT_INVALID, "place_wagers", 1, "P1", "NaN")
    refuse(state, codes.AMOUNT_INVALID, "place_wagers", 1, "P1", 10, -5)
    refuse(state, codes.AMOUNT_NOT_CHIP_MULTIPLE, "place_wagers", 1, "P1", 10, 3)
    refuse(state, codes.INPUT_INVALID, "place_wagers", 1, "P1", 10, None, "yes")


def test_boxes_and_players() -> None:
    state = new_round()
    for box in (0, 5, "1", True, None):
        refuse(state, codes.BOX_UNKNOWN, "place_wagers", box, "P1", 10)
    refuse(state, codes.PLAYER_INVALID, "place_wagers", 1, "  ", 10)
    refuse(state, codes.PLAYER_INVALID, "place_wagers", 1, "x" * 65, 10)
    refuse(state, codes.NO_WAGERS, "close_bets")
    state.place_wagers(1, "P1", 10)
    refuse(state, codes.BOX_TAKEN, "place_wagers", 1, "P2", 10)


def test_further_boxes_of_a_player_must_be_blind() -> None:
    state = new_round()
    refuse(state, codes.BLIND_BOX_NEEDS_OPEN_BOX, "place_wagers", 2, "P1", 10, None, True)
    state.place_wagers(1, "P1", 10)
    err = refuse(state, codes.TOO_MANY_OPEN_BOXES, "place_wagers", 2, "P1", 10)
    assert err.data["open_boxes"] == 1
    refuse(state, codes.BLIND_BOX_STAKE_MISMATCH, "place_wagers", 2, "P1", 20, None, True)
    refuse(state, codes.BLIND_BOX_NO_BONUS, "place_wagers", 2, "P1", 10, 5, True)
    state.place_wagers(2, "P1", 10, None, True)
    state.place_wagers(3, "P2", 10)


def test_two_open_boxes_per_player_under_the_variant() -> None:
    state = new_round(open_boxes_per_player=2)
    state.place_wagers(1, "P1", 10)
    state.place_wagers(2, "P1", 20)
    refuse(state, codes.TOO_MANY_OPEN_BOXES, "place_wagers", 3, "P1", 10)
    state.place_wagers(3, "P1", 20, None, True)


def test_a_bonus_needs_a_bonus_paytable() -> None:
    state = new_round(paytables=Paytables.standard())
    refuse(state, codes.BONUS_NOT_OFFERED, "place_wagers", 1, "P1", 10, 5)
    assert state.legal_actions()[0]["bonus_offered"] is False


# -- phases and turns -----------------------------------------------------------------------------


def test_actions_out_of_phase_name_the_action_and_the_phase() -> None:
    state = new_round()
    err = refuse(state, codes.ACTION_OUT_OF_PHASE, "bet", 1)
    assert (err.data["action"], err.data["phase"]) == ("bet", "betting")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "deal_box", 1, "7h 7d 2c 9s Jd")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "reveal_dealer", "Kc Jh 9d 6c")
    state.place_wagers(1, "P1", 10)
    state.close_bets()
    refuse(state, codes.ACTION_OUT_OF_PHASE, "close_bets")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "place_wagers", 2, "P2", 10)
    refuse(state, codes.ACTION_OUT_OF_PHASE, "fold", 1)
    state.deal_box(1, "7h 7d 2c 9s Jd")
    state.deal_card("dealer", "3s")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "reveal_dealer", "Kc Jh 9d 6c")
    refuse(state, codes.ACTION_OUT_OF_PHASE, "draw_replacement", "2d")
    state.bet(1)
    refuse(state, codes.ACTION_OUT_OF_PHASE, "bet", 1)
    refuse(state, codes.ACTION_OUT_OF_PHASE, "take_ante", 1)
    state.reveal_dealer("Kc Jh 9d 6c")
    state.take_ante(1)
    assert state.phase is Phase.COMPLETE
    assert state.legal_actions() == []
    refuse(state, codes.ACTION_OUT_OF_PHASE, "deal_card", "box:1", "As")


def test_boxes_decide_in_order_and_blind_boxes_never() -> None:
    state = new_round()
    state.place_wagers(1, "P1", 10)
    state.place_wagers(2, "P1", 10, None, True)
    state.place_wagers(3, "P2", 10)
    state.close_bets()
    state.deal_box(1, "7h 7d 2c 9s Jd")
    state.deal_box(3, "8h 8s Kd 7c 4s")
    state.deal_card("dealer", "3s")
    assert state.box_to_act == 1
    err = refuse(state, codes.OUT_OF_TURN, "bet", 3)
    assert (err.data["box"], err.data["to_act"]) == (3, 1)
    refuse(state, codes.BLIND_BOX_CANNOT_DECIDE, "fold", 2)
    refuse(state, codes.BLIND_BOX_CANNOT_DECIDE, "exchange", 2, "2c 9s", "As Ks")
    refuse(state, codes.POSITION_NOT_IN_PLAY, "bet", 4)
    state.fold(1)
    refuse(state, codes.OUT_OF_TURN, "bet", 1)
    assert state.box_to_act == 3


# -- decisions ------------------------------------------------------------------------------------


def test_a_bet_that_is_not_twice_the_ante() -> None:
    state = dealt()
    err = refuse(state, codes.BET_NOT_TWICE_ANTE, "bet", 1, 10)
    assert err.data["expected"] == "20"
    refuse(state, codes.BET_NOT_TWICE_ANTE, "bet", 1, 30)
    refuse(state, codes.BET_NOT_TWICE_ANTE, "bet", 1, "19.99")
    refuse(state, codes.AMOUNT_INVALID, "bet", 1, 20.0)
    assert state.bet(1, "20.00").amount == D(20)


def test_insurance_on_a_pair_or_out_of_its_limits() -> None:
    state = dealt({1: "7h 7d 7s Kh 4d", 2: "8h 8s Kd 7c 4s"})
    refuse(state, codes.INSURANCE_BELOW_MINIMUM, "insure", 1, 5)
    err = refuse(state, codes.INSURANCE_ABOVE_MAXIMUM, "insure", 1, 35)
    assert err.data["maximum"] == "30"
    refuse(state, codes.AMOUNT_NOT_CHIP_MULTIPLE, "insure", 1, 12)
    state.insure(1, 30)
    refuse(state, codes.INSURANCE_ALREADY_PLACED, "insure", 1, 10)
    refuse(state, codes.INSURED_BOX_MUST_BET, "fold", 1)
    refuse(state, codes.INSURED_BOX_MUST_BET, "exchange", 1, "Kh 4d", "As Ks")
    refuse(state, codes.INSURED_BOX_MUST_BET, "buy_sixth_card", 1, "As")
    assert [a["action"] for a in state.legal_actions()] == ["bet"]
    state.bet(1)
    err = refuse(state, codes.INSURANCE_NOT_ELIGIBLE, "insure", 2, 10)
    assert err.data["combination"] == "pair"


def test_insurance_where_the_maximum_is_below_the_ante() -> None:
    limits = TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(10), chip_unit=D(5))
    state = RussianPokerState(RussianPokerRules(), Paytables.standard(), limits)
    state.place_wagers(1, "P1", 10)
    state.close_bets()
    state.deal_box(1, "7h 7d 7s Kh 4d")
    state.deal_card("dealer", "3s")
    assert state.insurance_range(1) == (D(10), D(5))
    assert all(a["action"] != "insure" for a in state.legal_actions())
    refuse(state, codes.INSURANCE_ABOVE_MAXIMUM, "insure", 1, 10)


@pytest.mark.parametrize(
    ("discards", "replacements"),
    [("2c", "As"), ("7h 7d 2c 9s Jd As", "Ac Kc Qc Jc Tc 9c"), ("", "")],
)
def test_an_exchange_of_a_size_the_rules_refuse(discards: str, replacements: str) -> None:
    state = dealt()
    err = refuse(state, codes.EXCHANGE_SIZE_INVALID, "exchange", 1, discards, replacements)
    assert (err.data["minimum"], err.data["maximum"]) == (2, 5)


def test_exchange_cards_must_be_held_and_matched() -> None:
    state = dealt()
    err = refuse(state, codes.EXCHANGE_CARD_NOT_HELD, "exchange", 1, "2c As", "Ks Kh")
    assert err.data["card"] == "As"
    refuse(state, codes.EXCHANGE_CARD_NOT_HELD, "exchange", 1, "2c 2c", "Ks Kh")
    refuse(state, codes.WRONG_CARD_COUNT, "exchange", 1, "2c 9s", "Ks")


def test_a_second_exchange_and_exchange_with_sixth_card() -> None:
    state = dealt()
    state.exchange(1, "2c 9s", "Ks Kh")
    refuse(state, codes.EXCHANGE_ALREADY_MADE, "exchange", 1, "Ks Kh", "As Ah")
    refuse(state, codes.EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE, "buy_sixth_card", 1, "As")
    state.bet(1)
    state.buy_sixth_card(2, "As")
    refuse(state, codes.SIXTH_CARD_ALREADY_BOUGHT, "buy_sixth_card", 2, "Ah")
    refuse(state, codes.EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE, "exchange", 2, "8h 8s", "Ah Ac")


def test_second_exchange_refused_even_where_exchange_and_sixth_card_combine() -> None:
    state = dealt(exchange_and_sixth_card_allowed=True)
    state.buy_sixth_card(1, "As")
    state.exchange(1, "2c 9s As", "Ks Kh Ah")
    refuse(state, codes.EXCHANGE_ALREADY_MADE, "exchange", 1, "Ks Kh", "Ac Ad")
    refuse(state, codes.SIXTH_CARD_ALREADY_BOUGHT, "buy_sixth_card", 1, "Ac")
    assert len(state.cards_of(1)) == 6


def test_a_bonus_is_declared_first_and_once() -> None:
    state = dealt(bonuses={1: 5})
    assert [a["action"] for a in state.legal_actions()] == ["declare_bonus"]
    refuse(state, codes.BONUS_NOT_DECLARED, "exchange", 1, "2c 9s", "Ks Kh")
    refuse(state, codes.BONUS_NOT_DECLARED, "bet", 1)
    state.declare_bonus(1)
    refuse(state, codes.BONUS_ALREADY_DECLARED, "declare_bonus", 1)
    state.bet(1)
    refuse(state, codes.BONUS_NOT_PLACED, "declare_bonus", 2)


# -- the dealer without a game --------------------------------------------------------------------


def test_buying_a_game_when_the_dealer_qualifies_is_refused() -> None:
    state = dealt()
    state.bet(1)
    state.bet(2)
    state.reveal_dealer("Ac Kc 5h 6d")
    assert state.phase is Phase.COMPLETE
    refuse(state, codes.DEALER_HAS_GAME, "buy_game", 1)
    refuse(state, codes.DEALER_HAS_GAME, "take_ante", 1)


def test_no_game_choices_in_order_for_boxes_in_play() -> None:
    state = new_round()
    state.place_wagers(1, "P1", 10)
    state.place_wagers(2, "P2", 10)
    state.place_wagers(3, "P2", 10, None, True)
    state.close_bets()
    state.deal_box(1, "7h 7d 2c 9s Jd")
    state.deal_box(2, "8h 8s Kd 7c 4s")
    state.deal_card("dealer", "3s")
    state.fold(1)
    state.bet(2)
    state.reveal_dealer("Kc Jh 9d 6c")
    refuse(state, codes.BOX_FOLDED, "take_ante", 1)
    refuse(state, codes.OUT_OF_TURN, "buy_game", 3)
    state.take_ante(2)
    state.buy_game(3)
    refuse(state, codes.ACTION_OUT_OF_PHASE, "buy_game", 3)
    refuse(state, codes.CARD_DUPLICATE, "draw_replacement", "Kc")
    state.draw_replacement("2d")
    assert state.phase is Phase.SETTLEMENT  # box 3's blind cards are still to be turned
    refuse(state, codes.SIXTH_CARD_NOT_BOUGHT, "deal_card", "box:2", "As")
    state.deal_box(3, "Ah Ad Qc 6s 5h")
    assert state.view()["phase"] == "complete"


def test_blind_box_may_not_buy_under_the_variant() -> None:
    state = at_no_game(blind_box_may_buy=False)
    state.take_ante(1)
    refuse(state, codes.BLIND_BOX_MAY_NOT_BUY, "buy_game", 2)


# -- stored data ----------------------------------------------------------------------------------


def test_an_altered_log_is_refused_on_replay() -> None:
    state = dealt()
    stored = [event.to_dict() for event in state.events]
    stored[-1] = {"kind": "card_dealt", "target": "dealer", "card": "7h"}
    with pytest.raises(GameError) as refused:
        replay(state.rules, state.paytables, state.limits, stored)
    assert refused.value.code == codes.CARD_DUPLICATE


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"kind": "card_dealt", "target": "dealer"}, codes.EVENT_INVALID, "card"),
        ({"kind": "card_dealt", "target": "dealer", "card": "Zz"}, codes.EVENT_INVALID, "card"),
        ({"kind": "bet_placed", "box": 1, "amount": 20.0}, codes.EVENT_INVALID, "amount"),
        ({"kind": "bet_placed", "box": "1", "amount": "20"}, codes.EVENT_INVALID, "box"),
        ({"kind": "bets_closed", "extra": 1}, codes.EVENT_INVALID, "extra"),
        ({"kind": "box_dealt", "box": 1, "cards": "As Ks"}, codes.EVENT_INVALID, "cards"),
        (
            {
                "kind": "wagers_placed",
                "box": 1,
                "player": "P1",
                "ante": "10",
                "bonus": None,
                "blind": "no",
            },
            codes.EVENT_INVALID,
            "blind",
        ),
        ({"kind": "nothing"}, codes.EVENT_KIND_UNKNOWN, None),
        ({}, codes.EVENT_KIND_UNKNOWN, None),
    ],
)
def test_stored_events_are_checked(data: dict[str, Any], code: str, field: str | None) -> None:
    with pytest.raises(GameError) as refused:
        event_from_dict(data)
    assert refused.value.code == code
    if field is not None:
        assert refused.value.data["field"] == field


def test_paytables_and_limits_are_validated() -> None:
    for main, line in (({"pair": D(1), "five_aces": D(9)}, "five_aces"), ({"pair": D(-1)}, "pair")):
        with pytest.raises(GameError) as refused:
            Paytables(main=main)
        assert (refused.value.code, refused.value.data["line"]) == (codes.PAYTABLE_INVALID, line)
    with pytest.raises(GameError) as floats:
        Paytables(main={"pair": 1.5})  # type: ignore[dict-item]
    assert floats.value.code == codes.PAYTABLE_INVALID
    for values, field in (
        ({"ante_min": D(20), "ante_max": D(10)}, "ante_min"),
        ({"ante_min": D(0)}, "ante_min"),
        ({"chip_unit": D(3)}, "ante_min"),
        ({"max_payout": D(-5)}, "max_payout"),
        ({"chip_unit": D(0)}, "chip_unit"),
    ):
        terms = {"ante_min": D(10), "ante_max": D(500), "max_payout": D(5000), "chip_unit": D(5)}
        with pytest.raises(GameError) as refused:
            TableLimits(**(terms | values))
        assert (refused.value.code, refused.value.data["field"]) == (codes.LIMITS_INVALID, field)


def test_error_codes_are_unique_snake_case_strings() -> None:
    values = [getattr(codes, name) for name in codes.__all__]
    assert len(set(values)) == len(values)
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", value) for value in values)
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", kind) for kind in EVENT_KINDS)
