"""The live floor's API: a pit's tables live with today's figures and the totals, or one table
(``casino.floor.pit_view``), and the alerts with their acknowledgement. Thin views over the
floor's reads and its alerts service; each decides its reader's permission."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from casino.api.endpoints import list_view, post_view, read_view
from casino.api.serializers import StrictSerializer
from casino.api.shortcuts import not_found, validated
from casino.core.errors import AlertCode
from casino.core.models import Alert, AlertKind, AlertSeverity
from casino.floor import alerts, reads
from casino.floor.api.serializers import (
    AlertOutputSerializer,
    PitViewOutputSerializer,
    TableViewOutputSerializer,
)

PitViewApi = read_view(
    "PitViewApi",
    """The pit now: each table's status, dealer, round in play and today's figures, with
    the pit's and the casino's totals.""",
    read=reads.pit_view_of,
    output=PitViewOutputSerializer,
)
TableViewApi = read_view(
    "TableViewApi",
    "One table now, as the pit view shows it.",
    read=reads.table_view_of,
    output=TableViewOutputSerializer,
)


# -- alerts -----------------------------------------------------------------------------------


class AlertFilterSerializer(StrictSerializer):
    status = serializers.ChoiceField(
        choices=[alerts.ALERT_OPEN, alerts.ALERT_ACKNOWLEDGED],
        required=False,
        help_text="open: not acknowledged; acknowledged: cleared.",
    )
    table = serializers.IntegerField(min_value=1, required=False, help_text="A table's id.")
    pit = serializers.IntegerField(min_value=1, required=False, help_text="A pit's id.")
    kind = serializers.ChoiceField(choices=AlertKind.choices, required=False)
    severity = serializers.ChoiceField(choices=AlertSeverity.choices, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


AlertListApi = list_view(
    "AlertListApi",
    """Alerts, newest first, filtered: a pit boss sees those of the tables of the own pits
    (naming another pit or its table is refused), auditors and admins every one.""",
    filters=AlertFilterSerializer,
    read=reads.alert_list,
    output=AlertOutputSerializer,
)


class AcknowledgeInputSerializer(StrictSerializer):
    note = serializers.CharField(
        max_length=alerts.NOTE_MAX_LENGTH, help_text="What was done about it."
    )


def _acknowledge(request: Request, alert_id: int) -> Response:
    data = validated(AcknowledgeInputSerializer, request.data)
    try:
        alerts.alert_acknowledge(alert_id=alert_id, actor=request.user, note=data["note"])
    except Alert.DoesNotExist:
        raise not_found() from None
    return Response(AlertOutputSerializer(alerts.alert_detail(alert_id)).data)


AlertAcknowledgeApi = post_view(
    "AlertAcknowledgeApi",
    """Acknowledge an alert with a note, once: a pit boss of the pit of its table, an
    auditor or an admin. Who cleared it, and when, is in the audit trail.""",
    body=AcknowledgeInputSerializer,
    output=AlertOutputSerializer,
    refused=(AlertCode.ALERT_ALREADY_ACKNOWLEDGED,),
    act=_acknowledge,
)
