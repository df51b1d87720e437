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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, ClassVar, TypeAlias

from casino.games.cards import Card, parse_card
from casino.games.errors import GameError
from casino.games.russian.codes import EVENT_INVALID, EVENT_KIND_UNKNOWN
from casino.games.russian.money import to_decimal

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
            raise _invalid(cls.kind, "player", "expected a string")
        bonus = data["bonus"]
        return cls(
            box=_int(cls.kind, "box", data["box"]),
            player=player,
            ante=_amount(cls.kind, "ante", data["ante"]),
            bonus=None if bonus is None else _amount(cls.kind, "bonus", bonus),
            blind=_bool(cls.kind, "blind", data["blind"]),
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
        return {"kind": self.kind, "box": self.box, "cards": _card_list(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BoxDealt:
        return cls(
            box=_int(cls.kind, "box", data["box"]), cards=_cards(cls.kind, "cards", data["cards"])
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
            raise _invalid(cls.kind, "target", "expected 'dealer' or 'box:<n>'")
        return cls(target=target, card=_card(cls.kind, "card", data["card"]))


@dataclass(frozen=True, slots=True)
class BonusDeclared:
    """The dealer checked the box's bonus on the five cards as dealt."""

    kind: ClassVar[str] = "bonus_declared"
    box: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BonusDeclared:
        return cls(box=_int(cls.kind, "box", data["box"]))


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
            "discards": _card_list(self.discards),
            "replacements": _card_list(self.replacements),
        }

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> CardsExchanged:
        return cls(
            box=_int(cls.kind, "box", data["box"]),
            discards=_cards(cls.kind, "discards", data["discards"]),
            replacements=_cards(cls.kind, "replacements", data["replacements"]),
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
            box=_int(cls.kind, "box", data["box"]), card=_card(cls.kind, "card", data["card"])
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
            box=_int(cls.kind, "box", data["box"]),
            amount=_amount(cls.kind, "amount", data["amount"]),
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
        return cls(box=_int(cls.kind, "box", data["box"]))


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
            box=_int(cls.kind, "box", data["box"]),
            amount=_amount(cls.kind, "amount", data["amount"]),
        )


@dataclass(frozen=True, slots=True)
class DealerRevealed:
    """Some or all of the dealer's face-down cards, turned."""

    kind: ClassVar[str] = "dealer_revealed"
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": _card_list(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> DealerRevealed:
        return cls(cards=_cards(cls.kind, "cards", data["cards"]))


@dataclass(frozen=True, slots=True)
class AnteTaken:
    """The dealer has no game and the box takes its Ante win instead of buying a game."""

    kind: ClassVar[str] = "ante_taken"
    box: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> AnteTaken:
        return cls(box=_int(cls.kind, "box", data["box"]))


@dataclass(frozen=True, slots=True)
class GameBought:
    """The dealer has no game and the box buys one for a fee of one Ante."""

    kind: ClassVar[str] = "game_bought"
    box: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "box": self.box}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> GameBought:
        return cls(box=_int(cls.kind, "box", data["box"]))


@dataclass(frozen=True, slots=True)
class ReplacementDrawn:
    """The card the dealer drew for a bought game (the discarded card is derived)."""

    kind: ClassVar[str] = "replacement_drawn"
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> ReplacementDrawn:
        return cls(card=_card(cls.kind, "card", data["card"]))


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
)
_BUILDERS: dict[str, Callable[[Mapping[str, Any]], Event]] = {
    t.kind: t._from_fields for t in _EVENT_TYPES
}
_FIELDS: dict[str, frozenset[str]] = {
    t.kind: frozenset(f.name for f in fields(t)) for t in _EVENT_TYPES
}

#: Every event kind, in the order a round first meets them.
EVENT_KINDS: tuple[str, ...] = tuple(t.kind for t in _EVENT_TYPES)


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Rebuild an event from its :meth:`to_dict` form.

    Only the shape is checked here; whether the event is legal where it stands is the state's
    question (:meth:`RussianPokerState.apply`).

    :raises GameError: ``event_kind_unknown`` for a missing or unknown ``kind``;
        ``event_invalid`` (``data["field"]``) for a missing or unexpected field or a bad value.
    """
    if not isinstance(data, Mapping):
        raise GameError(EVENT_INVALID, "An event is a mapping", field="kind")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _BUILDERS:
        raise GameError(EVENT_KIND_UNKNOWN, f"Unknown event kind: {kind!r}", kind=repr(kind))
    expected = _FIELDS[kind]
    given = set(data) - {"kind"}
    unexpected = sorted(str(name) for name in given - expected)
    if unexpected:
        raise _invalid(kind, unexpected[0], "unexpected field")
    missing = sorted(expected - given)
    if missing:
        raise _invalid(kind, missing[0], "missing field")
    return _BUILDERS[kind](data)


def _invalid(kind: str, field: str, message: str) -> GameError:
    return GameError(EVENT_INVALID, f"{kind}.{field}: {message}", kind=kind, field=field)


def _int(kind: str, field: str, raw: object) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise _invalid(kind, field, f"expected an integer, got {raw!r}")
    return raw


def _bool(kind: str, field: str, raw: object) -> bool:
    if not isinstance(raw, bool):
        raise _invalid(kind, field, f"expected true or false, got {raw!r}")
    return raw


def _amount(kind: str, field: str, raw: object) -> Decimal:
    try:
        return to_decimal(raw, field=field, code=EVENT_INVALID)
    except GameError as err:
        raise _invalid(kind, field, err.message) from None


def _card(kind: str, field: str, raw: object) -> Card:
    if not isinstance(raw, str | int) or isinstance(raw, bool):
        raise _invalid(kind, field, f"expected a card, got {raw!r}")
    try:
        return parse_card(raw)
    except GameError as err:
        raise _invalid(kind, field, err.message) from None


def _cards(kind: str, field: str, raw: object) -> tuple[Card, ...]:
    if isinstance(raw, str) or not isinstance(raw, list | tuple):
        raise _invalid(kind, field, "expected a list of cards")
    return tuple(_card(kind, field, c) for c in raw)


def _card_list(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]
