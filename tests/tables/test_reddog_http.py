"""Red Dog (High Card Pool) end to end through HTTP: RULES.md 3.5 vectors as a tablet records
them, the pot ledger kept as rows whose sum is the pot at every step, and refusals that write
nothing.

As in the vectors: five players P1–P4 and the dealer D in seat 5 (the button), ante 2, burn on.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.db.models import Q, Sum

from payouts.models import Settlement
from tables.models import LedgerEntry, Round
from tests.tables.tablet import Tablet

pytestmark = pytest.mark.django_db

#: Ben (seat 2) holds Ks 9s 7h 4d Ac, as in RD02-RD07.
BEN_TABLE = {
    1: "2h 3h 4h 5h 6h",
    2: "Ks 9s 7h 4d Ac",
    3: "2s 3s 4s 5s 6s",
    4: "Qd Jd Td 8d 7d",
    5: "Kh Qh Jh Th 9h",
}


@pytest.fixture
def new_game(
    play_game_at_table: Callable[..., Any], client_for: Callable[[str | None], Any]
) -> Callable[..., Tablet]:
    def make(**settings: Any) -> Tablet:
        table = play_game_at_table("red_dog", **settings)
        tablet = Tablet.open(client_for("dealer"), table.pk)
        tablet.act("seat_players", stacks={str(s): "100" for s in range(1, 6)}, button=5)
        return tablet

    return make


def pot_from_ledger(round_id: int) -> D:
    rows = LedgerEntry.objects.filter(round_id=round_id)
    into = rows.filter(destination="pot").aggregate(total=Sum("amount"))["total"] or D(0)
    out = rows.filter(source="pot").aggregate(total=Sum("amount"))["total"] or D(0)
    return into - out


def turn(tablet: Tablet, seat: int, bet: int, turned: str, burn: str) -> None:
    tablet.act("place_bet", seat=seat, amount=str(bet))
    tablet.act("show_burn", card=burn)
    tablet.act("turn_card", card=turned)
    # The pot the tablet shows is the balance of the ledger's rows, after every step.
    assert D(tablet.state["pot"]) == pot_from_ledger(tablet.round_id)


def ben_to_turn(tablet: Tablet) -> None:
    """RD02-RD07's situation: pot 16 when Ben bets 6; the burn is shown."""
    tablet.act("start_hand")
    for seat, cards in BEN_TABLE.items():
        tablet.act("deal_hand", seat=seat, cards=cards.split())
    turn(tablet, 1, 6, turned="Tc", burn="Qs")
    assert D(tablet.state["pot"]) == D(16)
    tablet.act("place_bet", seat=2, amount="6")
    tablet.act("show_burn", card="Jc")


def test_rd01_antes_make_the_pot(new_game: Callable[..., Tablet]) -> None:
    tablet = new_game()
    tablet.act("start_hand")
    assert D(tablet.state["pot"]) == D(10)
    assert pot_from_ledger(tablet.round_id) == D(10)
    assert LedgerEntry.objects.filter(round_id=tablet.round_id, reason="ante").count() == 5


@pytest.mark.parametrize(
    ("vector", "turned", "pot_after", "ben_after"),
    [
        ("RD02", "Js", "10", "104"),
        ("RD03", "8h", "22", "92"),
        ("RD04", "9d", "22", "92"),
        ("RD05", "3d", "10", "104"),
        ("RD06", "As", "22", "92"),
        ("RD07", "2c", "10", "104"),
    ],
)
def test_ben_bets_six(
    new_game: Callable[..., Tablet], vector: str, turned: str, pot_after: str, ben_after: str
) -> None:
    tablet = new_game()
    ben_to_turn(tablet)
    tablet.act("turn_card", card=turned)
    assert D(tablet.state["pot"]) == D(pot_after)
    assert D(tablet.state["stacks"]["2"]) == D(ben_after)
    assert pot_from_ledger(tablet.round_id) == D(pot_after)


def test_rd12_winning_the_whole_pot_refills_it_at_once(new_game: Callable[..., Tablet]) -> None:
    tablet = new_game()
    tablet.act("start_hand")
    for seat, cards in {**BEN_TABLE, 1: "Ah 2c 3c 4c 5c", 5: "7c 8c 9c Tc Jc"}.items():
        tablet.act("deal_hand", seat=seat, cards=cards.split())
    turn(tablet, 1, 10, turned="Kh", burn="8s")
    assert D(tablet.state["pot"]) == D(10)
    assert LedgerEntry.objects.filter(round_id=tablet.round_id, reason="refill_ante").count() == 5


def test_the_view_gives_pot_turn_and_bet_range(new_game: Callable[..., Tablet]) -> None:
    tablet = new_game()
    tablet.act("start_hand")
    for seat, cards in BEN_TABLE.items():
        tablet.act("deal_hand", seat=seat, cards=cards.split())
    state = tablet.view()["state"]
    bet_range = {key: D(value) for key, value in state["bet_range"].items()}
    assert (D(state["pot"]), state["to_act"], bet_range) == (D(10), 1, {"min": D(2), "max": D(10)})


