"""The auditors' API: the trail and its verification, corrections and gaming-day reports.
Thin views over the services and selectors."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit import reads
from audit.api.files import CsvRenderer, PdfRenderer, attachment, file_language, language_field
from audit.api.serializers import (
    AuditRecordOutputSerializer,
    CheckpointOutputSerializer,
    PublicKeyOutputSerializer,
    ReportDetailOutputSerializer,
    ReportOutputSerializer,
    VerificationOutputSerializer,
)
from audit.models import ReportStatus
from audit.sealing.signing import SigningKeyError, key_id, public_pem
from audit.services.reports.build import report_request
from audit.services.reports.variance import MODES
from casino.api.endpoints import list_view
from casino.api.idempotency import idempotent
from casino.api.schema import refusals
from casino.api.serializers import DecimalStringField, MoneyField, StrictSerializer
from casino.api.shortcuts import IDEMPOTENCY_HEADER, found, validated
from casino.core.errors import (
    AccessCode,
    ApiError,
    AuditTrailCode,
    ReportCode,
)

# -- the trail --------------------------------------------------------------------------------


class AuditRecordFilterSerializer(StrictSerializer):
    after_id = serializers.IntegerField(
        min_value=0, required=False, default=0, help_text="Page on after the last row's id."
    )
    stream = serializers.CharField(max_length=40, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)
    round = serializers.IntegerField(required=False)
    table = serializers.IntegerField(required=False)
    gaming_day = serializers.DateField(required=False)
    event_code = serializers.CharField(max_length=60, required=False)


AuditRecordListApi = list_view(
    "AuditRecordListApi",
    "The audit trail in its global order (``id``), filtered; page on with ``after_id``.",
    filters=AuditRecordFilterSerializer,
    read=reads.trail_records,
    output=AuditRecordOutputSerializer,
)


class VerifyFilterSerializer(StrictSerializer):
    full = serializers.BooleanField(
        required=False, default=False, help_text="Walk every row, not only those since."
    )


class ChainVerifyApi(APIView):
    @extend_schema(
        parameters=[VerifyFilterSerializer],
        responses={200: VerificationOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)},
    )
    def get(self, request: Request) -> Response:
        """Verify the trail now against the checkpoints held outside the database: from the
        last verified checkpoint on, or in full."""
        options = validated(VerifyFilterSerializer, request.query_params)
        verification = reads.trail_verification(request.user, full=options["full"])
        return Response(VerificationOutputSerializer(verification).data)


class CheckpointListApi(APIView):
    @extend_schema(
        responses={
            200: CheckpointOutputSerializer(many=True),
            **refusals(AccessCode.PERMISSION_DENIED),
        }
    )
    def get(self, request: Request) -> Response:
        """The newest checkpoints, newest first (up to 100)."""
        checkpoints = reads.checkpoint_list(request.user, limit=100)
        return Response(CheckpointOutputSerializer(checkpoints, many=True).data)


class PublicKeyApi(APIView):
    @extend_schema(
        responses={
            200: PublicKeyOutputSerializer,
            **refusals(AccessCode.PERMISSION_DENIED, AuditTrailCode.SIGNING_KEY_MISSING),
        }
    )
    def get(self, request: Request) -> Response:
        """The public key the checkpoints are signed with: a verifier checks checkpoint
        files with it, on its own."""
        try:
            key = reads.checkpoint_public_key(request.user)
        except SigningKeyError as exc:
            raise ApiError(AuditTrailCode.SIGNING_KEY_MISSING, str(exc)) from exc
        return Response(
            {"algorithm": "Ed25519", "key_id": key_id(key), "public_key_pem": public_pem(key)}
        )


# -- reports ----------------------------------------------------------------------------------


class ReportRequestInputSerializer(StrictSerializer):
    gaming_day = serializers.DateField()
    casino = serializers.IntegerField(
        required=False, help_text="The casino; may be omitted when there is only one."
    )
    variance_mode = serializers.ChoiceField(choices=MODES, required=False)
    variance_threshold_pp = DecimalStringField(
        max_digits=6, decimal_places=2, min_value=0, required=False
    )
    confidence_z = DecimalStringField(max_digits=5, decimal_places=2, min_value=0, required=False)
    large_payout_threshold = MoneyField(required=False)
    language = language_field("the CSV's and the PDF's words")


class ReportRequestApi(APIView):
    @extend_schema(
        request=ReportRequestInputSerializer,
        responses={
            202: ReportOutputSerializer,
            **refusals(
                AccessCode.PERMISSION_DENIED,
                ReportCode.REPORT_CASINO_REQUIRED,
                ReportCode.REPORT_CASINO_UNKNOWN,
                ReportCode.REPORT_DAY_IN_FUTURE,
                ReportCode.REPORT_PARAMETERS_INVALID,
            ),
        },
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request) -> Response:
        """Ask a worker for a gaming day's report: answers 202 at once; poll ``links.status``.

        Thresholds not given are the configured ones; the files' words are in ``language``,
        else in the request's (``Accept-Language``), else English.
        """
        data = validated(ReportRequestInputSerializer, request.data)
        gaming_day = data.pop("gaming_day")
        casino_id = data.pop("casino", None)
        language = file_language(request, data.pop("language", None))
        report = report_request(
            actor=request.user,
            gaming_day=gaming_day,
            casino_id=casino_id,
            parameters=data,
            language=language,
        )
        body = ReportOutputSerializer(report, context={"request": request}).data
        return Response(
            body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["links"]["status"]}
        )


class ReportFilterSerializer(StrictSerializer):
    gaming_day = serializers.DateField(required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


ReportListApi = list_view(
    "ReportListApi",
    """Stored and pending reports, newest first (without their contents): a pit boss's of
    the casinos of the own pits.""",
    filters=ReportFilterSerializer,
    read=reads.report_list,
    output=ReportOutputSerializer,
    with_request=True,
)


class ReportDetailApi(APIView):
    @extend_schema(
        responses={200: ReportDetailOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, report_id: int) -> Response:
        """A report's status and, once done, its JSON document exactly as stored (its SHA-256,
        over the canonical form, is ``payload_sha256`` and is in the audit trail). A pit boss
        reads those of the casinos of the own pits."""
        with found():
            report = reads.report_detail(request.user, report_id)
        body = ReportOutputSerializer(report, context={"request": request}).data
        return Response({**body, "payload": report.payload})


_DOWNLOAD_REFUSALS = refusals(AccessCode.PERMISSION_DENIED, ReportCode.REPORT_NOT_READY)


def _download(request: Request, report_id: int, *, kind: str) -> HttpResponse:
    with found():
        report = reads.report_detail(request.user, report_id)
    if report.status != ReportStatus.DONE:
        raise ApiError(ReportCode.REPORT_NOT_READY, "The report is not done.", status=report.status)
    if kind == "csv":
        content, media_type, digest = (
            report.csv.encode(),
            "text/csv; charset=utf-8",
            report.csv_sha256,
        )
    else:
        content, media_type, digest = bytes(report.pdf), "application/pdf", report.pdf_sha256
    name = f"report-{report.casino_id}-{report.gaming_day.isoformat()}-{report.pk}.{kind}"
    return attachment(content, media_type=media_type, filename=name, sha256=digest)


class ReportCsvApi(APIView):
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, **_DOWNLOAD_REFUSALS})
    def get(self, request: Request, report_id: int) -> HttpResponse:
        """The report as CSV (blocks with their own headers); 409 until done."""
        return _download(request, report_id, kind="csv")


class ReportPdfApi(APIView):
    renderer_classes = [JSONRenderer, PdfRenderer]

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY, **_DOWNLOAD_REFUSALS})
    def get(self, request: Request, report_id: int) -> HttpResponse:
        """The report as PDF; 409 until done."""
        return _download(request, report_id, kind="pdf")
