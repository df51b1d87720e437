"""What one turn of Red Dog settled (:class:`TurnOutcome`): derived from the game's events by its
state, shown by its tablet view."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from casino.games.cards import Card
from casino.games.contract import JsonObject
from casino.games.snapshots import SnapshotReader


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    """What one turn settled: derived from the events, never stored with them.

    ``card`` is the turned card (Slippery Sam: the centre card). ``shown`` is what the player
    shows: the one winning card, or the whole hand on a loss. ``commission`` is the house's cut
    of a win (zero unless the table charges a percentage). ``pot_after`` is the pot once the
    turn is settled, any refill it triggered included; ``refilled`` says whether it triggered
    one (at least one player anted again).
    """

    hand_number: int
    seat: int
    bet: Decimal
    card: Card
    won: bool
    shown: tuple[Card, ...]
    commission: Decimal
    pot_after: Decimal
    refilled: bool

    def to_dict(self) -> JsonObject:
        return {
            "hand_number": self.hand_number,
            "seat": self.seat,
            "bet": str(self.bet),
            "card": str(self.card),
            "won": self.won,
            "shown": [str(c) for c in self.shown],
            "commission": str(self.commission),
            "pot_after": str(self.pot_after),
            "refilled": self.refilled,
        }

    @classmethod
    def restore(cls, reader: SnapshotReader) -> TurnOutcome:
        """The outcome :meth:`to_dict` wrote. :raises GameError: ``snapshot_invalid``."""
        return cls(
            hand_number=reader.integer("hand_number"),
            seat=reader.integer("seat"),
            bet=reader.amount("bet"),
            card=reader.card("card"),
            won=reader.flag("won"),
            shown=reader.cards("shown"),
            commission=reader.amount("commission"),
            pot_after=reader.amount("pot_after"),
            refilled=reader.flag("refilled"),
        )
