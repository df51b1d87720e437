"""Russian Poker properties over random legal rounds under random rule sets and table terms.

Hypothesis places random wagers (open and blind boxes, bonuses), then drives the round through
whatever :meth:`legal_actions` offers: dealing card by card or hand by hand, exchanges, sixth
cards, insurance, folds and bets, the reveal in one go or in pieces, Ante wins and bought games
(with the same-rank redraw), blind boxes turned late. Along the way it tries actions that must be
refused, which must leave no trace. At the end:

* a replay of the stored events (through JSON) reproduces the settlement and the state;
* for every box, stakes in − amounts returned = house result, and the stakes agree with what the
  events put on the table;
* no box (or, per round, no round) is paid more than the table maximum on the capped lines;
* each box's net result is that of the settlement matrix of RULES 1.6 (computed here from the
  hands), less what the maximum payout withheld.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal as D
from typing import Any

from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from casino.games.cards import Card, parse_cards
from casino.games.errors import GameError
from casino.games.russian import (
    InsuranceWhenDealerQualifies,
    MaxPayoutScope,
    Paytables,
    Phase,
    RussianPokerRules,
    RussianPokerState,
    TableLimits,
    replay,
    round_down_to_chip,
    settle_round,
)
from casino.games.russian.settlement import RoundSettlement
from casino.games.russian_hands import compare_first, dealer_qualifies, first_and_second

MAX_STEPS = 200
PLAYERS = ("A", "B", "C")
BONUS_TABLE = {"trips": "3", "straight": "10", "flush": "20", "full_house": "30", "quads": "100"}
# Fractional multipliers, so that winnings need rounding down to the chip.
ODD_MAIN = {
    "ace_king": "1.5",
    "pair": "1",
    "two_pair": "2.5",
    "trips": "3",
    "straight": "4.5",
    "flush": "5",
    "full_house": "7",
    "quads": "20",
    "straight_flush": "50",
}


@st.composite
def terms(draw: st.DrawFn) -> tuple[RussianPokerRules, Paytables, TableLimits]:
    rules = RussianPokerRules.from_dict(
        {
            "boxes": draw(st.sampled_from([4, 5, 6])),
            "open_boxes_per_player": draw(st.sampled_from([1, 2])),
            "ante_on_win": draw(st.sampled_from(["push", "pay"])),
            "exchange_min": draw(st.sampled_from([1, 2])),
            "exchange_and_sixth_card_allowed": draw(st.booleans()),
            "second_straight_same_rank_swap": draw(st.sampled_from(["straight", "pair"])),
            "insurance_max_fraction": draw(st.sampled_from(["0.5", "1", "0.3"])),
            "insurance_when_dealer_qualifies": draw(
                st.sampled_from(["lost_if_box_wins", "always_lost"])
            ),
            "buy_redraw_same_rank": draw(st.booleans()),
            "blind_box_may_buy": draw(st.booleans()),
            "max_payout_scope": draw(st.sampled_from(["box", "round"])),
            "bonus_lost_on_fold": draw(st.booleans()),
        }
    )
    main = draw(st.sampled_from([None, ODD_MAIN]))
    bonus = draw(st.sampled_from([None, BONUS_TABLE]))
    bonus_table = None if bonus is None else {line: D(m) for line, m in bonus.items()}
    if main is None:
        paytables = Paytables.standard(bonus_table)
    else:
        paytables = Paytables({line: D(m) for line, m in main.items()}, bonus_table)
    unit = draw(st.sampled_from([D(1), D(5), D("0.5")]))
    ante_min = unit * draw(st.integers(1, 4))
    ante_max = ante_min * draw(st.integers(1, 5))
    max_payout = draw(st.sampled_from([None, 5, 40, 200, 5000]))
    limits = TableLimits(
        ante_min=ante_min,
        ante_max=ante_max,
        max_payout=None if max_payout is None else ante_min * max_payout,
        chip_unit=unit,
    )
    return rules, paytables, limits


def place_wagers(data: st.DataObject, state: RussianPokerState) -> None:
    limits, rules = state.limits, state.rules
    count = data.draw(st.integers(1, rules.boxes))
    boxes = data.draw(st.permutations(range(1, rules.boxes + 1)))[:count]
    steps = int((limits.ante_max - limits.ante_min) / limits.chip_unit)
    for box in boxes:
        player = data.draw(st.sampled_from(PLAYERS))
        opened = [b for b in state.view()["boxes"] if b["player"] == player and not b["blind"]]
        if len(opened) < rules.open_boxes_per_player and (not opened or data.draw(st.booleans())):
            ante = limits.ante_min + limits.chip_unit * data.draw(st.integers(0, steps))
            bonus = None
            if state.paytables.bonus is not None and data.draw(st.booleans()):
                bonus = limits.chip_unit * data.draw(st.integers(1, 3))
            state.place_wagers(box, player, ante, bonus)
        else:
            ante = data.draw(st.sampled_from([D(b["ante"]) for b in opened]))
            state.place_wagers(box, player, ante, None, True)
    state.close_bets()


def take_cards(deck: list[Card], count: int) -> list[Card]:
    """The next ``count`` cards of the round's one deck. A round whose exchanges, sixth cards
    and replacements ask for more cards than the deck holds is not generated: a Russian Poker
    round is one deal from one deck, and no rule of the game says what the dealer does when it
    runs out (six boxes exchanging five cards each need 65)."""
    if len(deck) < count:
        reject()
    taken, deck[:] = deck[:count], deck[count:]
    return taken


def act(data: st.DataObject, state: RussianPokerState, deck: list[Card]) -> None:
    """Take one of the legal actions, with legal arguments."""
    action = data.draw(st.sampled_from(state.legal_actions()))
    name = action["action"]
    unit = state.limits.chip_unit
    if name == "deal_box":
        state.deal_box(data.draw(st.sampled_from(action["boxes"])), take_cards(deck, 5))
    elif name == "deal_card":
        state.deal_card(data.draw(st.sampled_from(action["targets"])), take_cards(deck, 1)[0])
    elif name == "declare_bonus":
        state.declare_bonus(action["box"])
    elif name == "exchange":
        hand = list(state.cards_of(action["box"]))
        size = data.draw(st.integers(action["min_cards"], min(action["max_cards"], len(hand))))
        discards = data.draw(st.permutations(hand))[:size]
        state.exchange(action["box"], discards, take_cards(deck, size))
    elif name == "buy_sixth_card":
        state.buy_sixth_card(action["box"], take_cards(deck, 1)[0])
    elif name == "insure":
        low, high = D(action["min"]), D(action["max"])
        steps = int((high - low) / unit)
        state.insure(action["box"], low + unit * data.draw(st.integers(0, steps)))
    elif name == "fold":
        state.fold(action["box"])
    elif name == "bet":
        state.bet(action["box"], action["amount"])
    elif name == "reveal_dealer":
        state.reveal_dealer(take_cards(deck, data.draw(st.integers(1, action["cards"]))))
    elif name == "take_ante":
        state.take_ante(action["box"])
    elif name == "buy_game":
        state.buy_game(action["box"])
    elif name == "draw_replacement":
        # Favour a card of the discarded rank, so that the same-rank redraw comes up.
        rank = parse_cards(action["discard"])[0].rank
        same = [c for c in deck if c.rank == rank]
        prefer_same = data.draw(st.booleans())
        card = same[0] if same and prefer_same else deck[0]
        deck.remove(card)
        state.draw_replacement(card)
    else:
        raise AssertionError(f"unexpected action {name}")


def try_refused(data: st.DataObject, state: RussianPokerState) -> None:
    """Try something that must be refused, and check it left no trace."""
    before = (state.view(), state.events, state.cards_seen)
    seen = sorted(state.cards_seen)
    to_act = state.box_to_act or 1
    attempts: list[tuple[str, tuple[Any, ...]]] = [
        ("bet", (to_act, D(3) * state.limits.ante_max)),
        ("insure", (to_act, 0)),
        ("exchange", (to_act, [], [])),
        ("place_wagers", (1, "Z", state.limits.ante_min)),
        ("close_bets", ()),
    ]
    if seen:
        card = data.draw(st.sampled_from(seen))
        attempts += [
            ("deal_card", (data.draw(st.sampled_from(["dealer", "box:1", "box:2"])), card)),
            ("draw_replacement", (card,)),
            ("buy_sixth_card", (to_act, card)),
            ("reveal_dealer", ([card],)),
        ]
    name, args = data.draw(st.sampled_from(attempts))
    try:
        getattr(state, name)(*args)
    except GameError:
        pass
    else:
        raise AssertionError(f"{name}{args} was accepted in phase {state.phase}")
    assert (state.view(), state.events, state.cards_seen) == before


def stakes_from_events(state: RussianPokerState) -> dict[int, D]:
    """What each box put on the table, read from the events alone."""
    staked: dict[int, D] = {}
    ante: dict[int, D] = {}
    for recorded in state.events:
        record = recorded.to_dict()
        kind, box = record["kind"], int(record.get("box", 0))
        if kind == "wagers_placed":
            ante[box] = D(record["ante"])
            staked[box] = ante[box] * (3 if record["blind"] else 1)
            staked[box] += D(record["bonus"] or 0)
        elif kind in ("bet_placed", "insurance_placed"):
            staked[box] += D(record["amount"])
        elif kind in ("cards_exchanged", "sixth_card_bought", "game_bought"):
            staked[box] += ante[box]
    return staked


def matrix_net(state: RussianPokerState, box: dict[str, Any]) -> D:
    """A box's net result by the settlement matrix of RULES 1.6, before any maximum payout."""
    rules, paytables, unit = state.rules, state.paytables, state.limits.chip_unit
    ante = D(box["ante"])
    fees = ante * (int(box["exchanged"]) + int(box["sixth_card"] is not None))
    insurance = D(box["insurance"] or 0)
    cards = parse_cards(box["cards"])
    net: D = -fees
    if box["bonus"] is not None:
        stake = D(box["bonus"])
        first = first_and_second(parse_cards(box["dealt"])).first
        multiplier = D(0) if first is None else paytables.bonus_multiplier(first.line)
        folded_loses = box["status"] == "fold" and rules.bonus_lost_on_fold
        won = round_down_to_chip(stake * multiplier, unit)
        net += -stake if folded_loses or multiplier == 0 else won
    if box["status"] == "fold":
        return net - ante
    combinations = first_and_second(
        cards, second_straight_rule=rules.second_straight_same_rank_swap
    )
    multiplier = sum(
        (paytables.main_multiplier(c.line) for c in combinations[:2] if c is not None), D(0)
    )
    win = round_down_to_chip(2 * ante * multiplier, unit)
    ante_win = ante if rules.ante_on_win.value == "pay" else D(0)
    always_lost = rules.insurance_when_dealer_qualifies is InsuranceWhenDealerQualifies.ALWAYS_LOST
    dealer = parse_cards(state.view()["dealer"]["cards"])
    if dealer_qualifies(dealer):
        contest = compare_first(cards, dealer)
        if contest > 0:
            return net + win + ante_win - insurance
        lost_insurance = insurance if always_lost else D(0)
        return net - lost_insurance - (3 * ante if contest < 0 else 0)
    net += insurance
    if box["no_game_choice"] == "take_ante":
        return net + ante
    net -= ante  # the fee of the bought game
    bought = parse_cards(state.view()["dealer"]["bought_cards"])
    if not dealer_qualifies(bought):
        return net
    contest = compare_first(cards, bought)
    if contest > 0:
        return net + win + ante_win
    return net - (3 * ante if contest < 0 else 0)


