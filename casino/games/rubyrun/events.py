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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, ClassVar, TypeAlias

from casino.games.cards import Card, parse_card
from casino.games.errors import GameError
from casino.games.rubyrun.betting import to_decimal
from casino.games.rubyrun.codes import EVENT_INVALID, EVENT_KIND_UNKNOWN


@dataclass(frozen=True, slots=True)
class PlayersSeated:
    """The players of this hand with the stacks they bring to it, and the button's seat.

    ``stacks`` pairs each seat with its chips, in seat order.
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
        return {"kind": self.kind, "seat": self.seat, "cards": _card_list(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> HoleCardsDealt:
        return cls(
            seat=_int(cls.kind, "seat", data["seat"]), cards=_cards(cls.kind, "cards", data)
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
        return cls(seat=_int(cls.kind, "seat", data["seat"]))


@dataclass(frozen=True, slots=True)
class Checked:
    """``seat`` checks: no bet to call."""

    kind: ClassVar[str] = "checked"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Checked:
        return cls(seat=_int(cls.kind, "seat", data["seat"]))


@dataclass(frozen=True, slots=True)
class Called:
    """``seat`` matches the bet, or puts in all its chips when they are not enough."""

    kind: ClassVar[str] = "called"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Called:
        return cls(seat=_int(cls.kind, "seat", data["seat"]))


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
            seat=_int(cls.kind, "seat", data["seat"]),
            amount=_amount(cls.kind, "amount", data["amount"]),
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
            seat=_int(cls.kind, "seat", data["seat"]),
            amount=_amount(cls.kind, "amount", data["amount"]),
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
        return cls(seat=_int(cls.kind, "seat", data["seat"]))


@dataclass(frozen=True, slots=True)
class OverCardsDealt:
    """The three over cards, face up."""

    kind: ClassVar[str] = "over_cards_dealt"
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": _card_list(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> OverCardsDealt:
        return cls(cards=_cards(cls.kind, "cards", data))


@dataclass(frozen=True, slots=True)
class UnderCardsDealt:
    """The three under cards: face up with their ``cards``, or face down (``cards`` is ``None``)
    under the alternative rule, where nobody may see them yet."""

    kind: ClassVar[str] = "under_cards_dealt"
    cards: tuple[Card, ...] | None

    def to_dict(self) -> dict[str, Any]:
        cards = None if self.cards is None else _card_list(self.cards)
        return {"kind": self.kind, "cards": cards}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> UnderCardsDealt:
        if data["cards"] is None:
            return cls(cards=None)
        return cls(cards=_cards(cls.kind, "cards", data))


@dataclass(frozen=True, slots=True)
class SlamDealt:
    """The Slam: a 2–10 keeps the over cards live, a J, Q, K or A the under cards."""

    kind: ClassVar[str] = "slam_dealt"
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": str(self.card)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> SlamDealt:
        return cls(card=_card(cls.kind, "card", data["card"]))


@dataclass(frozen=True, slots=True)
class UnderCardsRevealed:
    """Face-down rule, Slam J–A: the under cards are turned up and are live."""

    kind: ClassVar[str] = "under_cards_revealed"
    cards: tuple[Card, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": _card_list(self.cards)}

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> UnderCardsRevealed:
        return cls(cards=_cards(cls.kind, "cards", data))


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
)
_BUILDERS: dict[str, Callable[[Mapping[str, Any]], Event]] = {
    t.kind: t._from_fields for t in _EVENT_TYPES
}
_FIELDS: dict[str, frozenset[str]] = {
    t.kind: frozenset(f.name for f in fields(t)) for t in _EVENT_TYPES
}

#: Every event kind, in the order a hand first meets them.
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


def _cards(kind: str, field: str, data: Mapping[str, Any]) -> tuple[Card, ...]:
    raw = data[field]
    if isinstance(raw, str) or not isinstance(raw, list | tuple):
        raise _invalid(kind, field, "expected a list of cards")
    return tuple(_card(kind, field, card) for card in raw)


def _card_list(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]
