"""Russian Poker through the engines' contract: :data:`casino.games.russian.GAME` and the state as
a :class:`~casino.games.contract.GameState`.

* the codes (one enum, the renames, no value twice) and the terminal phase ``complete``;
* ``expose_card`` (accepted, refused twice, refused once complete, replayed, shown as exposed);
* the game object: its action specs (mirroring the input serializers the table service used),
  rule and option validation, the round's terms, events read back;
* ``result()`` (the adapter's stakes and payout lines, each box's net and withheld amount);
* the tablet view, step by step on scripted rounds;
* snapshots: malformed ones refused, and over 500 random rounds, at every step, the state
  replayed from every event and the state restored from the previous snapshot and given the same
  action agree on everything they show, while every tablet view is well-formed and every legal
  action accepts an input built from its bounds.
"""

from __future__ import annotations

import doctest
import importlib
import json
from collections.abc import Mapping
from decimal import Decimal as D
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from casino.games.cards import CARDS, Card, parse_card, parse_cards
from casino.games.codes import GameCode
from casino.games.contract import (
    FieldBounds,
    FieldKind,
    InputValue,
    LegalAction,
    PositionKind,
    RoundTerms,
    TabletView,
)
from casino.games.errors import GameError
from casino.games.russian import (
    GAME,
    PHASE_ACTIONS,
    Action,
    BoxDealt,
    CardDealt,
    CardExposed,
    CardsExchanged,
    DealerRevealed,
    Event,
    Paytables,
    Phase,
    ReplacementDrawn,
    RussianPokerRules,
    RussianPokerState,
    SixthCardBought,
    TableLimits,
    WagersPlaced,
    codes,
    event_from_dict,
    replay,
)
from casino.games.russian.codes import RussianPokerCode
from casino.games.russian.game import _parsed_terms, round_terms
from casino.games.russian.settlement import RoundSettlement
from casino.games.russian_hands import dealer_highest_card, first_and_second
from tests.games.payout_figures import check_payout_figures
from tests.games.refusals import refuse
from tests.games.test_russian_properties import terms as table_terms

LIMITS_JSON: dict[str, Any] = {
    "ante_min": "10",
    "ante_max": "500",
    "max_table_payout": "5000",
    "chip_unit": "1",
}
STANDARD_MAIN = {line: D(m) for line, m in Paytables.standard().main.items()}
BONUS = {"straight": D(40), "trips": D(5)}


def round_terms_of(
    rules: Mapping[str, Any] | None = None,
    *,
    bonus: Mapping[str, D] | None = None,
    limits: Mapping[str, Any] | None = None,
    main: Mapping[str, D] | None = None,
) -> RoundTerms:
    paytables: dict[str, Mapping[str, D]] = {"main": STANDARD_MAIN if main is None else main}
    if bonus is not None:
        paytables["bonus"] = bonus
    return RoundTerms(
        rules=dict(rules or {}),
        paytables=paytables,
        limits=dict(LIMITS_JSON if limits is None else limits),
        options={},
    )


TERMS = round_terms_of()
BONUS_TERMS = round_terms_of(bonus=BONUS)


def perform(state: RussianPokerState, action: str, **data: InputValue) -> list[dict[str, Any]]:
    """``action`` through the game's spec, as the table service calls it; its events' dicts."""
    GAME.actions[action].verify(state, data)
    return [event.to_dict() for event in GAME.actions[action].perform(state, data)]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def dealt_round(terms: RoundTerms = TERMS) -> RussianPokerState:
    """Box 1 (P1, trips) and box 2 (P1, blind), the dealer's up card 3s: box 1 decides."""
    state = GAME.new_state(terms)
    perform(state, "place_wagers", box=1, player="P1", ante=D(10))
    perform(state, "place_wagers", box=2, player="P1", ante=D(10), blind=True)
    perform(state, "close_bets")
    perform(state, "deal_box", box=1, cards=cards("7h 7d 7s Kh 4d"))
    perform(state, "deal_box", box=2, cards=cards("Ah Ad Qc 8s 5h"))
    perform(state, "deal_card", target="dealer", card=parse_card("3s"))
    assert state.phase is Phase.DECISIONS
    return state


def by_name(view: TabletView) -> dict[str, LegalAction]:
    return {action.name: action for action in view.actions}


def field(action: LegalAction, name: str) -> FieldBounds:
    return next(f for f in action.fields if f.name == name)


# -- codes and phases ------------------------------------------------------------------------------


def test_the_codes_are_one_unique_enum_and_share_no_value_with_the_shared_codes() -> None:
    own = {code.value for code in RussianPokerCode}
    assert len(own) == len(RussianPokerCode)
    assert not own & {code.value for code in GameCode}
    for name in codes.__all__:
        value = getattr(codes, name)
        assert isinstance(value, RussianPokerCode | GameCode), name
        assert value.name == name
    # Every member is listed, so that the module names every code the game raises.
    assert {code.name for code in RussianPokerCode} <= set(codes.__all__)


def test_the_renamed_codes_are_the_shared_ones() -> None:
    assert codes.OUT_OF_TURN is GameCode.OUT_OF_TURN
    assert codes.POSITION_NOT_IN_PLAY is GameCode.POSITION_NOT_IN_PLAY
    assert codes.ROUND_NOT_COMPLETE is GameCode.ROUND_NOT_COMPLETE
    assert codes.WRONG_CARD_COUNT is GameCode.WRONG_CARD_COUNT
    assert codes.LIMITS_INVALID is GameCode.LIMITS_INVALID
    for old in ("NOT_BOXS_TURN", "BOX_NOT_IN_PLAY", "ROUND_NOT_SETTLED"):
        assert not hasattr(codes, old)
    values = {str(getattr(codes, name)) for name in codes.__all__}
    assert not values & {"not_boxs_turn", "box_not_in_play", "round_not_settled"}


def test_the_refusals_carry_the_renamed_codes() -> None:
    state = GAME.new_state(TERMS)
    perform(state, "place_wagers", box=1, player="P1", ante=D(10))
    perform(state, "place_wagers", box=3, player="P2", ante=D(10))
    perform(state, "close_bets")
    perform(state, "deal_box", box=1, cards=cards("7h 7d 2c 9s Jd"))
    perform(state, "deal_box", box=3, cards=cards("8h 8s Kd 7c 4s"))
    perform(state, "deal_card", target="dealer", card=parse_card("3s"))
    refused = refuse(state, "out_of_turn", "bet", 3)
    assert refused.data == {"box": 3, "to_act": 1}
    assert refuse(state, "position_not_in_play", "bet", 2).data == {"box": 2}
    with pytest.raises(GameError) as early:
        state.result()
    assert (early.value.code, early.value.data) == ("round_not_complete", {"phase": "decisions"})


