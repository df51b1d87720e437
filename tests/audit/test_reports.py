"""Gaming-day reports: the numbers of a day of known rounds of all three games, computed by hand;
corrections counted on the day of their approval, so a stored report never changes; the stored
JSON, CSV and PDF with their SHA-256 in the audit trail."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import re
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any
from zoneinfo import ZoneInfo

import pypdf
import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from audit.models import GamingDayReport, ReportStatus
from audit.services.chain import chain_verify
from audit.services.reports.build import report_build, report_nightly, report_request
from audit.services.reports.render import render_csv, render_pdf
from casino.core.gaming_day import gaming_day_of
from casino.core.models import AuditRecord
from payouts.services.corrections import LineInput, correction_approve, correction_request
from tables.models import Round, RoundStatus
from tests.audit.factories import decided_correction, settled_round
from tests.owner import as_owner

pytestmark = pytest.mark.django_db

DAY = dt.date(2025, 3, 10)
EARLIER_IN_MONTH = dt.date(2025, 3, 2)
EARLIER_IN_YEAR = dt.date(2025, 1, 15)
LAST_YEAR = dt.date(2024, 12, 31)
NEXT_DAY = dt.date(2025, 3, 11)


@pytest.fixture
def known_day(
    audit_floor: dict[str, Any], users: dict[str, Any], play_rp01: Callable[..., Round]
) -> dict[str, Any]:
    """Rounds of the three games on DAY and around it, with corrections; the figures each test
    expects are worked out beside them.

    Russian Poker paytables: main edge 5 %, bonus 10 %; the pot games have no paytable.
    """
    rp1, rp9 = audit_floor["table"], audit_floor["other_table"]
    rr1, rd1 = audit_floor["RR-1"], audit_floor["RD-1"]
    dealer, other = users["dealer"], users["other_dealer"]
    rounds: dict[str, Round] = {}
    # 1. RP-1, dealer: Ante 10, Bet 20, Bonus 5; paid 10 + 40. Staked 35, paid 50.
    #    Theoretical 30 x 5 % + 5 x 10 % = 2.00.
    rounds["r1"] = settled_round(
        rp1,
        dealer,
        DAY,
        stakes=[(1, "ante", "10"), (1, "bet", "20"), (1, "bonus", "5")],
        returns=[
            (1, "ante", "win", "10", "10", "10"),
            (1, "bet", "win", "20", "40", "40"),
            (1, "bonus", "lose", "5", "0", "0"),
        ],
    )
    # 2. RP-1, dealer: a royal flush capped at the maximum payout: the Bet computes 15100 but
    #    pays 5100, 10000 withheld; a large payout. Staked 150, paid 5150. Theoretical 7.50.
    rounds["r2"] = settled_round(
        rp1,
        dealer,
        DAY,
        stakes=[(1, "ante", "50"), (1, "bet", "100")],
        returns=[
            (1, "ante", "win", "50", "50", "50"),
            (1, "bet", "win", "100", "15100", "5100", "max_payout_per_box"),
        ],
    )
    # 3. RP-1, other dealer: lost. Staked 30, paid 0. Theoretical 1.50.
    rounds["r3"] = settled_round(
        rp1,
        other,
        DAY,
        stakes=[(1, "ante", "10"), (1, "bet", "20")],
        returns=[(1, "ante", "lose", "10", "0", "0"), (1, "bet", "lose", "20", "0", "0")],
        paid=True,  # paid out, so that RP-1's next round (7) opens
    )
    # 4. RP-9 (pit B), other dealer: box 1 pushes 60, box 2 folds 20. Staked 80, paid 60.
    #    Theoretical 4.00.
    rounds["r4"] = settled_round(
        rp9,
        other,
        DAY,
        stakes=[(1, "ante", "20"), (1, "bet", "40"), (2, "ante", "20")],
        returns=[
            (1, "ante", "push", "20", "20", "20"),
            (1, "bet", "push", "40", "40", "40"),
            (2, "ante", "lose", "20", "0", "0"),
        ],
    )
    # 5. Ruby Run, dealer: three seats put 100 each in the pot; seat 2 takes 285, rake 15.
    rounds["r5"] = settled_round(
        rr1,
        dealer,
        DAY,
        stakes=[(1, "pot", "100"), (2, "pot", "100"), (3, "pot", "100")],
        returns=[(2, "pot", "award", "0", "285", "285")],
    )
    # 6. Red Dog, other dealer: two seats put 50 each; they take 40 and 55, the house 5.
    rounds["r6"] = settled_round(
        rd1,
        other,
        DAY,
        stakes=[(1, "pot", "50"), (2, "pot", "50")],
        returns=[(1, "pot", "award", "0", "40", "40"), (2, "pot", "award", "0", "55", "55")],
    )
    # 7. RP-1, dealer: RULES vector RP01 played through the dealer's API. Staked 30, paid 50.
    #    Theoretical 1.50.
    rounds["r7"] = play_rp01(rp1)
    Round.objects.filter(pk=rounds["r7"].pk).update(gaming_day=DAY)
    # 8. RP-1, dealer: staked 40, lost; voided on DAY itself: out of DAY's figures.
    rounds["r8"] = settled_round(
        rp1, dealer, DAY, stakes=[(1, "ante", "40")], returns=[(1, "ante", "lose", "40", "0", "0")]
    )
    # Earlier in the month: m1 (RP-1, dealer, staked 30, lost) voided on DAY, so reversed in
    # DAY's adjusted figures; m2 (Ruby Run, staked 200, paid 190).
    rounds["m1"] = settled_round(
        rp1,
        dealer,
        EARLIER_IN_MONTH,
        stakes=[(1, "ante", "10"), (1, "bet", "20")],
        returns=[(1, "ante", "lose", "10", "0", "0"), (1, "bet", "lose", "20", "0", "0")],
    )
    rounds["m2"] = settled_round(
        rr1,
        dealer,
        EARLIER_IN_MONTH,
        stakes=[(1, "pot", "100"), (2, "pot", "100")],
        returns=[(1, "pot", "award", "0", "190", "190")],
    )
    # Earlier in the year: y1 (RP-1, dealer, staked 30, paid 50; theoretical 1.50).
    rounds["y1"] = settled_round(
        rp1,
        dealer,
        EARLIER_IN_YEAR,
        stakes=[(1, "ante", "10"), (1, "bet", "20")],
        returns=[(1, "ante", "win", "10", "10", "10"), (1, "bet", "win", "20", "40", "40")],
    )
    # Outside every period: last year, and the day after.
    settled_round(rp1, dealer, LAST_YEAR, stakes=[(1, "ante", "1000")])
    settled_round(rp1, dealer, NEXT_DAY, stakes=[(1, "ante", "500")])
    # A round of DAY still in play when the report runs.
    Round.objects.create(
        table=rd1,
        number=99,
        game=rd1.game,
        phase="seating",
        rule_set=rd1.rule_set,
        dealer=other,
        gaming_day=DAY,
        opened_at=timezone.now(),
    )

    pit_boss = users["pit_boss"]
    # Approved on DAY: the two voids, and 10 more owed to box 1 of round 3.
    decided_correction(
        rounds["r8"], kind="void", requested_by=dealer, decided_by=pit_boss, decided_day=DAY
    )
    decided_correction(
        rounds["m1"], kind="void", requested_by=dealer, decided_by=pit_boss, decided_day=DAY
    )
    decided_correction(
        rounds["r3"],
        kind="payout_correction",
        requested_by=other,
        decided_by=pit_boss,
        decided_day=DAY,
        lines=[(1, "bet", "10")],
    )
    # Not counted on DAY: approved the day after, still pending, rejected.
    decided_correction(
        rounds["r1"],
        kind="payout_correction",
        requested_by=dealer,
        decided_by=pit_boss,
        decided_day=NEXT_DAY,
        lines=[(1, "bet", "1000")],
    )
    decided_correction(
        rounds["r2"],
        kind="payout_correction",
        requested_by=dealer,
        decided_by=None,
        decided_day=None,
        lines=[(1, "bet", "1000")],
    )
    decided_correction(
        rounds["r4"],
        kind="void",
        requested_by=other,
        decided_by=pit_boss,
        decided_day=DAY,
        status="rejected",
    )
    return rounds


def built(users: dict[str, Any], day: dt.date, **parameters: Any) -> GamingDayReport:
    report = report_request(actor=users["auditor"], gaming_day=day, parameters=parameters)
    report = report_build(report_id=report.pk)
    assert report.status == ReportStatus.DONE, report.error
    return report


def row(report: GamingDayReport, level: str, **match: Any) -> dict[str, Any]:
    found = [
        r
        for r in report.payload["rows"]
        if r["level"] == level and all(r[key] == value for key, value in match.items())
    ]
    assert len(found) == 1, (level, match, found)
    return found[0]


def test_a_day_of_known_rounds_of_all_three_games(
    known_day: dict[str, Round], users: dict[str, Any]
) -> None:
    report = built(users, DAY)
    payload = report.payload
    assert payload["gaming_day"] == "2025-03-10"
    assert payload["periods"]["mtd"] == {"from": "2025-03-01", "to": "2025-03-10"}
    assert payload["periods"]["ytd"] == {"from": "2025-01-01", "to": "2025-03-10"}
    assert (payload["currency"], payload["provisional"], payload["open_rounds"]) == (
        "EUR",
        False,
        1,
    )

    total = row(report, "total")
    # Rounds 1 to 7 (8 was voided the same day): staked 35 + 150 + 30 + 80 + 300 + 100 + 30.
    assert total["day"] == {
        "rounds": 7,
        "wagered": "725.00",
        "paid": "5690.00",  # 50 + 5150 + 0 + 60 + 285 + 95 + 50
        "house_result": "-4965.00",
        "hold_pct": "-684.83",  # -4965 / 725
        # Russian Poker 2.00 + 7.50 + 1.50 + 4.00 + 1.50, and the pot games' takes: Ruby Run's
        # rake of 15, Red Dog's 5; over every stake: 36.50 / 725
        "theoretical_hold_pct": "5.03",
        "theoretical_result": "36.50",
        "variance_pp": "-689.86",
        "variance_threshold_pp": "2.00",
        "variance_flag": True,
        "cap_hits": 1,
        "withheld": "10000.00",
        "large_payouts": 1,
        "voids": 2,
        "corrections": 1,
        "corrections_paid": "10.00",
        # m1, voided today, leaves: one round, 30 staked, 0 paid; round 3's box is owed 10.
        "adjusted_rounds": 6,
        "adjusted_wagered": "695.00",
        "adjusted_paid": "5700.00",
        "adjusted_house_result": "-5005.00",
        "adjusted_hold_pct": "-720.14",
        # Every stake was priced: the Russian Poker stakes (325) by the paytables' certified
        # edges (no edge is computed here), the pot games' (400) by their take.
        "theoretical_base": "725.00",
        "house_edge_coverage": "priced",
        "theoretical_computed_pct": "0.00",
    }
    # Month to date adds m2 (Ruby Run 200 / 190, its take 10); m1 is left out, its void being
    # approved. Theoretical 46.50 / 925.
    mtd = total["mtd"]
    assert (mtd["rounds"], mtd["wagered"], mtd["paid"], mtd["house_result"]) == (
        8,
        "925.00",
        "5880.00",
        "-4955.00",
    )
    assert (mtd["hold_pct"], mtd["theoretical_hold_pct"]) == ("-535.68", "5.03")
    assert (mtd["voids"], mtd["corrections"], mtd["adjusted_rounds"]) == (2, 1, 8)
    assert (mtd["adjusted_paid"], mtd["adjusted_house_result"]) == ("5890.00", "-4965.00")
    # Year to date adds y1 (30 / 50, theoretical 1.50): 48.00 / 955.
    ytd = total["ytd"]
    assert (ytd["rounds"], ytd["wagered"], ytd["paid"], ytd["house_result"]) == (
        9,
        "955.00",
        "5930.00",
        "-4975.00",
    )
    assert (ytd["hold_pct"], ytd["theoretical_hold_pct"], ytd["adjusted_hold_pct"]) == (
        "-520.94",
        "5.03",
        "-521.99",  # (955 - 5940) / 955
    )

    russian = row(report, "game", game="russian_poker")["day"]
    assert (russian["rounds"], russian["wagered"], russian["paid"]) == (5, "325.00", "5310.00")
    assert (russian["hold_pct"], russian["theoretical_hold_pct"]) == ("-1533.85", "5.08")
    ruby = row(report, "game", game="ruby_run")["day"]
    assert (ruby["rounds"], ruby["wagered"], ruby["paid"], ruby["hold_pct"]) == (
        1,
        "300.00",
        "285.00",
        "5.00",
    )
    # The house banks nothing at Ruby Run: its theoretical hold is its take, and the hold
    # cannot stray from it.
    assert (ruby["theoretical_hold_pct"], ruby["variance_pp"], ruby["variance_flag"]) == (
        "5.00",
        "0.00",
        False,
    )
    red_dog = row(report, "game", game="red_dog")["day"]
    assert (red_dog["wagered"], red_dog["paid"], red_dog["house_result"]) == (
        "100.00",
        "95.00",
        "5.00",
    )

    # Per table and dealer: RP-1 with the dealer dealt rounds 1, 2 and 7, and 8 and m1 were
    # voided today (m1 reversed).
    rp1_dealer = row(report, "table_dealer", table="RP-1", dealer="dealer")["day"]
    assert (rp1_dealer["rounds"], rp1_dealer["wagered"], rp1_dealer["paid"]) == (
        3,
        "215.00",
        "5250.00",
    )
    assert (rp1_dealer["voids"], rp1_dealer["adjusted_rounds"]) == (2, 2)
    assert rp1_dealer["adjusted_wagered"] == "185.00"
    rp1_other = row(report, "table_dealer", table="RP-1", dealer="other_dealer")["day"]
    assert rp1_other == rp1_other | {
        "rounds": 1,
        "wagered": "30.00",
        "paid": "0.00",
        "hold_pct": "100.00",
        "theoretical_hold_pct": "5.00",
        "variance_pp": "95.00",
        "variance_flag": True,
        "corrections": 1,
        "corrections_paid": "10.00",
        "adjusted_paid": "10.00",
        "adjusted_hold_pct": "66.67",
    }
    rp1 = row(report, "table", table="RP-1")["day"]
    assert (rp1["rounds"], rp1["wagered"]) == (4, "245.00")
    other = row(report, "dealer", dealer="other_dealer")["day"]
    assert (other["rounds"], other["wagered"], other["paid"], other["house_result"]) == (
        3,
        "210.00",
        "155.00",
        "55.00",
    )

    assert [(h["round"], h["line"], h["paid"]) for h in payload["large_payouts"]] == [
        (known_day["r2"].pk, "bet", "5100.00")
    ]
    assert [
        (h["round"], h["computed"], h["paid"], h["withheld"], h["reason"])
        for h in payload["cap_hits"]
    ] == [(known_day["r2"].pk, "15100.00", "5100.00", "10000.00", "max_payout_per_box")]
    voids = {v["round"]: v for v in payload["voids"]}
    assert set(voids) == {known_day["r8"].pk, known_day["m1"].pk}
    assert (
        voids[known_day["m1"].pk]["round_gaming_day"],
        voids[known_day["m1"].pk]["reversed_wagered"],
    ) == (
        "2025-03-02",
        "30.00",
    )
    assert [(c["round"], c["amount"], c["lines"]) for c in payload["corrections"]] == [
        (known_day["r3"].pk, "10.00", [{"box": 1, "line": "bet", "amount": "10.00"}])
    ]


def test_days_add_up_to_the_month(known_day: dict[str, Round], users: dict[str, Any]) -> None:
    """The adjusted figures of the month's days with rounds or decisions add up to the month."""
    days = [built(users, day) for day in (EARLIER_IN_MONTH, DAY)]
    total = [row(report, "total") for report in days]
    for measure in ("adjusted_rounds", "adjusted_wagered", "adjusted_paid"):
        by_day = sum(D(str(t["day"][measure])) for t in total)
        assert by_day == D(str(total[1]["mtd"][measure])), measure


