"""Which language a page is read in, and the words its scripts read (docs/i18n.md).

The tablet and its pairing page are the pages translated so far: each is rendered in the
language the request asks for (``Accept-Language``, the browser's preference; English when it
asks for none of ``settings.LANGUAGES``), and the tablet's page carries every language's script
words, so that a dealer's own choice at the PIN pad changes its words with no further request,
and a reload while the casino's network is down still has them (the service worker keeps the
page). The other pages are still English only: no middleware activates a language for them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

from casino.core.catalogues import script_words


def request_language(request: HttpRequest) -> str:
    """The language of ``settings.LANGUAGES`` the request's browser prefers, else English."""
    return translation.get_language_from_request(request) or settings.LANGUAGE_CODE


def script_catalogue(language: str) -> dict[str, Any]:
    """What ``static/surfaces/common/i18n.js`` reads from the page's ``words`` element: the
    languages offered (each named in its own words), the page's language, and each language's
    words of the scripts (``casino.core.catalogues.script_words``)."""
    return {
        "languages": [[code, name] for code, name in settings.LANGUAGES],
        "language": language,
        "catalogues": {code: script_words(code) for code, _ in settings.LANGUAGES},
    }
