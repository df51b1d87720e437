"""The pit boss's pit board in a real browser: signing in, the floor at a glance, changes and
alerts arriving without a reload, acknowledging, going offline and back, the refusals.

The site is served by uvicorn, as the push server serves it (pages, API and the pit's event
stream on one origin), from the suite's committed data; the screenshots are what a pit boss
sees.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Iterator
from decimal import Decimal as D
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from payouts.models import TableDayTotals
from payouts.services.house_edges import house_edge_compute, house_edges_request
from tables.services.rounds import round_act, round_open
from tests.browser.site import Site
from tests.fixtures import main_paytable, use_paytables

pytestmark = pytest.mark.django_db(transaction=True)


def sign_in(page: Any, site: Any, username: str) -> None:
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", f"pw-{username}")
    page.click("button[type=submit]")


def no_dealer_alert(floor: dict[str, Any], cause: str) -> Any:
    """A "no dealer" alert raised at the floor's table, ``cause`` making it one of its own."""
    from casino.core.alerts import alert_record_apart
    from casino.core.models import AlertKind

    table = floor["table"]
    alert = alert_record_apart(
        kind=AlertKind.TABLE_NO_DEALER,
        cause=f"table:{table.pk}:{cause}",
        casino_id=floor["casino"].pk,
        table_id=table.pk,
    )
    assert alert is not None
    return alert


def test_a_pit_boss_signs_in_and_reads_the_floor(
    site: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    table = floor["table"]
    # RP-1 plays the standard paytable, whose house edge is computed from the rules.
    use_paytables(table, main_paytable())
    [asked] = house_edges_request()
    edge = house_edge_compute(asked.pk)
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=round.last_event_seq,
        action="place_wagers",
        data={"box": 1, "player": "P1", "ante": D(10)},
    )
    sign_in(page, site, "pit_boss")
    # One pit: straight to its board.
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
    card = page.locator("[data-table='RP-1']")
    card.wait_for()
    assert "Russian Poker" in card.inner_text()
    assert "dealer" in card.locator(".dealer").inner_text()
    assert "Round 1" in card.locator(".round").inner_text()
    assert "since last action" in card.locator(".round").inner_text()
    # The other pit's table is not on this board.
    assert page.locator("[data-table='RP-9']").count() == 0
    totals = page.locator("#totals").inner_text()
    assert "TABLES OPEN" in totals.upper() and "1 / 1" in totals
    screenshot(page, "board")
    card.click()
    dialog = page.locator("#table-detail")
    dialog.wait_for()
    assert "RP-1 · Russian Poker" in dialog.inner_text()
    # Its last rounds: the one in play, with no money yet.
    assert dialog.locator("tr[data-round='1']").inner_text().split("\t")[:3] == [
        "1",
        "open",
        "dealer",
    ]

    # The table's house edge, computed, by Ante band (its table maximum binds at the larger
    # Antes), each with its interval, and how it was obtained.
    def percent(fraction: D) -> D:
        return (fraction * 100).quantize(D("0.01"))

    bands = list(edge.bands.all())
    assert len(bands) > 1
    assert dialog.locator("#house-edge li").all_inner_texts() == [
        *(
            f"Ante {b.ante_from} and up: {percent(b.main_per_ante)} % (95 %:"
            f" {percent(b.main_low)} to {percent(b.main_high)})"
            for b in bands
        ),
        f"of the Ante; {bands[0].rounds:,} rounds a band, guide strategy",
    ]
    # On a tablet held upright the bands still fit the detail, each on one line of its own.
    page.set_viewport_size({"width": 768, "height": 1024})
    edge_box, dialog_box = dialog.locator("#house-edge").bounding_box(), dialog.bounding_box()
    assert edge_box is not None and dialog_box is not None
    assert edge_box["x"] >= dialog_box["x"]
    assert edge_box["x"] + edge_box["width"] <= dialog_box["x"] + dialog_box["width"]
    lines = dialog.locator("#house-edge li")
    heights = [lines.nth(n).bounding_box()["height"] for n in range(lines.count())]
    assert max(heights) < 1.5 * min(heights)  # none wrapped onto a second line
    screenshot(page, "detail-768x1024")
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "detail")


