"""Events written to JSON and read back from the declared types of their fields.

An event is a frozen dataclass deriving from :class:`CodedEvent`: its ``to_dict`` and
``_from_fields`` (what :class:`~casino.games.stored_events.EventReader` calls) follow from its
fields' types, one encoding per type:

=====================================  ================================  ===========================
declared type                          stored as                         read back by
=====================================  ================================  ===========================
``int``                                the integer                       :func:`int_field`
``bool``                               ``true`` / ``false``              :func:`bool_field`
``str``                                the text                          :func:`text_field`
``Decimal``                            ``str(amount)``                   :func:`amount_field`
``Card``                               its two characters, ``"As"``      :func:`card_field`
``tuple[Card, ...]``                   a list of those                   :func:`cards_field`
``tuple[tuple[int, Decimal], ...]``    ``{"<seat>": "<amount>"}``        :func:`stacks_field`
``X | None``                           ``null``, or as ``X``             ``None``, or as ``X``
=====================================  ================================  ===========================

The stored form is ``{"kind": ..., <each field in declaration order>}``, every field always
written. A field whose reading differs from its type's says so once, in its metadata
(:func:`stored`): read before the others (of two bad fields, it is the one reported), or
refused with a message of its own.

>>> from dataclasses import dataclass, field
>>> from casino.games.stored_events import EventReader
>>> @dataclass(frozen=True, slots=True)
... class Bet(CodedEvent):
...     kind: ClassVar[str] = "bet"
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

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any, ClassVar, Final, Self

from casino.games.cards import Card, card_texts
from casino.games.money import seat_amounts_text
from casino.games.stored_events import (
    amount_field,
    bool_field,
    card_field,
    cards_field,
    int_field,
    invalid_field,
    stacks_field,
    text_field,
)

#: Writes a field's value in its JSON form.
Encoder = Callable[[Any], Any]
#: Reads a field back from its JSON form: ``(kind, field, raw)``; refuses with ``event_invalid``.
Decoder = Callable[[str, str, object], Any]

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


def _same(value: Any) -> Any:
    return value


def _stacks_text(stacks: tuple[tuple[int, Decimal], ...]) -> dict[str, str]:
    return seat_amounts_text(dict(stacks))


_CODECS: Final[dict[object, tuple[Encoder, Decoder]]] = {
    int: (_same, int_field),
    bool: (_same, bool_field),
    str: (_same, text_field),
    Decimal: (str, amount_field),
    Card: (str, card_field),
    tuple[Card, ...]: (card_texts, cards_field),
    tuple[tuple[int, Decimal], ...]: (_stacks_text, stacks_field),
}


@dataclass(frozen=True, slots=True)
class _FieldCodec:
    name: str
    encode: Encoder
    decode: Decoder
    read_first: bool


@dataclass(frozen=True, slots=True)
class _Plan:
    #: The fields in declaration order: the order they are written.
    written: tuple[_FieldCodec, ...]
    #: The fields in the order they are read: those read first, then the others.
    read: tuple[_FieldCodec, ...]


def _refusing(expected: type, message: str) -> Decoder:
    def decode(kind: str, field: str, raw: object) -> Any:
        if not isinstance(raw, expected):
            raise invalid_field(kind, field, message)
        return raw

    return decode


def _optional(encode: Encoder, decode: Decoder) -> tuple[Encoder, Decoder]:
    def encode_optional(value: Any) -> Any:
        return None if value is None else encode(value)

    def decode_optional(kind: str, field: str, raw: object) -> Any:
        return None if raw is None else decode(kind, field, raw)

    return encode_optional, decode_optional


def _codec(owner: type, name: str, hint: object, metadata: Mapping[str, object]) -> _FieldCodec:
    """How the field ``name`` of ``owner``, declared as ``hint``, is written and read.

    :raises TypeError: for a type with no stored form, or a ``refusal`` on a field that is
        neither ``str`` nor ``bool``.
    """
    optional = False
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        args = typing.get_args(hint)
        if len(args) == 2 and type(None) in args:
            optional = True
            hint = next(arg for arg in args if arg is not type(None))
    if hint not in _CODECS:
        raise TypeError(f"{owner.__name__}.{name}: no stored form for {hint!r}")
    encode, decode = _CODECS[hint]
    refusal = metadata.get(_REFUSAL)
    if refusal is not None:
        if hint not in (str, bool):
            raise TypeError(f"{owner.__name__}.{name}: a refusal of its own is for str or bool")
        decode = _refusing(str if hint is str else bool, str(refusal))
    if optional:
        encode, decode = _optional(encode, decode)
    return _FieldCodec(name, encode, decode, bool(metadata.get(_READ_FIRST, False)))


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
            data[codec.name] = codec.encode(getattr(self, codec.name))
        return data

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> Self:
        """The event stored as ``data``, whose keys are known to be exactly its fields.

        :raises GameError: ``event_invalid`` for the first bad value in reading order.
        """
        values = {
            codec.name: codec.decode(cls.kind, codec.name, data[codec.name])
            for codec in _plan(cls).read
        }
        build: Callable[..., Self] = cls
        return build(**values)
