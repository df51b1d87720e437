"""JSON logs (``LOG_FORMAT=json``, ``casino.core.logs``): each line names the request it was
written in, by the same id as the audit rows that request wrote."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from casino.core.context import request_context
from casino.core.logs import formatters
from casino.core.models import AuditRecord


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """Every record of the root logger, INFO and up, as the image writes it."""
    options = dict(formatters("json")["default"])
    formatter = options.pop("()")(**options)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    root, request_logger = logging.getLogger(), logging.getLogger("casino.request")
    level = request_logger.level
    root.addHandler(handler)
    request_logger.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        request_logger.setLevel(level)


def lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


@pytest.mark.django_db
def test_a_requests_log_line_and_its_audit_row_name_the_same_id(
    audit_floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    json_lines: io.StringIO,
) -> None:
    client = client_for("dealer")
    opened = client.post(f"/api/v1/tables/{audit_floor['table'].pk}/rounds/", {}, format="json")
    assert opened.status_code == 201
    request_id = opened["X-Request-ID"]
    logged = [line for line in lines(json_lines) if line.get("request_id") == request_id]
    assert [line["event"] for line in logged] == ["request"]
    assert logged[0]["logger"] == "casino.request"
    assert logged[0]["status"] == 201
    assert logged[0]["path"] == f"/api/v1/tables/{audit_floor['table'].pk}/rounds/"
    assert logged[0]["level"] == "info"
    rows = AuditRecord.objects.filter(request_id=request_id)
    assert rows.exists()
    assert {row.round_id for row in rows} == {opened.json()["id"]}


def test_a_line_names_the_request_only_within_one(json_lines: io.StringIO) -> None:
    logger = logging.getLogger("casino.test")
    with request_context("req-42"):
        logger.warning("inside", extra={"table": 3})
    logger.warning("outside")
    inside, outside = lines(json_lines)
    assert inside["request_id"] == "req-42" and inside["table"] == 3
    assert inside["event"] == "inside" and inside["level"] == "warning"
    assert "timestamp" in inside
    assert "request_id" not in outside


def test_plain_lines_stay_the_default() -> None:
    assert "()" not in formatters("console")["default"]
