"""gunicorn as production runs it (``deploy/gunicorn.conf.py``): a SIGTERM lets the request in
flight finish, and the metrics of several workers add up whichever worker is scraped."""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.bench.http_load import gunicorn
from tests.push.server import server_env

SETTINGS = "tests.deploy.server_settings"

# The servers log in to the suite's database and see what is committed; gunicorn is a server
# of the test's own (the stack tier).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.stack]


def get(port: int, path: str, timeout: float = 30) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


@pytest.fixture
def env(django_db_setup: None, django_db_blocker: Any, tmp_path: Path) -> dict[str, str]:
    return {
        **server_env(django_db_blocker),
        "DJANGO_SETTINGS_MODULE": SETTINGS,
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "prom"),
    }


@pytest.fixture
def two_workers(env: dict[str, str]) -> Iterator[tuple[int, Any, dict[str, str]]]:
    with gunicorn({**env, "WEB_WORKERS": "2"}, settings=SETTINGS) as (_, port, process):
        yield port, process, env


def test_sigterm_lets_the_request_in_flight_finish(
    two_workers: tuple[int, Any, dict[str, str]],
) -> None:
    port, master, _ = two_workers
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        in_flight = pool.submit(get, port, "/deploy/slow/?seconds=3")
        time.sleep(1)  # the request is being served
        master.send_signal(signal.SIGTERM)
        status, body = in_flight.result(timeout=30)
    assert status == 200
    assert "pid" in json.loads(body)
    # The server stopped after it, within its graceful timeout, and takes nothing new.
    assert master.wait(30) == 0
    with pytest.raises(OSError):
        get(port, "/livez", timeout=2)


def test_the_scraped_counters_are_every_workers_added_up(
    two_workers: tuple[int, Any, dict[str, str]],
) -> None:
    port, _, env = two_workers
    # Requests at once, each taking a while, until both workers have served some. The server
    # answers as soon as one worker is up; the other may still be importing Django, for seconds
    # on a loaded machine, so the wait is bounded by time rather than by a count of tries.
    pids: list[int] = []
    deadline = time.monotonic() + 60
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        while time.monotonic() < deadline:
            answers = list(pool.map(lambda _: get(port, "/deploy/slow/?seconds=0.3"), range(4)))
            pids += [json.loads(body)["pid"] for status, body in answers if status == 200]
            if len(set(pids)) == 2:
                break
    assert len(set(pids)) == 2, "one worker served every request"
    files = {path.name for path in Path(env["PROMETHEUS_MULTIPROC_DIR"]).iterdir()}
    assert {f"counter_{pid}.db" for pid in set(pids)} <= files
    # Each scrape is served by one worker or the other: all of them say the same total.
    for _ in range(4):
        status, body = get(port, "/metrics")
        assert status == 200
        totals = [
            sample.value
            for family in text_string_to_metric_families(body.decode())
            for sample in family.samples
            if sample.name == "django_http_responses_total_by_status_view_method_total"
            and sample.labels.get("view") == "deploy-slow"
        ]
        assert totals == [len(pids)]


def test_the_metrics_folder_is_emptied_at_start(env: dict[str, str]) -> None:
    folder = Path(env["PROMETHEUS_MULTIPROC_DIR"])
    folder.mkdir()
    (folder / "counter_999999.db").write_bytes(b"a previous run's")
    with gunicorn({**env, "WEB_WORKERS": "1"}, settings=SETTINGS) as (_, port, _process):
        assert "counter_999999.db" not in os.listdir(folder)
        assert get(port, "/metrics")[0] == 200
