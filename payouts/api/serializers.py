"""Output serializers of the payouts API: a round's settlement, and the round with it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from payouts.models import PayoutLine, Settlement
from tables.api.serializers import RoundOutputSerializer, iso_time


class PayoutLineOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    class Meta:
        model = PayoutLine
        fields = [
            "box",
            "line",
            "combination",
            "outcome",
            "stake",
            "computed_amount",
            "paid_amount",
            "reason",
            "pot",
        ]

    def to_representation(self, line: PayoutLine) -> dict[str, Any]:
        # Written out directly, as the events are (tables.api.serializers.RoundEventOutput):
        # amounts with the two decimal places the columns store.
        return {
            "box": line.box,
            "line": line.line,
            "combination": line.combination,
            "outcome": line.outcome,
            "stake": money(line.stake),
            "computed_amount": money(line.computed_amount),
            "paid_amount": money(line.paid_amount),
            "reason": line.reason,
            "pot": line.pot,
        }


def money(amount: Decimal) -> str:
    """An amount as the API writes it: a string with two decimal places."""
    return str(Decimal(amount).quantize(CENT))


CENT = Decimal("0.01")


class SettlementOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    lines = serializers.SerializerMethodField()

    class Meta:
        model = Settlement
        fields = [
            "settled_at",
            "total_staked",
            "total_returned",
            "house_result",
            "rake",
            "cap_applied",
            "lines",
        ]

    @extend_schema_field(PayoutLineOutputSerializer(many=True))
    def get_lines(self, settlement: Settlement) -> list[dict[str, Any]]:
        lines = self.context.get("lines")
        if lines is None:
            lines = settlement.lines.all()
        line = PayoutLineOutputSerializer()
        return [line.to_representation(each) for each in lines]

    def to_representation(self, settlement: Settlement) -> dict[str, Any]:
        # Every settlement answers with it: written out directly (see PayoutLineOutput).
        return {
            "settled_at": iso_time(settlement.settled_at),
            "total_staked": money(settlement.total_staked),
            "total_returned": money(settlement.total_returned),
            "house_result": money(settlement.house_result),
            "rake": money(settlement.rake),
            "cap_applied": settlement.cap_applied,
            "lines": self.get_lines(settlement),
        }


class SettledRoundOutputSerializer(RoundOutputSerializer):
    """A round with its events, its engine state and, once settled, its settlement."""

    settlement = serializers.SerializerMethodField()

    @extend_schema_field(SettlementOutputSerializer(allow_null=True))
    def get_settlement(self, detail: Any) -> dict[str, Any] | None:
        if detail.settlement is None:
            return None
        serializer = SettlementOutputSerializer(context={"lines": detail.lines})
        return serializer.to_representation(detail.settlement)

    def to_representation(self, detail: Any) -> dict[str, Any]:
        return {**super().to_representation(detail), "settlement": self.get_settlement(detail)}


class ReplayOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    round_id = serializers.IntegerField()
    matches = serializers.BooleanField()
    differences = serializers.ListField(child=serializers.DictField())
