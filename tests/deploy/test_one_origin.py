"""One origin for every page and the push stream (``deploy/local/proxy.py``): the pages and the
API go to gunicorn, a pit's stream to uvicorn, both over one connection of the client's, the
stream's events passed on as they come, and the session's cookie good for both."""

from __future__ import annotations

import http.client
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client

from tests.deploy.one_origin import one_origin_site
from tests.push.server import DEADLINE_S, token_of

# stack: it starts the proxy, gunicorn and uvicorn of its own.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.stack]


@pytest.fixture(scope="module")
def served_origin(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """The three servers, started once for the module (ten seconds of start-up): they keep no
    connection to the database between requests, and each test's data is its own."""
    with one_origin_site(django_db_blocker) as url:
        yield url


@pytest.fixture
def origin(served_origin: str, transactional_db: None) -> str:
    return served_origin


def _connection(origin: str) -> http.client.HTTPConnection:
    host, port = origin.removeprefix("http://").split(":")
    return http.client.HTTPConnection(host, int(port), timeout=DEADLINE_S)


def _events(response: http.client.HTTPResponse) -> Iterator[tuple[str, dict[str, Any]]]:
    """The stream's events (name, data) as they come; heartbeats skipped."""
    name, data = "message", []
    while line := response.readline().decode():
        line = line.rstrip("\n")
        if line.startswith("event:"):
            name = line.partition(":")[2].strip()
        elif line.startswith("data:"):
            data.append(line.partition(":")[2].strip())
        elif line == "" and data:
            yield name, json.loads("\n".join(data))
            name, data = "message", []


def test_a_signed_in_browser_reads_the_board_and_its_stream_on_one_origin(
    origin: str, floor: dict[str, Any], users: dict[str, Any], client_for: Callable
) -> None:
    """The pit boss's session, made once, is good for the board's page (gunicorn) and the
    pit's stream (uvicorn); a change committed meanwhile comes through the proxy at once."""
    browser = Client()
    browser.force_login(users["pit_boss"])
    cookie = {"Cookie": f"sessionid={browser.cookies['sessionid'].value}"}
    pit = floor["pit"].pk

    page = _connection(origin)
    page.request("GET", f"/pit/{pit}/", headers=cookie)
    board = page.getresponse()
    assert board.status == 200 and b'id="board"' in board.read()
    # The same connection, kept: the pit view from the API.
    page.request("GET", f"/api/v1/pits/{pit}/view/", headers=cookie)
    view = page.getresponse()
    assert view.status == 200 and json.loads(view.read())["pit"]["id"] == pit

    stream = _connection(origin)
    stream.request("GET", f"/api/v1/pits/{pit}/events/", headers=cookie)
    response = stream.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type", "").startswith("text/event-stream")
    events = _events(response)
    assert next(events)[0] == "ready"
    opened = client_for("dealer").post(
        f"/api/v1/tables/{floor['table'].pk}/rounds/", {}, format="json"
    )
    assert opened.status_code == 201
    name, data = next(events)
    assert (name, data["kind"], data["table"]) == ("message", "round_opened", floor["table"].pk)
    stream.close()
    page.close()


def test_a_tablet_reads_the_stream_with_its_token_on_the_same_origin(
    origin: str, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The tablet's way: ``Authorization: Token`` on a plain request read as a stream."""
    conn = _connection(origin)
    conn.request(
        "GET",
        f"/api/v1/pits/{floor['pit'].pk}/events/",
        headers={"Authorization": f"Token {token_of(users['dealer'])}"},
    )
    response = conn.getresponse()
    assert response.status == 200
    assert next(_events(response))[0] == "ready"
    conn.close()


def test_a_refusal_and_an_unknown_path_come_back_as_the_servers_answer_them(
    origin: str, floor: dict[str, Any]
) -> None:
    conn = _connection(origin)
    conn.request("GET", f"/api/v1/pits/{floor['pit'].pk}/events/")
    refused = conn.getresponse()
    assert refused.status == 401
    assert json.loads(refused.read())["error"]["code"] == "not_authenticated"
    conn.request("GET", "/no-such-page/")
    missing = conn.getresponse()
    assert missing.status == 404
    assert json.loads(missing.read())["error"]["code"] == "not_found"
    conn.close()


def test_the_proxy_names_the_client_and_drops_what_the_client_claims(
    origin: str, users: dict[str, Any]
) -> None:
    """A failed sign-in through the proxy records the address the proxy saw, not one the
    client wrote in ``X-Forwarded-For``: the proxy is the edge, and the servers trust it."""
    from casino.core.models import AuditRecord

    conn = _connection(origin)
    conn.request(
        "POST",
        "/api/v1/auth/device-token/",
        body=json.dumps({"username": "pit_boss", "password": "wrong", "device_name": "x"}),
        headers={"Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7"},
    )
    assert conn.getresponse().status == 401
    conn.close()
    row = AuditRecord.objects.filter(event_code="auth.login_failed").latest("id")
    assert row.after["address"] == "127.0.0.1"
