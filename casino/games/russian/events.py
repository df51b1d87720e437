"""The events of a Russian Poker round: one frozen record per action the dealer records.

An event holds only what happened at the table: the wagers placed, the cards dealt and turned,
each box's decisions, the dealer's reveal and replacement. Fees, the card the dealer discards when
a game is bought, outcomes and payouts are never stored: the engine derives them, so replaying
the events recomputes them.

>>> event = WagersPlaced(box=2, player="P1", ante=Decimal("10"), bonus=None, blind=True)
>>> event.to_dict()
{'kind': 'wagers_placed', 'box': 2, 'player': 'P1', 'ante': '10', 'bonus': None, 'blind': True}
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from dataclasses import field
from decimal import Decimal
from typing import TypeAlias, get_args

from casino.games.cards import Card
from casino.games.event_codec import CodedEvent, event, stored
from casino.games.stored_events import EventReader

__all__ = [
    "DEALER_TARGET",
    "EVENT_KINDS",
    "AnteTaken",
    "BetPlaced",
    "BetsClosed",
    "BonusDeclared",
    "BoxDealt",
    "BoxFolded",
    "CardDealt",
    "CardExposed",
    "CardsExchanged",
    "DealerRevealed",
    "Event",
    "GameBought",
    "InsurancePlaced",
    "ReplacementDrawn",
    "SixthCardBought",
    "WagersPlaced",
    "box_target",
    "event_from_dict",
]

#: The card target of the dealer's hand; a box is ``box:<number>``.
DEALER_TARGET = "dealer"
BOX_TARGET_PREFIX = "box:"


def box_target(box: int) -> str:
    """The card target naming ``box``."""
    return f"{BOX_TARGET_PREFIX}{box}"


@event("wagers_placed")
class WagersPlaced(CodedEvent):
    """A box's wagers before "no more bets": the Ante, an optional bonus, and for a blind box
    the Bet too (always twice the Ante, so it is derived rather than stored)."""

    box: int
    player: str = field(metadata=stored(read_first=True, refusal="expected a string"))
    ante: Decimal
    bonus: Decimal | None
    blind: bool


@event("bets_closed")
class BetsClosed(CodedEvent):
    """The dealer announced "no more bets"."""


@event("box_dealt")
class BoxDealt(CodedEvent):
    """A box's five cards as dealt, recorded at once."""

    box: int
    cards: tuple[Card, ...]


@event("card_dealt")
class CardDealt(CodedEvent):
    """One card recorded for ``target`` (``dealer`` or ``box:<n>``): a box's card of the deal,
    the dealer's face-up card at the deal, or one of the dealer's face-down cards at the reveal."""

    target: str = field(metadata=stored(refusal="expected 'dealer' or 'box:<n>'"))
    card: Card


@event("bonus_declared")
class BonusDeclared(CodedEvent):
    """The dealer checked the box's bonus on the five cards as dealt."""

    box: int


@event("cards_exchanged")
class CardsExchanged(CodedEvent):
    """The box exchanged ``discards`` for ``replacements`` (same count, in the same action)."""

    box: int
    discards: tuple[Card, ...]
    replacements: tuple[Card, ...]


@event("sixth_card_bought")
class SixthCardBought(CodedEvent):
    """The box bought a sixth card, recorded in the same action."""

    box: int
    card: Card


@event("insurance_placed")
class InsurancePlaced(CodedEvent):
    """The box insured its hand for ``amount``."""

    box: int
    amount: Decimal


@event("box_folded")
class BoxFolded(CodedEvent):
    """The box folded: its Ante (and any fee) is lost."""

    box: int


@event("bet_placed")
class BetPlaced(CodedEvent):
    """The box stays in with its Bet of ``amount`` (twice its Ante)."""

    box: int
    amount: Decimal


@event("dealer_revealed")
class DealerRevealed(CodedEvent):
    """Some or all of the dealer's face-down cards, turned."""

    cards: tuple[Card, ...]


@event("ante_taken")
class AnteTaken(CodedEvent):
    """The dealer has no game and the box takes its Ante win instead of buying a game."""

    box: int


@event("game_bought")
class GameBought(CodedEvent):
    """The dealer has no game and the box buys one for a fee of one Ante."""

    box: int


@event("replacement_drawn")
class ReplacementDrawn(CodedEvent):
    """The card the dealer drew for a bought game (the discarded card is derived)."""

    card: Card


@event("card_exposed")
class CardExposed(CodedEvent):
    """A card seen by accident (a flashed card, a misdeal): out of play for the rest of the
    deck. ``reason`` is the dealer's note of what happened (may be empty)."""

    card: Card
    reason: str = field(default="", metadata=stored(read_first=True, refusal="expected a string"))


Event: TypeAlias = (
    WagersPlaced
    | BetsClosed
    | BoxDealt
    | CardDealt
    | BonusDeclared
    | CardsExchanged
    | SixthCardBought
    | InsurancePlaced
    | BoxFolded
    | BetPlaced
    | DealerRevealed
    | AnteTaken
    | GameBought
    | ReplacementDrawn
    | CardExposed
)

# The types in the order of the union: the kinds are listed in it.
_EVENT_TYPES: tuple[type[Event], ...] = get_args(Event)
#: Every event kind, in the order a round first meets them (``card_exposed``, which may come at
#: any point before the round is complete, last).
EVENT_KINDS: tuple[str, ...] = tuple(event_type.kind for event_type in _EVENT_TYPES)
#: Rebuild an event from its ``to_dict`` form (:meth:`EventReader.read`: only its shape; whether
#: it is legal where it stands is the state's question).
event_from_dict = EventReader[Event](_EVENT_TYPES).read
