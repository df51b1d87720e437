"""The cage's page: the slips to issue, the credits to take back in, the drops to count and to
confirm. Thin like the pit board: the page renders from the API in the browser, with the same
permissions (the cage role)."""

from __future__ import annotations

import rules
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse


@login_required(login_url="surfaces-sign-in")
def cage(request: HttpRequest) -> HttpResponse:
    """The cage's work. Refused (403) to anyone not of the cage."""
    if not rules.has_perm("tables.work_cage", request.user):
        raise PermissionDenied
    return render(
        request,
        "surfaces/cage.html",
        {
            "slips_url": reverse("slip-list"),
            "tables_url": reverse("table-list"),
            "tray_url": reverse("table-tray", kwargs={"table_id": 0}).replace("/0/", "/{id}/"),
        },
    )
