"""Red Dog properties over random legal games of every variant.

Hypothesis drives a table through whatever the engine says comes next (random stacks, hands,
cards, bets, pots and Shoot choices) and, after every event, audits the books independently of the
engine's own balances: the rows are numbered without gaps, each moves a positive whole number of
chips, no account goes below zero, and players, pot and house float together always hold exactly
what was brought to the table. Along the way it tries illegal bets and cards already out of the
stock, which must be refused without a trace. At the end a replay of the events, also after a trip
through JSON, must reproduce the ledger row for row.
"""

from __future__ import annotations

import json
from collections import defaultdict
from decimal import Decimal as D
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.games.cards import CARDS
from casino.games.errors import GameError
from casino.games.reddog import (
    HOUSE_FLOAT,
    POT,
    Action,
    Commission,
    EndOfHand,
    Phase,
    PlayersSeated,
    RedDogRules,
    RedDogState,
    Refill,
    RefillTiming,
    Variant,
    codes,
    event_from_dict,
    player_account,
    replay,
)
from tests.games.refusals import snapshot

#: A bound on the actions of one game, so that a pathological Slippery Sam deal (every card of 6
#: or lower held in the hands) cannot loop forever; ordinary games stay far below it.
MAX_STEPS = 1500


@st.composite
def rule_sets(draw: st.DrawFn, variant: Variant) -> RedDogRules:
    unit = draw(st.sampled_from([D(1), D("0.5"), D(5)]))
    ante = unit * draw(st.integers(1, 4))
    min_players = draw(st.integers(3, 4))
    # Eight players with five cards each is the one table whose stock runs out mid-hand.
    full_table = draw(st.booleans())
    values: dict[str, Any] = {
        "variant": variant,
        "chip_unit": unit,
        "ante": ante,
        "min_players": min_players,
        "max_players": 8 if full_table else draw(st.integers(min_players, 8)),
        "cards_each": 5 if full_table else draw(st.sampled_from([None, 3, 4, 5])),
        "burn_card": draw(st.booleans()),
        "refill": draw(st.sampled_from(list(Refill))),
        "refill_timing": draw(st.sampled_from(list(RefillTiming))),
        "end_of_hand": draw(st.sampled_from(list(EndOfHand))),
    }
    if variant in (Variant.SHOOT, Variant.SLIPPERY_SAM):
        min_bet = ante + unit * draw(st.integers(0, 2))
        low = min_bet + unit * draw(st.integers(0, 6))
        values["shoot_min_bet"] = min_bet
        values["shoot_pot_min"] = low
        values["shoot_pot_max"] = draw(st.sampled_from([None, low, low + unit * 20]))
    commission = draw(st.sampled_from(list(Commission)))
    values["commission"] = commission
    if commission is Commission.HAND_FEE:
        values["hand_fee"] = unit * draw(st.integers(1, 2))
    elif commission is Commission.WIN_PERCENT:
        values["win_percent"] = D(draw(st.sampled_from([5, 10, 25, 50])))
    return RedDogRules(**values)


def chips_between(data: st.DataObject, low: D, high: D, unit: D) -> D:
    return low + unit * data.draw(st.integers(0, int((high - low) / unit)))


def audit(state: RedDogState, brought: dict[int, D]) -> None:
    """Recompute every balance from the rows alone and check the table's invariants."""
    unit = state.rules.chip_unit
    balances: defaultdict[str, D] = defaultdict(D)
    for seat, amount in brought.items():
        balances[player_account(seat)] = amount
    for index, row in enumerate(state.movements, start=1):
        assert row.seq == index
        assert row.amount > 0 and row.amount % unit == 0
        assert row.source != row.destination
        balances[row.source] -= row.amount
        balances[row.destination] += row.amount
    assert all(balance >= 0 for balance in balances.values())
    assert balances[POT] == state.pot
    assert balances[HOUSE_FLOAT] == state.house_float
    assert {seat: balances[player_account(seat)] for seat in brought} == state.stacks
    assert sum(state.stacks.values()) + state.pot + state.house_float == sum(brought.values())
    assert set(balances) <= {POT, HOUSE_FLOAT, *(player_account(s) for s in brought)}


