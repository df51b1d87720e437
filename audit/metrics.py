"""The audit trail's gauge, read when the metrics are scraped (``casino.core.metrics``): how long
ago the last checkpoint was sealed. Beat seals one every ``AUDIT_CHECKPOINT_INTERVAL_SECONDS``;
an age well past that says sealing has stopped (no beat, no signing key, a failing sink)."""

from __future__ import annotations

from collections.abc import Iterator

from django.utils import timezone

from audit.models import Checkpoint
from casino.core.metrics import Gauge, scrape_gauge


def _last_checkpoint_age() -> Iterator[tuple[tuple[str, ...], float]]:
    sealed_at = Checkpoint.objects.order_by("-number").values_list("sealed_at", flat=True).first()
    if sealed_at is not None:
        yield (), (timezone.now() - sealed_at).total_seconds()


def register() -> None:
    """Add the gauge to every scrape."""
    scrape_gauge(
        Gauge(
            "casino_audit_checkpoint_age_seconds",
            "Seconds since the last audit checkpoint was sealed (absent before the first).",
            (),
            _last_checkpoint_age,
        )
    )
