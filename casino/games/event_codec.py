"""Events written to JSON and read back from the declared types of their fields.

An event is a :class:`CodedEvent` declared with :func:`event`, which makes it a frozen dataclass
of the kind it names: its ``to_dict`` and
``_from_fields`` (what :class:`~casino.games.stored_events.EventReader` calls) follow from its
fields' types, by the table every stored form shares (:mod:`casino.games.stored_types`), with
the forms stored events have always been read in where a snapshot's are stricter: an amount
may be written as a whole number, a list of cards refuses a string as a whole, and
``tuple[tuple[int, Decimal], ...]`` (the seats' stacks) is stored as ``{"<seat>": "<amount>"}``.

The stored form is ``{"kind": ..., <each field in declaration order>}``, every field always
written. A field whose reading differs from its type's says so once, in its metadata
(:func:`stored`): read before the others (of two bad fields, it is the one reported), or
refused with a message of its own.

>>> from dataclasses import field
>>> from casino.games.stored_events import EventReader
>>> @event("bet")
... class Bet(CodedEvent):
...     seat: int
...     amount: Decimal = field(metadata=stored(read_first=True))
>>> Bet(seat=2, amount=Decimal("2.50")).to_dict()
{'kind': 'bet', 'seat': 2, 'amount': '2.50'}
>>> EventReader((Bet,)).read({"kind": "bet", "seat": "2", "amount": 2.5})
Traceback (most recent call last):
...
casino.games.errors.GameError: bet.amount: amount: not an exact amount: 2.5
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, ClassVar, Final, Self, TypeVar, dataclass_transform

from casino.games.cards import Card
from casino.games.codes import EVENT_INVALID
from casino.games.contract import JsonValue
from casino.games.errors import GameError
from casino.games.money import seat_amounts_text, to_decimal
from casino.games.stored_events import invalid_field
from casino.games.stored_types import (
    CARD,
    INTEGER,
    LEAVES,
    Read,
    Refused,
    StoredType,
    stored_type,
)

_READ_FIRST: Final = "event_read_first"
_REFUSAL: Final = "event_refusal"


def stored(*, read_first: bool = False, refusal: str | None = None) -> dict[str, object]:
    """The metadata of an event field read otherwise than its type alone says.

    ``read_first``: the field is read before the fields without it, so that of two bad fields
    it is the one reported. ``refusal``: the message refusing a value of the wrong type (only
    for ``str`` and ``bool`` fields), instead of the type's own.
    """
    metadata: dict[str, object] = {}
    if read_first:
        metadata[_READ_FIRST] = True
    if refusal is not None:
        metadata[_REFUSAL] = refusal
    return metadata


# -- the forms stored events have always been read in, where a snapshot's are stricter --------


def _exact_amount(raw: object, name: str) -> Decimal:
    """An amount written as text or as a whole number (:func:`~casino.games.money.to_decimal`:
    never a float)."""
    try:
        return to_decimal(raw, field=name, code=EVENT_INVALID)
    except GameError as err:
        raise Refused(err.message) from None


def _cards(raw: object, name: str) -> tuple[Card, ...]:
    """A list of cards; one string is not a list here, since ``to_dict`` never writes one."""
    if isinstance(raw, str) or not isinstance(raw, list | tuple):
        raise Refused("expected a list of cards")
    return tuple(CARD.read(card, name) for card in raw)


def _stacks(raw: object, name: str) -> tuple[tuple[int, Decimal], ...]:
    """Seat to amount (a seat a JSON key, a string of digits, or an integer), in seat order."""
    if not isinstance(raw, Mapping):
        raise Refused("expected a mapping of seat to amount")
    return tuple(
        sorted(
            (
                int(key) if isinstance(key, str) and key.isdigit() else INTEGER.read(key, name),
                _exact_amount(value, name),
            )
            for key, value in raw.items()
        )
    )


def _stacks_text(stacks: tuple[tuple[int, Decimal], ...]) -> JsonValue:
    return {seat: amount for seat, amount in seat_amounts_text(dict(stacks)).items()}


#: The event codec's leaves: the shared ones, with the forms above.
_EVENT_LEAVES: Final[Mapping[object, StoredType]] = {
    **LEAVES,
    Decimal: StoredType(str, _exact_amount),
    tuple[Card, ...]: StoredType(lambda cards: [str(card) for card in cards], _cards),
    tuple[tuple[int, Decimal], ...]: StoredType(_stacks_text, _stacks),
}


@dataclass(frozen=True, slots=True)
class _FieldCodec:
    name: str
    write: Callable[[Any], Any]
    read: Read
    read_first: bool


@dataclass(frozen=True, slots=True)
class _Plan:
    #: The fields in declaration order: the order they are written.
    written: tuple[_FieldCodec, ...]
    #: The fields in the order they are read: those read first, then the others.
    read: tuple[_FieldCodec, ...]


def _refusing(expected: type, message: str) -> Read:
    def read(raw: object, name: str) -> Any:
        if not isinstance(raw, expected):
            raise Refused(message)
        return raw

    return read


def _codec(owner: type, name: str, hint: object, metadata: Mapping[str, object]) -> _FieldCodec:
    """How the field ``name`` of ``owner``, declared as ``hint``, is written and read.

    :raises TypeError: for a type with no stored form, or a ``refusal`` on a field that is
        neither ``str`` nor ``bool``.
    """
    try:
        if typing.get_origin(hint) in (list, set):  # an event is immutable: tuples only
            raise KeyError(hint)
        form = stored_type(hint, _EVENT_LEAVES)
    except KeyError:
        raise TypeError(f"{owner.__name__}.{name}: no stored form for {hint!r}") from None
    read = form.read
    refusal = metadata.get(_REFUSAL)
    if refusal is not None:
        if hint not in (str, bool):
            raise TypeError(f"{owner.__name__}.{name}: a refusal of its own is for str or bool")
        read = _refusing(typing.cast(type, hint), str(refusal))
    return _FieldCodec(name, form.write, read, bool(metadata.get(_READ_FIRST, False)))


_PLANS: Final[dict[type, _Plan]] = {}


def _plan(cls: type) -> _Plan:
    """How ``cls``'s fields are written and read: its annotations resolved once, on first use.

    :raises TypeError: for a field of a type with no stored form.
    """
    plan = _PLANS.get(cls)
    if plan is None:
        hints = typing.get_type_hints(cls)
        written = tuple(_codec(cls, f.name, hints[f.name], f.metadata) for f in fields(cls))
        read = tuple(sorted(written, key=lambda codec: not codec.read_first))
        plan = _PLANS[cls] = _Plan(written, read)
    return plan


class CodedEvent:
    """The base of a stored event: a frozen dataclass with a ``kind``, whose ``to_dict`` and
    ``_from_fields`` follow from its fields' declared types."""

    __slots__ = ()

    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        """The event's stored form: ``{"kind": ..., <field>: <value>, ...}``."""
        data: dict[str, Any] = {"kind": self.kind}
        for codec in _plan(type(self)).written:
            data[codec.name] = codec.write(getattr(self, codec.name))
        return data

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Self:
        """The event stored as ``data``, whose keys are known to be exactly its fields.

        :raises GameError: ``event_invalid`` for the first bad value in reading order.
        """
        values = {}
        for codec in _plan(cls).read:
            try:
                values[codec.name] = codec.read(data[codec.name], codec.name)
            except Refused as refused:
                raise invalid_field(cls.kind, codec.name, refused.message) from None
        build: Callable[..., Self] = cls
        return build(**values)


C = TypeVar("C", bound=CodedEvent)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def event(kind: str) -> Callable[[type[C]], type[C]]:
    """Declare the stored event ``kind``: the decorated :class:`CodedEvent` subclass becomes a
    frozen, slotted dataclass of its annotated fields, with ``kind`` as its class attribute.

    >>> @event("checked")
    ... class Checked(CodedEvent):
    ...     seat: int
    >>> Checked.kind, Checked(seat=2).to_dict()
    ('checked', {'kind': 'checked', 'seat': 2})

    :raises TypeError: for a class that is not a :class:`CodedEvent`, or that sets a ``kind`` of
        its own (the decorator's is the only one, so that no event is declared with two).
    """

    def declare(cls: type[C]) -> type[C]:
        if not issubclass(cls, CodedEvent):
            raise TypeError(f"{cls.__name__}: an event derives from CodedEvent")
        if "kind" in vars(cls):
            raise TypeError(f"{cls.__name__}: the kind is the one @event gives")
        cls.kind = kind
        return dataclass(frozen=True, slots=True)(cls)

    return declare
