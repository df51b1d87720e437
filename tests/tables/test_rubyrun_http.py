"""Ruby Run end to end through HTTP: RULES.md 2.5 vectors as a tablet records them, the pot
awards written as payout lines, and betting refusals that write nothing.

As in the vectors, player A sits in seat 1, B in seat 2 (C in seat 3), the button on the last
player; everyone antes 50 at a table without blinds and checks, so two players make a pot of 100.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest

from payouts.models import PayoutLine, Settlement, WagerLine
from tests.tables.tablet import Tablet

pytestmark = pytest.mark.django_db

ANTE_TABLE = {"ante": "50", "small_blind": "0", "big_blind": "0"}


@pytest.fixture
def new_hand(
    play_game_at_table: Callable[..., Any], client_for: Callable[[str | None], Any]
) -> Callable[..., Tablet]:
    def make(options: dict[str, Any] | None = None, **settings: Any) -> Tablet:
        table = play_game_at_table("ruby_run", **(ANTE_TABLE | settings))
        return Tablet.open(client_for("dealer"), table.pk, **(options or {}))

    return make


def check_around(tablet: Tablet) -> None:
    while tablet.state["phase"] == "betting":
        seat = tablet.state["to_act"]
        names = {a["action"] for a in tablet.state["actions"]}
        tablet.act("check" if "check" in names else "call", seat=seat)


def play(tablet: Tablet, board: str, holes: dict[int, str], *, face_down: bool = False) -> None:
    over, under, slam = (part.split() for part in board.split("|"))
    tablet.act("seat_players", stacks={str(s): "1000" for s in holes}, button=max(holes))
    tablet.act("post_forced_bets")
    for seat, cards in holes.items():
        tablet.act("deal_hole_cards", seat=seat, cards=cards.split())
    check_around(tablet)
    tablet.act("deal_over_cards", cards=over)
    check_around(tablet)
    tablet.act("deal_under_cards", cards=None if face_down else under)
    tablet.act("deal_slam", card=slam[0])
    if tablet.state["phase"] == "reveal":
        tablet.act("reveal_under_cards", cards=under)
    check_around(tablet)
    assert tablet.state["phase"] == "complete"


def nets(round_id: int) -> dict[int, D]:
    """What each seat won or lost, from the rows the settlement wrote."""
    settlement = Settlement.objects.get(round_id=round_id)
    out: dict[int, D] = {}
    for wager in WagerLine.objects.filter(round_id=round_id):
        out[wager.box] = out.get(wager.box, D(0)) - wager.amount
    for line in PayoutLine.objects.filter(settlement=settlement):
        out[line.box] = out.get(line.box, D(0)) + line.paid_amount
    return out


VECTORS = [
    ("RR01", "9h 10h Ks | Jd Qd Ac | 7c", {1: "Jh 2c 3d", 2: "Kd Kh 5s"}, {1: 50, 2: -50}, {}),
    ("RR02", "9h 10h Ks | Jd Qd Ac | Qs", {1: "Jh 2c 3d", 2: "Kd Kh 5s"}, {1: -50, 2: 50}, {}),
    ("RR03", "4s 5s 8d | Jc Qc Kc | 10d", {1: "6s 2h 2d", 2: "Ac 9h 3h"}, {1: 50, 2: -50}, {}),
    ("RR04", "4s 5s 8d | Jc Qc Kc | Ad", {1: "6s 2h 2d", 2: "Ac 9h 3h"}, {1: -50, 2: 50}, {}),
    ("RR07", "7s 8s 9h | 2d 3d 4c | 10h", {1: "6s 5s Kd", 2: "Jh Qd 2c"}, {1: 50, 2: -50}, {}),
    ("RR08", "7s 8h 9h | 2d 3d 4c | 5c", {1: "10h Ad Kd", 2: "6s 5s Qc"}, {1: 50, 2: -50}, {}),
    ("RR10", "4c 5s 6h | Jc Qd Kh | 2d", {1: "6c 7s Kd", 2: "7h 8d Ac"}, {1: 50, 2: -50}, {}),
    ("RR12", "8h 9h 10h | Ac Kd Qc | 2c", {1: "Kc 6d 3s", 2: "Ks 6s 3d"}, {1: 0, 2: 0}, {}),
    ("RR13", "Ks 9s 2h | 5d 6d 7c | 3s", {1: "As 4s 10c", 2: "Qd Jc 10h"}, {1: 50, 2: -50}, {}),
    ("RR14", "Ah 2c 9s | Jd Qd Ks | 5d", {1: "3s 4h 10c", 2: "9h Kc 6c"}, {1: -50, 2: 50}, {}),
    ("RR15", "Ah 2h 8c | Jd Qs Ks | 3c", {1: "3h 10s 10d", 2: "8s 8d 6d"}, {1: -50, 2: 50}, {}),
    (
        "RR16",
        "Ah 2h 8c | Jd Qs Ks | 3c",
        {1: "3h 10s 10d", 2: "8s 8d 6d"},
        {1: 50, 2: -50},
        {"ace_low_runs": True},
    ),
    ("RR20", "8h 9h 10h | 2c 5d 7s | Js", {1: "Jh 4c 3d", 2: "Jc Jd 2d"}, {1: -50, 2: 50}, {}),
    ("RR22", "5c 6c 7c | Jd Qh 2s | 8c", {1: "9c 4h 2h", 2: "10s 10d 3h"}, {1: 50, 2: -50}, {}),
]


@pytest.mark.parametrize(
    ("vector", "board", "holes", "expected", "options"), VECTORS, ids=[v[0] for v in VECTORS]
)
def test_vector_through_http(
    new_hand: Callable[..., Tablet],
    vector: str,
    board: str,
    holes: dict[int, str],
    expected: dict[int, int],
    options: dict[str, Any],
) -> None:
    tablet = new_hand(options)
    play(tablet, board, holes)
    settled = tablet.settle()
    assert settled["status"] == "settled"
    assert nets(tablet.round_id) == {seat: D(n) for seat, n in expected.items()}
    settlement = Settlement.objects.get(round_id=tablet.round_id)
    assert (settlement.total_staked, settlement.rake, settlement.house_result) == (D(100), 0, 0)


def test_rr31_face_down_under_cards_are_never_recorded(new_hand: Callable[..., Tablet]) -> None:
    tablet = new_hand(under_cards="face_down")
    play(tablet, "9h 10h Ks | Jd Qd Ac | 6c", {1: "Jh 2c 3d", 2: "Kd Kh 5s"}, face_down=True)
    tablet.settle()
    assert nets(tablet.round_id) == {1: D(50), 2: D(-50)}  # A's red run 9-10-J of hearts
    view = tablet.view()
    assert all("Jd" not in str(event["payload"]) for event in view["events"])


def test_three_players_split_and_the_award_names_pot_winners_and_hands(
    new_hand: Callable[..., Tablet],
) -> None:
    """RR23's three players with a pot of 150: A and B split, C loses."""
    tablet = new_hand()
    play(tablet, "8h 9h 10h | Ac Kd Qc | 2c", {1: "Kc 6d 3s", 2: "Ks 6s 3d", 3: "Qs 7d 4s"})
    tablet.settle()
    assert nets(tablet.round_id) == {1: D(25), 2: D(25), 3: D(-50)}
    award = tablet.view()["settlement"]["lines"]
    assert {(line["box"], line["pot"], line["paid_amount"]) for line in award} == {
        (1, 0, "75.00"),
        (2, 0, "75.00"),
    }


