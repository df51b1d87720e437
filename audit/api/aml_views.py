"""The anti-money-laundering export of a casino's gaming day, as CSV or PDF (administrators);
each download is audited (``audit.services.aml_export``)."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from audit.api.files import CsvRenderer, PdfRenderer, attachment, file_language, language_field
from audit.services.aml_export import aml_export
from casino.api.schema import refusals
from casino.api.serializers import StrictSerializer
from casino.api.shortcuts import found, validated
from casino.core.errors import AccessCode, RequestCode

URL_FORMAT_OVERRIDE = api_settings.URL_FORMAT_OVERRIDE


# 404 ``not_found`` for a casino that does not exist, and for a ``format`` the file is not
# given in (a query parameter DRF reads before the view).
class AmlExportFilterSerializer(StrictSerializer):
    casino = serializers.IntegerField(min_value=1)
    gaming_day = serializers.DateField()
    language = language_field("the file's words")


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
            language=file_language(request, query.get("language")),
        )
    return attachment(
        export.content,
        media_type=export.media_type,
        filename=export.filename,
        sha256=export.sha256,
    )


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
