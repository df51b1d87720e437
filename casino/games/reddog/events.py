"""The events of a Red Dog game: one frozen record per action the dealer records.

An event holds only what happened at the table (who sat down with how much, which cards were
dealt, burnt and turned, what was bet, what the dealer chose). Outcomes and chip movements are
never stored: the engine derives them, so replaying the events recomputes them.

>>> event = BetPlaced(seat=2, amount=Decimal("6"))
>>> event.to_dict()
{'kind': 'bet_placed', 'seat': 2, 'amount': '6'}
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeAlias, get_args

from casino.games.cards import Card
from casino.games.event_codec import CodedEvent, event, stored
from casino.games.seating import PlayersSeatedEvent
from casino.games.stored_events import EventReader

__all__ = [
    "EVENT_KINDS",
    "BetPlaced",
    "BurnShown",
    "CardExposed",
    "CardTurned",
    "CentreCardTurned",
    "Event",
    "GameEnded",
    "HandDealt",
    "HandStarted",
    "PlayersSeated",
    "PotFunded",
    "Reshuffled",
    "ShootDecided",
    "event_from_dict",
]


@dataclass(frozen=True, slots=True)
class PlayersSeated(PlayersSeatedEvent):
    """The players sit down with their stacks; ``button`` is the first dealer, drawn at the table.

    ``stacks`` pairs each seat with the chips brought, in seat order.
    """


@event("hand_started")
class HandStarted(CodedEvent):
    """The dealer starts the next hand (or the next deal of a Shoot); antes are derived."""


@event("pot_funded")
class PotFunded(CodedEvent):
    """In a dealer-funded variant, the dealer puts up ``amount`` as the pot."""

    amount: Decimal


@event("hand_dealt")
class HandDealt(CodedEvent):
    """The cards dealt face down to the player in ``seat``."""

    seat: int
    # The cards are read first: of two bad fields, the cards are the one reported.
    cards: tuple[Card, ...] = field(metadata=stored(read_first=True))


@event("centre_card_turned")
class CentreCardTurned(CodedEvent):
    """Slippery Sam: a card turned up in the middle (the dealer stops at a 6 or lower)."""

    card: Card


@event("bet_placed")
class BetPlaced(CodedEvent):
    """The player in ``seat`` bets ``amount`` against the pot."""

    seat: int
    amount: Decimal


@event("burn_shown")
class BurnShown(CodedEvent):
    """The top card, shown to everyone and put face up at the bottom of the deck."""

    card: Card


@event("card_turned")
class CardTurned(CodedEvent):
    """The card turned face up for the player whose bet is waiting."""

    card: Card


@event("reshuffled")
class Reshuffled(CodedEvent):
    """The face-down stock ran out; burnt, turned and set-aside cards became the new stock."""


@event("shoot_decided")
class ShootDecided(CodedEvent):
    """After three deals in a row, the Shoot dealer keeps the pot or deals a fourth time."""

    deal_again: bool = field(metadata=stored(refusal="expected true or false"))


@event("card_exposed")
class CardExposed(CodedEvent):
    """A card seen by accident (flashed, dropped in the deal), laid aside face up: out of play
    in this deck until a reshuffle returns it. ``reason`` is the dealer's note, often empty.

    Stored as the rounds service stores every game's exposed card:
    ``{"kind": "card_exposed", "card": "As", "reason": ""}``.
    """

    card: Card
    reason: str = ""


@event("game_ended")
class GameEnded(CodedEvent):
    """The table stops playing; what is left in the pot is settled."""


Event: TypeAlias = (
    PlayersSeated
    | HandStarted
    | PotFunded
    | HandDealt
    | CentreCardTurned
    | BetPlaced
    | BurnShown
    | CardTurned
    | Reshuffled
    | ShootDecided
    | GameEnded
    | CardExposed
)

# The types in the order of the union: the kinds are listed in it.
_EVENT_TYPES: tuple[type[Event], ...] = get_args(Event)
#: Every event kind, in the order a game first meets them (an exposed card may come at any point
#: of a hand, so it is listed last).
EVENT_KINDS: tuple[str, ...] = tuple(event_type.kind for event_type in _EVENT_TYPES)
#: Rebuild an event from its ``to_dict`` form (:meth:`EventReader.read`: only its shape; whether
#: it is legal where it stands is the state's question).
event_from_dict = EventReader[Event](_EVENT_TYPES).read