def test_refusals_write_nothing(new_game: Callable[..., Tablet]) -> None:
    tablet = new_game()
    tablet.act("start_hand")
    for seat, cards in BEN_TABLE.items():
        tablet.act("deal_hand", seat=seat, cards=cards.split())
    tablet.refuse(422, "bet_above_pot", "place_bet", seat=1, amount="12")  # RD10
    tablet.refuse(422, "bet_below_minimum", "place_bet", seat=1, amount="1")  # RD11
    tablet.refuse(422, "out_of_turn", "place_bet", seat=3, amount="2")
    tablet.act("place_bet", seat=1, amount="2")
    tablet.refuse(409, "card_duplicate", "show_burn", card="Ks")  # in Ben's hand


def play_pot_23_hand(tablet: Tablet) -> None:
    """A whole hand in which every player loses a bet: the pot ends at 23 (RD22)."""
    tablet.act("start_hand")
    hands = {
        1: "2h 3h 4h 5h 6h",
        2: "2s 3s 4s 5s 6s",
        3: "2d 3d 4d 5d 6d",
        4: "Ac Kc Qc Jc Tc",
        5: "7h 8h 9h Th Jh",
    }
    for seat, cards in hands.items():
        tablet.act("deal_hand", seat=seat, cards=cards.split())
    for seat, bet, turned, burn in [
        (1, 6, "8c", "7s"),
        (2, 5, "9c", "8s"),
        (3, 2, "7c", "9s"),
        (4, 2, "2c", "Ts"),
        (5, 2, "3c", "Js"),
    ]:
        turn(tablet, seat, bet, turned, burn)


def test_rd22_end_of_game_shares_the_pot_and_the_remainder_goes_to_the_house_float(
    new_game: Callable[..., Tablet], client_for: Callable[[str | None], Any]
) -> None:
    """RD22 and RULES A.3: the chips that do not divide stay in the house float, recorded, for
    the table's next game. They are not the house's: the table takes no rake, so the round's
    house result is zero (the odd chips are ``carried_out``, counted in what was returned),
    and the next game opens its pot with them."""
    tablet = new_game()
    play_pot_23_hand(tablet)
    assert D(tablet.state["pot"]) == D(23)
    tablet.act("end_game")
    shares = LedgerEntry.objects.filter(round_id=tablet.round_id, reason="pot_share")
    assert sorted(shares.values_list("destination", "amount")) == [
        (f"player:{seat}", D(4)) for seat in range(1, 6)
    ]
    assert LedgerEntry.objects.get(round_id=tablet.round_id, reason="share_remainder").amount == 3

    answer = tablet.settle()
    settlement = Settlement.objects.get(round_id=tablet.round_id)
    assert (settlement.rake, settlement.house_result) == (D(0), D(0))
    rows = LedgerEntry.objects.filter(round_id=tablet.round_id)
    chips_in = rows.filter(Q(source__startswith="player:")).aggregate(total=Sum("amount"))["total"]
    chips_out = rows.filter(Q(destination__startswith="player:")).aggregate(total=Sum("amount"))[
        "total"
    ]
    assert settlement.total_staked == chips_in
    assert settlement.total_returned == chips_out + 3
    result = answer["view"]["result"]
    assert [D(result[name]) for name in ("rake", "carried_in", "carried_out")] == [0, 0, 3]
    # The tablet names the odd chips for what they are, never as a rake.
    figures = {f["name"]: f for f in answer["view"]["figures"]}
    assert figures["carried"]["label"] == "Kept for the next game"
    assert D(figures["carried"]["amount"]) == 3
    assert "house_float" not in figures
    replay = client_for("auditor").get(f"/api/v1/rounds/{tablet.round_id}/replay/")
    assert replay.json()["matches"] is True

    # The next game takes them in: its first hand's pot is the carried chips and the antes.
    tablet.paid()
    table_id = Settlement.objects.get(round_id=tablet.round_id).round.table_id
    following = Tablet.open(client_for("dealer"), table_id)
    following_round = Round.objects.get(pk=following.round_id)
    assert following_round.options == {"carried_in": "3.00"}
    following.act("seat_players", stacks={str(s): "100" for s in range(1, 6)}, button=5)
    following.act("start_hand")
    assert D(following.state["pot"]) == D(3) + 5 * 2
    carried = LedgerEntry.objects.get(round_id=following.round_id, reason="carried_in")
    assert (carried.source, carried.destination, carried.amount) == ("house_float", "pot", 3)


def test_the_dealer_may_not_carry_chips_in_himself(
    play_game_at_table: Callable[..., Any], client_for: Callable[[str | None], Any]
) -> None:
    """What the house float carries into a game is the table's record, never the dealer's
    say: an option naming it is refused, and no round opens."""
    table = play_game_at_table("red_dog")
    response = client_for("dealer").post(
        f"/api/v1/tables/{table.pk}/rounds/", {"options": {"carried_in": "50"}}, format="json"
    )
    assert response.status_code == 422, response.json()
    assert response.json()["error"]["code"] == "options_invalid"
    assert not Round.objects.filter(table=table).exists()


def test_a_card_exposed_in_a_new_hand_belongs_to_that_hand_s_deck(
    new_game: Callable[..., Tablet],
) -> None:
    """Each hand is dealt from a fresh deck: a card exposed after the next hand starts is out of
    play in that deck, whatever the earlier hands recorded."""
    tablet = new_game()
    play_pot_23_hand(tablet)
    tablet.act("start_hand")
    tablet.act("expose_card", card="2h")  # dealt in the first hand, fresh in this deck
    tablet.refuse(409, "card_duplicate", "deal_hand", seat=2, cards="2h 3s 4s 5s 6s".split())
