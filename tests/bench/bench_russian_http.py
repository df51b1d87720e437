"""A complete four-box Russian Poker round through the HTTP API, 32 tablets at once.

Each tablet is the dealer of its own table and plays rounds: open, four wagers, no more bets,
the deal, the decisions (a Bet, a fold, a sixth card then a Bet, a Bet), the dealer's reveal,
settle: 18 requests a round, against gunicorn and the real PostgreSQL. The baseline, measured in
the same run with the same 32 clients and the same pacing, is a bare DRF endpoint that inserts
one row.

Two loads:

* saturated: every tablet sends its next request as soon as the last is answered, which
  measures throughput (``russian_round_http``, rounds/s; ratio: requests/s against the bare
  insert's requests/s) and the latency of an overloaded server (``request_p99_saturated``);
* dealer pace: every tablet sends one request every ``PACE_S`` seconds on average (random
  gaps, so tables drift apart as real ones do), several times faster than a dealer records a
  live round; this is the latency a dealer sees (``request_p50``, ``request_p99``; ratio
  against the bare insert at the same pace).
"""

from __future__ import annotations

from collections.abc import Callable

from tests.bench.floor import setup_django, tables_with_dealers
from tests.bench.http_load import Tablet, run_tablets, served
from tests.russian_round import FOUR_BOX_ROUND

Report = Callable[[str, float, str, float, str], None]

TABLETS = 32
ROUNDS_EACH = 4
INSERTS_EACH = 150
#: A dealer records a four-box round's 18 actions in a minute or two: one request every few
#: seconds. One a second per tablet is several times that pace.
PACE_S = 1.0
PACED_ROUNDS_EACH = 2


def run(report: Report) -> None:
    setup_django()
    tables = tables_with_dealers(
        prefix="bench-rp", game="russian_poker", count=TABLETS, paytables=True
    )
    with served() as (host, port):
        tablets = [Tablet(host, port, token=token) for _, token in tables]
        table_of = {id(t): table_id for t, (table_id, _) in zip(tablets, tables, strict=True)}

        async def play(tablet: Tablet, i: int) -> None:
            await _play_round(tablet, table_of[id(tablet)])

        run_tablets(tablets, _bare_insert, 20)  # warm-up: connections, imports, caches
        run_tablets(tablets, play, 1)
        bare = run_tablets(tablets, _bare_insert, INSERTS_EACH)
        rounds = run_tablets(tablets, play, ROUNDS_EACH)
        paced_bare = run_tablets(tablets, _bare_insert, 18 * PACED_ROUNDS_EACH, interval=PACE_S)
        paced = run_tablets(tablets, play, PACED_ROUNDS_EACH, interval=PACE_S)
    report(
        "russian_round_http",
        rounds.sessions_per_second,
        "rounds/s",
        rounds.requests_per_second / bare.requests_per_second,
        "bare_insert",
    )
    report(
        "request_p99_saturated",
        rounds.percentile_ms(0.99),
        "ms",
        rounds.percentile_ms(0.99) / bare.percentile_ms(0.99),
        "bare_insert",
    )
    report("bare_insert_http", bare.requests_per_second, "requests/s", 1.0, "bare_insert")
    report("request_p50", paced.p50_ms, "ms", paced.p50_ms / paced_bare.p50_ms, "bare_insert")
    report(
        "request_p99",
        paced.percentile_ms(0.99),
        "ms",
        paced.percentile_ms(0.99) / paced_bare.percentile_ms(0.99),
        "bare_insert",
    )


async def _bare_insert(tablet: Tablet, i: int) -> None:
    status, _ = await tablet.request("POST", "/bench/insert/", {"payload": "x"})
    assert status == 201, status


async def _play_round(tablet: Tablet, table_id: int) -> None:
    status, body = await tablet.request("POST", f"/api/v1/tables/{table_id}/rounds/", {})
    assert status == 201, body
    round_id = body["id"]
    seen = body["last_event_seq"]

    async def act(action: str, **fields: object) -> None:
        nonlocal seen
        status, body = await tablet.request(
            "POST",
            f"/api/v1/rounds/{round_id}/actions/",
            {"expected_event": seen, "action": action, **fields},
        )
        assert status == 200, (action, body)
        seen = body["last_event_seq"]

    for action, fields in FOUR_BOX_ROUND:
        await act(action, **fields)
    status, body = await tablet.request("POST", f"/api/v1/rounds/{round_id}/settle/", {})
    assert status == 200 and body["status"] == "settled", body
    status, body = await tablet.request("POST", f"/api/v1/rounds/{round_id}/paid/", {})
    assert status == 200 and body["payouts_confirmed"] is not None, body
