"""Every error, from DRF or from Django itself, answers in the one shape with a stable code, and
no input makes the server fail (500)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from audit.services.reports.build import report_request
from casino.api.parsers import MAX_DEPTH, nesting_depth
from casino.core.errors import HTTP_STATUS
from tables.services.rounds import round_open
from tests.api.test_bad_input import nothing_written
from tests.schema import assert_matches

pytestmark = pytest.mark.django_db


def assert_error(response: Any, status: int, code: str) -> dict[str, Any]:
    """``response`` is the one error shape, as JSON, with ``code`` and its status."""
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json", response.content[:300]
    body = json.loads(response.content)
    assert_matches("Error", body)
    assert body["error"]["code"] == code
    assert HTTP_STATUS[code] == status
    return body["error"]  # type: ignore[no-any-return]


@pytest.fixture
def anonymous() -> APIClient:
    client = APIClient()
    # A failure must be answered, not raised into the test.
    client.raise_request_exception = False
    return client


@pytest.fixture
def dealer(client_for: Callable[[str | None], Any]) -> Any:
    client = client_for("dealer")
    client.raise_request_exception = False
    return client


@pytest.fixture
def actions_url(floor: dict[str, Any], users: dict[str, Any]) -> str:
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    return f"/api/v1/rounds/{round.pk}/actions/"


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


# -- the findings -------------------------------------------------------------------------------


def test_an_action_that_is_an_object_is_refused_as_input(dealer: Any, actions_url: str) -> None:
    with nothing_written():
        response = dealer.post(actions_url, {"expected_event": 0, "action": {}}, format="json")
    error = assert_error(response, 400, "invalid_input")
    assert error["details"]["fields"]["action"][0]["code"] == "invalid"


def test_json_nested_thousands_deep_is_refused_before_it_is_parsed(anonymous: APIClient) -> None:
    with nothing_written():
        response = anonymous.post(
            "/api/v1/auth/device-token/", _deep(3000), content_type="application/json"
        )
    error = assert_error(response, 400, "nesting_too_deep")
    assert error["details"] == {"max_depth": MAX_DEPTH}


def test_deep_json_with_an_idempotency_key_is_refused_too(dealer: Any, actions_url: str) -> None:
    """The key's digest reads the body before the view does: it must not fail on it first."""
    body = '{"expected_event": 0, "action": "note", "text": ' + _deep(5000) + "}"
    with nothing_written():
        response = dealer.post(
            actions_url,
            body,
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY="deep-body-0001",
        )
    assert_error(response, 400, "nesting_too_deep")


def test_nesting_up_to_the_limit_is_parsed(dealer: Any, actions_url: str) -> None:
    body = '{"expected_event": 0, "action": "note", "text": ' + _deep(MAX_DEPTH - 1) + "}"
    response = dealer.post(actions_url, body, content_type="application/json")
    # Parsed, then refused by the serializer: text is a string, not a list.
    error = assert_error(response, 400, "invalid_input")
    assert "text" in error["details"]["fields"]


def test_an_unknown_url_is_a_json_404(anonymous: APIClient) -> None:
    assert_error(anonymous.get("/no/such/page"), 404, "not_found")
    assert_error(anonymous.post("/api/v1/no-such-endpoint/", {}, format="json"), 404, "not_found")


def test_a_body_over_the_limit_is_a_json_413_and_writes_nothing(
    dealer: Any, actions_url: str, settings: Any
) -> None:
    text = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    body = json.dumps({"expected_event": 0, "action": "note", "text": text})
    with nothing_written():
        plain = dealer.post(actions_url, body, content_type="application/json")
        keyed = dealer.post(
            actions_url, body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="big-0001"
        )
    assert_error(plain, 413, "request_too_large")
    assert_error(keyed, 413, "request_too_large")


def test_a_five_megabyte_body_outside_the_api_is_a_json_413(anonymous: APIClient) -> None:
    response = anonymous.post(
        "/admin/login/",
        "username=" + "x" * 5_000_000,
        content_type="application/x-www-form-urlencoded",
    )
    assert_error(response, 413, "request_too_large")


def test_a_wrong_method_is_a_json_405_from_drf_and_from_django(
    dealer: Any, actions_url: str, users: dict[str, Any]
) -> None:
    error = assert_error(dealer.delete(actions_url), 405, "method_not_allowed")
    assert "DELETE" in error["message"]
    # The admin's logout takes POST only; Django answers that view's 405 itself.
    browser = APIClient()
    browser.force_login(users["admin"])
    response = browser.get("/admin/logout/")
    assert_error(response, 405, "method_not_allowed")
    assert "POST" in response["Allow"]


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("text/plain", "note"),
        ("application/x-www-form-urlencoded", "expected_event=0&action=note&text=x"),
        (
            "multipart/form-data; boundary=b",
            '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
        ),
    ],
    ids=["text", "form", "multipart"],
)
def test_a_body_that_is_not_json_is_a_415(
    dealer: Any, actions_url: str, content_type: str, body: str
) -> None:
    with nothing_written():
        response = dealer.post(actions_url, body, content_type=content_type)
    assert_error(response, 415, "unsupported_media_type")


