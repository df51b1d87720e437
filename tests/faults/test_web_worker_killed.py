"""gunicorn web workers killed (SIGKILL) in the middle of a burst of dealer actions, on the fault
tests' own stack.

What must hold: no acknowledged action is lost, none is applied twice, and every answer that
is not a success is a clean JSON error. A tablet whose connection drops sends the same request
again with the same ``Idempotency-Key``, as the tablet app does: the first answer if the first
attempt committed, the action applied now if it did not.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import psutil

from tests.faults.stack import Dropped, FaultStack, act, is_error_shape, open_round
from tests.russian_round import FOUR_BOX_ROUND

KILLS = 3
#: Seconds a tablet waits between two actions: a round lasts over a second, so the kills land
#: while every tablet is still in the middle of its round (as fast as answers come, a round
#: was over before the first kill on a quick machine, and nothing was cut off).
PAUSE_S = 0.08
#: A dropped request is sent again at most this many times.
RETRIES = 10


class Tablet(threading.Thread):
    """One dealer playing one round at a quick pace (``PAUSE_S``), retrying what was
    dropped."""

    def __init__(self, stack: FaultStack, index: int, table_id: int, token: str) -> None:
        super().__init__(name=f"tablet-{index}")
        self.stack, self.index, self.table_id, self.token = stack, index, table_id, token
        self.round_id = 0
        #: (the action's request id, the last event number its answer acknowledged)
        self.acknowledged: list[tuple[str, int]] = []
        self.answers: list[tuple[int, Any]] = []
        self.dropped = 0
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported by the test, not lost in the thread
            self.failure = exc

    def _play(self) -> None:
        client = self.stack.client(self.token)
        self.round_id, seen = open_round(client, self.table_id)
        for number, (action, fields) in enumerate(FOUR_BOX_ROUND):
            request_id = f"burst-{self.round_id}-{number}"
            for _ in range(RETRIES):
                try:
                    status, body = act(
                        client,
                        self.round_id,
                        seen,
                        action,
                        fields,
                        **{"Idempotency-Key": request_id, "X-Request-ID": request_id},
                    )
                except Dropped:
                    self.dropped += 1
                    time.sleep(0.05)
                    continue
                self.answers.append((status, body))
                if status == 200:
                    break
                time.sleep(0.05)
            assert status == 200, (action, body)
            seen = body["last_event_seq"]
            self.acknowledged.append((request_id, seen))
            time.sleep(PAUSE_S)
        client.close()


def test_web_workers_killed_in_a_burst_lose_no_acknowledged_action_and_apply_none_twice(
    healthy: FaultStack,
) -> None:
    stack = healthy
    tablets = [
        Tablet(stack, index, table_id, token)
        for index, (table_id, token) in enumerate(stack.tables[2:8])
    ]
    rng = random.Random(12)
    for tablet in tablets:
        tablet.start()
    killed = []
    for _ in range(KILLS):
        time.sleep(0.15 + rng.random() * 0.2)
        # A worker serving a tablet now, so the kill cuts a connection in the middle.
        workers = stack.web_workers(serving=True) or stack.web_workers()
        if workers:
            victim = rng.choice(workers)
            psutil.Process(victim).kill()
            killed.append(victim)
    for tablet in tablets:
        tablet.join(120)
        assert not tablet.is_alive(), tablet.name
    failures = [(tablet.name, tablet.failure) for tablet in tablets if tablet.failure]
    assert failures == []
    assert len(killed) == KILLS
    # The kills did cut tablets off in the middle of the burst (else nothing was tested).
    assert sum(tablet.dropped for tablet in tablets) >= 1

    # Every answer was a success or the API's one error shape.
    errors = [body for tablet in tablets for status, body in tablet.answers if status != 200]
    assert all(is_error_shape(body) for body in errors), errors

    with stack.database() as db:
        for tablet in tablets:
            events = db.execute(
                "SELECT seq, request_id FROM tables_roundevent WHERE round_id = %s ORDER BY seq",
                [tablet.round_id],
            ).fetchall()
            (last,) = db.execute(
                "SELECT last_event_seq FROM tables_round WHERE id = %s", [tablet.round_id]
            ).fetchone()
            by_request: dict[str, list[int]] = {}
            for seq, request_id in events:
                by_request.setdefault(request_id, []).append(seq)
            # None applied twice: each action's request id names one run of events.
            assert set(by_request) == {request_id for request_id, _ in tablet.acknowledged}
            # None lost: each acknowledged number is the last event of its own action.
            for request_id, seq in tablet.acknowledged:
                assert max(by_request[request_id]) == seq, (tablet.name, request_id)
            assert last == tablet.acknowledged[-1][1]
            assert [seq for seq, _ in events] == list(range(1, last + 1))
