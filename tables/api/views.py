"""The tables API: floor, table management, rounds and dealer actions. Thin views over services."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.errors import ApiError
from casino.api.idempotency import idempotent
from casino.api.roles import Role, user_role
from casino.api.serializers import MoneyField, StrictSerializer
from casino.api.shortcuts import IDEMPOTENCY_HEADER, require_permission, validated
from payouts.models import Settlement
from payouts.services.replay import round_replay
from payouts.services.settlement import round_settle
from tables.api.actions import action_input_for, action_request_schema
from tables.api.serializers import (
    RoundActionOutputSerializer,
    RoundOutputSerializer,
    TableOutputSerializer,
)
from tables.models import DealerAssignment, Round, Table
from tables.services import rounds as round_services
from tables.services import tables as table_services

ROUND_NOT_SETTLED = "round_not_settled"


def _table_queryset() -> QuerySet[Table]:
    return (
        Table.objects.select_related("pit", "rule_set", "paytable")
        .prefetch_related(
            Prefetch("assignments", queryset=DealerAssignment.objects.select_related("dealer"))
        )
        .order_by("code")
    )


def _tables_for(user: Any) -> QuerySet[Table]:
    tables = _table_queryset()
    role = user_role(user)
    if role is Role.DEALER:
        return tables.filter(assignments__dealer=user, assignments__ended_at__isnull=True)
    if role is Role.PIT_BOSS:
        return tables.filter(pit__supervisors=user)
    return tables


class TableListApi(APIView):
    @extend_schema(responses=TableOutputSerializer(many=True))
    def get(self, request: Request) -> Response:
        """The tables this user may see: a dealer's own, a pit boss's pits, or all."""
        require_permission(request, "tables.view_floor")
        return Response(TableOutputSerializer(_tables_for(request.user), many=True).data)


class TableDetailApi(APIView):
    @extend_schema(responses=TableOutputSerializer)
    def get(self, request: Request, table_id: int) -> Response:
        table = get_object_or_404(_table_queryset(), pk=table_id)
        require_permission(request, "tables.view_table", table)
        return Response(TableOutputSerializer(table).data)


class ReasonInputSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=500, required=False, default="", allow_blank=True)


class TableOpenApi(APIView):
    @extend_schema(
        request=ReasonInputSerializer,
        responses=TableOutputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, table_id: int) -> Response:
        table = get_object_or_404(Table, pk=table_id)
        require_permission(request, "tables.manage_table", table)
        data = validated(ReasonInputSerializer, request.data)
        table = table_services.table_open(table_id=table.pk, actor=request.user, **data)
        return Response(TableOutputSerializer(table).data)


class TableCloseApi(APIView):
    @extend_schema(
        request=ReasonInputSerializer,
        responses=TableOutputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, table_id: int) -> Response:
        table = get_object_or_404(Table, pk=table_id)
        require_permission(request, "tables.manage_table", table)
        data = validated(ReasonInputSerializer, request.data)
        table = table_services.table_close(table_id=table.pk, actor=request.user, **data)
        return Response(TableOutputSerializer(table).data)


class LimitsInputSerializer(StrictSerializer):
    ante_min = MoneyField(required=False)
    ante_max = MoneyField(required=False)
    bet_min = MoneyField(required=False, allow_null=True)
    bet_max = MoneyField(required=False, allow_null=True)
    max_table_payout = MoneyField(required=False, allow_null=True)
    reason = serializers.CharField(max_length=500)


class TableLimitsApi(APIView):
    @extend_schema(
        request=LimitsInputSerializer,
        responses=TableOutputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, table_id: int) -> Response:
        """Change the table's limits; rounds in play keep the limits they opened with."""
        table = get_object_or_404(Table, pk=table_id)
        require_permission(request, "tables.manage_table", table)
        data = validated(LimitsInputSerializer, request.data)
        reason = data.pop("reason")
        table = table_services.table_limits_change(
            table_id=table.pk, actor=request.user, limits=data, reason=reason
        )
        return Response(TableOutputSerializer(table).data)


class AssignmentInputSerializer(StrictSerializer):
    dealer = serializers.CharField(max_length=150, help_text="The dealer's username.")