def test_a_csrf_failure_is_a_json_403(users: dict[str, Any]) -> None:
    browser = APIClient(enforce_csrf_checks=True)
    # Django's own check, on a plain Django view (the admin's login form).
    response = browser.post("/admin/login/", {"username": "admin", "password": "pw-admin"})
    assert_error(response, 403, "csrf_failed")
    # DRF's check, for a browser signed in by session on an API view.
    browser.force_login(users["pit_boss"])
    response = browser.post(
        "/api/v1/audit/reports/request/", {"gaming_day": "2026-01-01"}, format="json"
    )
    assert_error(response, 403, "csrf_failed")


def test_an_unhandled_exception_is_a_json_500_with_the_request_id_and_no_traceback(
    dealer: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(user: Any) -> Any:
        raise RuntimeError("secret internals /etc/passwd")

    monkeypatch.setattr("tables.selectors.tables_for", fail)
    response = dealer.get("/api/v1/tables/", HTTP_X_REQUEST_ID="req-500-test")
    error = assert_error(response, 500, "server_error")
    assert error["details"] == {"request_id": "req-500-test"}
    assert response["X-Request-ID"] == "req-500-test"
    assert b"secret" not in response.content
    assert b"Traceback" not in response.content


def test_a_host_django_refuses_is_a_json_400(anonymous: APIClient) -> None:
    assert_error(anonymous.get("/api/v1/me/", HTTP_HOST="evil.example"), 400, "bad_request")


def test_an_accept_header_nothing_matches_is_a_406_with_a_known_code(dealer: Any) -> None:
    assert_error(dealer.get("/api/v1/me/", HTTP_ACCEPT="text/html"), 406, "not_acceptable")


def test_a_file_endpoint_refuses_in_json_whatever_file_type_was_asked_for(
    client_for: Callable[[str | None], Any], users: dict[str, Any], gaming_day: dt.date
) -> None:
    report = report_request(actor=users["auditor"], gaming_day=gaming_day)
    response = client_for("auditor").get(
        f"/api/v1/audit/reports/{report.pk}/csv/", HTTP_ACCEPT="text/csv"
    )
    error = assert_error(response, 409, "report_not_ready")
    assert error["details"] == {"status": "queued"}


# -- no input produces a 500 ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b'{"expected_event": NaN, "action": "note", "text": "x"}', "parse_error"),
        (b'{"expected_event": 0, "action": "note", "text": Infinity}', "parse_error"),
        (b'{"expected_event": -Infinity, "action": "note", "text": "x"}', "parse_error"),
        (b'{"expected_event": 0, "action": "note", "text": "\xff\xfe"}', "parse_error"),
        (b'{"expected_event": ' + b"9" * 5000 + b', "action": "note", "text": "x"}', "parse_error"),
        (b'{"expected_event": 1e999, "action": "note", "text": "x"}', "invalid_input"),
        (b'{"expected_event": 0, "action": ["note"], "text": "x"}', "invalid_input"),
        (b'{"expected_event": 0, "action": null}', "invalid_input"),
        (b'{"expected_event": {}, "action": "note", "text": "x"}', "invalid_input"),
        (b'{"expected_event": 0, "action": "note", "text": {"a": [1, {"b": 2}]}}', "invalid_input"),
        (
            b'{"expected_event": 0, "action": "place_wagers", "box": {}, "ante": []}',
            "invalid_input",
        ),
        (b'{"expected_event": 0, "action": "expose_card", "card": {"rank": "A"}}', "card_unknown"),
        (b'[{"expected_event": 0, "action": "note", "text": "x"}]', "invalid_input"),
        (b'"note"', "invalid_input"),
        (b"12", "invalid_input"),
        (b"null", "invalid_input"),
        (b"", "invalid_input"),
        (b'{"expected_event": 0, "action": "note", "text": "x\\u0000y"}', "invalid_input"),
    ],
    ids=[
        "nan",
        "infinity",
        "minus-infinity",
        "not-utf8",
        "integer-of-5000-digits",
        "number-out-of-range",
        "action-list",
        "action-null",
        "expected-event-object",
        "nested-text",
        "nested-fields",
        "card-object",
        "body-array",
        "body-string",
        "body-number",
        "body-null",
        "body-empty",
        "nul-character",
    ],
)
def test_no_body_makes_the_action_endpoint_fail(
    dealer: Any, actions_url: str, body: bytes, code: str
) -> None:
    with nothing_written():
        response = dealer.post(actions_url, body, content_type="application/json")
    assert_error(response, 400, code)


def test_a_charset_that_is_not_text_is_refused(dealer: Any, actions_url: str) -> None:
    response = dealer.post(actions_url, b"x", content_type="application/json; charset=bz2_codec")
    assert_error(response, 400, "parse_error")


def test_nesting_depth_ignores_brackets_inside_strings() -> None:
    assert nesting_depth('{"a": "[[[{{{", "b": [{"c": "\\"]]"}]}') == 3
    assert nesting_depth('"[[["') == 0
    assert nesting_depth(_deep(MAX_DEPTH + 1)) == MAX_DEPTH + 1
