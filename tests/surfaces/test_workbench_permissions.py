"""The workbench's pages × every role (and anonymous): signed out, each sends the browser to the
sign-in; signed in, each is for whom its API serves (auditors, admins and pit bosses the
search; a round's reviewers its story; auditors and pit bosses the reports; auditors the trail's
verification), 403 for anyone else; and a round's buttons are offered to who may use them."""

from __future__ import annotations

import json
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
    "patrons": {"pit_boss", "other_pit_boss", "auditor", "admin"},
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
        "patrons": "/audit/patrons/",
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


@pytest.mark.django_db
@pytest.mark.parametrize("role", sorted(OPENS["reports"]))
def test_the_table_evidence_form_offers_the_tables_the_api_exports(
    role: str, users: dict[str, Any], floor: dict[str, Any]
) -> None:
    """The reports screen offers a table's day package for exactly the tables whose package
    the API lets this user have: asked of a day the trail holds nothing of, it answers 404
    ``evidence_nothing_recorded`` (allowed, nothing written) or 403 (refused)."""
    client = _client(users, role)
    page = client.get("/audit/reports/").content.decode()
    marker = '<script id="evidence-tables" type="application/json">'
    offered = (
        {table["id"] for table in json.loads(page.split(marker)[1].split("</script>")[0])}
        if marker in page
        else set()
    )
    exported = set()
    for table in (floor["table"], floor["other_table"]):
        answer = client.get(f"/api/v1/audit/evidence/tables/{table.pk}/?day=2000-01-01")
        assert answer.status_code in (403, 404), answer.content
        if answer.status_code == 404:
            assert answer.json()["error"]["code"] == "evidence_nothing_recorded"
            exported.add(table.pk)
    assert exported, "every role that opens the reports exports some table here"
    assert offered == exported
    assert 'id="table-evidence"' in page
