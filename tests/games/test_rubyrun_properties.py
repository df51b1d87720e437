"""Ruby Run properties over random legal hands.

Hypothesis draws a table (structure, forced bets, chip unit, cap, rake, face-down rule), the
hand's announced options, up to fifteen players with random stacks and button, a shuffled deck,
and then plays whatever the engine offers: every betting action it lists, with amounts drawn from
its ``min``/``max``. Along the way it tries actions the engine must refuse (out of turn, below
the minimum, above the limit, a check facing a bet), which must leave no trace.

After every event the chips are conserved: the stacks behind plus the chips put into the hand
always equal what the players brought. At the end the awards, the rake and the uncalled bets add
up to the bets, the final stacks plus the rake equal what was brought, and a replay of the stored
events (after a trip through JSON) reproduces the settlement and the view.
"""

from __future__ import annotations

import json
from decimal import Decimal as D
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.games.cards import CARDS, Card
from casino.games.errors import GameError
from casino.games.rubyrun import (
    Betting,
    HandOptions,
    Phase,
    Rake,
    RubyRunRules,
    RubyRunState,
    UnderCards,
    replay,
    settle_hand,
)
from tests.games.refusals import snapshot


@st.composite
def rule_sets(draw: st.DrawFn) -> RubyRunRules:
    unit = draw(st.sampled_from([D(1), D("0.5"), D(5)]))
    small_blind = unit * draw(st.integers(0, 2))
    big_blind = small_blind + unit * draw(st.integers(0, 2))
    ante = unit * draw(st.integers(0 if big_blind else 1, 2))
    small_bet = unit * draw(st.integers(1, 3))
    values: dict[str, Any] = {
        "chip_unit": unit,
        "ante": ante,
        "small_blind": small_blind,
        "big_blind": big_blind,
        "betting": draw(st.sampled_from(list(Betting))),
        "small_bet": small_bet,
        "big_bet": small_bet * draw(st.integers(1, 2)),
        "max_raises": draw(st.integers(1, 4)),
        "uncapped_heads_up": draw(st.booleans()),
        "under_cards": draw(st.sampled_from(list(UnderCards))),
        "max_players": 15,
        "ace_low_runs": draw(st.booleans()),
    }
    rake = draw(st.sampled_from(list(Rake)))
    values["rake"] = rake
    if rake is Rake.PERCENT:
        values["rake_percent"] = draw(st.sampled_from([D("2.5"), D(5), D(10)]))
        values["rake_cap"] = draw(st.sampled_from([None, unit, unit * 4]))
    elif rake is Rake.SEAT_FEE:
        values["seat_fee_per_hour"] = D(10)
    return RubyRunRules(**values)


options_strategy = st.builds(
    HandOptions,
    ace_low_runs=st.sampled_from([None, True, False]),
    betting_after_over_cards=st.sampled_from([None, True, False]),
    betting_after_slam=st.sampled_from([None, True, False]),
)


def assert_refused(state: RubyRunState, action: str, *args: Any) -> None:
    before = snapshot(state)
    assert not getattr(state, f"can_{action}")(*args)
    try:
        getattr(state, action)(*args)
    except GameError:
        pass
    else:  # pragma: no cover - the assertion above already failed
        raise AssertionError(f"{action}{args} was accepted")
    assert snapshot(state) == before


def assert_conserved(state: RubyRunState, brought: D) -> None:
    assert sum(state.stacks.values(), D(0)) + state.pot_total == brought
    assert all(stack >= 0 for stack in state.stacks.values())
    pots, uncalled = state.pots()
    in_pots = sum((pot.amount for pot in pots), D(0)) + sum(uncalled.values(), D(0))
    assert in_pots + sum(state.bets.values(), D(0)) == state.pot_total


def take(deck: list[Card], count: int) -> list[Card]:
    taken, deck[:count] = deck[:count], []
    return taken


def try_illegal(data: st.DataObject, state: RubyRunState) -> None:
    seat = state.to_act
    assert seat is not None
    legal = {action["action"]: action for action in state.legal_actions()}
    unit = state.rules.chip_unit
    others = [s for s in state.seats if s != seat]
    choice = data.draw(st.sampled_from(["out_of_turn", "low", "high", "check"]))
    if choice == "out_of_turn":
        assert_refused(state, "fold", data.draw(st.sampled_from(others)))
    elif choice == "check" and "call" in legal:
        assert_refused(state, "check", seat)
    elif choice in ("low", "high"):
        for name in ("bet", "raise_to"):
            if name not in legal:
                continue
            bound = D(legal[name]["min" if choice == "low" else "max"])
            wrong = bound - unit if choice == "low" else bound + unit
            if wrong > 0:
                assert_refused(state, name, seat, wrong)


