"""The lock order of the tables aggregate, in one place.

Writers lock in this order and never the reverse: idempotency key (``casino.api.idempotency``),
then the table, then the round, then a correction of that round (``audit.services.corrections``),
and last the audit chain's append lock, a transaction-level advisory lock taken by
``audit_record`` (``audit.services.chain.chain_lock``), which every writer calls after its own
row locks. Each helper returns rows already locked with ``SELECT ... FOR UPDATE`` and must run
inside a transaction.
"""

from __future__ import annotations

from tables.models import Round, Table


def table_lock(table_id: int) -> Table:
    """The table row, locked. :raises Table.DoesNotExist:"""
    return (
        Table.objects.select_for_update(of=("self",)).select_related("pit__casino").get(pk=table_id)
    )


def round_lock(round_id: int) -> Round:
    """The round row, locked (its table is read, not locked). :raises Round.DoesNotExist:"""
    return (
        Round.objects.select_for_update(of=("self",))
        .select_related("table", "rule_set")
        .get(pk=round_id)
    )
