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

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, TypeAlias

from casino.games.cards import Card, card_texts
from casino.games.stored_events import (
    EventReader,
    amount_field,
    bool_field,
    card_field,
    cards_field,
    int_field,
    invalid_field,
)

#: The card target of the dealer's hand; a box is ``box:<number>``.
DEALER_TARGET = "dealer"
BOX_TARGET_PREFIX = "box:"


def box_target(box: int) -> str:
    """The card target naming ``box``."""
    return f"{BOX_TARGET_PREFIX}{box}"


@dataclass(frozen=True, slots=True)
class WagersPlaced:
    """A box's wagers before "no more bets": the Ante, an optional bonus, and for a blind box
    the Bet too (always twice the Ante, so it is derived rather than stored)."""

    kind: ClassVar[str] = "wagers_placed"
    box: int
    player: str
    ante: Decimal
    bonus: Decimal | None
    blind: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "box": self.box,
            "player": self.player,
            "ante": str(self.ante),
            "bonus": None if self.bonus is None else str(self.bonus),
            "blind": self.blind,
        }

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> WagersPlaced:
        player = data["player"]
        if not isinstance(player, str):
            raise invalid_field(cls.kind, "player", "expected a string")
        bonus = data["bonus"]
        return cls(
            box=int_field(cls.kind, "box", data["box"]),
            player=player,
            ante=amount_field(cls.kind, "ante", data["ante"]),
            bonus=None if bonus is None else amount_field(cls.kind, "bonus", bonus),
            blind=bool_field(cls.kind, "blind", data["blind"]),
        )


@dataclass(frozen=True, slots=True)
class BetsClosed:
    """The dealer announced "no more bets"."""

    kind: ClassVar[str] = "bets_closed"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BetsClosed:
        return cls()


@dataclass(frozen=True, slots=True)
class BoxDealt:
    """A box's five cards as dealt, recorded at once."""

    kind: ClassVar[str] = "box_dealt"
    box: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box, "cards": card_texts(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BoxDealt:
        return cls(
            box=int_field(cls.kind, "box", data["box"]),
            cards=cards_field(cls.kind, "cards", data["cards"]),
        )


@dataclass(frozen=True, slots=True)
class CardDealt:
    """One card recorded for ``target`` (``dealer`` or ``box:<n>``): a box's card of the deal,
    the dealer's face-up card at the deal, or one of the dealer's face-down cards at the reveal."""

    kind: ClassVar[str] = "card_dealt"
    target: str
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "target": self.target, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> CardDealt:
        target = data["target"]
        if not isinstance(target, str):
            raise invalid_field(cls.kind, "target", "expected 'dealer' or 'box:<n>'")
        return cls(target=target, card=card_field(cls.kind, "card", data["card"]))


@dataclass(frozen=True, slots=True)
class BonusDeclared:
    """The dealer checked the box's bonus on the five cards as dealt."""

    kind: ClassVar[str] = "bonus_declared"
    box: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BonusDeclared:
        return cls(box=int_field(cls.kind, "box", data["box"]))


@dataclass(frozen=True, slots=True)
class CardsExchanged:
    """The box exchanged ``discards`` for ``replacements`` (same count, in the same action)."""

    kind: ClassVar[str] = "cards_exchanged"
    box: int
    discards: tuple[Card, ...]
    replacements: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "box": self.box,
            "discards": card_texts(self.discards),
            "replacements": card_texts(self.replacements),
        }

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> CardsExchanged:
        return cls(
            box=int_field(cls.kind, "box", data["box"]),
            discards=cards_field(cls.kind, "discards", data["discards"]),
            replacements=cards_field(cls.kind, "replacements", data["replacements"]),
        )


@dataclass(frozen=True, slots=True)
class SixthCardBought:
    """The box bought a sixth card, recorded in the same action."""

    kind: ClassVar[str] = "sixth_card_bought"
    box: int
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> SixthCardBought:
        return cls(
            box=int_field(cls.kind, "box", data["box"]),
            card=card_field(cls.kind, "card", data["card"]),
        )


