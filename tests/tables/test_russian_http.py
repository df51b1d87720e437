"""Russian Poker end to end through HTTP, as a tablet sends it: RULES.md 1.13 vectors, the
settlement rows the service writes, idempotent settling, replay, and refusals that write nothing.

Defaults as in 1.13: Ante 10, the standard paytable, a maximum payout of 5000 per box. A
vector's dealer hand is written as in RULES: the fifth card is face up at the deal, the first
four are revealed.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
import redis
from django.conf import settings
from django.core.management import call_command
from prometheus_client import REGISTRY

from casino.core.models import AuditRecord
from casino.core.push import EVENT_FIELD, stream_key
from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
from payouts.models import PayoutLine, Settlement, WagerLine
from tables.engines import validate_rule_settings
from tables.models import Game, Round, RoundCard, RuleSet
from tests.fixtures import use_paytables
from tests.tables.tablet import Tablet, nothing_written

pytestmark = pytest.mark.django_db


@pytest.fixture
def new_round(
    floor: dict[str, Any], users: dict[str, Any], client_for: Callable[[str | None], Any]
) -> Callable[..., Tablet]:
    """Open a round at RP-1 under the given rule settings, with standard paytables."""
    table = floor["table"]
    main = _paytable("std", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=None)
    bonus = _paytable(
        "aragon", Game.RUSSIAN_POKER, "bonus", RUSSIAN_BONUS_PAYTABLE, house_edge=None
    )
    versions = itertools.count(1)

    def make(**settings: Any) -> Tablet:
        table.rule_set = RuleSet.objects.create(
            game=Game.RUSSIAN_POKER,
            name="rp http",
            version=next(versions),
            settings=validate_rule_settings(Game.RUSSIAN_POKER, settings),
        )
        table.save()
        use_paytables(table, main, bonus)
        return Tablet.open(client_for("dealer"), table.pk)

    return make


def deal_one_box(
    tablet: Tablet, player: str, dealer: str, *, ante: int = 10, bonus: int | None = None
) -> str:
    """Wagers, no more bets, the deal; returns the dealer's four face-down cards."""
    tablet.act(
        "place_wagers",
        box=1,
        player="P1",
        ante=str(ante),
        bonus=None if bonus is None else str(bonus),
    )
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards=player.split())
    cards = dealer.split()
    tablet.act("deal_card", target="dealer", card=cards[4])
    return " ".join(cards[:4])


def box_net(round_id: int, box: int) -> D:
    settlement = Settlement.objects.get(round_id=round_id)
    staked = sum(w.amount for w in WagerLine.objects.filter(round_id=round_id, box=box))
    paid = sum(p.paid_amount for p in settlement.lines.filter(box=box))
    return paid - staked


def line(round_id: int, box: int, name: str) -> tuple[str, D, D, D]:
    row = PayoutLine.objects.get(settlement__round_id=round_id, box=box, line=name)
    return row.outcome, row.stake, row.computed_amount, row.paid_amount


# -- the vectors ------------------------------------------------------------------------------

SIMPLE_VECTORS = [
    # id, player, dealer, net, what the box does before the Bet
    ("RP01", "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c", D(20), {}),
    ("RP02", "Kh Ks Ac 8d 5h", "Qh Qd 9c 7s 2d", D(40), {}),
    ("RP03", "6h 6d Jc 9s 2h", "Ad Qc 9h 7s 4c", D(10), {}),
    ("RP04", "Jh Jd 9c 5s 3h", "Qs Qc 7d 4h 2s", D(-30), {}),
    ("RP05", "As Kd 9c 7h 4s", "Ah Kc 9d 7s 4h", D(0), {}),
    ("RP08", "Ah 2d 3c 4s 5h", "As Kh Qd Jc 9s", D(80), {}),
    ("RP09", "Ah 2d 3c 4s 5h", "2h 3s 4d 5c 6h", D(-30), {}),
    ("RP11", "5h 4s 3d 2c Ks", "Qh Qs 8d 7c 2h", D(90), {"sixth": "Ah"}),
    ("RP13", "Kh Qh Jh 10h 9h", "Ac Kd 7s 4c 2d", D(1990), {"sixth": "8h"}),
    ("RP16", "7h 7d 2c 9s Jd", "Ac Kd 8h 6s 3c", D(50), {"exchange": ("2c 9s Jd", "7s Kh 4d")}),
    ("RP18", "7h 7d 7s Kh 4d", "Qs Jc 9d 6h 3s", D(40), {"insurance": 30}),
    ("RP20", "7h 7d 7s Kh 4d", "9c 9d 9h 2s 3h", D(-30), {"insurance": 30}),
    ("RP29", "Kc Kd 7h 5s 3d", "Ah Qc Jd 10s 9h", D(10), {}),
    ("RP31", "Kh Qh Jh 8h 7h", "Ks Kc 9d 4s 2c", D(110), {"sixth": "7s"}),
    ("RP35", "Ah Qd 9c 6s 3h", "As Kc 5d 4h 2s", D(-30), {}),
    ("RP36", "Kh Ks 8d 8h 2c", "Qs Qd 9c 7s 3d", D(70), {"sixth": "2s"}),
]


