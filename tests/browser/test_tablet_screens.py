"""The tablet app's screens beyond a plain round: an action the app has never heard of shown
and taken from the view alone (no game-specific code for a round's flow); a card already used
greyed out and refused; a crashed tablet landing back on the round in play; a round opened
elsewhere found through ``round_already_open``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tables.services.rounds import round_open
from tests.browser import tablet_app
from tests.browser.tablet_app import Hand, Site, tablet_context
from tests.russian_round import BOXES

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def russian_table(floor: dict[str, Any]) -> Any:
    return tablet_app.russian_table(floor)


def bounds(name: str, kind: str, **set_: Any) -> dict[str, Any]:
    """A field of a legal action as the view publishes it (``FieldBounds``)."""
    field = dict.fromkeys(
        [
            "min",
            "max",
            "step",
            "min_count",
            "max_count",
            "cards",
            "positions",
            "targets",
            "choices",
            "value",
        ]
    )
    return {"name": name, "kind": kind, "required": True, "nullable": False, **field, **set_}


#: An action no engine has, with a field of every kind the view may give.
UNKNOWN_ACTION = {
    "name": "mark_player",
    "label": "Mark a player",
    "position": None,
    "figures": [],
    "fields": [
        bounds("box", "position", positions=[1, 2, 3]),
        bounds("stake", "amount", min="5.00", max="50.00", step="5.00"),
        bounds("card", "card"),
        bounds("cards", "cards", min_count=2, max_count=2),
        bounds("where", "target", targets=["box:1", "dealer"]),
        bounds("colour", "choice", choices=["red", "black"]),
        bounds("flagged", "flag"),
        bounds("remark", "text"),
        bounds("count", "integer"),
        bounds("fixed", "choice", choices=["always"], value="always"),
    ],
}


def test_an_action_the_app_never_heard_of_appears_and_its_form_posts_every_field(
    browser: Any,
    site: Site,
    users: dict[str, Any],
    russian_table: Any,
    screenshot: Callable[..., Path],
) -> None:
    round = round_open(table_id=russian_table.pk, dealer=users["dealer"])
    context = tablet_context(browser, service_workers="block")
    hand = Hand(context.new_page(), site)

    def add_the_action(route: Any) -> None:
        answer = route.fetch()
        body = answer.json()
        body["view"]["actions"].insert(0, UNKNOWN_ACTION)
        route.fulfill(response=answer, body=json.dumps(body))

    hand.page.route("**/api/v1/rounds/*/", add_the_action)
    posted: list[Any] = []
    hand.page.on(
        "request",
        lambda r: posted.append(r.post_data_json) if r.url.endswith("/actions/") else None,
    )
    hand.sign_in("dealer")
    button = hand.page.locator("#screen .action[data-action='mark_player']")
    button.wait_for()
    assert "Mark a player" in button.inner_text()
    screenshot(hand.page, "unknown-action")
    hand.action("mark_player", 2)
    hand.chip("stake", "25.00")
    hand.tap("#form [data-field='card'] button")
    hand.cards("Qs")
    hand.tap("#form [data-field='cards'] button")
    hand.cards("2h", "3h")
    hand.tap("#form [data-field='where'] [data-choice='dealer']")
    hand.tap("#form [data-field='colour'] [data-choice='black']")
    hand.tap("#form [data-field='flagged'] input")
    hand.fill("remark", "regular")
    hand.fill("count", "3")
    screenshot(hand.page, "unknown-form")
    hand.record()
    refused = hand.page.locator(".entry.refused .reason")
    refused.wait_for()
    assert posted == [
        {
            "action": "mark_player",
            "box": 2,
            "stake": "25.00",
            "card": "Qs",
            "cards": ["2h", "3h"],
            "where": "dealer",
            "colour": "black",
            "flagged": True,
            "remark": "regular",
            "count": 3,
            "fixed": "always",
            "expected_event": round.last_event_seq,
        }
    ]
    # The engine has no such action: the server's refusal, in a dealer's words.
    assert refused.get_attribute("data-code") == "action_unknown"
    assert "does not know this action" in refused.inner_text()
    context.close()


def test_a_card_already_used_is_greyed_out_and_refused(
    hand: Hand, users: dict[str, Any], russian_table: Any, screenshot: Callable[..., Path]
) -> None:
    hand.sign_in("dealer")
    hand.open_round()
    hand.action("place_wagers", 1)
    hand.record()
    hand.record()
    hand.cancel()
    hand.action("close_bets")
    hand.wait_event(3)
    hand.picker_for("Box 1")
    hand.cards(*BOXES[1].split())
    hand.tap("#picker [data-picker='cancel']")
    hand.wait_event(4)
    hand.action("deal_box")  # box 2's, the one box left
    used = hand.page.locator("#picker [data-card='8h']")
    assert used.get_attribute("aria-disabled") == "true"
    assert "used" in (used.get_attribute("class") or "")
    hand.tap("#picker [data-card='8h']", refused=True)
    assert "already used in this deck" in hand.page.locator("#picker .picker-refusal").inner_text()
    assert "0 of 5" in hand.page.locator("#picker .picker-status").inner_text()
    assert "chosen" not in (used.get_attribute("class") or "")
    # Cells are large enough for a finger.
    box = used.bounding_box()
    assert box is not None and box["width"] >= 48 and box["height"] >= 48
    screenshot(hand.page, "used-card")


def test_a_crashed_tablet_lands_back_on_the_round_in_play(
    browser: Any,
    site: Site,
    users: dict[str, Any],
    russian_table: Any,
    screenshot: Callable[..., Path],
) -> None:
    crashed = tablet_context(browser)
    hand = Hand(crashed.new_page(), site)
    hand.sign_in("dealer")
    hand.open_round()
    round_id = hand.round_id()
    hand.action("place_wagers", 1)
    hand.record()
    hand.cancel()
    hand.wait_event(1)
    crashed.close()
    # A new browser, signed in the same way: straight to the round, where it was.
    fresh = tablet_context(browser)
    again = Hand(fresh.new_page(), site)
    again.sign_in("dealer")
    again.page.locator("#screen .phase").wait_for()
    assert again.round_id() == round_id
    assert again.page.locator("#screen").get_attribute("data-event") == "1"
    offered = again.page.locator(".action[data-action='place_wagers'] [data-choice]")
    assert offered.evaluate_all("nodes => nodes.map(n => n.dataset.choice)") == ["2", "3", "4"]
    assert again.page.locator("[data-position='box:1']").count() == 1
    screenshot(again.page, "resumed")
    fresh.close()


def test_a_round_opened_elsewhere_is_found_through_round_already_open(
    hand: Hand, users: dict[str, Any], russian_table: Any
) -> None:
    # The pit's stream would bring the round to this tablet by itself: cut here, so that it
    # still shows "Open next round" when the round is opened elsewhere.
    hand.page.route("**/api/v1/pits/*/events/", lambda route: route.abort())
    hand.sign_in("dealer")
    hand.page.locator("[data-open-round]").wait_for()
    # Another tablet opens the round meanwhile; this one still shows "Open next round".
    round = round_open(table_id=russian_table.pk, dealer=users["dealer"])
    hand.tap("[data-open-round]")
    hand.page.locator("#screen .phase").wait_for()
    assert hand.round_id() == round.pk
    assert "already open" not in (hand.page.locator("#problem").inner_text() or "")
