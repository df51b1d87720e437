"""The shapes of the patrons API: what it reads and what it answers.

A patron's answer names them by id, loyalty number or description; the personal data is in
:class:`PatronIdentityOutputSerializer` alone, answered by its own endpoint to the roles that
may read it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from casino.api.serializers import MoneyField, StrictSerializer
from casino.patrons.models import (
    AmlThreshold,
    CashDirection,
    CashKind,
    ExclusionKind,
    PatronKind,
)

#: An amount a patron brings or takes: above zero.
_CENT = Decimal("0.01")


class SeatedPatronSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A patron as the table names them."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=PatronKind.choices)
    loyalty_number = serializers.CharField(help_text="Blank for an anonymous patron.")
    description = serializers.CharField(help_text="An anonymous patron, as the floor saw them.")
    label = serializers.CharField(help_text="How the floor names the patron.")


class PatronOutputSerializer(SeatedPatronSerializer):
    casino = serializers.IntegerField(source="casino_id")
    excluded = serializers.BooleanField(help_text="Excluded from play now.")


class PatronIdentityOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    patron = serializers.IntegerField(source="patron_id")
    name = serializers.CharField()
    date_of_birth = serializers.DateField()
    photo_reference = serializers.CharField()


class PatronFindSerializer(StrictSerializer):
    casino = serializers.IntegerField(min_value=1)
    loyalty_number = serializers.CharField(max_length=32)


class PatronEnrolInputSerializer(StrictSerializer):
    loyalty_number = serializers.RegexField(r"^[A-Za-z0-9-]{1,32}$")
    name = serializers.CharField(max_length=200)
    date_of_birth = serializers.DateField()
    photo_reference = serializers.CharField(
        max_length=200, required=False, default="", allow_blank=True
    )


class ExclusionInputSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=ExclusionKind.choices)
    reason = serializers.CharField(max_length=2000)
    ends_at = serializers.DateTimeField(
        required=False, default=None, allow_null=True, help_text="None: until lifted."
    )


class ExclusionLiftInputSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=2000)


class ExclusionLiftOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    reason = serializers.CharField()
    lifted_by = serializers.CharField(source="lifted_by.username")
    lifted_at = serializers.DateTimeField()


class ExclusionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    patron = serializers.IntegerField(source="patron_id")
    kind = serializers.ChoiceField(choices=ExclusionKind.choices)
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(allow_null=True)
    reason = serializers.CharField()
    recorded_by = serializers.CharField(source="recorded_by.username")
    lift = serializers.SerializerMethodField()

    def get_lift(self, exclusion: object) -> dict[str, object] | None:
        lift = getattr(exclusion, "lift", None)
        return None if lift is None else ExclusionLiftOutputSerializer(lift).data


def _positions_field() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=99),
        min_length=1,
        max_length=10,
        help_text="Box or seat numbers: one seat in a pot game, one or more boxes otherwise.",
    )


class SeatInputSerializer(StrictSerializer):
    positions = _positions_field()
    patron = serializers.IntegerField(
        min_value=1, required=False, default=None, allow_null=True, help_text="None: anonymous."
    )
    description = serializers.CharField(
        max_length=200,
        required=False,
        default="",
        allow_blank=True,
        help_text="An anonymous patron, as a floor person would describe them.",
    )


class MoveInputSerializer(StrictSerializer):
    table = serializers.IntegerField(min_value=1)
    positions = _positions_field()


class SessionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    visit = serializers.IntegerField(source="visit_id")
    table = serializers.IntegerField(source="table_id")
    positions = serializers.ListField(child=serializers.IntegerField())
    patron = SeatedPatronSerializer()
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    paused = serializers.BooleanField()


class CashInputSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=[k for k in CashKind.choices if k[0] != "cash_out"])
    amount = MoneyField(min_value=_CENT)


class CashOutInputSerializer(StrictSerializer):
    amount = MoneyField(min_value=_CENT)


class CashOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    patron = serializers.IntegerField(source="patron_id")
    session = serializers.IntegerField(source="session_id", allow_null=True)
    table = serializers.IntegerField(source="table_id", allow_null=True)
    kind = serializers.ChoiceField(choices=CashKind.choices)
    direction = serializers.CharField(help_text="in, out, or blank: neither.")
    amount = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    gaming_day = serializers.DateField()
    recorded_by = serializers.CharField(source="recorded_by.username")
    recorded_at = serializers.DateTimeField()


class AmlLogFilterSerializer(StrictSerializer):
    casino = serializers.IntegerField(min_value=1)
    gaming_day = serializers.DateField()


class AmlLogEntryOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    patron = serializers.IntegerField(source="patron_id")
    patron_label = serializers.CharField(source="patron.label")
    gaming_day = serializers.DateField()
    direction = serializers.ChoiceField(choices=CashDirection.choices)
    threshold = serializers.ChoiceField(choices=AmlThreshold.choices)
    threshold_amount = serializers.DecimalField(
        max_digits=14, decimal_places=2, coerce_to_string=True
    )
    total = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    cash_event = serializers.IntegerField(source="cash_event_id")
    logged_at = serializers.DateTimeField()


class AmlPolicyInputSerializer(StrictSerializer):
    log_from = MoneyField(min_value=_CENT)
    report_above = MoneyField(min_value=_CENT)
    identify_from = MoneyField(min_value=_CENT, required=False, default=None, allow_null=True)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if data["report_above"] < data["log_from"]:
            raise serializers.ValidationError({"report_above": "Must be at least log_from."})
        return data


class AmlPolicyOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    casino = serializers.IntegerField(source="casino_id")
    log_from = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    report_above = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    identify_from = serializers.DecimalField(
        max_digits=14, decimal_places=2, coerce_to_string=True, allow_null=True
    )
    effective_at = serializers.DateTimeField()
