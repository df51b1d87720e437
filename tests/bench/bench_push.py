"""Push latency: from the commit of a dealer action to the event received by a subscriber.

200 open tables in one pit, each with its dealer; 32 of them play four-box Russian Poker rounds
through gunicorn at a dealer's pace (``bench_load``'s tablets: one request every ``PACE_S``
seconds on average, for ``DURATION_S``), while a pit boss's client is subscribed to the pit's
stream served by uvicorn (``GET /api/v1/pits/{id}/events/``). Each action's event carries the
time of its commit (``at``, taken by ``transaction.on_commit``); the subscriber notes the time it
read the event. Same machine, same clock.

Figures: ``push_latency_p99`` and ``push_latency_p50`` (ratio against a bare DRF endpoint
inserting one row, same tablets, same pace, same run: what one request costs the server),
``push_events_lost`` (dealer actions answered whose event never came; goal 0).
"""

from __future__ import annotations

import datetime as dt
import statistics
import threading
import time
from collections.abc import Callable

from tests.bench.bench_load import BARE_EACH, PACE_S, Counter, _play_round
from tests.bench.floor import BENCH_SETTINGS, setup_django, tables_with_dealers
from tests.bench.http_load import Tablet, run_tablets, served
from tests.push.server import Subscriber, uvicorn

Report = Callable[[str, float, str, float, str], None]

TABLES = 200
TABLETS = 32
DURATION_S = 30.0
#: How long the subscriber may still receive after the last action was answered.
DRAIN_S = 5.0


def run(report: Report) -> None:
    setup_django()
    tables = tables_with_dealers(
        prefix="bench-push", game="russian_poker", count=TABLES, paytables=True
    )
    pit_id, token = _pit_boss_of(tables[0][0])
    counter = Counter()
    latencies: list[float] = []
    with served() as (host, port), uvicorn(_push_env()) as push:
        subscriber = Subscriber(push, pit_id, token=token)
        assert subscriber.status == 200, subscriber.json()
        assert subscriber.next().name == "ready"
        reading = threading.Thread(target=_read, args=(subscriber, latencies), daemon=True)
        reading.start()

        playing = tables[:TABLETS]
        tablets = [Tablet(host, port, token=key) for _, key in playing]
        table_of = {id(t): table_id for t, (table_id, _) in zip(tablets, playing, strict=True)}

        async def bare(tablet: Tablet, i: int) -> None:
            status, _ = await tablet.request("POST", "/bench/insert/", {"payload": "x"})
            assert status == 201, status

        run_tablets(tablets, bare, 20)  # warm-up: connections, imports, caches
        paced_bare = run_tablets(tablets, bare, BARE_EACH, interval=PACE_S)
        started = dt.datetime.now(dt.UTC)
        deadline = time.perf_counter() + DURATION_S
        actions_before = len(latencies)

        async def play(tablet: Tablet, i: int) -> None:
            while time.perf_counter() < deadline:
                await _play_round(tablet, table_of[id(tablet)], counter)

        run_tablets(tablets, play, 1, interval=PACE_S)
        expected = _actions_committed(started, [table_id for table_id, _ in playing])
        end = time.monotonic() + DRAIN_S
        while len(latencies) - actions_before < expected and time.monotonic() < end:
            time.sleep(0.05)
        subscriber.close()
    for line in counter.first:
        print(f"# push load error: {line}", flush=True)
    got = latencies[actions_before:]
    ordered = sorted(got)
    p99 = 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    p50 = 1000 * statistics.median(ordered)
    bare_p99 = paced_bare.percentile_ms(0.99)
    report("push_latency_p99", p99, "ms", p99 / bare_p99, "bare_insert_p99")
    report("push_latency_p50", p50, "ms", p50 / paced_bare.p50_ms, "bare_insert_p50")
    lost = max(0, expected - len(got))
    report("push_events_lost", lost, "events", lost / max(1, expected), "actions")


def _actions_committed(since: dt.datetime, table_ids: list[int]) -> int:
    """The dealer actions committed at these tables since then: one audit row each."""
    from casino.core.audit_codes import AuditCode
    from casino.core.models import AuditRecord

    return AuditRecord.objects.filter(
        event_code=AuditCode.ROUND_ACTION, table_id__in=table_ids, occurred_at__gte=since
    ).count()


def _read(subscriber: Subscriber, latencies: list[float]) -> None:
    """Note, for each dealer action's event, the seconds from its commit to now."""
    try:
        while True:
            try:
                event = subscriber.next()
            except TimeoutError:  # quiet (the warm-up, the baseline): heartbeats only
                continue
            received = time.time()
            if event.name == "message" and event.data["kind"] == "round_action":
                committed = dt.datetime.fromisoformat(event.data["at"]).timestamp()
                latencies.append(received - committed)
    except (OSError, EOFError, ValueError, AttributeError):
        return  # the connection was closed: the run is over


def _push_env() -> dict[str, str]:
    return {"DJANGO_SETTINGS_MODULE": BENCH_SETTINGS, "PUSH_HEARTBEAT_SECONDS": "1"}


def _pit_boss_of(table_id: int) -> tuple[int, str]:
    """The pit of the table, and a device token of a pit boss who supervises it."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from casino.identity.models import DeviceToken, hash_token
    from tables.models import Table

    pit = Table.objects.select_related("pit").get(pk=table_id).pit
    user, _ = get_user_model().objects.get_or_create(username="bench-push-pit-boss")
    user.groups.add(Group.objects.get(name="pit_boss"))
    pit.supervisors.add(user)
    key = DeviceToken.new_key()
    DeviceToken.objects.create(user=user, device_name="pit board", key_digest=hash_token(key))
    return pit.pk, key