def test_the_confidence_interval_mode(known_day: dict[str, Round], users: dict[str, Any]) -> None:
    report = built(users, DAY, variance_mode="confidence", confidence_z=D("2.00"))
    rp1_other = row(report, "table_dealer", table="RP-1", dealer="other_dealer")["day"]
    # One round: no sample standard deviation, no configured one: no threshold.
    assert (rp1_other["variance_threshold_pp"], rp1_other["variance_flag"]) == (None, None)
    russian = row(report, "game", game="russian_poker")["day"]
    # Per-round results per unit staked: r1 -15/35, r2 -5000/150, r3 30/30, r4 20/80, r7 -20/30;
    # their sample standard deviation is 14.938526, so 2 x 14.938526 x 100 / sqrt(5) = 1336.14
    # points, and the hold is -1533.85 - 5.08 = -1538.93 points from the theoretical.
    assert (russian["variance_pp"], russian["variance_threshold_pp"]) == ("-1538.93", "1336.14")
    assert russian["variance_flag"] is True
    # Ruby Run's one round gives no standard deviation, hence no test.
    assert row(report, "game", game="ruby_run")["day"]["variance_flag"] is None


def test_a_correction_changes_the_next_report_never_the_old_one(
    known_day: dict[str, Round], users: dict[str, Any], audit_floor: dict[str, Any]
) -> None:
    old = built(users, DAY)
    old_payload, old_digest = json.dumps(old.payload, sort_keys=True), old.payload_sha256

    # Today the other dealer asks for 40 more for round 4's box 1; pit B's boss approves.
    correction = correction_request(
        round_id=known_day["r4"].pk,
        actor=users["other_dealer"],
        kind="payout_correction",
        reason="bet paid as a push, was a win",
        lines=[LineInput(box=1, line="bet", amount=D(40))],
    )
    approved = correction_approve(correction_id=correction.pk, actor=users["other_pit_boss"])
    today = approved.decided_gaming_day
    casino = audit_floor["casino"]
    assert today == gaming_day_of(
        approved.decided_at, time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
    )

    # The stored report is as it was, and the database keeps it so.
    old.refresh_from_db()
    assert (json.dumps(old.payload, sort_keys=True), old.payload_sha256) == (
        old_payload,
        old_digest,
    )
    with pytest.raises(DatabaseError, match="final"), transaction.atomic():
        GamingDayReport.objects.filter(pk=old.pk).update(payload={"rows": []})
    # Rebuilt now, DAY's report still gives the same figures: the correction is today's.
    again = built(users, DAY)
    assert again.payload["rows"] == old.payload["rows"]

    new = built(users, today)
    total = row(new, "total")["day"]
    assert (total["corrections"], total["corrections_paid"]) == (1, "40.00")
    assert (total["rounds"], total["adjusted_paid"], total["adjusted_house_result"]) == (
        0,
        "40.00",
        "-40.00",
    )
    rp9 = row(new, "table_dealer", table="RP-9", dealer="other_dealer")["day"]
    assert rp9["corrections_paid"] == "40.00"
    [listed] = new.payload["corrections"]
    assert (listed["round"], listed["round_gaming_day"], listed["requested_by"]) == (
        known_day["r4"].pk,
        "2025-03-10",
        "other_dealer",
    )
    assert listed["decided_by"] == "other_pit_boss"


