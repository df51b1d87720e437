"""What a dealer asks at the tablet and a pit boss decides on the pit board: an undo of the
round's last entries, a void of the round. The board shows the request on the table's card as
a to-do with what it concerns; the pit boss decides there, once whatever the taps; the tablet
follows without a reload; whoever asked cannot decide it.

Both pages are open at once, each in its own browser context: the dealer's tablet held in
landscape, the pit boss's board on a laptop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from casino.core.roles import Role
from payouts.models import Correction
from tables.models import RetractionRequest, Round, RoundStatus
from tests.browser import tablet_app
from tests.browser.tablet_app import PINS, WAIT_MS, Hand, Site
from tests.browser.test_pit_board import sign_in
from tests.tables.test_retractions import fresh_snapshot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    return tablet_app.russian_table(floor)


@pytest.fixture
def board_of(browser: Any, site: Site, russian_table: Any) -> Iterator[Callable[[str], Any]]:
    """``board_of(username)``: that pit boss's board on a laptop, signed in, following the pit
    live."""
    contexts: list[Any] = []

    def open_board(username: str) -> Any:
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        contexts.append(context)
        page = context.new_page()
        sign_in(page, site, username)
        page.wait_for_function(
            "document.getElementById('connection')?.dataset.state === 'live'", timeout=WAIT_MS
        )
        return page

    try:
        yield open_board
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def board(board_of: Callable[[str], Any]) -> Any:
    """The pit boss's board."""
    return board_of("pit_boss")


@pytest.fixture
def second_pit_boss(make_user: Callable[..., Any], floor: dict[str, Any]) -> Any:
    """A second pit boss of the table's pit, as the demo floor's ``pitboss2``."""
    user = make_user("pit_boss_2", Role.PIT_BOSS)
    floor["pit"].supervisors.add(user)
    return user


def posts_to(page: Any, ending: str) -> list[str]:
    """The POSTs ``page`` sends to a URL ending with ``ending``, as they are sent."""
    sent: list[str] = []
    page.on(
        "request",
        lambda request: (
            sent.append(request.url)
            if request.method == "POST" and request.url.endswith(ending)
            else None
        ),
    )
    return sent


def the_asker_tries_to_decide(hand: Hand, username: str) -> None:
    """At "Pit boss decides here", the one who asked enters their own name and PIN and taps
    Approve: the tablet says another decides, and sends nothing (a PIN sent for a name that may
    not decide counts towards its lockout as a wrong one)."""
    signing_in = posts_to(hand.page, "/tablets/decision-sign-in/")
    hand.tap("#screen [data-decide-here]")
    hand.page.locator("#form [data-pin]").wait_for(timeout=WAIT_MS)
    hand.page.locator("#form input[name=username]").fill(username)
    for digit in PINS[username]:
        hand.tap(f"#form [data-digit='{digit}']")
    hand.tap("#form [data-decide='approve']")
    problem = hand.page.locator("#form .form-problem")
    problem.filter(has_text="another pit boss decides").wait_for(timeout=WAIT_MS)
    assert problem.inner_text() == f"{username} asked for this: another pit boss decides."
    assert signing_in == []
    hand.cancel()


