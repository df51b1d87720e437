"""The port through which a round pins its table's paytables when it opens.

Paytables belong to the payouts app, a layer above this one, yet a round must pin their lines
when it opens: the engine plays by them (Russian Poker's insurance maximum, its settlement).
So the rounds service asks whatever source is plugged in here; the payouts app plugs its own
in when the apps are ready (``payouts.apps``). Without one, a round opens with no paytable,
which is right for the games that have none.
"""

from __future__ import annotations

from typing import Protocol

from casino.games.contract import JsonObject
from tables.models import Round, Table


class PaytableSource(Protocol):
    """Where a table's paytables come from."""

    def current(self, table: Table) -> dict[str, JsonObject]:
        """The paytables ``table`` uses now, by kind (``main``, ``bonus``), in their pinned
        form: ``{"id", "name", "version", "house_edge", "lines": {line: pays}}``.

        :raises GameError: for a paytable the table's game cannot settle.
        """
        ...

    def pin(self, round: Round) -> None:
        """Record that ``round`` uses the paytables of ``round.paytables``, freezing them.

        Runs in the round's opening transaction.
        """
        ...


class _NoPaytables:
    def current(self, table: Table) -> dict[str, JsonObject]:
        return {}

    def pin(self, round: Round) -> None:
        return None


_source: PaytableSource = _NoPaytables()


def plug(source: PaytableSource) -> None:
    """Make ``source`` where rounds take their paytables from (once, at start-up)."""
    global _source
    _source = source


def paytable_source() -> PaytableSource:
    return _source
