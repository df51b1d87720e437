"""The figure that must stay 0: the rounds of a gaming day in which an event was recorded by a
dealer not qualified for the round's game at that event's time. In the gaming-day report (its
JSON, CSV and PDF) and in the nightly check, which names each such round and raises an alert.

A qualification counts as it stood when the event was recorded: a later revocation or expiry
does not make an earlier round wrong. Every round here is dealt through the services, as a
tablet deals it; the one that counts is dealt by a dealer whose qualification expired while
seated (a dealer is asked at the assignment alone, never at each action)."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

import pypdf
import pytest

from audit.models import GamingDayReport, ReportStatus
from audit.services.checks import cross_check_run
from audit.services.cross_checks import cross_check
from audit.services.dealt_unqualified import rounds_dealt_unqualified
from audit.services.reports.build import report_build, report_request
from casino.core.models import Alert, AlertKind
from casino.core.roles import Role
from casino.demo.history import play_demo_rounds
from casino.identity.models import Qualification
from casino.identity.qualifications import qualification_record, qualification_revoke
from payouts.services.settlement import round_settle
from tables.models import Game, Round, Table
from tables.services.paid import round_payouts_confirm
from tables.services.rounds import round_open
from tables.services.tables import dealer_assign
from tests.fixtures import use_paytables
from tests.russian_round import play_through_the_services

pytestmark = pytest.mark.django_db


def _local(casino: Any, day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    """The instant of ``day`` at ``hour:minute`` on the casino's wall clock."""
    zone = ZoneInfo(casino.time_zone)
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone)


def _deal_a_russian_round(table: Table, dealer: Any) -> Round:
    """The four-box round of ``tests.russian_round`` dealt, settled and paid by ``dealer``."""
    opened = round_open(table_id=table.pk, dealer=dealer)
    play_through_the_services(opened, dealer)
    round_settle(round_id=opened.pk, actor=dealer)
    round_payouts_confirm(round_id=opened.pk, actor=dealer)
    return Round.objects.get(pk=opened.pk)


def _report(users: dict[str, Any], day: dt.date) -> GamingDayReport:
    report = report_request(actor=users["auditor"], gaming_day=day)
    report = report_build(report_id=report.pk)
    assert report.status == ReportStatus.DONE, report.error
    return report


def _tables(floor: dict[str, Any]) -> list[int]:
    return list(Table.objects.filter(pit__casino=floor["casino"]).values_list("pk", flat=True))


def _unqualified() -> list[tuple[int | None, int | None, str]]:
    return [
        (m.round_id, m.table_id, m.detail) for m in cross_check() if m.kind == "dealer_unqualified"
    ]


@pytest.fixture
def expired_mid_shift(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    gaming_day: dt.date,
    time_machine: Any,
) -> dict[str, Any]:
    """A trainee qualified for Russian Poker through a gaming day (``day``, two days ahead of
    the casino's today) is seated at RP-1 that evening and deals a round; still seated after
    the gaming day has turned (06:00), deals another on ``next_day``, no longer qualified."""
    casino, table = audit_floor["casino"], audit_floor["table"]
    day = gaming_day + dt.timedelta(days=2)
    next_day = day + dt.timedelta(days=1)
    time_machine.move_to(_local(casino, day, 20), tick=True)
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    qualification_record(
        dealer_id=trainee.pk,
        game=Game.RUSSIAN_POKER,
        evidence_kind="training",
        evidence_reference="RP course 12",
        qualified_on=dt.date(2025, 3, 1),
        expires_on=day,
        actor=users["pit_boss"],
    )
    dealer_assign(table_id=table.pk, dealer=trainee, actor=users["pit_boss"])
    qualified = _deal_a_russian_round(table, trainee)
    time_machine.move_to(_local(casino, next_day, 6, 30), tick=True)
    unqualified = _deal_a_russian_round(table, trainee)
    assert (qualified.gaming_day, unqualified.gaming_day) == (day, next_day)
    return {
        "trainee": trainee,
        "qualified": qualified,
        "unqualified": unqualified,
        "day": day,
        "next_day": next_day,
    }


def test_a_round_dealt_after_the_qualification_expired_is_counted_and_the_one_before_not(
    audit_floor: dict[str, Any], users: dict[str, Any], expired_mid_shift: dict[str, Any]
) -> None:
    tables = _tables(audit_floor)
    day, next_day = expired_mid_shift["day"], expired_mid_shift["next_day"]
    assert rounds_dealt_unqualified(tables=tables, day=day) == 0
    assert rounds_dealt_unqualified(tables=tables, day=next_day) == 1
    # The figure of the gaming-day report, as each of its documents says it.
    report = _report(users, next_day)
    assert report.payload["rounds_dealt_unqualified"] == 1
    assert "rounds_dealt_unqualified,1\n" in report.csv
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(report.pdf)).pages)
    assert "Rounds dealt by a dealer not qualified for the game: 1" in text
    assert _report(users, day).payload["rounds_dealt_unqualified"] == 0


