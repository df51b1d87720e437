"""Output serializers of the tables API (inputs live beside their views)."""

from __future__ import annotations

from rest_framework import serializers

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
        ]
