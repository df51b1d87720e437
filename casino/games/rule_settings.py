"""Rule sets as frozen dataclasses: one typed field per setting, validated from stored JSON.

A game's rules class declares its settings as dataclass fields with defaults (RULES.md Part A)
and may add cross-field checks in ``__post_init__``. ``settings_from_dict`` builds it from the
JSON a rule set stores, refusing unknown keys, wrong types and bad values with
``ruleset_invalid`` and the offending ``field``; ``settings_to_dict`` is its inverse. A rules
class based on :class:`RuleSettings` has both as its ``from_dict`` and ``to_dict``.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from types import NoneType, UnionType
from typing import Any, Self, TypeVar

from casino.games.codes import RULESET_INVALID
from casino.games.contract import json_value
from casino.games.errors import GameError

T = TypeVar("T")


def invalid_setting(field: str, message: str) -> GameError:
    return GameError(RULESET_INVALID, f"{field}: {message}", field=field)


def settings_from_dict(cls: type[T], data: Mapping[str, Any]) -> T:
    """Build the rules dataclass ``cls`` from stored settings; missing keys take defaults.

    Amounts may be given as strings or integers (never floats, which cannot hold money exactly);
    choices as their string values.

    :raises GameError: ``ruleset_invalid`` with ``data["field"]``.
    """
    if not isinstance(data, Mapping):
        raise invalid_setting("settings", "a rule set is a JSON object")
    hints = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for key, raw in data.items():
        if key not in names:
            raise invalid_setting(str(key), "unknown setting")
        values[key] = _coerce(key, raw, hints[key])
    return cls(**values)


def settings_to_dict(rules: Any) -> dict[str, Any]:
    """JSON-safe settings: amounts as strings, choices as their values."""
    return {f.name: json_value(getattr(rules, f.name)) for f in dataclasses.fields(rules)}


class RuleSettings:
    """The base of a rules dataclass: built from the settings a rule set stores, and written
    back as them."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Build from stored settings; missing keys take their defaults.

        Amounts may be ``str`` or ``int`` (never ``float``); choices are their string values.

        :raises GameError: ``ruleset_invalid`` with ``data["field"]`` for an unknown key, a
            wrong type or an out-of-range value.
        """
        return settings_from_dict(cls, data)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe values: amounts as strings, choices as their string values."""
        return settings_to_dict(self)


def _coerce(field: str, raw: Any, hint: Any) -> Any:
    options = typing.get_args(hint) if isinstance(hint, UnionType) else (hint,)
    if raw is None:
        if NoneType in options:
            return None
        raise invalid_setting(field, "may not be null")
    kinds = [o for o in options if o is not NoneType]
    kind = kinds[0]
    if kind is bool:
        if not isinstance(raw, bool):
            raise invalid_setting(field, "must be true or false")
        return raw
    if kind is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise invalid_setting(field, "must be a whole number")
        return raw
    if kind is Decimal:
        if isinstance(raw, bool) or isinstance(raw, float) or not isinstance(raw, (int, str)):
            raise invalid_setting(field, "must be a decimal string or a whole number")
        try:
            value = Decimal(raw)
        except InvalidOperation:
            raise invalid_setting(field, f"not a number: {raw!r}") from None
        if not value.is_finite():
            raise invalid_setting(field, "must be finite")
        return value
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        try:
            return kind(raw)
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            raise invalid_setting(field, f"must be one of {allowed}") from None
    raise invalid_setting(field, f"unsupported setting type {kind!r}")
