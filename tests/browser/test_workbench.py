"""The auditor's workbench in a real browser: searching rounds with the filters kept in the
URL, a round's story and replay, a correction requested by one pit boss and approved by
another, a replay mismatch marked, the reports listed and downloaded, the trail verified, and
who is refused what.

The site is served by uvicorn from the suite's committed data, with a place outside the
database for checkpoints of the test's own (``tests.browser.sealing_settings``), so the trail
can be sealed and verified and an evidence package exported. The screenshots, at a laptop's
size, are what an auditor or a pit boss sees.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Iterator
from decimal import Decimal as D
from pathlib import Path
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import connection

from audit.models import GamingDayReport
from casino.core.roles import Role
from payouts.models import Correction
from tables.models import Round
from tables.services.rounds import round_open
from tests.audit.conftest import audit_floor, play_rp01  # noqa: F401
from tests.audit.factories import Tablet, one_table_plan
from tests.browser.site import Site, lent_to_one_test
from tests.owner import as_owner

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1440, "height": 900}
#: The hour the story's rounds are played in, by the rotation plan of RP-1 saved before it: a
#: fixed instant before any run (the site's own clock is the machine's, and an export seals
#: rows no later than its own time).
PLANNED_HOUR = dt.datetime(2026, 11, 2, 14, 0, tzinfo=dt.UTC)


@pytest.fixture
def site(
    sealing_site: Site, django_db_blocker: Any, transactional_db: None, checkpoints: Path
) -> Iterator[Site]:
    """The sealing site, for this test: its data is committed, and flushed after it."""
    with lent_to_one_test(sealing_site, django_db_blocker) as lent:
        yield lent


@pytest.fixture
def laptop(browser: Any) -> Iterator[Callable[[], Any]]:
    """``laptop()``: a page in a fresh browser context (no cookies) at a laptop's size; each
    call is another person at another machine."""
    contexts: list[Any] = []

    def open_page() -> Any:
        context = browser.new_context(viewport=LAPTOP, accept_downloads=True)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def deputy(audit_floor: dict[str, Any], make_user: Any) -> Any:  # noqa: F811
    """A second pit boss of pit A, who decides what the first requests."""
    user = make_user("deputy_pit_boss", Role.PIT_BOSS)
    audit_floor["pit"].supervisors.add(user)
    return user


@pytest.fixture
def play_at(client_for: Callable[[str | None], Any]) -> Callable[..., Round]:
    """``play_at(table, dealer)``: RULES 1.13 vector RP01 at ``table`` by ``dealer``'s tablet:
    staked 30, paid 50."""

    def play(table: Any, dealer: str) -> Round:
        tablet = Tablet(client_for(dealer))
        tablet.open(table)
        tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
        tablet.act("close_bets")
        tablet.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
        tablet.act("deal_card", target="dealer", card="2c")
        tablet.act("bet", box=1)
        tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())
        tablet.settle()
        return Round.objects.get(pk=tablet.round_id)

    return play


def sign_in(page: Any, site: Site, username: str, then: str = "/audit/") -> None:
    page.goto(f"{site.url}/sign-in/?next={quote(then)}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", f"pw-{username}")
    page.click("button[type=submit]")
    page.wait_for_url(f"{site.url}{then}")


def results(page: Any) -> list[int]:
    """The round ids of the results on the page, once the search has answered."""
    page.wait_for_function("!document.getElementById('summary').textContent.startsWith('Search')")
    return [
        int(r)
        for r in page.locator("#results tbody tr[data-round]").evaluate_all(
            "rows => rows.map(row => row.dataset.round)"
        )
    ]


def test_an_auditor_searches_with_filters_and_opens_a_rounds_story(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    users: dict[str, Any],
    play_at: Callable[..., Round],
    screenshot: Callable[..., Path],
) -> None:
    # The plan puts the dealer at RP-1 for the hour; the rounds are played in it.
    with time_machine.travel(PLANNED_HOUR - dt.timedelta(minutes=30), tick=False):
        one_table_plan(
            table=audit_floor["table"],
            dealers=[users["dealer"]],
            start=PLANNED_HOUR,
            actor=users["pit_boss"],
        )
    with time_machine.travel(PLANNED_HOUR + dt.timedelta(minutes=5), tick=True):
        settled = play_at(audit_floor["table"], "dealer")
        elsewhere = play_at(audit_floor["other_table"], "other_dealer")
        in_play = round_open(table_id=audit_floor["table"].pk, dealer=users["dealer"])
    page = laptop()
    sign_in(page, site, "auditor")
    # Every round, newest first.
    assert results(page) == [in_play.pk, elsewhere.pk, settled.pk]
    row = page.locator(f"tr[data-round='{settled.pk}']")
    assert row.locator(".badge").first.inner_text() == "settled"
    assert row.locator("td.amount").all_inner_texts() == ["30.00", "50.00", "−20.00"]
    assert page.locator(f"tr[data-round='{in_play.pk}'] .badge").inner_text() == "open"
    # The pickers are filled: the tables from the API, the pits, the dealers.
    assert {"RP-1 · Pit A", "RP-9 · Pit B"} <= set(
        page.locator("select[name=table] option").all_inner_texts()
    )
    screenshot(page, "all")

    day = settled.gaming_day.isoformat()
    page.fill("input[name=day_from]", day)
    page.fill("input[name=day_to]", day)
    page.select_option("select[name=casino]", str(audit_floor["casino"].pk))
    page.select_option("select[name=pit]", str(audit_floor["pit"].pk))
    page.select_option("select[name=table]", str(audit_floor["table"].pk))
    page.select_option("select[name=game]", "russian_poker")
    page.select_option("select[name=dealer]", str(users["dealer"].pk))
    page.select_option("select[name=status]", "settled")
    page.fill("input[name=payout_above]", "49.99")
    page.select_option("select[name=cap_applied]", "false")
    page.select_option("select[name=corrected]", "false")
    page.select_option("select[name=replay_mismatch]", "false")
    page.click("#search button[type=submit]")
    page.wait_for_url("**status=settled**")
    assert results(page) == [settled.pk]
    for kept in ("day_from=" + day, "payout_above=49.99", "replay_mismatch=false", "dealer="):
        assert kept in page.url
    screenshot(page, "filtered")
    # A payout at the amount is not above it.
    page.fill("input[name=payout_above]", "50.00")
    page.click("#search button[type=submit]")
    page.wait_for_url("**payout_above=50.00**")
    assert results(page) == []
    assert "No round matches" in page.locator("#results").inner_text()

    # A shared link reproduces the search, in another browser.
    shared = f"{site.url}/audit/?status=open"
    other = laptop()
    sign_in(other, site, "auditor")
    other.goto(shared)
    assert results(other) == [in_play.pk]
    assert other.locator("select[name=status]").input_value() == "open"
    other.goto(f"{site.url}/audit/?dealer={users['other_dealer'].pk}")
    assert results(other) == [elsewhere.pk]

    # A page at a time by the cursor, forward and back.
    other.goto(f"{site.url}/audit/?limit=1")
    assert results(other) == [in_play.pk]
    assert other.locator("#previous").is_disabled()
    other.click("#next")
    other.wait_for_url("**cursor=**")
    assert results(other) == [elsewhere.pk]
    assert other.locator("#page-number").inner_text() == "Page 2"
    other.click("#next")
    other.wait_for_function("document.getElementById('page-number').textContent === 'Page 3'")
    assert results(other) == [settled.pk]
    assert other.locator("#next").is_disabled()
    other.click("#previous")
    other.wait_for_function("document.getElementById('page-number').textContent === 'Page 2'")
    assert results(other) == [elsewhere.pk]
    other.click("#previous")
    other.wait_for_function("document.getElementById('page-number').textContent === 'Page 1'")
    assert results(other) == [in_play.pk]

    # Open the round: its whole story.
    page.goto(f"{site.url}/audit/?table={audit_floor['table'].pk}&status=settled")
    results(page)
    page.click(f"tr[data-round='{settled.pk}'] a")
    page.wait_for_url(f"{site.url}/audit/rounds/{settled.pk}/")
    page.locator("#events tr[data-event]").first.wait_for()
    assert page.locator("#round-title").inner_text() == "Round 1 · RP-1 · Russian Poker"
    events = page.locator("#events tr[data-event]")
    assert events.count() == 6
    first = events.first.locator("td").all_inner_texts()
    assert first[:3] == ["1", "wagers placed", "dealer"]
    assert first[4] == "tablet-dealer"
    assert len(first[5]) == 32  # the request id
    # Who dealt, and the proof they were qualified for the game when they did.
    dealer_row = page.locator("#dealers tr[data-dealer]")
    assert dealer_row.count() == 1
    assert dealer_row.locator("td").all_inner_texts()[:2] == ["dealer", "1, 2, 3, 4, 5, 6"]
    assert (
        dealer_row.locator("td.qualified")
        .inner_text()
        .startswith("Training fixture training, on 2000-01-01; recorded by ")
    )
    # ... and where the rotation plan in force then had them, in the casino's time.
    zone = ZoneInfo(audit_floor["casino"].time_zone)
    hour = [f"{(PLANNED_HOUR + dt.timedelta(hours=n)).astimezone(zone):%H:%M}" for n in (0, 1)]
    assert dealer_row.locator("td.slot.on-plan").inner_text() == (
        f"Planned: table RP-1, string S1, {hour[0]}–{hour[1]} (plan version 1)"
    )
    # Cards as people read them, each with its code as recorded beside it for the record.
    cards = page.locator("#cards")
    assert "8♥" in cards.inner_text() and "A♣" in cards.inner_text()
    assert "8h" not in cards.inner_text()
    assert cards.locator("[data-card='8h']").inner_text() == "8♥"
    assert cards.locator("tr").nth(1).locator("td").all_inner_texts()[:2] == ["3♠", "Box 1"]
    assert "returned 50.00" in page.locator("#settlement").inner_text()
    # Its theoretical win, and where its edges came from: the paytable's certified 5 % of the
    # 30 staked (no edge is computed for the table's configuration here).
    assert page.locator("#theoretical-win").inner_text() == (
        "Theoretical win 1.50 on 30.00 staked, from the paytables' certified house edges"
        " (none computed yet for this configuration)."
    )
    verdict = page.locator("#replay-verdict")
    assert verdict.get_attribute("data-matches") == "true"
    assert page.locator("#replay td.differs").count() == 0
    audit_rows = page.locator("#audit tr[data-record]")
    assert audit_rows.count() > 0
    stream, seq, code = audit_rows.first.locator("td").all_inner_texts()[:3]
    assert stream == f"table:{audit_floor['table'].pk}" and seq.isdigit()
    hash_cell = audit_rows.first.locator("td").last
    assert len(hash_cell.inner_text()) == 13 and len(hash_cell.get_attribute("title")) == 64
    assert "No corrections." in page.locator("#corrections").inner_text()
    screenshot(page, "story")

    # The evidence package, downloaded, verifies on its own.
    from audit.evidence.verify import verify_package

    with page.expect_download() as download:
        page.click("#evidence")
    package = Path(download.value.path()).read_bytes()
    outcome = verify_package(package)
    assert outcome.ok, outcome.failed()


def test_a_correction_requested_by_one_pit_boss_is_approved_by_another_and_told(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    play_rp01: Callable[..., Round],  # noqa: F811
    deputy: Any,
    screenshot: Callable[..., Path],
) -> None:
    round = play_rp01(audit_floor["table"])
    boss = laptop()
    sign_in(boss, site, "pit_boss", then=f"/audit/rounds/{round.pk}/")
    boss.locator("#settlement table").wait_for()
    boss.click("#open-request")
    dialog = boss.locator("#request")
    dialog.wait_for()
    # The form holds the settlement's lines; a correction without a reason is refused in words.
    lines = dialog.locator("tr.request-line")
    assert lines.count() >= 2
    bet = next(line for line in lines.all() if line.locator("[name=line]").input_value() == "bet")
    bet.locator("[name=amount]").fill("20")
    dialog.locator("textarea[name=reason]").fill("the bet was paid short")
    screenshot(boss, "request")
    # Two quick taps: one request.
    boss.dblclick("#request-form button[type=submit]")
    pending = boss.locator("article.correction[data-status='requested']")
    pending.wait_for()
    correction = Correction.objects.get(round=round)
    assert correction.requested_by.username == "pit_boss"
    assert [(line.box, line.line, line.amount) for line in correction.lines.all()] == [
        (1, "bet", D("20.00"))
    ]
    # The requester may not approve it: the API's reason, in words.
    pending.locator("button.approve").click()
    pending.locator(".error", has_text="another pit boss of the pit must decide it").wait_for()
    assert Correction.objects.get(pk=correction.pk).status == "requested"
    screenshot(boss, "self-approval")

    other = laptop()
    sign_in(other, site, "deputy_pit_boss", then=f"/audit/rounds/{round.pk}/")
    waiting = other.locator("article.correction[data-status='requested']")
    waiting.wait_for()
    assert "requested by pit_boss" in waiting.inner_text()
    waiting.locator("input[aria-label='Decision note']").fill("seen on camera")
    waiting.locator("button.approve").click()
    approved = other.locator("article.correction[data-status='approved']")
    approved.wait_for()
    assert approved.locator(".decided-by").inner_text() == "deputy_pit_boss"
    assert "seen on camera" in approved.inner_text()
    assert "20.00" in approved.inner_text()
    assert approved.locator("button").count() == 0
    audit_codes = other.locator("#audit tr[data-record] td:nth-child(3)").all_inner_texts()
    assert audit_codes[-2:] == ["correction.requested", "correction.approved"]
    summary = other.locator("#summary").inner_text()
    assert "corrected" in summary
    screenshot(other, "approved")
    decided = Correction.objects.get(pk=correction.pk)
    assert (decided.status, decided.decided_by.username) == ("approved", "deputy_pit_boss")


def test_a_replay_mismatch_is_marked_in_red(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    play_rp01: Callable[..., Round],  # noqa: F811
    screenshot: Callable[..., Path],
) -> None:
    from audit.services.checks import replay_check_day

    round = play_rp01(audit_floor["table"])
    # Settlements and payout lines are not history-protected rows: pay one line 5 more behind
    # the service's back, and mark the engine's result, which the nightly replay compares.
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE payouts_payoutline SET paid_amount = paid_amount + 5, "
            "computed_amount = computed_amount + 5 WHERE id = ("
            "SELECT min(l.id) FROM payouts_payoutline l JOIN payouts_settlement s "
            "ON s.id = l.settlement_id WHERE s.round_id = %s AND l.paid_amount > 0)",
            [round.pk],
        )
        cursor.execute(
            "UPDATE payouts_settlement SET engine_result = jsonb_set(engine_result, "
            "'{tampered}', 'true'::jsonb) WHERE round_id = %s",
            [round.pk],
        )
    replay_check_day(casino_id=audit_floor["casino"].pk, gaming_day=round.gaming_day)
    page = laptop()
    sign_in(page, site, "auditor", then="/audit/?replay_mismatch=true")
    assert results(page) == [round.pk]
    assert "replay mismatch" in page.locator(f"tr[data-round='{round.pk}'] .flags").inner_text()
    page.click(f"tr[data-round='{round.pk}'] a")
    verdict = page.locator("#replay-verdict")
    verdict.wait_for()
    assert verdict.get_attribute("data-matches") == "false"
    assert "differs from its replay" in verdict.inner_text()
    # The line paid 5 more is marked on both sides, in its computed and paid amounts only.
    marked = page.locator("#replay-lines td.differs")
    assert marked.count() == 4
    stored, replayed = (
        page.locator(f"#replay-lines tr.mismatch[data-side='{side}'] td.differs").all_inner_texts()
        for side in ("stored", "replayed")
    )
    assert [D(a) - D(b) for a, b in zip(stored, replayed, strict=True)] == [D(5), D(5)]
    assert marked.first.evaluate("cell => getComputedStyle(cell).color") == "rgb(179, 38, 30)"
    assert page.locator("#replay-lines tr.mismatch").count() == 2
    assert "mismatch" in page.locator("#summary").inner_text()
    assert page.locator("#replay .paths li.differs").inner_text().startswith("/tampered")
    screenshot(page, "mismatch")


def test_reports_are_listed_requested_and_downloaded(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    play_rp01: Callable[..., Round],  # noqa: F811
    screenshot: Callable[..., Path],
) -> None:
    from audit.services.reports.build import report_build

    round = play_rp01(audit_floor["table"])
    page = laptop()
    sign_in(page, site, "auditor", then="/audit/reports/")
    page.locator("#reports .empty").wait_for()
    page.fill("input[name=gaming_day]", round.gaming_day.isoformat())
    page.select_option("select[name=casino]", str(audit_floor["casino"].pk))
    page.click("#report-request button[type=submit]")
    page.locator("#reports tr[data-report]").wait_for()
    report = GamingDayReport.objects.get()
    row = page.locator(f"tr[data-report='{report.pk}']")
    assert row.get_attribute("data-status") in {"queued", "running"}
    assert "Test Casino" in row.inner_text()
    # A worker builds it (here, the test); the page follows the status by itself.
    report_build(report_id=report.pk)
    page.locator(f"tr[data-report='{report.pk}'][data-status='done']").wait_for()
    report.refresh_from_db()
    screenshot(page, "done")

    with page.expect_download() as csv_download:
        row.locator("a.csv").click()
    csv = Path(csv_download.value.path()).read_bytes()
    assert hashlib.sha256(csv).hexdigest() == report.csv_sha256
    assert b"level" in csv
    assert b"RP-1" in csv
    with page.expect_download() as pdf_download:
        row.locator("a.pdf").click()
    pdf = Path(pdf_download.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF-")
    assert hashlib.sha256(pdf).hexdigest() == report.pdf_sha256

    # A day that has not begun is refused in words.
    page.fill("input[name=gaming_day]", "2999-01-01")
    page.click("#report-request button[type=submit]")
    page.locator("#report-request .error", has_text="has not begun yet").wait_for()
    assert GamingDayReport.objects.count() == 1


def test_the_chain_verification_runs_and_says_ok(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    play_rp01: Callable[..., Round],  # noqa: F811
    screenshot: Callable[..., Path],
) -> None:
    from audit.services.checkpoints import checkpoint_seal

    play_rp01(audit_floor["table"])
    assert checkpoint_seal(reason="manual") is not None
    page = laptop()
    sign_in(page, site, "auditor", then="/audit/verify/")
    page.click("#verify button[type=submit]")
    verdict = page.locator("#verdict")
    verdict.wait_for()
    assert verdict.get_attribute("data-intact") == "true"
    assert "OK" in verdict.inner_text()
    assert page.locator("#checkpoints").inner_text() == "1"
    screenshot(page, "incremental")
    page.check("input[name=full][value=true]")
    page.click("#verify button[type=submit]")
    page.wait_for_function(
        "document.querySelector('#verify button').textContent === 'Run the verification'"
    )
    assert page.locator("#result dd").first.inner_text() == "full"
    assert page.locator("#verdict").get_attribute("data-intact") == "true"
    assert int(page.locator("#rows-read").inner_text()) > 0
    screenshot(page, "full")


def test_the_chain_verification_shows_its_findings(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    play_rp01: Callable[..., Round],  # noqa: F811
    checkpoints: Path,
    screenshot: Callable[..., Path],
) -> None:
    from audit.services.checkpoints import checkpoint_seal

    play_rp01(audit_floor["table"])
    checkpoint_seal(reason="manual")
    play_rp01(audit_floor["table"])
    checkpoint_seal(reason="manual")
    # The first checkpoint held outside goes missing, and the round's first audit row is
    # edited in place by the database's owner, its stored hash left as it was.
    (checkpoints / "checkpoint-000000000001.json").unlink()
    stream = f"table:{audit_floor['table'].pk}"
    with connection.cursor() as cursor, as_owner(cursor):
        cursor.execute("ALTER TABLE audit_auditrecord DISABLE TRIGGER USER")
        try:
            cursor.execute(
                "UPDATE audit_auditrecord SET reason = 'rewritten' WHERE stream = %s AND seq = 1",
                [stream],
            )
        finally:
            cursor.execute("ALTER TABLE audit_auditrecord ENABLE TRIGGER USER")
    page = laptop()
    sign_in(page, site, "auditor", then="/audit/verify/")
    page.click("#verify button[type=submit]")
    verdict = page.locator("#verdict")
    verdict.wait_for()
    assert verdict.get_attribute("data-intact") == "false"
    findings = page.locator("#findings tbody tr")
    assert findings.count() >= 1
    assert "A checkpoint is missing" in page.locator("#findings").inner_text()
    # The edited row: its stream, the first row that differs, the hash expected and found.
    edited = findings.filter(has_text="hash or link does not hold").first
    kind, where, first_row, _, expected, found, _ = edited.locator("td").all_inner_texts()
    assert (where, first_row) == (stream, "1")
    assert len(expected) == len(found) == 64 and expected != found
    screenshot(page, "findings")


def test_a_pit_boss_sees_the_own_pits_rounds_only(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    play_at: Callable[..., Round],
    screenshot: Callable[..., Path],
) -> None:
    mine = play_at(audit_floor["table"], "dealer")
    theirs = play_at(audit_floor["other_table"], "other_dealer")
    page = laptop()
    sign_in(page, site, "pit_boss")
    assert results(page) == [mine.pk]
    # Not even when asked for by the other pit.
    page.goto(f"{site.url}/audit/?pit={audit_floor['other_table'].pit_id}")
    assert results(page) == []
    assert page.locator("select[name=pit] option").all_inner_texts() == ["Any", "Pit A"]
    response = page.goto(f"{site.url}/audit/rounds/{theirs.pk}/")
    assert response is not None and response.status == 403
    # Nor does the trail's verification open to a pit boss, nor is it offered.
    response = page.goto(f"{site.url}/audit/verify/")
    assert response is not None and response.status == 403
    page.goto(f"{site.url}/audit/")
    # A pit boss reads the patrons' histories (the floor rates its players), not the trail.
    assert page.locator(".workbench-nav").inner_text().split() == ["Rounds", "Reports", "Patrons"]
    screenshot(page, "own-pit")


def test_a_dealer_is_refused_and_a_stranger_sent_to_sign_in(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
) -> None:
    page = laptop()
    for path in ("/audit/", "/audit/reports/", "/audit/verify/"):
        page.goto(f"{site.url}{path}")
        assert page.url.startswith(f"{site.url}/sign-in/")
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", "dealer")
    page.fill("input[name=password]", "pw-dealer")
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/sign-in/" not in url)
    for path in ("/audit/", "/audit/reports/", "/audit/verify/"):
        response = page.goto(f"{site.url}{path}")
        assert response is not None and response.status == 403, path


def test_a_filter_that_does_not_read_is_said_in_words(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    screenshot: Callable[..., Path],
) -> None:
    page = laptop()
    sign_in(page, site, "auditor", then="/audit/?payout_above=lots")
    failure = page.locator("#search-error")
    failure.wait_for()
    page.wait_for_function("document.getElementById('search-error').textContent !== ''")
    assert failure.inner_text() == "A filter does not read: payout_above."
    assert page.locator("#results tbody tr").count() == 0
    screenshot(page, "refused")


def test_an_open_rounds_story_says_what_is_staked_so_far_in_the_casinos_time(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    """A round still in play, its wagers placed: the story says what is staked so far (not
    "Staked —"), and its times are the casino's, in Tokyo, the zone named."""
    import datetime as dt
    from zoneinfo import ZoneInfo

    casino = audit_floor["casino"]
    casino.time_zone = "Asia/Tokyo"
    casino.save()
    tablet = Tablet(client_for("dealer"))
    tablet.open(audit_floor["table"])
    tablet.act("place_wagers", box=1, player="P1", ante="10", bonus="5")
    tablet.act("place_wagers", box=2, player="P2", ante="20", bonus=None)
    round = Round.objects.get(pk=tablet.round_id)
    page = laptop()
    sign_in(page, site, "auditor", then=f"/audit/rounds/{round.pk}/")
    summary = page.locator("#summary")
    summary.locator(".figure", has_text="Staked so far").wait_for()
    text = summary.inner_text().upper()
    assert "STAKED SO FAR\n35.00 EUR" in text
    assert "TIMES IN\nASIA/TOKYO" in text
    opened = round.opened_at.astimezone(ZoneInfo("Asia/Tokyo"))
    assert f"OPENED\n{opened.strftime('%Y-%m-%d %H:%M:%S')}" in text
    assert opened.utcoffset() == dt.timedelta(hours=9)
    screenshot(page, "open-round")


