"""A dealer action costs a fixed, small number of SQL statements, whatever the round's length.

Counted as the server sends them, outside any test transaction (``transaction=True``), for a
four-box Russian Poker round sent as a tablet sends it (each action with its Idempotency-Key):
the token's user, the round read and locked once (with its table, rule set and current dealer),
the events, their cards, the round's new phase and snapshot, the audit chain's head and row,
and the Idempotency-Key with its answer. ``make bench`` prints the median (``action_queries``).
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from audit.services.chain import chain_verify
from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
from tables.models import Game
from tests.fixtures import use_paytables
from tests.russian_round import FOUR_BOX_ROUND

MOST_STATEMENTS = 8


def statements_of_a_round(client: Any, table_id: int) -> list[int]:
    """Play the four-box round at ``table_id``; the statements each action sent, in order."""
    keys = itertools.count()
    opened = client.post(f"/api/v1/tables/{table_id}/rounds/", {}, format="json")
    assert opened.status_code == 201, opened.json()
    round_id, seen = opened.json()["id"], 0
    counts = []
    for action, fields in FOUR_BOX_ROUND:
        with CaptureQueriesContext(connection) as captured:
            response = client.post(
                f"/api/v1/rounds/{round_id}/actions/",
                {"expected_event": seen, "action": action, **fields},
                format="json",
                HTTP_IDEMPOTENCY_KEY=f"statements-{next(keys):04d}",
            )
        assert response.status_code == 200, response.json()
        seen = response.json()["last_event_seq"]
        counts.append(len(captured.captured_queries))
    return counts


@pytest.mark.django_db(transaction=True)
def test_a_dealer_action_costs_at_most_eight_statements(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    table = floor["table"]
    main = _paytable("std", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=None)
    bonus = _paytable("b", Game.RUSSIAN_POKER, "bonus", RUSSIAN_BONUS_PAYTABLE, house_edge=None)
    use_paytables(table, main, bonus)
    counts = statements_of_a_round(client_for("dealer"), table.pk)
    assert max(counts) <= MOST_STATEMENTS, counts
    # The cost is the action's, not the round's: the last actions cost what the first do.
    assert statistics.median(counts[-4:]) <= statistics.median(counts[:4]) + 1, counts


@pytest.mark.django_db(transaction=True)
def test_the_audit_head_is_taken_in_the_statement_that_stores_the_events(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """The head of the table's audit stream is taken in the action's own write, not in a
    statement (a round trip) of its own: seven statements with the Idempotency-Key, and the
    chain each action extends stays whole."""
    table = floor["table"]
    main = _paytable("std", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=None)
    bonus = _paytable("b", Game.RUSSIAN_POKER, "bonus", RUSSIAN_BONUS_PAYTABLE, house_edge=None)
    use_paytables(table, main, bonus)
    counts = statements_of_a_round(client_for("dealer"), table.pk)
    assert max(counts) <= MOST_STATEMENTS - 1, counts
    report = chain_verify()
    assert report.intact, report