def test_a_wrong_password_is_refused_on_the_sign_in_page(
    site: Any, page: Any, users: dict[str, Any]
) -> None:
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", "pit_boss")
    page.fill("input[name=password]", "not-it")
    page.click("button[type=submit]")
    assert "/sign-in/" in page.url
    assert "correct username and password" in page.locator(".error").inner_text()


def test_the_other_pits_boss_cannot_open_this_pits_board(
    site: Any, page: Any, floor: dict[str, Any]
) -> None:
    sign_in(page, site, "other_pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['other_table'].pit_id}/")
    response = page.goto(f"{site.url}/pit/{floor['pit'].pk}/")
    assert response is not None and response.status == 403


def test_the_board_needs_a_sign_in(site: Any, page: Any, floor: dict[str, Any]) -> None:
    page.goto(f"{site.url}/pit/{floor['pit'].pk}/")
    assert "/sign-in/" in page.url


def test_a_pit_boss_acknowledges_an_alert_on_the_board(
    site: Any, page: Any, floor: dict[str, Any], screenshot: Callable[..., Path]
) -> None:
    from casino.core.models import Alert

    alert = no_dealer_alert(floor, "browser")
    sign_in(page, site, "pit_boss")
    item = page.locator(f"[data-alert='{alert.pk}']")
    item.wait_for()
    assert "Open table without a dealer" in item.inner_text()
    assert "RP-1" in item.inner_text()
    # The table's card is drawn apart from the alert list: wait for its badge, not assume it.
    page.locator("[data-table='RP-1'] .badge", has_text="⚠ 1").wait_for()
    screenshot(page, "alert")
    item.locator("input").fill("Dealer relief arrived")
    item.locator("button").click()
    page.locator("#alert-list .empty").wait_for()
    acknowledged = Alert.objects.get(pk=alert.pk).acknowledgement
    assert acknowledged.note == "Dealer relief arrived"
    assert acknowledged.acknowledged_by.username == "pit_boss"
    page.locator("[data-table='RP-1'] .badge").wait_for(state="detached")
    assert page.locator("[data-table='RP-1'] .badge").count() == 0


def test_the_board_follows_the_floor_live_and_marks_itself_offline(
    site: Site,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    from casino.core.alerts import alert_record_apart
    from casino.core.models import AlertKind

    table = floor["table"]
    sign_in(page, site, "pit_boss")
    connection = page.locator("#connection")
    page.wait_for_function("document.getElementById('connection')?.dataset.state === 'live'")
    card = page.locator("[data-table='RP-1']")
    assert "Between rounds" in card.inner_text()
    # A dealer's round and action, made through the services and committed: on the board
    # without a reload.
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    card.locator(".round", has_text="Round 1 · betting").wait_for()
    round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=round.last_event_seq,
        action="place_wagers",
        data={"box": 1, "player": "P1", "ante": D(10)},
    )
    alert = alert_record_apart(
        kind=AlertKind.ROUND_IDLE,
        cause=f"round:{round.pk}:browser",
        casino_id=floor["casino"].pk,
        table_id=table.pk,
        round_id=round.pk,
    )
    assert alert is not None
    page.locator(f"[data-alert='{alert.pk}']").wait_for()
    card.locator(".badge", has_text="⚠ 1").wait_for()
    screenshot(page, "live")
    # The push server stops: the board says it is offline, and live again once it is back.
    site.stop()
    page.wait_for_function("document.getElementById('connection')?.dataset.state === 'offline'")
    assert "Offline" in connection.inner_text()
    screenshot(page, "offline")
    site.start()
    page.wait_for_function(
        "document.getElementById('connection')?.dataset.state === 'live'", timeout=30_000
    )
    assert connection.inner_text() == "Live"


