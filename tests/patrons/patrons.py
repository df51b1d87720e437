"""Helpers of the patrons' tests: an API call that must succeed, or fail with a code."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient


def posted(client: APIClient, url: str, body: dict[str, Any] | None = None, *, status: int) -> Any:
    """POST ``body`` to ``url``; the answer's JSON, once its status is ``status``."""
    response = client.post(url, body or {}, format="json")
    assert response.status_code == status, response.json()
    return response.json()


def refused(client: APIClient, url: str, body: dict[str, Any] | None = None, *, code: str) -> Any:
    """POST ``body`` to ``url``, which must refuse it with ``code``; the error's details."""
    response = client.post(url, body or {}, format="json")
    assert response.status_code >= 400, response.json()
    error = response.json()["error"]
    assert error["code"] == code, error
    return error["details"]


def enrolled(client: APIClient, casino_id: int, number: str, **identity: Any) -> dict[str, Any]:
    """A carded patron enrolled by ``client`` (a pit boss's)."""
    body = {"loyalty_number": number, "name": "Ada Lovelace", "date_of_birth": "1985-12-10"}
    return posted(client, f"/api/v1/casinos/{casino_id}/patrons/", {**body, **identity}, status=201)  # type: ignore[no-any-return]