def test_an_undo_asked_at_the_tablet_is_approved_on_the_board_and_the_tablet_follows(
    hand: Hand,
    board: Any,
    users: dict[str, Any],
    russian_table: Any,
    screenshot: Callable[..., Path],
) -> None:
    hand.sign_in("dealer")
    round_id = tablet_app.two_wagers_then_ask(hand, "undo")
    request = RetractionRequest.objects.get(round_id=round_id)
    assert request.events == [2]

    # The dealer cannot approve their own request at the tablet.
    the_asker_tries_to_decide(hand, "dealer")
    assert not hasattr(RetractionRequest.objects.get(pk=request.pk), "decision")

    # On the board, the table's card lists it with the entry it takes back.
    row = board.locator(f"[data-table='RP-1'] [data-waiting='retraction:{request.pk}']")
    row.wait_for(timeout=WAIT_MS)
    assert "Wrong box or seat" in row.inner_text() and "asked by dealer" in row.inner_text()
    entry = row.locator("[data-entry='2']")
    entry.wait_for(timeout=WAIT_MS)
    assert entry.inner_text() == "#2 wagers placed · box 2 · ante 10.00 · player Player 2"
    screenshot(board, "undo-on-the-card")

    # Two taps on Approve: one decision sent.
    approvals = posts_to(board, f"/retractions/{request.pk}/approve/")
    row.get_by_role("button", name="Approve").dblclick()
    row.wait_for(state="detached", timeout=WAIT_MS)
    assert len(approvals) == 1
    assert board.locator("[data-table='RP-1'] .waiting .error").count() == 0
    decided = RetractionRequest.objects.get(pk=request.pk).decision
    assert (decided.outcome, decided.decided_by.username) == ("approved", "pit_boss")

    # The tablet follows with no reload: the request gone, the decision said, box 2 offered
    # again and box 1 not.
    page = hand.page
    page.locator("#screen [data-pending-request]").wait_for(state="detached", timeout=WAIT_MS)
    page.locator("#notice", has_text="Undo approved by pit_boss").wait_for(timeout=WAIT_MS)
    page.locator("#screen .action[data-action='place_wagers'] [data-choice='2']").wait_for(
        timeout=WAIT_MS
    )
    box_1 = page.locator("#screen .action[data-action='place_wagers'] [data-choice='1']")
    assert box_1.count() == 0
    screenshot(page, "tablet-after-approval")
    # The round is the replay of its events without the entry taken back.
    round = Round.objects.get(pk=round_id)
    assert round.snapshot == fresh_snapshot(round_id, without={2})
    assert round.snapshot != fresh_snapshot(round_id, without=set())


def test_a_void_asked_at_the_tablet_is_approved_on_the_board_by_a_second_pit_boss(
    hand: Hand,
    board_of: Callable[[str], Any],
    users: dict[str, Any],
    second_pit_boss: Any,
    russian_table: Any,
    screenshot: Callable[..., Path],
) -> None:
    hand.sign_in("dealer")
    board = board_of("pit_boss_2")
    round_id = tablet_app.two_wagers_then_ask(hand, "void")
    correction = Correction.objects.get(round_id=round_id)
    assert (correction.kind, correction.reason) == ("void", "Misdeal")

    # The dealer cannot approve their own request at the tablet.
    the_asker_tries_to_decide(hand, "dealer")
    assert Correction.objects.get(pk=correction.pk).status == "requested"

    # On the board of the pit's second pit boss: the void on the table's card, with why, and
    # decided there.
    row = board.locator(f"[data-table='RP-1'] [data-waiting='correction:{correction.pk}']")
    row.wait_for(timeout=WAIT_MS)
    assert "Void of a round asked by dealer" in row.inner_text()
    row.locator(".details", has_text="Why: Misdeal").wait_for(timeout=WAIT_MS)
    screenshot(board, "void-on-the-card")
    approvals = posts_to(board, f"/corrections/{correction.pk}/approve/")
    row.get_by_role("button", name="Void it").dblclick()
    row.wait_for(state="detached", timeout=WAIT_MS)
    assert len(approvals) == 1
    assert board.locator("[data-table='RP-1'] .waiting .error").count() == 0
    decided = Correction.objects.get(pk=correction.pk)
    assert (decided.status, decided.decided_by.username) == ("approved", "pit_boss_2")
    assert Round.objects.get(pk=round_id).status == RoundStatus.VOIDED

    # The tablet follows with no reload: the void said, the table between rounds.
    page = hand.page
    page.locator("#notice", has_text="Void approved by pit_boss_2").wait_for(timeout=WAIT_MS)
    page.locator("#screen [data-open-round]").wait_for(timeout=WAIT_MS)
    assert page.locator("#screen [data-pending-request]").count() == 0
    screenshot(page, "tablet-after-void")
