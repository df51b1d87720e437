"""The domain's metrics after a played round: the counters moved where the events happened,
only for what committed, and ``/metrics`` exposes them with the gauges read at scrape time."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
from django.utils import timezone
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from rest_framework.test import APIClient

from audit.models import Checkpoint, CheckpointReason
from casino.core import metrics
from casino.core.alerts import alert_record_apart
from casino.core.models import AlertKind
from tests.russian_round import FOUR_BOX_ROUND

pytestmark = pytest.mark.django_db


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def scraped() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = APIClient(REMOTE_ADDR="127.0.0.1").get("/metrics")
    assert response.status_code == 200
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


#: The actions of play_rp01's round, before its settlement.
RP01_ACTIONS = 6


def test_a_played_round_moves_the_action_and_settlement_counters(
    audit_floor: dict[str, Any],
    play_rp01: Callable[[Any], Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = str(audit_floor["table"].game)
    actions, settlements = (
        value("casino_actions_total", game=game),
        value("casino_settlements_total", game=game),
    )
    with django_capture_on_commit_callbacks(execute=True):
        play_rp01(audit_floor["table"])
    assert value("casino_actions_total", game=game) == actions + RP01_ACTIONS
    assert value("casino_settlements_total", game=game) == settlements + 1
    samples = scraped()
    assert samples[("casino_actions_total", (("game", game),))] == actions + RP01_ACTIONS
    assert samples[("casino_settlements_total", (("game", game),))] == settlements + 1
    # django-prometheus's request and database metrics are there too.
    assert any(
        name == "django_http_requests_total_by_view_transport_method_total" for name, _ in samples
    )
    assert any(name == "django_db_execute_total" for name, _ in samples)


def test_a_refused_action_is_counted_as_a_refusal_never_as_an_action(
    floor: dict[str, Any],
    client_for: Callable[[str | None], APIClient],
    django_capture_on_commit_callbacks: Any,
) -> None:
    game = str(floor["table"].game)
    client = client_for("dealer")
    with django_capture_on_commit_callbacks(execute=True):
        opened = client.post(f"/api/v1/tables/{floor['table'].pk}/rounds/", {}, format="json")
    round_id = opened.json()["id"]
    actions = value("casino_actions_total", game=game)
    refusals = value("casino_refusals_total", game=game, code="stale_event")
    action, fields = FOUR_BOX_ROUND[0]
    with django_capture_on_commit_callbacks(execute=True):
        refused = client.post(
            f"/api/v1/rounds/{round_id}/actions/",
            {"expected_event": 99, "action": action, **fields},
            format="json",
        )
    assert refused.status_code == 409
    assert value("casino_actions_total", game=game) == actions
    assert value("casino_refusals_total", game=game, code="stale_event") == refusals + 1


def test_a_settlement_whose_cap_applied_is_a_cap_hit(
    django_capture_on_commit_callbacks: Any,
) -> None:
    before = value("casino_cap_hits_total", game="red_dog")
    settled = value("casino_settlements_total", game="red_dog")
    with django_capture_on_commit_callbacks(execute=True):
        metrics.settlement_counted(game="red_dog", cap_applied=True)
        metrics.settlement_counted(game="red_dog", cap_applied=False)
    assert value("casino_cap_hits_total", game="red_dog") == before + 1
    assert value("casino_settlements_total", game="red_dog") == settled + 2


def test_push_latency_is_timed_from_the_stream_id_of_the_publish() -> None:
    count = value("casino_push_latency_seconds_count")
    under_quarter = value("casino_push_latency_seconds_bucket", le="0.25")
    published_ms = int(time.time() * 1000) - 200
    metrics.push_delivered(f"{published_ms}-0", now=published_ms / 1000 + 0.2)
    metrics.push_delivered("not-an-id")
    assert value("casino_push_latency_seconds_count") == count + 1
    assert value("casino_push_latency_seconds_bucket", le="0.25") == under_quarter + 1


def test_the_scrape_reads_alerts_open_the_checkpoint_age_and_the_queue_depth(
    floor: dict[str, Any],
) -> None:
    alert_record_apart(
        kind=AlertKind.DEALER_REFUSALS,
        cause="table:test",
        once=False,
        casino_id=floor["casino"].pk,
        table_id=floor["table"].pk,
        details={},
        at=timezone.now(),
    )
    Checkpoint.objects.create(
        number=1,
        sealed_at=timezone.now() - dt.timedelta(minutes=7),
        reason=CheckpointReason.INTERVAL,
        streams=0,
        root="0" * 64,
        key_id="test",
        line="{}",
    )
    samples = scraped()
    open_alerts = samples[
        ("casino_alerts_open", (("kind", "dealer_refusals"), ("severity", "warning")))
    ]
    assert open_alerts == 1
    age = samples[("casino_audit_checkpoint_age_seconds", ())]
    assert 7 * 60 <= age < 8 * 60
    assert ("casino_celery_queue_depth", (("queue", "celery"),)) in samples


def test_a_gauge_whose_source_fails_is_left_out_and_counted(settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    samples = scraped()
    assert not any(name == "casino_celery_queue_depth" for name, _ in samples)
    assert samples[("casino_scrape_errors", (("gauge", "casino_celery_queue_depth"),))] == 1


def test_the_queue_depth_counts_every_priority_of_the_queue(settings: Any) -> None:
    """kombu keeps a queue as one Redis list per priority step: all of them are waiting."""
    settings.CELERY_TASK_DEFAULT_QUEUE = "deploy-test-queue"
    client = redis.Redis.from_url(settings.REDIS_URL)
    keys = ["deploy-test-queue", "deploy-test-queue\x06\x163"]
    client.delete(*keys)
    try:
        client.lpush(keys[0], "a", "b", "c")
        client.lpush(keys[1], "d", "e")
        samples = scraped()
        assert samples[("casino_celery_queue_depth", (("queue", "deploy-test-queue"),))] == 5
    finally:
        client.delete(*keys)
