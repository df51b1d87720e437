"""A bounded load through the real stack: 32 tablets for 60 s at a dealer's pace.

Each tablet is the dealer of its own Russian Poker table and plays four-box rounds (open, the
sixteen actions, settle) against gunicorn, PostgreSQL and Redis as ``make run`` serves them,
one request every ``PACE_S`` seconds on average (random gaps, as in ``bench_russian_http``),
until ``DURATION_S`` have passed. Nothing is asserted: every answer that is not the expected
success, and every request that got no answer, is counted.

Figures: ``load_errors`` (goal 0; ratio: errors per request), ``load_p50`` and ``load_p99``
(ratio against a bare DRF endpoint inserting one row, same tablets, same pace, measured in the
same run), ``load_requests`` (requests answered per second).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from tests.bench.floor import setup_django, tables_with_dealers
from tests.bench.http_load import Tablet, run_tablets, served
from tests.russian_round import FOUR_BOX_ROUND

Report = Callable[[str, float, str, float, str], None]

TABLETS = 32
DURATION_S = 60.0
#: One request a second per tablet: several times a live dealer's pace (bench_russian_http).
PACE_S = 1.0
#: The baseline's requests per tablet at the same pace.
BARE_EACH = 30


class Counter:
    """Requests sent and those that failed, across every tablet."""

    def __init__(self) -> None:
        self.requests = 0
        self.errors = 0
        self.first: list[str] = []

    def failed(self, what: str) -> None:
        self.errors += 1
        if len(self.first) < 5:
            self.first.append(what)


def run(report: Report) -> None:
    setup_django()
    tables = tables_with_dealers(
        prefix="bench-load", game="russian_poker", count=TABLETS, paytables=True
    )
    counter = Counter()
    with served() as (host, port):
        tablets = [Tablet(host, port, token=token) for _, token in tables]
        table_of = {id(t): table_id for t, (table_id, _) in zip(tablets, tables, strict=True)}

        async def bare(tablet: Tablet, i: int) -> None:
            status, _ = await tablet.request("POST", "/bench/insert/", {"payload": "x"})
            assert status == 201, status

        run_tablets(tablets, bare, 20)  # warm-up: connections, imports, caches
        paced_bare = run_tablets(tablets, bare, BARE_EACH, interval=PACE_S)
        deadline = time.perf_counter() + DURATION_S

        async def play(tablet: Tablet, i: int) -> None:
            while time.perf_counter() < deadline:
                await _play_round(tablet, table_of[id(tablet)], counter)

        load = run_tablets(tablets, play, 1, interval=PACE_S)
    for line in counter.first:
        print(f"# load error: {line}", flush=True)
    # Where the tail lies: each kind of request's share, p50 and p99 (not figures of the issue).
    for kind, each in sorted(load.by_kind().items()):
        print(
            f"# load {kind}: {len(each.latencies)} requests, p50 {each.p50_ms:.0f} ms, "
            f"p99 {each.percentile_ms(0.99):.0f} ms",
            flush=True,
        )
    report("load_errors", counter.errors, "errors", counter.errors / counter.requests, "requests")
    report("load_p50", load.p50_ms, "ms", load.p50_ms / paced_bare.p50_ms, "bare_insert")
    report(
        "load_p99",
        load.percentile_ms(0.99),
        "ms",
        load.percentile_ms(0.99) / paced_bare.percentile_ms(0.99),
        "bare_insert",
    )
    report(
        "load_requests",
        len(load.latencies) / load.seconds,
        "requests/s",
        (len(load.latencies) / load.seconds) / (TABLETS / PACE_S),
        "paced_offer",
    )


async def _play_round(tablet: Tablet, table_id: int, counter: Counter) -> None:
    """One round; a failed request is counted and ends the round (the tablet resumes the round
    in play, if any, with the next)."""

    async def send(path: str, body: object, expected: int) -> dict[str, object] | None:
        counter.requests += 1
        try:
            status, answer = await tablet.request("POST", path, body)
        except (OSError, EOFError, ValueError, IndexError) as exc:  # no answer, or a broken one
            await tablet.close()
            counter.failed(f"{path}: {exc!r}")
            return None
        if status != expected:
            counter.failed(f"{path}: {status} {answer}")
            return None
        return answer

    opened = await send(f"/api/v1/tables/{table_id}/rounds/", {}, 201)
    if opened is None:
        await _void_open_round(table_id)
        return
    round_id, seen = opened["id"], opened["last_event_seq"]
    for action, fields in FOUR_BOX_ROUND:
        body = {"expected_event": seen, "action": action, **fields}
        answer = await send(f"/api/v1/rounds/{round_id}/actions/", body, 200)
        if answer is None:
            await _void_open_round(table_id)
            return
        seen = answer["last_event_seq"]
    if await send(f"/api/v1/rounds/{round_id}/settle/", {}, 200) is None:
        await _void_open_round(table_id)
        return
    # The dealer pays the layout out: the table's next round waits for "Paid".
    await send(f"/api/v1/rounds/{round_id}/paid/", {}, 200)


async def _void_open_round(table_id: int) -> None:
    """After an error, a round left open is voided (as the floor set-up does), so the tablet's
    next round can open: the load goes on, the error is already counted."""
    from asgiref.sync import sync_to_async
    from django.utils import timezone

    from tables.models import Round, RoundStatus

    await sync_to_async(
        lambda: Round.objects.filter(table_id=table_id, status=RoundStatus.OPEN).update(
            status=RoundStatus.VOIDED, closed_at=timezone.now()
        )
    )()
