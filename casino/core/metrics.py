"""The domain's Prometheus metrics: what happened at the tables, counted where it happened, and
what stands now, read when the metrics are scraped.

Counters (``casino_*_total``) are incremented by the service that makes the change, one line
each, once its transaction has committed (``transaction.on_commit``): an action rolled back is
never counted, so the counters agree with the database. Refusals are counted after the refused
request's transaction ended (it wrote nothing), push latency when an event is delivered.

Gauges of the present (alerts open, the age of the last audit checkpoint, the Celery queue's
depth) are not kept by any process: :class:`ScrapeCollector` computes them when ``/metrics`` is
read, from PostgreSQL and Redis, once per scrape whatever the number of processes. A layer above
adds what only it can read with :func:`scrape_gauge` (the audit app, its checkpoints).

Several processes (gunicorn's workers): with ``PROMETHEUS_MULTIPROC_DIR`` set before this module
is imported, prometheus_client keeps each process's values in files of that folder and the
metrics endpoint adds them up (``casino.api.metrics``); the folder is emptied when the server
starts and a dead worker's files are marked by gunicorn's ``child_exit`` hook
(``deploy/gunicorn.conf.py``).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import redis
from django.conf import settings
from django.db import transaction
from django.db.models import Count
from kombu.transport.redis import PRIORITY_STEPS
from prometheus_client import Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from casino.core.models import Alert

logger = logging.getLogger(__name__)

ACTIONS = Counter("casino_actions", "Dealer actions recorded, per game.", ["game"])
REFUSALS = Counter(
    "casino_refusals",
    "Refused requests at a table (4xx but 401, 403 and 404), per game and code.",
    ["game", "code"],
)
SETTLEMENTS = Counter("casino_settlements", "Rounds settled, per game.", ["game"])
CAP_HITS = Counter(
    "casino_cap_hits", "Settlements whose payout cap was applied, per game.", ["game"]
)
PUSH_LATENCY = Histogram(
    "casino_push_latency_seconds",
    "From a change's publish to Redis to its delivery to a subscriber of the pit.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)


def action_counted(*, game: str) -> None:
    """Count one dealer action of ``game`` once the current transaction commits."""
    transaction.on_commit(ACTIONS.labels(game=game).inc)


def refusal_counted(*, game: str, code: str) -> None:
    """Count one refusal at a table of ``game``; call it after the refused transaction ended."""
    REFUSALS.labels(game=game, code=code).inc()


def settlement_counted(*, game: str, cap_applied: bool) -> None:
    """Count one settlement (and a cap hit, if the cap applied) once the transaction commits."""
    transaction.on_commit(SETTLEMENTS.labels(game=game).inc)
    if cap_applied:
        transaction.on_commit(CAP_HITS.labels(game=game).inc)


def push_delivered(version: str, *, now: float | None = None) -> None:
    """Observe the latency of an event delivered now whose stream id is ``version``.

    A Redis Stream's id starts with the milliseconds of Redis's clock when the entry was
    appended, i.e. at the publish; the delivery is timed by this process's clock, so the two
    machines' clocks must be kept in step (NTP) for the figure to mean anything across them. A
    negative figure (clocks apart) is counted as zero.
    """
    millis, _, _ = version.partition("-")
    if not millis.isdigit():
        return
    at = time.time() if now is None else now
    PUSH_LATENCY.observe(max(0.0, at - int(millis) / 1000))


@dataclass(frozen=True)
class Gauge:
    """A gauge computed at scrape time: ``read`` returns its samples, (label values, value)."""

    name: str
    documentation: str
    labels: tuple[str, ...]
    read: Callable[[], Iterable[tuple[tuple[str, ...], float]]]


_gauges: dict[str, Gauge] = {}


def scrape_gauge(gauge: Gauge) -> None:
    """Add ``gauge`` to what :class:`ScrapeCollector` reports (again: replaces it)."""
    _gauges[gauge.name] = gauge


class ScrapeCollector(Collector):
    """The gauges of :func:`scrape_gauge`, read now. A gauge whose source does not answer
    (PostgreSQL or Redis down) is left out of the scrape and counted in
    ``casino_scrape_errors``, so the rest still reaches Prometheus."""

    def collect(self) -> Iterator[Metric]:
        errors = GaugeMetricFamily(
            "casino_scrape_errors",
            "Gauges left out of this scrape: their source failed.",
            labels=["gauge"],
        )
        for gauge in list(_gauges.values()):
            family = GaugeMetricFamily(gauge.name, gauge.documentation, labels=gauge.labels)
            try:
                for labels, value in gauge.read():
                    family.add_metric(list(labels), value)
            except Exception:  # a source that is down costs its gauge, never the scrape
                logger.warning("metrics: the gauge %s could not be read", gauge.name, exc_info=True)
                errors.add_metric([gauge.name], 1)
                continue
            yield family
        yield errors


def _alerts_open() -> Iterator[tuple[tuple[str, ...], float]]:
    rows = (
        Alert.objects.filter(acknowledgement__isnull=True)
        .order_by()
        .values_list("kind", "severity")
        .annotate(open=Count("id"))
    )
    for kind, severity, count in rows:
        yield (kind, severity), float(count)


def _celery_queue_depth() -> Iterator[tuple[tuple[str, ...], float]]:
    queue = getattr(settings, "CELERY_TASK_DEFAULT_QUEUE", "celery")
    # kombu's Redis transport keeps one list per priority step: "celery", "celery\x06\x163"...
    keys = [queue] + [f"{queue}\x06\x16{step}" for step in PRIORITY_STEPS if step]
    client = _redis(settings.REDIS_URL, settings.REDIS_TIMEOUT_S)
    with client.pipeline(transaction=False) as pipe:
        for key in keys:
            pipe.llen(key)
        depths = pipe.execute()
    yield (queue,), float(sum(depths))


@functools.cache
def _redis(url: str, timeout: float) -> redis.Redis:
    """One client per process, which gives up after ``timeout`` (``REDIS_TIMEOUT``)."""
    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)


scrape_gauge(
    Gauge(
        "casino_alerts_open",
        "Alerts not acknowledged, per kind and severity.",
        ("kind", "severity"),
        _alerts_open,
    )
)
scrape_gauge(
    Gauge(
        "casino_celery_queue_depth",
        "Tasks waiting in the Celery queue on Redis.",
        ("queue",),
        _celery_queue_depth,
    )
)
