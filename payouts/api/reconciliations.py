"""The shifts' reconciliations: each complete shift's win from its tray beside its rounds."""

from __future__ import annotations

from rest_framework import serializers

from casino.api.endpoints import list_view
from casino.api.serializers import StrictSerializer
from payouts import reads

_MONEY = {"max_digits": 16, "decimal_places": 2, "coerce_to_string": True}


class ReconciliationOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    table_code = serializers.CharField(source="table.code")
    gaming_day = serializers.DateField()
    opener = serializers.IntegerField(source="opener_id")
    closer = serializers.IntegerField(source="closer_id")
    drop = serializers.IntegerField(source="drop_id")
    opener_total = serializers.DecimalField(**_MONEY)
    closer_total = serializers.DecimalField(**_MONEY)
    fills = serializers.DecimalField(**_MONEY)
    credits = serializers.DecimalField(**_MONEY)
    drop_total = serializers.DecimalField(**_MONEY)
    win = serializers.DecimalField(
        **_MONEY, help_text="closer - opener + credits - fills + drop: what the house won."
    )
    rounds = serializers.IntegerField()
    house_result = serializers.DecimalField(
        **_MONEY, help_text="The house result of the rounds recorded in the shift."
    )
    difference = serializers.DecimalField(**_MONEY, help_text="win - house_result.")
    tolerance = serializers.DecimalField(**_MONEY)
    within_tolerance = serializers.BooleanField()
    reconciled_at = serializers.DateTimeField()


class ReconciliationFilterSerializer(StrictSerializer):
    table = serializers.IntegerField(min_value=1, required=False)
    day = serializers.DateField(required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


ReconciliationListApi = list_view(
    "ReconciliationListApi",
    """Reconciled shifts, newest first: a pit boss sees those of the own pits, auditors
    and admins every one.""",
    filters=ReconciliationFilterSerializer,
    read=reads.reconciliation_list,
    output=ReconciliationOutputSerializer,
)
