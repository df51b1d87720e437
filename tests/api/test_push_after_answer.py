"""A request's push events go out once its answer has: the tablet never waits for Redis.

The bug this guards against: the XADD of a dealer action's event ran at commit, inside the
request, so every action's answer waited for a round trip to Redis before it was written.
Served by Django's own WSGI handler, as gunicorn serves it: the handler returns the answer,
the server writes it, then closes it; the event must be sent at that close, not before, and
still be sent. Outside a request an event is sent at commit, as before.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.db import transaction

from casino.core import push
from casino.core.push import TableChange, publish_table_change, sends_held
from casino.identity.models import DeviceToken, hash_token

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, dict[str, Any]]]:
    """What reaches Redis: (pit, event) for each send, in order."""
    log: list[tuple[int, dict[str, Any]]] = []
    monkeypatch.setattr(push, "_send", lambda pit, event, at: log.append((pit, json.loads(event))))
    return log


def _wsgi_post(path: str, body: dict[str, Any], token: str) -> tuple[str, Any]:
    """POST through Django's WSGI handler; returns the status line and the answer, unclosed."""
    payload = json.dumps(body).encode()
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(payload),
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(payload)),
        "HTTP_AUTHORIZATION": f"Token {token}",
    }
    status: list[str] = []
    answer = WSGIHandler()(environ, lambda line, headers: status.append(line))
    return status[0], answer


def test_an_action_is_answered_before_its_event_is_sent_and_the_event_sent_at_close(
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    sent: list[tuple[int, dict[str, Any]]],
) -> None:
    table = floor["table"]
    opened = client_for("dealer").post(f"/api/v1/tables/{table.pk}/rounds/", {}, format="json")
    assert opened.status_code == 201, opened.json()
    assert [event["kind"] for _, event in sent] == ["round_opened"]
    key = DeviceToken.new_key()
    DeviceToken.objects.create(user=users["dealer"], device_name="t", key_digest=hash_token(key))

    status, answer = _wsgi_post(
        f"/api/v1/rounds/{opened.json()['id']}/actions/",
        {"expected_event": 0, "action": "note", "text": "shuffle checked"},
        key,
    )
    body = json.loads(b"".join(answer))
    assert status.startswith("200"), body
    assert [event["kind"] for _, event in sent] == ["round_opened"]  # answered, not yet sent

    answer.close()
    assert sent[1:] == [
        (
            floor["pit"].pk,
            {
                "table": table.pk,
                "kind": "round_action",
                "data": {
                    "round": body["id"],
                    "action": "note",
                    "phase": body["phase"],
                    "last_event_seq": body["last_event_seq"],
                },
            },
        )
    ]


def test_outside_a_request_an_event_is_sent_at_commit(
    floor: dict[str, Any], sent: list[tuple[int, dict[str, Any]]]
) -> None:
    table = floor["table"]
    with transaction.atomic():
        publish_table_change(
            table_id=table.pk, pit_id=table.pit_id, kind=TableChange.TABLE_STATUS, data={}
        )
        assert sent == []  # not before the commit
    assert [event["kind"] for _, event in sent] == ["table_status"]


def test_what_a_failing_block_committed_is_sent_on_the_way_out(
    floor: dict[str, Any], sent: list[tuple[int, dict[str, Any]]]
) -> None:
    table = floor["table"]
    with pytest.raises(RuntimeError), sends_held():
        with transaction.atomic():
            publish_table_change(
                table_id=table.pk, pit_id=table.pit_id, kind=TableChange.TABLE_STATUS, data={}
            )
        assert sent == []
        raise RuntimeError("the view failed after its commit")
    assert [event["kind"] for _, event in sent] == ["table_status"]
