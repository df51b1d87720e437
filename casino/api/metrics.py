"""``GET /metrics``: the Prometheus exposition of this server, to the networks allowed only.

It holds django-prometheus's request and database metrics, the domain's counters and the
gauges read at scrape time (``casino.core.metrics``). With ``PROMETHEUS_MULTIPROC_DIR`` set
(gunicorn's workers, ``deploy/gunicorn.conf.py``) the counters are those of every process of
the server, added up from the folder's files, whichever worker answers the scrape; without it,
this process's own.

Only clients whose address (``REMOTE_ADDR``: the scraper connects to the server itself, never
through the proxy) is in ``METRICS_ALLOWED_NETWORKS`` are answered; anyone else gets 403
``metrics_not_allowed``, and so does a request that came through a proxy (it says
``X-Forwarded-For``), whose peer address is the proxy's, not the client's. Loopback only by
default: a deployment names its scraper's network.
"""

from __future__ import annotations

import ipaddress
import os

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector

from casino.core.errors import OperationsCode, error_body, status_of
from casino.core.metrics import ScrapeCollector


def metrics(request: HttpRequest) -> HttpResponse:
    """The metrics, or 403 ``metrics_not_allowed`` to a client outside the allowed networks."""
    proxied = "HTTP_X_FORWARDED_FOR" in request.META
    if proxied or not _allowed(request.META.get("REMOTE_ADDR", "")):
        code = OperationsCode.METRICS_NOT_ALLOWED
        return JsonResponse(
            error_body(code, "Metrics are not served to this address."), status=status_of(code)
        )
    return HttpResponse(generate_latest(_registry()), content_type=CONTENT_TYPE_LATEST)


def _registry() -> CollectorRegistry:
    registry = CollectorRegistry()
    multiproc_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if multiproc_dir:
        MultiProcessCollector(registry, path=multiproc_dir)
    else:
        registry.register(_ProcessRegistry())
    registry.register(ScrapeCollector())
    return registry


class _ProcessRegistry:
    """This process's own metrics (the default registry), as one collector."""

    def collect(self):  # type: ignore[no-untyped-def]
        return REGISTRY.collect()


def _allowed(address: str) -> bool:
    try:
        peer = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(
        peer.version == network.version and peer in network
        for network in (
            ipaddress.ip_network(entry.strip(), strict=False)
            for entry in settings.METRICS_ALLOWED_NETWORKS
            if entry.strip()
        )
    )
