"""The dealer's own page in a real browser: a dealer signs in and lands on it, reads the games
they are qualified for, and a week of their gaming days: their pace against the norm and their
accuracy, equal to the figures this test computes from its own script; the week before, and a
week with no rounds said in a sentence. Another dealer's figures never appear.

The rounds are played at fixed instants (the casino's gaming days of those instants), and the
page is opened at that week by its last day: the served site keeps the machine's clock, so the
week it shows by default is ``tests/surfaces/test_page_permissions.py``'s to test.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.utils import timezone

from tests.browser.site import Site
from tests.browser.tablet_app import WAIT_MS
from tests.browser.test_pit_board import sign_in
from tests.fixtures import main_paytable, use_paytables

pytestmark = pytest.mark.django_db(transaction=True)

#: Noon UTC: inside one gaming day in every zone the tests run in.
NOON = dt.datetime(2026, 3, 11, 12, 0, tzinfo=dt.UTC)
ROUND_S, GAP_S = 45, 15
THOUSAND = D(1000)


def _gaming_day(casino: Any, instant: dt.datetime) -> dt.date:
    """The casino's gaming day of ``instant``, computed apart from the product's clock: the
    local date, a day earlier before the day's start hour."""
    local = instant.astimezone(ZoneInfo(casino.time_zone))
    return (local - dt.timedelta(hours=casino.gaming_day_start_hour)).date()


def _play(table: Any, dealer: Any, starts: dt.datetime, count: int, time_machine: Any) -> list[Any]:
    """``count`` RP01 rounds at ``table`` by ``dealer`` from ``starts``: each ROUND_S seconds
    from its opening to its settlement, GAP_S seconds after the one before."""
    from payouts.services.settlement import round_settle
    from tables.services.paid import round_payouts_confirm
    from tables.services.rounds import round_open
    from tests.russian_round import RP01_ROUND, play_through_the_services

    played = []
    for n in range(count):
        opens = starts + dt.timedelta(seconds=n * (ROUND_S + GAP_S))
        time_machine.move_to(opens, tick=False)
        opened = round_open(table_id=table.pk, dealer=dealer)
        play_through_the_services(opened, dealer, RP01_ROUND)
        time_machine.move_to(opens + dt.timedelta(seconds=ROUND_S), tick=False)
        round_settle(round_id=opened.pk, actor=dealer)
        round_payouts_confirm(round_id=opened.pk, actor=dealer)
        played.append(opened)
    return played


def _decided(round: Any, kind: str, amount: D | None, asker: Any, boss: Any) -> None:
    """A void, or a payout correction of ``amount`` on box 1's bet, asked and approved."""
    from payouts.services.corrections import LineInput, correction_approve, correction_request

    lines = [] if amount is None else [LineInput(box=1, line="bet", amount=amount)]
    asked = correction_request(
        round_id=round.pk, actor=asker, kind=kind, reason="as seen", lines=lines
    )
    correction_approve(correction_id=asked.pk, actor=boss)


def _per_1000(count: int, rounds: int) -> str:
    return str((D(count) * THOUSAND / rounds).quantize(D("0.01")))


def _per_hour(round_s: int, gap_s: int | None) -> str:
    return str((D(3600) / (round_s + (gap_s or 0))).quantize(D("0.1")))


