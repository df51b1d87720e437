"""The dealer's tablet app: its page, its service worker, and the page where a pit boss pairs a
tablet with a table.

The app renders every game from the round's ``view`` (``TabletView``) in the browser and talks
to the API as its tablet (``Authorization: Tablet``, the credential pairing kept) and as the
dealer signed in there by PIN (``Authorization: Token``), so the page needs no session and no
per-game template. Its service worker is served from ``/tablet/sw.js`` so that its scope
covers the app's page: a reload while the casino's network is down still shows the app, and
the entries the dealer made wait in the browser's queue (``static/surfaces/tablet/queue.js``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from functools import cache

import rules
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_GET

from casino.games.rubyrun.rules import HandOptions
from casino.surfaces.pages import url_template
from casino.surfaces.words import (
    browser_language,
    request_language,
    script_catalogue,
    vary_by_reader,
)
from tables.models import Game, Table
from tables.services.rounds import NOTE

#: The app's own files, which the service worker keeps for a reload while offline.
APP_FILES = (
    "surfaces/tablet/tablet.css",
    "surfaces/tablet/app.js",
    "surfaces/tablet/api.js",
    "surfaces/tablet/session.js",
    "surfaces/tablet/signout.js",
    "surfaces/tablet/queue.js",
    "surfaces/tablet/offline.js",
    "surfaces/tablet/render.js",
    "surfaces/tablet/fields.js",
    "surfaces/tablet/picker.js",
    "surfaces/tablet/bounds.js",
    "surfaces/tablet/tray.js",
    "surfaces/tablet/players.js",
    "surfaces/tablet/payout.js",
    "surfaces/tablet/undo.js",
    "surfaces/tablet/pinpad.js",
    "surfaces/tablet/stream.js",
    "surfaces/common/dom.js",
    "surfaces/common/i18n.js",
    "surfaces/common/api.js",
    "surfaces/common/money.js",
    "surfaces/common/words.js",
    "surfaces/common/games.js",
    "surfaces/common/cards.js",
    "surfaces/common/events.js",
)


#: What may be agreed before a deal, per game: flags that override the table's rule set for one
#: round (``POST .../rounds/`` ``options``); a game absent here takes none.
ROUND_OPTIONS: dict[str, type] = {Game.RUBY_RUN: HandOptions}


#: The actions every game takes at any point of a round that are not its next step: a note in
#: the round's log (the rounds service's own) and a card seen by accident (each engine's). The
#: app offers them apart from the next actions, so that these stay in view.
ROUND_AIDS = (NOTE, "expose_card")


def round_options() -> dict[str, list[dict[str, str]]]:
    """Each game's round options as the app offers them: a name and a label."""
    return {
        str(game): [
            {"name": option.name, "label": option.name.replace("_", " ").capitalize()}
            for option in dataclasses.fields(options)
        ]
        for game, options in ROUND_OPTIONS.items()
    }


@require_GET
def tablet_app(request: HttpRequest) -> HttpResponse:
    """The tablet app's one page; everything on it comes from the API in the browser.

    In the browser's language (``casino.surfaces.words.browser_language``), with every
    language's words for the dealer whose own is another, known at the PIN sign-in (the app
    reads the dealer's, the table's, then the browser's). Served without the database: its
    offline copy is kept by a service worker that fetches it, which must not fail while the
    database is down or slow; nobody is signed in on a tablet's browser but a pit boss who
    paired it, whose own language is not the dealers'.
    """
    language = browser_language(request)
    with translation.override(language):
        response = render(
            request,
            "surfaces/tablet.html",
            {
                "config": {
                    "urls": api_urls(),
                    "roundOptions": round_options(),
                    "aids": list(ROUND_AIDS),
                    "serviceWorker": reverse("surfaces-tablet-sw"),
                },
                "words": script_catalogue(language, surface="tablet"),
            },
        )
    # The page differs by the browser's language: a cache keeps one per language.
    response["Vary"] = "Accept-Language"
    return response


