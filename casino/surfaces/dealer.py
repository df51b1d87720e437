"""The dealer's own page: the games they are qualified for, and a week of their gaming days at a
casino, their pace against the casino's norm and their accuracy by record.

Thin like the other pages: the figures come from the API in the browser
(``/api/v1/dealers/{id}/qualifications/``, ``/api/v1/dealers/pace/``,
``/api/v1/dealers/accuracy/``), which answers a dealer their own rows and nobody else's. The
view decides only who opens the page (a dealer; anyone else is refused: a pit boss, an auditor
or an admin reads every dealer's figures in the gaming-day report) and which week it shows:
the days are the casino's gaming days, read from the casino's clock here, never from the
browser's, whose date may be another one.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone

from casino.surfaces.pages import require_page_perm
from casino.surfaces.words import page_in_language
from tables.models import Casino, DealerAssignment

#: A week: the seven gaming days ending on the one shown last.
WEEK = dt.timedelta(days=7)


def _casino_shown(user: Any, asked: str | None) -> Casino | None:
    """The casino asked for by its id; else the one of the dealer's latest assignment, the
    floor they deal on; else the first by name (``None`` where there is none at all)."""
    casinos = Casino.objects.order_by("name", "pk")
    if asked and asked.isdigit():
        chosen = casinos.filter(pk=int(asked)).first()
        if chosen is not None:
            return chosen
    latest = (
        DealerAssignment.objects.filter(dealer=user)
        .order_by("-started_at", "-pk")
        .values_list("table__pit__casino_id", flat=True)
        .first()
    )
    chosen = casinos.filter(pk=latest).first() if latest is not None else None
    return chosen or casinos.first()


def _last_day(asked: str | None, today: dt.date) -> dt.date:
    """The week's last gaming day asked for (``YYYY-MM-DD``), else the casino's ``today``."""
    try:
        return dt.date.fromisoformat(asked) if asked else today
    except ValueError:
        return today


def week_of(*, last: dt.date, today: dt.date) -> dict[str, dt.date | None]:
    """The week of gaming days ending on ``last``: its ``first`` and ``last`` day, the last day
    of the week before (``previous``) and of the week after (``next``, ``None`` once the week
    holds ``today``: no week after the casino's gaming day of now has a round)."""
    following = last + WEEK
    return {
        "first": last - WEEK + dt.timedelta(days=1),
        "last": last,
        "previous": last - WEEK,
        "next": min(following, today) if last < today else None,
    }


@login_required(login_url="surfaces-sign-in")
def dealer_page(request: HttpRequest) -> HttpResponse:
    """The signed-in dealer's games and week (``?casino=<id>&last=<YYYY-MM-DD>``; by default
    the casino they deal at and the week ending on its gaming day of now), in the language the
    browser prefers (``casino.surfaces.words``). Refused (403) to anyone who is not a dealer."""
    user = request.user
    require_page_perm(user, "dealers.view_own_figures")
    casino = _casino_shown(user, request.GET.get("casino"))
    context: dict[str, Any] = {
        "qualifications_url": reverse("dealer-qualifications", kwargs={"user_id": user.pk}),
        "pace_url": reverse("dealer-pace"),
        "accuracy_url": reverse("dealer-accuracy"),
        "casinos": Casino.objects.order_by("name", "pk"),
        "casino": casino,
    }
    if casino is not None:
        today = casino.clock.day_of(timezone.now())
        context["today"] = today
        context["week"] = week_of(last=_last_day(request.GET.get("last"), today), today=today)
    return page_in_language(request, "surfaces/dealer.html", context)
