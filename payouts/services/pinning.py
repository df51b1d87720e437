"""The paytables a round pins when it opens: the payouts app's side of ``tables.paytable_port``.

A round keeps the lines it is played under as data (``Round.paytables``, read by its engine),
and a :class:`~payouts.models.RoundPaytable` row per paytable, which freezes the paytable in
the database and lets the reports find its house edge.
"""

from __future__ import annotations

from typing import Any

from casino.games.contract import JsonObject
from casino.games.errors import GameError
from casino.games.russian.codes import RussianPokerCode
from payouts.models import PayBasis, RoundPaytable, TablePaytable
from tables.models import Round, Table


class PaytablePinning:
    """Pins a table's current paytables to the round that opens."""

    def current(self, table: Table) -> dict[str, JsonObject]:
        """The table's paytables now, by kind, with their lines.

        :raises GameError: ``paytable_invalid`` for a line paying a fixed amount, which no
            engine settles (every game here pays odds "to 1" on the stake).
        """
        # The table's paytables and their lines in one query (a paytable row per line).
        rows = TablePaytable.objects.filter(table=table).values_list(
            "kind",
            "paytable_id",
            "paytable__name",
            "paytable__version",
            "paytable__house_edge",
            "paytable__lines__line",
            "paytable__lines__pays",
            "paytable__lines__basis",
        )
        links: dict[str, dict[str, Any]] = {}
        lines: dict[int, list[tuple[str, str, str]]] = {}
        for kind, paytable_id, name, version, edge, line, pays, basis in rows.order_by(
            "kind", "paytable__lines__id"
        ):
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
        RoundPaytable.objects.bulk_create(
            RoundPaytable(round=round, kind=kind, paytable_id=pinned["id"])
            for kind, pinned in round.paytables.items()
        )