@pytest.mark.parametrize(
    ("vector", "player", "dealer", "expected_net", "moves"),
    SIMPLE_VECTORS,
    ids=[v[0] for v in SIMPLE_VECTORS],
)
def test_vector_through_http(
    new_round: Callable[..., Tablet],
    vector: str,
    player: str,
    dealer: str,
    expected_net: D,
    moves: dict[str, Any],
) -> None:
    tablet = new_round()
    face_down = deal_one_box(tablet, player, dealer)
    if "exchange" in moves:
        discards, replacements = moves["exchange"]
        tablet.act("exchange", box=1, discards=discards.split(), replacements=replacements.split())
    if "sixth" in moves:
        tablet.act("buy_sixth_card", box=1, card=moves["sixth"])
    if "insurance" in moves:
        tablet.act("insure", box=1, amount=str(moves["insurance"]))
    tablet.act("bet", box=1)
    body = tablet.act("reveal_dealer", cards=face_down.split())
    if body["state"]["phase"] == "dealer_no_game_choices":
        tablet.act("take_ante", box=1)
    settled = tablet.settle()

    assert settled["status"] == "settled"
    assert box_net(tablet.round_id, 1) == expected_net
    settlement = Settlement.objects.get(round_id=tablet.round_id)
    assert settlement.house_result == -expected_net
    assert D(settled["settlement"]["house_result"]) == -expected_net


def test_rp14_the_cap_is_applied_and_both_amounts_are_recorded(
    new_round: Callable[..., Tablet],
) -> None:
    tablet = new_round()
    face_down = deal_one_box(tablet, "Ah Kh Qh Jh 10h", "Qs Qc 5d 4s 2c", ante=50)
    tablet.act("buy_sixth_card", box=1, card="9h")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=face_down.split())
    answer = tablet.settle()["settlement"]

    assert line(tablet.round_id, 1, "bet") == ("win", D(100), D(15100), D(5100))
    row = PayoutLine.objects.get(settlement__round_id=tablet.round_id, line="bet")
    assert row.reason == "max_payout_per_box"
    assert box_net(tablet.round_id, 1) == D(4950)
    assert Settlement.objects.get(round_id=tablet.round_id).cap_applied
    # The dealer's answer says so too: it is the settlement as written.
    assert answer["cap_applied"] is True


@pytest.mark.parametrize(
    ("vector", "replacement", "expected_net"),
    [("RP23", "2d", D(-10)), ("RP25", "Js", D(-40))],
)
def test_buying_a_game(
    new_round: Callable[..., Tablet], vector: str, replacement: str, expected_net: D
) -> None:
    player = {"RP23": "Ah Ad Qc 8s 5h", "RP25": "10h 10d 8c 5s 2h"}[vector]
    tablet = new_round()
    face_down = deal_one_box(tablet, player, "Kc Jh 9d 6c 3s")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=face_down.split())
    tablet.act("buy_game", box=1)
    tablet.act("draw_replacement", card=replacement)
    tablet.settle()
    assert box_net(tablet.round_id, 1) == expected_net
    assert line(tablet.round_id, 1, "buy_game_fee") == ("fee", D(10), D(0), D(0))


