"""Which language a page is read in, and the words its scripts read (docs/i18n.md).

A page is read in the signed-in user's own language (``casino.identity.languages``, chosen at
the bar's picker or a tablet's PIN pad), else in the one the request asks for
(``Accept-Language``, the browser's preference), else in English (:func:`request_language`).
Every page is translated. The tablet's page carries every language's script words, so that a
dealer's own choice at the PIN pad changes its words with no further request, and a reload
while the casino's network is down still has them (the service worker keeps the page); the
others carry their own language's only (``page_in_language``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_vary_headers

from casino.core.catalogues import script_words, surface_script_words
from casino.identity.languages import language_of

#: Where :func:`request_language` keeps its answer on the request: asked again (by the page
#: and its bar), it costs no second query.
_KEPT = "_casino_language"


def browser_language(request: HttpRequest) -> str:
    """The language of ``settings.LANGUAGES`` the request's browser prefers
    (``Accept-Language``), else English; read from the request alone, with no query."""
    return translation.get_language_from_request(request) or settings.LANGUAGE_CODE


def request_language(request: HttpRequest) -> str:
    """The language of ``settings.LANGUAGES`` the request is read in: the signed-in user's own
    (their last choice, ``casino.identity.languages.language_of``), else the one the request's
    browser prefers (``Accept-Language``), else English. One query at most, the answer kept on
    the request."""
    kept = getattr(request, _KEPT, None)
    if kept is not None:
        return str(kept)
    language = language_of(getattr(request, "user", None)) or browser_language(request)
    setattr(request, _KEPT, language)
    return language


def vary_by_reader(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Says which of the request's headers chose ``response``'s language (its ``Vary``), so
    that a cache keeps one page per language: ``Accept-Language``, and ``Cookie`` (the
    session, whose user's own language comes first) when a user is signed in."""
    user = getattr(request, "user", None)
    signed_in = bool(user is not None and user.is_authenticated)
    headers = ("Accept-Language", "Cookie") if signed_in else ("Accept-Language",)
    patch_vary_headers(response, headers)
    return response


def script_catalogue(
    language: str, *, every_language: bool = True, surface: str | None = None
) -> dict[str, Any]:
    """What ``static/surfaces/common/i18n.js`` reads from the page's ``words`` element: the
    languages offered (each named in its own words), the page's language, and each language's
    words of the scripts (``casino.core.catalogues.script_words``; with ``surface``, the words
    of that translated surface alone, ``surface_script_words``); with ``every_language``
    false, ``language`` alone is offered, with its words only (a page whose reader does not
    change its language)."""
    offered = [
        (code, name) for code, name in settings.LANGUAGES if every_language or code == language
    ]
    return {
        "languages": [[code, name] for code, name in offered],
        "language": language,
        "catalogues": {
            code: script_words(code) if surface is None else surface_script_words(code, surface)
            for code, _ in offered
        },
    }


def page_in_language(
    request: HttpRequest, template: str, context: dict[str, Any] | None = None
) -> HttpResponse:
    """``template`` rendered in the request's language (``request_language``), with that
    language's script words in ``words`` for the page's ``words`` element; answered with
    ``Vary: Accept-Language`` (and ``Cookie`` for a signed-in user, :func:`vary_by_reader`), so
    that a cache keeps one page per language."""
    language = request_language(request)
    with translation.override(language):
        response = render(
            request,
            template,
            {**(context or {}), "words": script_catalogue(language, every_language=False)},
        )
    return vary_by_reader(request, response)
