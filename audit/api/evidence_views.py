"""The evidence packages' API: a round's, or a table's gaming day's, as a file to download.

Thin views over ``audit.services.evidence``: the permission is decided on the round or the
table (auditors, and pit bosses of its pit), the package is answered as an attachment with its
SHA-256 in ``X-Content-SHA256``, the digest the export's audit row records, the checkpoint it
rests on in ``X-Evidence-Checkpoint`` and, in ``X-Evidence-Sealed``, whether that checkpoint was
sealed for it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.views import APIView

from audit import reads
from audit.api.files import attachment
from audit.sealing.signing import SigningKeyError
from audit.sealing.sinks import CheckpointSinkError
from audit.services.evidence import (
    EvidenceExport,
    evidence_round_export,
    evidence_table_day_export,
)
from casino.api.schema import refusals
from casino.api.serializers import StrictSerializer
from casino.api.shortcuts import found, validated
from casino.core.errors import AccessCode, ApiError, AuditTrailCode, EvidenceCode

_REFUSALS = (
    AccessCode.PERMISSION_DENIED,
    AuditTrailCode.SIGNING_KEY_MISSING,
    EvidenceCode.EVIDENCE_CHECKPOINT_UNWRITTEN,
)


def _download(run: Callable[[], EvidenceExport]) -> HttpResponse:
    try:
        export = run()
    except SigningKeyError as exc:
        raise ApiError(AuditTrailCode.SIGNING_KEY_MISSING, str(exc)) from exc
    except CheckpointSinkError as exc:
        raise ApiError(
            EvidenceCode.EVIDENCE_CHECKPOINT_UNWRITTEN,
            "The checkpoint the package rests on could not be written outside the database.",
        ) from exc
    response = attachment(
        export.content,
        media_type="application/json",
        filename=export.filename,
        sha256=export.sha256,
    )
    # Which checkpoint the package rests on, and whether it was sealed for this export.
    response["X-Evidence-Checkpoint"] = str(export.checkpoint)
    response["X-Evidence-Sealed"] = "true" if export.sealed else "false"
    return response


class RoundEvidenceApi(APIView):
    @extend_schema(
        responses={(200, "application/json"): OpenApiTypes.OBJECT, **refusals(*_REFUSALS)}
    )
    def get(self, request: Request, round_id: int) -> HttpResponse:
        """The round's evidence package, signed (its format: docs/audit.md "Evidence packages");
        verify it with ``python -m audit.evidence.verify FILE --public-key KEY``. Seals a
        checkpoint first when none covers the round's newest rows."""
        with found():
            round = reads.evidence_round(request.user, round_id)
        return _download(lambda: evidence_round_export(round_id=round.pk, actor=request.user))


class TableDayEvidenceFilterSerializer(StrictSerializer):
    day = serializers.DateField(help_text="The gaming day, YYYY-MM-DD.")


class TableDayEvidenceApi(APIView):
    @extend_schema(
        parameters=[TableDayEvidenceFilterSerializer],
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            **refusals(*_REFUSALS, EvidenceCode.EVIDENCE_NOTHING_RECORDED),
        },
    )
    def get(self, request: Request, table_id: int) -> HttpResponse:
        """The evidence package of the table's gaming day: its rounds and every audit row of
        that day, signed."""
        with found():
            table = reads.evidence_table(request.user, table_id)
        day = validated(TableDayEvidenceFilterSerializer, request.query_params)["day"]
        return _download(
            lambda: evidence_table_day_export(table_id=table.pk, gaming_day=day, actor=request.user)
        )
