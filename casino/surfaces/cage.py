"""The cage's page: the slips to issue, the credits to take back in, the drops to count and to
confirm. Thin like the pit board: the page renders from the API in the browser, with the same
permissions (the cage role), and follows the pits' push streams, so a slip approved or a count
confirmed elsewhere shows without a reload."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from casino.surfaces.pages import require_page_perm, url_template
from casino.surfaces.words import page_in_language
from casino.surfaces.zone import floor_time_zone
from tables.models import Pit


@login_required(login_url="surfaces-sign-in")
def cage(request: HttpRequest) -> HttpResponse:
    """The cage's work, in the language the browser prefers (``casino.surfaces.words``).
    Refused (403) to anyone not of the cage."""
    require_page_perm(request.user, "payouts.work_cage")
    pits = Pit.objects.order_by("pk").values_list("pk", flat=True)
    return page_in_language(
        request,
        "surfaces/cage.html",
        {
            "slips_url": reverse("slip-list"),
            "tables_url": reverse("table-list"),
            "tray_url": url_template("table-tray", "table_id"),
            "stream_urls": " ".join(reverse("pit-events", kwargs={"pit_id": pit}) for pit in pits),
            "time_zone": floor_time_zone(),
        },
    )