def test_the_stored_files_and_their_digests_in_the_trail(
    known_day: dict[str, Round], users: dict[str, Any]
) -> None:
    report = built(users, DAY)
    assert (
        report.payload_sha256
        == hashlib.sha256(
            json.dumps(report.payload, sort_keys=True, separators=(",", ":")).encode()
        ).hexdigest()
    )
    assert report.csv_sha256 == hashlib.sha256(report.csv.encode()).hexdigest()
    assert report.pdf_sha256 == hashlib.sha256(bytes(report.pdf)).hexdigest()
    assert bytes(report.pdf).startswith(b"%PDF-")
    # The renderings are functions of the document: rendering again gives the same bytes.
    assert render_csv(report.payload) == report.csv
    assert render_pdf(report.payload) == bytes(report.pdf)

    assert report.audit_stream == f"casino:{report.casino_id}"
    record = AuditRecord.objects.get(stream=report.audit_stream, seq=report.audit_seq)
    assert record.row_hash == report.audit_hash
    assert (record.event_code, record.actor, record.actor_role, record.gaming_day) == (
        "report.stored",
        users["auditor"],
        "auditor",
        DAY,
    )
    assert record.after == {
        "report": report.pk,
        "casino": report.casino_id,
        "trigger": "on_demand",
        "payload_sha256": report.payload_sha256,
        "csv_sha256": report.csv_sha256,
        "pdf_sha256": report.pdf_sha256,
    }
    lines = report.csv.splitlines()
    assert lines[0] == f"report,{report.pk}"
    assert "period,level,table,game,dealer,rounds,wagered,paid,house_result,hold_pct," in (
        report.csv
    )
    assert (
        "\nday,table_dealer,RD-1,red_dog,other_dealer,1,100.00,95.00,5.00,5.00,5.00,5.00,0.00,2.00,no,0,"
        in (report.csv)
    )
    assert "day,total,,,,7,725.00,5690.00,-4965.00,-684.83,5.03,36.50,-689.86,2.00,yes," in (
        report.csv
    )
    assert chain_verify().intact


