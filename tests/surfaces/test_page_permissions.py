"""Every page of the surfaces × every role (and anonymous): what each answers.

A page signs in by its form (a session); signed out, a page that needs a user sends the browser
to the sign-in page; signed in, a pit's board is for who may watch that pit (its own pit boss,
auditors, admins) and 403 for anyone else.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

ROLES = (
    None,
    "no_role",
    "dealer",
    "other_dealer",
    "pit_boss",
    "other_pit_boss",
    "auditor",
    "admin",
    "cage",
)
WATCHERS = {"pit_boss", "auditor", "admin"}


def _client(users: dict[str, Any], role: str | None) -> Client:
    client = Client()
    if role is not None:
        client.force_login(users[role])
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_sign_in_page_is_for_everyone(role: str | None, users: dict[str, Any]) -> None:
    response = _client(users, role).get("/sign-in/")
    # Signed in already: on to the pits.
    assert response.status_code == (200 if role is None else 302)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_pit_index(role: str | None, users: dict[str, Any], floor: dict[str, Any]) -> None:
    response = _client(users, role).get("/pit/")
    if role is None:
        assert response.status_code == 302 and response["Location"].startswith("/sign-in/")
    elif role in ("pit_boss", "other_pit_boss"):
        # One pit each: straight to its board.
        assert response.status_code == 302 and response["Location"].startswith("/pit/")
    elif role in ("dealer", "other_dealer"):
        # Where the sign-in lands: a dealer watches no pit, and goes on to their own page.
        assert response.status_code == 302 and response["Location"] == "/dealer/"
    else:
        assert response.status_code == 200
        listed = response.content.decode()
        assert ("Pit A" in listed) is (role in WATCHERS)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_a_pits_board(role: str | None, users: dict[str, Any], floor: dict[str, Any]) -> None:
    response = _client(users, role).get(f"/pit/{floor['pit'].pk}/")
    if role is None:
        assert response.status_code == 302 and response["Location"].startswith("/sign-in/")
    elif role in WATCHERS:
        assert response.status_code == 200
        assert f'data-view-url="/api/v1/pits/{floor["pit"].pk}/view/"' in response.content.decode()
    else:
        assert response.status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_cage_page(role: str | None, users: dict[str, Any], floor: dict[str, Any]) -> None:
    response = _client(users, role).get("/cage/")
    if role is None:
        assert response.status_code == 302 and response["Location"].startswith("/sign-in/")
    elif role == "cage":
        assert response.status_code == 200
        assert 'data-slips-url="/api/v1/slips/"' in response.content.decode()
    else:
        assert response.status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_dealer_s_page(role: str | None, users: dict[str, Any], floor: dict[str, Any]) -> None:
    """A dealer's own figures, for that dealer alone: whoever else reads dealers' figures reads
    every dealer's in the gaming-day report, and is refused here."""
    response = _client(users, role).get("/dealer/")
    if role is None:
        assert response.status_code == 302 and response["Location"].startswith("/sign-in/")
    elif role in ("dealer", "other_dealer"):
        assert response.status_code == 200
        own = f'data-qualifications-url="/api/v1/dealers/{users[role].pk}/qualifications/"'
        assert own in response.content.decode()
    else:
        assert response.status_code == 403


@pytest.mark.django_db
def test_the_dealer_s_week_is_the_casino_s_gaming_days(
    users: dict[str, Any], floor: dict[str, Any], time_machine: Any
) -> None:
    """By default the seven gaming days ending on the casino's gaming day of now (which, before
    the day's start hour, is the calendar's day before); a week asked for by its last day, and
    the weeks either side of it, the one after never past the casino's day of now."""
    casino = floor["casino"]
    instant = dt.datetime(2026, 3, 11, 3, 30, tzinfo=dt.UTC)
    time_machine.move_to(instant, tick=False)
    local = instant.astimezone(ZoneInfo(casino.time_zone))
    today = (local - dt.timedelta(hours=casino.gaming_day_start_hour)).date()
    client = _client(users, "dealer")

    page = client.get("/dealer/").content.decode()
    first = today - dt.timedelta(days=6)
    assert f'data-first="{first}" data-last="{today}"' in page
    assert f'data-casino="{casino.pk}"' in page
    assert f"last={today - dt.timedelta(days=7)}" in page
    assert 'id="next-week"' not in page

    asked = today - dt.timedelta(days=3)
    page = client.get("/dealer/", {"last": asked.isoformat()}).content.decode()
    assert f'data-first="{asked - dt.timedelta(days=6)}" data-last="{asked}"' in page
    link = f'class="week-step" href="?casino={casino.pk}&amp;last='
    assert f'id="previous-week" {link}{asked - dt.timedelta(days=7)}"' in page
    # A week after that one would end past the casino's day of now: it ends on it.
    assert f'id="next-week" {link}{today}"' in page


@pytest.mark.django_db
def test_signing_out_ends_the_session(users: dict[str, Any], floor: dict[str, Any]) -> None:
    client = _client(users, "pit_boss")
    assert client.post("/sign-out/").status_code == 302
    assert client.get(f"/pit/{floor['pit'].pk}/").status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_tablet_app_and_its_worker_are_for_every_browser(
    role: str | None, users: dict[str, Any]
) -> None:
    """The app signs in with the tablet's credential and a dealer's token, never a session:
    its page and service worker are the same for everyone, and hold no data."""
    client = _client(users, role)
    page = client.get("/tablet/")
    assert page.status_code == 200
    assert 'id="tablet-config"' in page.content.decode()
    worker = client.get("/tablet/sw.js")
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("text/javascript")
    assert worker["Service-Worker-Allowed"] == "/tablet/"
    assert "/static/surfaces/tablet/app.js" in worker.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_pairing_page(role: str | None, users: dict[str, Any], floor: dict[str, Any]) -> None:
    response = _client(users, role).get("/tablet/pair/")
    if role is None:
        assert response.status_code == 302 and response["Location"].startswith("/sign-in/")
        return
    assert response.status_code == 200
    page = response.content.decode()
    # Only the tables one manages are offered: a pit boss's own pit's, an admin's every one.
    assert ("RP-1" in page) is (role in ("pit_boss", "admin"))
    assert ("RP-9" in page) is (role in ("other_pit_boss", "admin"))


def _page_routes(resolver: URLResolver) -> set[str]:
    found: set[str] = set()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            found |= _page_routes(pattern)
        elif isinstance(pattern, URLPattern) and (pattern.name or "").startswith("surfaces-"):
            found.add(pattern.name)
    return found


def test_every_page_is_a_case() -> None:
    """A new page must join this matrix."""
    covered = {
        "surfaces-sign-in",
        "surfaces-sign-out",
        "surfaces-pit-index",
        "surfaces-pit-board",
        "surfaces-cage",
        "surfaces-dealer",
    }
    covered |= {"surfaces-tablet", "surfaces-tablet-sw", "surfaces-tablet-pair"}
    # The workbench's pages: tests/surfaces/test_workbench_permissions.py.
    covered |= {"surfaces-workbench", "surfaces-workbench-round"}
    covered |= {"surfaces-workbench-reports", "surfaces-workbench-verify"}
    covered |= {"surfaces-workbench-patrons"}
    # The pit's rotation plan: tests/surfaces/test_rotation_page.py.
    covered |= {"surfaces-pit-rotation"}
    assert _page_routes(get_resolver()) == covered
