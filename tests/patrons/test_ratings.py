"""A rating is the sum of the records of the rounds it covers: computed here apart, from the
rows, for a visit that moves from a Russian Poker table to a Red Dog table; rounds before the
seating, during a pause, at another box, and voided count for nothing; a correction after the
rating writes a new version, never an edit."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable
from decimal import Decimal as D
from typing import Any

import pytest
from django.db.models import Sum
from django.utils import timezone
from rest_framework.test import APIClient

from casino.patrons.models import SessionRating
from casino.patrons.ratings import ratings_revise
from payouts.models import CorrectionKind, PayoutLine, Settlement, WagerLine
from tables.models import DealerAssignment, Round, Table
from tests.audit.factories import decided_correction, settled_round
from tests.patrons.patrons import posted

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]


def _apart(rounds: Iterable[tuple[Round, int]]) -> dict[str, Any]:
    """The figures of (round, box) pairs summed straight from the rows: wager lines, payout
    lines, and each settlement's theoretical win shared as it was priced (Russian Poker: main
    paytable's 5 % on Ante and Bet, the bonus paytable's 10 % on the bonus; Red Dog: the take,
    in proportion to the stakes)."""
    staked: dict[str, D] = defaultdict(D)
    paid = theoretical = D(0)
    for round, box in rounds:
        lines = WagerLine.objects.filter(round=round, box=box)
        for kind, amount in lines.values_list("kind", "amount"):
            staked[kind] += amount
        paid += PayoutLine.objects.filter(settlement__round=round, box=box).aggregate(
            total=Sum("paid_amount")
        )["total"] or D(0)
        settlement = Settlement.objects.get(round=round)
        if round.game == "russian_poker":
            theoretical += sum(
                (
                    a * (D("0.10") if k == "bonus" else D("0.05"))
                    for k, a in lines.values_list("kind", "amount")
                ),
                D(0),
            )
        else:
            box_staked = lines.aggregate(total=Sum("amount"))["total"] or D(0)
            theoretical += settlement.theoretical_win * box_staked / settlement.theoretical_base
    return {
        "staked": dict(staked),
        "result": paid - sum(staked.values(), D(0)),
        "theoretical": theoretical.quantize(D("1e-8")),
    }


def _move_dealer(dealer: Any, boss: Any, table: Table) -> None:
    DealerAssignment.objects.filter(dealer=dealer, ended_at__isnull=True).update(
        ended_at=timezone.now()
    )
    DealerAssignment.objects.create(
        table=table, dealer=dealer, assigned_by=boss, started_at=timezone.now()
    )


def test_a_visit_across_two_games_is_rated_from_the_rounds_records(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Clients,
    play_rp01: Callable[[Table], Round],
    gaming_day: dt.date,
) -> None:
    rp, rd = audit_floor["table"], audit_floor["RD-1"]
    dealer, boss = users["dealer"], users["pit_boss"]
    pit_boss = client_for("pit_boss")
    before = settled_round(
        rp, dealer, gaming_day, stakes=[(1, "ante", "50"), (1, "bet", "100")], paid=True
    )
    seat = f"/api/v1/tables/{rp.pk}/seat-patron/"
    first = posted(pit_boss, seat, {"positions": [1, 2]}, status=201)
    steps = f"/api/v1/patron-sessions/{first['id']}"

    played = play_rp01(rp)  # box 1: Ante 10, Bet 20, paid 50
    bonus_round = settled_round(
        rp,
        dealer,
        gaming_day,
        stakes=[(2, "ante", "20"), (2, "bonus", "5"), (3, "ante", "40")],
        returns=[
            (2, "ante", "lose", "20", "0", "0"),
            (2, "bonus", "win", "5", "50", "50"),
            (3, "ante", "win", "40", "80", "80"),
        ],
    )
    posted(pit_boss, f"{steps}/pause/", status=200)
    settled_round(rp, dealer, gaming_day, stakes=[(1, "ante", "500")])  # while paused
    posted(pit_boss, f"{steps}/resume/", status=200)
    voided = settled_round(rp, dealer, gaming_day, stakes=[(1, "ante", "30")])
    void = {"kind": CorrectionKind.VOID, "requested_by": dealer, "decided_by": boss}
    decided_correction(voided, **void, decided_day=gaming_day)

    # Live, the rating so far.
    live = pit_boss.get(f"{steps}/rating/").json()
    assert (live["version"], live["rounds"]) == (None, 2)

    second = posted(pit_boss, f"{steps}/move/", {"table": rd.pk, "positions": [2]}, status=201)
    _move_dealer(dealer, boss, rd)
    pot_round = settled_round(
        rd,
        dealer,
        gaming_day,
        stakes=[(1, "ante", "2"), (2, "ante", "2"), (2, "bet", "6"), (3, "ante", "2")],
        returns=[(2, "bet", "win", "6", "11", "11")],  # the house takes 1 of the 12
    )
    posted(pit_boss, f"/api/v1/patron-sessions/{second['id']}/leave/", status=200)

    rp_rating = pit_boss.get(f"{steps}/rating/").json()
    rd_rating = pit_boss.get(f"/api/v1/patron-sessions/{second['id']}/rating/").json()
    covered_rp = [(played, 1), (bonus_round, 1), (bonus_round, 2)]
    covered_rd = [(pot_round, 2)]
    for rating, covered in ((rp_rating, covered_rp), (rd_rating, covered_rd)):
        apart = _apart(covered)
        assert rating["version"] == 1
        assert {k: D(v) for k, v in rating["staked"].items()} == apart["staked"]
        assert D(rating["actual_result"]) == apart["result"]
        assert D(rating["theoretical_win"]) == apart["theoretical"]
    assert (rp_rating["rounds"], rd_rating["rounds"]) == (2, 1)
    # Box 1 then boxes 1 and 2 of the bonus round: the Ante basis and the whole wagered.
    assert rp_rating["average_ante"] == "15.00"  # (10 + 20) / 2 rounds
    assert rp_rating["average_wagered"] == "27.50"  # (10 + 20 + 20 + 5) / 2
    assert before.pk not in {r.pk for r, _ in covered_rp}

    # The visit's totals are the sums of its two sessions' ratings.
    history = pit_boss.get(f"/api/v1/patrons/{first['patron']['id']}/history/").json()
    [visit] = history["visits"]
    assert (visit["sessions"], visit["rounds"]) == (2, 3)
    assert D(visit["actual_result"]) == D(rp_rating["actual_result"]) + D(
        rd_rating["actual_result"]
    )
    assert D(visit["total_staked"]) == D(rp_rating["total_staked"]) + D(rd_rating["total_staked"])

    # A floor person's estimate sits beside the exact figures.
    estimated = posted(
        pit_boss, f"{steps}/estimate/", {"average_bet": "25.00", "minutes": 30}, status=201
    )
    assert estimated["estimate"]["average_bet"] == "25.00"
    assert estimated["average_wagered"] == "27.50"

    # A void of a rated round, after the rating: a new version, the first kept as it was.
    decided_correction(bonus_round, **void, decided_day=gaming_day)
    revised = ratings_revise(since=timezone.now() - dt.timedelta(minutes=5), at=timezone.now())
    assert [r.session_id for r in revised] == [first["id"]]
    assert ratings_revise(since=timezone.now() - dt.timedelta(minutes=5), at=timezone.now()) == []
    versions = SessionRating.objects.filter(session_id=first["id"]).order_by("version")
    assert [(r.version, r.cause, r.rounds) for r in versions] == [
        (1, "closed", 2),
        (2, "revised", 1),
    ]
    assert versions[0].total_staked == D(55)
    now = pit_boss.get(f"{steps}/rating/").json()
    assert (now["version"], D(now["actual_result"])) == (2, _apart([(played, 1)])["result"])

    # The ledger followed with new entries: the first version's accrual taken back, the
    # second's earned, at one point per unit of theoretical win, rounded down to the cent.
    ledger = pit_boss.get(f"/api/v1/patrons/{first['patron']['id']}/points/").json()
    first_theo, second_theo = (r.theoretical_win for r in versions)
    rd_theo = D(rd_rating["theoretical_win"])
    cents = D("0.01")
    assert [(e["kind"], D(e["points"])) for e in reversed(ledger["entries"])] == [
        ("accrual", first_theo.quantize(cents, "ROUND_DOWN")),
        ("accrual", rd_theo.quantize(cents, "ROUND_DOWN")),
        ("reversal", -first_theo.quantize(cents, "ROUND_DOWN")),
        ("accrual", second_theo.quantize(cents, "ROUND_DOWN")),
    ]
    assert D(ledger["balance"]) == (
        second_theo.quantize(cents, "ROUND_DOWN") + rd_theo.quantize(cents, "ROUND_DOWN")
    )