def test_the_hand_codes_are_members_of_the_russian_poker_enum() -> None:
    with pytest.raises(GameError) as has_game:
        dealer_highest_card(cards("As Ks Qs Js 9h"))
    assert has_game.value.code == str(RussianPokerCode.DEALER_HAS_GAME) == "dealer_has_game"
    with pytest.raises(GameError) as unknown:
        first_and_second(cards("As Ks Qs Js 9h"), second_straight_rule="triple")  # type: ignore[arg-type]
    assert unknown.value.code == RussianPokerCode.SECOND_STRAIGHT_RULE_UNKNOWN


def test_the_last_phase_is_complete_and_accepts_nothing() -> None:
    assert Phase.COMPLETE.value == "complete"
    assert "settled" not in {phase.value for phase in Phase}
    assert PHASE_ACTIONS[Phase.COMPLETE] == frozenset()
    for phase in Phase:
        assert (Action.EXPOSE_CARD in PHASE_ACTIONS[phase]) is (phase is not Phase.COMPLETE)


# -- expose_card -----------------------------------------------------------------------------------


def test_an_exposed_card_is_recorded_and_out_of_play() -> None:
    state = dealt_round()
    before = state.event_count
    assert perform(state, "expose_card", card=parse_card("Qs"), reason="flashed") == [
        {"kind": "card_exposed", "card": "Qs", "reason": "flashed"}
    ]
    assert perform(state, "expose_card", card=parse_card("10c")) == [
        {"kind": "card_exposed", "card": "Tc", "reason": ""}
    ]
    assert state.event_count == before + 2
    assert state.phase is Phase.DECISIONS  # nothing else changes
    assert state.exposed_cards == cards("Qs Tc")
    assert parse_card("Qs") in state.cards_seen
    refuse(state, "card_duplicate", "expose_card", "Qs")  # refused twice
    refuse(state, "card_duplicate", "expose_card", "7h")  # a card of box 1
    refuse(state, "card_duplicate", "buy_sixth_card", 1, "Qs")  # no action may use it
    refuse(state, "input_invalid", "expose_card", "2c", 7)
    refuse(state, "input_invalid", "expose_card", "2c", "x" * 501)
    view = state.tablet_view()
    assert "Qs" not in view.unseen_cards and len(view.unseen_cards) == 52 - 13
    exposed = next(g for g in view.card_groups if g.name == "exposed")
    assert (exposed.cards, exposed.hidden) == (("Qs", "Tc"), 0)


def test_expose_card_in_every_phase_but_the_last() -> None:
    state = GAME.new_state(TERMS)
    perform(state, "expose_card", card=parse_card("2c"))  # betting
    perform(state, "place_wagers", box=1, player="P1", ante=D(10))
    perform(state, "close_bets")
    perform(state, "expose_card", card=parse_card("2d"))  # dealing
    perform(state, "deal_box", box=1, cards=cards("8h 8s Kd 7c 3s"))
    perform(state, "deal_card", target="dealer", card=parse_card("Qd"))
    perform(state, "bet", box=1)
    perform(state, "expose_card", card=parse_card("2h"))  # dealer_reveal
    perform(state, "reveal_dealer", cards=cards("Ac Kh 9d 6s"))
    assert state.complete
    refuse(state, "action_out_of_phase", "expose_card", "2s")
    assert "expose_card" not in by_name(state.tablet_view())


def test_exposed_cards_replay_and_read_back() -> None:
    state = dealt_round()
    perform(state, "expose_card", card=parse_card("Qs"), reason="misdeal")
    stored = json.loads(json.dumps([event.to_dict() for event in state.events]))
    assert event_from_dict(stored[-1]) == CardExposed(card=parse_card("Qs"), reason="misdeal")
    assert GAME.read_event(stored[-1]) == CardExposed(card=parse_card("Qs"), reason="misdeal")
    again = replay(state.rules, state.paytables, state.limits, stored)
    assert again.snapshot() == state.snapshot() and again.view() == state.view()
    assert again.exposed_cards == cards("Qs")
    with pytest.raises(GameError) as bad:
        event_from_dict({"kind": "card_exposed", "card": "Qs", "reason": None})
    assert (bad.value.code, bad.value.data["field"]) == ("event_invalid", "reason")
    # A card exposed in the log before it is dealt makes the altered deal refused.
    altered = stored[:3] + [{"kind": "card_exposed", "card": "7h", "reason": ""}] + stored[3:-1]
    with pytest.raises(GameError) as refused:
        replay(state.rules, state.paytables, state.limits, altered)
    assert refused.value.code == "card_duplicate"


def test_cards_shown_mirror_where_each_event_put_its_cards() -> None:
    state = GAME.new_state(TERMS)
    shown: dict[Event, list[tuple[str, str]]] = {
        BoxDealt(box=2, cards=cards("As Kd 9c 7h 4s")): [
            (c, "box:2") for c in "As Kd 9c 7h 4s".split()
        ],
        CardDealt(target="dealer", card=parse_card("3s")): [("3s", "dealer")],
        CardDealt(target="box:3", card=parse_card("3d")): [("3d", "box:3")],
        CardsExchanged(box=1, discards=cards("2c 3c"), replacements=cards("Qh Qd")): [
            ("Qh", "box:1"),
            ("Qd", "box:1"),
        ],
        SixthCardBought(box=4, card=parse_card("Jc")): [("Jc", "box:4")],
        DealerRevealed(cards=cards("Ac Kh")): [("Ac", "dealer"), ("Kh", "dealer")],
        ReplacementDrawn(card=parse_card("2d")): [("2d", "dealer")],
        CardExposed(card=parse_card("5s"), reason="x"): [("5s", "exposed")],
        WagersPlaced(box=1, player="P1", ante=D(10), bonus=None, blind=False): [],
    }
    for recorded, expected in shown.items():
        assert [(str(c.card), c.position) for c in state.cards_shown(recorded)] == expected


# -- the game object -------------------------------------------------------------------------------

