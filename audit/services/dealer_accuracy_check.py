"""The dealers' accuracy against the casino's limits, each closed gaming day.

Over the week to the day (seven gaming days), a dealer who dealt at least
``DEALER_ACCURACY_MIN_ROUNDS`` rounds at the casino's tables, and whose voids, payout
corrections, retracted entries or refused entries per 1,000 of those rounds exceed
``DEALER_ACCURACY_LIMITS``, raises a ``dealer_accuracy`` alert: one per dealer, measure and day,
whoever runs the check and however often. The figures are the dealers' own
(``casino.dealers.accuracy``): of the errors a second person corrects, only what one approved
counts; a refusal counts as the system refused it. Fewer rounds than the minimum say too
little to alert on.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db import transaction

from audit.services.closed_days import last_closed_days
from casino.core.alerts import alert_record
from casino.core.models import Alert, AlertKind
from casino.dealers.accuracy import dealer_accuracy

#: The gaming days a check looks back over, the day checked included.
WEEK = 7
#: The measures with a limit, as ``Accuracy`` names their rates per 1,000 rounds.
MEASURES = ("voids", "payout_corrections", "entries_retracted", "refused_entries")


@dataclass(frozen=True)
class AccuracyFinding:
    """A dealer above a limit over the week to ``gaming_day``."""

    casino: int
    gaming_day: dt.date
    dealer: int
    dealer_name: str
    measure: str
    per_1000: Decimal
    limit: Decimal
    rounds: int


def dealer_accuracy_findings(*, casino_id: int, gaming_day: dt.date) -> list[AccuracyFinding]:
    """Each dealer and measure above its limit over the week to ``gaming_day``, for dealers
    who dealt at least the minimum of rounds in it; read-only."""
    limits = {name: Decimal(value) for name, value in settings.DEALER_ACCURACY_LIMITS.items()}
    first = gaming_day - dt.timedelta(days=WEEK - 1)
    found = []
    for accuracy in dealer_accuracy(casino_id=casino_id, first=first, last=gaming_day):
        if accuracy.rounds < settings.DEALER_ACCURACY_MIN_ROUNDS:
            continue
        for measure in MEASURES:
            rate = accuracy.per_thousand(getattr(accuracy, measure))
            limit = limits.get(measure)
            if limit is not None and rate is not None and rate > limit:
                found.append(
                    AccuracyFinding(
                        casino=casino_id,
                        gaming_day=gaming_day,
                        dealer=accuracy.dealer,
                        dealer_name=accuracy.dealer_name,
                        measure=measure,
                        per_1000=rate,
                        limit=limit,
                        rounds=accuracy.rounds,
                    )
                )
    return found


def dealer_accuracy_check(*, now: dt.datetime | None = None) -> list[Alert]:
    """Check each casino's last closed gaming day (at ``now``, default now), raising the
    alerts not raised before; returns those raised now."""
    raised = []
    for casino, day in last_closed_days(now):
        for finding in dealer_accuracy_findings(casino_id=casino.pk, gaming_day=day):
            with transaction.atomic():
                alert = alert_record(
                    kind=AlertKind.DEALER_ACCURACY,
                    cause=f"dealer:{finding.dealer}:{finding.measure}:{day.isoformat()}",
                    casino_id=casino.pk,
                    gaming_day=day,
                    details={
                        "dealer": finding.dealer_name,
                        "measure": finding.measure,
                        "per_1000": str(finding.per_1000),
                        "limit": str(finding.limit),
                        "rounds": finding.rounds,
                        "week": [(day - dt.timedelta(days=WEEK - 1)).isoformat(), day.isoformat()],
                    },
                )
            if alert is not None:
                raised.append(alert)
    return raised