class TableAssignmentApi(APIView):
    @extend_schema(
        request=AssignmentInputSerializer,
        responses=TableOutputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, table_id: int) -> Response:
        """Assign a dealer to the table (relieving the previous one)."""
        table = get_object_or_404(Table, pk=table_id)
        require_permission(request, "tables.manage_table", table)
        data = validated(AssignmentInputSerializer, request.data)
        dealer = get_object_or_404(get_user_model(), username=data["dealer"], is_active=True)
        table_services.dealer_assign(table_id=table.pk, dealer=dealer, actor=request.user)
        table = _table_queryset().get(pk=table.pk)
        return Response(TableOutputSerializer(table).data, status=status.HTTP_201_CREATED)


class RoundOpenInputSerializer(StrictSerializer):
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="What was agreed before the deal (game-specific, e.g. ace_low).",
    )


def _round_queryset() -> QuerySet[Round]:
    return Round.objects.select_related("table", "dealer", "rule_set", "paytable").prefetch_related(
        "events__actor"
    )


class RoundOpenApi(APIView):
    @extend_schema(
        request=RoundOpenInputSerializer,
        responses={201: RoundOutputSerializer},
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, table_id: int) -> Response:
        """Open the next round at this table (the assigned dealer only)."""
        table = get_object_or_404(Table, pk=table_id)
        require_permission(request, "tables.deal_round", table)
        data = validated(RoundOpenInputSerializer, request.data)
        round = round_services.round_open(
            table_id=table.pk, dealer=request.user, options=data["options"]
        )
        return Response(
            RoundOutputSerializer(_round_queryset().get(pk=round.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class RoundDetailApi(APIView):
    @extend_schema(responses=RoundOutputSerializer)
    def get(self, request: Request, round_id: int) -> Response:
        round = get_object_or_404(_round_queryset(), pk=round_id)
        require_permission(request, "tables.view_table", round)
        return Response(RoundOutputSerializer(round).data)


class RoundActionApi(APIView):
    @extend_schema(
        request=action_request_schema(),
        responses=RoundActionOutputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, round_id: int) -> Response:
        """Apply one dealer action; a stale ``expected_event`` is refused with 409.

        The body names the ``action`` and the last event number the tablet saw
        (``expected_event``); the other fields depend on the action. The answer is what the
        tablet needs next: the round's phase, the new events and the game's view with the legal
        next actions. ``GET`` of the round gives its whole history.
        """
        round = get_object_or_404(Round.objects.select_related("table"), pk=round_id)
        require_permission(request, "tables.deal_round", round)
        data = validated(action_input_for(round.game, request.data), request.data)
        result = round_services.round_act(
            round_id=round.pk,
            actor=request.user,
            expected_event=data.pop("expected_event"),
            action=data.pop("action"),
            data=data,
        )
        return Response(RoundActionOutputSerializer(result).data)


class RoundSettleApi(APIView):
    @extend_schema(request=None, responses=RoundOutputSerializer, parameters=[IDEMPOTENCY_HEADER])
    @idempotent
    def post(self, request: Request, round_id: int) -> Response:
        """Settle a complete round; settling again returns the first settlement."""
        round = get_object_or_404(Round.objects.select_related("table"), pk=round_id)
        require_permission(request, "tables.deal_round", round)
        round_settle(round_id=round.pk, actor=request.user)
        return Response(RoundOutputSerializer(_round_queryset().get(pk=round.pk)).data)


class ReplayOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    round_id = serializers.IntegerField()
    matches = serializers.BooleanField()
    differences = serializers.ListField(child=serializers.DictField())


class RoundReplayApi(APIView):
    @extend_schema(responses=ReplayOutputSerializer)
    def get(self, request: Request, round_id: int) -> Response:
        """Recompute the round's settlement from its events and compare with the stored one."""
        round = get_object_or_404(Round.objects.select_related("table"), pk=round_id)
        require_permission(request, "tables.review_round", round)
        if not Settlement.objects.filter(round=round).exists():
            raise ApiError(ROUND_NOT_SETTLED, "The round has not been settled.", status_code=409)
        report = round_replay(round_id=round.pk)
        return Response(asdict(report))