@dataclass(frozen=True, slots=True)
class InsurancePlaced:
    """The box insured its hand for ``amount``."""

    kind: ClassVar[str] = "insurance_placed"
    box: int
    amount: Decimal

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box, "amount": str(self.amount)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> InsurancePlaced:
        return cls(
            box=int_field(cls.kind, "box", data["box"]),
            amount=amount_field(cls.kind, "amount", data["amount"]),
        )


@dataclass(frozen=True, slots=True)
class BoxFolded:
    """The box folded: its Ante (and any fee) is lost."""

    kind: ClassVar[str] = "box_folded"
    box: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BoxFolded:
        return cls(box=int_field(cls.kind, "box", data["box"]))


@dataclass(frozen=True, slots=True)
class BetPlaced:
    """The box stays in with its Bet of ``amount`` (twice its Ante)."""

    kind: ClassVar[str] = "bet_placed"
    box: int
    amount: Decimal

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box, "amount": str(self.amount)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BetPlaced:
        return cls(
            box=int_field(cls.kind, "box", data["box"]),
            amount=amount_field(cls.kind, "amount", data["amount"]),
        )


@dataclass(frozen=True, slots=True)
class DealerRevealed:
    """Some or all of the dealer's face-down cards, turned."""

    kind: ClassVar[str] = "dealer_revealed"
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": card_texts(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> DealerRevealed:
        return cls(cards=cards_field(cls.kind, "cards", data["cards"]))


@dataclass(frozen=True, slots=True)
class AnteTaken:
    """The dealer has no game and the box takes its Ante win instead of buying a game."""

    kind: ClassVar[str] = "ante_taken"
    box: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> AnteTaken:
        return cls(box=int_field(cls.kind, "box", data["box"]))


@dataclass(frozen=True, slots=True)
class GameBought:
    """The dealer has no game and the box buys one for a fee of one Ante."""

    kind: ClassVar[str] = "game_bought"
    box: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> GameBought:
        return cls(box=int_field(cls.kind, "box", data["box"]))


@dataclass(frozen=True, slots=True)
class ReplacementDrawn:
    """The card the dealer drew for a bought game (the discarded card is derived)."""

    kind: ClassVar[str] = "replacement_drawn"
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> ReplacementDrawn:
        return cls(card=card_field(cls.kind, "card", data["card"]))


@dataclass(frozen=True, slots=True)
class CardExposed:
    """A card seen by accident (a flashed card, a misdeal): out of play for the rest of the
    deck. ``reason`` is the dealer's note of what happened (may be empty)."""

    kind: ClassVar[str] = "card_exposed"
    card: Card
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card), "reason": self.reason}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> CardExposed:
        reason = data["reason"]
        if not isinstance(reason, str):
            raise invalid_field(cls.kind, "reason", "expected a string")
        return cls(card=card_field(cls.kind, "card", data["card"]), reason=reason)


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

_EVENT_TYPES: tuple[type[Event], ...] = (
    WagersPlaced,
    BetsClosed,
    BoxDealt,
    CardDealt,
    BonusDeclared,
    CardsExchanged,
    SixthCardBought,
    InsurancePlaced,
    BoxFolded,
    BetPlaced,
    DealerRevealed,
    AnteTaken,
    GameBought,
    ReplacementDrawn,
    CardExposed,
)
_READER: EventReader[Event] = EventReader(_EVENT_TYPES)

#: Every event kind, in the order a round first meets them (``card_exposed``, which may come at
#: any point before the round is complete, last).
EVENT_KINDS: tuple[str, ...] = _READER.kinds


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Rebuild an event from its :meth:`to_dict` form.

    Only the shape is checked here; whether the event is legal where it stands is the state's
    question (:meth:`RussianPokerState.apply`).

    :raises GameError: ``event_kind_unknown`` for a missing or unknown ``kind``;
        ``event_invalid`` (``data["field"]``) for a missing or unexpected field or a bad value.
    """
    return _READER.read(data)
