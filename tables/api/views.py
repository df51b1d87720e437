"""The tables API: the floor, table management, opening rounds and dealer actions. Thin views
over services and selectors; a round's whole picture (with its settlement), settling it and
replaying it are the payouts API's."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.endpoints import post_view, read_view
from casino.api.idempotency import idempotent
from casino.api.schema import refusals
from casino.api.serializers import MoneyField, StrictSerializer
from casino.api.shortcuts import IDEMPOTENCY_HEADER, not_found, validated
from casino.core.errors import AccessCode, QualificationCode, RequestCode, RoundCode, TableCode
from casino.core.roles import role_label
from casino.games.codes import GameCode
from tables import reads, selectors
from tables.api.actions import action_request_schema, read_action
from tables.api.limit_changes import LimitChangeOutputSerializer
from tables.api.refusals import refusals_counted, table_of_round, table_of_table
from tables.api.serializers import (
    RoundActionOutputSerializer,
    RoundOutputSerializer,
    TableOutputSerializer,
)
from tables.engines import current_state
from tables.models import Round, Table
from tables.services import limits as limit_services
from tables.services import rounds as round_services
from tables.services import tables as table_services


def _table_answer(table_id: int) -> Response:
    return Response(TableOutputSerializer(selectors.table_queryset().get(pk=table_id)).data)


class TableListApi(APIView):
    @extend_schema(
        responses={200: TableOutputSerializer(many=True), **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request) -> Response:
        """The tables this user may see: a dealer's own, a pit boss's pits, or all."""
        return Response(TableOutputSerializer(reads.table_list(request.user), many=True).data)


TableDetailApi = read_view(
    "TableDetailApi",
    "A table: its status, limits, dealer and the round in play (``open_round``).",
    read=reads.table_detail,
    output=TableOutputSerializer,
)


class ReasonInputSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=500, required=False, default="", allow_blank=True)


def _open_or_close(request: Request, table_id: int, how: Callable[..., Any]) -> Response:
    table = get_object_or_404(Table, pk=table_id)
    data = validated(ReasonInputSerializer, request.data)
    how(table_id=table.pk, actor=request.user, **data)
    return _table_answer(table.pk)


TableOpenApi = post_view(
    "TableOpenApi",
    None,
    body=ReasonInputSerializer,
    output=TableOutputSerializer,
    refused=(TableCode.TABLE_ALREADY_OPEN,),
    act=partial(_open_or_close, how=table_services.table_open),
)
TableCloseApi = post_view(
    "TableCloseApi",
    None,
    body=ReasonInputSerializer,
    output=TableOutputSerializer,
    refused=(TableCode.TABLE_ALREADY_CLOSED, TableCode.TABLE_HAS_OPEN_ROUND),
    act=partial(_open_or_close, how=table_services.table_close),
)


class LimitsInputSerializer(StrictSerializer):
    ante_min = MoneyField(required=False)
    ante_max = MoneyField(required=False)
    bet_min = MoneyField(required=False, allow_null=True)
    bet_max = MoneyField(required=False, allow_null=True)
    max_table_payout = MoneyField(required=False, allow_null=True)
    bonus_min = MoneyField(
        required=False,
        allow_null=True,
        help_text="Russian Poker's least bonus side bet; null with bonus_max: no bonus bet.",
    )
    bonus_max = MoneyField(
        required=False,
        allow_null=True,
        help_text="Russian Poker's most bonus side bet; null with bonus_min: no bonus bet.",
    )
    stack_min = MoneyField(
        required=False, allow_null=True, help_text="The least a player brings to a pot game."
    )
    stack_max = MoneyField(
        required=False, allow_null=True, help_text="The most a player brings to a pot game."
    )
    reason = serializers.CharField(max_length=500)


class TableLimitsApi(APIView):
    @extend_schema(
        request=LimitsInputSerializer,
        responses={
            200: TableOutputSerializer,
            202: LimitChangeOutputSerializer,
            **refusals(
                AccessCode.PERMISSION_DENIED, GameCode.LIMITS_INVALID, TableCode.CHANGE_NOOP
            ),
        },
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, table_id: int) -> Response:
        """Change the table's limits; rounds in play keep the limits they opened with.

        Limits are judged as a round opening judges them (``limits_invalid``); a change that
        changes nothing is refused (409 ``change_noop``). Removing or raising the maximum table
        payout waits for a second person: the answer is then 202 with the request, which
        another pit boss of the pit or an admin approves (``limit-changes/{id}/approve/``).
        """
        table = get_object_or_404(Table, pk=table_id)
        data = validated(LimitsInputSerializer, request.data)
        reason = data.pop("reason")
        outcome = limit_services.table_limits_change(
            table_id=table.pk, actor=request.user, limits=data, reason=reason
        )
        if outcome.request is None:
            return _table_answer(table.pk)
        change = selectors.limit_change_queryset().get(pk=outcome.request.pk)
        return Response(
            LimitChangeOutputSerializer(change).data,
            status=status.HTTP_202_ACCEPTED,
            headers={"Location": reverse("limit-change-detail", args=[change.pk])},
        )


class AssignmentInputSerializer(StrictSerializer):
    dealer = serializers.CharField(max_length=150, help_text="The dealer's username.")


def _assign(request: Request, table_id: int) -> Response:
    table = get_object_or_404(Table, pk=table_id)
    data = validated(AssignmentInputSerializer, request.data)
    try:
        table_services.dealer_assign_by_username(
            table_id=table.pk, username=data["dealer"], actor=request.user
        )
    except get_user_model().DoesNotExist:
        raise not_found() from None
    return _table_answer(table.pk)


TableAssignmentApi = post_view(
    "TableAssignmentApi",
    """Assign a dealer to the table (relieving the previous one): by who manages both this
    table and the one the dealer deals at now.""",
    body=AssignmentInputSerializer,
    output=TableOutputSerializer,
    refused=(
        TableCode.NOT_A_DEALER,
        QualificationCode.DEALER_NOT_QUALIFIED,
        TableCode.CHANGE_NOOP,
        TableCode.DEALER_ASSIGNMENT_CHANGED,
    ),
    act=_assign,
    status=status.HTTP_201_CREATED,
)


class RoundOpenInputSerializer(StrictSerializer):
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="What was agreed before the deal (game-specific, e.g. ace_low).",
    )


def _open_round(request: Request, table_id: int) -> Response:
    data = validated(RoundOpenInputSerializer, request.data)
    try:
        round = round_services.round_open(
            table_id=table_id, dealer=request.user, options=data["options"]
        )
    except Table.DoesNotExist:
        raise not_found() from None
    # A round just opened has no events; its state is the snapshot it was opened with.
    detail = selectors.RoundDetail(round=round, events=[], state=current_state(round))
    return Response(RoundOutputSerializer(detail).data)


RoundOpenApi = post_view(
    "RoundOpenApi",
    """Open the next round at this table (the assigned dealer only), once the last round's
    payouts are confirmed (409 ``round_payouts_unconfirmed`` naming it otherwise).""",
    body=RoundOpenInputSerializer,
    output=RoundOutputSerializer,
    refused=(
        TableCode.TABLE_NOT_OPEN,
        RoundCode.ROUND_ALREADY_OPEN,
        RoundCode.ROUND_PAYOUTS_UNCONFIRMED,
    ),
    engine=True,
    act=_open_round,
    status=status.HTTP_201_CREATED,
    wrapped_in=[refusals_counted(table_of_table)],
)


class ActionEnvelopeInputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The envelope alone; the action's own fields are read for the round's game, under the
    round's lock (``tables.api.actions.read_action``)."""

    expected_event = serializers.IntegerField(min_value=0)
    action = serializers.CharField(max_length=40)