#: The fields of the table service's input serializers (tables/games/russian.py, and
#: ExposeCardInput for expose_card): name, kind, required, nullable, default, counts, bounds.
SERIALIZER_FIELDS: dict[str, list[tuple[Any, ...]]] = {
    "place_wagers": [
        ("box", "position", True, False, None, None, None, 1, 6, None),
        ("player", "text", True, False, None, None, None, None, None, 40),
        ("ante", "amount", True, False, None, None, None, None, None, None),
        ("bonus", "amount", False, True, None, None, None, None, None, None),
        ("blind", "flag", False, False, False, None, None, None, None, None),
    ],
    "close_bets": [],
    "deal_box": [
        ("box", "position", True, False, None, None, None, 1, 6, None),
        ("cards", "cards", True, False, None, 1, 5, None, None, None),
    ],
    "deal_card": [
        ("target", "target", True, False, None, None, None, None, None, 10),
        ("card", "card", True, False, None, None, None, None, None, None),
    ],
    "declare_bonus": [("box", "position", True, False, None, None, None, 1, 6, None)],
    "exchange": [
        ("box", "position", True, False, None, None, None, 1, 6, None),
        ("discards", "cards", True, False, None, 1, 5, None, None, None),
        ("replacements", "cards", True, False, None, 1, 5, None, None, None),
    ],
    "buy_sixth_card": [
        ("box", "position", True, False, None, None, None, 1, 6, None),
        ("card", "card", True, False, None, None, None, None, None, None),
    ],
    "insure": [
        ("box", "position", True, False, None, None, None, 1, 6, None),
        ("amount", "amount", True, False, None, None, None, None, None, None),
    ],
    "fold": [("box", "position", True, False, None, None, None, 1, 6, None)],
    "bet": [
        ("box", "position", True, False, None, None, None, 1, 6, None),
        ("amount", "amount", False, True, None, None, None, None, None, None),
    ],
    "reveal_dealer": [("cards", "cards", True, False, None, 1, 4, None, None, None)],
    "take_ante": [("box", "position", True, False, None, None, None, 1, 6, None)],
    "buy_game": [("box", "position", True, False, None, None, None, 1, 6, None)],
    "draw_replacement": [("card", "card", True, False, None, None, None, None, None, None)],
    "expose_card": [
        ("card", "card", True, False, None, None, None, None, None, None),
        ("reason", "text", False, False, "", None, None, None, None, 500),
    ],
}


def test_the_actions_mirror_the_input_serializers_in_the_order_of_the_action_enum() -> None:
    assert list(GAME.actions) == [action.value for action in Action]
    assert "note" not in GAME.actions and list(GAME.actions)[-1] == "expose_card"
    assert list(SERIALIZER_FIELDS) == list(GAME.actions)
    for name, spec in GAME.actions.items():
        assert spec.name == name
        assert spec.help.endswith(".") and spec.help.lstrip('"')[0].isupper()
        assert all(f.help.endswith(".") for f in spec.fields), name
        described = [
            (
                f.name,
                f.kind.value,
                f.required,
                f.nullable,
                f.default,
                f.min_count,
                f.max_count,
                f.min_value,
                f.max_value,
                f.max_length,
            )
            for f in spec.fields
        ]
        assert described == SERIALIZER_FIELDS[name], name


def test_the_game_names_its_positions_and_is_exported() -> None:
    import casino.games.russian as package

    assert package.GAME is GAME
    assert (GAME.name, GAME.position_kind) == ("russian_poker", PositionKind.BOX)


def test_the_actions_refuse_another_games_state() -> None:
    class Other:
        pass

    for spec in GAME.actions.values():
        with pytest.raises(TypeError):
            spec.verify(Other(), {})  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            spec.perform(Other(), {})  # type: ignore[arg-type]


def test_the_actions_take_typed_input_and_refuse_anything_else() -> None:
    state = GAME.new_state(TERMS)
    spec = GAME.actions["place_wagers"]
    cases: list[tuple[dict[str, InputValue], str]] = [
        ({"box": "1", "player": "P1", "ante": D(10)}, "box"),
        ({"box": 1, "player": "P1", "ante": "10"}, "ante"),
        ({"box": 1, "player": "P1", "ante": D(10), "blind": 1}, "blind"),
        ({"box": 1, "ante": D(10)}, "player"),
        ({"box": parse_card("2s"), "player": "P1", "ante": D(10)}, "box"),
    ]
    for bad, name in cases:
        with pytest.raises(GameError) as refused:
            spec.verify(state, bad)
        assert (refused.value.code, refused.value.data["field"]) == ("input_invalid", name)
    assert state.event_count == 0
    # Optional fields take their defaults: no bonus, open.
    assert perform(state, "place_wagers", box=1, player="P1", ante=D(10)) == [
        {
            "kind": "wagers_placed",
            "box": 1,
            "player": "P1",
            "ante": "10",
            "bonus": None,
            "blind": False,
        }
    ]
    with pytest.raises(GameError) as cards_as_text:
        GAME.actions["deal_box"].verify(state, {"box": 1, "cards": "As Ks Qs Js Ts"})
    assert cards_as_text.value.data["field"] == "cards"


def test_validate_rules_completes_the_defaults_and_refuses_bad_settings() -> None:
    validated = GAME.validate_rules({"boxes": 6, "ante_on_win": "pay"})
    assert validated == RussianPokerRules(boxes=6, ante_on_win="pay").to_dict()  # type: ignore[arg-type]
    assert validated["exchange_min"] == 2 and validated["insurance_max_fraction"] == "0.5"
    assert json.loads(json.dumps(validated)) == validated
    for bad, name in (({"boxes": 7}, "boxes"), ({"colour": "red"}, "colour"), ([], "settings")):
        with pytest.raises(GameError) as refused:
            GAME.validate_rules(bad)  # type: ignore[arg-type]
        assert (refused.value.code, refused.value.data["field"]) == ("ruleset_invalid", name)


def test_russian_poker_takes_no_options() -> None:
    assert GAME.normalise_options({}) == {}
    with pytest.raises(GameError) as refused:
        GAME.normalise_options({"zeta": 1, "alpha": True})
    assert (refused.value.code, refused.value.data["field"]) == ("options_invalid", "alpha")


def test_new_state_reads_the_rounds_terms() -> None:
    state = GAME.new_state(
        round_terms_of(
            {"boxes": 5},
            bonus=BONUS,
            limits={"ante_min": "5", "ante_max": "50", "max_table_payout": None, "chip_unit": "5"},
        )
    )
    assert state.rules.boxes == 5
    assert state.paytables.bonus_multiplier("straight") == D(40)
    assert state.limits == TableLimits(D(5), D(50), None, D(5))
    # An empty bonus paytable offers no bonus bet.
    assert GAME.new_state(round_terms_of(bonus={})).paytables.bonus is None


