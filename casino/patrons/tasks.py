"""Celery tasks of the patrons app: thin wrappers over its services."""

from __future__ import annotations

import datetime as dt

from celery import shared_task
from django.utils import timezone

from casino.patrons.ratings import ratings_revise

REVISE_RATINGS_TASK = "patrons.revise_ratings"
#: How far back a run looks for settlements and corrections: a day, so that a run or several
#: missed (a worker down for hours) are caught up, at the cost of re-reading what is unchanged.
REVISION_LOOKBACK = dt.timedelta(days=1)


@shared_task(name=REVISE_RATINGS_TASK, ignore_result=True)
def revise_ratings_task() -> int:
    """Rate again the ended sessions whose rounds were settled or corrected lately; returns
    how many new versions were written."""
    now = timezone.now()
    return len(ratings_revise(since=now - REVISION_LOOKBACK, at=now))
