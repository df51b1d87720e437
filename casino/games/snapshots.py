"""Snapshots written and read back from the declared types of a class's fields.

A snapshot (:meth:`casino.games.contract.GameState.snapshot`) is plain JSON the engine wrote
itself; reading it back checks every field's type anyway, because it comes from storage, and
a snapshot that does not read is a fault to report, never a state to guess at.

:func:`write_fields` and :func:`read_fields` follow a class's own annotated fields (a
dataclass's fields, or the class-level annotations of a state), in declaration order, one
encoding per type:

======================================  ============================================
declared type                           stored as
======================================  ============================================
``int``, ``bool``, ``str``              the value
``Decimal``                             ``str(amount)``
``Card``                                its text, ``"As"``
a ``StrEnum``                           its value
``tuple[X, ...]``, ``list[X]``          a list of those of ``X``
``set[X]``                              the same, sorted
a class with ``snapshot``/``restore``   its snapshot, an object
``X | None``                            ``null``, or as ``X``
======================================  ============================================

A field is stored under its name without a leading underscore, unless ``Annotated`` with a
:class:`Stored` that says otherwise (another key, a check, or a form of its own).

>>> reader = SnapshotReader({"phase": "betting", "pot": "12.50", "seats": [1, 3]})
>>> reader.text("phase"), reader.amount("pot"), reader.ints("seats")
('betting', Decimal('12.50'), (1, 3))
>>> reader.integer("pot")
Traceback (most recent call last):
...
casino.games.errors.GameError: snapshot pot: expected an integer, got '12.50'
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any, Final, Protocol, Self

from casino.games.cards import CARDS, Card, parse_card
from casino.games.codes import GameCode
from casino.games.contract import JsonObject, JsonValue
from casino.games.errors import GameError

SNAPSHOT_INVALID: Final = GameCode.SNAPSHOT_INVALID
#: Each card by the text a snapshot writes, so that reading one back is a look-up.
_CARD_BY_TEXT: Final = {str(card): card for card in CARDS}


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

    def objects(self, key: str) -> tuple[SnapshotReader, ...]:
        return tuple(
            SnapshotReader(item, f"{self._name(key)}[{index}]")
            for index, item in enumerate(self._list(key))
        )

    def integer(self, key: str) -> int:
        return _integer(self._name(key), self.raw(key))

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

    def texts(self, key: str) -> tuple[str, ...]:
        items = self._list(key)
        if not all(isinstance(item, str) for item in items):
            raise invalid(self._name(key), "expected a list of texts")
        return tuple(str(item) for item in items)

    def amount(self, key: str) -> Decimal:
        return _amount(self._name(key), self.raw(key))

    def card(self, key: str) -> Card:
        return _card(self._name(key), self.raw(key))

    def cards(self, key: str) -> tuple[Card, ...]:
        return tuple(_card(self._name(key), item) for item in self._list(key))

    def _list(self, key: str) -> Sequence[JsonValue]:
        value = self.raw(key)
        if not isinstance(value, list):
            raise invalid(self._name(key), "expected a list")
        return value


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
    if isinstance(value, str) and (card := _CARD_BY_TEXT.get(value)) is not None:
        return card
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise invalid(field, f"expected a card, got {value!r}")
    try:
        return parse_card(value)
    except GameError as err:
        raise invalid(field, err.message) from None


class Snapshotted(Protocol):
    """A part of a state that writes its own snapshot and reads it back."""

    def snapshot(self) -> JsonObject: ...

    @classmethod
    def restore(cls, reader: SnapshotReader) -> Self: ...


@dataclass(frozen=True, slots=True)
class Stored:
    """How a snapshot holds one field otherwise than its name and type say (``Annotated``).

    ``key``: the key it is stored under. ``check``: called as ``check(key, value)`` with the
    value read (a list field's as a tuple), raising ``snapshot_invalid`` for one the state
    cannot hold. ``write`` and ``read`` (``read(reader, key)``): a stored form of its own.
    """

    key: str | None = None
    check: Callable[[str, Any], None] | None = None
    write: Callable[[Any], JsonValue] | None = None
    read: Callable[[SnapshotReader, str], Any] | None = None


_Write = Callable[[Any], JsonValue]
_Read = Callable[[SnapshotReader, str], Any]


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    key: str
    write: _Write
    read: _Read
    check: Callable[[str, Any], None] | None
    #: What a list read as a tuple becomes (``list`` or ``set``), ``None`` to keep it.
    container: Callable[[Any], Any] | None


_PLANS: Final[dict[type, tuple[_Field, ...]]] = {}


def write_fields(owner: object) -> JsonObject:
    """The snapshot of ``owner``'s fields, as :func:`read_fields` reads it back."""
    return {field.key: field.write(getattr(owner, field.name)) for field in _plan(type(owner))}


def read_fields(cls: type, reader: SnapshotReader) -> dict[str, Any]:
    """The values of ``cls``'s fields, by name, out of its snapshot, read in declaration order.

    :raises GameError: ``snapshot_invalid`` for the first field that does not read.
    """
    values: dict[str, Any] = {}
    for field in _plan(cls):
        value = field.read(reader, field.key)
        if field.check is not None:
            field.check(reader._name(field.key), value)
        values[field.name] = value if field.container is None else field.container(value)
    return values


def read_into(state: object, reader: SnapshotReader) -> None:
    """Set ``state``'s fields to the values :func:`read_fields` reads for its class."""
    for name, value in read_fields(type(state), reader).items():
        setattr(state, name, value)


class SnapshotFields:
    """The base of a part of a state whose snapshot is its fields (a dataclass's): its
    :meth:`snapshot` and :meth:`restore` follow from their declared types."""

    __slots__ = ()

    def snapshot(self) -> JsonObject:
        return write_fields(self)

    @classmethod
    def restore(cls, reader: SnapshotReader) -> Self:
        """The object :meth:`snapshot` wrote. :raises GameError: ``snapshot_invalid``."""
        build: Callable[..., Self] = cls
        return build(**read_fields(cls, reader))


def _plan(cls: type) -> tuple[_Field, ...]:
    """How ``cls``'s own fields are written and read: its annotations resolved once.

    :raises TypeError: for a field of a type with no stored form.
    """
    plan = _PLANS.get(cls)
    if plan is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        plan = _PLANS[cls] = tuple(
            _field(cls, name, hints[name])
            for name in cls.__dict__.get("__annotations__", {})
            if typing.get_origin(hints[name]) is not typing.ClassVar
        )
    return plan


def _field(owner: type, name: str, hint: Any) -> _Field:
    stored = Stored()
    if typing.get_origin(hint) is typing.Annotated:
        hint, *extras = typing.get_args(hint)
        stored = next(extra for extra in extras if isinstance(extra, Stored))
    key = stored.key or name.lstrip("_")
    container = typing.get_origin(hint) if typing.get_origin(hint) in (list, set) else None
    try:
        write = stored.write or _writer(hint)
        read = stored.read or _reader(hint)
    except KeyError:
        raise TypeError(f"{owner.__name__}.{name}: no stored form for {hint!r}") from None
    return _Field(name, key, write, read, stored.check, container)


def _optional_of(hint: Any) -> Any:
    """``X`` of ``X | None``, ``None`` for any other type."""
    args = typing.get_args(hint)
    if len(args) == 2 and type(None) in args:
        return next(arg for arg in args if arg is not type(None))
    return None


def _item_of(hint: Any) -> Any:
    """``X`` of ``tuple[X, ...]``, ``list[X]`` or ``set[X]``, ``None`` for any other type."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    if origin in (list, set):
        return args[0]
    return None


def _same(value: Any) -> Any:
    return value


def _writer(hint: Any) -> _Write:
    """How a value of type ``hint`` is written. :raises KeyError: for no stored form."""
    if (inner := _optional_of(hint)) is not None:
        write = _writer(inner)
        return lambda value: None if value is None else write(value)
    if (item := _item_of(hint)) is not None:
        write_item = _writer(item)
        if typing.get_origin(hint) is set:
            return lambda values: [write_item(value) for value in sorted(values)]
        return lambda values: [write_item(value) for value in values]
    if hint in (int, bool, str):
        return _same
    if hint in (Decimal, Card):
        return str
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return lambda member: member.value
    if isinstance(hint, type) and hasattr(hint, "restore"):
        return lambda part: part.snapshot()
    raise KeyError(hint)


_READERS: Final[dict[object, _Read]] = {
    int: SnapshotReader.integer,
    bool: SnapshotReader.flag,
    str: SnapshotReader.text,
    Decimal: SnapshotReader.amount,
    Card: SnapshotReader.card,
    tuple[int, ...]: SnapshotReader.ints,
    tuple[str, ...]: SnapshotReader.texts,
    tuple[Card, ...]: SnapshotReader.cards,
}


def _reader(hint: Any) -> _Read:
    """How a value of type ``hint`` is read. :raises KeyError: for no stored form."""
    item = _item_of(hint)
    if item is not None and typing.get_origin(hint) is not tuple:
        hint = types.GenericAlias(tuple, (item, ...))  # read as a tuple, then made one
    if hint in _READERS:
        return _READERS[hint]
    if (inner := _optional_of(hint)) is not None:
        read = _reader(inner)
        return lambda reader, key: None if reader.raw(key) is None else read(reader, key)
    if isinstance(item, type) and issubclass(item, StrEnum):
        member = _member(item)
        return lambda reader, key: tuple(member(reader, key, text) for text in reader.texts(key))
    if isinstance(item, type) and hasattr(item, "restore"):
        part: type[Snapshotted] = item
        return lambda reader, key: tuple(part.restore(obj) for obj in reader.objects(key))
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        member = _member(hint)
        return lambda reader, key: member(reader, key, reader.text(key))
    if isinstance(hint, type) and hasattr(hint, "restore"):
        whole: type[Snapshotted] = hint
        return lambda reader, key: whole.restore(reader.obj(key))
    raise KeyError(hint)


def _member(kind: type[StrEnum]) -> Callable[[SnapshotReader, str, str], Any]:
    def member(reader: SnapshotReader, key: str, text: str) -> Any:
        try:
            return kind(text)
        except ValueError:
            raise invalid(reader._name(key), f"not a {kind.__name__}: {text!r}") from None

    return member