def test_the_chain_verification_notices_a_lost_report_anchor(
    known_day: dict[str, Round], users: dict[str, Any]
) -> None:
    report = built(users, DAY)
    with as_owner() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE audit_auditrecord DISABLE TRIGGER USER")
        # Remove the stream's end, from the report's row on: the rest still chains.
        cursor.execute(
            "DELETE FROM audit_auditrecord WHERE stream = %s AND seq >= %s",
            [report.audit_stream, report.audit_seq],
        )
        cursor.execute("ALTER TABLE audit_auditrecord ENABLE TRIGGER USER")
    verdict = chain_verify()
    assert verdict.broken == []
    assert not verdict.intact
    assert verdict.missing_anchors == [
        {
            "stream": report.audit_stream,
            "seq": report.audit_seq,
            "expected": report.audit_hash,
            "found": None,
        }
    ]


def test_a_casino_with_two_currencies_fails_with_a_reason(
    known_day: dict[str, Round], users: dict[str, Any], audit_floor: dict[str, Any]
) -> None:
    audit_floor["RD-1"].currency = "USD"
    audit_floor["RD-1"].save()
    report = report_request(actor=users["auditor"], gaming_day=DAY)
    report = report_build(report_id=report.pk)
    assert report.status == ReportStatus.FAILED
    assert report.error.startswith("report_mixed_currency: ")
    assert not AuditRecord.objects.filter(event_code="report.stored").exists()


