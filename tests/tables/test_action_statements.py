"""A dealer action costs a fixed, small number of SQL statements, whatever the round's length.

Counted as the server sends them, outside any test transaction (``transaction=True``), for a
four-box Russian Poker round sent as a tablet sends it (each action with its Idempotency-Key):
the token's user, the round read and locked once (with its current dealer) and its table's
audit head after it, then the events, their cards, the round's new phase and snapshot and the
audit row in one write, and the Idempotency-Key with its answer. ``make bench`` prints the
median (``action_queries``).
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
from casino.core.audit_codes import AuditCode
from casino.core.models import AuditRecord, AuditStream
from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
from tables.models import Game
from tests.fixtures import use_paytables
from tests.russian_round import FOUR_BOX_ROUND

MOST_STATEMENTS = 8


def statements_of_a_round(client: Any, table_id: int) -> list[int]:
    """Play the four-box round at ``table_id``; how many statements each action sent."""
    return [len(sent) for sent in statements_sent_in_a_round(client, table_id)]


def statements_sent_in_a_round(client: Any, table_id: int) -> list[list[str]]:
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
        counts.append([query["sql"] for query in captured.captured_queries])
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
def test_the_audit_head_and_row_travel_with_the_round_s_lock_and_the_action_s_write(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """The head of the table's audit stream is taken in the statement that locks the round,
    and the audit row inserted in the one that stores the events, not in statements (round
    trips) of their own: six statements with the Idempotency-Key, and the chain each action
    extends stays whole."""
    table = floor["table"]
    main = _paytable("std", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=None)
    bonus = _paytable("b", Game.RUSSIAN_POKER, "bonus", RUSSIAN_BONUS_PAYTABLE, house_edge=None)
    use_paytables(table, main, bonus)
    sent = statements_sent_in_a_round(client_for("dealer"), table.pk)
    assert max(len(statements) for statements in sent) <= MOST_STATEMENTS - 2, sent
    heads = AuditStream._meta.db_table
    audit_rows = AuditRecord._meta.db_table
    for statements in sent:
        locks = [s for s in statements if "FOR UPDATE OF r" in s]
        writes = [s for s in statements if "INSERT INTO tables_roundevent" in s]
        assert len(locks) == len(writes) == 1, statements
        assert f"INSERT INTO {heads}" in locks[0]
        assert f"INSERT INTO {audit_rows}" in writes[0]
        assert not [s for s in statements if s not in (locks[0], writes[0]) and heads in s]
    report = chain_verify()
    assert report.intact, report
    assert AuditRecord.objects.filter(event_code=AuditCode.ROUND_ACTION).count() == len(sent)