def test_the_demo_floor_on_the_board(
    site: Site, page: Any, screenshot: Callable[..., Path]
) -> None:
    """The floor `make run` loads, as its pit boss sees it, a dealer's round arriving live."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.core.management import call_command

    from casino.core.roles import Role
    from casino.demo.history import DEMO_ROUNDS
    from tables.models import Table

    # The role groups come from a data migration, which an earlier transactional test's flush
    # removed.
    for role in Role:
        Group.objects.get_or_create(name=role.value)
    call_command("load_demo_floor", stdout=io.StringIO())
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", "pitboss")
    page.fill("input[name=password]", "demo-password")
    page.click("button[type=submit]")
    page.wait_for_function("document.getElementById('connection')?.dataset.state === 'live'")
    for code, game, dealer in (
        ("RP-1", "Russian Poker", "dealer1"),
        ("RR-1", "Ruby Run", "dealer2"),
        ("RD-1", "Red Dog", "dealer3"),
    ):
        card = page.locator(f"[data-table='{code}']")
        assert game in card.inner_text() and dealer in card.inner_text()
        # The rounds the demo played this morning are on the board.
        assert f"Today\n{DEMO_ROUNDS}" in card.inner_text(), card.inner_text()
    dealer = get_user_model().objects.get(username="dealer1")
    round_open(table_id=Table.objects.get(code="RP-1").pk, dealer=dealer)
    page.locator("[data-table='RP-1'] .round", has_text=f"Round {DEMO_ROUNDS + 1}").wait_for()
    screenshot(page, "demo")


@pytest.fixture
def wide(browser: Any) -> Iterator[Any]:
    """A laptop's page, 1440x900, the size the pit boss's board is looked at."""
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


def test_an_alert_says_its_figures_and_leads_to_its_round(
    site: Site,
    wide: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    """A capped payout says the round, the box and what was withheld; a large payout its
    amount; each leads to the round on the workbench."""
    from casino.core.alerts import alert_record_apart
    from casino.core.models import AlertKind

    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    scope = round.alert_scope()
    capped = alert_record_apart(
        kind=AlertKind.PAYOUT_CAPPED,
        cause=f"round:{round.pk}",
        details={
            "round": round.number,
            "withheld": "15000.00",
            "lines": [{"box": 3, "line": "bet", "computed": "20000.00", "paid": "5000.00"}],
        },
        **scope,
    )
    large = alert_record_apart(
        kind=AlertKind.LARGE_PAYOUT,
        cause="payout_line:browser",
        details={
            "round": round.number,
            "box": 2,
            "line": "bonus",
            "paid": "6000.00",
            "threshold": "5000.00",
        },
        **scope,
    )
    assert capped is not None and large is not None
    sign_in(wide, site, "pit_boss")
    item = wide.locator(f"[data-alert='{capped.pk}']")
    item.locator(".facts").wait_for()
    assert item.locator(".facts").inner_text() == "Round 1 · box 3: 15,000.00 withheld"
    assert "box 2: 6,000.00 paid" in wide.locator(f"[data-alert='{large.pk}'] .facts").inner_text()
    screenshot(wide, "alert-figures")
    item.get_by_role("link", name="Open the round").click()
    wide.wait_for_url(f"{site.url}/audit/rounds/{round.pk}/")


def test_an_empty_note_is_said_to_be_needed_and_the_field_keeps_its_width(
    site: Site, wide: Any, floor: dict[str, Any], screenshot: Callable[..., Path]
) -> None:
    """Acknowledge tapped with no note: the board says the note is needed, sends nothing, and
    the note field keeps its width; then a note and a double tap acknowledge it once."""
    from casino.core.models import Alert, AlertAcknowledgement

    alert = no_dealer_alert(floor, "empty-note")
    sign_in(wide, site, "pit_boss")
    item = wide.locator(f"[data-alert='{alert.pk}']")
    item.wait_for()
    note = item.locator("input[name=note]")
    width_before = note.bounding_box()["width"]
    item.get_by_role("button", name="Acknowledge").click()
    refusal = item.locator(".error")
    refusal.wait_for()
    assert refusal.inner_text() == "Write a note first: what was done about it."
    assert note.bounding_box()["width"] >= min(width_before, 150)
    assert not AlertAcknowledgement.objects.filter(alert_id=alert.pk).exists()
    screenshot(wide, "note-needed")
    note.fill("Relief dealer on the way")
    item.get_by_role("button", name="Acknowledge").dblclick()
    wide.locator("#alert-list .empty").wait_for()
    assert Alert.objects.get(pk=alert.pk).acknowledgement.note == "Relief dealer on the way"


def test_a_note_being_typed_survives_the_floor_changing_under_it(
    site: Site, wide: Any, floor: dict[str, Any]
) -> None:
    """A pit boss types a note on one alert while another is raised at the pit: the board
    takes the new alert without a reload, and the note, its field and its focus are untouched
    (the board used to draw every alert again on each change of the floor, wiping the note)."""
    first = no_dealer_alert(floor, "typing-first").pk
    sign_in(wide, site, "pit_boss")
    note = wide.locator(f"[data-alert='{first}'] input[name=note]")
    note.click()
    note.press_sequentially("Relief dealer")
    second = no_dealer_alert(floor, "typing-second").pk
    wide.locator(f"[data-alert='{second}']").wait_for()
    note.press_sequentially(" on the way")
    assert note.input_value() == "Relief dealer on the way"
    assert note.evaluate("field => document.activeElement === field")


def test_the_card_is_the_pit_boss_s_to_do_list_and_follows_the_floor(
    site: Site,
    wide: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    """Left open while others act: a count, a slip, a change of limits and a correction asked
    elsewhere appear on the table's card without a reload, each with its action, and leave
    once decided there."""
    from payouts.models import ChipSlip, Correction
    from payouts.services import slips, trays
    from payouts.services.corrections import correction_request
    from tables.models import LimitChangeRequest
    from tables.services.limits import table_limits_change
    from tests.payouts.tray.trays import chips_made

    table = floor["table"]
    chips_made(floor["casino"].pk, users["admin"])
    sign_in(wide, site, "pit_boss")
    wide.wait_for_function("document.getElementById('connection')?.dataset.state === 'live'")
    card = wide.locator("[data-table='RP-1']")

    count = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips={"5.00": 100}, actor=users["dealer"]
    )
    row = card.locator(f"[data-waiting='count:{count.pk}']")
    row.wait_for()
    assert "Opener 500.00 counted by dealer" in row.inner_text()
    row.get_by_role("button", name="Confirm").dblclick()
    row.wait_for(state="detached")
    assert count.__class__.objects.get(pk=count.pk).decision.confirmed

    slip = slips.slip_request(
        table_id=table.pk, kind="fill", chips={"25.00": 20}, actor=users["dealer"]
    )
    table_limits_change(
        table_id=table.pk,
        actor=users["admin"],
        limits={"max_table_payout": None},
        reason="high rollers tonight",
    )
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    correction_request(round_id=round.pk, actor=users["dealer"], kind="void", reason="misdeal")
    slip_row = card.locator(f"[data-waiting='slip:{slip.pk}']")
    slip_row.wait_for()
    assert f"Fill #{slip.number} 500.00 asked by dealer" in slip_row.inner_text()
    limits = card.locator("[data-waiting^='limit_change:']")
    limits.wait_for()
    assert "max_table_payout=none" in limits.inner_text()
    correction = card.locator("[data-waiting^='correction:']")
    correction.wait_for()
    # A void is decided on the card (``test_decided_on_the_board``), its round a link away.
    assert correction.get_by_role("button", name="Void it").count() == 1
    assert (
        correction.get_by_role("link", name="Open the round").get_attribute("href")
        == f"/audit/rounds/{round.pk}/"
    )
    screenshot(wide, "to-do")

    slip_row.get_by_role("button", name="Approve").click()
    slip_row.wait_for(state="detached")
    assert [s.step for s in ChipSlip.objects.get(pk=slip.pk).steps.all()] == ["approved"]
    limits.get_by_role("button", name="Approve").click()
    limits.wait_for(state="detached")
    assert LimitChangeRequest.objects.get().decision.approved
    assert Correction.objects.get().status == "requested"  # not decided by the other rows' taps


def test_the_open_table_detail_follows_its_tray(
    site: Site, wide: Any, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The table's detail left open while the dealer counts: the count to confirm appears in
    it without a reload."""
    from payouts.services import trays
    from tests.payouts.tray.trays import chips_made

    chips_made(floor["casino"].pk, users["admin"])
    sign_in(wide, site, "pit_boss")
    wide.wait_for_function("document.getElementById('connection')?.dataset.state === 'live'")
    wide.locator("[data-table='RP-1'] .code").click()
    wide.locator("#table-detail .tray").wait_for()
    count = trays.tray_count_enter(
        table_id=floor["table"].pk, kind="opener", chips={"5.00": 40}, actor=users["dealer"]
    )
    wide.locator(f"#table-detail [data-count='{count.pk}']").wait_for()
    assert "Opener 200.00" in wide.locator(f"#table-detail [data-count='{count.pk}']").inner_text()


