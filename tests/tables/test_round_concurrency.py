"""Two tablets send a mutation of one round with the same expected event number at once.

The bug this guards against: both read ``last_event_seq`` before either writes, and both append,
so the round holds two events where the dealer meant one. The round's row lock plus the
expected-event check must let exactly one through and answer the other with 409.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from tables.models import RoundEvent
from tables.services import rounds as round_services


@pytest.mark.django_db(transaction=True)
def test_same_expected_event_one_wins_one_gets_409(
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    round_id = round_services.round_open(table_id=floor["table"].pk, dealer=users["dealer"]).pk
    clients = [client_for("dealer"), client_for("dealer")]

    # Hold each request inside its critical section until both have started, so they truly
    # overlap: without the lock, both would pass the expected-event check.
    barrier = threading.Barrier(2, timeout=10)
    original_lock = round_services.round_lock_with_audit_head

    def slow_lock(round_id: int) -> Any:
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass
        return original_lock(round_id)

    monkeypatch.setattr(round_services, "round_lock_with_audit_head", slow_lock)

    results: list[Any] = [None, None]

    def send(index: int) -> None:
        try:
            results[index] = clients[index].post(
                f"/api/v1/rounds/{round_id}/actions/",
                {"expected_event": 0, "action": "note", "text": f"tablet {index}"},
                format="json",
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    statuses = sorted(r.status_code for r in results)
    assert statuses == [200, 409], [r.content for r in results]
    loser = next(r for r in results if r.status_code == 409)
    assert loser.json()["error"]["code"] == "stale_event"
    assert loser.json()["error"]["details"] == {"expected_event": 0, "last_event": 1}
    assert RoundEvent.objects.filter(round_id=round_id).count() == 1
