"""Liveness apart from readiness (``casino.api.health``), and who may read ``/metrics``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from casino.api import health

DEAD_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
    }
}


@pytest.fixture(autouse=True)
def _fresh_migrations_check() -> None:
    health._migrations_ok_at.clear()


def test_livez_answers_whatever_the_dependencies_do(settings: Any) -> None:
    settings.CACHES = DEAD_REDIS
    response = APIClient().get("/livez")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


@pytest.mark.django_db
def test_readyz_is_ready_with_migrations_applied_and_both_servers_answering() -> None:
    response = APIClient().get("/readyz")
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "redis": "ok", "migrations": "ok"},
    }


@pytest.mark.django_db
def test_readyz_names_a_redis_that_does_not_answer(settings: Any) -> None:
    settings.CACHES = DEAD_REDIS
    response = APIClient().get("/readyz")
    assert response.status_code == 503
    assert response.json()["down"] == ["redis"]


@pytest.mark.django_db
def test_readyz_is_not_ready_while_a_migration_is_unapplied(monkeypatch: Any) -> None:
    code = health._code_migrations() | {("tables", "9999_not_applied_yet")}
    monkeypatch.setattr(health, "_code_migrations", lambda: code)
    response = APIClient().get("/readyz")
    assert response.status_code == 503
    assert response.json()["down"] == ["migrations"]
    assert response.json()["checks"]["migrations"] == "error: 1 migrations not applied"


@pytest.mark.django_db
def test_a_ready_answer_about_migrations_is_kept_briefly(monkeypatch: Any, settings: Any) -> None:
    """Once all are applied the check asks the database again only after the cache's time."""
    assert health.migrations_check() == "ok"
    monkeypatch.setattr(health, "_code_migrations", lambda: {("tables", "9999_new")})
    assert health.migrations_check() == "ok"  # kept
    settings.READINESS = {**settings.READINESS, "MIGRATIONS_CACHE_S": 0}
    assert health.migrations_check() == "error: 1 migrations not applied"


@pytest.mark.django_db
def test_readyz_fails_while_the_server_drains(settings: Any, tmp_path: Path) -> None:
    drain = tmp_path / "draining"
    settings.READINESS = {**settings.READINESS, "DRAIN_FILE": str(drain)}
    assert APIClient().get("/readyz").status_code == 200
    drain.touch()
    response = APIClient().get("/readyz")
    assert response.status_code == 503
    assert response.json()["down"] == ["draining"]
    # Everything else is still served while the load balancer stops sending.
    assert APIClient().get("/livez").status_code == 200


@pytest.mark.django_db
def test_metrics_are_served_to_loopback_only_by_default() -> None:
    assert APIClient(REMOTE_ADDR="127.0.0.1").get("/metrics").status_code == 200
    refused = APIClient(REMOTE_ADDR="10.1.2.3").get("/metrics")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "metrics_not_allowed"


@pytest.mark.django_db
def test_metrics_are_served_to_the_networks_allowed(settings: Any) -> None:
    settings.METRICS_ALLOWED_NETWORKS = ["10.0.0.0/8"]
    assert APIClient(REMOTE_ADDR="10.1.2.3").get("/metrics").status_code == 200
    assert APIClient(REMOTE_ADDR="127.0.0.1").get("/metrics").status_code == 403


@pytest.mark.django_db
def test_metrics_are_refused_through_a_proxy() -> None:
    """Through the reverse proxy the peer is the proxy, whatever the client: refused."""
    proxied = APIClient(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    response = proxied.get("/metrics")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "metrics_not_allowed"
