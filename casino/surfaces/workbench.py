"""The auditor's workbench: finding rounds, a round's story and replay, its corrections, the
gaming-day reports and a table's day as an evidence package, and the trail's verification, in
the browser.

The pages are thin, as the pit board's: each renders from the API in the browser
(``/api/v1/rounds/``, ``/api/v1/rounds/{id}/story/``, ``/api/v1/audit/...``), so what a user
sees and may do is what the API answers, with the same permissions. The views decide only who
may open a page at all (auditors, admins and pit bosses; a dealer is refused) and which of its
buttons to offer; the API still refuses whatever a button asks that the user may not do.

Each page is read in the request's language (``casino.surfaces.words.page_in_language``, as
the pit board), with that language's words for its scripts; its times are in the casino's zone
(``floor_time_zone``, or the round's table's), which the page names.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import rules
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone

from casino.core.roles import Role
from casino.surfaces.pages import require_page_perm, url_template
from casino.surfaces.views import watched_pits
from casino.surfaces.words import page_in_language
from casino.surfaces.zone import floor_time_zone
from tables.models import Game, Round
from tables.rules import is_admin, is_auditor, is_pit_boss
from tables.selectors import tables_for

#: Who may open the workbench's pages at all (each screen may ask for more).
USE_WORKBENCH = "surfaces.use_workbench"
rules.add_perm(USE_WORKBENCH, is_auditor | is_admin | is_pit_boss)


def _common(request: HttpRequest, screen: str) -> dict[str, Any]:
    """What every screen's bar and script need: the screen, what the user may open."""
    user = request.user
    return {
        "screen": screen,
        "may_verify": rules.has_perm("audit.view_trail", user),
        "may_run_reports": rules.has_perm("audit.run_reports", user),
        "may_see_patrons": rules.has_perm("patrons.view_history", user),
        "round_url": url_template("surfaces-workbench-round", "round_id"),
        "time_zone": floor_time_zone(),
    }


def _screen_open(user: Any, permission: str | None = None) -> None:
    """Refuse (403) whoever may not open the workbench, or this screen's ``permission``."""
    require_page_perm(user, USE_WORKBENCH)
    if permission is not None:
        require_page_perm(user, permission)


def _screen_page(
    request: HttpRequest, screen: str, template: str, context: dict[str, Any]
) -> HttpResponse:
    """The workbench's ``screen`` from ``template``, in the request's language, with what
    every screen's bar needs (``_common``) and the screen's own ``context``."""
    return page_in_language(
        request, f"surfaces/{template}", {**_common(request, screen), **context}
    )


def _pickers(user: Any) -> dict[str, Any]:
    """The casinos, pits and dealers the search's pickers offer.

    No API lists them; a pit boss is offered the own pits only (the search would answer
    nothing for another's). The tables come from ``/api/v1/tables/`` in the browser.
    """
    pits = watched_pits(user)
    casinos = {pit.casino.pk: pit.casino.name for pit in pits}
    dealers = (
        get_user_model()
        .objects.filter(groups__name=Role.DEALER.value)
        .order_by("username")
        .values_list("pk", "username")
    )
    return {
        "casinos": [{"id": pk, "name": name} for pk, name in sorted(casinos.items())],
        "pits": [{"id": pit.pk, "name": pit.name, "casino": pit.casino.pk} for pit in pits],
        "dealers": [{"id": pk, "name": name} for pk, name in dealers],
        "games": [{"id": value, "name": str(label)} for value, label in Game.choices],
    }


@login_required(login_url="surfaces-sign-in")
def workbench_search(request: HttpRequest) -> HttpResponse:
    """The round search: every filter of ``GET /api/v1/rounds/``, kept in the page's URL."""
    _screen_open(request.user)
    return _screen_page(
        request,
        "search",
        "workbench.html",
        {
            "pickers": _pickers(request.user),
            "search_url": reverse("round-search"),
            "tables_url": reverse("table-list"),
        },
    )