def test_the_search_and_the_reports_give_their_times_in_the_casinos_zone_and_name_it(
    site: Site,
    laptop: Callable[[], Any],
    audit_floor: dict[str, Any],  # noqa: F811
    users: dict[str, Any],
    play_at: Callable[..., Round],
    gaming_day: Any,
) -> None:
    """A casino in Tokyo: the search's "Opened" and the reports' "Requested" read in Tokyo's
    time, and the bar says so (they were a UTC date beside the browser's own time, unnamed)."""
    from zoneinfo import ZoneInfo

    from audit.services.reports.build import report_request
    from tables.models import Casino

    Casino.objects.update(time_zone="Asia/Tokyo")
    tokyo = ZoneInfo("Asia/Tokyo")
    settled = play_at(audit_floor["table"], "dealer")
    report = report_request(actor=users["auditor"], gaming_day=gaming_day)
    page = laptop()
    sign_in(page, site, "auditor")
    results(page)
    assert page.locator("#zone").inner_text() == "Times in Asia/Tokyo"
    opened = settled.opened_at.astimezone(tokyo).strftime("%Y-%m-%d %H:%M:%S")
    assert opened in page.locator(f"tr[data-round='{settled.pk}']").inner_text()
    page.goto(f"{site.url}/audit/reports/")
    requested = report.requested_at.astimezone(tokyo).strftime("%Y-%m-%d %H:%M:%S")
    page.get_by_text(requested).first.wait_for()
    assert page.locator("#zone").inner_text() == "Times in Asia/Tokyo"
