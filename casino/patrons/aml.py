"""Anti-money-laundering: a patron's cash in and cash out of a gaming day, held against the
casino's thresholds.

Cash is aggregated per patron (an anonymous patron is one patron, by the description the
floor gave), per gaming day and per direction, never netted: a cash-out does not lower the
cash in (31 CFR 1021.311). When a cash event takes a direction's total to a threshold, one
entry goes to the log and one alert to the pit: at ``identify_from`` or more (the EU's linked
transactions, where configured), at ``log_from`` or more (the Multiple Transaction Log), above
``report_above`` (a currency transaction report). Each threshold is crossed once a day and
direction; the event that crossed it and the total then are kept with the entry.

The totals are summed under the patron's row lock, which every cash event takes, so two
buy-ins at two tables at once cannot both miss a crossing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Sum

from casino.core.alerts import alert_record
from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, PatronCode
from casino.core.models import AlertKind
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.patrons.models import (
    DEFAULT_LOG_FROM,
    DEFAULT_REPORT_ABOVE,
    AmlLogEntry,
    AmlPolicy,
    AmlThreshold,
    CashEvent,
)
from tables.models import Casino


def aml_policy_of(casino_id: int, at: dt.datetime) -> AmlPolicy:
    """The casino's thresholds in force at ``at``: its latest policy by then, else the
    defaults (an unsaved policy)."""
    policy = (
        AmlPolicy.objects.filter(casino_id=casino_id, effective_at__lte=at)
        .order_by("-effective_at", "-pk")
        .first()
    )
    return policy or AmlPolicy(
        casino_id=casino_id, log_from=DEFAULT_LOG_FROM, report_above=DEFAULT_REPORT_ABOVE
    )


def aml_policy_set(
    *,
    casino_id: int,
    log_from: Decimal,
    report_above: Decimal,
    identify_from: Decimal | None,
    actor: AbstractBaseUser,
) -> AmlPolicy:
    """Set the casino's thresholds from now on; the earlier ones stay on record.

    :raises Casino.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless an admin; ``aml_thresholds_invalid``
        (400) for a threshold not above zero, or a report's below the log's.
    """
    with service_transaction():
        require(actor, "patrons.set_aml_policy")
        thresholds = [log_from, report_above, *([] if identify_from is None else [identify_from])]
        if min(thresholds) <= 0 or report_above < log_from:
            raise ApiError(
                PatronCode.AML_THRESHOLDS_INVALID,
                "Each threshold is above zero, and the report's at least the log's.",
            )
        casino = Casino.objects.select_for_update().get(pk=casino_id)
        record = audit_record(
            event_code=AuditCode.AML_POLICY_SET,
            actor=actor,
            casino=casino,
            after={
                "log_from": log_from,
                "report_above": report_above,
                "identify_from": identify_from,
            },
        )
        return AmlPolicy.objects.create(
            casino=casino,
            log_from=log_from,
            report_above=report_above,
            identify_from=identify_from,
            effective_at=record.occurred_at,
            set_by=actor,
            audit_record_id=record.pk,
        )


def aml_crossings_record(event: CashEvent, *, casino_id: int) -> list[AmlLogEntry]:
    """Log and alert each threshold that ``event`` (just written, its patron's row locked)
    takes its patron's total of the day and direction to, unless logged already that day; none
    for an event that is neither cash in nor cash out. Returns the new entries."""
    if not event.direction:
        return []
    total = CashEvent.objects.filter(
        patron_id=event.patron_id, gaming_day=event.gaming_day, direction=event.direction
    ).aggregate(total=Sum("amount"))["total"]
    policy = aml_policy_of(casino_id, event.recorded_at)
    entries = []
    for threshold, amount in _reached(policy, total):
        entry, made = AmlLogEntry.objects.get_or_create(
            patron_id=event.patron_id,
            gaming_day=event.gaming_day,
            direction=event.direction,
            threshold=threshold,
            defaults={
                "casino_id": casino_id,
                "threshold_amount": amount,
                "total": total,
                "cash_event": event,
                "logged_at": event.recorded_at,
            },
        )
        if not made:
            continue
        entries.append(entry)
        alert_record(
            kind=AlertKind.AML_THRESHOLD,
            cause=f"aml:{entry.pk}",
            details={
                "patron": event.patron_id,
                "direction": event.direction,
                "threshold": threshold,
                "threshold_amount": amount,
                "total": total,
            },
            casino_id=casino_id,
            table_id=event.table_id,
            gaming_day=event.gaming_day,
            at=event.recorded_at,
        )
    return entries


def _reached(policy: AmlPolicy, total: Decimal) -> Iterator[tuple[AmlThreshold, Decimal]]:
    """The thresholds ``total`` has reached: "from" thresholds at their amount, the report's
    above it. One already logged that day is not logged again (the caller), so a threshold
    lowered during the day is logged at the next event of a patron already past it."""
    if policy.identify_from is not None and total >= policy.identify_from:
        yield AmlThreshold.IDENTIFY, policy.identify_from
    if total >= policy.log_from:
        yield AmlThreshold.LOG, policy.log_from
    if total > policy.report_above:
        yield AmlThreshold.REPORT, policy.report_above