def check_settlement(state: RussianPokerState, settlement: RoundSettlement) -> None:
    limit = state.limits.max_payout
    staked = stakes_from_events(state)
    views = {b["box"]: b for b in state.view()["boxes"]}
    capped_total = D(0)
    for box in settlement.boxes:
        assert box.staked - box.returned == box.house_result
        assert box.staked == staked[box.box]
        assert box.withheld == sum((ln.computed - ln.paid for ln in box.lines), D(0))
        for line in box.lines:
            assert D(0) <= line.paid <= line.computed
            assert (line.reason != "") == (line.paid < line.computed)
            assert line.paid % state.limits.chip_unit == 0
        capped = sum(
            (
                max(line.paid - line.stake, D(0))
                for line in box.lines
                if line.line in ("bet", "insurance")
            ),
            D(0),
        )
        capped_total += capped
        if limit is not None:
            assert capped <= limit
        assert box.returned - box.staked == matrix_net(state, views[box.box]) - box.withheld
    if limit is not None and state.rules.max_payout_scope is MaxPayoutScope.ROUND:
        assert capped_total <= limit
    assert settlement.house_result == sum((b.house_result for b in settlement.boxes), D(0))


def settlement_order(settlement: RoundSettlement) -> Sequence[int]:
    return [box.box for box in settlement.boxes]


@settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(terms(), st.permutations(range(52)), st.data())
def test_random_legal_rounds(
    table: tuple[RussianPokerRules, Paytables, TableLimits],
    order: list[int],
    data: st.DataObject,
) -> None:
    rules, paytables, limits = table
    state = RussianPokerState(rules, paytables, limits)
    deck = [Card(i) for i in order]
    place_wagers(data, state)
    for _ in range(MAX_STEPS):
        if state.phase is Phase.COMPLETE:
            break
        if data.draw(st.integers(0, 4)) == 0:
            try_refused(data, state)
        act(data, state, deck)
    assert state.phase is Phase.COMPLETE
    settlement = state.settlement
    assert settlement is not None

    stored = json.loads(json.dumps([event.to_dict() for event in state.events]))
    assert settle_round(rules, paytables, limits, stored) == settlement
    assert replay(rules, paytables, limits, stored).view() == state.view()
    assert RoundSettlement.from_dict(json.loads(json.dumps(settlement.to_dict()))) == settlement
    check_settlement(state, settlement)
    kinds = {e.kind for e in state.events}
    for kind in ("cards_exchanged", "sixth_card_bought", "insurance_placed", "game_bought"):
        event(f"{kind}: {kind in kinds}")
    event(f"dealer qualifies: {settlement.dealer_qualifies}")
    event(f"replacements: {sum(e.kind == 'replacement_drawn' for e in state.events)}")
    event(f"redraw rule: {rules.buy_redraw_same_rank}")
    event(f"maximum payout applied: {settlement.cap_applied}")

    buyers = [b["box"] for b in state.view()["boxes"] if b["no_game_choice"] == "buy_game"]
    others = sorted(set(settlement_order(settlement)) - set(buyers), reverse=True)
    assert list(settlement_order(settlement)) == others + sorted(buyers, reverse=True)
