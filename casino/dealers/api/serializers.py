"""The dealers API's shapes: the period asked for, and the figures answered (decimals as
strings, never floats)."""

from __future__ import annotations

from rest_framework import serializers

from casino.api.serializers import StrictSerializer


class PeriodFilterSerializer(StrictSerializer):
    casino = serializers.IntegerField(min_value=1)
    first = serializers.DateField(help_text="The first gaming day.")
    last = serializers.DateField(help_text="The last gaming day (an empty answer before first).")


def _decimal(places: int = 2, **kwargs: object) -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=12, decimal_places=places, allow_null=True, **kwargs)


class PaceOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    dealer = serializers.IntegerField()
    dealer_name = serializers.CharField()
    game = serializers.CharField()
    table = serializers.IntegerField(allow_null=True, help_text="Null: every table.")
    table_code = serializers.CharField(allow_null=True)
    occupancy = serializers.IntegerField(
        allow_null=True, help_text="Boxes or seats that staked; null: every occupancy."
    )
    rounds = serializers.IntegerField()
    seconds_per_round = _decimal(1)
    seconds_between = _decimal(1, help_text="Null where no gap between rounds counted.")
    rounds_per_hour = _decimal(1)
    norm = _decimal(help_text="The casino's norm for the game, rounds per hour.")
    of_norm = _decimal(help_text="The pace as a share of the norm (1.00 at the norm).")


class AccuracyOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    dealer = serializers.IntegerField()
    dealer_name = serializers.CharField()
    rounds = serializers.IntegerField(help_text="Rounds the dealer opened, settled.")
    voids = serializers.IntegerField()
    payout_corrections = serializers.IntegerField()
    corrected_owed = _decimal(help_text="What approved payout corrections owed the players.")
    corrected_recovered = _decimal(help_text="What they recovered from the players.")
    retractions = serializers.IntegerField()
    entries_retracted = serializers.IntegerField()
    voids_per_1000 = _decimal()
    payout_corrections_per_1000 = _decimal()
    entries_retracted_per_1000 = _decimal()