def assert_refused(state: RedDogState, allowed_codes: set[str], action: Any, *args: Any) -> None:
    before = snapshot(state)
    with pytest.raises(GameError) as caught:
        action(*args)
    assert caught.value.code in allowed_codes
    assert snapshot(state) == before


def step(state: RedDogState, data: st.DataObject, hands_wanted: int) -> None:
    """Take one legal action, chosen at random among those the engine offers."""
    unit = state.rules.chip_unit
    actions = state.legal_actions()
    phase = state.phase
    if phase is Phase.BETWEEN_HANDS:
        if Action.START_HAND in actions and state.hand_number < hands_wanted:
            state.start_hand()
        else:
            state.end_game()
    elif phase is Phase.FUNDING:
        pot_range = state.pot_range()
        assert pot_range is not None
        state.fund_pot(chips_between(data, *pot_range, unit))
    elif phase is Phase.DEALING:
        seat = data.draw(st.sampled_from(state.view()["awaiting_hands"]))
        size = state.cards_each
        assert size is not None
        stock = sorted(state.stock)
        cards = data.draw(
            st.lists(st.sampled_from(stock), min_size=size, max_size=size, unique=True)
        )
        state.deal_hand(seat, [str(c) for c in cards])
    elif phase is Phase.SHOOT_CHOICE:
        state.decide_shoot(data.draw(st.booleans()))
    elif actions[0] is Action.RESHUFFLE:
        state.reshuffle()
    elif phase is Phase.BETTING:
        bet_range = state.bet_range()
        seat = state.to_act
        assert bet_range is not None and seat is not None
        low, high = bet_range
        if data.draw(st.booleans()):
            assert_refused(
                state,
                {codes.BET_ABOVE_POT, codes.INSUFFICIENT_STACK},
                state.place_bet,
                seat,
                high + unit,
            )
        state.place_bet(seat, chips_between(data, low, high, unit))
    else:
        draw_card = {
            Phase.CENTRE: state.turn_centre_card,
            Phase.BURN: state.show_burn,
            Phase.TURN: state.turn_card,
        }[phase]
        out = sorted(set(CARDS) - state.stock)
        try_a_card_already_out: bool = data.draw(st.booleans())
        if out and try_a_card_already_out:
            assert_refused(
                state, {codes.CARD_DUPLICATE}, draw_card, data.draw(st.sampled_from(out))
            )
        draw_card(str(data.draw(st.sampled_from(sorted(state.stock)))))


def play_and_check(data: st.DataObject, variant: Variant) -> None:
    rules = data.draw(rule_sets(variant))
    state = RedDogState(rules)
    count = data.draw(
        st.one_of(st.just(rules.max_players), st.integers(rules.min_players, rules.max_players))
    )
    seats = data.draw(st.lists(st.integers(1, 8), min_size=count, max_size=count, unique=True))
    stacks = {seat: rules.chip_unit * data.draw(st.integers(1, 150)) for seat in seats}
    seated = state.seat_players(stacks, button=data.draw(st.sampled_from(seats)))
    assert isinstance(seated, PlayersSeated)
    brought = dict(seated.stacks)
    hands_wanted = data.draw(st.integers(1, 6))
    rows_after: list[int] = [len(state.movements)]
    audit(state, brought)
    for _ in range(MAX_STEPS):
        if state.phase is Phase.GAME_OVER:
            break
        step(state, data, hands_wanted)
        assert len(state.events) == len(rows_after) + 1
        rows_after.append(len(state.movements))
        audit(state, brought)
        json.dumps(state.view())

    again = replay(rules, state.events)
    assert again.movements == state.movements
    assert again.outcomes == state.outcomes
    assert again.view() == state.view()

    stored_rules = json.loads(json.dumps(rules.to_dict()))
    stored_events = json.loads(json.dumps([e.to_dict() for e in state.events]))
    from_storage = replay(
        RedDogRules.from_dict(stored_rules), [event_from_dict(e) for e in stored_events]
    )
    assert from_storage.movements == state.movements

    cut = data.draw(st.integers(1, len(state.events)))
    partial = replay(rules, state.events[:cut])
    assert partial.movements == state.movements[: rows_after[cut - 1]]


PROPERTY_SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_games_conserve_chips_and_replay_exactly(
    variant: Variant, data: st.DataObject
) -> None:
    play_and_check(data, variant)
