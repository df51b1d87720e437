"""Reading a state's snapshot back: typed fields out of JSON, refused with ``snapshot_invalid``.

A snapshot (:meth:`casino.games.contract.GameState.snapshot`) is plain JSON the engine wrote
itself; reading it back checks every field's type anyway, because it comes from storage, and
a snapshot that does not read is a fault to report, never a state to guess at.

>>> reader = SnapshotReader({"phase": "betting", "pot": "12.50", "seats": [1, 3]})
>>> reader.text("phase"), reader.amount("pot"), reader.ints("seats")
('betting', Decimal('12.50'), (1, 3))
>>> reader.integer("pot")
Traceback (most recent call last):
...
casino.games.errors.GameError: snapshot pot: expected an integer, got '12.50'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Final

from casino.games.cards import Card, parse_card
from casino.games.codes import GameCode
from casino.games.contract import JsonObject, JsonValue
from casino.games.errors import GameError

SNAPSHOT_INVALID: Final = GameCode.SNAPSHOT_INVALID


def invalid(field: str, message: str) -> GameError:
    """The ``snapshot_invalid`` refusal of ``field``."""
    return GameError(SNAPSHOT_INVALID, f"snapshot {field}: {message}", field=field)


class SnapshotReader:
    """Typed access to the fields of one JSON object of a snapshot.

    ``prefix`` names where the object sits in the snapshot, for the messages of refusals.
    """

    __slots__ = ("_data", "_prefix")

    def __init__(self, data: JsonValue, prefix: str = "") -> None:
        if not isinstance(data, dict):
            raise invalid(prefix or "snapshot", "expected an object")
        self._data: JsonObject = data
        self._prefix = prefix

    def _name(self, key: str) -> str:
        return f"{self._prefix}.{key}" if self._prefix else key

    def raw(self, key: str) -> JsonValue:
        """The field's JSON value. :raises GameError: ``snapshot_invalid`` when missing."""
        if key not in self._data:
            raise invalid(self._name(key), "missing")
        return self._data[key]

    def has(self, key: str) -> bool:
        return key in self._data

    def obj(self, key: str) -> SnapshotReader:
        return SnapshotReader(self.raw(key), self._name(key))

    def optional_obj(self, key: str) -> SnapshotReader | None:
        value = self.raw(key)
        return None if value is None else SnapshotReader(value, self._name(key))

    def objects(self, key: str) -> tuple[SnapshotReader, ...]:
        return tuple(
            SnapshotReader(item, f"{self._name(key)}[{index}]")
            for index, item in enumerate(self._list(key))
        )

    def integer(self, key: str) -> int:
        return _integer(self._name(key), self.raw(key))

    def optional_integer(self, key: str) -> int | None:
        value = self.raw(key)
        return None if value is None else _integer(self._name(key), value)

    def ints(self, key: str) -> tuple[int, ...]:
        return tuple(_integer(self._name(key), item) for item in self._list(key))

    def flag(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise invalid(self._name(key), f"expected true or false, got {value!r}")
        return value

    def text(self, key: str) -> str:
        value = self.raw(key)
        if not isinstance(value, str):
            raise invalid(self._name(key), f"expected text, got {value!r}")
        return value

    def optional_text(self, key: str) -> str | None:
        value = self.raw(key)
        return None if value is None else self.text(key)

    def texts(self, key: str) -> tuple[str, ...]:
        items = self._list(key)
        if not all(isinstance(item, str) for item in items):
            raise invalid(self._name(key), "expected a list of texts")
        return tuple(str(item) for item in items)

    def amount(self, key: str) -> Decimal:
        return _amount(self._name(key), self.raw(key))

    def optional_amount(self, key: str) -> Decimal | None:
        value = self.raw(key)
        return None if value is None else _amount(self._name(key), value)

    def amounts(self, key: str) -> dict[int, Decimal]:
        """A mapping of seat (or box) to amount, as ``seat_amounts_text`` writes it."""
        value = self.raw(key)
        if not isinstance(value, dict):
            raise invalid(self._name(key), "expected an object of amounts")
        return {
            _integer(self._name(key), int(seat) if seat.isdigit() else seat): _amount(
                self._name(key), amount
            )
            for seat, amount in value.items()
        }

    def card(self, key: str) -> Card:
        return _card(self._name(key), self.raw(key))

    def optional_card(self, key: str) -> Card | None:
        value = self.raw(key)
        return None if value is None else _card(self._name(key), value)

    def cards(self, key: str) -> tuple[Card, ...]:
        return tuple(_card(self._name(key), item) for item in self._list(key))

    def optional_cards(self, key: str) -> tuple[Card, ...] | None:
        value = self.raw(key)
        return None if value is None else self.cards(key)

    def _list(self, key: str) -> Sequence[JsonValue]:
        value = self.raw(key)
        if not isinstance(value, list):
            raise invalid(self._name(key), "expected a list")
        return value


def amounts_json(amounts: Mapping[int, Decimal]) -> JsonObject:
    """The JSON form :meth:`SnapshotReader.amounts` reads: keys and amounts as strings."""
    return {str(key): str(amount) for key, amount in amounts.items()}


def _integer(field: str, value: JsonValue) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise invalid(field, f"expected an integer, got {value!r}")
    return value


def _amount(field: str, value: JsonValue) -> Decimal:
    if not isinstance(value, str):
        raise invalid(field, f"expected a decimal string, got {value!r}")
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise invalid(field, f"not a number: {value!r}") from None
    if not amount.is_finite():
        raise invalid(field, f"not a finite amount: {value!r}")
    return amount


def _card(field: str, value: JsonValue) -> Card:
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise invalid(field, f"expected a card, got {value!r}")
    try:
        return parse_card(value)
    except GameError as err:
        raise invalid(field, err.message) from None
