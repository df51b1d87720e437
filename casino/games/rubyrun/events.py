"""The events of a Ruby Run hand: one frozen record per action the dealer records.

An event holds only what happened at the table: who sat down with how much, which cards were
dealt or shown, what each player did and, for a bet or raise, the amount named. Forced bets, call
amounts, all-in amounts, side pots and awards are never stored: the engine derives them, so a
replay of the events recomputes them exactly.

>>> event = RaisedTo(seat=2, amount=Decimal("6"))
>>> event.to_dict()
{'kind': 'raised_to', 'seat': 2, 'amount': '6'}
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
    "BetMade",
    "BettingEvent",
    "Called",
    "CardExposed",
    "Checked",
    "Event",
    "Folded",
    "ForcedBetsPosted",
    "HoleCardsDealt",
    "OverCardsDealt",
    "PlayersSeated",
    "RaisedTo",
    "SlamDealt",
    "UnderCardsDealt",
    "UnderCardsRevealed",
    "WentAllIn",
    "event_from_dict",
]


@dataclass(frozen=True, slots=True)
class PlayersSeated(PlayersSeatedEvent):
    """The players of this hand with the stacks they bring to it, and the button's seat.

    ``stacks`` pairs each seat with its chips, in seat order.
    """


@event("forced_bets_posted")
class ForcedBetsPosted(CodedEvent):
    """The antes and blinds went in; who posts what is derived from the rules and the button."""


@event("hole_cards_dealt")
class HoleCardsDealt(CodedEvent):
    """The three cards dealt face down to ``seat``."""

    seat: int
    cards: tuple[Card, ...]


@event("folded")
class Folded(CodedEvent):
    """``seat`` gives up the hand."""

    seat: int


@event("checked")
class Checked(CodedEvent):
    """``seat`` checks: no bet to call."""

    seat: int


@event("called")
class Called(CodedEvent):
    """``seat`` matches the bet, or puts in all its chips when they are not enough."""

    seat: int


@event("bet_made")
class BetMade(CodedEvent):
    """``seat`` opens the round's betting with ``amount``."""

    seat: int
    amount: Decimal


@event("raised_to")
class RaisedTo(CodedEvent):
    """``seat`` raises; ``amount`` is its total for the round after the raise, not the increment."""

    seat: int
    amount: Decimal


@event("went_all_in")
class WentAllIn(CodedEvent):
    """``seat`` puts in every chip it has left: a call, a bet or a raise, as the amount makes it."""

    seat: int


@event("over_cards_dealt")
class OverCardsDealt(CodedEvent):
    """The three over cards, face up."""

    cards: tuple[Card, ...]


@event("under_cards_dealt")
class UnderCardsDealt(CodedEvent):
    """The three under cards: face up with their ``cards``, or face down (``cards`` is ``None``)
    under the alternative rule, where nobody may see them yet."""

    cards: tuple[Card, ...] | None


@event("slam_dealt")
class SlamDealt(CodedEvent):
    """The Slam: a 2–10 keeps the over cards live, a J, Q, K or A the under cards."""

    card: Card


@event("under_cards_revealed")
class UnderCardsRevealed(CodedEvent):
    """Face-down rule, Slam J–A: the under cards are turned up and are live."""

    cards: tuple[Card, ...]


@event("card_exposed")
class CardExposed(CodedEvent):
    """A card seen by accident (flashed, misdealt): out of play for the rest of the deck.

    Stored as every game's rounds store it: ``{"kind": "card_exposed", "card": "As",
    "reason": ""}``.
    """

    card: Card
    reason: str = field(default="", metadata=stored(read_first=True))


Event: TypeAlias = (
    PlayersSeated
    | ForcedBetsPosted
    | HoleCardsDealt
    | Folded
    | Checked
    | Called
    | BetMade
    | RaisedTo
    | WentAllIn
    | OverCardsDealt
    | UnderCardsDealt
    | SlamDealt
    | UnderCardsRevealed
    | CardExposed
)

#: The events a betting action produces.
BettingEvent: TypeAlias = Folded | Checked | Called | BetMade | RaisedTo | WentAllIn

# The types in the order of the union: the kinds are listed in it.
_EVENT_TYPES: tuple[type[Event], ...] = get_args(Event)
#: Every event kind, in the order a hand first meets them.
EVENT_KINDS: tuple[str, ...] = tuple(event_type.kind for event_type in _EVENT_TYPES)
#: Rebuild an event from its ``to_dict`` form (:meth:`EventReader.read`: only its shape; whether
#: it is legal where it stands is the state's question).
event_from_dict = EventReader[Event](_EVENT_TYPES).read
