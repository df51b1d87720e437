"""Reading stored events back: what every engine's ``event_from_dict`` shares.

An engine's events are frozen dataclasses, one per action the dealer records, each with a class
attribute ``kind``, a ``to_dict`` and a ``_from_fields`` classmethod (derived from the fields'
types by :class:`casino.games.event_codec.CodedEvent`). Stored as JSON, they are read back by an
:class:`EventReader`: the kind must be one the engine knows, the fields exactly the event's own,
and each value of the type it stands for (:func:`int_field` reads one by hand). A refusal is
``event_kind_unknown``, or ``event_invalid`` naming the ``kind`` and the ``field``; both codes
are named once in :mod:`casino.games.codes`, which each engine's ``codes`` module re-exports.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Folded:
...     kind: ClassVar[str] = "folded"
...     seat: int
...     @classmethod
...     def _from_fields(cls, data: Mapping[str, Any]) -> Folded:
...         return cls(seat=int_field(cls.kind, "seat", data["seat"]))
>>> reader = EventReader((Folded,))
>>> reader.read({"kind": "folded", "seat": 3})
Folded(seat=3)
>>> reader.read({"kind": "folded", "seat": "3"})
Traceback (most recent call last):
...
casino.games.errors.GameError: folded.seat: expected an integer, got '3'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from casino.games.codes import EVENT_INVALID, EVENT_KIND_UNKNOWN
from casino.games.errors import GameError


class StoredEvent(Protocol):
    """What an :class:`EventReader` needs of an event type: a dataclass with a ``kind``, which
    rebuilds an event from a mapping whose keys are already known to be exactly its fields."""

    kind: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Any]]

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Self: ...


E = TypeVar("E", bound=StoredEvent)


class EventReader(Generic[E]):
    """The event types of one engine, by kind: reads their ``to_dict`` form back."""

    __slots__ = ("_builders", "_fields", "kinds")

    def __init__(self, types: Iterable[type[E]]) -> None:
        types = tuple(types)
        #: Every kind, in the order of ``types``.
        self.kinds: tuple[str, ...] = tuple(t.kind for t in types)
        self._builders: dict[str, Callable[[Mapping[str, Any]], E]] = {
            t.kind: t._from_fields for t in types
        }
        self._fields: dict[str, frozenset[str]] = {
            t.kind: frozenset(f.name for f in fields(t)) for t in types
        }

    def read(self, data: Mapping[str, Any]) -> E:
        """Rebuild an event from its ``to_dict`` form.

        Of several wrong fields, the first in name order is reported, unexpected ones before
        missing ones, so that the same stored data always gives the same refusal.

        :raises GameError: ``event_kind_unknown`` (``data["kind"]``) for a missing or unknown
            ``kind``; ``event_invalid`` (``data["field"]``) for data that is not a mapping, a
            missing or unexpected field, or a bad value.
        """
        if not isinstance(data, Mapping):
            raise GameError(EVENT_INVALID, "An event is a mapping", field="kind")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in self._builders:
            raise GameError(EVENT_KIND_UNKNOWN, f"Unknown event kind: {kind!r}", kind=repr(kind))
        expected = self._fields[kind]
        given = set(data) - {"kind"}
        unexpected = sorted(str(name) for name in given - expected)
        if unexpected:
            raise invalid_field(kind, unexpected[0], "unexpected field")
        missing = sorted(expected - given)
        if missing:
            raise invalid_field(kind, missing[0], "missing field")
        return self._builders[kind](data)


def invalid_field(kind: str, field: str, message: str) -> GameError:
    """The ``event_invalid`` refusal of ``field`` in a stored event of ``kind``."""
    return GameError(EVENT_INVALID, f"{kind}.{field}: {message}", kind=kind, field=field)


def int_field(kind: str, field: str, raw: object) -> int:
    """``raw`` as an integer; a bool is not one. :raises GameError: ``event_invalid``."""
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise invalid_field(kind, field, f"expected an integer, got {raw!r}")
    return raw
