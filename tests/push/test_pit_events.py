"""Push after commit: a change at a table reaches the subscribers of its pit, through the real
ASGI server, Redis and PostgreSQL, once its transaction has committed, and only then.

Each test orders what it expects by a later committed change rather than by waiting: an event
that should not come would arrive before the marker that follows it.
"""

from __future__ import annotations

import http.client
import socket
from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction
from django.test import Client

from casino.core import push
from tables.services.rounds import round_open
from tests.push.server import Subscriber, token_of

pytestmark = pytest.mark.django_db(transaction=True)


def _open_round(client: Any, table_id: int) -> dict[str, Any]:
    response = client.post(f"/api/v1/tables/{table_id}/rounds/", {}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _close_table(client: Any, table_id: int) -> None:
    response = client.post(f"/api/v1/tables/{table_id}/close/", {}, format="json")
    assert response.status_code == 200, response.json()


def _limits(client: Any, table_id: int, ante_max: str) -> None:
    response = client.post(
        f"/api/v1/tables/{table_id}/limits/",
        {"ante_max": ante_max, "reason": "quiet night"},
        format="json",
    )
    assert response.status_code == 200, response.json()


def _subscribe(port: int, pit_id: int, user: Any, **kwargs: Any) -> Subscriber:
    subscriber = Subscriber(port, pit_id, token=token_of(user), **kwargs)
    assert subscriber.status == 200, subscriber.json()
    return subscriber


def test_a_change_made_through_the_api_reaches_a_subscriber_of_its_pit(
    asgi_server: int, floor: dict[str, Any], users: dict[str, Any], client_for: Callable
) -> None:
    table = floor["table"]
    subscriber = _subscribe(asgi_server, floor["pit"].pk, users["pit_boss"])
    ready = subscriber.next()
    assert ready.name == "ready" and ready.id == "0-0"

    opened = _open_round(client_for("dealer"), table.pk)
    event = subscriber.next()
    assert event.name == "message"
    assert event.data["table"] == table.pk
    assert event.data["kind"] == "round_opened"
    assert event.data["data"] == {"round": opened["id"], "number": 1, "phase": opened["phase"]}
    assert event.id is not None and event.id > ready.id

    action = client_for("dealer").post(
        f"/api/v1/rounds/{opened['id']}/actions/",
        {"expected_event": 0, "action": "note", "text": "shuffle checked"},
        format="json",
    )
    assert action.status_code == 200, action.json()
    event = subscriber.next()
    assert event.data["kind"] == "round_action"
    assert event.data["data"]["action"] == "note"
    assert event.data["data"]["last_event_seq"] == action.json()["last_event_seq"]
    subscriber.close()


def test_a_change_rolled_back_is_never_published(
    asgi_server: int, floor: dict[str, Any], users: dict[str, Any], client_for: Callable
) -> None:
    table = floor["table"]
    subscriber = _subscribe(asgi_server, floor["pit"].pk, users["pit_boss"])
    assert subscriber.next().name == "ready"

    class Undo(Exception):
        pass

    with pytest.raises(Undo), transaction.atomic():
        round_open(table_id=table.pk, dealer=users["dealer"])
        raise Undo
    # The marker: the next change committed. Had the rolled-back opening been published, it
    # would have come first.
    _close_table(client_for("pit_boss"), table.pk)
    event = subscriber.next()
    assert (event.data["kind"], event.data["data"]) == ("table_status", {"status": "closed"})
    subscriber.close()


def test_a_subscriber_of_one_pit_never_receives_an_event_of_another(
    asgi_server: int, floor: dict[str, Any], users: dict[str, Any], client_for: Callable
) -> None:
    pit_a, table_a = floor["pit"], floor["table"]
    pit_b, table_b = floor["other_table"].pit, floor["other_table"]
    of_a = _subscribe(asgi_server, pit_a.pk, users["pit_boss"])
    of_b = _subscribe(asgi_server, pit_b.pk, users["other_pit_boss"])
    auditor_of_a = _subscribe(asgi_server, pit_a.pk, users["auditor"])
    for subscriber in (of_a, of_b, auditor_of_a):
        assert subscriber.next().name == "ready"

    _open_round(client_for("other_dealer"), table_b.pk)  # pit B first
    _open_round(client_for("dealer"), table_a.pk)
    for subscriber in (of_a, auditor_of_a):
        assert subscriber.next().data["table"] == table_a.pk
    assert of_b.next().data["table"] == table_b.pk
    # Pit A changes again, then pit B: pit B's subscriber's next event is pit B's own.
    _limits(client_for("pit_boss"), table_a.pk, "300.00")
    _limits(client_for("other_pit_boss"), table_b.pk, "400.00")
    event = of_b.next()
    assert (event.data["table"], event.data["kind"]) == (table_b.pk, "table_changed")
    assert event.data["data"] == {"ante_max": "400.00"}
    for subscriber in (of_a, auditor_of_a):
        event = subscriber.next()
        assert (event.data["table"], event.data["data"]) == (table_a.pk, {"ante_max": "300.00"})
    for subscriber in (of_a, of_b, auditor_of_a):
        subscriber.close()


def test_an_anonymous_subscriber_is_refused(asgi_server: int, floor: dict[str, Any]) -> None:
    subscriber = Subscriber(asgi_server, floor["pit"].pk)
    assert subscriber.status == 401
    assert subscriber.json()["error"]["code"] == "not_authenticated"


def test_a_wrong_token_is_refused(asgi_server: int, floor: dict[str, Any]) -> None:
    subscriber = Subscriber(asgi_server, floor["pit"].pk, token="not-a-token")
    assert subscriber.status == 401
    assert subscriber.json()["error"]["code"] == "authentication_failed"


@pytest.mark.parametrize("who", ["other_dealer", "other_pit_boss", "no_role"])
def test_a_dealer_or_a_pit_boss_of_another_pit_is_refused(
    who: str, asgi_server: int, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The other pit's dealer, its pit boss, a user of no role. (This pit's dealer is served
    the own table's changes: ``test_tray_changes``.)"""
    subscriber = Subscriber(asgi_server, floor["pit"].pk, token=token_of(users[who]))
    assert subscriber.status == 403
    assert subscriber.json()["error"]["code"] == "permission_denied"


def test_a_subscriber_signed_in_by_session_is_served(
    asgi_server: int, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The browser's way: the session's cookie, as ``EventSource`` sends it."""
    browser = Client()
    browser.force_login(users["pit_boss"])
    conn = http.client.HTTPConnection("127.0.0.1", asgi_server, timeout=30)
    conn.request(
        "GET",
        f"/api/v1/pits/{floor['pit'].pk}/events/",
        headers={"Cookie": f"sessionid={browser.cookies['sessionid'].value}"},
    )
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type", "").startswith("text/event-stream")
    assert response.getheader("X-Accel-Buffering") == "no"
    conn.close()


def test_an_unknown_pit_is_not_found(
    asgi_server: int, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    subscriber = Subscriber(asgi_server, 987654, token=token_of(users["auditor"]))
    assert subscriber.status == 404
    assert subscriber.json()["error"]["code"] == "not_found"


def test_a_subscriber_that_reconnects_gets_exactly_what_it_missed(
    asgi_server: int, floor: dict[str, Any], users: dict[str, Any], client_for: Callable
) -> None:
    table, pit = floor["table"], floor["pit"]
    pit_boss = client_for("pit_boss")
    first = _subscribe(asgi_server, pit.pk, users["pit_boss"])
    assert first.next().name == "ready"
    _close_table(pit_boss, table.pk)
    seen = first.next()
    first.close()

    # Missed while away: the table opened, and a round opened there.
    assert pit_boss.post(f"/api/v1/tables/{table.pk}/open/", {}, format="json").status_code == 200
    opened = _open_round(client_for("dealer"), table.pk)

    again = _subscribe(asgi_server, pit.pk, users["pit_boss"], last_event_id=seen.id)
    missed = [again.next(), again.next()]
    assert [(e.data["kind"], e.data["data"].get("status")) for e in missed] == [
        ("table_status", "open"),
        ("round_opened", None),
    ]
    assert missed[1].data["data"]["round"] == opened["id"]
    assert seen.id < missed[0].id < missed[1].id
    # Nothing else was missed: the next event is the next change.
    _limits(pit_boss, table.pk, "400.00")
    assert again.next().data["kind"] == "table_changed"
    again.close()


@pytest.mark.parametrize("version", ["1-0", "garbage"])
def test_a_version_the_stream_no_longer_holds_asks_for_a_resync(
    version: str,
    asgi_server: int,
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable,
) -> None:
    """A version trimmed away (or from a Redis that restarted empty), or none at all: the
    client is told to reload the pit view, and is then served from the newest version."""
    table, pit = floor["table"], floor["pit"]
    _close_table(client_for("pit_boss"), table.pk)
    subscriber = _subscribe(asgi_server, pit.pk, users["pit_boss"], last_event_id=version)
    resync = subscriber.next()
    assert resync.name == "resync"
    client_for("pit_boss").post(f"/api/v1/tables/{table.pk}/open/", {}, format="json")
    event = subscriber.next()
    assert event.data["kind"] == "table_status" and event.id > resync.id
    subscriber.close()


def test_a_dealer_action_succeeds_while_redis_is_down(
    settings: Any, floor: dict[str, Any], client_for: Callable
) -> None:
    """Nothing listens on the port Redis is said to be at: the publish fails, at once, is
    counted, and the dealer's round opens all the same."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    settings.REDIS_URL = f"redis://127.0.0.1:{closed_port}/0"
    before = push.publish_counts()
    opened = _open_round(client_for("dealer"), floor["table"].pk)
    assert opened["number"] == 1
    after = push.publish_counts()
    assert after["failed"] == before["failed"] + 1
    assert after["published"] == before["published"]
