"""The API of changes of limits under dual control: the requests, listed and shown, and their
approval or rejection by a second person. Thin views over ``tables.services.limits`` and the
selectors; a change of limits itself is asked for at ``tables/{id}/limits/``."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.api.endpoints import list_view, noted_decision_views, read_view
from casino.api.serializers import NoteField, StrictSerializer
from casino.core.errors import TableCode
from casino.games.codes import GameCode
from tables import reads, selectors
from tables.models import LimitChangeRequest
from tables.services import limits as limit_services

_LIMITS_HELP = "Limits by name, as decimal strings (null: none)."


class LimitChangeOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A change of limits waiting for, or decided by, a second person."""

    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    table_code = serializers.CharField(source="table.code")
    status = serializers.SerializerMethodField()
    changes = serializers.DictField(
        child=serializers.CharField(allow_null=True),
        help_text="The limits asked for. " + _LIMITS_HELP,
    )
    before = serializers.DictField(
        child=serializers.CharField(allow_null=True),
        help_text="Their values when the change was asked for. " + _LIMITS_HELP,
    )
    reason = serializers.CharField()
    requested_by = serializers.CharField(source="requested_by.username")
    requested_role = serializers.CharField()
    requested_at = serializers.DateTimeField()
    decided_by = serializers.CharField(source="decision.decided_by.username", allow_null=True)
    decided_at = serializers.DateTimeField(source="decision.decided_at", allow_null=True)
    decision_note = serializers.CharField(source="decision.note", allow_null=True)

    @extend_schema_field(serializers.ChoiceField(choices=selectors.LIMIT_CHANGE_STATUSES))
    def get_status(self, request: LimitChangeRequest) -> str:
        return selectors.limit_change_status(request)


class LimitChangeFilterSerializer(StrictSerializer):
    status = serializers.ChoiceField(choices=selectors.LIMIT_CHANGE_STATUSES, required=False)
    table = serializers.IntegerField(min_value=1, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


LimitChangeListApi = list_view(
    "LimitChangeListApi",
    """Changes of limits under dual control, newest first (``status=pending``: those
    waiting for a decision): a pit boss sees those of the own pits.""",
    filters=LimitChangeFilterSerializer,
    read=reads.limit_change_list,
    output=LimitChangeOutputSerializer,
)


LimitChangeDetailApi = read_view(
    "LimitChangeDetailApi",
    None,
    read=reads.limit_change_detail,
    output=LimitChangeOutputSerializer,
)


class LimitDecisionInputSerializer(StrictSerializer):
    note = NoteField()


#: What deciding a change may be refused with, beside what any decision may (not a manager of
#: the table, the requester deciding, a change decided already): approving, limits no longer
#: valid or no longer a change.
_DECISION_REFUSALS = (TableCode.CHANGE_NOOP, GameCode.LIMITS_INVALID)


LimitChangeApproveApi, LimitChangeRejectApi = noted_decision_views(
    find=lambda request_id: selectors.limit_change_queryset().get(pk=request_id),
    body=LimitDecisionInputSerializer,
    output=LimitChangeOutputSerializer,
    refused_also=_DECISION_REFUSALS,
    key="request_id",
    views=[
        (
            "LimitChangeApproveApi",
            limit_services.limit_change_approve,
            """Approve a pending change of limits and apply it: a pit boss of the table's pit, or
            an admin, who did not ask for it.""",
        ),
        (
            "LimitChangeRejectApi",
            limit_services.limit_change_reject,
            "Reject a pending change of limits; the table stays as it is.",
        ),
    ],
)
