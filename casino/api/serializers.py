"""Serializer base classes shared by every endpoint."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from casino.core.errors import RequestCode


class StrictSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """An input serializer that refuses fields it does not declare (code ``unknown_field``).

    A tablet that sends ``anet`` for ``ante`` must hear about it rather than have the field
    silently ignored.
    """

    def to_internal_value(self, data: Any) -> Any:
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


class MoneyField(serializers.DecimalField):
    """A non-negative amount of money: a decimal string with at most two decimal places."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_digits", 14)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("min_value", Decimal("0"))
        super().__init__(**kwargs)