def test_times_are_the_casino_s_and_say_so(
    site: Site, wide: Any, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """A casino in Tokyo watched from a browser in UTC: the dealer's start is Tokyo's time,
    and the bar names the zone."""
    import datetime as dt
    from zoneinfo import ZoneInfo

    from tables.models import DealerAssignment

    casino = floor["casino"]
    casino.time_zone = "Asia/Tokyo"
    casino.save()
    since = DealerAssignment.objects.get(table=floor["table"]).started_at
    expected = since.astimezone(ZoneInfo("Asia/Tokyo")).strftime("%H:%M")
    assert expected != since.astimezone(dt.UTC).strftime("%H:%M")
    sign_in(wide, site, "pit_boss")
    dealer = wide.locator("[data-table='RP-1'] .dealer")
    dealer.wait_for()
    assert dealer.inner_text() == f"dealer since {expected}"
    assert wide.locator("#zone").inner_text() == "Times in Asia/Tokyo"


def test_the_detail_closed_while_a_pushed_change_redraws_it_stays_closed(
    site: Site,
    wide: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    """The pit boss has a table's detail open; a change at the table is pushed and the detail
    asks for the table again; Close is tapped before the answer comes. The answer, once it
    comes, does not open the detail again under the pit boss's next tap."""
    table = floor["table"]
    sign_in(wide, site, "pit_boss")
    wide.wait_for_function("document.getElementById('connection')?.dataset.state === 'live'")
    wide.locator("[data-table='RP-1'] .code").click()
    detail = wide.locator("#table-detail")
    detail.locator("h2", has_text="RP-1").wait_for()
    wide.wait_for_function("!document.getElementById('table-detail').hasAttribute('aria-busy')")

    # The redraw's request is held until the pit boss has closed the detail.
    held: list[Any] = []
    wide.route(f"**/api/v1/tables/{table.pk}/view/", lambda route: held.append(route))
    with wide.expect_request(lambda request: f"/tables/{table.pk}/view/" in request.url):
        round_open(table_id=table.pk, dealer=users["dealer"])
    # The redraw is on its way (and its held request, sent before, has reached the test).
    wide.wait_for_function("document.getElementById('table-detail').hasAttribute('aria-busy')")
    assert len(held) == 1
    detail.get_by_role("button", name="Close").click()
    wide.wait_for_function("!document.getElementById('table-detail').open")
    held[0].continue_()
    wide.unroute(f"**/api/v1/tables/{table.pk}/view/")
    # The redraw has come and gone: the detail is no longer being drawn, and stays closed.
    wide.wait_for_function("!document.getElementById('table-detail').hasAttribute('aria-busy')")
    assert not wide.evaluate("document.getElementById('table-detail').open")
    screenshot(wide, "closed")
    # The board goes on as ever: the card opens its detail again, with the round opened.
    wide.locator("[data-table='RP-1'] .code").click()
    detail.locator("tr[data-round='1']").wait_for()


def test_a_theoretical_hold_over_part_of_the_stakes_says_on_what_share_it_stands(
    site: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    """The day at RP-1 so far: 100 staked, of which 40 had a price and that price takes
    nothing. "Theo 0.00 %" alone would read as the whole table's; the board says its share."""
    now = timezone.now()
    TableDayTotals.objects.create(
        table=floor["table"],
        gaming_day=floor["casino"].clock.day_of(now),
        rounds=4,
        wagered=D("100.00"),
        paid=D("90.00"),
        house_result=D("10.00"),
        theoretical_result=D("0"),
        theoretical_base=D("40.00"),
        updated_at=now,
    )
    sign_in(page, site, "pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
    card = page.locator("[data-table='RP-1']")
    card.wait_for()
    figures = card.locator(".figures").inner_text().split("\n")
    assert figures[-4:] == ["Hold", "10.00 % / 0.00 %", "Theo on", "40.00 % of stakes"]
    assert "theo 0.00 % on 40.00 % of stakes" in page.locator("#totals").inner_text()
    screenshot(page, "board")
    for width, height in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"board-{width}x{height}")


def test_a_table_s_dealer_shows_the_pace_of_the_day_there(
    site: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    time_machine: Any,
    screenshot: Callable[..., Path],
) -> None:
    """Two rounds of 45 seconds, 15 seconds apart, by RP-1's dealer, in the casino's gaming day
    of now (the served site reads the day from its own clock): a cycle of a minute, 60 rounds
    an hour, beside the dealer's name, not below the norm."""
    from payouts.services.settlement import round_settle
    from tables.services.paid import round_payouts_confirm
    from tests.russian_round import RP01_ROUND, play_through_the_services

    table, dealer = floor["table"], users["dealer"]
    use_paytables(table, main_paytable())
    now = timezone.now()
    casino = floor["casino"]
    day_opened = dt.datetime.combine(
        casino.clock.day_of(now), dt.time(casino.gaming_day_start_hour), ZoneInfo(casino.time_zone)
    )
    # Ten minutes ago, or just after the day opened when it opened less than that ago.
    start = max(now - dt.timedelta(minutes=10), day_opened + dt.timedelta(minutes=1))
    for opens in (0, 60):
        time_machine.move_to(start + dt.timedelta(seconds=opens), tick=False)
        opened = round_open(table_id=table.pk, dealer=dealer)
        play_through_the_services(opened, dealer, RP01_ROUND)
        time_machine.move_to(start + dt.timedelta(seconds=opens + 45), tick=False)
        round_settle(round_id=opened.pk, actor=dealer)
        round_payouts_confirm(round_id=opened.pk, actor=dealer)
    # Back to the clock the served site keeps, for the rest of the test.
    time_machine.move_to(now, tick=True)

    sign_in(page, site, "pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
    pace = page.locator("[data-table='RP-1'] .dealer .pace")
    pace.wait_for()
    assert pace.inner_text().strip() == "· pace 60.0 an hour"
    assert "below-norm" not in (pace.get_attribute("class") or "")
    assert pace.get_attribute("title") == "Norm 35.0 an hour"
    screenshot(page, "board-pace")
