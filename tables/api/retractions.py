"""The API of retractions: a round's last entries taken back under dual control.

Asked at the table (``rounds/{id}/retractions/``, what may be asked at
``rounds/{id}/retractable/``), listed and shown for the pit board and the tablet, approved or
rejected by a pit boss of the pit who did not ask (on the board, or at the tablet signed in by
PIN for that one decision: ``tablets/decision-sign-in/``), withdrawn by the requester. Thin
views over ``tables.services.retractions`` and the selectors.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.endpoints import list_view, noted_decision_views, post_view, read_view
from casino.api.schema import refusals
from casino.api.serializers import NoteField, StrictSerializer
from casino.api.shortcuts import found, not_found, validated
from casino.core.errors import AccessCode, CorrectionCode, RoundCode
from tables import reads, selectors
from tables.api.refusals import refusals_counted, table_of_round
from tables.api.serializers import RoundEventOutputSerializer, event_output
from tables.models import RetractionRequest, Round, RoundStatus
from tables.services import retractions as retraction_services


class RetractionDecisionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    outcome = serializers.ChoiceField(choices=selectors.RETRACTION_STATUSES[1:])
    decided_by = serializers.CharField(source="decided_by.username")
    decided_role = serializers.CharField()
    decided_at = serializers.DateTimeField()
    note = serializers.CharField(allow_blank=True)
    event = serializers.IntegerField(
        source="event.seq",
        allow_null=True,
        help_text="The number of the retraction event an approval appended to the round.",
    )
    tablet = serializers.IntegerField(
        source="tablet_id",
        allow_null=True,
        help_text="The tablet at which a pit boss decided by PIN; null on the pit board.",
    )


class RetractionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A request to retract a round's last entries, and its decision once made."""

    id = serializers.IntegerField()
    round = serializers.IntegerField(source="round_id")
    round_number = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="round.table_id")
    table_code = serializers.CharField(source="round.table.code")
    pit = serializers.IntegerField(source="round.table.pit_id")
    status = serializers.SerializerMethodField()
    events = serializers.ListField(
        child=serializers.IntegerField(), help_text="The numbers of the events to retract."
    )
    entries = serializers.SerializerMethodField(
        help_text="The events to retract, as the round's answer lists events."
    )
    last_event_seq = serializers.IntegerField(help_text="The round's last event when asked.")
    phase = serializers.CharField(help_text="The round's phase when asked.")
    reason = serializers.CharField()
    requested_by = serializers.CharField(source="requested_by.username")
    requested_role = serializers.CharField()
    requested_at = serializers.DateTimeField()
    decision = serializers.SerializerMethodField(help_text="Null while pending.")

    @extend_schema_field(serializers.ChoiceField(choices=selectors.RETRACTION_STATUSES))
    def get_status(self, request: RetractionRequest) -> str:
        return selectors.retraction_status(request)

    @extend_schema_field(RoundEventOutputSerializer(many=True))
    def get_entries(self, request: RetractionRequest) -> list[dict[str, Any]]:
        return [event_output(event) for event in selectors.retracted_entries(request)]

    @extend_schema_field(RetractionDecisionOutputSerializer(allow_null=True))
    def get_decision(self, request: RetractionRequest) -> dict[str, Any] | None:
        decision = getattr(request, "decision", None)
        if decision is None:
            return None
        return dict(RetractionDecisionOutputSerializer(decision).data)


