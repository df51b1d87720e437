"""Output serializers of the payouts API: a round's settlement, and the round with it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from payouts.models import PAYOUT_LINE_FIELDS, PayoutLine, Settlement
from tables.api.serializers import RoundOutputSerializer, iso_time


class PayoutLineOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    class Meta:
        model = PayoutLine
        fields = list(PAYOUT_LINE_FIELDS)

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


class PayoutsConfirmationOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """Who confirmed a settled round's payouts made ("Paid"), and when."""

    confirmed_by = serializers.CharField(source="confirmed_by.username")
    confirmed_role = serializers.CharField()
    confirmed_at = serializers.DateTimeField()

    def to_representation(self, confirmation: Any) -> dict[str, Any]:
        return {
            "confirmed_by": confirmation.confirmed_by.username,
            "confirmed_role": confirmation.confirmed_role,
            "confirmed_at": iso_time(confirmation.confirmed_at),
        }


class SettledRoundOutputSerializer(RoundOutputSerializer):
    """A round with its events, its engine state and, once settled, its settlement and the
    confirmation of its payouts (null until "Paid")."""

    settlement = serializers.SerializerMethodField()
    payouts_confirmed = serializers.SerializerMethodField(
        help_text="Who confirmed the payouts made, and when; null until then (and for a round "
        "not settled). The table opens no next round before it."
    )

    @extend_schema_field(SettlementOutputSerializer(allow_null=True))
    def get_settlement(self, detail: Any) -> dict[str, Any] | None:
        if detail.settlement is None:
            return None
        serializer = SettlementOutputSerializer(context={"lines": detail.lines})
        return serializer.to_representation(detail.settlement)

    @extend_schema_field(PayoutsConfirmationOutputSerializer(allow_null=True))
    def get_payouts_confirmed(self, detail: Any) -> dict[str, Any] | None:
        confirmation = getattr(detail, "payouts_confirmation", None)
        if confirmation is None:
            return None
        return PayoutsConfirmationOutputSerializer().to_representation(confirmation)

    def to_representation(self, detail: Any) -> dict[str, Any]:
        return {
            **super().to_representation(detail),
            "settlement": self.get_settlement(detail),
            "payouts_confirmed": self.get_payouts_confirmed(detail),
        }


class ReplayOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    round_id = serializers.IntegerField()
    matches = serializers.BooleanField()
    differences = serializers.ListField(child=serializers.DictField())
