"""The tablet app when the casino's network drops: entries made offline wait in the browser's
queue (IndexedDB), survive a reload, and are sent in order once the network is back, each
applied once; a queue drained by two tabs at once, or an entry retried after its answer was
lost, applies each entry once; a refused entry stops the queue with the server's reason.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from payouts.models import Settlement
from tables.services.rounds import round_act
from tests.browser import tablet_app
from tests.browser.tablet_app import Hand, Site, app_is_kept_offline, events_of, tablet_context
from tests.russian_round import BOXES, DEALER_DOWN, DEALER_UP

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    return tablet_app.russian_table(floor)


def wagers_and_no_more_bets(hand: Hand) -> None:
    hand.open_round()
    hand.action("place_wagers", 1)
    for _ in range(4):
        hand.record()
    hand.action("close_bets")
    hand.wait_event(5)


def test_a_round_entered_offline_survives_a_reload_and_is_applied_once(
    hand: Hand,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    page = hand.page
    hand.sign_in("dealer")
    app_is_kept_offline(page)
    wagers_and_no_more_bets(hand)
    round_id = hand.round_id()
    # The network drops in the middle of the deal: the dealer deals on, from box 1's picker
    # (opened by itself after "no more bets").
    hand.picker_for("Box 1")
    page.context.set_offline(True)
    for cards in list(BOXES.values())[:2]:
        hand.cards(*cards.split())
    page.locator("#connection[data-state='offline']").wait_for()
    hand.wait_waiting(2)
    assert "Offline · 2 entries waiting" in page.locator("#connection").inner_text()
    # Box 3's picker is open, titled for box 3: the cards entered offline are out of it
    # already.
    assert page.locator("#picker[open] h2").inner_text().startswith("Box 3")
    assert page.locator("#picker [data-card='8h']").get_attribute("aria-disabled") == "true"
    screenshot(page, "offline-picker")
    # The tablet is reloaded while offline: the app comes back from its service worker, with
    # its queue, and the dealer deals the last two boxes and the dealer's up card.
    page.reload()
    page.locator("#connection[data-state='offline']").wait_for()
    assert hand.waiting() == 2
    assert page.locator(".waiting .entry").count() == 2
    # Each box shows the cards entered for it that wait to be sent, as entered.
    for number, cards in list(BOXES.items())[:2]:
        waiting = page.locator(f"[data-position='box:{number}'] [data-pending] .entered")
        assert waiting.evaluate_all("cards => cards.map(c => c.dataset.card)") == cards.split()
    hand.action("deal_box", 3)
    for cards in list(BOXES.values())[2:]:
        hand.cards(*cards.split())
    hand.action("deal_card", "dealer")
    hand.cards(DEALER_UP)
    hand.wait_waiting(5)
    screenshot(page, "offline-reloaded")
    # Nothing reached the server meanwhile.
    assert len(events_of(round_id, client_for("auditor"))) == 5
    # The network is back: the five are sent in order, once each.
    page.context.set_offline(False)
    hand.wait_event(10)
    screenshot(page, "back-online")
    events = events_of(round_id, client_for("auditor"))
    assert [e["seq"] for e in events] == list(range(1, 11))
    assert [(e["kind"], e["payload"]) for e in events[5:]] == [
        *(("box_dealt", {"box": box, "cards": cards.split()}) for box, cards in BOXES.items()),
        ("card_dealt", {"card": DEALER_UP, "target": "dealer"}),
    ]
    # Box 1's bet waits a moment offline: its entry says the amount once.
    page.context.set_offline(True)
    hand.action("bet", position="box:1")
    hand.wait_waiting(1)
    label = page.locator(".waiting .entry .label").inner_text()
    # The action's label names no amount: the entry adds the Bet's, once.
    assert label.startswith("Box 1: bet") and label.count("20.00") == 1, label
    page.context.set_offline(False)
    hand.wait_event(11)
    # The rest of the round online, and the settlement is the round's.
    hand.action("fold", position="box:2")
    hand.action("buy_sixth_card", position="box:3")
    hand.cards("Ah")
    hand.action("bet", position="box:3")
    hand.action("bet", position="box:4")
    # The last decision made, the dealer's face-down cards are asked at once.
    hand.picker_for("face-down")
    hand.cards(*DEALER_DOWN.split())
    hand.settle()
    assert len(events_of(round_id, client_for("auditor"))) == 16
    settlement = Settlement.objects.get(round_id=round_id)
    # RULES 1.13 as tests/russian_round plays it: the house pays 120 net on 110 staked.
    assert (settlement.total_staked, settlement.house_result) == (D(110), D(-120))


def test_two_tabs_draining_one_queue_apply_each_entry_once(
    browser: Any,
    site: Site,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
) -> None:
    """Two tabs of one tablet share its queue; both come back online at once and both drain
    it: the lock lets one send at a time, and the keys make a resend harmless."""
    context = tablet_context(browser)
    first = Hand(context.new_page(), site)
    first.sign_in("dealer")
    app_is_kept_offline(first.page)
    first.open_round()
    round_id = first.round_id()
    second = Hand(context.new_page(), site)
    second.open_app()
    second.page.locator("#screen .phase").wait_for()
    context.set_offline(True)
    first.action("place_wagers", 1)
    for _ in range(4):
        first.record()
    first.wait_waiting(4)
    second.page.reload()
    second.wait_waiting(4)
    context.set_offline(False)
    first.wait_event(4)
    second.wait_event(4)
    events = events_of(round_id, client_for("auditor"))
    assert [(e["seq"], e["kind"], e["payload"]["box"]) for e in events] == [
        (n, "wagers_placed", n) for n in range(1, 5)
    ]
    context.close()


def test_an_entry_whose_answer_was_lost_is_sent_again_and_applied_once(
    browser: Any,
    site: Site,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
) -> None:
    """The server applies the entry but its answer never reaches the tablet (the connection
    drops after the request): the app sends it again with the same key and body, and gets the
    first answer back."""
    context = tablet_context(browser, service_workers="block")
    hand = Hand(context.new_page(), site)
    hand.sign_in("dealer")
    hand.open_round()
    round_id = hand.round_id()
    lost: list[dict[str, Any]] = []

    def lose_the_first_answer(route: Any) -> None:
        if lost:
            route.continue_()
            return
        route.fetch()  # applied on the server
        lost.append(
            {
                "key": route.request.headers.get("idempotency-key"),
                "body": route.request.post_data_json,
            }
        )
        route.abort("connectionreset")

    hand.page.route("**/api/v1/rounds/*/actions/", lose_the_first_answer)
    sent: list[dict[str, Any]] = []
    hand.page.on(
        "request",
        lambda request: (
            sent.append(
                {"key": request.headers.get("idempotency-key"), "body": request.post_data_json}
            )
            if request.url.endswith("/actions/")
            else None
        ),
    )
    hand.action("place_wagers", 1)
    hand.record()
    hand.cancel()  # only box 1 plays
    hand.wait_event(1)
    assert len(lost) == 1 and len(sent) == 2
    assert sent[0] == sent[1] == lost[0]
    events = events_of(round_id, client_for("auditor"))
    assert [e["kind"] for e in events] == ["wagers_placed"]
    context.close()


def test_a_refused_entry_stops_the_queue_with_the_reason_until_it_is_dropped(
    hand: Hand,
    users: dict[str, Any],
    russian_table: Any,
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    page = hand.page
    hand.sign_in("dealer")
    app_is_kept_offline(page)
    wagers_and_no_more_bets(hand)
    round_id = hand.round_id()
    hand.picker_for("Box 1")
    page.context.set_offline(True)
    hand.cards(*BOXES[1].split())
    hand.cards(*BOXES[2].split())
    hand.page.locator("#picker [data-picker='cancel']").click()
    hand.wait_waiting(2)
    # Meanwhile box 1 is dealt from elsewhere, with other cards.
    round_act(
        round_id=round_id,
        actor=users["dealer"],
        expected_event=5,
        action="deal_box",
        data={"box": 1, "cards": ["2c", "3c", "4c", "5c", "6c"]},
    )
    page.context.set_offline(False)
    refused = page.locator(".entry.refused")
    refused.wait_for()
    screenshot(page, "refused")
    assert "Box 1" in refused.inner_text() or "box 1" in refused.inner_text()
    reason = refused.locator(".reason")
    assert reason.get_attribute("data-code") not in (None, "")
    assert reason.inner_text().strip() != ""
    assert page.locator("#connection").get_attribute("data-state") == "refused"
    # Nothing after it was sent: box 2's entry still waits.
    assert len(events_of(round_id, client_for("auditor"))) == 6
    assert page.locator(".entry.waiting").count() == 1
    hand.tap(".entry.refused [data-drop]")
    hand.wait_event(7)
    events = events_of(round_id, client_for("auditor"))
    assert [(e["kind"], e["payload"]["box"]) for e in events[5:]] == [
        ("box_dealt", 1),
        ("box_dealt", 2),
    ]
    assert events[6]["payload"]["cards"] == BOXES[2].split()


def test_a_page_loading_while_its_worker_activates_is_taken_by_the_worker(hand: Hand) -> None:
    """The tablet reloaded while its service worker installs: the worker, once active, takes
    the pages open then, and the reloaded page, still loading, is not among them. The page
    asks to be taken, so its own fetches of the app's files fall back on the kept copy too."""
    page = hand.page
    loads: list[str] = []
    held: list[Any] = []

    def hold_the_reload(route: Any) -> None:
        if route.request.is_navigation_request() and loads and not held:
            held.append(route)
        else:
            loads.append(route.request.url)
            route.continue_()

    page.route(f"{hand.site.url}/tablet/", hold_the_reload)
    hand.open_app()
    # Reloaded at once: the worker the first load registered installs meanwhile, and becomes
    # active while the reload is held (watched from another page of the origin).
    page.evaluate("location.reload()")
    watcher = page.context.new_page()
    watcher.goto(f"{hand.site.url}/livez")
    watcher.wait_for_function(
        """async () => {
          const registration = await navigator.serviceWorker.getRegistration("/tablet/");
          return Boolean(registration && registration.active
            && registration.active.state === "activated");
        }""",
        timeout=2 * tablet_app.WAIT_MS,
    )
    watcher.close()
    assert held, "the reload was not held"
    held[0].continue_()
    page.wait_for_load_state()
    app_is_kept_offline(page)