class RetractionFilterSerializer(StrictSerializer):
    status = serializers.ChoiceField(choices=selectors.RETRACTION_STATUSES, required=False)
    pit = serializers.IntegerField(min_value=1, required=False)
    table = serializers.IntegerField(min_value=1, required=False)
    round = serializers.IntegerField(min_value=1, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


RetractionListApi = list_view(
    "RetractionListApi",
    """Retraction requests, newest first (``status=pending``: those waiting for a pit
    boss): a dealer sees those of the own table, a pit boss those of the own pits
    (``pit=`` narrows to one), auditors and admins all.""",
    filters=RetractionFilterSerializer,
    read=reads.retraction_list,
    output=RetractionOutputSerializer,
)


def _retraction(request_id: int) -> RetractionRequest:
    with found():
        return selectors.retraction_queryset().get(pk=request_id)


RetractionDetailApi = read_view(
    "RetractionDetailApi", None, read=reads.retraction_detail, output=RetractionOutputSerializer
)


class RetractableOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    phase = serializers.CharField(help_text="The round's phase now.")
    last_event_seq = serializers.IntegerField()
    entries = RoundEventOutputSerializer(
        many=True,
        help_text="The entries a retraction may take back now, oldest first: the last of them, "
        "or the last few back to the start of the current phase (count 1 retracts the last).",
    )


class RetractableApi(APIView):
    @extend_schema(
        responses={200: RetractableOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, round_id: int) -> Response:
        """What a retraction of this round may take back now (nothing once it is not in
        play)."""
        with found():
            round = reads.retraction_round(request.user, round_id)
        entries = (
            retraction_services.retractable(round).events
            if round.status == RoundStatus.OPEN
            else []
        )
        body = {
            "phase": round.phase,
            "last_event_seq": round.last_event_seq,
            "entries": [event_output(event) for event in entries],
        }
        return Response(body)


class RetractionRequestInputSerializer(StrictSerializer):
    expected_event = serializers.IntegerField(
        min_value=0, help_text="The round's last event number as the requester saw it."
    )
    count = serializers.IntegerField(
        min_value=1, help_text="How many of the last entries to retract (1: the last one)."
    )
    reason = serializers.CharField(max_length=2000, help_text="Why (audited).")


def _request_retraction(request: Request, round_id: int) -> Response:
    data = validated(RetractionRequestInputSerializer, request.data)
    try:
        requested = retraction_services.retraction_request(
            round_id=round_id,
            actor=request.user,
            expected_event=data["expected_event"],
            count=data["count"],
            reason=data["reason"],
        )
    except Round.DoesNotExist:
        raise not_found() from None
    return Response(RetractionOutputSerializer(_retraction(requested.pk)).data)


RetractionRequestApi = post_view(
    "RetractionRequestApi",
    """Ask to retract the round's last entry, or the last few back to the start of its
    current phase (its dealer, or a pit boss of its pit); a pit boss of the pit who did
    not ask decides. The round takes no action meanwhile (409 ``retraction_pending``).""",
    body=RetractionRequestInputSerializer,
    output=RetractionOutputSerializer,
    refused=(
        CorrectionCode.CORRECTION_REASON_REQUIRED,
        RoundCode.ROUND_NOT_OPEN,
        RoundCode.RETRACTION_PENDING,
        RoundCode.STALE_EVENT,
        RoundCode.RETRACTION_INVALID,
    ),
    act=_request_retraction,
    status=status.HTTP_201_CREATED,
    wrapped_in=[refusals_counted(table_of_round)],
)


class RetractionDecisionInputSerializer(StrictSerializer):
    note = NoteField()


#: What deciding a retraction may be refused with, beside what any decision may: approving, a
#: round no longer in play or changed since.
_DECISION_REFUSALS = (RoundCode.ROUND_NOT_OPEN, RoundCode.STALE_EVENT)


RetractionApproveApi, RetractionRejectApi, RetractionWithdrawApi = noted_decision_views(
    find=_retraction,
    body=RetractionDecisionInputSerializer,
    output=RetractionOutputSerializer,
    refused_also=_DECISION_REFUSALS,
    key="request_id",
    views=[
        (
            "RetractionApproveApi",
            retraction_services.retraction_approve,
            """Approve a retraction and retract its entries: a pit boss of the round's pit who did
            not ask for it (on the board, or at the tablet with a decision sign-in, which this
            spends).""",
        ),
        (
            "RetractionRejectApi",
            retraction_services.retraction_reject,
            "Reject a retraction: the round takes actions again, as it was.",
        ),
        (
            "RetractionWithdrawApi",
            retraction_services.retraction_withdraw,
            "Withdraw a retraction (its requester alone): the round takes actions again.",
        ),
    ],
)