def test_the_nightly_report_is_built_once_for_the_closed_day(
    known_day: dict[str, Round], users: dict[str, Any]
) -> None:
    # 07:30 on the day after DAY in the casino's zone: DAY closed at 06:00, plus the hour of
    # grace.
    zone = ZoneInfo(next(iter(known_day.values())).table.pit.casino.time_zone)
    now = dt.datetime(2025, 3, 11, 7, 30, tzinfo=zone)
    [report] = report_nightly(now=now)
    assert (report.gaming_day, report.trigger, report.status) == (DAY, "nightly", "done")
    assert row(report, "total")["day"]["wagered"] == "725.00"
    assert [r.pk for r in report_nightly(now=now)] == [report.pk]
    assert GamingDayReport.objects.count() == 1
    stored = AuditRecord.objects.get(event_code="report.stored")
    assert (stored.actor, stored.actor_label) == (None, "system:nightly")
    # At 06:30 the day closed only half an hour ago: the nightly report is still the day before.
    [earlier] = report_nightly(now=dt.datetime(2025, 3, 11, 6, 30, tzinfo=zone))
    assert earlier.gaming_day == DAY - dt.timedelta(days=1)


def test_rounds_voided_while_in_play_are_listed_without_money(
    audit_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    from tables.services.rounds import round_open

    round = round_open(table_id=audit_floor["table"].pk, dealer=users["dealer"])
    correction = correction_request(
        round_id=round.pk, actor=users["dealer"], kind="void", reason="misdeal"
    )
    approved = correction_approve(correction_id=correction.pk, actor=users["pit_boss"])
    assert Round.objects.get(pk=round.pk).status == RoundStatus.VOIDED
    report = built(users, approved.decided_gaming_day)
    total = row(report, "total")["day"]
    assert (total["rounds"], total["voids"], total["adjusted_rounds"], total["wagered"]) == (
        0,
        1,
        0,
        "0.00",
    )
    [void] = report.payload["voids"]
    assert (void["round"], void["reversed_wagered"], void["lines"]) == (round.pk, None, [])


def pdf_text(pdf: bytes) -> str:
    """The PDF's text as a reader extracts it, page after page, on one line."""
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


def test_the_pdf_reads_like_the_json(known_day: dict[str, Round], users: dict[str, Any]) -> None:
    report = built(users, DAY)
    text = pdf_text(bytes(report.pdf))
    sections = [
        "Test Casino: gaming day 2025-03-10",
        "Totals",
        "Hold against theoretical hold per game, this gaming day",
        "Charts",
        "Per game",
        "Gaming day: 2025-03-10 to 2025-03-10",
        "Month to date: 2025-03-01 to 2025-03-10",
        "Year to date: 2025-01-01 to 2025-03-10",
        "Per table",
        "Per dealer",
        "Per table and dealer",
        "Maximum-payout cap hits",
        "Large payouts",
        "Voids approved this day",
        "Payout corrections approved this day",
    ]
    assert [text.index(title) for title in sections] == sorted(
        text.index(title) for title in sections
    )
    # The totals of the day, the month and the year: rounds, wagered, paid, house, hold,
    # theoretical (every stake priced, so unmarked), variance.
    totals = re.findall(
        r"(Gaming day|Month to date|Year to date) \S+ \S+ (\d+) (\S+) (\S+) (\S+) (\S+)"
        r" (\S+) (\S+)",
        text,
    )
    # Amounts grouped by thousands, as people read them (the JSON keeps "5690.00").
    assert totals == [
        ("Gaming day", "7", "725.00", "5,690.00", "-4,965.00", "-684.83", "5.03", "-689.86"),
        ("Month to date", "8", "925.00", "5,880.00", "-4,955.00", "-535.68", "5.03", "-540.71"),
        ("Year to date", "9", "955.00", "5,930.00", "-4,975.00", "-520.94", "5.03", "-525.97"),
    ]
    assert re.search(
        rf"RP-1 Russian Poker dealer \d+ {known_day['r2'].pk} 1 bet .*100\.00 15,100\.00"
        r" 5,100\.00 10,000\.00 max_payout_per_box",
        text,
    )
