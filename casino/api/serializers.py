"""Serializer base classes shared by every endpoint."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from rest_framework import serializers
from rest_framework.utils import html

from casino.core.errors import RequestCode


class StrictSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """An input serializer that refuses fields it does not declare (code ``unknown_field``), and,
    reading query parameters, one given empty that may not be blank (``invalid_input``).

    A tablet that sends ``anet`` for ``ante`` must hear about it rather than have the field
    silently ignored.
    """

    def to_internal_value(self, data: Any) -> Any:
        if html.is_html_input(data):
            # DRF reads an empty query parameter as one not given; the API refuses it, as the
            # schema does (a filter named with no value is a mistake, not "no filter").
            blank = sorted(
                name
                for name, field in self.fields.items()
                if data.get(name) == "" and not getattr(field, "allow_blank", False)
            )
            if blank:
                raise serializers.ValidationError(
                    {
                        name: [
                            serializers.ErrorDetail("This field may not be blank.", code="blank")
                        ]
                        for name in blank
                    }
                )
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {
                        name: [
                            serializers.ErrorDetail(
                                "Unknown field.", code=RequestCode.UNKNOWN_FIELD
                            )
                        ]
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)


class DecimalStringField(serializers.DecimalField):
    """A decimal written as a string of digits: at most ``max_digits`` of them, at most
    ``decimal_places`` after the point, a minus sign only where negatives are allowed.

    Exactly what :meth:`pattern` says, which the schema publishes: not a JSON number (a binary
    float has no exact decimal value), not an exponent, no spaces.
    """

    def pattern(self) -> str:
        """The regular expression of the strings this field takes."""
        whole = self.max_digits - self.decimal_places
        sign = "" if self.min_value is not None and self.min_value >= 0 else "-?"
        fraction = rf"(?:\.\d{{1,{self.decimal_places}}})?" if self.decimal_places else ""
        return rf"^{sign}\d{{1,{whole}}}{fraction}$"

    def to_internal_value(self, data: Any) -> Decimal:
        if not isinstance(data, str) or not re.fullmatch(self.pattern(), data):
            self.fail("invalid")
        return super().to_internal_value(data)


class MoneyField(DecimalStringField):
    """A non-negative amount of money: a decimal string with at most two decimal places."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_digits", 14)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("min_value", Decimal("0"))
        super().__init__(**kwargs)


class NoteField(serializers.CharField):
    """A free note that may be left out: up to 2,000 characters, empty by default."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=2000, required=False, default="", allow_blank=True, **kwargs)
