"""Two web servers and two Celery workers against one PostgreSQL and one Redis, with tablets on
both, and one web server killed outright (SIGKILL to its master and every worker) in the middle
of a burst, then started again on its port.

What must hold: every round ends consistent and settled right, no acknowledged action is lost
and none is applied twice. A tablet whose connection drops sends the same request again with
the same ``Idempotency-Key`` to the other server, as a load balancer routes it, and goes back to
its own for its next round; the key is claimed in the database, so which process answers the
retry makes no difference. Reports asked meanwhile are built once each, by either worker.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.faults.stack import Client, Dropped, is_error_shape
from tests.russian_round import FOUR_BOX_ROUND
from tests.scale.stack import ScaleStack, scale_stack

ROUNDS = 2
TABLETS = 8
#: Seconds between two actions: a round lasts over a second, so the kill lands while every
#: tablet is in the middle of one.
PAUSE_S = 0.05
RETRIES = 20
REPORTS = 4
DEADLINE_S = 60


@pytest.fixture(scope="module")
def stack() -> Iterator[ScaleStack]:
    with scale_stack() as started:
        yield started


class Tablet(threading.Thread):
    """One dealer playing ``ROUNDS`` rounds at its table through its own web server, moving to
    the other when a request is dropped; every round after the first waits until the killed
    server is back, and starts at home."""

    def __init__(
        self, stack: ScaleStack, index: int, table_id: int, token: str, restarted: threading.Event
    ) -> None:
        super().__init__(name=f"tablet-{index}")
        self.stack, self.index, self.table_id, self.token = stack, index, table_id, token
        self.restarted = restarted
        self.home = index % 2
        #: (the server that answered, the round) of every answered request
        self.served: list[tuple[int, int]] = []
        self.rounds: list[int] = []
        #: (round, the action's key, the last event number its answer acknowledged)
        self.acknowledged: list[tuple[int, str, int]] = []
        self.answers: list[tuple[int, Any]] = []
        self.settlements: dict[int, Any] = {}
        self.dropped = 0
        self.failure: BaseException | None = None
        self._web = self.home
        self._client: Client | None = None

    def run(self) -> None:
        try:
            for number in range(ROUNDS):
                if number:
                    assert self.restarted.wait(DEADLINE_S), "the server was not restarted"
                self._web = self.home
                self._play()
        except BaseException as exc:  # reported by the test, not lost in the thread
            self.failure = exc
        finally:
            if self._client is not None:
                self._client.close()

    def _send(self, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
        """The request, sent again (to the other server) while it is dropped."""
        for _ in range(RETRIES):
            if self._client is None or self._client.port != self.stack.webs[self._web].port:
                if self._client is not None:
                    self._client.close()
                self._client = Client(self.stack.webs[self._web].port, self.token)
            try:
                status, answer, _ = self._client.request(method, path, body, **headers)
            except Dropped:
                self.dropped += 1
                self._web = 1 - self._web
                time.sleep(0.05)
                continue
            self.answers.append((status, answer))
            self.served.append((self._web, len(self.rounds)))
            return status, answer
        raise AssertionError(f"{method} {path}: dropped {RETRIES} times")

    def _play(self) -> None:
        number = len(self.rounds) + 1
        key = f"scale-{self.table_id}-{time.time_ns()}-{number}"
        status, body = self._send(
            "POST", f"/api/v1/tables/{self.table_id}/rounds/", {}, **{"Idempotency-Key": key}
        )
        assert status == 201, body
        round_id, seen = body["id"], body["last_event_seq"]
        self.rounds.append(round_id)
        for step, (action, fields) in enumerate(FOUR_BOX_ROUND):
            request_id = f"{key}-{step}"
            status, body = self._send(
                "POST",
                f"/api/v1/rounds/{round_id}/actions/",
                {"expected_event": seen, "action": action, **fields},
                **{"Idempotency-Key": request_id, "X-Request-ID": request_id},
            )
            assert status == 200, (action, body)
            seen = body["last_event_seq"]
            self.acknowledged.append((round_id, request_id, seen))
            time.sleep(PAUSE_S)
        status, body = self._send(
            "POST", f"/api/v1/rounds/{round_id}/settle/", {}, **{"Idempotency-Key": f"{key}-s"}
        )
        assert status == 200, body
        self.settlements[round_id] = body
        status, paid = self._send(
            "POST", f"/api/v1/rounds/{round_id}/paid/", {}, **{"Idempotency-Key": f"{key}-p"}
        )
        assert status == 200, paid


def test_a_web_server_killed_mid_burst_loses_no_action_and_applies_none_twice(
    stack: ScaleStack,
) -> None:
    assert len(stack.tables) >= TABLETS
    restarted = threading.Event()
    tablets = [
        Tablet(stack, index, table_id, token, restarted)
        for index, (table_id, token) in enumerate(stack.tables[:TABLETS])
    ]
    auditor = [Client(web.port, stack.auditor) for web in stack.webs]
    for tablet in tablets:
        tablet.start()
    time.sleep(0.6)
    victim = stack.webs[0]
    victim.kill()
    # Asked while one server is down: each through the one that answers.
    reports = []
    for n in range(REPORTS):
        status, body, _ = auditor[1].request(
            "POST",
            "/api/v1/audit/reports/request/",
            {"gaming_day": "2025-01-0" + str(n + 1)},
        )
        assert status == 202, body
        reports.append(body["id"])
    victim.start()
    restarted.set()
    for tablet in tablets:
        tablet.join(DEADLINE_S)
        assert not tablet.is_alive(), tablet.name
    failures = [(tablet.name, tablet.failure) for tablet in tablets if tablet.failure]
    assert failures == []
    # The kill did cut tablets off mid-burst (else nothing was tested): in the middle of
    # their first round, which the other server finished; the restarted server took its
    # tablets back for their later rounds.
    cut = [tablet for tablet in tablets if tablet.dropped]
    assert cut and all(tablet.home == 0 for tablet in cut)
    assert all(any(web == 1 for web, number in t.served if number == 1) for t in cut)
    assert all(any(web == 0 for web, number in tablet.served if number == ROUNDS) for tablet in cut)

    # Every answer was a success or the API's one error shape.
    errors = [body for tablet in tablets for status, body in tablet.answers if status >= 300]
    assert all(is_error_shape(body) for body in errors), errors

    with stack.database() as db:
        for tablet in tablets:
            assert len(tablet.rounds) == ROUNDS, tablet.name
            for round_id in tablet.rounds:
                acknowledged = [
                    (key, seq) for rid, key, seq in tablet.acknowledged if rid == round_id
                ]
                events = db.execute(
                    "SELECT seq, request_id FROM tables_roundevent WHERE round_id = %s "
                    "ORDER BY seq",
                    [round_id],
                ).fetchall()
                status, last = db.execute(
                    "SELECT status, last_event_seq FROM tables_round WHERE id = %s", [round_id]
                ).fetchone()
                by_request: dict[str, list[int]] = {}
                for seq, request_id in events:
                    by_request.setdefault(request_id, []).append(seq)
                # None applied twice: one run of events per action; none lost: each
                # acknowledged number is the last event of its own action.
                assert set(by_request) == {key for key, _ in acknowledged}, tablet.name
                for key, seq in acknowledged:
                    assert max(by_request[key]) == seq, (tablet.name, key)
                assert [seq for seq, _ in events] == list(range(1, last + 1))
                assert (status, last) == ("settled", acknowledged[-1][1])

        # Settled right: each settlement once, replayed to the cent, the same for every
        # round (every tablet played the same cards).
        rounds = [round_id for tablet in tablets for round_id in tablet.rounds]
        settlements = db.execute(
            "SELECT round_id, total_staked, total_returned, house_result "
            "FROM payouts_settlement WHERE round_id = ANY(%s)",
            [rounds],
        ).fetchall()
        assert sorted(row[0] for row in settlements) == sorted(rounds)
        assert len({row[1:] for row in settlements}) == 1, settlements
        (settled_rows,) = db.execute(
            "SELECT count(*) FROM audit_auditrecord WHERE event_code = 'round.settled' "
            "AND round_id = ANY(%s)",
            [rounds],
        ).fetchone()
        assert settled_rows == len(rounds)
    for tablet in tablets:
        for round_id in tablet.settlements:
            status, body, _ = auditor[tablet.index % 2].request(
                "GET", f"/api/v1/rounds/{round_id}/replay/"
            )
            assert status == 200 and body["matches"], body

    # Each report built once, by one of the two workers.
    deadline = time.monotonic() + DEADLINE_S
    for report_id in reports:
        while True:
            status, body, _ = auditor[0].request("GET", f"/api/v1/audit/reports/{report_id}/")
            assert status == 200, body
            if body["status"] not in ("queued", "running"):
                break
            assert time.monotonic() < deadline, f"report {report_id} still {body['status']}"
            time.sleep(0.25)
        assert body["status"] == "done", body
    with stack.database() as db:
        (stored,) = db.execute(
            "SELECT count(*) FROM audit_auditrecord WHERE event_code = 'report.stored' "
            "AND (after->>'report')::bigint = ANY(%s)",
            [reports],
        ).fetchone()
    assert stored == REPORTS
    for client in auditor:
        client.close()