def test_rp17_exchange_then_fold(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round()
    deal_one_box(tablet, "7h 7d 2c 9s Jd", "Ac Kd 8h 6s 3c")
    tablet.act("exchange", box=1, discards=["2c", "9s", "Jd"], replacements=["5s", "Kh", "4d"])
    tablet.act("fold", box=1)
    tablet.settle()
    assert box_net(tablet.round_id, 1) == D(-20)


def test_rp33_variant_ante_paid_on_a_win(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round(ante_on_win="pay")
    face_down = deal_one_box(tablet, "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=face_down.split())
    tablet.settle()
    assert box_net(tablet.round_id, 1) == D(30)


def test_rp34_bonus_pays_independently(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round()
    face_down = deal_one_box(tablet, "9c 10d Jh Qs Kd", "Ac Kh 9d 6s 2c", bonus=5)
    tablet.act("declare_bonus", box=1)
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=face_down.split())
    tablet.settle()
    assert line(tablet.round_id, 1, "bonus") == ("win", D(5), D(205), D(205))


def test_rp42_two_boxes_one_buys(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round(open_boxes_per_player=2)
    for box, player in ((1, "P1"), (2, "P2")):
        tablet.act("place_wagers", box=box, player=player, ante="10")
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards="6h 6d Jc 9s 2h".split())
    tablet.act("deal_box", box=2, cards="Ah Ad Qc 8s 5h".split())
    tablet.act("deal_card", target="dealer", card="3s")
    tablet.act("bet", box=1)
    tablet.act("bet", box=2)
    tablet.act("reveal_dealer", cards="Kc Jh 9d 6c".split())
    tablet.act("take_ante", box=1)
    tablet.act("buy_game", box=2)
    tablet.act("draw_replacement", card="2d")
    tablet.settle()
    assert box_net(tablet.round_id, 1) == D(10)
    assert box_net(tablet.round_id, 2) == D(-10)
    assert RoundCard.objects.filter(round_id=tablet.round_id, position="dealer").count() == 6


# -- the service around the engine ------------------------------------------------------------


def test_get_renders_the_next_action_with_its_limits(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round()
    deal_one_box(tablet, "7h 7d 7s Kh 4d", "Qs Jc 9d 6h 3s")
    view = tablet.view()
    assert view["phase"] == "decisions"
    assert view["state"]["box_to_act"] == 1
    insure = next(a for a in view["state"]["actions"] if a["action"] == "insure")
    assert (D(insure["min"]), D(insure["max"])) == (D(10), D(30))


def test_settling_twice_returns_the_first_settlement_and_replay_matches(
    new_round: Callable[..., Tablet], client_for: Callable[[str | None], Any]
) -> None:
    tablet = new_round()
    face_down = deal_one_box(tablet, "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=face_down.split())
    first = tablet.settle()
    second = tablet.settle()
    assert first["settlement"] == second["settlement"]
    assert Settlement.objects.filter(round_id=tablet.round_id).count() == 1
    assert AuditRecord.objects.filter(event_code="round.settled").count() == 1

    replay = client_for("auditor").get(f"/api/v1/rounds/{tablet.round_id}/replay/")
    assert replay.json() == {"round_id": tablet.round_id, "matches": True, "differences": []}
    call_command("replay_round", str(tablet.round_id))


def test_the_settlement_s_audit_row_names_the_dealer_and_every_figure(
    new_round: Callable[..., Tablet], users: dict[str, Any]
) -> None:
    """The trail's row of a settlement says who settled and what, every payout line as paid:
    the cross-checks hold each line to it."""
    tablet = new_round()
    face_down = deal_one_box(tablet, "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=face_down.split())
    tablet.settle()
    settlement = Settlement.objects.get(round_id=tablet.round_id)
    row = AuditRecord.objects.get(event_code="round.settled", round_id=tablet.round_id)
    assert (row.actor_id, row.actor_role) == (users["dealer"].pk, "dealer")
    lines = PayoutLine.objects.filter(settlement=settlement).order_by("pk")
    amounts = ("staked", "returned", "house_result", "rake")
    assert sorted(row.after) == sorted([*amounts, "cap_applied", "lines"])
    assert [D(row.after[name]) for name in amounts] == [
        settlement.total_staked,
        settlement.total_returned,
        settlement.house_result,
        settlement.rake,
    ]
    assert row.after["cap_applied"] is settlement.cap_applied
    assert row.after["lines"] == [[line.box, line.line, str(line.paid_amount)] for line in lines]
    assert settlement.total_staked != settlement.total_returned


def test_a_settlement_is_told_to_the_pit_and_counted_once_it_commits(
    new_round: Callable[..., Tablet],
    floor: dict[str, Any],
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """The pit's board hears of the settlement (the table, the round and its figures) and the
    metrics count it, and the cap's hit, per game: both only once the transaction commits."""
    table = floor["table"]
    stream = redis.Redis.from_url(settings.REDIS_URL)
    counted = [
        REGISTRY.get_sample_value(name, {"game": "russian_poker"}) or 0.0
        for name in ("casino_settlements_total", "casino_cap_hits_total")
    ]
    tablet = new_round()
    face_down = deal_one_box(tablet, "Ah Kh Qh Jh 10h", "Qs Qc 5d 4s 2c", ante=50)
    tablet.act("buy_sixth_card", box=1, card="9h")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=face_down.split())
    with django_capture_on_commit_callbacks(execute=True):
        tablet.settle()
    settlement = Settlement.objects.get(round_id=tablet.round_id)
    [(_, fields)] = stream.xrevrange(stream_key(table.pit_id), count=1)
    told = json.loads(fields[EVENT_FIELD.encode()])
    assert (told["table"], told["kind"]) == (table.pk, "round_settled")
    assert told["data"] == {
        "round": tablet.round_id,
        "number": Round.objects.get(pk=tablet.round_id).number,
        "staked": str(settlement.total_staked),
        "returned": str(settlement.total_returned),
        "house_result": str(settlement.house_result),
        "cap_applied": True,
    }
    assert [
        REGISTRY.get_sample_value(name, {"game": "russian_poker"})
        for name in ("casino_settlements_total", "casino_cap_hits_total")
    ] == [counted[0] + 1, counted[1] + 1]


def test_a_round_settles_only_when_complete(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round()
    deal_one_box(tablet, "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    with nothing_written():
        response = tablet.client.post(
            f"/api/v1/rounds/{tablet.round_id}/settle/", {}, format="json"
        )
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "round_not_complete"
    assert Round.objects.get(pk=tablet.round_id).status == "open"


# -- refusals: each with its code, nothing written --------------------------------------------


def test_card_refusals(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round()
    deal_one_box(tablet, "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    tablet.refuse(409, "card_duplicate", "buy_sixth_card", box=1, card="8h")
    tablet.refuse(409, "card_duplicate", "buy_sixth_card", box=1, card="2c")  # dealer's up card
    tablet.refuse(400, "card_unknown", "buy_sixth_card", box=1, card="11h")
    tablet.act("bet", box=1)
    tablet.refuse(422, "action_out_of_phase", "buy_sixth_card", box=1, card="Qs")
    tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())
    tablet.refuse(422, "action_out_of_phase", "deal_card", target="dealer", card="Qd")


def test_a_sixth_card_for_the_dealer_is_refused(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round()
    deal_one_box(tablet, "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=["Ac", "Kh"])  # a few at a time
    tablet.act("deal_card", target="dealer", card="9d")
    tablet.refuse(422, "dealer_hand_complete", "reveal_dealer", cards=["6s", "Qd"])
    tablet.act("deal_card", target="dealer", card="6s")
    tablet.refuse(422, "action_out_of_phase", "deal_card", target="dealer", card="Qd")


def test_a_sixth_card_for_a_box_that_bought_none_is_refused(
    new_round: Callable[..., Tablet],
) -> None:
    tablet = new_round()
    deal_one_box(tablet, "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    tablet.refuse(422, "sixth_card_not_bought", "deal_card", target="box:1", card="Qd")


@pytest.mark.parametrize(
    ("action", "fields", "code"),
    [
        ("bet", {"box": 1, "amount": "30"}, "bet_not_twice_ante"),
        ("insure", {"box": 1, "amount": "10"}, "insurance_not_eligible"),
        (
            "exchange",
            {"box": 1, "discards": ["2c"], "replacements": ["Qd"]},
            "exchange_size_invalid",
        ),
        (
            "exchange",
            {
                "box": 1,
                "discards": "8h 8s Kd 7c 3s".split(),
                "replacements": "2h 3h 4h 5h 6h".split() + ["Qd"],
            },
            "exchange_size_invalid",
        ),
        ("take_ante", {"box": 1}, "action_out_of_phase"),
    ],
    ids=["bet-not-2x", "insurance-on-a-pair", "exchange-1", "exchange-6", "out-of-phase"],
)
def test_decision_refusals(
    new_round: Callable[..., Tablet], action: str, fields: dict[str, Any], code: str
) -> None:
    tablet = new_round()
    deal_one_box(tablet, "8h 8s Kd 7c 2c", "Ac Kh 9d 6s 3s")
    status = 400 if action == "exchange" and len(fields["replacements"]) > 5 else 422
    tablet.refuse(status, code if status == 422 else "invalid_input", action, **fields)


def test_second_exchange_and_exchange_then_sixth_card_are_refused(
    new_round: Callable[..., Tablet],
) -> None:
    tablet = new_round()
    deal_one_box(tablet, "7h 7d 2c 9s Jd", "Ac Kd 8h 6s 3c")
    tablet.act("exchange", box=1, discards=["2c", "9s"], replacements=["5s", "Kh"])
    tablet.refuse(
        422,
        "exchange_already_made",
        "exchange",
        box=1,
        discards=["5s", "Kh"],
        replacements=["4d", "Qd"],
    )
    tablet.refuse(422, "exchange_and_sixth_card_exclusive", "buy_sixth_card", box=1, card="Qd")


def test_insurance_above_its_maximum_is_refused(new_round: Callable[..., Tablet]) -> None:
    tablet = new_round()
    deal_one_box(tablet, "7h 7d 7s Kh 4d", "Qs Jc 9d 6h 3s")
    tablet.refuse(422, "insurance_above_maximum", "insure", box=1, amount="40")


def test_buying_a_game_when_the_dealer_qualifies_is_refused(
    new_round: Callable[..., Tablet],
) -> None:
    tablet = new_round()
    face_down = deal_one_box(tablet, "8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=face_down.split())
    tablet.refuse(422, "dealer_has_game", "buy_game", box=1)
