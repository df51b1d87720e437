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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, ClassVar, TypeAlias

from casino.games.cards import Card, parse_card
from casino.games.errors import GameError
from casino.games.reddog.codes import EVENT_INVALID, EVENT_KIND_UNKNOWN
from casino.games.reddog.money import to_decimal


@dataclass(frozen=True, slots=True)
class PlayersSeated:
    """The players sit down with their stacks; ``button`` is the first dealer, drawn at the table.

    ``stacks`` pairs each seat with the chips brought, in seat order.
    """

    kind: ClassVar[str] = "players_seated"
    stacks: tuple[tuple[int, Decimal], ...]
    button: int

    def to_dict(self) -> dict[str, Any]:
        stacks = {str(seat): str(amount) for seat, amount in self.stacks}
        return {"kind": self.kind, "stacks": stacks, "button": self.button}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> PlayersSeated:
        raw = data["stacks"]
        if not isinstance(raw, Mapping):
            raise _invalid(cls.kind, "stacks", "expected a mapping of seat to amount")
        stacks = tuple(
            sorted(
                (_seat_key(cls.kind, key), _amount(cls.kind, "stacks", v)) for key, v in raw.items()
            )
        )
        return cls(stacks=stacks, button=_int(cls.kind, "button", data["button"]))


@dataclass(frozen=True, slots=True)
class HandStarted:
    """The dealer starts the next hand (or the next deal of a Shoot); antes are derived."""

    kind: ClassVar[str] = "hand_started"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> HandStarted:
        return cls()


@dataclass(frozen=True, slots=True)
class PotFunded:
    """In a dealer-funded variant, the dealer puts up ``amount`` as the pot."""

    kind: ClassVar[str] = "pot_funded"
    amount: Decimal

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "amount": str(self.amount)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> PotFunded:
        return cls(amount=_amount(cls.kind, "amount", data["amount"]))


@dataclass(frozen=True, slots=True)
class HandDealt:
    """The cards dealt face down to the player in ``seat``."""

    kind: ClassVar[str] = "hand_dealt"
    seat: int
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "cards": [str(c) for c in self.cards]}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> HandDealt:
        raw = data["cards"]
        if isinstance(raw, str) or not isinstance(raw, list | tuple):
            raise _invalid(cls.kind, "cards", "expected a list of cards")
        cards = tuple(_card(cls.kind, "cards", c) for c in raw)
        return cls(seat=_int(cls.kind, "seat", data["seat"]), cards=cards)


@dataclass(frozen=True, slots=True)
class CentreCardTurned:
    """Slippery Sam: a card turned up in the middle (the dealer stops at a 6 or lower)."""

    kind: ClassVar[str] = "centre_card_turned"
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> CentreCardTurned:
        return cls(card=_card(cls.kind, "card", data["card"]))


@dataclass(frozen=True, slots=True)
class BetPlaced:
    """The player in ``seat`` bets ``amount`` against the pot."""

    kind: ClassVar[str] = "bet_placed"
    seat: int
    amount: Decimal

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "amount": str(self.amount)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BetPlaced:
        return cls(
            seat=_int(cls.kind, "seat", data["seat"]),
            amount=_amount(cls.kind, "amount", data["amount"]),
        )


@dataclass(frozen=True, slots=True)
class BurnShown:
    """The top card, shown to everyone and put face up at the bottom of the deck."""

    kind: ClassVar[str] = "burn_shown"
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> BurnShown:
        return cls(card=_card(cls.kind, "card", data["card"]))


@dataclass(frozen=True, slots=True)
class CardTurned:
    """The card turned face up for the player whose bet is waiting."""

    kind: ClassVar[str] = "card_turned"
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> CardTurned:
        return cls(card=_card(cls.kind, "card", data["card"]))


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The face-down stock ran out; burnt, turned and set-aside cards became the new stock."""

    kind: ClassVar[str] = "reshuffled"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Reshuffled:
        return cls()


@dataclass(frozen=True, slots=True)
class ShootDecided:
    """After three deals in a row, the Shoot dealer keeps the pot or deals a fourth time."""

    kind: ClassVar[str] = "shoot_decided"
    deal_again: bool

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "deal_again": self.deal_again}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> ShootDecided:
        deal_again = data["deal_again"]
        if not isinstance(deal_again, bool):
            raise _invalid(cls.kind, "deal_again", "expected true or false")
        return cls(deal_again=deal_again)


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The table stops playing; what is left in the pot is settled."""

    kind: ClassVar[str] = "game_ended"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> GameEnded:
        return cls()


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
)

_EVENT_TYPES: tuple[type[Event], ...] = (
    PlayersSeated,
    HandStarted,
    PotFunded,
    HandDealt,
    CentreCardTurned,
    BetPlaced,
    BurnShown,
    CardTurned,
    Reshuffled,
    ShootDecided,
    GameEnded,
)
_BUILDERS: dict[str, Callable[[Mapping[str, Any]], Event]] = {
    t.kind: t._from_fields for t in _EVENT_TYPES
}
_FIELDS: dict[str, frozenset[str]] = {
    t.kind: frozenset(f.name for f in fields(t)) for t in _EVENT_TYPES
}

#: Every event kind, in the order a game first meets them.
EVENT_KINDS: tuple[str, ...] = tuple(t.kind for t in _EVENT_TYPES)


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Rebuild an event from its :meth:`to_dict` form.

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


def _seat_key(kind: str, raw: object) -> int:
    if isinstance(raw, str) and raw.isdigit():
        return int(raw)
    return _int(kind, "stacks", raw)


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
