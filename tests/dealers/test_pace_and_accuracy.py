"""A scripted shift at one table, its pace and accuracy by record equal to the figures the test
computes apart from the script: rounds per hour by occupancy, the time inside a round and the
gaps between rounds apart (a gap after a fill, a pause or another dealer's round not counted),
voids, payout corrections with their amounts, retracted entries and refused entries per 1,000
rounds; and who reads them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal as D
from importlib import import_module
from typing import Any

import pytest
from rest_framework.test import APIClient

from payouts.models import DealerDayTotals
from payouts.services import slips
from payouts.services.corrections import (
    LineInput,
    correction_approve,
    correction_reject,
    correction_request,
)
from tables.models import Round
from tables.services.rounds import round_open
from tables.services.tables import dealer_assign
from tests.audit.factories import Tablet, retracted_round
from tests.audit.test_cross_checks import as_the_owner_with_triggers_off
from tests.payouts.tray.trays import chips_made
from tests.russian_round import FOUR_BOX_ROUND, RP01_ROUND

pytestmark = pytest.mark.django_db

Clients = Callable[[str | None], APIClient]
START = dt.datetime(2027, 3, 10, 12, 0, tzinfo=dt.UTC)
GAP_LIMIT_S = 120


@dataclass(frozen=True)
class Scripted:
    """One round of the script: who deals it, when it opens (seconds from the start), how long
    until it settles, how many boxes stake, and whether a fill was asked before it."""

    dealer: str
    opens: int
    lasts: int
    boxes: int = 1
    fill_before: bool = False
    retracted: bool = False


SHIFT = [
    Scripted("dealer", opens=0, lasts=50),
    Scripted("dealer", opens=80, lasts=60),  # a gap of 30 s
    Scripted("dealer", opens=160, lasts=40, boxes=4),  # 20 s, at four boxes
    Scripted("dealer", opens=230, lasts=50, fill_before=True),  # 30 s, but a fill: not counted
    Scripted("dealer", opens=600, lasts=45),  # 320 s: a pause, not counted
    Scripted("dealer", opens=675, lasts=55, retracted=True),  # 30 s
    Scripted("other_dealer", opens=750, lasts=50),  # 20 s after another dealer: not counted
]


def expected_pace(shift: list[Scripted]) -> dict[tuple[str, int | None], dict[str, Any]]:
    """The pace by dealer and occupancy (``None``: every occupancy), from the script alone."""
    sums: dict[tuple[str, int | None], list[int]] = {}
    for before, scripted in zip([None, *shift], shift, strict=False):
        gap = None
        if before is not None and before.dealer == scripted.dealer:
            seconds = scripted.opens - (before.opens + before.lasts)
            if seconds < GAP_LIMIT_S and not scripted.fill_before:
                gap = seconds
        for key in ((scripted.dealer, scripted.boxes), (scripted.dealer, None)):
            rounds, round_s, gaps, gap_s = sums.setdefault(key, [0, 0, 0, 0])
            sums[key] = [
                rounds + 1,
                round_s + scripted.lasts,
                gaps + (gap is not None),
                gap_s + (gap or 0),
            ]
    expected = {}
    for key, (rounds, round_s, gaps, gap_s) in sums.items():
        cycle = D(round_s) / rounds + (D(gap_s) / gaps if gaps else 0)
        expected[key] = {
            "rounds": rounds,
            "seconds_per_round": str((D(round_s) / rounds).quantize(D("0.1"))),
            "seconds_between": str((D(gap_s) / gaps).quantize(D("0.1"))) if gaps else None,
            "rounds_per_hour": str((3600 / cycle).quantize(D("0.1"))),
        }
    return expected


@pytest.fixture
def shift(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Clients,
    time_machine: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> list[Round]:
    """The script played at RP-1 through the dealer's API, the clock moved to each instant;
    ``other_dealer`` relieves for the last round (assigned by an administrator)."""
    table = audit_floor["table"]
    chips_made(audit_floor["casino"].pk, users["admin"])
    played = []
    for scripted in SHIFT:
        opens = START + dt.timedelta(seconds=scripted.opens)
        if scripted.fill_before:
            time_machine.move_to(opens - dt.timedelta(seconds=10), tick=False)
            slips.slip_request(
                table_id=table.pk, kind="fill", chips={"5.00": 10}, actor=users["pit_boss"]
            )
        time_machine.move_to(opens, tick=False)
        dealer = users[scripted.dealer]
        if played and played[-1].dealer_id != dealer.pk:
            dealer_assign(table_id=table.pk, dealer=dealer, actor=users["admin"])
        if scripted.retracted:
            ends = opens + dt.timedelta(seconds=scripted.lasts)
            played.append(
                _retracted(table, dealer, users["pit_boss"], ends, time_machine, monkeypatch)
            )
            continue
        tablet = Tablet(client_for(scripted.dealer))
        tablet.open(table)
        for action, fields in FOUR_BOX_ROUND if scripted.boxes == 4 else RP01_ROUND:
            tablet.act(action, **fields)
        time_machine.move_to(opens + dt.timedelta(seconds=scripted.lasts), tick=False)
        tablet.settle()
        played.append(Round.objects.get(pk=tablet.round_id))
    return played


def _retracted(
    table: Any,
    dealer: Any,
    approver: Any,
    ends: dt.datetime,
    time_machine: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> Round:
    """The retracted round of the script (``retracted_round``): its actions and their
    retraction now, its settlement with the clock moved to ``ends``."""
    from payouts.services import settlement

    settle = settlement.round_settle

    def settle_at_the_end(**kwargs: Any) -> Any:
        time_machine.move_to(ends, tick=False)
        return settle(**kwargs)

    monkeypatch.setattr(settlement, "round_settle", settle_at_the_end)
    try:
        return retracted_round(table, dealer, approver)
    finally:
        monkeypatch.setattr(settlement, "round_settle", settle)


def test_the_pace_of_a_scripted_shift_is_the_script_s(
    audit_floor: dict[str, Any], shift: list[Round], client_for: Clients
) -> None:
    day = shift[0].gaming_day
    answer = client_for("pit_boss").get(
        "/api/v1/dealers/pace/",
        {"casino": audit_floor["casino"].pk, "first": day, "last": day},
    )
    assert answer.status_code == 200, answer.json()
    found = {
        (row["dealer_name"], row["occupancy"]): {
            key: row[key]
            for key in ("rounds", "seconds_per_round", "seconds_between", "rounds_per_hour")
        }
        for row in answer.json()
    }
    assert found == expected_pace(SHIFT)
    rows = answer.json()
    assert {row["game"] for row in rows} == {"russian_poker"}
    assert {row["table_code"] for row in rows} == {None, audit_floor["table"].code}
    assert all(row["norm"] == "35.00" for row in rows)


def test_the_accuracy_of_a_scripted_shift_counts_what_a_second_person_approved(
    audit_floor: dict[str, Any], users: dict[str, Any], shift: list[Round], client_for: Clients
) -> None:
    """The paused round voided, the first underpaid by 15 and the four-box one overpaid by 5,
    corrected; a correction rejected; the retracted round's one entry. Asked by the dealer at
    the table now, decided by the pit boss: they count against who dealt the round."""
    dealer, boss = users["dealer"], users["pit_boss"]
    asker = users["other_dealer"]

    def decided(round: Round, kind: str, lines: list[LineInput], *, approve: bool = True) -> None:
        asked = correction_request(
            round_id=round.pk, actor=asker, kind=kind, reason="as seen", lines=lines
        )
        decide = correction_approve if approve else correction_reject
        decide(correction_id=asked.pk, actor=boss)

    decided(shift[4], "void", [])
    decided(shift[0], "payout_correction", [LineInput(box=1, line="bet", amount=D(15))])
    decided(shift[2], "payout_correction", [LineInput(box=3, line="bet", amount=D(-5))])
    decided(
        shift[1],
        "payout_correction",
        [LineInput(box=1, line="ante", amount=D(100))],
        approve=False,
    )
    day = shift[0].gaming_day
    answer = client_for("auditor").get(
        "/api/v1/dealers/accuracy/",
        {"casino": audit_floor["casino"].pk, "first": day, "last": day},
    )
    assert answer.status_code == 200, answer.json()
    dealt = {name: sum(1 for s in SHIFT if s.dealer == name) for name in ("dealer", "other_dealer")}
    per_1000 = lambda n, name: str((D(n) * 1000 / dealt[name]).quantize(D("0.01")))  # noqa: E731
    assert {row["dealer_name"]: row for row in answer.json()} == {
        "dealer": {
            "dealer": dealer.pk,
            "dealer_name": "dealer",
            "rounds": dealt["dealer"],
            "voids": 1,
            "payout_corrections": 2,
            "corrected_owed": "15.00",
            "corrected_recovered": "5.00",
            "retractions": 1,
            "entries_retracted": 1,
            "voids_per_1000": per_1000(1, "dealer"),
            "payout_corrections_per_1000": per_1000(2, "dealer"),
            "entries_retracted_per_1000": per_1000(1, "dealer"),
            "refused_entries": 0,
            "refused_by_code": {},
            "refused_entries_per_1000": "0.00",
        },
        "other_dealer": {
            "dealer": users["other_dealer"].pk,
            "dealer_name": "other_dealer",
            "rounds": dealt["other_dealer"],
            "voids": 0,
            "payout_corrections": 0,
            "corrected_owed": "0.00",
            "corrected_recovered": "0.00",
            "retractions": 0,
            "entries_retracted": 0,
            "voids_per_1000": "0.00",
            "payout_corrections_per_1000": "0.00",
            "entries_retracted_per_1000": "0.00",
            "refused_entries": 0,
            "refused_by_code": {},
            "refused_entries_per_1000": "0.00",
        },
    }


def test_each_refusal_of_the_dealers_own_making_is_kept_and_counted_by_its_code(
    audit_floor: dict[str, Any], users: dict[str, Any], client_for: Clients, time_machine: Any
) -> None:
    """At the dealer's table, two actions naming an event the round is not at (409
    ``stale_event``) and one of no such action (400): three refused entries. Another dealer's
    action at that table (403: who may ask is not the dealer's error) is not kept."""
    from tables.models import RefusedEntry
    from tests.audit.factories import Tablet

    time_machine.move_to(START, tick=False)
    table = audit_floor["table"]
    tablet = Tablet(client_for("dealer"))
    tablet.open(table)
    (first, fields), *rest = RP01_ROUND
    tablet.act(first, **fields)
    url = f"/api/v1/rounds/{tablet.round_id}/actions/"
    stale = {"expected_event": 0, "action": "close_bets"}
    codes = [tablet.client.post(url, stale, format="json").json()["error"]["code"] for _ in "ab"]
    unknown = {"expected_event": tablet.seen, "action": "juggle"}
    refusal = tablet.client.post(url, unknown, format="json")
    stranger = client_for("other_dealer").post(url, stale, format="json")
    for action, fields in rest:
        tablet.act(action, **fields)
    tablet.settle()

    assert codes == ["stale_event", "stale_event"]
    assert (refusal.status_code, stranger.status_code) == (400, 403)
    code = refusal.json()["error"]["code"]
    kept = list(RefusedEntry.objects.order_by("pk"))
    assert [(r.dealer_id, r.table_id, r.code) for r in kept] == [
        (users["dealer"].pk, table.pk, "stale_event"),
        (users["dealer"].pk, table.pk, "stale_event"),
        (users["dealer"].pk, table.pk, code),
    ]
    day = audit_floor["casino"].clock.day_of(START)
    assert {r.gaming_day for r in kept} == {day}
    answer = client_for("auditor").get(
        "/api/v1/dealers/accuracy/",
        {"casino": audit_floor["casino"].pk, "first": day, "last": day},
    )
    assert answer.status_code == 200, answer.json()
    [row] = answer.json()
    # One round dealt, three entries refused in it: 3,000 per 1,000 rounds.
    assert (row["dealer"], row["rounds"]) == (users["dealer"].pk, 1)
    assert (row["refused_entries"], row["refused_entries_per_1000"]) == (3, "3000.00")
    assert row["refused_by_code"] == {"stale_event": 2, code: 1}


def test_a_dealer_reads_their_own_figures_and_the_cage_none(
    audit_floor: dict[str, Any], shift: list[Round], client_for: Clients
) -> None:
    day = shift[0].gaming_day
    period = {"casino": audit_floor["casino"].pk, "first": day, "last": day}
    for path in ("/api/v1/dealers/pace/", "/api/v1/dealers/accuracy/"):
        own = client_for("other_dealer").get(path, period)
        assert own.status_code == 200, own.json()
        assert {row["dealer_name"] for row in own.json()} == {"other_dealer"}
        refused = client_for("cage").get(path, period)
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "permission_denied"


def test_the_migration_s_fill_keeps_what_the_settlements_and_decisions_kept(
    users: dict[str, Any], shift: list[Round]
) -> None:
    """The rows of rounds settled and corrected before the totals were kept are made by the
    migration from the records: the rows the settlements and the decisions wrote, gap by gap,
    correction by correction (a void of a round in play among them)."""
    dealer, boss, table = users["other_dealer"], users["pit_boss"], shift[0].table
    for kind, round_id, lines in (
        ("void", shift[4].pk, []),
        ("payout_correction", shift[0].pk, [LineInput(box=1, line="bet", amount=D(15))]),
        ("void", round_open(table_id=table.pk, dealer=dealer).pk, []),
    ):
        asked = correction_request(
            round_id=round_id, actor=dealer, kind=kind, reason="as seen", lines=lines
        )
        correction_approve(correction_id=asked.pk, actor=boss)

    def rows() -> list[tuple[Any, ...]]:
        fields = [f.attname for f in DealerDayTotals._meta.fields if f.name != "id"]
        return sorted(DealerDayTotals.objects.values_list(*fields), key=repr)

    kept = rows()
    # The dealer's one and four boxes, the other dealer's one, and the void of a round in play.
    assert len(kept) == 4
    migration = import_module("payouts.migrations.0013_dealer_day_totals")
    with as_the_owner_with_triggers_off("payouts_dealerdaytotals") as cursor:
        cursor.execute("DELETE FROM payouts_dealerdaytotals")
        cursor.execute(migration._SETTLED + migration._CORRECTED)
    assert rows() == kept
