"""The pit board's pages: sign-in, the pits one may watch, and one pit's board.

The pages are thin: the board renders from the API (``/api/v1/pits/{id}/view/``, the alerts)
in the browser and updates itself from the pit's push stream (``/api/v1/pits/{id}/events/``,
served by the ASGI server behind the same origin), so what a pit boss sees is what the API answers,
with the same permissions (a session sign-in is an API sign-in too).
"""

from __future__ import annotations

from typing import Any

import rules
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse

from casino.core.roles import Role, user_role
from casino.surfaces.pages import require_page_perm, url_template
from casino.surfaces.words import page_in_language
from tables.models import Pit


class SignInView(auth_views.LoginView):
    """Django's sign-in form (the project's password backend, with its lockout), on a page of
    the surfaces, in the language the browser prefers."""

    template_name = "surfaces/sign_in.html"
    redirect_authenticated_user = True

    def render_to_response(self, context: dict[str, Any], **response_kwargs: Any) -> HttpResponse:
        """The form, and its refusal, in the language the browser prefers, as the other pages
        (``page_in_language``): Django's own words for a wrong name or password are in its
        catalogues, read while the page is rendered in that language."""
        return page_in_language(self.request, self.template_name, context)


def watched_pits(user: Any) -> list[Pit]:
    """The pits ``user`` may watch: a pit boss's own, every pit for auditors and admins."""
    pits = Pit.objects.select_related("casino").order_by("casino__name", "name")
    if user_role(user) is Role.PIT_BOSS:
        pits = pits.filter(supervisors=user)
    return [pit for pit in pits if rules.has_perm("floor.view_pit", user, pit)]


@login_required(login_url="surfaces-sign-in")
def pit_index(request: HttpRequest) -> HttpResponse:
    """The pits this user watches, in the language the browser prefers; with one, straight to
    its board. A dealer watches none: where the sign-in lands everyone, a dealer is sent on to
    their own page."""
    if user_role(request.user) is Role.DEALER:
        return redirect("surfaces-dealer")
    pits = watched_pits(request.user)
    if len(pits) == 1:
        return redirect("surfaces-pit-board", pit_id=pits[0].pk)
    return page_in_language(request, "surfaces/pit_index.html", {"pits": pits})


@login_required(login_url="surfaces-sign-in")
def pit_board(request: HttpRequest, pit_id: int) -> HttpResponse:
    """One pit's live board, in the language the browser prefers (``casino.surfaces.words``).
    Refused (403) to whoever may not watch the pit."""
    pit = get_object_or_404(Pit.objects.select_related("casino"), pk=pit_id)
    require_page_perm(request.user, "floor.view_pit", pit)
    return page_in_language(
        request,
        "surfaces/pit_board.html",
        {
            "pit": pit,
            "view_url": reverse("pit-view", kwargs={"pit_id": pit.pk}),
            "table_url": url_template("table-view", "table_id"),
            "stream_url": reverse("pit-events", kwargs={"pit_id": pit.pk}),
            "alerts_url": f"{reverse('audit-alert-list')}?pit={pit.pk}&status=open",
            "acknowledge_url": url_template("audit-alert-acknowledge", "alert_id"),
            "tray_url": url_template("table-tray", "table_id"),
            "players_url": url_template("table-players", "table_id"),
            "rotation_url": reverse("pit-rotation", kwargs={"pit_id": pit.pk}),
            "reconciliations_url": f"{reverse('audit-reconciliation-list')}?table={{id}}&limit=5",
            "round_url": url_template("surfaces-workbench-round", "round_id"),
            "correction_url": url_template("audit-correction-detail", "correction_id"),
        },
    )
