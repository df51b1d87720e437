"""Which language a page is read in, and the words its scripts read (docs/i18n.md).

The tablet and its pairing page, the pit boss's pages (the pits, a pit's live board, its
rotation plan), the cage's page, the dealer's own page and the sign-in page are the pages
translated so far: each is rendered in the language the request asks for (``Accept-Language``,
the browser's preference; English when it asks for none of ``settings.LANGUAGES``). The tablet's
page carries every language's script words, so that a dealer's own choice at the PIN pad
changes its words with no further request, and a reload while the casino's network is down
still has them (the service worker keeps the page); the others carry their own language's only
(``page_in_language``). The workbench is still English only: no middleware activates a
language for it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation

from casino.core.catalogues import script_words


def request_language(request: HttpRequest) -> str:
    """The language of ``settings.LANGUAGES`` the request's browser prefers, else English."""
    return translation.get_language_from_request(request) or settings.LANGUAGE_CODE


def script_catalogue(language: str, *, every_language: bool = True) -> dict[str, Any]:
    """What ``static/surfaces/common/i18n.js`` reads from the page's ``words`` element: the
    languages offered (each named in its own words), the page's language, and each language's
    words of the scripts (``casino.core.catalogues.script_words``); with ``every_language``
    false, ``language`` alone is offered, with its words only (a page whose reader does not
    change its language)."""
    offered = [
        (code, name) for code, name in settings.LANGUAGES if every_language or code == language
    ]
    return {
        "languages": [[code, name] for code, name in offered],
        "language": language,
        "catalogues": {code: script_words(code) for code, _ in offered},
    }


def page_in_language(
    request: HttpRequest, template: str, context: dict[str, Any] | None = None
) -> HttpResponse:
    """``template`` rendered in the request's language (``request_language``), with that
    language's script words in ``words`` for the page's ``words`` element; answered with
    ``Vary: Accept-Language``, so that a cache keeps one page per language."""
    language = request_language(request)
    with translation.override(language):
        response = render(
            request,
            template,
            {**(context or {}), "words": script_catalogue(language, every_language=False)},
        )
    response["Vary"] = "Accept-Language"
    return response
