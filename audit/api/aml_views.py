"""The anti-money-laundering export of a casino's gaming day, as CSV or PDF (administrators);
each download is audited (``audit.services.aml_export``)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from audit.api.views import CsvRenderer, PdfRenderer
from audit.services.aml_export import aml_export
from casino.api.errors import request_language
from casino.api.schema import refusals
from casino.api.serializers import StrictSerializer
from casino.api.shortcuts import found, validated
from casino.core.errors import AccessCode, RequestCode
from casino.identity.languages import language_of

URL_FORMAT_OVERRIDE = api_settings.URL_FORMAT_OVERRIDE


# 404 ``not_found`` for a casino that does not exist, and for a ``format`` the file is not
# given in (a query parameter DRF reads before the view).
class AmlExportFilterSerializer(StrictSerializer):
    casino = serializers.IntegerField(min_value=1)
    gaming_day = serializers.DateField()
    language = serializers.ChoiceField(
        choices=[code for code, _ in settings.LANGUAGES],
        required=False,
        help_text="The language of the file's words; by default the user's own"
        " (GET /api/v1/auth/language/), else the request's (Accept-Language). The figures"
        " are the same in every language.",
    )


def _download(request: Request, file_format: str) -> HttpResponse:
    # ``format`` is DRF's, read before the view (the schema offers it, as for every view with
    # a file's renderer): not one of this view's filters.
    filters = {k: v for k, v in request.query_params.items() if k != URL_FORMAT_OVERRIDE}
    query = validated(AmlExportFilterSerializer, filters)
    with found():
        export = aml_export(
            casino_id=query["casino"],
            gaming_day=query["gaming_day"],
            file_format=file_format,
            actor=request.user,
            language=query.get("language")
            or language_of(request.user)
            or request_language(request),
        )
    response = HttpResponse(export.content, content_type=export.media_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    # The digest the audit trail recorded for this download, so the file can be checked.
    response["X-Content-SHA256"] = export.sha256
    return response


class AmlExportCsvApi(APIView):
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        parameters=[AmlExportFilterSerializer],
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            **refusals(AccessCode.PERMISSION_DENIED, RequestCode.NOT_FOUND),
        },
    )
    def get(self, request: Request) -> HttpResponse:
        """The casino's anti-money-laundering gaming day as CSV: one row a patron with cash
        or play, carded patrons named (administrators; audited)."""
        return _download(request, "csv")


class AmlExportPdfApi(APIView):
    renderer_classes = [JSONRenderer, PdfRenderer]

    @extend_schema(
        parameters=[AmlExportFilterSerializer],
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            **refusals(AccessCode.PERMISSION_DENIED, RequestCode.NOT_FOUND),
        },
    )
    def get(self, request: Request) -> HttpResponse:
        """The casino's anti-money-laundering gaming day as PDF (administrators; audited)."""
        return _download(request, "pdf")
