"""The paytables a round pins when it opens: the payouts app's side of ``tables.paytable_port``.

A round keeps the lines it is played under as data (``Round.paytables``, read by its engine),
and a :class:`~payouts.models.RoundPaytable` row per paytable, which freezes the paytable in
the database and lets the reports find its house edge.
"""

from __future__ import annotations

from typing import Any

from django.db import connection

from casino.games.contract import JsonObject
from casino.games.errors import GameError
from casino.games.russian.codes import RussianPokerCode
from payouts.models import PayBasis
from tables.models import Round, Table

_CURRENT = """
    SELECT tp.kind, p.id, p.name, p.version, p.house_edge, l.line, l.pays, l.basis
    FROM payouts_tablepaytable tp
    JOIN payouts_paytable p ON p.id = tp.paytable_id
    LEFT JOIN payouts_paytableline l ON l.paytable_id = p.id
    WHERE tp.table_id = %s
    ORDER BY tp.kind, l.id
"""


class PaytablePinning:
    """Pins a table's current paytables to the round that opens."""

    def current(self, table: Table) -> dict[str, JsonObject]:
        """The table's paytables now, by kind, with their lines.

        :raises GameError: ``paytable_invalid`` for a line paying a fixed amount, which no
            engine settles (every game here pays odds "to 1" on the stake).
        """
        # The table's paytables and their lines in one statement (a paytable row per line),
        # written once: every round's opening runs it.
        with connection.cursor() as cursor:
            cursor.execute(_CURRENT, [table.pk])
            rows = cursor.fetchall()
        links: dict[str, dict[str, Any]] = {}
        lines: dict[int, list[tuple[str, str, str]]] = {}
        for kind, paytable_id, name, version, edge, line, pays, basis in rows:
            links.setdefault(
                kind,
                {
                    "kind": kind,
                    "paytable_id": paytable_id,
                    "paytable__name": name,
                    "paytable__version": version,
                    "paytable__house_edge": edge,
                },
            )
            lines.setdefault(paytable_id, [])
            if line is not None:
                lines[paytable_id].append((line, str(pays), basis))
        pinned: dict[str, JsonObject] = {}
        for link in links.values():
            name = f"{link['paytable__name']} v{link['paytable__version']}"
            fixed = sorted(
                line for line, _, basis in lines[link["paytable_id"]] if basis != PayBasis.ODDS
            )
            if fixed:
                raise GameError(
                    RussianPokerCode.PAYTABLE_INVALID,
                    "This table's games pay odds; the paytable has fixed-amount lines.",
                    paytable=name,
                    lines=", ".join(fixed),
                )
            edge = link["paytable__house_edge"]
            pinned[link["kind"]] = {
                "id": link["paytable_id"],
                "name": link["paytable__name"],
                "version": link["paytable__version"],
                "house_edge": None if edge is None else str(edge),
                "lines": {line: pays for line, pays, _ in lines[link["paytable_id"]]},
            }
        return pinned

    def pin(self, round: Round) -> None:
        if not round.paytables:
            return
        kinds = list(round.paytables)
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO payouts_roundpaytable (round_id, kind, paytable_id)"
                " SELECT %s, kind, paytable FROM unnest(%s::text[], %s::bigint[])"
                " AS p(kind, paytable)",
                [round.pk, kinds, [round.paytables[kind]["id"] for kind in kinds]],
            )
