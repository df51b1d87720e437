"""The workbench's pages × every role (and anonymous): signed out, each sends the browser to the
sign-in; signed in, each is for whom its API serves (auditors, admins and pit bosses the
search; a round's reviewers its story; auditors and pit bosses the reports; auditors the trail's
verification), 403 for anyone else; and a round's buttons are offered to who may use them."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tables.services.rounds import round_open

ROLES = (
    None,
    "no_role",
    "dealer",
    "other_dealer",
    "pit_boss",
    "other_pit_boss",
    "auditor",
    "admin",
)

#: Who opens each page (the round is one of pit A's, the pit boss's).
OPENS = {
    "search": {"pit_boss", "other_pit_boss", "auditor", "admin"},
    "round": {"pit_boss", "auditor", "admin"},
    "reports": {"pit_boss", "other_pit_boss", "auditor"},
    "verify": {"auditor"},
}


def _client(users: dict[str, Any], role: str | None) -> Client:
    client = Client()
    if role is not None:
        client.force_login(users[role])
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", sorted(OPENS))
def test_who_opens_each_page(
    page: str, role: str | None, users: dict[str, Any], floor: dict[str, Any]
) -> None:
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    path = {
        "search": "/audit/",
        "round": f"/audit/rounds/{round.pk}/",
        "reports": "/audit/reports/",
        "verify": "/audit/verify/",
    }[page]
    response = _client(users, role).get(path)
    if role is None:
        assert response.status_code == 302 and response["Location"].startswith("/sign-in/")
    elif role in OPENS[page]:
        assert response.status_code == 200
    else:
        assert response.status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("role", "evidence", "request_form", "decide"),
    [
        ("pit_boss", True, True, True),
        ("auditor", True, False, False),
        ("admin", False, False, False),
    ],
)
def test_a_rounds_buttons_are_offered_to_who_may_use_them(
    role: str,
    evidence: bool,
    request_form: bool,
    decide: bool,
    users: dict[str, Any],
    floor: dict[str, Any],
) -> None:
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    page = _client(users, role).get(f"/audit/rounds/{round.pk}/").content.decode()
    assert ('id="evidence"' in page) is evidence
    assert ('id="open-request"' in page) is request_form
    assert f'data-may-decide="{str(decide).lower()}"' in page
    assert f'data-story-url="/api/v1/rounds/{round.pk}/story/"' in page


@pytest.mark.django_db
def test_the_pickers_offer_a_pit_boss_the_own_pits_only(
    users: dict[str, Any], floor: dict[str, Any]
) -> None:
    page = _client(users, "pit_boss").get("/audit/").content.decode()
    assert '"name": "Pit A"' in page and "Pit B" not in page
    everything = _client(users, "auditor").get("/audit/").content.decode()
    assert '"name": "Pit A"' in everything and '"name": "Pit B"' in everything


@pytest.mark.django_db
def test_an_unknown_round_is_not_found(users: dict[str, Any], floor: dict[str, Any]) -> None:
    assert _client(users, "auditor").get("/audit/rounds/999999/").status_code == 404