def test_a_table_without_a_main_paytable_pays_nothing_on_the_bet() -> None:
    state = GAME.new_state(RoundTerms(rules={}, paytables={}, limits=LIMITS_JSON, options={}))
    perform(state, "place_wagers", box=1, player="P1", ante=D(10))
    perform(state, "close_bets")
    perform(state, "deal_box", box=1, cards=cards("8h 8s Kd 7c 3s"))
    perform(state, "deal_card", target="dealer", card=parse_card("2c"))
    perform(state, "bet", box=1)
    perform(state, "reveal_dealer", cards=cards("Ac Kh 9d 6s"))
    bet = next(line for line in state.result().lines if line.line == "bet")
    assert (bet.outcome, bet.stake, bet.computed, bet.paid) == ("win", D(20), D(20), D(20))


@pytest.mark.parametrize(
    ("paytables", "limits", "code", "data"),
    [
        ({"main": {"five_aces": D(9)}}, LIMITS_JSON, "paytable_invalid", {"line": "five_aces"}),
        ({"main": {}, "bonus": {"pair": D(-1)}}, LIMITS_JSON, "paytable_invalid", {"line": "pair"}),
        ({}, LIMITS_JSON | {"ante_min": "600"}, "limits_invalid", {"field": "ante_min"}),
        ({}, LIMITS_JSON | {"chip_unit": "lots"}, "limits_invalid", {"field": "chip_unit"}),
        ({}, {"ante_min": "10", "ante_max": "20"}, "limits_invalid", {"field": "chip_unit"}),
    ],
)
def test_bad_terms_are_refused(
    paytables: dict[str, Any], limits: dict[str, Any], code: str, data: dict[str, str]
) -> None:
    terms = RoundTerms(rules={}, paytables=paytables, limits=limits, options={})
    for build in (GAME.new_state, lambda t: GAME.restore(t, GAME.new_state(TERMS).snapshot())):
        with pytest.raises(GameError) as refused:
            build(terms)
        assert refused.value.code == code
        assert {key: refused.value.data[key] for key in data} == data


def test_the_terms_are_parsed_once_per_process() -> None:
    first = round_terms(BONUS_TERMS)
    again = round_terms(round_terms_of(bonus=dict(BONUS)))  # equal terms, other objects
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert _parsed_terms.cache_info().maxsize == 256


# -- result() --------------------------------------------------------------------------------------


