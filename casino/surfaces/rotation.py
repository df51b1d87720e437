"""The pit boss's rotation plan page: a shift's plan proposed, edited on its roadmap, saved in
versions, and the versions read back.

The page is thin, as the pit board's: it proposes, saves and lists through the API
(``/api/v1/pits/{id}/rotation-plans/``), which decides every rule and refusal. The view decides
who opens the page (who may plan the pit, and who may read its plans: an auditor reads them
only) and hands the script what no API lists: the pit's tables by name and the dealers who may
be planned, each with the games they are qualified for now.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import rules
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone

from casino.dealers.roster import dealers_roster
from casino.surfaces.pages import require_page_perm
from casino.surfaces.words import page_in_language
from tables.models import Pit, Table


def next_hour(now: dt.datetime, zone: str) -> str:
    """The first whole hour after ``now`` on the casino's clock in ``zone``, as the start
    field shows it ("YYYY-MM-DDTHH:MM", the zone's wall time): the shift a pit boss most
    likely plans next. Counted through UTC, so an hour is an hour across a clock change.

    >>> next_hour(dt.datetime(2027, 3, 10, 13, 20, tzinfo=dt.UTC), "Europe/Vienna")
    '2027-03-10T15:00'
    """
    hour = now.astimezone(dt.UTC).replace(minute=0, second=0, microsecond=0)
    return f"{(hour + dt.timedelta(hours=1)).astimezone(ZoneInfo(zone)):%Y-%m-%dT%H:%M}"


@login_required(login_url="surfaces-sign-in")
def pit_rotation(request: HttpRequest, pit_id: int) -> HttpResponse:
    """The pit's rotation plan: proposed, edited and saved by who may plan the pit; its
    versions read by who may read plans (view-only without the right to plan); in the language
    the browser prefers (``casino.surfaces.words``). Refused (403) to anyone else."""
    pit = get_object_or_404(Pit.objects.select_related("casino"), pk=pit_id)
    user = request.user
    may_plan = rules.has_perm("dealers.plan_rotation", user, pit)
    if not may_plan:
        require_page_perm(user, "dealers.view_rotation_plans")
    casino = pit.casino
    now = timezone.now()
    tables = Table.objects.filter(pit=pit).order_by("code").values("pk", "code", "game", "status")
    # Names for every reader (a version names its dealers by id); their games for the picker.
    roster = dealers_roster(at=now, clock=casino.clock)
    plans_url = reverse("pit-rotation-plans", kwargs={"pit_id": pit.pk})
    context: dict[str, Any] = {
        "pit": pit,
        "may_plan": may_plan,
        "time_zone": casino.time_zone,
        "default_start": next_hour(now, casino.time_zone),
        "plans_url": plans_url,
        "proposal_url": reverse("pit-rotation-plan-proposal", kwargs={"pit_id": pit.pk}),
        "rotation_data": {
            # Ids as strings, as the plans name them.
            "tables": [
                {"id": str(t["pk"]), "code": t["code"], "game": t["game"], "status": t["status"]}
                for t in tables
            ],
            "dealers": [{"id": str(d.id), "name": d.name, "games": list(d.games)} for d in roster],
        },
    }
    return page_in_language(request, "surfaces/pit_rotation.html", context)
