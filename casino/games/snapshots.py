"""Snapshots written and read back from the declared types of a class's fields.

A snapshot (:meth:`casino.games.contract.GameState.snapshot`) is plain JSON the engine wrote
itself; reading it back checks every field's type anyway, because it comes from storage, and
a snapshot that does not read is a fault to report, never a state to guess at.

:func:`write_fields` and :func:`read_fields` follow a class's own annotated fields (a
dataclass's fields, or the class-level annotations of a state), in declaration order, each
stored as the table of :mod:`casino.games.stored_types` says; a part of a state with its own
``snapshot``/``restore`` (a :class:`SnapshotFields`) is stored as its snapshot, an object.

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

import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final, Protocol, Self

from casino.games.cards import Card
from casino.games.codes import SNAPSHOT_INVALID
from casino.games.contract import JsonObject, JsonValue
from casino.games.errors import GameError
from casino.games.stored_types import (
    AMOUNT,
    CARD,
    FLAG,
    INTEGER,
    LEAVES,
    TEXT,
    Read,
    Refused,
    StoredType,
    stored_type,
)

_INTEGERS: Final = stored_type(tuple[int, ...], LEAVES)
_TEXTS: Final = stored_type(tuple[str, ...], LEAVES)
_CARDS: Final = stored_type(tuple[Card, ...], LEAVES)


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

    def keys(self) -> tuple[str, ...]:
        return tuple(self._data)

    def read(self, key: str, read: Read) -> Any:
        """The field ``key`` read by ``read`` (a :class:`~casino.games.stored_types.StoredType`'s).

        :raises GameError: ``snapshot_invalid`` naming the field, when missing or refused.
        """
        name = self._name(key)
        if key not in self._data:
            raise invalid(name, "missing")
        try:
            return read(self._data[key], name)
        except Refused as refused:
            raise invalid(name, refused.message) from None

    def obj(self, key: str) -> SnapshotReader:
        return SnapshotReader(self.raw(key), self._name(key))

    def objects(self, key: str) -> tuple[SnapshotReader, ...]:
        return tuple(
            SnapshotReader(item, f"{self._name(key)}[{index}]")
            for index, item in enumerate(self._list(key))
        )

    def integer(self, key: str) -> int:
        return typing.cast(int, self.read(key, INTEGER.read))

    def ints(self, key: str) -> tuple[int, ...]:
        return typing.cast(tuple[int, ...], self.read(key, _INTEGERS.read))

    def flag(self, key: str) -> bool:
        return typing.cast(bool, self.read(key, FLAG.read))

    def text(self, key: str) -> str:
        return typing.cast(str, self.read(key, TEXT.read))

    def texts(self, key: str) -> tuple[str, ...]:
        return typing.cast(tuple[str, ...], self.read(key, _TEXTS.read))

    def amount(self, key: str) -> Decimal:
        return typing.cast(Decimal, self.read(key, AMOUNT.read))

    def card(self, key: str) -> Card:
        return typing.cast(Card, self.read(key, CARD.read))

    def cards(self, key: str) -> tuple[Card, ...]:
        return typing.cast(tuple[Card, ...], self.read(key, _CARDS.read))

    def _list(self, key: str) -> Sequence[JsonValue]:
        value = self.raw(key)
        if not isinstance(value, list):
            raise invalid(self._name(key), "expected a list")
        return value


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


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    key: str
    write: Callable[[Any], JsonValue]
    #: The stored type's reader, or ``None`` for a field read by its own ``custom`` reader.
    read: Read | None
    custom: Callable[[SnapshotReader, str], Any] | None
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
        if field.read is not None:
            value = reader.read(field.key, field.read)
        else:
            assert field.custom is not None
            value = field.custom(reader, field.key)
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
    form: StoredType | None = None
    if stored.write is None or stored.read is None:
        try:
            form = stored_type(hint, LEAVES, _part)
        except KeyError:
            raise TypeError(f"{owner.__name__}.{name}: no stored form for {hint!r}") from None
    write = stored.write or typing.cast(StoredType, form).write
    read = None if stored.read is not None else typing.cast(StoredType, form).read
    return _Field(name, key, write, read, stored.read, stored.check, container)


def _part(kind: type) -> StoredType | None:
    """A part of a state with its own ``snapshot`` and ``restore``: stored as an object."""
    if not hasattr(kind, "restore"):
        return None
    part: type[Snapshotted] = kind
    return StoredType(
        lambda value: value.snapshot(),
        lambda raw, name: part.restore(SnapshotReader(raw, name)),
        indexed=True,
    )
