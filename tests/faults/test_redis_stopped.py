"""Redis stopped in the middle of a round, on the fault tests' own stack.

The bugs: with Redis paused an auditor's report request hung for over 20 s; with Redis killed
it answered 500 and its report stayed ``queued`` for ever, with no task anywhere. Dealers'
actions and settlement never needed Redis, and must keep not needing it.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import time

from tests.faults.stack import DEADLINE_S, FaultStack, act, is_error_shape, open_round
from tests.russian_round import FOUR_BOX_ROUND

#: The request gives up on the broker within about a second (REDIS_TIMEOUT); the margin is for
#: a loaded machine. Before the fix the request hung until Redis came back.
ANSWER_WITHIN_S = 2.0


def _request_report(stack: FaultStack) -> tuple[int, dict[str, object], float]:
    auditor = stack.client(stack.auditor)
    # The casino's previous gaming day, closed whatever the hour.
    yesterday = (stack.gaming_day - dt.timedelta(days=1)).isoformat()
    started = time.monotonic()
    status, body, _ = auditor.request(
        "POST", "/api/v1/audit/reports/request/", {"gaming_day": yesterday}
    )
    return status, body, time.monotonic() - started


def _wait_report_done(stack: FaultStack, report_id: int) -> dict[str, object]:
    auditor = stack.client(stack.auditor)
    deadline = time.monotonic() + DEADLINE_S
    while True:
        status, body, _ = auditor.request("GET", f"/api/v1/audit/reports/{report_id}/")
        assert status == 200, body
        if body["status"] not in ("queued", "running"):
            return body
        assert time.monotonic() < deadline, f"report still {body['status']}"
        time.sleep(0.25)


def _dispatch(stack: FaultStack, report_id: int) -> tuple[object, int, str] | None:
    with stack.database() as db:
        return db.execute(
            "SELECT sent_at, attempts, last_error FROM audit_reportdispatch WHERE report_id = %s",
            [report_id],
        ).fetchone()


def test_with_redis_killed_the_round_goes_on_and_the_report_is_built_once_it_is_back(
    healthy: FaultStack,
) -> None:
    stack = healthy
    table_id, token = stack.tables[0]
    dealer = stack.client(token)
    round_id, seen = open_round(dealer, table_id)
    half = len(FOUR_BOX_ROUND) // 2
    for action, fields in FOUR_BOX_ROUND[:half]:
        status, body = act(dealer, round_id, seen, action, fields)
        assert status == 200, body
        seen = body["last_event_seq"]

    with stack.supervisor.held():
        stack.redis.process.kill()
        stack.redis.process.wait()

        health, checks = stack.health()
        assert (health, checks["down"], checks["checks"]["database"]) == (503, ["redis"], "ok")

        for action, fields in FOUR_BOX_ROUND[half:]:
            status, body = act(dealer, round_id, seen, action, fields)
            assert status == 200, (action, body)
            seen = body["last_event_seq"]
        status, body, _ = dealer.request("POST", f"/api/v1/rounds/{round_id}/settle/", {})
        assert (status, body["status"]) == (200, "settled"), body
        status, body, _ = dealer.request("POST", f"/api/v1/rounds/{round_id}/paid/", {})
        assert status == 200, body

        status, report, elapsed = _request_report(stack)
        assert status == 202, report
        assert elapsed < ANSWER_WITHIN_S, f"answered in {elapsed:.1f} s"
        assert report["status"] == "queued"
        # The task is in the outbox, not lost: written with the report, not yet sent.
        sent_at, attempts, error = _dispatch(stack, report["id"])
        assert (sent_at, attempts) == (None, 1)
        assert "OperationalError" in error

    # Out of the hold the supervisor starts Redis again; beat's sweep of the outbox sends the
    # task and the worker builds the report, with nobody doing anything.
    done = _wait_report_done(stack, report["id"])
    assert done["status"] == "done", done
    sent_at, attempts, _ = _dispatch(stack, report["id"])
    assert sent_at is not None and attempts >= 2


def test_with_redis_paused_a_report_request_is_answered_at_once_and_built_after(
    healthy: FaultStack,
) -> None:
    stack = healthy
    pid = stack.redis.process.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        status, report, elapsed = _request_report(stack)
        health, checks = stack.health()
    finally:
        os.kill(pid, signal.SIGCONT)
    assert status == 202, report
    assert elapsed < ANSWER_WITHIN_S, f"answered in {elapsed:.1f} s"
    assert (health, checks["down"]) == (503, ["redis"])
    assert _wait_report_done(stack, report["id"])["status"] == "done"


def test_a_refused_report_request_is_one_clean_json_error_and_queues_nothing(
    healthy: FaultStack,
) -> None:
    stack = healthy
    with stack.database() as db:
        (before,) = db.execute("SELECT count(*) FROM audit_reportdispatch").fetchone()
    auditor = stack.client(stack.auditor)
    status, body, _ = auditor.request(
        "POST", "/api/v1/audit/reports/request/", {"gaming_day": "2999-01-01"}
    )
    assert status == 400 and is_error_shape(body), body
    with stack.database() as db:
        (after,) = db.execute("SELECT count(*) FROM audit_reportdispatch").fetchone()
    assert after == before
