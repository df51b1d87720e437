"""What the audit API's downloads share: the file answered as an attachment with the digest
the audit trail recorded for it, the renderers that let a client ask for its type, and the
language of a file's words."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from rest_framework import serializers
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request

from casino.api.errors import request_language
from casino.identity.languages import language_of


class _FileRenderer(BaseRenderer):
    """Lets a client ask for the file's type; an error still renders as the usual JSON."""

    charset = None

    def render(
        self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None
    ) -> bytes:
        return json.dumps(data).encode()


class CsvRenderer(_FileRenderer):
    media_type = "text/csv"
    format = "csv"


class PdfRenderer(_FileRenderer):
    media_type = "application/pdf"
    format = "pdf"


def attachment(content: bytes, *, media_type: str, filename: str, sha256: str) -> HttpResponse:
    """``content`` to download as ``filename``, with ``sha256`` in ``X-Content-SHA256``: the
    digest the audit trail recorded for the file, so a download can be checked."""
    response = HttpResponse(content, content_type=media_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["X-Content-SHA256"] = sha256
    return response


def language_field(words: str) -> serializers.ChoiceField:
    """The optional ``language`` filter or field of a file: ``words`` names what it sets the
    language of, as the schema says it ("the file's words")."""
    return serializers.ChoiceField(
        choices=[code for code, _ in settings.LANGUAGES],
        required=False,
        help_text=f"The language of {words}; by default the user's own"
        " (GET /api/v1/auth/language/), else the request's (Accept-Language). The figures"
        " are the same in every language.",
    )


def file_language(request: Request, asked: str | None) -> str:
    """The language a file is written in: the one ``asked`` for, else the user's own, else
    the request's (``Accept-Language``)."""
    return asked or language_of(request.user) or request_language(request)
