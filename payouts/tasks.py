"""Celery tasks of the payouts app: thin wrappers over the services (``shared_task``: the
Celery app is the project's, ``casino.celery``, which this app does not import)."""

from __future__ import annotations

import logging

from celery import shared_task

from payouts.services.house_edges import house_edge_compute, house_edges_request

logger = logging.getLogger(__name__)

COMPUTE_HOUSE_EDGE_TASK = "payouts.compute_house_edge"
REFRESH_HOUSE_EDGES_TASK = "payouts.refresh_house_edges"


@shared_task(name=COMPUTE_HOUSE_EDGE_TASK, ignore_result=True)
def compute_house_edge_task(house_edge_id: int) -> str:
    """Compute one requested house edge (minutes of a core); returns its final status."""
    return str(house_edge_compute(house_edge_id).status)


@shared_task(name=REFRESH_HOUSE_EDGES_TASK)
def refresh_house_edges_task() -> list[int]:
    """Request the house edge of every table configuration without one and send a task for
    each pending computation; returns their ids."""
    pending = [edge.pk for edge in house_edges_request()]
    for house_edge_id in pending:
        compute_house_edge_task.delay(house_edge_id)
    return pending


def send_refresh() -> None:
    """Send the refresh task, after the transaction that made a version commits. A broker that
    cannot take it now costs only the wait until the periodic refresh (a warning is logged)."""
    try:
        refresh_house_edges_task.delay()
    except Exception:  # the broker down must not undo the version just made
        logger.warning("the house edges' refresh could not be sent; the periodic one will run")
