"""Serializer fields for cards: any common spelling in, the card index (0–51) out."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.api.serializers import MoneyField
from casino.games.cards import CARD_UNKNOWN, CARDS, Card, parse_card
from casino.games.errors import GameError


@extend_schema_field({"type": "string", "example": "As"})
class CardField(serializers.Field):  # type: ignore[type-arg]
    """A card in any common spelling (``As``, ``10h``, ``th``); code ``card_unknown`` if not.

    In: a string. Out (validated data): the :class:`Card` (an ``int``, its index 0–51).
    Rendered: the canonical spelling.
    """

    def to_internal_value(self, data: Any) -> Card:
        if not isinstance(data, str):
            raise serializers.ValidationError(
                "A card is a string such as 'As' or '10h'.", code=CARD_UNKNOWN
            )
        try:
            return parse_card(data)
        except GameError as exc:
            raise serializers.ValidationError(exc.message, code=exc.code) from exc

    def to_representation(self, value: int) -> str:
        return str(CARDS[value])


class CardListField(serializers.ListField):  # type: ignore[type-arg]
    """Several cards; a list of spellings."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("child", CardField())
        super().__init__(**kwargs)


class StacksField(serializers.DictField):  # type: ignore[type-arg]
    """Chips brought to the table per seat: ``{"1": "100.00", ...}`` in, ``{1: Decimal}`` out."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("child", MoneyField())
        kwargs.setdefault("help_text", 'Chips per seat, e.g. {"1": "100.00", "2": "80.00"}.')
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> dict[int, Any]:
        stacks = super().to_internal_value(data)
        try:
            return {int(seat): amount for seat, amount in stacks.items()}
        except ValueError:
            raise serializers.ValidationError("Seats are numbers.", code="invalid") from None