def adapter_plan(
    settlement: RoundSettlement,
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """What the table service's adapter built from a settlement (``RussianPokerAdapter.settle``
    in tables/games/russian.py): a stake for each line with one, a return for every line."""
    stakes, returns = [], []
    for box in settlement.boxes:
        for line in box.lines:
            if line.stake:
                stakes.append((box.box, line.line, line.stake))
            returns.append(
                (
                    box.box,
                    line.line,
                    line.outcome,
                    line.stake,
                    line.computed,
                    line.paid,
                    line.combination,
                    line.reason,
                )
            )
    return stakes, returns


def check_result(state: RussianPokerState) -> None:
    """``result()`` is exactly the adapter's plan, with each box's totals."""
    settlement = state.settlement
    assert settlement is not None
    result = state.result()
    stakes, returns = adapter_plan(settlement)
    assert [(s.position.number, s.kind, s.amount) for s in result.stakes] == stakes
    assert [
        (r.position.number, r.line, r.outcome, r.stake, r.computed, r.paid, r.combination, r.reason)
        for r in result.lines
    ] == returns
    assert all(s.position.kind is PositionKind.BOX for s in result.stakes)
    assert all(r.position.kind is PositionKind.BOX and r.pot is None for r in result.lines)
    assert (result.pot_game, result.rake) == (False, D(0))
    assert result.detail == settlement.to_dict()
    assert result.cap_applied == settlement.cap_applied
    assert (result.staked, result.returned, result.house_result, result.withheld) == (
        settlement.staked,
        settlement.returned,
        settlement.house_result,
        settlement.withheld,
    )
    boxes = {box.box: box for box in settlement.boxes}
    assert [p.position.number for p in result.positions] == sorted(boxes)
    for position in result.positions:
        box = boxes[position.position.number]
        assert (position.staked, position.returned, position.withheld) == (
            box.staked,
            box.returned,
            box.withheld,
        )
        assert position.net == box.returned - box.staked == -box.house_result
    check_payout_figures(result)


def test_result_of_a_capped_win_shows_the_net_and_what_the_cap_withheld() -> None:
    """RP14: Ante 50, Bet 100, royal + straight flush with a sixth card, capped at 5000."""
    state = GAME.new_state(TERMS)
    perform(state, "place_wagers", box=1, player="P1", ante=D(50))
    perform(state, "close_bets")
    perform(state, "deal_box", box=1, cards=cards("Ah Kh Qh Jh Th"))
    perform(state, "deal_card", target="dealer", card=parse_card("2c"))
    perform(state, "buy_sixth_card", box=1, card=parse_card("9h"))
    perform(state, "bet", box=1)
    perform(state, "reveal_dealer", cards=cards("Qs Qc 5d 4s"))
    result = state.result()
    assert [(s.kind, s.amount) for s in result.stakes] == [
        ("ante", D(50)),
        ("bet", D(100)),
        ("sixth_card_fee", D(50)),
    ]
    bet = result.lines[1]
    assert (bet.line, bet.outcome, bet.computed, bet.paid, bet.reason) == (
        "bet",
        "win",
        D(15100),
        D(5100),
        "max_payout_per_box",
    )
    assert bet.combination == "royal_flush+straight_flush"
    (box,) = result.positions
    assert (box.staked, box.returned, box.net, box.withheld) == (D(200), D(5150), D(4950), D(10000))
    assert result.cap_applied and result.house_result == D(-4950)
    check_result(state)


def test_result_lists_the_boxes_in_settlement_order() -> None:
    """RP42 with three boxes: those that did not buy first, each group from the last box."""
    state = GAME.new_state(TERMS)
    for box in (1, 2, 3):
        perform(state, "place_wagers", box=box, player=f"P{box}", ante=D(10))
    perform(state, "close_bets")
    perform(state, "deal_box", box=1, cards=cards("7h 7d 2c 9s Jd"))
    perform(state, "deal_box", box=2, cards=cards("Ah Ad Qc 8s 5h"))
    perform(state, "deal_box", box=3, cards=cards("8h 8c Kd 7c 4s"))
    perform(state, "deal_card", target="dealer", card=parse_card("3s"))
    for box in (1, 2, 3):
        perform(state, "bet", box=box)
    perform(state, "reveal_dealer", cards=cards("Kc Jh 9d 6c"))
    perform(state, "take_ante", box=1)
    perform(state, "buy_game", box=2)
    perform(state, "take_ante", box=3)
    perform(state, "draw_replacement", card=parse_card("2d"))
    result = state.result()
    order = [line.position.number for line in result.lines]
    assert list(dict.fromkeys(order)) == [3, 1, 2]
    assert list(dict.fromkeys(s.position.number for s in result.stakes)) == [3, 1, 2]
    assert [p.position.number for p in result.positions] == [1, 2, 3]
    assert [p.net for p in result.positions] == [D(10), D(-10), D(10)]
    check_result(state)


# -- the tablet view -------------------------------------------------------------------------------


def test_the_tablet_view_while_betting() -> None:
    state = GAME.new_state(BONUS_TERMS)
    view = state.tablet_view()
    assert (view.game, view.phase, view.complete, view.turn) == (
        "russian_poker",
        "betting",
        False,
        None,
    )
    assert [a.name for a in view.actions] == ["place_wagers", "expose_card"]
    wagers = view.actions[0]
    assert (field(wagers, "box").positions, field(wagers, "box").value) == ((1, 2, 3, 4), None)
    assert (field(wagers, "ante").min, field(wagers, "ante").max) == (D(10), D(500))
    assert field(wagers, "bonus").min == D(1)  # offered: any whole number of chips
    assert field(wagers, "blind").value is False  # nobody has an open box yet
    assert view.positions == () and len(view.unseen_cards) == 52
    assert {f.name: f.value for f in view.facts}["bonus"] == "offered"
    perform(state, "place_wagers", box=2, player="P1", ante=D(10), bonus=D(5))
    view = state.tablet_view()
    assert [a.name for a in view.actions] == ["place_wagers", "close_bets", "expose_card"]
    assert field(view.actions[0], "box").positions == (1, 3, 4)
    assert field(view.actions[0], "blind").value is None  # P1 may now take a blind box
    (box,) = view.positions
    assert (box.label, box.status, box.to_act, box.cards, box.hand) == (
        "P1",
        "deciding",
        False,
        (),
        None,
    )
    assert [(f.name, f.amount) for f in box.figures] == [("ante", D(10)), ("bonus", D(5))]
    assert [(f.name, f.amount) for f in view.figures] == [
        ("staked", D(15)),
        ("max_payout", D(5000)),
    ]
    # Without a bonus paytable there is no bonus to ask for (the tablet showed a field that
    # place_wagers then refused with bonus_not_offered), and the fact says so.
    plain = GAME.new_state(TERMS).tablet_view()
    assert [f.name for f in plain.actions[0].fields] == ["box", "player", "ante", "blind"]
    assert {f.name: f.value for f in plain.facts}["bonus"] == "not offered"


def test_the_tablet_view_of_the_deal_and_the_decisions() -> None:
    state = GAME.new_state(TERMS)
    perform(state, "place_wagers", box=1, player="P1", ante=D(10))
    perform(state, "place_wagers", box=3, player="P1", ante=D(10), blind=True)
    perform(state, "close_bets")
    view = state.tablet_view()
    assert [a.name for a in view.actions] == ["deal_box", "deal_card", "expose_card"]
    assert field(view.actions[0], "box").positions == (1, 3)
    hand = field(view.actions[0], "cards")
    assert (hand.min_count, hand.max_count) == (5, 5)
    assert field(view.actions[1], "target").targets == ("box:1", "box:3", "dealer")
    dealer = view.card_groups[0]
    assert (dealer.name, dealer.cards, dealer.hidden) == ("dealer", (), 4)
    perform(state, "deal_box", box=1, cards=cards("7h 7d 7s Kh 4d"))
    perform(state, "deal_card", target="box:3", card=parse_card("Ac"))
    perform(state, "deal_card", target="dealer", card=parse_card("3s"))
    view = state.tablet_view()
    assert view.phase == "decisions" and view.turn is not None and view.turn.number == 1
    assert [a.name for a in view.actions] == [
        "exchange",
        "buy_sixth_card",
        "insure",
        "fold",
        "bet",
        "deal_card",
        "expose_card",
    ]
    actions = by_name(view)
    assert all(actions[n].position == view.turn for n in ("exchange", "insure", "fold", "bet"))
    assert actions["deal_card"].position is None
    assert field(actions["deal_card"], "target").value == "box:3"  # the blind box, only
    insurance = field(actions["insure"], "amount")
    assert (insurance.min, insurance.max, insurance.value) == (D(10), D(30), None)
    bet = field(actions["bet"], "amount")
    assert (bet.min, bet.max, bet.value, bet.required) == (D(20), D(20), "20", False)
    assert field(actions["bet"], "box").value == 1
    exchange = actions["exchange"]
    assert [(f.name, f.min_count, f.max_count) for f in exchange.fields[1:]] == [
        ("discards", 2, 5),
        ("replacements", 2, 5),
    ]
    assert [(f.name, f.amount) for f in exchange.figures] == [("fee", D(10))]
    open_box, blind_box = view.positions
    assert (open_box.label, open_box.status, open_box.to_act) == ("P1", "deciding", True)
    assert (open_box.cards, open_box.hidden_cards) == (("7h", "7d", "7s", "Kh", "4d"), 0)
    assert open_box.hand == "three of a kind"
    # Nobody looks at a blind box's cards: counted, not shown.
    assert (blind_box.label, blind_box.status, blind_box.to_act) == ("P1 (blind)", "blind", False)
    assert (blind_box.cards, blind_box.hidden_cards, blind_box.hand) == ((), 1, None)
    assert [f.name for f in blind_box.figures] == ["ante", "bet"]
    assert view.card_groups[0].cards == ("3s",)
    assert {f.name: f.value for f in view.facts}["box_to_act"] == "1"
    perform(state, "insure", box=1, amount=D(30))
    assert [a.name for a in state.tablet_view().actions] == ["bet", "deal_card", "expose_card"]
    figures = state.tablet_view().positions[0].figures
    assert [(f.name, f.amount) for f in figures] == [("ante", D(10)), ("insurance", D(30))]


def test_the_tablet_view_of_a_bought_game_to_the_end() -> None:
    state = dealt_round()
    perform(state, "bet", box=1)
    view = state.tablet_view()
    assert view.phase == "dealer_reveal" and view.turn is None
    assert [a.name for a in view.actions] == ["reveal_dealer", "deal_card", "expose_card"]
    assert field(view.actions[0], "cards").max_count == 4
    assert field(view.actions[1], "target").targets == ("dealer",)
    perform(state, "reveal_dealer", cards=cards("Kc Jh"))
    dealer = state.tablet_view().card_groups[0]
    assert (dealer.cards, dealer.hidden) == (("3s", "Kc", "Jh"), 2)
    assert field(state.tablet_view().actions[0], "cards").max_count == 2
    perform(state, "reveal_dealer", cards=cards("9d 6c"))
    view = state.tablet_view()
    assert view.phase == "dealer_no_game_choices"
    assert view.turn is not None and view.turn.number == 1
    facts = {f.name: f.value for f in view.facts}
    assert facts["dealer_qualifies"] == "no" and "dealer_discard" not in facts
    assert [a.name for a in view.actions] == ["take_ante", "buy_game", "expose_card"]
    assert [(f.name, f.amount) for f in view.actions[1].figures] == [("fee", D(10))]
    perform(state, "take_ante", box=1)
    perform(state, "buy_game", box=2)
    view = state.tablet_view()
    assert [p.status for p in view.positions] == ["take_ante", "buy_game"]
    # No card code in a label: the discarded card is a card group (and a fact) of its own.
    assert (view.actions[0].name, view.actions[0].label) == (
        "draw_replacement",
        "Dealer: replacement card",
    )
    groups = {g.name: (g.label, g.cards) for g in view.card_groups}
    assert groups["dealer_discard"] == ("Dealer discards", ("Kc",))
    assert groups["replacement"] == ("Dealer's replacement", ())
    assert "dealer_after_replacement" not in groups
    assert {f.name: f.value for f in view.facts}["dealer_discard"] == "Kc"
    perform(state, "draw_replacement", card=parse_card("Js"))
    view = state.tablet_view()
    assert view.complete and view.phase == "complete" and view.actions == ()
    assert view.result is not None and view.result.to_dict() == state.result().to_dict()
    assert {f.name: f.value for f in view.facts}["bought_qualifies"] == "yes"
    assert next(g for g in view.card_groups if g.name == "replacement").cards == ("Js",)
    # The dealer's final hand, after the bought game's replacement, is in the settlement's view.
    final = next(g for g in view.card_groups if g.name == "dealer_after_replacement")
    assert final.label == "Dealer after the replacement"
    assert final.cards == ("Jh", "9d", "6c", "3s", "Js")
    blind = view.positions[1]
    # Turned at settlement: the blind box's cards are shown once the round is complete.
    assert (blind.cards, blind.hidden_cards, blind.hand) == (
        ("Ah", "Ad", "Qc", "8s", "5h"),
        0,
        "pair",
    )
    assert [(f.name, f.amount) for f in blind.figures] == [
        ("ante", D(10)),
        ("bet", D(20)),
        ("fees", D(10)),
    ]
    check_result(state)


# -- snapshots -------------------------------------------------------------------------------------


def test_a_snapshot_is_json_without_the_history() -> None:
    state = dealt_round()
    perform(state, "expose_card", card=parse_card("Qs"))
    snap = state.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    assert set(snap) == {
        "game",
        "phase",
        "event_count",
        "boxes",
        "up_card",
        "face_down",
        "draws",
        "exposed",
    }
    assert snap["event_count"] == 7 and snap["exposed"] == ["Qs"]
    restored = GAME.restore(TERMS, snap)
    assert restored.events == () and restored.event_count == 7
    perform(restored, "bet", box=1)
    assert (len(restored.events), restored.event_count, restored.view()["event_count"]) == (1, 8, 8)
    assert restored.movements == () and restored.deck_pass == 1


def _snapshot_with(**changes: Any) -> dict[str, Any]:
    snap: dict[str, Any] = json.loads(json.dumps(dealt_round().snapshot()))
    for path, value in changes.items():
        target = snap
        *parents, last = path.split("__")
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if value is ...:
            del target[last]
        else:
            target[last] = value
    return snap


@pytest.mark.parametrize(
    "changes",
    [
        {"game": "ruby_run"},
        {"phase": "settled"},
        {"phase": "dealer_reveal"},  # box 1 has not decided
        {"event_count": -1},
        {"event_count": "7"},
        {"up_card": None},  # then the deal is not over: not the decisions
        {"up_card": "7h"},  # a card of box 1
        {"exposed": ["Ah"]},  # a card of box 2
        {"boxes__0__box": 9},
        {"boxes__1__box": 1},
        {"boxes__0__ante": 10},
        {"boxes__0__decision": "raise"},
        {"boxes__0__hand": "7h 7d 7s Kh 4d"},
        {"boxes__0__insurance": ...},
        {"face_down": ...},
    ],
)
def test_a_malformed_snapshot_is_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(GameError) as refused:
        GAME.restore(TERMS, _snapshot_with(**changes))
    assert refused.value.code == "snapshot_invalid"
    assert "field" in refused.value.data


def test_a_snapshot_restores_under_its_own_terms_only() -> None:
    with pytest.raises(GameError) as refused:
        GAME.restore(round_terms_of({"boxes": 4}), _snapshot_with(boxes__0__box=5))
    assert refused.value.code == "snapshot_invalid"
    assert GAME.restore(round_terms_of({"boxes": 5}), _snapshot_with(boxes__0__box=5)).boxes == (
        2,
        5,
    )


# -- 500 random rounds: replayed and restored agree at every step ----------------------------------

EXPOSE_ONE_IN = 12
PLAYERS = ("A", "B", "C")


@st.composite
def contract_terms(draw: st.DrawFn) -> RoundTerms:
    """The random table terms of the property tests, as the table service pins them."""
    rules, paytables, limits = draw(table_terms())
    tables: dict[str, Mapping[str, D]] = {"main": dict(paytables.main)}
    if paytables.bonus is not None:
        tables["bonus"] = dict(paytables.bonus)
    return RoundTerms(
        rules=rules.to_dict(),
        paytables=tables,
        limits={
            "ante_min": str(limits.ante_min),
            "ante_max": str(limits.ante_max),
            "max_table_payout": None if limits.max_payout is None else str(limits.max_payout),
            "chip_unit": str(limits.chip_unit),
        },
        options={},
    )


def check_tablet_view(state: RussianPokerState, view: TabletView) -> None:
    """A tablet view is well-formed and agrees with the state."""
    assert (view.game, view.phase, view.complete) == (
        "russian_poker",
        state.phase.value,
        state.complete,
    )
    assert (view.deck_pass, view.event_count) == (1, state.event_count)
    names = [action.name for action in view.actions]
    assert len(set(names)) == len(names)
    if state.complete:
        assert names == [] and view.result is not None
    else:
        assert names[-1] == "expose_card" and view.result is None
        # The same actions as the detailed view offers, in the same order.
        assert names[:-1] == [a["action"] for a in state.legal_actions()]
    to_act = state.box_to_act
    assert (None if view.turn is None else view.turn.number) == to_act
    if view.turn is not None:
        assert view.actions[0].position == view.turn
    for action in view.actions:
        spec = GAME.actions[action.name]
        # Every field of the spec, but a bonus at a table that offers none (RULES A.1).
        offered = [
            f
            for f in spec.fields
            if state.bonus_offered or (action.name, f.name) != ("place_wagers", "bonus")
        ]
        assert [(f.name, f.kind, f.required, f.nullable) for f in action.fields] == [
            (f.name, f.kind, f.required, f.nullable) for f in offered
        ]
        if action.position is not None:
            assert action.position == view.turn
        assert action.label
        for bounds, spec_field in zip(action.fields, offered, strict=True):
            check_bounds(state, bounds, spec_field.min_count, spec_field.max_count)
    seen = {str(CARDS[c]) for c in state.cards_seen}
    assert set(view.unseen_cards) == {str(c) for c in CARDS} - seen
    snap: Any = state.snapshot()
    recorded = {up for up in [snap["up_card"]] if up} | set(snap["face_down"]) | set(snap["draws"])
    recorded |= set(snap["exposed"])
    for box in snap["boxes"]:
        recorded |= set(box["dealt"]) | set(box["hand"]) | {box["sixth_card"]} - {None}
    assert not recorded & set(view.unseen_cards)
    assert [p.position.number for p in view.positions] == list(state.boxes)
    assert [p.to_act for p in view.positions] == [n == to_act for n in state.boxes]
    for position, box in zip(view.positions, state.view()["boxes"], strict=True):
        assert position.position.kind is PositionKind.BOX
        if box["blind"] and not state.complete:
            assert (position.cards, position.hidden_cards) == ((), len(box["cards"]))
        else:
            assert (list(position.cards), position.hidden_cards) == (box["cards"], 0)
        assert (position.hand is None) == (not position.cards or len(position.cards) < 5)
        assert all(f.amount > 0 for f in position.figures)
    assert json.loads(json.dumps(view.to_dict())) == view.to_dict()


def check_bounds(
    state: RussianPokerState, bounds: FieldBounds, least: int | None, most: int | None
) -> None:
    kind = bounds.kind
    if kind is not FieldKind.AMOUNT:
        assert bounds.min is None and bounds.max is None
    elif bounds.min is not None and bounds.max is not None:
        assert bounds.min <= bounds.max
    if kind is not FieldKind.CARDS:
        assert bounds.min_count is None and bounds.max_count is None
    elif bounds.min_count is not None:
        assert bounds.max_count is not None
        assert least is not None and most is not None
        assert least <= bounds.min_count <= bounds.max_count <= most
    if kind is FieldKind.POSITION:
        assert bounds.positions
        assert list(bounds.positions) == sorted(set(bounds.positions))
        assert set(bounds.positions) <= set(range(1, state.rules.boxes + 1))
        assert bounds.value is None or bounds.value in bounds.positions
        assert (bounds.value is not None) == (len(bounds.positions) == 1)
    else:
        assert bounds.positions is None
    if kind is FieldKind.TARGET:
        assert bounds.targets and (bounds.value is None or bounds.value in bounds.targets)
    else:
        assert bounds.targets is None
    assert bounds.choices is None
    if kind is FieldKind.AMOUNT and bounds.value is not None:
        assert isinstance(bounds.value, str)
        assert bounds.min == D(bounds.value) == bounds.max
    if kind is FieldKind.FLAG:
        assert bounds.value in (None, False)


def build_input(
    data: st.DataObject | None,
    state: RussianPokerState,
    view: TabletView,
    action: LegalAction,
    deck: list[Card],
    spare: int = 52,
) -> dict[str, InputValue]:
    """An input for ``action`` built from its bounds: the least one when ``data`` is None (which
    must be accepted), else a random one the bounds allow, exchanging at most ``spare`` cards."""
    unit = state.limits.chip_unit
    unseen_texts = set(view.unseen_cards)
    unseen = [card for card in deck if str(card) in unseen_texts]
    taken = 0

    def pick(count: int) -> tuple[Card, ...]:
        nonlocal taken
        chosen = tuple(unseen[taken : taken + count])
        taken += count
        return chosen

    def draw_int(low: int, high: int) -> int:
        return low if data is None else data.draw(st.integers(low, high))

    values: dict[str, InputValue] = {}
    if action.name == "place_wagers":
        return wagers_input(data, state, action)
    for bounds in action.fields:
        if bounds.kind is FieldKind.POSITION:
            assert bounds.positions is not None
            index = draw_int(0, len(bounds.positions) - 1)
            values[bounds.name] = bounds.positions[index]
        elif bounds.kind is FieldKind.AMOUNT:
            if bounds.value is not None:
                values[bounds.name] = D(str(bounds.value))
            elif bounds.min is not None and bounds.max is not None:
                steps = int((bounds.max - bounds.min) / unit)
                values[bounds.name] = bounds.min + unit * draw_int(0, steps)
        elif bounds.kind is FieldKind.CARDS:
            assert bounds.min_count is not None and bounds.max_count is not None
            if bounds.name == "discards":
                box = next(p for p in view.positions if p.position == action.position)
                size = draw_int(bounds.min_count, min(bounds.max_count, spare))
                order = list(box.cards) if data is None else data.draw(st.permutations(box.cards))
                values["discards"] = parse_cards(order[:size])
            elif bounds.name == "replacements":
                discards = values["discards"]
                assert isinstance(discards, tuple)
                values["replacements"] = pick(len(discards))
            else:
                values[bounds.name] = pick(draw_int(bounds.min_count, bounds.max_count))
        elif bounds.kind is FieldKind.CARD:
            if action.name == "draw_replacement" and data is not None and data.draw(st.booleans()):
                # Favour a card of the discarded rank, so that the same-rank redraw comes up.
                discard = state.dealer_discard
                assert discard is not None
                same = [c for c in unseen[taken:] if c.rank == discard.rank]
                values["card"] = same[0] if same else pick(1)[0]
            else:
                values["card"] = pick(1)[0]
        elif bounds.kind is FieldKind.TARGET:
            assert bounds.targets is not None
            values["target"] = bounds.targets[draw_int(0, len(bounds.targets) - 1)]
        elif bounds.kind is FieldKind.TEXT:
            reasons = st.sampled_from(["", "flashed"])
            values[bounds.name] = "" if data is None else data.draw(reasons)
    return values


def wagers_input(
    data: st.DataObject | None, state: RussianPokerState, action: LegalAction
) -> dict[str, InputValue]:
    box = field(action, "box")
    assert box.positions is not None
    ante = field(action, "ante")
    # A table that offers no bonus leaves the field out (RULES A.1).
    bonus = next((f for f in action.fields if f.name == "bonus"), None)
    assert ante.min is not None and ante.max is not None
    assert (bonus is not None) == state.bonus_offered
    if data is None:  # a new player's open box at the least Ante
        return {"box": box.positions[0], "player": "Newcomer", "ante": ante.min}
    unit = state.limits.chip_unit
    number = data.draw(st.sampled_from(box.positions))
    player = data.draw(st.sampled_from(PLAYERS))
    opened = [b for b in state.view()["boxes"] if b["player"] == player and not b["blind"]]
    allowed = state.rules.open_boxes_per_player
    if len(opened) < allowed and (not opened or data.draw(st.booleans())):
        steps = int((ante.max - ante.min) / unit)
        stake = ante.min + unit * data.draw(st.integers(0, steps))
        values: dict[str, InputValue] = {"box": number, "player": player, "ante": stake}
        if bonus is not None and bonus.min is not None and data.draw(st.booleans()):
            values["bonus"] = bonus.min * data.draw(st.integers(1, 3))
        return values
    assert field(action, "blind").value is None
    same = D(data.draw(st.sampled_from([b["ante"] for b in opened])))
    return {"box": number, "player": player, "ante": same, "blind": True}


def spare_cards(view: TabletView) -> int:
    """The unseen cards beyond those the round may still need to finish: the boxes' and the
    dealer's missing cards and four replacements for a bought game."""
    missing = sum(5 - len(p.cards) - p.hidden_cards for p in view.positions)
    dealer = view.card_groups[0]
    return len(view.unseen_cards) - missing - (5 - len(dealer.cards)) - 4


def choose(data: st.DataObject, view: TabletView, exposed: int) -> LegalAction:
    """A random legal action; card-hungry ones (an exposed card, an exchange, a sixth card)
    only while the deck can spare the cards, so that every round can finish."""
    spare = spare_cards(view)
    needs = {"expose_card": 1 if exposed < 3 else 53, "buy_sixth_card": 1}
    exchange = by_name(view).get("exchange")
    if exchange is not None:
        needs["exchange"] = field(exchange, "discards").min_count or 1
    others = [
        action
        for action in view.actions
        if action.name != "expose_card" and needs.get(action.name, 0) <= spare
    ]
    if needs["expose_card"] <= spare and data.draw(st.integers(0, EXPOSE_ONE_IN - 1)) == 1:
        return view.actions[-1]
    if view.phase == "betting":
        # More boxes than a coin toss would give: "no more bets" one time in three.
        closing = len(others) == 1 or data.draw(st.integers(0, 2)) == 0
        return others[-1] if closing else others[0]
    insure = by_name(view).get("insure")
    if insure is not None and insure in others and data.draw(st.booleans()):
        return insure  # rare otherwise: it needs trips and comes before the Bet
    return data.draw(st.sampled_from(others))


def agree(replayed: RussianPokerState, restored: RussianPokerState) -> None:
    assert restored.snapshot() == replayed.snapshot()
    assert restored.view() == replayed.view()
    assert restored.tablet_view().to_dict() == replayed.tablet_view().to_dict()
    assert restored.movements == replayed.movements == ()
    assert restored.event_count == replayed.event_count
    assert restored.complete == replayed.complete
    if replayed.complete:
        assert restored.result().to_dict() == replayed.result().to_dict()
        assert restored.result().detail == replayed.result().detail


@pytest.mark.slow
@settings(
    max_examples=500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(contract_terms(), st.permutations(range(52)), st.data())
def test_replayed_and_restored_states_agree_at_every_step(
    terms: RoundTerms, order: list[int], data: st.DataObject
) -> None:
    deck = [Card(i) for i in order]
    live = GAME.new_state(terms)
    replayed = GAME.new_state(terms)
    stored: list[dict[str, Any]] = []
    for _ in range(200):
        if live.complete:
            break
        view = live.tablet_view()
        check_tablet_view(live, view)
        for action in view.actions:  # every legal action accepts an input built from its bounds
            GAME.actions[action.name].verify(live, build_input(None, live, view, action, deck))
        snapshot = json.loads(json.dumps(live.snapshot()))
        restored = GAME.restore(terms, snapshot)
        assert restored.snapshot() == snapshot
        action = choose(data, view, len(live.exposed_cards))
        values = build_input(data, live, view, action, deck, spare_cards(view))
        produced = [e.to_dict() for e in GAME.actions[action.name].perform(live, values)]
        again = [e.to_dict() for e in GAME.actions[action.name].perform(restored, values)]
        assert again == produced and len(produced) == 1
        for record in json.loads(json.dumps(produced)):
            stored.append(record)
            replayed.apply(GAME.read_event(record))
        assert [e.to_dict() for e in restored.events] == produced
        agree(replayed, restored)
        agree(replayed, live)
        assert GAME.restore(terms, restored.snapshot()).snapshot() == restored.snapshot()
    assert live.complete
    check_tablet_view(live, live.tablet_view())
    check_result(live)
    from_scratch = replay(live.rules, live.paytables, live.limits, stored)
    agree(from_scratch, live)
    assert from_scratch.event_count == len(stored) == live.event_count
    kinds = {record["kind"] for record in stored}
    for kind in (
        "card_exposed",
        "cards_exchanged",
        "sixth_card_bought",
        "insurance_placed",
        "game_bought",
        "bonus_declared",
        "box_folded",
    ):
        event(f"{kind}: {kind in kinds}")
    event(f"boxes: {len(live.boxes)}")


@pytest.mark.parametrize(
    "module", ["codes", "fields", "game", "events", "phases", "state", "tablet"]
)
def test_the_module_examples_run(module: str) -> None:
    imported = importlib.import_module(f"casino.games.russian.{module}")
    result = doctest.testmod(imported)
    assert result.attempted > 0 and result.failed == 0
