"""The pit view: the figures of a floor of known rounds of all three games, played through the
dealer's API and settled, equal the sums worked out by hand here, per table, per pit and per
casino; the view costs the same number of statements for 2 tables as for 20; and who may see it.

The floor (``audit_floor``): pit A holds RP-1 (Russian Poker, main paytable edge 5 %, bonus
10 %), RR-1 (Ruby Run) and RD-1 (Red Dog); pit B holds RP-9 (Russian Poker, the same paytables).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.db import connection
from django.db.models import Sum
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from casino.core.models import Alert, AlertKind, AlertSeverity
from casino.core.roles import Role
from casino.floor.pit_view import pit_view, table_view
from payouts.models import PayoutLine, TableDayTotals
from payouts.services.day_totals_check import day_totals_verify
from tables.engines import validate_rule_settings
from tables.models import (
    Box,
    DealerAssignment,
    Game,
    LedgerEntry,
    Pit,
    Round,
    RoundEvent,
    RuleSet,
    Table,
)
from tests.fixtures import qualify
from tests.schema import assert_matches
from tests.tables.tablet import Tablet
from tests.tables.test_reddog_http import play_pot_23_hand
from tests.tables.test_rubyrun_http import ANTE_TABLE, play

pytestmark = pytest.mark.django_db

RP01_BOX = "8h 8s Kd 7c 3s"
RP01_DEALER_UP, RP01_DEALER_DOWN = "2c", "Ac Kh 9d 6s"


def rp01(tablet: Tablet, *, bonus: str | None = None) -> None:
    """RULES 1.13 vector RP01 at box 1: Ante 10, Bet 20; the pair of eights beats the dealer's
    ace-king: Ante and Bet each win even money. Staked 30 (35 with a Bonus), returned 50."""
    tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=bonus)
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards=RP01_BOX.split())
    tablet.act("deal_card", target="dealer", card=RP01_DEALER_UP)
    if bonus is not None:
        tablet.act("declare_bonus", box=1)
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=RP01_DEALER_DOWN.split())
    tablet.settle()
    tablet.paid()


@pytest.fixture
def live_floor(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    client_for: Callable[[str | None], Any],
) -> dict[str, Any]:
    """The floor with dealers at RR-1 and RD-1, and a gaming day that started twelve hours ago
    (so that an hour either side of now is the same day, whenever the test runs)."""
    casino = audit_floor["casino"]
    casino.gaming_day_start_hour = (timezone.now().hour + 12) % 24
    casino.save()
    rr1, rd1 = audit_floor["RR-1"], audit_floor["RD-1"]
    rr1.rule_set = RuleSet.objects.create(
        game=Game.RUBY_RUN,
        name="rr pit view",
        version=1,
        settings=validate_rule_settings(
            Game.RUBY_RUN, ANTE_TABLE | {"rake": "percent", "rake_percent": "5", "rake_cap": "3"}
        ),
    )
    rr1.save()
    for name, table in (("rr_dealer", rr1), ("rd_dealer", rd1)):
        users[name] = make_user(name, Role.DEALER)
        DealerAssignment.objects.create(
            table=table,
            dealer=users[name],
            assigned_by=users["pit_boss"],
            started_at=timezone.now(),
        )
    return audit_floor


@pytest.fixture
def known_floor(
    live_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> dict[str, Any]:
    """Today's rounds, all through the dealer's API; the figures each test expects are worked
    out beside them."""
    rp1, rp9 = live_floor["table"], live_floor["other_table"]
    rr1, rd1 = live_floor["RR-1"], live_floor["RD-1"]
    rounds: dict[str, int] = {}

    # RP-1 a: RP01. Staked 30, returned 50; theoretical 30 x 5 % = 1.50.
    tablet = Tablet.open(client_for("dealer"), rp1.pk)
    rp01(tablet)
    rounds["rp1_a"] = tablet.round_id
    # RP-1 b: RP01 with a Bonus of 5, which a pair of eights loses. Staked 35, returned 50;
    # theoretical 30 x 5 % + 5 x 10 % = 2.00.
    tablet = Tablet.open(client_for("dealer"), rp1.pk)
    rp01(tablet, bonus="5")
    rounds["rp1_b"] = tablet.round_id
    # RP-1 c: RP01 under a maximum payout of 15 a box: the box wins 20, the cap keeps 5 back.
    # Staked 30, returned 45, one cap hit; theoretical 1.50.
    rp1.max_table_payout = D(15)
    rp1.save()
    tablet = Tablet.open(client_for("dealer"), rp1.pk)
    rp01(tablet)
    rounds["rp1_c"] = tablet.round_id
    # RP-1 d: in play, Ante placed: no money in the day's figures yet.
    tablet = Tablet.open(client_for("dealer"), rp1.pk)
    tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
    rounds["rp1_d"] = tablet.round_id

    # RR-1: RR01 with a rake of 5 % capped at 3: two players ante 50, A takes 97.
    # Staked 100, returned 97; a pot game's theoretical win is its take: 3.
    tablet = Tablet.open(client_for("rr_dealer"), rr1.pk)
    play(tablet, "9h 10h Ks | Jd Qd Ac | 7c", {1: "Jh 2c 3d", 2: "Kd Kh 5s"})
    tablet.settle()
    rounds["rr1"] = tablet.round_id

    # RD-1: RD22's game: five players of 100 each play one hand that leaves 23 in the pot; the
    # game ends, the pot is shared 4 each and the remainder of 3 is kept for the next game.
    tablet = Tablet.open(client_for("rd_dealer"), rd1.pk)
    tablet.act("seat_players", stacks={str(s): "100" for s in range(1, 6)}, button=5)
    play_pot_23_hand(tablet)
    tablet.act("end_game")
    tablet.settle()
    rounds["rd1"] = tablet.round_id

    # RP-9, pit B: RP01. Staked 30, returned 50; theoretical 1.50.
    tablet = Tablet.open(client_for("other_dealer"), rp9.pk)
    rp01(tablet)
    rounds["rp9"] = tablet.round_id

    # Alerts: two at RP-1, one at RP-9, one of the casino alone; RP-1 c's capped settlement
    # raised a third at RP-1 itself (payout_capped).
    now = timezone.now()
    casino = live_floor["casino"]
    for n, table in enumerate((rp1, rp1, rp9, None)):
        Alert.objects.create(
            kind=AlertKind.REPLAY_MISMATCH,
            severity=AlertSeverity.CRITICAL,
            cause=f"test:{n}",
            casino_id=casino.pk,
            table_id=table.pk if table else None,
            details={},
            raised_at=now,
        )
    # RP-1 a opened two hours ago: today still, but not in the last hour.
    Round.objects.filter(pk=rounds["rp1_a"]).update(opened_at=now - dt.timedelta(hours=2))
    return rounds


def test_the_figures_of_known_rounds_of_the_three_games(
    known_floor: dict[str, int], live_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    # The Red Dog game's money, from its ledger: the chips the players put in (antes and
    # bets) are its stakes, 25; the share's remainder of 3 is kept for the table's next game,
    # not the house's (RULES A.3).
    rd_staked = LedgerEntry.objects.filter(
        round_id=known_floor["rd1"], source__startswith="player:"
    ).aggregate(total=Sum("amount"))["total"]
    assert rd_staked == D(25)
    # The cap: RP-1 c's Bet computed 40 and paid 35.
    [capped] = PayoutLine.objects.filter(
        settlement__round_id=known_floor["rp1_c"], paid_amount__lt=D(40), line="bet"
    )
    assert (capped.computed_amount, capped.paid_amount) == (D(40), D(35))

    view = pit_view(pit_id=live_floor["pit"].pk)
    casino = live_floor["casino"]
    assert view.gaming_day == casino.clock.day_of(view.as_of)
    by_code = {t.code: t for t in view.tables}
    assert list(by_code) == ["RD-1", "RP-1", "RR-1"]

    # RP-1: rounds a, b, c settled; staked 30 + 35 + 30 = 95, returned 50 + 50 + 45 = 145.
    # Hold -50 / 95 = -52.63 %; theoretical (1.50 + 2.00 + 1.50) / (30 + 35 + 30) = 5.26 %.
    rp = by_code["RP-1"].figures
    assert (rp.rounds_today, rp.rounds_last_hour) == (3, 3)  # b, c and d in the last hour
    assert (rp.wagered, rp.paid, rp.house_result) == (D(95), D(145), D(-50))
    assert (rp.hold_pct, rp.theoretical_hold_pct) == (D("-52.63"), D("5.26"))
    assert (rp.cap_hits, rp.open_alerts) == (1, 3)  # two made here, the cap's own
    # Ruby Run: 100 staked, 97 returned: hold 3 %; the house banks nothing and its edge is
    # what the rule set takes, so the theoretical hold is the take, 3 %.
    rr = by_code["RR-1"].figures
    assert (rr.rounds_today, rr.rounds_last_hour, rr.wagered, rr.paid) == (1, 1, D(100), D(97))
    assert (rr.house_result, rr.hold_pct, rr.theoretical_hold_pct) == (D(3), D("3.00"), D("3.00"))
    assert (rr.cap_hits, rr.open_alerts) == (0, 0)
    # Red Dog: 25 staked; 22 returned to the players and 3 kept for the next game: no hold
    # where the table takes no commission, and none in theory.
    rd = by_code["RD-1"].figures
    assert (rd.rounds_today, rd.wagered, rd.paid, rd.house_result) == (1, D(25), D(25), D(0))
    assert (rd.hold_pct, rd.theoretical_hold_pct) == (D("0.00"), D("0.00"))

    # Pit A: 5 rounds today; staked 95 + 100 + 25 = 220, returned 145 + 97 + 25 = 267;
    # house -50 + 3 + 0 = -47, hold -47 / 220 = -21.36 %; theoretical (5.00 + 3 + 0) / 220
    # = 3.64 %.
    pit = view.pit.totals
    assert (pit.tables, pit.tables_open, pit.rounds_in_play, pit.currency) == (3, 3, 1, "EUR")
    assert pit.figures.rounds_today == 5
    assert pit.figures.rounds_last_hour == 5  # RP-1 b, c, d, RR-1, RD-1
    assert (pit.figures.wagered, pit.figures.paid, pit.figures.house_result) == (
        D(220),
        D(267),
        D(-47),
    )
    assert (pit.figures.hold_pct, pit.figures.theoretical_hold_pct) == (D("-21.36"), D("3.64"))
    assert (pit.figures.cap_hits, pit.figures.open_alerts) == (1, 3)

    # The casino adds pit B's RP-9 (30 staked, 50 returned, theoretical 1.50) and the alert of
    # the casino alone: staked 250, returned 317, house -67, hold -26.80 %; theoretical
    # (5.00 + 1.50 + 3 + 0) / 250 = 3.80 %.
    whole = view.casino.totals
    assert (view.casino.id, whole.tables, whole.rounds_in_play) == (casino.pk, 4, 1)
    assert (whole.figures.rounds_today, whole.figures.rounds_last_hour) == (6, 6)
    assert (whole.figures.wagered, whole.figures.paid, whole.figures.house_result) == (
        D(250),
        D(317),
        D(-67),
    )
    assert (whole.figures.hold_pct, whole.figures.theoretical_hold_pct) == (
        D("-26.80"),
        D("3.80"),
    )
    assert (whole.figures.cap_hits, whole.figures.open_alerts) == (1, 5)
    # The totals kept as the rounds settled are what the history gives.
    assert day_totals_verify() == []


def test_a_table_s_view_lists_its_last_rounds(
    known_floor: dict[str, Any], live_floor: dict[str, Any]
) -> None:
    # RP-1's rounds, newest first: d in play (no money yet), then c (capped), b and a.
    view = table_view(table_id=live_floor["table"].pk)
    assert [r.id for r in view.last_rounds] == [
        known_floor["rp1_d"],
        known_floor["rp1_c"],
        known_floor["rp1_b"],
        known_floor["rp1_a"],
    ]
    d, c, b, a = view.last_rounds
    assert (d.status, d.staked, d.returned, d.house_result, d.cap_applied) == (
        "open",
        None,
        None,
        None,
        None,
    )
    assert (c.status, c.staked, c.returned, c.house_result, c.cap_applied) == (
        "settled",
        D(30),
        D(45),
        D(-15),
        True,
    )
    assert (b.staked, b.returned, b.cap_applied) == (D(35), D(50), False)
    assert (a.staked, a.returned, a.house_result) == (D(30), D(50), D(-20))
    assert {r.dealer for r in view.last_rounds} == {"dealer"}
    assert [r.number for r in view.last_rounds] == [4, 3, 2, 1]


def test_the_table_s_dealer_and_round_in_play(
    known_floor: dict[str, int], live_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    rp1 = live_floor["table"]
    assignment = DealerAssignment.objects.get(table=rp1, ended_at__isnull=True)
    last = RoundEvent.objects.filter(round_id=known_floor["rp1_d"]).order_by("-seq").first()
    assert last is not None
    view = table_view(table_id=rp1.pk, now=last.created_at + dt.timedelta(seconds=42))
    table = view.table
    assert (table.code, table.game, table.status, table.currency) == (
        "RP-1",
        "russian_poker",
        "open",
        "EUR",
    )
    assert table.dealer is not None
    assert (table.dealer.username, table.dealer.since) == ("dealer", assignment.started_at)
    round = Round.objects.get(pk=known_floor["rp1_d"])
    current = table.current_round
    assert current is not None
    assert (current.id, current.number, current.phase, current.opened_at) == (
        round.pk,
        4,
        round.phase,
        round.opened_at,
    )
    assert (current.last_action_at, current.seconds_since_last_action) == (last.created_at, 42)
    # A table with nobody assigned and nothing in play.
    DealerAssignment.objects.filter(table=rp1).update(ended_at=timezone.now())
    other = table_view(table_id=live_floor["RR-1"].pk).table
    assert other.current_round is None
    assert other.dealer is not None and other.dealer.username == "rr_dealer"


def test_the_next_gaming_day_starts_from_zero(
    known_floor: dict[str, int], live_floor: dict[str, Any]
) -> None:
    tomorrow = timezone.now() + dt.timedelta(days=1)
    view = pit_view(pit_id=live_floor["pit"].pk, now=tomorrow)
    assert view.gaming_day == live_floor["casino"].clock.day_of(timezone.now()) + dt.timedelta(
        days=1
    )
    for table in view.tables:
        assert (table.figures.rounds_today, table.figures.rounds_last_hour) == (0, 0)
        assert (table.figures.wagered, table.figures.hold_pct) == (D(0), None)
    assert view.pit.totals.figures.wagered == D(0)
    # The round in play is still in play, and the alerts still open.
    assert view.pit.totals.rounds_in_play == 1
    assert view.pit.totals.figures.open_alerts == 3


def test_a_pit_of_mixed_currencies_has_no_money_totals(
    known_floor: dict[str, int], live_floor: dict[str, Any]
) -> None:
    Table.objects.filter(pk=live_floor["RD-1"].pk).update(currency="USD")
    view = pit_view(pit_id=live_floor["pit"].pk)
    totals = view.pit.totals
    assert (totals.currency, totals.figures.wagered, totals.figures.hold_pct) == (None, None, None)
    assert totals.figures.theoretical_hold_pct is None
    assert totals.figures.rounds_today == 5
    assert view.casino.totals.currency is None
    # Each table keeps its own figures.
    assert {t.code: t.figures.wagered is not None for t in view.tables} == {
        "RD-1": True,
        "RP-1": True,
        "RR-1": True,
    }


def _pit_of(size: int, live_floor: dict[str, Any], users: dict[str, Any], name: str) -> Pit:
    """A pit of ``size`` open tables, each with a dealer, a settled round and a round in play
    with one event, and an alert: every part of the view has rows to read."""
    from payouts.services.settlement import round_settle
    from tables.services.paid import round_payouts_confirm
    from tables.services.rounds import round_act, round_open

    casino = live_floor["casino"]
    pit = Pit.objects.create(casino=casino, name=name)
    rules = RuleSet.objects.create(
        game=Game.RED_DOG,
        name=f"{name} rules",
        version=1,
        settings=validate_rule_settings(Game.RED_DOG, {}),
    )
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    dealers = Group.objects.get_or_create(name="dealer")[0]
    for n in range(size):
        table = Table.objects.create(
            pit=pit,
            code=f"{name}-{n}",
            game=Game.RED_DOG,
            status="open",
            ante_min=D(1),
            ante_max=D(100),
            rule_set=rules,
            boxes=4,
        )
        Box.objects.bulk_create(Box(table=table, number=i) for i in range(1, 5))
        dealer = get_user_model().objects.create_user(username=f"{name}-dealer-{n}")
        dealer.groups.add(dealers)
        qualify(dealer)
        DealerAssignment.objects.create(
            table=table, dealer=dealer, assigned_by=users["pit_boss"], started_at=timezone.now()
        )
        for settle in (True, False):
            round = round_open(table_id=table.pk, dealer=dealer)
            round_act(
                round_id=round.pk,
                actor=dealer,
                expected_event=0,
                action="seat_players",
                data={"stacks": {1: D(50), 2: D(50), 3: D(50)}, "button": 1},
            )
            if settle:
                round_act(
                    round_id=round.pk, actor=dealer, expected_event=1, action="end_game", data={}
                )
                round_settle(round_id=round.pk, actor=dealer)
                round_payouts_confirm(round_id=round.pk, actor=dealer)
        Alert.objects.create(
            kind=AlertKind.REPLAY_MISMATCH,
            severity=AlertSeverity.CRITICAL,
            cause=f"test:{table.pk}",
            casino_id=casino.pk,
            table_id=table.pk,
            raised_at=timezone.now(),
        )
    return pit


def test_the_statements_do_not_grow_with_the_pit(
    live_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    small = _pit_of(2, live_floor, users, "small")
    large = _pit_of(20, live_floor, users, "large")
    counts = []
    for pit in (small, large):
        with CaptureQueriesContext(connection) as queries:
            view = pit_view(pit_id=pit.pk)
        assert len(view.tables) == pit.tables.count()
        assert all(t.current_round is not None and t.dealer is not None for t in view.tables)
        assert view.pit.totals.figures.rounds_today == len(view.tables)
        assert view.pit.totals.figures.open_alerts == len(view.tables)
        counts.append(len(queries))
    assert counts == [4, 4]
    one = large.tables.first()
    assert one is not None
    with CaptureQueriesContext(connection) as queries:
        table_view(table_id=one.pk)
    # The table's row, its figures, what waits there, its last rounds.
    assert len(queries) == 4


def test_the_endpoints_answer_in_the_published_shape(
    known_floor: dict[str, int], live_floor: dict[str, Any], client_for: Callable[..., Any]
) -> None:
    pit, rp1 = live_floor["pit"], live_floor["table"]
    response = client_for("pit_boss").get(f"/api/v1/pits/{pit.pk}/view/")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert_matches("PitViewOutput", body)
    assert body["pit"]["totals"]["figures"] == {
        "rounds_last_hour": 5,
        "rounds_today": 5,
        "wagered": "220.00",
        "paid": "267.00",
        "house_result": "-47.00",
        "hold_pct": "-21.36",
        "theoretical_hold_pct": "3.64",
        "theoretical_priced_pct": "100.00",
        "cap_hits": 1,
        "open_alerts": 3,
    }
    assert body["casino"]["totals"]["figures"]["wagered"] == "250.00"
    [rr] = [t for t in body["tables"] if t["code"] == "RR-1"]
    assert (rr["figures"]["theoretical_hold_pct"], rr["current_round"]) == ("3.00", None)
    assert rr["dealer"]["username"] == "rr_dealer"

    response = client_for("pit_boss").get(f"/api/v1/tables/{rp1.pk}/view/")
    assert response.status_code == 200, response.json()
    assert_matches("TableViewOutput", response.json())
    table = response.json()["table"]
    assert (table["code"], table["current_round"]["id"]) == ("RP-1", known_floor["rp1_d"])
    assert (table["figures"]["wagered"], table["figures"]["cap_hits"]) == ("95.00", 1)


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("pit_boss", 200),
        ("auditor", 200),
        ("admin", 200),
        ("other_pit_boss", 403),
        ("dealer", 403),
        ("no_role", 403),
        (None, 401),
    ],
)
def test_who_may_watch_the_pit(
    live_floor: dict[str, Any], client_for: Callable[..., Any], role: str | None, status: int
) -> None:
    """Pit A's boss, auditors and admins see pit A and its tables; the boss of pit B, a dealer
    (even the one dealing there) and a user without a role are refused."""
    client = client_for(role)
    for url in (
        f"/api/v1/pits/{live_floor['pit'].pk}/view/",
        f"/api/v1/tables/{live_floor['table'].pk}/view/",
    ):
        response = client.get(url)
        assert response.status_code == status, (url, response.content)
        if status != 200:
            code = "not_authenticated" if role is None else "permission_denied"
            assert response.json()["error"]["code"] == code


def test_the_other_pit_s_boss_sees_only_the_own_pit(
    live_floor: dict[str, Any], client_for: Callable[..., Any]
) -> None:
    client = client_for("other_pit_boss")
    other_table = live_floor["other_table"]
    assert client.get(f"/api/v1/pits/{other_table.pit_id}/view/").status_code == 200
    assert client.get(f"/api/v1/tables/{other_table.pk}/view/").status_code == 200
    for url in (
        f"/api/v1/pits/{live_floor['pit'].pk}/view/",
        f"/api/v1/tables/{live_floor['RR-1'].pk}/view/",
    ):
        assert client.get(url).status_code == 403
    missing = client_for("auditor").get("/api/v1/pits/999999/view/")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "not_found")


def test_what_waits_for_the_pit_boss_is_on_its_table_and_leaves_once_decided(
    known_floor: dict[str, int],
    live_floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
) -> None:
    """The pit boss's to-do list: a count to confirm, a slip to approve, a void and a drop to
    decide, a correction and a change of limits requested; each leaves once decided."""
    from payouts.services import slips, trays
    from payouts.services.corrections import correction_request
    from tables.services.limits import table_limits_change
    from tests.payouts.tray.trays import chips_made, count_confirmed

    rp1 = live_floor["table"]
    dealer, boss = users["dealer"], users["pit_boss"]
    cage = make_user("cage_x", Role.CAGE)
    chips_made(live_floor["casino"].pk, users["admin"])
    opener = count_confirmed(rp1, "opener", {"5.00": 10}, counter=dealer, confirmer=boss)
    fill = slips.slip_request(table_id=rp1.pk, kind="fill", chips={"25.00": 4}, actor=dealer)
    wrong = slips.slip_request(table_id=rp1.pk, kind="credit", chips={"5.00": 2}, actor=dealer)
    void = slips.slip_void_request(slip_id=wrong.pk, actor=cage, reason="wrong table")
    closer = trays.tray_count_enter(
        table_id=rp1.pk, kind="closer", chips={"5.00": 10}, actor=dealer
    )
    correction = correction_request(
        round_id=known_floor["rp1_a"], actor=dealer, kind="void", reason="misdeal"
    )
    change = table_limits_change(
        table_id=rp1.pk, actor=boss, limits={"max_table_payout": None}, reason="high rollers"
    ).request
    assert change is not None

    [rp] = [t for t in pit_view(pit_id=live_floor["pit"].pk).tables if t.code == "RP-1"]
    waiting = {(w.subject, w.id): w for w in rp.waiting}
    assert set(waiting) == {
        ("slip", fill.pk),
        ("slip_void", void.pk),
        ("count", closer.pk),
        ("correction", correction.pk),
        ("limit_change", change.pk),
    }
    assert (waiting["slip", fill.pk].what, waiting["slip", fill.pk].amount) == (
        f"fill #{fill.number}",
        D("100.00"),
    )
    assert waiting["count", closer.pk].by == "dealer"
    assert waiting["correction", correction.pk].round == known_floor["rp1_a"]
    assert waiting["limit_change", change.pk].what == "max_table_payout=none"
    # The opener, confirmed, and the slip whose void waits are not there to approve.
    assert ("count", opener.pk) not in waiting and ("slip", wrong.pk) not in waiting

    slips.slip_step(slip_id=fill.pk, step="approved", actor=boss)
    slips.slip_void_decide(void_id=void.pk, actor=boss, approve=True)
    trays.tray_count_decide(count_id=closer.pk, actor=boss, confirm=True)
    drop = trays.drop_count_enter(
        table_id=rp1.pk, shift_id=opener.pk, cash=D("40.00"), markers=D("0.00"), actor=cage
    )
    rp = table_view(table_id=rp1.pk).table
    assert {(w.subject, w.id) for w in rp.waiting} == {
        ("drop", drop.pk),
        ("correction", correction.pk),
        ("limit_change", change.pk),
    }
    assert [w.amount for w in rp.waiting if w.subject == "drop"] == [D("40.00")]


def test_a_retraction_asked_at_the_table_waits_on_its_card_until_decided(
    known_floor: dict[str, int],
    live_floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
) -> None:
    """A dealer's undo of a round's last entries is on the table's to-do list, naming the
    entries, the round and why, until a pit boss decides it."""
    from tables.models import Round
    from tables.services.retractions import retraction_reject, retraction_request

    in_play = Round.objects.get(pk=known_floor["rp1_d"])
    request = retraction_request(
        round_id=in_play.pk,
        actor=users["dealer"],
        expected_event=in_play.last_event_seq,
        count=1,
        reason="wrong box",
    )
    rp = table_view(table_id=live_floor["table"].pk).table
    [waiting] = [w for w in rp.waiting if w.subject == "retraction"]
    assert (waiting.id, waiting.round, waiting.amount, waiting.by) == (
        request.pk,
        in_play.pk,
        None,
        "dealer",
    )
    assert waiting.what == f"1 entry of round {in_play.number}: wrong box"

    retraction_reject(request_id=request.pk, actor=users["pit_boss"])
    rp = table_view(table_id=live_floor["table"].pk).table
    assert [w for w in rp.waiting if w.subject == "retraction"] == []


def test_a_theoretical_hold_over_part_of_the_stakes_says_what_share_it_speaks_for(
    known_floor: dict[str, int], live_floor: dict[str, Any]
) -> None:
    """Russian Poker's stakes without a price (a paytable whose edge nobody computed): the
    pit's theoretical hold is the priced games' alone, over their stakes, and says so."""
    rp_tables = [live_floor["table"].pk]
    TableDayTotals.objects.filter(table_id__in=rp_tables).update(
        theoretical_result=0, theoretical_base=0
    )
    view = pit_view(pit_id=live_floor["pit"].pk)
    # Pit A stakes 220: RP-1 95 (unpriced now), RR-1 100 (take 3), RD-1 25 (take 0).
    # Theoretical 3 / 125 = 2.40 %, on 125 / 220 = 56.82 % of the stakes.
    figures = view.pit.totals.figures
    assert (figures.wagered, figures.theoretical_hold_pct) == (D("220.00"), D("2.40"))
    assert figures.theoretical_priced_pct == D("56.82")
    [rp1] = [t for t in view.tables if t.code == "RP-1"]
    assert (rp1.figures.theoretical_hold_pct, rp1.figures.theoretical_priced_pct) == (
        None,
        D("0.00"),
    )
    [rr] = [t for t in view.tables if t.code == "RR-1"]
    assert rr.figures.theoretical_priced_pct == D("100.00")