def test_the_nightly_check_names_the_round_and_raises_its_alert_once(
    audit_floor: dict[str, Any], expired_mid_shift: dict[str, Any]
) -> None:
    unqualified = expired_mid_shift["unqualified"]
    trainee = expired_mid_shift["trainee"]
    assert _unqualified() == [
        (
            unqualified.pk,
            audit_floor["table"].pk,
            f"event 1 of the round was recorded by dealer {trainee.pk}, not qualified for "
            "russian_poker then",
        )
    ]
    cross_check_run()
    cross_check_run()
    alerts = Alert.objects.filter(kind=AlertKind.DEALER_UNQUALIFIED)
    assert [(a.table_id, a.severity, a.details["mismatch"]["round_id"]) for a in alerts] == [
        (audit_floor["table"].pk, "critical", unqualified.pk)
    ]
    assert not Alert.objects.filter(kind=AlertKind.RECORD_UNAUDITED).exists()


def test_a_revocation_after_the_rounds_were_dealt_leaves_them_as_they_were(
    audit_floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    """The dealer deals at RP-1, is relieved, and loses the Russian Poker qualification: the
    rounds dealt before stay rounds dealt by a qualified dealer."""
    table, dealer = audit_floor["table"], users["dealer"]
    dealt = _deal_a_russian_round(table, dealer)
    dealer_assign(
        table_id=table.pk, dealer=make_user("relief", Role.DEALER), actor=users["pit_boss"]
    )
    russian = Qualification.objects.get(dealer=dealer, game=Game.RUSSIAN_POKER)
    qualification_revoke(qualification_id=russian.pk, reason="lapsed", actor=users["pit_boss"])
    assert rounds_dealt_unqualified(tables=_tables(audit_floor), day=dealt.gaming_day) == 0
    assert _unqualified() == []


def test_the_figure_is_0_across_a_gaming_day_of_every_game(
    audit_floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    """Rounds of Russian Poker (RP-1, RP-9), Ruby Run and Red Dog, dealt by qualified dealers
    seated through the services: none counts, in the figure, the report or the check."""
    from casino.demo.floor import POT_GAME_HOUSE_EDGE, POT_PAYTABLES, _paytable

    for code in ("RR-1", "RD-1"):
        table = audit_floor[code]
        use_paytables(
            table,
            _paytable(
                POT_PAYTABLES[table.game], table.game, "main", {}, house_edge=POT_GAME_HOUSE_EDGE
            ),
        )
        seated = make_user(f"{code}-dealer", Role.DEALER)
        dealer_assign(table_id=table.pk, dealer=seated, actor=users["pit_boss"])
    assert play_demo_rounds(rounds=1, seed=7) == 4
    dealt = Round.objects.all()
    assert sorted(dealt.values_list("game", flat=True)) == sorted(
        ["russian_poker", "russian_poker", "ruby_run", "red_dog"]
    )
    # The day's (or, dealt across a gaming day's start, both days').
    days = sorted(set(dealt.values_list("gaming_day", flat=True)))
    for day in days:
        assert rounds_dealt_unqualified(tables=_tables(audit_floor), day=day) == 0
        assert _report(users, day).payload["rounds_dealt_unqualified"] == 0
    assert _unqualified() == []


def test_the_round_s_story_names_its_dealer_with_the_qualification_in_force_then(
    users: dict[str, Any],
    expired_mid_shift: dict[str, Any],
    client_for: Callable[[str | None], Any],
) -> None:
    """The proof of who dealt: the story of the round dealt while qualified names the trainee
    with the training on record; the one dealt after the expiry, with none."""
    trainee = expired_mid_shift["trainee"]
    auditor = client_for("auditor")

    def dealers(round: Round) -> list[dict[str, Any]]:
        answer = auditor.get(f"/api/v1/rounds/{round.pk}/story/")
        assert answer.status_code == 200, answer.json()
        return answer.json()["dealers"]  # type: ignore[no-any-return]

    held = Qualification.objects.get(dealer=trainee)
    [qualified] = dealers(expired_mid_shift["qualified"])
    assert qualified == {
        "dealer": {"id": trainee.pk, "name": "trainee"},
        "events": list(range(1, 17)),
        "qualification": {
            "id": held.pk,
            "evidence_kind": "training",
            "evidence_reference": "RP course 12",
            "qualified_on": "2025-03-01",
            "expires_on": expired_mid_shift["day"].isoformat(),
            "recorded_by": {"id": users["pit_boss"].pk, "name": "pit_boss"},
        },
        # No rotation plan of the pit was ever saved.
        "slot": None,
    }
    [unqualified] = dealers(expired_mid_shift["unqualified"])
    assert unqualified["dealer"]["name"] == "trainee"
    assert unqualified["qualification"] is None
