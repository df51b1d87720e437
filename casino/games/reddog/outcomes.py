"""What one turn of Red Dog settled (:class:`TurnOutcome`): derived from the game's events by its
state, shown by its tablet view."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from casino.games.cards import Card
from casino.games.snapshots import SnapshotFields


@dataclass(frozen=True, slots=True)
class TurnOutcome(SnapshotFields):
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
