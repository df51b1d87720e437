"""Corrections under dual control: a void or a payout correction of a round, requested by one
person and decided by another. Thin views over ``payouts.services.corrections``; the paths stay
under ``/api/v1/audit/``, where clients have always found them."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from casino.api.endpoints import list_view, noted_decision_views, post_view, read_view
from casino.api.serializers import DecimalStringField, NoteField, StrictSerializer
from casino.api.shortcuts import validated
from casino.core.errors import CorrectionCode, RoundCode
from payouts import reads, selectors
from payouts.models import Correction, CorrectionKind, CorrectionLine, CorrectionStatus
from payouts.services import corrections as correction_services
from tables.models import Round


class CorrectionLineOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    class Meta:
        model = CorrectionLine
        fields = ["box", "line", "amount"]


class CorrectionOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    table = serializers.CharField(source="round.table.code")
    round_number = serializers.IntegerField(source="round.number")
    game = serializers.CharField(source="round.game")
    requested_by = serializers.CharField(source="requested_by.username")
    decided_by = serializers.CharField(source="decided_by.username", allow_null=True)
    lines = CorrectionLineOutputSerializer(many=True)

    class Meta:
        model = Correction
        fields = [
            "id",
            "round",
            "round_number",
            "table",
            "game",
            "settlement",
            "kind",
            "status",
            "reason",
            "requested_by",
            "requested_role",
            "requested_at",
            "decided_by",
            "decided_at",
            "decided_gaming_day",
            "decision_note",
            "lines",
        ]


# -- corrections ------------------------------------------------------------------------------


class CorrectionLineInputSerializer(StrictSerializer):
    box = serializers.IntegerField(min_value=1, max_value=15)
    line = serializers.CharField(max_length=40, help_text="ante, bet, bonus, pot...")
    amount = DecimalStringField(
        max_digits=14,
        decimal_places=2,
        help_text="Owed to the box (positive) or recovered from it (negative).",
    )


class CorrectionRequestInputSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=CorrectionKind.choices)
    reason = serializers.CharField(max_length=2000)
    lines = CorrectionLineInputSerializer(
        many=True, required=False, default=list, help_text="A payout correction's lines."
    )


def _request_correction(request: Request, round_id: int) -> Response:
    round = get_object_or_404(Round, pk=round_id)
    data = validated(CorrectionRequestInputSerializer, request.data)
    correction = correction_services.correction_request(
        round_id=round.pk,
        actor=request.user,
        kind=data["kind"],
        reason=data["reason"],
        lines=[correction_services.LineInput(**line) for line in data["lines"]],
    )
    correction = selectors.correction_queryset().get(pk=correction.pk)
    return Response(CorrectionOutputSerializer(correction).data)


CorrectionRequestApi = post_view(
    "CorrectionRequestApi",
    "Request a void or a payout correction of this round; another pit boss decides.",
    body=CorrectionRequestInputSerializer,
    output=CorrectionOutputSerializer,
    refused=(
        CorrectionCode.CORRECTION_REASON_REQUIRED,
        CorrectionCode.CORRECTION_LINES_INVALID,
        CorrectionCode.CORRECTION_VOID_PENDING,
        CorrectionCode.CORRECTION_ROUND_NOT_SETTLED,
        CorrectionCode.CORRECTION_ROUND_VOIDED,
    ),
    act=_request_correction,
    status=status.HTTP_201_CREATED,
)


class CorrectionFilterSerializer(StrictSerializer):
    status = serializers.ChoiceField(choices=CorrectionStatus.choices, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


CorrectionListApi = list_view(
    "CorrectionListApi",
    "Corrections, newest first: a pit boss sees those of the own pits.",
    filters=CorrectionFilterSerializer,
    read=reads.correction_list,
    output=CorrectionOutputSerializer,
)
CorrectionDetailApi = read_view(
    "CorrectionDetailApi", None, read=reads.correction_detail, output=CorrectionOutputSerializer
)


class DecisionInputSerializer(StrictSerializer):
    note = NoteField()


#: What deciding a correction may be refused with, beside what any decision may: the round
#: voided meanwhile, lines no longer valid, and a round that cannot take them.
_DECISION_REFUSALS = (
    CorrectionCode.CORRECTION_ROUND_VOIDED,
    CorrectionCode.CORRECTION_LINES_INVALID,
    RoundCode.ROUND_STATUS_INVALID,
)


CorrectionApproveApi, CorrectionRejectApi = noted_decision_views(
    find=lambda correction_id: selectors.correction_queryset().get(pk=correction_id),
    body=DecisionInputSerializer,
    output=CorrectionOutputSerializer,
    refused_also=_DECISION_REFUSALS,
    key="correction_id",
    views=[
        (
            "CorrectionApproveApi",
            correction_services.correction_approve,
            "Approve a requested correction: a pit boss of the pit who did not request it.",
        ),
        (
            "CorrectionRejectApi",
            correction_services.correction_reject,
            "Reject a requested correction: a pit boss of the pit who did not request it.",
        ),
    ],
)
