"""A worked shift through the API: an opener, rounds of all three games, a fill, a credit, a
closer and the drop; the table's win from the tray equals the rounds' house result. Then a shift
in which the dealer pays chips that no round recorded: the difference is reported and alerted.

The test keeps the physical tray itself (``Tray``): every chip the table hands out or takes in
moves there, so the closer the dealer enters is what a dealer would count.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.db.models import Sum

from casino.core.models import Alert, AlertKind
from casino.core.roles import Role
from payouts.models import Settlement, ShiftReconciliation
from tests.payouts.tray.trays import chips_made
from tests.tables.tablet import Tablet
from tests.tables.test_reddog_http import play_pot_23_hand
from tests.tables.test_rubyrun_http import ANTE_TABLE
from tests.tables.test_rubyrun_http import play as play_ruby_run

pytestmark = pytest.mark.django_db

OPENER = {"1.00": 500, "5.00": 200, "25.00": 80, "100.00": 20}


class Tray:
    """The chips physically in the tray, by value."""

    def __init__(self, chips: dict[str, int]) -> None:
        self.chips = dict(chips)

    def pay(self, amount: D) -> None:
        """Chips leave the tray (a payout, a buy-in's chips, a credit): in ones, the
        simplest change a test can make."""
        self.chips["1.00"] -= int(amount)
        assert self.chips["1.00"] >= 0

    def take(self, amount: D) -> None:
        """Chips come into the tray (a house result, which may be negative: paid out)."""
        self.chips["1.00"] += int(amount)
        assert self.chips["1.00"] >= 0


@pytest.fixture
def people(users: dict[str, Any], make_user: Callable[..., Any]) -> dict[str, Any]:
    users["cage_b"] = make_user("cage_b", Role.CAGE)
    return users


def ok(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.json()
    return response.json()  # type: ignore[no-any-return]


def count(client_for: Callable[..., Any], table_id: int, kind: str, chips: dict[str, int]) -> int:
    body = ok(
        client_for("dealer").post(
            f"/api/v1/tables/{table_id}/tray/counts/",
            {"kind": kind, "chips": chips},
            format="json",
        ),
        201,
    )
    assert body["status"] == "pending"
    decided = ok(
        client_for("pit_boss").post(f"/api/v1/tray-counts/{body['id']}/confirm/", {}, format="json")
    )
    assert decided["status"] == "confirmed" and decided["decided_by"] == "pit_boss"
    return int(body["id"])


def slip(
    client_for: Callable[..., Any], table_id: int, kind: str, amount: int, receiver: str
) -> dict[str, Any]:
    asked = ok(
        client_for("dealer").post(
            f"/api/v1/tables/{table_id}/slips/",
            {"kind": kind, "chips": {"100.00": amount // 100}},
            format="json",
        ),
        201,
    )
    ok(client_for("pit_boss").post(f"/api/v1/slips/{asked['id']}/approve/", {}, format="json"))
    ok(client_for("cage").post(f"/api/v1/slips/{asked['id']}/issue/", {}, format="json"))
    done = ok(client_for(receiver).post(f"/api/v1/slips/{asked['id']}/receive/", {}, format="json"))
    assert done["status"] == "received"
    assert [step["step"] for step in done["steps"]] == ["approved", "issued", "received"]
    return done


def drop(client_for: Callable[..., Any], table_id: int, shift: int, cash: D) -> None:
    counted = ok(
        client_for("cage").post(
            f"/api/v1/tables/{table_id}/drops/",
            {"shift": shift, "cash": str(cash)},
            format="json",
        ),
        201,
    )
    ok(client_for("cage_b").post(f"/api/v1/drops/{counted['id']}/confirm/", {}, format="json"))


def test_a_worked_shift_balances_and_a_payout_error_is_reported(
    audit_floor: dict[str, Any],
    people: dict[str, Any],
    client_for: Callable[..., Any],
    play_game_at_table: Callable[..., Any],
) -> None:
    floor = audit_floor
    table = floor["table"]
    chips_made(floor["casino"].pk, people["admin"])
    tray = Tray(OPENER)
    cash = D(0)
    opener = count(client_for, table.pk, "opener", tray.chips)
    shown = ok(client_for("dealer").get(f"/api/v1/tables/{table.pk}/tray/"))
    assert shown["shift"]["id"] == opener

    # Russian Poker: four players buy in for cash; the four-box round is RP01 at each box.
    for _ in range(4):
        tray.pay(D(100))
        cash += D(100)
    rp = Tablet.open(client_for("dealer"), table.pk)
    rp.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
    rp.act("close_bets")
    rp.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
    rp.act("deal_card", target="dealer", card="2c")
    rp.act("bet", box=1)
    rp.act("reveal_dealer", cards="Ac Kh 9d 6s".split())
    rp.settle()
    rp.paid()
    tray.take(Settlement.objects.get(round_id=rp.round_id).house_result)  # paid 50 for 30

    # Ruby Run: two players at an ante table; a pot game leaves the tray only its rake.
    ruby = Tablet.open(client_for("dealer"), play_game_at_table("ruby_run", **ANTE_TABLE).pk)
    play_ruby_run(ruby, "9h 10h Ks | Jd Qd Ac | 7c", {1: "Jh 2c 3d", 2: "Kd Kh 5s"})
    ruby.settle()
    ruby.paid()
    tray.take(Settlement.objects.get(round_id=ruby.round_id).house_result)

    # Red Dog: a game of five players, the pot's remainder set aside for the table's next game.
    red = Tablet.open(client_for("dealer"), play_game_at_table("red_dog").pk)
    red.act("seat_players", stacks={str(s): "100" for s in range(1, 6)}, button=5)
    play_pot_23_hand(red)
    red.act("end_game")
    red.settle()
    red.paid()
    tray.take(Settlement.objects.get(round_id=red.round_id).house_result)

    filled = slip(client_for, table.pk, "fill", 2000, receiver="dealer")
    tray.take(D(filled["amount"]))
    credited = slip(client_for, table.pk, "credit", 1000, receiver="cage_b")
    tray.pay(D(credited["amount"]))
    assert credited["number"] == filled["number"] + 1

    closer = count(client_for, table.pk, "closer", tray.chips)
    assert not ShiftReconciliation.objects.exists()  # the drop is not counted yet
    drop(client_for, table.pk, opener, cash)

    reconciled = ShiftReconciliation.objects.get(opener_id=opener)
    house = Settlement.objects.aggregate(total=Sum("house_result"))["total"]
    assert reconciled.closer_id == closer and reconciled.rounds == 3
    assert reconciled.house_result == house
    assert reconciled.win == house and reconciled.difference == 0
    assert (reconciled.fills, reconciled.credits, reconciled.drop_total) == (
        D(2000),
        D(1000),
        cash,
    )
    assert reconciled.within_tolerance
    assert not Alert.objects.filter(kind=AlertKind.TRAY_VARIANCE).exists()

    # The next shift: one Russian round, and 50 in chips paid that no round recorded.
    table.refresh_from_db()
    play_game_at_table("russian_poker")
    opener_2 = count(client_for, table.pk, "opener", tray.chips)
    rp = Tablet.open(client_for("dealer"), table.pk)
    rp.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
    rp.act("close_bets")
    rp.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
    rp.act("deal_card", target="dealer", card="2c")
    rp.act("bet", box=1)
    rp.act("reveal_dealer", cards="Ac Kh 9d 6s".split())
    rp.settle()
    rp.paid()
    tray.take(Settlement.objects.get(round_id=rp.round_id).house_result)
    tray.pay(D(50))  # the error: chips handed over with no round behind them
    count(client_for, table.pk, "closer", tray.chips)
    drop(client_for, table.pk, opener_2, D(0))

    wrong = ShiftReconciliation.objects.get(opener_id=opener_2)
    assert wrong.house_result == D(-20) and wrong.win == D(-70)
    assert wrong.difference == D(-50) and not wrong.within_tolerance
    alert = Alert.objects.get(kind=AlertKind.TRAY_VARIANCE)
    assert (alert.table_id, alert.severity, alert.details["difference"]) == (
        table.pk,
        "critical",
        "-50.00",
    )
    listed = ok(client_for("pit_boss").get(f"/api/v1/audit/reconciliations/?table={table.pk}"))
    assert [(row["opener"], row["difference"], row["within_tolerance"]) for row in listed] == [
        (opener_2, "-50.00", False),
        (opener, "0.00", True),
    ]
    other = ok(client_for("other_pit_boss").get("/api/v1/audit/reconciliations/"))
    assert other == []
