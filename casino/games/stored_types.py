"""How each declared field type is stored as JSON and read back: the one table both codecs use.

Stored events (:mod:`casino.games.event_codec`) and snapshots (:mod:`casino.games.snapshots`)
both derive a class's stored form from its fields' declared types. :func:`stored_type` resolves
a type to its :class:`StoredType` by the same rules for both:

=====================================  ==============================================
declared type                          stored as
=====================================  ==============================================
``int``, ``bool``, ``str``             the value
``Decimal``                            ``str(amount)``
``Card``                               its text, ``"As"``
a ``StrEnum``                          its value
``tuple[X, ...]``, ``list[X]``         a list of those of ``X``
``set[X]``                             the same, sorted
``X | None``                           ``null``, or as ``X``
=====================================  ==============================================

A codec adds its own leaves before these rules (a snapshot's nested parts, the forms stored
events have always been read in). Reading a stored value raises :class:`Refused` with the
reason; the codec names the field and raises its own refusal code.

>>> amounts = stored_type(tuple[Decimal, ...], LEAVES)
>>> amounts.write((Decimal("2.50"), Decimal(3)))
['2.50', '3']
>>> amounts.read(["2.50", 3], "stakes")
Traceback (most recent call last):
...
casino.games.stored_types.Refused: expected a decimal string, got 3
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any, Final

from casino.games.cards import CARDS, Card, parse_card
from casino.games.contract import JsonValue
from casino.games.errors import GameError

#: Writes a value in its JSON form.
Write = Callable[[Any], JsonValue]
#: Reads a value back from its JSON form: ``(raw, name)``, ``name`` where it is stored (for a
#: nested part's own refusals). :raises Refused: for a value not of the type.
Read = Callable[[Any, str], Any]


class Refused(Exception):
    """A stored value is not of its field's declared type: ``message`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class StoredType:
    """How values of one declared type are written and read back.

    ``indexed``: a list of them names each item by its index (``boxes[2]``), for a nested
    part whose refusals name its own fields.
    """

    write: Write
    read: Read
    indexed: bool = False


def _same(value: Any) -> Any:
    return value


def _integer(raw: object, name: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise Refused(f"expected an integer, got {raw!r}")
    return raw


def _flag(raw: object, name: str) -> bool:
    if not isinstance(raw, bool):
        raise Refused(f"expected true or false, got {raw!r}")
    return raw


def _text(raw: object, name: str) -> str:
    if not isinstance(raw, str):
        raise Refused(f"expected text, got {raw!r}")
    return raw


def _amount(raw: object, name: str) -> Decimal:
    if not isinstance(raw, str):
        raise Refused(f"expected a decimal string, got {raw!r}")
    try:
        amount = Decimal(raw)
    except InvalidOperation:
        raise Refused(f"not a number: {raw!r}") from None
    if not amount.is_finite():
        raise Refused(f"not a finite amount: {raw!r}")
    return amount


#: Each card by the text it is written as, so that reading one back is a look-up.
_CARD_BY_TEXT: Final = {str(card): card for card in CARDS}


def _card(raw: object, name: str) -> Card:
    if isinstance(raw, str) and (card := _CARD_BY_TEXT.get(raw)) is not None:
        return card
    if not isinstance(raw, str | int) or isinstance(raw, bool):
        raise Refused(f"expected a card, got {raw!r}")
    try:
        return parse_card(raw)
    except GameError as err:
        raise Refused(err.message) from None


INTEGER: Final = StoredType(_same, _integer)
FLAG: Final = StoredType(_same, _flag)
TEXT: Final = StoredType(_same, _text)
AMOUNT: Final = StoredType(str, _amount)
CARD: Final = StoredType(str, _card)

#: The types every codec stores the same way.
LEAVES: Final[Mapping[object, StoredType]] = {
    int: INTEGER,
    bool: FLAG,
    str: TEXT,
    Decimal: AMOUNT,
    Card: CARD,
}


def stored_type(
    hint: Any,
    leaves: Mapping[object, StoredType],
    part: Callable[[type], StoredType | None] = lambda hint: None,
) -> StoredType:
    """How a value of the declared type ``hint`` is stored: ``leaves[hint]`` where it is
    there, else by the rules of the module's table, a type none of them covers by ``part``.

    :raises KeyError: for a type with no stored form.
    """
    if hint in leaves:
        return leaves[hint]
    if (inner := _optional_of(hint)) is not None:
        return _optional(stored_type(inner, leaves, part))
    if (item := _item_of(hint)) is not None:
        textual = item is str or (isinstance(item, type) and issubclass(item, StrEnum))
        each = stored_type(item, leaves, part)
        return _sequence(each, sort=typing.get_origin(hint) is set, textual=textual)
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return _member_of(hint)
    if isinstance(hint, type) and (found := part(hint)) is not None:
        return found
    raise KeyError(hint)


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


def _optional(inner: StoredType) -> StoredType:
    write, read = inner.write, inner.read
    return StoredType(
        lambda value: None if value is None else write(value),
        lambda raw, name: None if raw is None else read(raw, name),
    )


def _sequence(each: StoredType, *, sort: bool, textual: bool) -> StoredType:
    """A list of ``each``, read back as a tuple (a list of texts refused as a whole)."""
    write, read = each.write, each.read

    def write_all(values: Any) -> JsonValue:
        values = sorted(values) if sort else values
        return list(values) if write is _same else [write(value) for value in values]

    def read_all(raw: object, name: str) -> tuple[Any, ...]:
        if not isinstance(raw, list):
            raise Refused("expected a list")
        if textual and not all(isinstance(item, str) for item in raw):
            raise Refused("expected a list of texts")
        if each.indexed:
            return tuple(read(item, f"{name}[{index}]") for index, item in enumerate(raw))
        return tuple(read(item, name) for item in raw)

    return StoredType(write_all, read_all)


def _member_of(kind: type[StrEnum]) -> StoredType:
    def read(raw: object, name: str) -> StrEnum:
        text = _text(raw, name)
        try:
            return kind(text)
        except ValueError:
            raise Refused(f"not a {kind.__name__}: {text!r}") from None

    return StoredType(lambda member: member.value, read)
