"""The payouts API: a round's whole picture with its settlement, settling it, replaying it.
Thin views over the services and selectors."""

from __future__ import annotations

import functools
from dataclasses import asdict
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.endpoints import post_view, read_view
from casino.api.schema import refusals
from casino.api.shortcuts import found, not_found
from casino.core.errors import AccessCode, ApiError, RoundCode
from payouts import reads, selectors
from payouts.api.serializers import ReplayOutputSerializer, SettledRoundOutputSerializer
from payouts.services.settlement import round_settle
from payouts.services.settlement_alerts import settlement_mismatch_alert
from tables.api.refusals import Handler, refusals_counted, table_of_round
from tables.models import Round
from tables.services.paid import round_payouts_confirm


def mismatch_alerted(handler: Handler) -> Handler:
    """Raise the alert of a settlement refused with ``settlement_mismatch``, once its request's
    transaction has rolled back (so the decorator goes outside ``idempotent``)."""

    @functools.wraps(handler)
    def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        try:
            return handler(view, request, *args, **kwargs)
        except ApiError as exc:
            if exc.code == RoundCode.SETTLEMENT_MISMATCH:
                settlement_mismatch_alert(round_id=kwargs["round_id"], details=exc.details)
            raise

    return wrapper


RoundDetailApi = read_view(
    "RoundDetailApi",
    "A round: its events, the tablet's view, the game's state, and its settlement.",
    read=reads.settled_round,
    output=SettledRoundOutputSerializer,
)


def _settle(request: Request, round_id: int) -> Response:
    try:
        settled = round_settle(round_id=round_id, actor=request.user)
    except Round.DoesNotExist:
        raise not_found() from None
    detail = selectors.SettledRoundDetail(
        round=settled.round,
        events=settled.events,
        state=settled.state,
        settlement=settled.settlement,
        lines=settled.lines,
        payouts_confirmation=settled.payouts_confirmation,
    )
    return Response(SettledRoundOutputSerializer(detail).data)


RoundSettleApi = post_view(
    "RoundSettleApi",
    """Settle a complete round (its dealer); settling again returns the first settlement.

    Settling opens nothing: the settlement stays the round's answer until its payouts are
    confirmed (``paid/``), and the table's next round is opened by a request of its own.
    The answer's ``view.result`` has, per box or seat, what to take, pay and leave on the
    layout (``take``, ``pay``, ``stays``) and what the table maximum withheld and why.""",
    body=None,
    output=SettledRoundOutputSerializer,
    refused=(
        RoundCode.ROUND_NOT_SETTLEABLE,
        RoundCode.ROUND_STATUS_INVALID,
        RoundCode.RETRACTION_PENDING,
    ),
    engine=True,
    act=_settle,
    wrapped_in=[mismatch_alerted, refusals_counted(table_of_round)],
)


def _confirm_paid(request: Request, round_id: int) -> Response:
    try:
        confirmation = round_payouts_confirm(round_id=round_id, actor=request.user)
    except Round.DoesNotExist:
        raise not_found() from None
    detail = selectors.confirmed_round_detail(confirmation)
    return Response(SettledRoundOutputSerializer(detail).data)


RoundPaidApi = post_view(
    "RoundPaidApi",
    """Confirm a settled round's payouts made ("Paid"): its dealer, or its pit boss. The
    table opens its next round only after it; confirming again returns the first
    confirmation. The answer is the round, with ``payouts_confirmed``.""",
    body=None,
    output=SettledRoundOutputSerializer,
    refused=(RoundCode.ROUND_NOT_SETTLED,),
    act=_confirm_paid,
    wrapped_in=[refusals_counted(table_of_round)],
)


class RoundReplayApi(APIView):
    @extend_schema(
        responses={
            200: ReplayOutputSerializer,
            **refusals(AccessCode.PERMISSION_DENIED, RoundCode.ROUND_NOT_SETTLED),
        }
    )
    def get(self, request: Request, round_id: int) -> Response:
        """Recompute the round's settlement from its events and compare with the stored one."""
        with found():
            replay = reads.settlement_replay(request.user, round_id)
        return Response(asdict(replay))