def read_envelope(body: Any) -> tuple[int, str]:
    """``body``'s ``expected_event`` and ``action``, as ``ActionEnvelopeInputSerializer``
    validates them.

    The body every tablet sends (a JSON integer in range, a plain action name) is taken as it
    is: exactly what the serializer would return, without building one on every action. Any
    other body goes through the serializer, for its value or its refusal.

    :raises ValidationError: in the API's one error shape (400).
    """
    if isinstance(body, dict):
        expected, action = body.get("expected_event"), body.get("action")
        if (
            type(expected) is int
            and 0 <= expected < 2**63
            and type(action) is str
            and 0 < len(action) <= 40
            and action.isascii()
            and action.isprintable()
            and action == action.strip()
        ):
            return expected, action
    envelope = validated(ActionEnvelopeInputSerializer, body)
    return envelope["expected_event"], envelope["action"]


def _act(request: Request, round_id: int) -> Response:
    body = request.data
    expected_event, action = read_envelope(body)
    try:
        result = round_services.round_act(
            round_id=round_id,
            actor=request.user,
            expected_event=expected_event,
            action=action,
            data=lambda game: read_action(game, body),
        )
    except Round.DoesNotExist:
        raise not_found() from None
    return Response(RoundActionOutputSerializer(result).data)


RoundActionApi = post_view(
    "RoundActionApi",
    """Apply one dealer action; a stale ``expected_event`` is refused with 409.

    The body names the ``action`` and the last event number the tablet saw
    (``expected_event``); the other fields depend on the action. The answer is what the
    tablet needs next: the round's phase, the new events and the view with the legal next
    actions and their bounds.""",
    body=action_request_schema(),
    output=RoundActionOutputSerializer,
    refused=(
        RoundCode.ROUND_NOT_OPEN,
        RoundCode.STALE_EVENT,
        RoundCode.RETRACTION_PENDING,
        RequestCode.ACTION_UNKNOWN,
    ),
    engine=True,
    act=_act,
    wrapped_in=[refusals_counted(table_of_round)],
)


class MeOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    username = serializers.CharField()
    role = serializers.CharField(allow_null=True)
    table = serializers.CharField(allow_null=True, help_text="A dealer's current table.")


class MeApi(APIView):
    @extend_schema(responses=MeOutputSerializer)
    def get(self, request: Request) -> Response:
        """Who is signed in, in which role, and (for a dealer) at which table."""
        table = selectors.dealer_table(request.user)
        return Response(
            {
                "username": request.user.get_username(),
                "role": role_label(request.user) or None,
                "table": table.code if table else None,
            }
        )
