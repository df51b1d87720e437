"""Routes of dealers' qualifications: a dealer's list and a new one, and a revocation. Thin
views over ``casino.identity.qualifications``, which decides every permission."""

from __future__ import annotations

from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from casino.api.endpoints import post_view, read_view
from casino.api.schema import NOT_BLANK
from casino.api.serializers import StrictSerializer
from casino.api.shortcuts import found, validated
from casino.core.errors import QualificationCode, TableCode
from casino.games.registry import GAME_CHOICES
from casino.identity import qualifications
from casino.identity.models import EvidenceKind


class QualificationInputSerializer(StrictSerializer):
    game = serializers.ChoiceField(choices=GAME_CHOICES)
    evidence_kind = serializers.ChoiceField(
        choices=EvidenceKind.choices, help_text="A training completed, or a test passed."
    )
    evidence_reference = serializers.RegexField(
        NOT_BLANK,
        max_length=200,
        help_text="Where the evidence is kept: a certificate's number, a file.",
    )
    qualified_on = serializers.DateField(
        help_text="The date the evidence was obtained: not later than today."
    )
    expires_on = serializers.DateField(
        required=False,
        default=None,
        allow_null=True,
        help_text="The last gaming day it holds, where the casino sets one (none: no expiry); "
        "not before qualified_on.",
    )


class QualificationRevocationInputSerializer(StrictSerializer):
    reason = serializers.RegexField(
        NOT_BLANK, max_length=2000, help_text="Why it is revoked (audited)."
    )


class QualificationRevocationOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    reason = serializers.CharField()
    revoked_by = serializers.CharField(source="revoked_by.username")
    revoked_at = serializers.DateTimeField()


class QualificationOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    dealer = serializers.CharField(source="dealer.username")
    game = serializers.ChoiceField(choices=GAME_CHOICES)
    evidence_kind = serializers.ChoiceField(choices=EvidenceKind.choices)
    evidence_reference = serializers.CharField()
    qualified_on = serializers.DateField()
    expires_on = serializers.DateField(
        allow_null=True, help_text="The last gaming day it holds; none: no expiry."
    )
    recorded_by = serializers.CharField(source="recorded_by.username")
    recorded_at = serializers.DateTimeField(help_text="It holds from then on.")
    revocation = QualificationRevocationOutputSerializer(
        allow_null=True, help_text="Its revocation, if revoked: it holds no longer from then."
    )


_DealerQualificationListApi = read_view(
    "DealerQualificationListApi",
    """The dealer's qualifications, newest first, each with its revocation if revoked: for the
    dealer, pit bosses, auditors and admins.""",
    read=qualifications.qualification_list,
    output=QualificationOutputSerializer,
    many=True,
)


def _record(request: Request, user_id: int) -> Response:
    data = validated(QualificationInputSerializer, request.data)
    with found():
        qualification = qualifications.qualification_record(
            dealer_id=user_id, actor=request.user, **data
        )
    return Response(QualificationOutputSerializer(qualification).data)


_DealerQualificationRecordApi = post_view(
    "DealerQualificationRecordApi",
    """Record that the dealer may deal a game, with its evidence, from now through the gaming
    day it expires on, if any (pit bosses of any pit, admins). A correction is a new
    qualification, or a revocation: neither is ever changed.""",
    body=QualificationInputSerializer,
    output=QualificationOutputSerializer,
    refused=(TableCode.NOT_A_DEALER, QualificationCode.QUALIFICATION_INVALID),
    act=_record,
    status=status.HTTP_201_CREATED,
)


class DealerQualificationsApi(_DealerQualificationListApi, _DealerQualificationRecordApi):  # type: ignore[misc, valid-type]
    """A dealer's qualifications: read (GET), and one recorded (POST)."""


def _revoke(request: Request, qualification_id: int) -> Response:
    data = validated(QualificationRevocationInputSerializer, request.data)
    with found():
        revocation = qualifications.qualification_revoke(
            qualification_id=qualification_id, actor=request.user, reason=data["reason"]
        )
    return Response(QualificationOutputSerializer(revocation.qualification).data)


QualificationRevocationApi = post_view(
    "QualificationRevocationApi",
    """Revoke a qualification from now on, saying why (pit bosses, admins): refused while its
    dealer deals its game (relieve the dealer first). An expiry needs no revocation.""",
    body=QualificationRevocationInputSerializer,
    output=QualificationOutputSerializer,
    refused=(
        QualificationCode.QUALIFICATION_INVALID,
        QualificationCode.QUALIFICATION_ALREADY_REVOKED,
        QualificationCode.DEALER_DEALING_GAME,
    ),
    act=_revoke,
    status=status.HTTP_201_CREATED,
)
