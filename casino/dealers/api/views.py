"""The dealers API: thin views over ``casino.dealers.reads`` and the services, which decide every
permission."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from casino.api.endpoints import list_view, post_view, read_view
from casino.api.schema import refusals
from casino.api.shortcuts import found, validated
from casino.core.errors import AccessCode, DealerCode
from casino.dealers import plans, reads
from casino.dealers.api import serializers as shapes

DealerPaceApi = list_view(
    "DealerPaceApi",
    """Each dealer's pace over a casino's gaming days, from the rounds' own records: rounds
    per hour by game, table and occupancy, the time inside a round and between rounds apart,
    against the casino's norm for the game (pit bosses, auditors, admins; a dealer their own).""",
    filters=shapes.PeriodFilterSerializer,
    read=reads.pace_read,
    output=shapes.PaceOutputSerializer,
)

DealerAccuracyApi = list_view(
    "DealerAccuracyApi",
    """Each dealer's accuracy over a casino's gaming days: rounds dealt, approved voids, payout
    corrections (with the amounts) and retractions, also per 1,000 rounds (pit bosses,
    auditors, admins; a dealer their own).""",
    filters=shapes.PeriodFilterSerializer,
    read=reads.accuracy_read,
    output=shapes.AccuracyOutputSerializer,
)


def _terms(data: dict[str, Any]) -> dict[str, Any]:
    """The service's arguments of a validated body: the shift's start named ``start``."""
    terms = dict(data)
    terms["start"] = terms.pop("shift_start")
    terms["absences"] = [dict(absence) for absence in terms.get("absences", [])]
    return terms


def _propose(request: Request, pit_id: int) -> Response:
    data = validated(shapes.PlanTermsInputSerializer, request.data)
    with found():
        proposal = plans.plan_propose(pit_id=pit_id, actor=request.user, **_terms(data))
    inputs = proposal.inputs
    answer = {
        "pit": inputs.pit.pk,
        "shift_start": inputs.shift.start,
        **vars(inputs.terms),
        **plans.plan_document(inputs, proposal.plan),
    }
    return Response(shapes.ProposalOutputSerializer(answer).data)


RotationPlanProposalApi = post_view(
    "RotationPlanProposalApi",
    """Propose a push rotation for a shift of the pit, from its open tables (or those named)
    and the dealers given, each with the games they are qualified for at the shift's start:
    the plan is answered, not stored (a pit boss supervising the pit, an admin).""",
    body=shapes.PlanTermsInputSerializer,
    output=shapes.ProposalOutputSerializer,
    refused=(DealerCode.PLAN_INVALID, DealerCode.PLAN_INFEASIBLE),
    act=_propose,
)


def _save(request: Request, pit_id: int) -> Response:
    data = validated(shapes.PlanSaveInputSerializer, request.data)
    with found():
        saved = plans.plan_save(pit_id=pit_id, actor=request.user, **_terms(data))
    return Response(shapes.RotationPlanOutputSerializer(saved).data)


_RotationPlanSaveApi = post_view(
    "RotationPlansApi",
    """Save a plan of the pit's shift, as proposed or as a pit boss edited it, as its next
    version, once it breaks no rule of the rotation (a pit boss supervising the pit, an
    admin); audited. A version is never changed: a change is a new version.""",
    body=shapes.PlanSaveInputSerializer,
    output=shapes.RotationPlanOutputSerializer,
    refused=(DealerCode.PLAN_INVALID, DealerCode.PLAN_VIOLATIONS),
    act=_save,
    status=status.HTTP_201_CREATED,
)


class RotationPlansApi(_RotationPlanSaveApi):  # type: ignore[misc,valid-type]
    @extend_schema(
        parameters=[shapes.PlanVersionsFilterSerializer],
        responses={
            200: shapes.RotationPlanOutputSerializer(many=True),
            **refusals(AccessCode.PERMISSION_DENIED),
        },
    )
    def get(self, request: Request, pit_id: int) -> Response:
        """Every version of the pit's rotation plan for a shift, newest first (pit bosses,
        auditors, admins)."""
        filters = validated(shapes.PlanVersionsFilterSerializer, request.query_params)
        with found():
            rows = reads.plan_versions_read(request.user, pit_id=pit_id, **filters)
        return Response(shapes.RotationPlanOutputSerializer(rows, many=True).data)


PitRotationNowApi = read_view(
    "PitRotationNowApi",
    """The pit's rotation now against its plan in force: who deals at each table since when
    and who the plan sends next, each dealer's minutes on and break due, and where the floor
    has left the plan (who may watch the pit).""",
    read=reads.rotation_now_read,
    output=shapes.RotationNowOutputSerializer,
)