@login_required(login_url="surfaces-sign-in")
def workbench_round(request: HttpRequest, round_id: int) -> HttpResponse:
    """One round's story and replay, its corrections and its evidence package. Refused (403)
    to whoever may not review the round (a pit boss of another pit)."""
    _screen_open(request.user)
    round = get_object_or_404(Round.objects.select_related("table__pit"), pk=round_id)
    user = request.user
    require_page_perm(user, "tables.review_round", round)
    return _screen_page(
        request,
        "round",
        "workbench_round.html",
        {
            "round": round,
            "story_url": reverse("round-story", kwargs={"round_id": round.pk}),
            "request_url": reverse("audit-correction-request", kwargs={"round_id": round.pk}),
            "approve_url": url_template("audit-correction-approve", "correction_id"),
            "reject_url": url_template("audit-correction-reject", "correction_id"),
            "evidence_url": reverse("audit-evidence-round", kwargs={"round_id": round.pk}),
            "may_request": rules.has_perm("payouts.request_correction", user, round),
            "may_decide": rules.has_perm("payouts.decide_correction", user, round),
            "may_export": rules.has_perm("audit.export_evidence", user, round),
        },
    )


def _evidence_tables(user: Any, *, now: dt.datetime) -> list[dict[str, Any]]:
    """The tables whose gaming day ``user`` may download as an evidence package (the rule of
    ``GET /api/v1/audit/evidence/tables/{id}/``: auditors any, a pit boss the own pits'), each
    with its casino's last closed gaming day, the day the picker starts on.

    The last closed day, not the one in play: a package of a day still in play would leave out
    the rounds dealt after it, and the nightly checks and reports work on the closed day too.
    """
    tables = tables_for(user).select_related("pit__casino").order_by("pit__name", "code")
    return [
        {
            "id": table.pk,
            "code": table.code,
            "game": table.game,
            "pit": table.pit.name,
            "last_day": (table.pit.casino.clock.day_of(now) - dt.timedelta(days=1)).isoformat(),
        }
        for table in tables
        if rules.has_perm("audit.export_evidence", user, table)
    ]


@login_required(login_url="surfaces-sign-in")
def workbench_reports(request: HttpRequest) -> HttpResponse:
    """The gaming-day reports: the list, a day's report requested, its CSV and PDF; and a
    table's gaming day downloaded as its evidence package, for whoever may export it."""
    _screen_open(request.user, "audit.list_reports")
    return _screen_page(
        request,
        "reports",
        "workbench_reports.html",
        {
            "pickers": _pickers(request.user),
            "reports_url": reverse("audit-report-list"),
            "report_request_url": reverse("audit-report-request"),
            "evidence_tables": _evidence_tables(request.user, now=timezone.now()),
            "table_evidence_url": url_template("audit-evidence-table-day", "table_id"),
        },
    )


@login_required(login_url="surfaces-sign-in")
def workbench_patrons(request: HttpRequest) -> HttpResponse:
    """A patron found by the number on the card, and the patron's history: sessions with
    their ratings, cash, points (pit bosses, auditors, admins; no personal data)."""
    _screen_open(request.user, "patrons.view_history")
    return _screen_page(
        request,
        "patrons",
        "workbench_patrons.html",
        {
            "pickers": _pickers(request.user),
            "find_url": reverse("patron-find"),
            "history_url": url_template("patron-history", "patron_id"),
            "search_url": reverse("surfaces-workbench"),
        },
    )


@login_required(login_url="surfaces-sign-in")
def workbench_verify(request: HttpRequest) -> HttpResponse:
    """The audit trail's verification, run on demand, incremental or in full (auditors)."""
    _screen_open(request.user, "audit.view_trail")
    return _screen_page(
        request, "verify", "workbench_verify.html", {"verify_url": reverse("audit-verify")}
    )
