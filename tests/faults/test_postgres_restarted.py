"""PostgreSQL stopped, or restarted, between two actions of a round, on the fault tests' own
stack.

The bugs: with the database down a request answered Django's HTML error page (500), not the
API's error shape; the server must answer 503 ``database_unavailable`` and carry on by itself
once PostgreSQL is back, each web worker's kept connection replaced, not reused broken.
"""

from __future__ import annotations

from tests.faults.stack import FaultStack, act, is_error_shape, open_round
from tests.russian_round import FOUR_BOX_ROUND


def _events(stack: FaultStack, round_id: int) -> tuple[int, int, int]:
    """(the round's last event number, its events, its distinct event numbers) as stored."""
    with stack.database() as db:
        (last,) = db.execute(
            "SELECT last_event_seq FROM tables_round WHERE id = %s", [round_id]
        ).fetchone()
        count, distinct = db.execute(
            "SELECT count(*), count(DISTINCT seq) FROM tables_roundevent WHERE round_id = %s",
            [round_id],
        ).fetchone()
    return last, count, distinct


def test_with_postgres_down_every_answer_is_a_clean_503_and_the_round_goes_on_after(
    healthy: FaultStack,
) -> None:
    stack = healthy
    table_id, token = stack.tables[1]
    dealer = stack.client(token)
    round_id, seen = open_round(dealer, table_id)
    (first, first_fields), (second, second_fields), *rest = FOUR_BOX_ROUND
    status, body = act(dealer, round_id, seen, first, first_fields)
    assert status == 200, body
    seen = body["last_event_seq"]

    with stack.supervisor.held():
        stack.postgres.stop(mode="immediate")
        status, body = act(dealer, round_id, seen, second, second_fields)
        assert status == 503 and is_error_shape(body), body
        assert body["error"]["code"] == "database_unavailable"
        status, body, response = dealer.request("GET", f"/api/v1/rounds/{round_id}/")
        assert status == 503 and body["error"]["code"] == "database_unavailable", body
        assert response.getheader("Retry-After") is not None
        health, checks = stack.health()
        assert (health, checks["down"], checks["checks"]["redis"]) == (503, ["database"], "ok")
        stack.postgres.start()

    # The very next request succeeds: the broken connection was dropped, a new one made.
    status, body = act(dealer, round_id, seen, second, second_fields)
    assert status == 200, body
    seen = body["last_event_seq"]
    for action, fields in rest:
        status, body = act(dealer, round_id, seen, action, fields)
        assert status == 200, (action, body)
        seen = body["last_event_seq"]
    status, body, _ = dealer.request("POST", f"/api/v1/rounds/{round_id}/settle/", {})
    assert (status, body["status"]) == (200, "settled"), body
    status, body, _ = dealer.request("POST", f"/api/v1/rounds/{round_id}/paid/", {})
    assert status == 200, body
    # The refused action was not applied: one event per action, each number once.
    assert _events(stack, round_id) == (seen, len(FOUR_BOX_ROUND), len(FOUR_BOX_ROUND))


def test_postgres_restarted_between_two_actions_the_next_one_succeeds_or_is_a_clean_503(
    healthy: FaultStack,
) -> None:
    stack = healthy
    table_id, token = stack.tables[1]
    dealer = stack.client(token)
    round_id, seen = open_round(dealer, table_id)
    applied = 0
    for index, (action, fields) in enumerate(FOUR_BOX_ROUND):
        if index in (2, 9):
            with stack.supervisor.held():
                stack.postgres.stop(mode="fast")
                stack.postgres.start()
        status, body = act(dealer, round_id, seen, action, fields)
        if status == 503:
            assert is_error_shape(body) and body["error"]["code"] == "database_unavailable"
            status, body = act(dealer, round_id, seen, action, fields)
        assert status == 200, (action, body)
        seen = body["last_event_seq"]
        applied += 1
    status, body, _ = dealer.request("POST", f"/api/v1/rounds/{round_id}/settle/", {})
    assert (status, body["status"]) == (200, "settled"), body
    status, body, _ = dealer.request("POST", f"/api/v1/rounds/{round_id}/paid/", {})
    assert status == 200, body
    assert _events(stack, round_id) == (seen, applied, applied)