def test_rake_is_taken_from_the_pot_and_recorded(new_hand: Callable[..., Tablet]) -> None:
    tablet = new_hand(rake="percent", rake_percent="5", rake_cap="3")
    play(tablet, "9h 10h Ks | Jd Qd Ac | 7c", {1: "Jh 2c 3d", 2: "Kd Kh 5s"})
    answer = tablet.settle()["settlement"]
    settlement = Settlement.objects.get(round_id=tablet.round_id)
    assert (settlement.rake, settlement.house_result) == (D(3), D(3))
    # The dealer's answer is the settlement as written, the rake with it.
    assert (answer["rake"], answer["house_result"]) == ("3.00", "3.00")
    assert nets(tablet.round_id) == {1: D(47), 2: D(-50)}


def test_hand_options_are_validated_when_the_hand_opens(
    play_game_at_table: Callable[..., Any],
    client_for: Callable[[str | None], Any],
) -> None:
    table = play_game_at_table("ruby_run", **ANTE_TABLE)
    response = client_for("dealer").post(
        f"/api/v1/tables/{table.pk}/rounds/", {"options": {"wild_deuces": True}}, format="json"
    )
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "options_invalid"


# -- betting refusals with blinds: each with its code, nothing written ------------------------


@pytest.fixture
def betting(new_hand: Callable[..., Tablet]) -> Tablet:
    """Three players, blinds 1/2, no limit, hole cards dealt: the first seat to act is waiting."""
    tablet = new_hand(ante="0", small_blind="1", big_blind="2", betting="no_limit")
    tablet.act("seat_players", stacks={"1": "200", "2": "200", "3": "200"}, button=3)
    tablet.act("post_forced_bets")
    for seat, cards in {1: "Jh 2c 3d", 2: "Kd Kh 5s", 3: "4c 4d 9s"}.items():
        tablet.act("deal_hole_cards", seat=seat, cards=cards.split())
    return tablet


def test_betting_refusals(betting: Tablet) -> None:
    to_act = betting.state["to_act"]
    other = next(seat for seat in (1, 2, 3) if seat != to_act)
    betting.refuse(422, "out_of_turn", "call", seat=other)
    betting.refuse(422, "check_facing_bet", "check", seat=to_act)
    betting.refuse(422, "raise_below_minimum", "raise_to", seat=to_act, amount="3")
    betting.refuse(422, "insufficient_stack", "raise_to", seat=to_act, amount="500")
    betting.act("raise_to", seat=to_act, amount="6")


def test_a_raise_over_the_fixed_limit_is_refused(new_hand: Callable[..., Tablet]) -> None:
    tablet = new_hand(ante="0", small_blind="1", big_blind="2", small_bet="2", big_bet="4")
    tablet.act("seat_players", stacks={"1": "200", "2": "200", "3": "200"}, button=3)
    tablet.act("post_forced_bets")
    for seat, cards in {1: "Jh 2c 3d", 2: "Kd Kh 5s", 3: "4c 4d 9s"}.items():
        tablet.act("deal_hole_cards", seat=seat, cards=cards.split())
    seat = tablet.state["to_act"]
    tablet.refuse(422, "raise_above_limit", "raise_to", seat=seat, amount="6")
    tablet.act("raise_to", seat=seat, amount="4")
