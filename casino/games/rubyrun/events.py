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

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, TypeAlias

from casino.games.cards import Card, card_texts
from casino.games.seating import PlayersSeatedEvent
from casino.games.stored_events import (
    EventReader,
    amount_field,
    card_field,
    cards_field,
    int_field,
    invalid_field,
)


@dataclass(frozen=True, slots=True)
class PlayersSeated(PlayersSeatedEvent):
    """The players of this hand with the stacks they bring to it, and the button's seat.

    ``stacks`` pairs each seat with its chips, in seat order.
    """


@dataclass(frozen=True, slots=True)
class ForcedBetsPosted:
    """The antes and blinds went in; who posts what is derived from the rules and the button."""

    kind: ClassVar[str] = "forced_bets_posted"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> ForcedBetsPosted:
        return cls()


@dataclass(frozen=True, slots=True)
class HoleCardsDealt:
    """The three cards dealt face down to ``seat``."""

    kind: ClassVar[str] = "hole_cards_dealt"
    seat: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "cards": card_texts(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> HoleCardsDealt:
        return cls(
            seat=int_field(cls.kind, "seat", data["seat"]),
            cards=cards_field(cls.kind, "cards", data["cards"]),
        )


@dataclass(frozen=True, slots=True)
class Folded:
    """``seat`` gives up the hand."""

    kind: ClassVar[str] = "folded"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Folded:
        return cls(seat=int_field(cls.kind, "seat", data["seat"]))


@dataclass(frozen=True, slots=True)
class Checked:
    """``seat`` checks: no bet to call."""

    kind: ClassVar[str] = "checked"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Checked:
        return cls(seat=int_field(cls.kind, "seat", data["seat"]))


@dataclass(frozen=True, slots=True)
class Called:
    """``seat`` matches the bet, or puts in all its chips when they are not enough."""

    kind: ClassVar[str] = "called"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Called:
        return cls(seat=int_field(cls.kind, "seat", data["seat"]))


@dataclass(frozen=True, slots=True)
class BetMade:
    """``seat`` opens the round's betting with ``amount``."""

    kind: ClassVar[str] = "bet_made"
    seat: int
    amount: Decimal

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "amount": str(self.amount)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BetMade:
        return cls(
            seat=int_field(cls.kind, "seat", data["seat"]),
            amount=amount_field(cls.kind, "amount", data["amount"]),
        )


@dataclass(frozen=True, slots=True)
class RaisedTo:
    """``seat`` raises; ``amount`` is its total for the round after the raise, not the increment."""

    kind: ClassVar[str] = "raised_to"
    seat: int
    amount: Decimal

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "amount": str(self.amount)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> RaisedTo:
        return cls(
            seat=int_field(cls.kind, "seat", data["seat"]),
            amount=amount_field(cls.kind, "amount", data["amount"]),
        )


@dataclass(frozen=True, slots=True)
class WentAllIn:
    """``seat`` puts in every chip it has left: a call, a bet or a raise, as the amount makes it."""

    kind: ClassVar[str] = "went_all_in"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> WentAllIn:
        return cls(seat=int_field(cls.kind, "seat", data["seat"]))


@dataclass(frozen=True, slots=True)
class OverCardsDealt:
    """The three over cards, face up."""

    kind: ClassVar[str] = "over_cards_dealt"
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": card_texts(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> OverCardsDealt:
        return cls(cards=cards_field(cls.kind, "cards", data["cards"]))


@dataclass(frozen=True, slots=True)
class UnderCardsDealt:
    """The three under cards: face up with their ``cards``, or face down (``cards`` is ``None``)
    under the alternative rule, where nobody may see them yet."""

    kind: ClassVar[str] = "under_cards_dealt"
    cards: tuple[Card, ...] | None

    def to_dict(self) -> dict[str, Any]:
        cards = None if self.cards is None else card_texts(self.cards)
        return {"kind": self.kind, "cards": cards}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> UnderCardsDealt:
        if data["cards"] is None:
            return cls(cards=None)
        return cls(cards=cards_field(cls.kind, "cards", data["cards"]))


@dataclass(frozen=True, slots=True)
class SlamDealt:
    """The Slam: a 2–10 keeps the over cards live, a J, Q, K or A the under cards."""

    kind: ClassVar[str] = "slam_dealt"
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> SlamDealt:
        return cls(card=card_field(cls.kind, "card", data["card"]))


@dataclass(frozen=True, slots=True)
class UnderCardsRevealed:
    """Face-down rule, Slam J–A: the under cards are turned up and are live."""

    kind: ClassVar[str] = "under_cards_revealed"
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": card_texts(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> UnderCardsRevealed:
        return cls(cards=cards_field(cls.kind, "cards", data["cards"]))


@dataclass(frozen=True, slots=True)
class CardExposed:
    """A card seen by accident (flashed, misdealt): out of play for the rest of the deck.

    Stored as every game's rounds store it: ``{"kind": "card_exposed", "card": "As",
    "reason": ""}``.
    """

    kind: ClassVar[str] = "card_exposed"
    card: Card
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card), "reason": self.reason}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> CardExposed:
        reason = data["reason"]
        if not isinstance(reason, str):
            raise invalid_field(cls.kind, "reason", f"expected text, got {reason!r}")
        return cls(card=card_field(cls.kind, "card", data["card"]), reason=reason)


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

_EVENT_TYPES: tuple[type[Event], ...] = (
    PlayersSeated,
    ForcedBetsPosted,
    HoleCardsDealt,
    Folded,
    Checked,
    Called,
    BetMade,
    RaisedTo,
    WentAllIn,
    OverCardsDealt,
    UnderCardsDealt,
    SlamDealt,
    UnderCardsRevealed,
    CardExposed,
)
_READER: EventReader[Event] = EventReader(_EVENT_TYPES)

#: Every event kind, in the order a hand first meets them.
EVENT_KINDS: tuple[str, ...] = _READER.kinds


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Rebuild an event from its :meth:`to_dict` form.

    :raises GameError: ``event_kind_unknown`` for a missing or unknown ``kind``;
        ``event_invalid`` (``data["field"]``) for a missing or unexpected field or a bad value.
    """
    return _READER.read(data)
