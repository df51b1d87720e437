"""Health, the OpenAPI schema, device tokens, and a real Celery worker on the real broker."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from casino.core.models import AuditRecord
from tests.celery_worker import celery_worker


@pytest.mark.django_db
def test_healthz_checks_database_and_redis() -> None:
    response = APIClient().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"database": "ok", "redis": "ok"}}


@pytest.mark.django_db
def test_healthz_reports_a_dead_dependency(settings: Any) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    response = APIClient().get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == "ok"
    assert response.json()["checks"]["redis"].startswith("error:")


def test_openapi_schema_is_valid_and_describes_every_body(tmp_path: Path) -> None:
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    text = out.read_text()
    for path in ("/api/v1/rounds/{round_id}/actions/", "/api/v1/tables/{table_id}/limits/"):
        assert path in text


@pytest.mark.django_db
def test_device_token_login_and_failed_login_are_audited(
    users: dict[str, Any], floor: dict[str, Any]
) -> None:
    client = APIClient()
    bad = client.post(
        "/api/v1/auth/device-token/",
        {"username": "dealer", "password": "wrong", "device_name": "tablet 3"},
        format="json",
    )
    assert bad.status_code == 401
    assert bad.json()["error"]["code"] == "authentication_failed"
    good = client.post(
        "/api/v1/auth/device-token/",
        {"username": "dealer", "password": "pw-dealer", "device_name": "tablet 3"},
        format="json",
    )
    assert good.status_code == 201
    assert good.json()["role"] == "dealer"
    codes = list(AuditRecord.objects.order_by("id").values_list("event_code", "actor_label"))
    assert codes == [("auth.login_failed", "dealer"), ("auth.device_token_issued", "dealer")]

    client.credentials(HTTP_AUTHORIZATION=f"Token {good.json()['token']}")
    me = client.get("/api/v1/me/")
    assert me.json() == {"username": "dealer", "role": "dealer", "table": "RP-1"}


@pytest.mark.django_db
def test_revoked_token_no_longer_authenticates(
    client_for: Callable[[str | None], Any],
) -> None:
    from django.utils import timezone

    from casino.identity.models import DeviceToken

    client = client_for("auditor")
    assert client.get("/api/v1/me/").status_code == 200
    DeviceToken.objects.update(revoked_at=timezone.now())
    response = client.get("/api/v1/me/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"


@pytest.mark.stack
def test_a_real_worker_consumes_the_redis_broker() -> None:
    """Start ``celery worker`` as a separate process and have it answer a task."""
    from casino.celery import ping

    with celery_worker(DJANGO_SETTINGS_MODULE="casino.settings"):
        assert ping.delay().get(timeout=60) == "pong"
