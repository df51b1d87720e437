"""Repeated refusals at one table: a dealer in trouble.

A refused request writes nothing in its own transaction, so its refusal is counted after that
transaction ended: in Redis (the cache), per table, as the times of the refusals within the
window (``ALERTS["REFUSALS_MINUTES"]``). When they reach ``ALERTS["REFUSALS"]``, the
``dealer_refusals`` alert is raised in a short transaction of its own (not again while it is
open) and the count starts afresh.

A dealer's refusal is also kept, one row each (``tables.RefusedEntry``), for the dealers'
accuracy by record: written by :func:`refusal_record` in a transaction of its own, after the
refused one; should that write fail, a warning is logged and the answer goes out unchanged.

Redis down: the refusal is not counted and a warning is logged; the request's own answer is
never held up or changed by the count. Two refusals counted at the very same moment may count
as one (the times are read and written back, as the sign-in throttle does): the alert may come
one refusal late, never early.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError, transaction
from django.utils import timezone
from redis.exceptions import RedisError

from casino.core.alerts import alert_record_apart
from casino.core.models import Alert, AlertKind
from tables.models import RefusedEntry, Table

logger = logging.getLogger(__name__)

_KEY = "alert_refusals:table:%s"


def refusal_count(*, table_id: int, code: str, at: dt.datetime | None = None) -> Alert | None:
    """Count one refusal at the table; raise ``dealer_refusals`` when the window holds enough.
    Returns the alert raised, or ``None``. Call it after the refused transaction ended."""
    now = at or timezone.now()
    window = dt.timedelta(minutes=settings.ALERTS["REFUSALS_MINUTES"])
    key = _KEY % table_id
    cache = caches["default"]
    try:
        since = (now - window).timestamp()
        history = [(when, seen) for when, seen in cache.get(key, []) if when > since]
        history.append((now.timestamp(), code))
        if len(history) < settings.ALERTS["REFUSALS"]:
            cache.set(key, history, int(window.total_seconds()))
            return None
        cache.delete(key)
    except RedisError:
        logger.warning("refusal at table %s not counted: Redis is unavailable", table_id)
        return None
    table = Table.objects.select_related("pit").filter(pk=table_id).first()
    if table is None:
        return None
    return alert_record_apart(
        kind=AlertKind.DEALER_REFUSALS,
        cause=f"table:{table_id}",
        once=False,
        casino_id=table.pit.casino_id,
        table_id=table_id,
        details={
            "refusals": len(history),
            "minutes": settings.ALERTS["REFUSALS_MINUTES"],
            "codes": [seen for _, seen in history],
        },
        at=now,
    )


def refusal_record(
    *, table_id: int, dealer_id: int, code: str, at: dt.datetime | None = None
) -> RefusedEntry | None:
    """Keep one refusal of a dealer's request at the table, with its gaming day at the table's
    casino; returns the row, or ``None`` for a table that does not exist or a write that
    failed (logged). Call it after the refused transaction ended."""
    now = at or timezone.now()
    try:
        with transaction.atomic():
            table = Table.objects.select_related("pit__casino").filter(pk=table_id).first()
            if table is None:
                return None
            return RefusedEntry.objects.create(
                table=table,
                dealer_id=dealer_id,
                code=code,
                refused_at=now,
                gaming_day=table.pit.casino.clock.day_of(now),
            )
    except DatabaseError:
        logger.warning("refusal of %s at table %s not kept", code, table_id, exc_info=True)
        return None