def test_a_dealer_reads_their_own_week_and_the_week_before(
    site: Site,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    time_machine: Any,
    screenshot: Callable[..., Path],
) -> None:
    """The dealer: three rounds at RP-1 in the week, the third voided and the first underpaid
    by 15.00, corrected; one round the week before. The other dealer: two rounds at RP-9 in
    the same week, one corrected by 8.00 against the players. Two entries refused to the dealer,
    one to the other. A Red Dog qualification of the dealer's is revoked."""
    from casino.identity.models import Qualification
    from casino.identity.qualifications import qualification_revoke
    from tables.services.refusals import refusal_record

    now = timezone.now()
    casino, dealer, boss = floor["casino"], users["dealer"], users["pit_boss"]
    paytable = main_paytable()
    for table in (floor["table"], floor["other_table"]):
        use_paytables(table, paytable)
    _play(floor["table"], dealer, NOON - dt.timedelta(days=7), 1, time_machine)
    week = _play(floor["table"], dealer, NOON, 3, time_machine)
    others = _play(floor["other_table"], users["other_dealer"], NOON, 2, time_machine)
    _decided(week[2], "void", None, dealer, boss)
    _decided(week[0], "payout_correction", D(15), dealer, boss)
    _decided(others[0], "payout_correction", D(-8), users["other_dealer"], users["other_pit_boss"])
    # Two of the dealer's entries refused at RP-1 in the week, one of the other dealer's at RP-9.
    for table, who, code in (
        (floor["table"], dealer, "stale_event"),
        (floor["table"], dealer, "card_unknown"),
        (floor["other_table"], users["other_dealer"], "stale_event"),
    ):
        refusal_record(table_id=table.pk, dealer_id=who.pk, code=code, at=NOON)
    red_dog = Qualification.objects.get(dealer=dealer, game="red_dog")
    qualification_revoke(qualification_id=red_dog.pk, reason="failed a re-test", actor=boss)
    # Back to the clock the served site keeps, for the browser's waits.
    time_machine.move_to(now, tick=True)
    last = _gaming_day(casino, NOON)
    norm = settings.DEALER_PACE_NORMS["russian_poker"]

    page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, site, "dealer")
    page.wait_for_url(f"{site.url}/dealer/")
    page.goto(f"{site.url}/dealer/?casino={casino.pk}&last={last}")
    games = page.locator("#games tbody tr")
    games.first.wait_for(timeout=WAIT_MS)
    assert games.count() == 3
    revoked = page.locator("#games tr[data-game='red_dog'] .standing").inner_text()
    assert revoked.startswith("Revoked") and "failed a re-test" in revoked
    held = page.locator("#games tr[data-game='russian_poker'] td").all_inner_texts()
    evidence = "Training completed: fixture training"
    assert held == ["Russian Poker", "2000-01-01", evidence, "none", "Holds"]

    # The week: three rounds of 45 s, 15 s apart (the first's gap is the week's first, none).
    game_row = page.locator("#pace-table tr[data-table='all']")
    game_row.wait_for(timeout=WAIT_MS)
    assert game_row.locator(".rounds").inner_text() == "3"
    assert game_row.locator(".per-hour").inner_text() == _per_hour(ROUND_S, GAP_S)
    assert game_row.locator(".inside").inner_text() == f"{ROUND_S}.0"
    assert game_row.locator(".between").inner_text() == f"{GAP_S}.0"
    assert game_row.locator(".norm-value").inner_text() == str(D(norm).quantize(D("0.01")))
    assert game_row.locator(".norm").inner_text() == "above the norm"
    at_rp1 = page.locator("#pace-table tr[data-table='RP-1'][data-occupancy='1'] .rounds")
    assert at_rp1.inner_text() == "3"

    def figure(name: str) -> list[str]:
        return page.locator(f"#accuracy-table tr[data-figure='{name}'] td").all_inner_texts()

    assert figure("rounds")[:2] == ["3", "—"]
    assert figure("voids")[:2] == ["1", _per_1000(1, 3)]
    corrections = figure("payout-corrections")
    assert corrections[:2] == ["1", _per_1000(1, 3)]
    assert corrections[2] == "owed to players 15.00, recovered from players 0.00"
    assert figure("retractions") == ["0", _per_1000(0, 3), "in 0 retractions"]
    assert figure("refusals") == ["2", _per_1000(2, 3), "card unknown 1, stale event 1"]
    text = page.locator("main").inner_text()
    # Nobody else's: not the other dealer's table, nor what their correction recovered.
    assert "RP-9" not in text and "8.00" not in text and "other_dealer" not in text
    for width, height in ((1440, 900), (1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"week-{width}")

    page.click("#previous-week")
    page.wait_for_url(f"{site.url}/dealer/?casino={casino.pk}&last={last - dt.timedelta(days=7)}")
    game_row = page.locator("#pace-table tr[data-table='all']")
    game_row.wait_for(timeout=WAIT_MS)
    assert game_row.locator(".rounds").inner_text() == "1"
    assert game_row.locator(".per-hour").inner_text() == _per_hour(ROUND_S, None)
    assert game_row.locator(".between").inner_text() == "—"
    assert figure("voids")[:2] == ["0", _per_1000(0, 1)]
    assert figure("payout-corrections")[2] == "owed to players 0.00, recovered from players 0.00"

    page.click("#previous-week")
    empty = page.locator("#pace .none")
    empty.wait_for(timeout=WAIT_MS)
    assert empty.inner_text() == "You dealt no rounds in this week."
    assert page.locator("#accuracy .none").inner_text().startswith("You dealt no rounds")
    assert page.locator("#pace-table, #accuracy-table").count() == 0
    page.set_viewport_size({"width": 768, "height": 1024})
    screenshot(page, "empty-week-768")