@require_GET
@login_required(login_url="surfaces-sign-in")
def tablet_pair(request: HttpRequest) -> HttpResponse:
    """Where a pit boss (or an admin), signed in on the tablet itself, registers it to one of
    the tables they manage; the credential the API answers stays in this browser alone.

    Anyone else signed in sees that there is no table for them to pair (the API would refuse
    them anyway, 403).
    """
    tables = [
        table
        for table in Table.objects.select_related("pit", "pit__casino").order_by(
            "pit__casino__name", "pit__name", "code"
        )
        if rules.has_perm("tables.manage_table", request.user, table)
    ]
    language = request_language(request)
    with translation.override(language):
        response = render(
            request,
            "surfaces/tablet_pair.html",
            {
                "tables": tables,
                "register_url": url_template("table-tablets", "table_id"),
                "app_url": reverse("surfaces-tablet"),
                "words": script_catalogue(language, surface="tablet"),
            },
        )
    return vary_by_reader(request, response)


@require_GET
def tablet_service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from a URL under ``/tablet/`` so that it controls the app's page.

    Its text names every file it keeps and their digest, so a new release of any of them is a
    new worker, which the browser installs in place of the old one.
    """
    files = [reverse("surfaces-tablet"), *(static(name) for name in APP_FILES)]
    response = render(
        request,
        "surfaces/tablet_sw.js",
        {"files": json.dumps(files), "version": app_version()},
        content_type="text/javascript; charset=utf-8",
    )
    # Browsers check a worker's script for a new version themselves; no cache in between.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = reverse("surfaces-tablet")
    return response


def api_urls() -> dict[str, str]:
    """The API's URLs the app calls, ``{id}`` standing for an object's id."""
    return {
        "me": reverse("me"),
        "language": reverse("auth-language"),
        "tabletCurrent": reverse("tablet-current"),
        "tabletSignIn": reverse("tablet-sign-in"),
        "tokens": reverse("token-list"),
        "tokenRevoke": url_template("token-revoke", "token_id"),
        "pair": reverse("surfaces-tablet-pair"),
        "tables": reverse("table-list"),
        "table": url_template("table-detail", "table_id"),
        "openRound": url_template("round-open", "table_id"),
        "round": url_template("round-detail", "round_id"),
        "action": url_template("round-action", "round_id"),
        "settle": url_template("round-settle", "round_id"),
        "paid": url_template("round-paid", "round_id"),
        "retractable": url_template("round-retractable", "round_id"),
        "retractionRequest": url_template("round-retraction-request", "round_id"),
        "retraction": url_template("retraction-detail", "request_id"),
        "retractionApprove": url_template("retraction-approve", "request_id"),
        "retractionReject": url_template("retraction-reject", "request_id"),
        "retractionWithdraw": url_template("retraction-withdraw", "request_id"),
        "decisionSignIn": reverse("tablet-decision-sign-in"),
        "correctionRequest": url_template("audit-correction-request", "round_id"),
        "correction": url_template("audit-correction-detail", "correction_id"),
        "correctionApprove": url_template("audit-correction-approve", "correction_id"),
        "correctionReject": url_template("audit-correction-reject", "correction_id"),
        "pitEvents": url_template("pit-events", "pit_id"),
        "tray": url_template("table-tray", "table_id"),
        "trayCounts": url_template("table-tray-counts", "table_id"),
        "slips": url_template("table-slips", "table_id"),
        "slipReceive": url_template("slip-receive", "slip_id"),
        "seated": url_template("table-seated", "table_id"),
        "seatPatron": url_template("table-seat-patron", "table_id"),
        "sessionCash": url_template("patron-session-cash", "session_id"),
        "sessionRating": url_template("patron-session-rating", "session_id"),
        "sessionMove": url_template("patron-session-move", "session_id"),
        "sessionPause": url_template("patron-session-pause", "session_id"),
        "sessionResume": url_template("patron-session-resume", "session_id"),
        "sessionLeave": url_template("patron-session-leave", "session_id"),
    }


@cache
def app_version() -> str:
    """A digest of the app's files as this release ships them."""
    digest = hashlib.sha256()
    for name in APP_FILES:
        path = finders.find(name)
        if path:
            with open(path, "rb") as handle:  # noqa: PTH123 - a finder answers a str path
                digest.update(handle.read())
    return digest.hexdigest()[:16]
