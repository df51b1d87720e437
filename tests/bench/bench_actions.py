"""What one dealer action costs, in process (the whole request path, against PostgreSQL).

* ``action_queries``: the median number of SQL statements a dealer action sends, over the
  four-box Russian Poker round, each action with its Idempotency-Key as a tablet sends it
  (transaction control included, as the server receives it); the baseline is the bare insert
  endpoint's, measured the same way.
* ``reddog_late_action``: the median time of an action in the 80th hand of one long Red Dog
  game against one in the first (``reddog_early_action``), the same actions of the same hand
  shape; an action restores the game's state from its snapshot instead of replaying the game,
  so the ratio stays near 1.
"""

from __future__ import annotations

import itertools
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from tests.bench.floor import setup_django, tables_with_dealers
from tests.russian_round import FOUR_BOX_ROUND

Report = Callable[[str, float, str, float, str], None]

LATE_HAND = 80
SEATS = 5
#: Each late or early measurement repeats its hand this many times (fresh games), for a stable
#: median on a noisy machine.
REPEATS = 3
_keys = itertools.count()


class _Tablet:
    """A tablet in process: Django's test client with a device token and idempotency keys."""

    def __init__(self, token: str) -> None:
        from django.test import Client

        self.client = Client(HTTP_AUTHORIZATION=f"Token {token}")
        self.round_id = 0
        self.seen = 0
        self.view: dict[str, Any] = {}

    def open(self, table_id: int) -> None:
        body = self._post(f"/api/v1/tables/{table_id}/rounds/", {})
        self.round_id, self.seen, self.view = body["id"], body["last_event_seq"], body["view"]

    def act(self, action: str, **fields: Any) -> float:
        start = time.perf_counter()
        body = self._post(
            f"/api/v1/rounds/{self.round_id}/actions/",
            {"expected_event": self.seen, "action": action, **fields},
        )
        elapsed = time.perf_counter() - start
        self.seen, self.view = body["last_event_seq"], body["view"]
        return elapsed

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.client.post(
            path,
            json.dumps(body),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=f"bench-action-{next(_keys):08d}-{time.time_ns()}",
        )
        assert response.status_code in (200, 201), (path, body, response.content[:500])
        return response.json()  # type: ignore[no-any-return]


def run(report: Report) -> None:
    setup_django()
    _action_queries(report)
    _reddog_late_action(report)


def _action_queries(report: Report) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    [(table_id, token)] = tables_with_dealers(
        prefix="bench-aq", game="russian_poker", count=1, paytables=True
    )
    tablet = _Tablet(token)
    tablet.open(table_id)
    counts = []
    for action, fields in FOUR_BOX_ROUND:
        with CaptureQueriesContext(connection) as captured:
            tablet.act(action, **fields)
        counts.append(len(captured.captured_queries))
    tablet._post(f"/api/v1/rounds/{tablet.round_id}/settle/", {})
    tablet._post(f"/api/v1/rounds/{tablet.round_id}/paid/", {})
    bare = Client()
    with CaptureQueriesContext(connection) as captured:
        response = bare.post(
            "/bench/insert/", json.dumps({"payload": "x"}), content_type="application/json"
        )
    assert response.status_code == 201
    baseline = len(captured.captured_queries)
    median = statistics.median(counts)
    report("action_queries", median, "queries", median / baseline, "bare_insert")


def _reddog_late_action(report: Report) -> None:
    [(table_id, token)] = tables_with_dealers(
        prefix="bench-rd", game="red_dog", count=1, paytables=False
    )
    early: list[float] = []
    late: list[float] = []
    for _ in range(REPEATS):
        tablet = _Tablet(token)
        tablet.open(table_id)
        tablet.act(
            "seat_players",
            stacks={str(seat): "100000" for seat in range(1, SEATS + 1)},
            button=1,
        )
        for hand in range(1, LATE_HAND + 1):
            timings = _play_hand(tablet)
            if hand == 1:
                early.extend(timings)
            elif hand == LATE_HAND:
                late.extend(timings)
        tablet.act("end_game")
        tablet._post(f"/api/v1/rounds/{tablet.round_id}/settle/", {})
        tablet._post(f"/api/v1/rounds/{tablet.round_id}/paid/", {})
    early_s, late_s = statistics.median(early), statistics.median(late)
    report("reddog_early_action", early_s, "s", 1.0, "reddog_early_action")
    report("reddog_late_action", late_s, "s", late_s / early_s, "reddog_early_action")


def _play_hand(tablet: _Tablet) -> list[float]:
    """One hand of Red Dog, every card taken from what the view says is still in the stock;
    every bet the least allowed. Returns the time of each action."""
    timings = [tablet.act("start_hand")]
    while tablet.view["phase"] == "dealing":
        deal = _action(tablet.view, "deal_hand")
        seat = _field(deal, "seat")["positions"][0]
        count = _field(deal, "cards")["min_count"]
        timings.append(tablet.act("deal_hand", seat=seat, cards=_cards(tablet.view, count)))
    while tablet.view["phase"] in ("betting", "burn", "turn"):
        phase = tablet.view["phase"]
        if phase == "betting":
            bet = _action(tablet.view, "place_bet")
            seat = _field(bet, "seat")["positions"][0]
            amount = _field(bet, "amount")["min"]
            timings.append(tablet.act("place_bet", seat=seat, amount=amount))
        else:
            action = "show_burn" if phase == "burn" else "turn_card"
            timings.append(tablet.act(action, card=_cards(tablet.view, 1)[0]))
    return timings


def _action(view: dict[str, Any], name: str) -> dict[str, Any]:
    return next(action for action in view["actions"] if action["name"] == name)


def _field(action: dict[str, Any], name: str) -> dict[str, Any]:
    return next(field for field in action["fields"] if field["name"] == name)


def _cards(view: dict[str, Any], count: int) -> list[str]:
    return list(view["unseen_cards"][:count])
