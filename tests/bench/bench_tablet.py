"""The dealer's tablet app in a real Chromium: the taps a round takes, and how fast the screen
answers a tap.

One table, one tablet paired with it, its dealer signed in by PIN, the site served by uvicorn
on this machine (pages, static files and API on one origin, as in production). The app plays
the four-box Russian Poker round of the browser tests (``tests.browser.tablet_app``: one
exchange, one sixth card), every tap counted, picker taps included, from "Open next round" to
"Settle".

Figures:

- ``tablet_round_taps``: those taps, against ``cards_plus_decisions``, the cards dealt (each
  one a tap at best) plus the decisions recorded (wagers, no more bets, each box's choices:
  one tap each at best), read from the round's events. Goal: ratio at most 1.3.
- ``tablet_action_ms``: from a tap that completes an entry to the screen showing the server's
  answer (the app's ``tablet-entry`` performance measures), median over the round, against
  ``api_action_ms``, the median of the same round's actions posted by a plain HTTP client with
  the same token in the same run. Goal: under 100 ms.
- ``tablet_round_taps_full``: the taps of the next round, ``tests.browser.tablet_app``'s full
  round (four boxes, one blind, a bonus on one, an exchange of two cards, insurance, a sixth
  card, a fold, a dealer without a game and a box buying one), from "Open next round" to
  "Paid" (Settle and Paid counted), against its ``cards_plus_decisions``. Goal: at most 1.2.
"""

from __future__ import annotations

import http.client
import json
import statistics
import time
import uuid
from collections.abc import Callable
from typing import Any

from tests.bench.floor import BENCH_SETTINGS, setup_django, tables_with_dealers
from tests.browser.chromium import LAUNCH_ARGS, chromium_executable
from tests.browser.tablet_app import LANDSCAPE, Hand, play_full_round, play_russian_round
from tests.push.server import uvicorn
from tests.russian_round import FOUR_BOX_ROUND

Report = Callable[[str, float, str, float, str], None]

PIN = "2580"
#: Events that only record cards dealt: the picker taps are their cards, no decision beside.
DEALING = {"box_dealt", "card_dealt", "dealer_revealed"}


class _Site:
    def __init__(self, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"


def run(report: Report) -> None:
    setup_django()
    import os

    from playwright.sync_api import sync_playwright

    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    table_id, _ = tables_with_dealers(
        prefix="bench-tablet", game="russian_poker", count=1, paytables=True
    )[0]
    dealer = _dealer_with_pin(table_id)
    _bonus_offered(table_id)
    with uvicorn({"DJANGO_SETTINGS_MODULE": BENCH_SETTINGS}) as port, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium_executable()), args=LAUNCH_ARGS)
        context = browser.new_context(viewport=LANDSCAPE, has_touch=True)
        hand = Hand(context.new_page(), _Site(port))  # type: ignore[arg-type]
        hand.pair(_table(table_id))
        hand.enter_pin(dealer, PIN)
        hand.page.locator("[data-open-round]").wait_for()
        hand.taps = 0
        play_russian_round(hand)
        hand.tap("[data-settle]")
        taps = hand.taps
        round_id = hand.round_id()
        hand.page.locator("[data-paid]").wait_for()
        measured = hand.page.evaluate(
            "performance.getEntriesByName('tablet-entry').map(m => m.duration)"
        )
        hand.paid()
        # The full round, from "Open next round" to "Paid".
        hand.taps = 0
        play_full_round(hand)
        full_round_id = hand.round_id()
        hand.settle()
        hand.paid()
        full_taps = hand.taps
        token = hand.page.evaluate("localStorage.getItem('tablet.token')")
        context.close()
        browser.close()
        api_ms = _api_round(port, table_id, token)
    baseline = _cards_plus_decisions(round_id)
    report("tablet_round_taps", taps, "taps", taps / baseline, "cards_plus_decisions")
    full = _cards_plus_decisions(full_round_id)
    report("tablet_round_taps_full", full_taps, "taps", full_taps / full, "cards_plus_decisions")
    app_ms = statistics.median(measured)
    report("tablet_action_ms", app_ms, "ms", app_ms / api_ms, "api_action_ms")


def _table(table_id: int) -> Any:
    from tables.models import Table

    return Table.objects.select_related("pit").get(pk=table_id)


def _bonus_offered(table_id: int) -> None:
    """The table takes the bonus side bet (the full round places one): the bench's main and
    bonus paytables in use, and the tests' bonus limits."""
    from decimal import Decimal

    from payouts.models import Paytable, TablePaytable
    from tables.models import Table

    for paytable in Paytable.objects.filter(
        name__in=["bench-tablet bench main", "bench-tablet bench bonus"]
    ):
        TablePaytable.objects.update_or_create(
            table_id=table_id, kind=paytable.kind, defaults={"paytable": paytable}
        )
    Table.objects.filter(pk=table_id).update(bonus_min=Decimal(1), bonus_max=Decimal(500))


def _dealer_with_pin(table_id: int) -> str:
    """The table's dealer, given a PIN; the pit given a pit boss who may pair its tablets."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from casino.identity.pins import pin_set_at_console
    from tables.models import DealerAssignment

    table = _table(table_id)
    boss, _ = get_user_model().objects.get_or_create(username="bench-tablet-pit-boss")
    boss.groups.add(Group.objects.get(name="pit_boss"))
    table.pit.supervisors.add(boss)
    dealer = DealerAssignment.objects.get(table_id=table_id, ended_at=None).dealer.username
    pin_set_at_console(username=dealer, pin=PIN)
    return dealer  # type: ignore[no-any-return]


def _cards_plus_decisions(round_id: int) -> int:
    from tables.models import RoundCard, RoundEvent

    cards = RoundCard.objects.filter(round_id=round_id).count()
    decisions = RoundEvent.objects.filter(round_id=round_id).exclude(kind__in=DEALING).count()
    return cards + decisions


def _api_round(port: int, table_id: int, token: str) -> float:
    """The same round posted by a plain HTTP client: the median milliseconds of its actions."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}

    def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        connection.request(
            "POST", path, json.dumps(body), {**headers, "Idempotency-Key": uuid.uuid4().hex}
        )
        response = connection.getresponse()
        answer = json.loads(response.read())
        assert response.status in (200, 201), answer
        return answer  # type: ignore[no-any-return]

    round = post(f"/api/v1/tables/{table_id}/rounds/", {"options": {}})
    seen = round["last_event_seq"]
    times = []
    for action, fields in FOUR_BOX_ROUND:
        started = time.perf_counter()
        answer = post(
            f"/api/v1/rounds/{round['id']}/actions/",
            {"expected_event": seen, "action": action, **fields},
        )
        times.append((time.perf_counter() - started) * 1000)
        seen = answer["last_event_seq"]
    post(f"/api/v1/rounds/{round['id']}/settle/", {})
    post(f"/api/v1/rounds/{round['id']}/paid/", {})
    connection.close()
    return statistics.median(times)
