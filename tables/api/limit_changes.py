"""The API of changes of limits under dual control: the requests, listed and shown, and their
approval or rejection by a second person. Thin views over ``tables.services.limits`` and the
selectors; a change of limits itself is asked for at ``tables/{id}/limits/``."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.schema import refusals
from casino.api.serializers import StrictSerializer
from casino.api.shortcuts import IDEMPOTENCY_HEADER, found, not_found, validated
from casino.core.errors import AccessCode, DualControlCode, TableCode
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


class LimitChangeListApi(APIView):
    @extend_schema(
        parameters=[LimitChangeFilterSerializer],
        responses={
            200: LimitChangeOutputSerializer(many=True),
            **refusals(AccessCode.PERMISSION_DENIED),
        },
    )
    def get(self, request: Request) -> Response:
        """Changes of limits under dual control, newest first (``status=pending``: those
        waiting for a decision): a pit boss sees those of the own pits."""
        filters = validated(LimitChangeFilterSerializer, request.query_params)
        changes = reads.limit_change_list(request.user, **filters)
        return Response(LimitChangeOutputSerializer(changes, many=True).data)


def _limit_change(request_id: int) -> LimitChangeRequest:
    try:
        return selectors.limit_change_queryset().get(pk=request_id)
    except LimitChangeRequest.DoesNotExist:
        raise not_found() from None


class LimitChangeDetailApi(APIView):
    @extend_schema(
        responses={200: LimitChangeOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, request_id: int) -> Response:
        with found():
            change = reads.limit_change_detail(request.user, request_id)
        return Response(LimitChangeOutputSerializer(change).data)


class LimitDecisionInputSerializer(StrictSerializer):
    note = serializers.CharField(max_length=2000, required=False, default="", allow_blank=True)


def _decide(request: Request, request_id: int, decide: limit_services.Decide) -> Response:
    change = _limit_change(request_id)
    data = validated(LimitDecisionInputSerializer, request.data)
    decide(request_id=change.pk, actor=request.user, note=data["note"])
    return Response(LimitChangeOutputSerializer(_limit_change(change.pk)).data)


#: What deciding a change may be refused with: not a manager of the table, the requester
#: deciding, a change decided already, and (approving) limits no longer valid or no longer a
#: change.
_DECISION_REFUSALS = refusals(
    AccessCode.PERMISSION_DENIED,
    DualControlCode.SELF_APPROVAL,
    DualControlCode.NOT_PENDING,
    TableCode.CHANGE_NOOP,
    GameCode.LIMITS_INVALID,
)


class LimitChangeApproveApi(APIView):
    @extend_schema(
        request=LimitDecisionInputSerializer,
        responses={200: LimitChangeOutputSerializer, **_DECISION_REFUSALS},
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, request_id: int) -> Response:
        """Approve a pending change of limits and apply it: a pit boss of the table's pit, or
        an admin, who did not ask for it."""
        return _decide(request, request_id, limit_services.limit_change_approve)


class LimitChangeRejectApi(APIView):
    @extend_schema(
        request=LimitDecisionInputSerializer,
        responses={200: LimitChangeOutputSerializer, **_DECISION_REFUSALS},
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, request_id: int) -> Response:
        """Reject a pending change of limits; the table stays as it is."""
        return _decide(request, request_id, limit_services.limit_change_reject)
