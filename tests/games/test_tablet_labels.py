"""The tablet view names what each picker is for and writes no amount in words.

A card picker opened for a box, a seat or the dealer is titled by it (the field's ``labels``,
one per value it may take); the exchange's replacements are as many as its discards
(``count_of``); the amounts an action involves are its figures, never part of its label.
"""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

from casino.games.cards import parse_card, parse_cards
from casino.games.contract import FieldBounds, LegalAction, RoundTerms, TabletView
from casino.games.russian import GAME as RUSSIAN
from casino.games.russian import Paytables

TERMS = RoundTerms(
    rules={},
    paytables={"main": dict(Paytables.standard().main)},
    limits={"ante_min": "10", "ante_max": "500", "max_table_payout": None, "chip_unit": "1"},
    options={},
)


def act(state: Any, action: str, **data: Any) -> None:
    RUSSIAN.actions[action].perform(state, data)


def action_of(view: TabletView, name: str) -> LegalAction:
    (found,) = [action for action in view.actions if action.name == name]
    return found


def field_of(action: LegalAction, name: str) -> FieldBounds:
    (found,) = [field for field in action.fields if field.name == name]
    return found


def test_each_box_and_the_dealer_name_the_card_picker() -> None:
    state = RUSSIAN.new_state(TERMS)
    for box in (1, 2, 3):
        act(state, "place_wagers", box=box, player=f"P{box}", ante=D(10))
    act(state, "close_bets")
    deal_box = action_of(state.tablet_view(), "deal_box")
    box = field_of(deal_box, "box")
    assert box.positions == (1, 2, 3)
    assert box.labels == ("Box 1: five cards", "Box 2: five cards", "Box 3: five cards")
    deal_card = action_of(state.tablet_view(), "deal_card")
    target = field_of(deal_card, "target")
    assert dict(zip(target.targets or (), target.labels or (), strict=True)) == {
        "box:1": "Box 1: card 1 of 5",
        "box:2": "Box 2: card 1 of 5",
        "box:3": "Box 3: card 1 of 5",
        "dealer": "Dealer: up card",
    }
    act(state, "deal_box", box=1, cards=parse_cards("8h 8s Kd 7c 3s"))
    act(state, "deal_card", target="box:2", card=parse_card("2h"))
    view = state.tablet_view()
    assert field_of(action_of(view, "deal_box"), "box").labels == ("Box 3: five cards",)
    assert action_of(view, "deal_box").label == "Box 3: five cards"
    targets = field_of(action_of(view, "deal_card"), "target")
    assert targets.labels == ("Box 2: card 2 of 5", "Box 3: card 1 of 5", "Dealer: up card")


def test_the_dealers_face_down_cards_and_the_exchange_are_named() -> None:
    state = RUSSIAN.new_state(TERMS)
    act(state, "place_wagers", box=1, player="P1", ante=D(10))
    act(state, "close_bets")
    act(state, "deal_box", box=1, cards=parse_cards("7h 7d 2c 9s Jd"))
    act(state, "deal_card", target="dealer", card=parse_card("3c"))
    exchange = action_of(state.tablet_view(), "exchange")
    replacements = field_of(exchange, "replacements")
    assert (replacements.count_of, replacements.min_count, replacements.max_count) == (
        "discards",
        2,
        5,
    )
    bet = action_of(state.tablet_view(), "bet")
    assert bet.label == "Box 1: bet"
    assert [(f.name, f.amount) for f in bet.figures] == [("bet", D(20))]
    act(state, "bet", box=1)
    target = field_of(action_of(state.tablet_view(), "deal_card"), "target")
    assert (target.targets, target.labels) == (("dealer",), ("Dealer: face-down card",))
