"""Output serializers of the tables API (inputs live beside their views)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from payouts.models import PayoutLine, Settlement
from tables.engines import adapter_for
from tables.models import Round, RoundEvent, Table


class TableOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    pit = serializers.CharField(source="pit.name")
    rule_set = serializers.CharField()
    paytable = serializers.CharField(allow_null=True)
    dealer = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = [
            "id",
            "code",
            "pit",
            "game",
            "status",
            "currency",
            "chip_unit",
            "ante_min",
            "ante_max",
            "bet_min",
            "bet_max",
            "max_table_payout",
            "boxes",
            "rule_set",
            "paytable",
            "dealer",
        ]

    def get_dealer(self, table: Table) -> str | None:
        assignment = next((a for a in table.assignments.all() if a.ended_at is None), None)
        return assignment.dealer.get_username() if assignment else None


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


class SettlementOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    lines = PayoutLineOutputSerializer(many=True)

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


class RoundEventOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    actor = serializers.CharField(source="actor.username")

    class Meta:
        model = RoundEvent
        fields = ["seq", "kind", "payload", "actor", "created_at"]


class RoundOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    table = serializers.CharField(source="table.code")
    dealer = serializers.CharField(source="dealer.username")
    rule_set = serializers.CharField()
    paytable = serializers.CharField(allow_null=True)
    events = RoundEventOutputSerializer(many=True)
    state = serializers.SerializerMethodField(
        help_text="The game's view: phase, whose turn, legal next actions and their limits."
    )
    settlement = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "id",
            "table",
            "number",
            "game",
            "status",
            "phase",
            "last_event_seq",
            "rule_set",
            "paytable",
            "dealer",
            "options",
            "limits",
            "gaming_day",
            "opened_at",
            "closed_at",
            "events",
            "state",
            "settlement",
        ]

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_state(self, round: Round) -> dict[str, Any] | None:
        adapter = adapter_for(round.game)
        if adapter is None:
            return None
        return adapter.view(round=round, history=list(round.events.all()))

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_settlement(self, round: Round) -> dict[str, Any] | None:
        settlement = getattr(round, "settlement", None)
        if settlement is None:
            return None
        return SettlementOutputSerializer(settlement).data  # type: ignore[no-any-return]


class RoundActionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The answer to a dealer action: where the round stands and what the action recorded."""

    id = serializers.IntegerField(source="round.pk")
    status = serializers.CharField(source="round.status")
    phase = serializers.CharField(source="round.phase")
    last_event_seq = serializers.IntegerField(source="round.last_event_seq")
    events = RoundEventOutputSerializer(many=True, help_text="The events this action appended.")
    state = serializers.SerializerMethodField(
        help_text="The game's view: phase, whose turn, legal next actions and their limits."
    )

    @extend_schema_field(serializers.DictField(allow_null=True))
    def get_state(self, result: Any) -> dict[str, Any] | None:
        if result.view is not None:
            return result.view  # type: ignore[no-any-return]
        adapter = adapter_for(result.round.game)
        if adapter is None:
            return None
        return adapter.view(round=result.round, history=list(result.round.events.all()))