def betting_step(data: st.DataObject, state: RubyRunState) -> None:
    seat = state.to_act
    assert seat is not None
    if data.draw(st.integers(0, 9)) == 0:
        try_illegal(data, state)
    actions = state.legal_actions()
    # Folding less often keeps more hands going to a showdown with side pots.
    weights = [1 if a["action"] == "fold" else 4 for a in actions]
    pool = [a for a, w in zip(actions, weights, strict=True) for _ in range(w)]
    action = data.draw(st.sampled_from(pool))
    name = action["action"]
    if name in ("bet", "raise_to"):
        unit = state.rules.chip_unit
        low, high = int(D(action["min"]) / unit), int(D(action["max"]) / unit)
        amount = unit * data.draw(st.integers(low, high))
        getattr(state, name)(seat, amount)
    else:
        getattr(state, name)(seat)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), options=options_strategy, data=st.data())
def test_random_legal_hands_conserve_chips_and_replay_exactly(
    rules: RubyRunRules, options: HandOptions, data: st.DataObject
) -> None:
    players = data.draw(st.integers(2, 15), label="players")
    seats = sorted(data.draw(st.sets(st.integers(1, 15), min_size=players, max_size=players)))
    unit = rules.chip_unit
    stacks = {seat: unit * data.draw(st.integers(1, 120)) for seat in seats}
    button = data.draw(st.sampled_from(seats), label="button")
    deck = list(data.draw(st.permutations(CARDS), label="deck"))
    brought = sum(stacks.values(), D(0))

    state = RubyRunState(rules, options)
    state.seat_players(stacks, button)
    under: list[Card] = []
    steps = 0
    while state.phase is not Phase.COMPLETE:
        steps += 1
        assert steps < 2000
        phase = state.phase
        if phase is Phase.FORCED_BETS:
            state.post_forced_bets()
        elif phase is Phase.HOLE_CARDS:
            for seat in state.legal_actions()[0]["seats"]:
                state.deal_hole_cards(seat, take(deck, 3))
        elif phase is Phase.BETTING:
            betting_step(data, state)
        elif phase is Phase.OVER_CARDS:
            state.deal_over_cards(take(deck, 3))
        elif phase is Phase.UNDER_CARDS:
            under = take(deck, 3)  # dealt either way; recorded only when face up
            face_down = rules.under_cards is UnderCards.FACE_DOWN
            state.deal_under_cards(None if face_down else under)
        elif phase is Phase.SLAM:
            state.deal_slam(take(deck, 1)[0])
        elif phase is Phase.REVEAL:
            state.reveal_under_cards(under)
        assert_conserved(state, brought)

    result = state.hand_result
    final = state.final_stacks
    assert result is not None and final is not None
    paid = sum((award.amount for award in result.awards), D(0))
    returned = sum(result.returned_uncalled.values(), D(0))
    assert paid + result.rake + returned == sum(result.contributions.values()) == state.pot_total
    assert sum(final.values(), D(0)) + result.rake == brought
    assert all(amount % unit == 0 for amount in final.values())
    if rules.rake is not Rake.PERCENT:
        assert result.rake == 0
    elif rules.rake_cap is not None:
        assert result.rake <= rules.rake_cap
    in_hand = set(state.seats) - state.folded
    assert result.showdown == (len(in_hand) > 1)
    for award in result.awards:
        assert set(award.seats) <= in_hand
        assert sum(award.shares.values(), D(0)) == award.amount
    if rules.under_cards is UnderCards.FACE_DOWN and state.slam is not None:
        # The face-down under cards are recorded only when a J–A Slam made them live.
        assert (state.under_cards is not None) == (state.slam.rank >= 11)

    stored = json.loads(json.dumps([event.to_dict() for event in state.events]))
    again = replay(rules, options, stored)
    assert again.hand_result == result
    assert again.view() == state.view()
    assert settle_hand(rules, options, stored).to_dict() == result.to_dict()
