"""Gaming-day reports: requested (by an auditor, or nightly for the closed day), built by a
Celery worker, stored with their SHA-256 digests in the audit trail.

A request writes a ``queued`` report and its dispatch (an outbox) and, once committed, hands its
id to the worker; the worker claims it (``running``), reads every figure in one snapshot,
renders the CSV and the PDF, and stores all three with an audit row, in one transaction. A
finished report never changes (a trigger); a correction approved later is counted by a later
report.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
from collections.abc import Iterator, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connections, transaction
from django.utils import timezone

from audit.models import GamingDayReport, ReportStatus, ReportTrigger
from audit.services.closed_days import last_closed_days
from audit.services.reports.outbox import report_dispatch_add
from audit.services.reports.payload import (
    CENT,
    ReportError,
    canonical_payload,
    report_payload,
    sha256,
)
from audit.services.reports.render import render_csv, render_pdf
from audit.services.reports.variance import MODES
from casino.core.audit_codes import AuditCode
from casino.core.db_router import read_alias, replica_reads
from casino.core.errors import ApiError, ReportCode
from casino.core.gaming_day import gaming_day_of
from casino.core.models import AuditRecord
from casino.core.permissions import require
from casino.core.trail.recording import audit_record
from casino.core.updates import row_update
from tables.models import Casino

logger = logging.getLogger(__name__)


#: Who the audit trail names for what the nightly schedule does.
NIGHTLY_ACTOR = "system:nightly"


def report_parameters(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The thresholds a report applies: the settings' (``AUDIT_REPORTS``), with ``overrides``
    (``variance_mode``, ``variance_threshold_pp``, ``confidence_z``, ``large_payout_threshold``;
    ``None`` keeps the setting), as JSON strings.

    :raises ApiError: ``report_parameters_invalid`` (400).
    """
    conf = settings.AUDIT_REPORTS
    chosen = {
        "variance_mode": conf["VARIANCE_MODE"],
        "variance_threshold_pp": conf["VARIANCE_THRESHOLD_PP"],
        "confidence_z": conf["CONFIDENCE_Z"],
        "large_payout_threshold": conf["LARGE_PAYOUT_THRESHOLD"],
    }
    chosen.update({name: value for name, value in (overrides or {}).items() if value is not None})
    if chosen["variance_mode"] not in MODES:
        raise ApiError(
            ReportCode.REPORT_PARAMETERS_INVALID,
            f"variance_mode is one of {', '.join(MODES)}.",
            field="variance_mode",
        )
    parameters: dict[str, Any] = {"variance_mode": str(chosen["variance_mode"])}
    for name in ("variance_threshold_pp", "confidence_z", "large_payout_threshold"):
        parameters[name] = str(_non_negative(name, chosen[name]))
    parameters["large_payout_threshold"] = str(
        Decimal(parameters["large_payout_threshold"]).quantize(CENT)
    )
    parameters["round_sd"] = {
        game: str(_non_negative(f"ROUND_SD[{game}]", sd))
        for game, sd in sorted(conf["ROUND_SD"].items())
    }
    return parameters


def report_language(language: str | None) -> str:
    """``language``, or the schedule's (``settings.REPORT_LANGUAGE``) when ``None``.

    :raises ValueError: a language not in ``settings.LANGUAGES``.
    """
    chosen = settings.REPORT_LANGUAGE if language is None else language
    if chosen not in {code for code, _ in settings.LANGUAGES}:
        raise ValueError(f"No report is written in {chosen!r} (settings.LANGUAGES).")
    return str(chosen)


def report_request(
    *,
    actor: AbstractBaseUser,
    gaming_day: dt.date,
    casino_id: int | None = None,
    parameters: Mapping[str, Any] | None = None,
    language: str | None = None,
) -> GamingDayReport:
    """Queue a report of ``gaming_day`` for a worker; the caller polls its status.

    ``language`` (a code of ``settings.LANGUAGES``) is the language of the CSV's and the PDF's
    words; ``None`` is ``settings.REPORT_LANGUAGE``. The figures are the same in every language.

    The report's task goes through the outbox (``audit.services.reports.outbox``): written
    with the report, published once committed, and again later if the broker was unavailable,
    so the request neither waits for Redis nor leaves a report nobody builds.

    ``casino_id`` may be omitted when there is one casino. A day not yet closed gives a
    provisional report.

    :raises ApiError: ``permission_denied`` (403) unless the actor is an auditor;
        ``report_casino_required`` (400); ``report_casino_unknown`` (404);
        ``report_day_in_future`` (400); ``report_parameters_invalid`` (400).
    :raises ValueError: a ``language`` not in ``settings.LANGUAGES`` (the API validates it).
    """
    require(actor, "audit.run_reports")
    chosen = report_parameters(parameters)
    language = report_language(language)
    with transaction.atomic():
        casino = _casino(casino_id)
        now = timezone.now()
        today = gaming_day_of(
            now, time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
        )
        if gaming_day > today:
            raise ApiError(
                ReportCode.REPORT_DAY_IN_FUTURE,
                "That gaming day has not started.",
                gaming_day=gaming_day.isoformat(),
                today=today.isoformat(),
            )
        report = GamingDayReport.objects.create(
            casino=casino,
            gaming_day=gaming_day,
            trigger=ReportTrigger.ON_DEMAND,
            parameters=chosen,
            language=language,
            requested_by=actor,
            requested_at=now,
        )
        _record_request(report, actor=actor)
        report_dispatch_add(report)
        return report


def report_build(*, report_id: int) -> GamingDayReport:
    """Build and store a queued report; what a worker runs. A report already finished is
    returned as it is, so a redelivered task does no harm.

    A failure to build is stored on the report (``failed``, with the error) and logged.

    :raises GamingDayReport.DoesNotExist:
    """
    with transaction.atomic():
        report = GamingDayReport.objects.select_for_update().get(pk=report_id)
        if report.status in (ReportStatus.DONE, ReportStatus.FAILED):
            return report
        row_update(report, status=ReportStatus.RUNNING, started_at=timezone.now())
    report = GamingDayReport.objects.select_related("casino").get(pk=report_id)
    try:
        # The figures are read on the replica when there is one; a closed day's only once it
        # has replayed everything written before now, so every round of the day is counted.
        with replica_reads(caught_up=_closed(report)), _snapshot():
            payload = report_payload(report=report, generated_at=timezone.now())
        csv_text = render_csv(payload, language=report.language)
        pdf = render_pdf(payload, language=report.language, time_zone=report.casino.time_zone)
    except ReportError as exc:
        return _fail(report_id, f"{exc.code}: {exc}")
    except Exception as exc:  # any failure must reach the auditor polling the report
        logger.exception("report %s failed", report_id)
        return _fail(report_id, f"{type(exc).__name__}: {exc}")
    return _store(report_id, payload=payload, csv_text=csv_text, pdf=pdf)


def report_nightly(*, now: dt.datetime | None = None) -> list[GamingDayReport]:
    """Build, for every casino, the report of its last closed gaming day, unless built.

    Run hourly by Celery beat, so each casino's report follows its own close (start hour and
    time zone) and a missed run is caught up; a day counts as closed once
    ``AUDIT_REPORTS["NIGHTLY_GRACE_MINUTES"]`` have passed since its end, to let the rounds in
    play at the close be settled.
    """
    now = now or timezone.now()
    reports = []
    for casino, day in last_closed_days(now):
        report = _nightly_report(casino, day, now=now)
        if report.status in (ReportStatus.QUEUED, ReportStatus.RUNNING):
            report = report_build(report_id=report.pk)
        reports.append(report)
    return reports


def _nightly_report(casino: Casino, day: dt.date, *, now: dt.datetime) -> GamingDayReport:
    existing = GamingDayReport.objects.filter(
        casino=casino, gaming_day=day, trigger=ReportTrigger.NIGHTLY
    ).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            report = GamingDayReport.objects.create(
                casino=casino,
                gaming_day=day,
                trigger=ReportTrigger.NIGHTLY,
                parameters=report_parameters(),
                language=report_language(None),
                requested_at=now,
            )
            _record_request(report, actor=None)
            return report
    except IntegrityError:
        # Another run created it first (one nightly report per casino and day).
        return GamingDayReport.objects.get(
            casino=casino, gaming_day=day, trigger=ReportTrigger.NIGHTLY
        )


def _record_request(report: GamingDayReport, *, actor: AbstractBaseUser | None) -> None:
    _record_report_event(
        report,
        AuditCode.REPORT_REQUESTED,
        actor=actor,
        after={"parameters": report.parameters, "language": report.language},
    )


def _record_report_event(
    report: GamingDayReport,
    event_code: str,
    *,
    actor: AbstractBaseUser | None,
    after: Mapping[str, Any],
) -> AuditRecord:
    """The audit row of ``event_code`` about ``report``, on its casino's trail and gaming day:
    by ``actor``, or by the nightly run (``NIGHTLY_ACTOR``) when none. Its ``after`` names the
    report (its id, casino and trigger), then holds ``after``."""
    return audit_record(
        event_code=event_code,
        actor=actor,
        actor_label="" if actor is not None else NIGHTLY_ACTOR,
        casino=report.casino,
        gaming_day=report.gaming_day,
        after={
            "report": report.pk,
            "casino": report.casino_id,
            "trigger": report.trigger,
            **after,
        },
    )


def _store(
    report_id: int, *, payload: dict[str, Any], csv_text: str, pdf: bytes
) -> GamingDayReport:
    with transaction.atomic():
        report = (
            GamingDayReport.objects.select_for_update(of=("self",))
            .select_related("requested_by", "casino")
            .get(pk=report_id)
        )
        if report.status != ReportStatus.RUNNING:
            return report  # finished meanwhile by another delivery of the task
        report.payload = payload
        report.csv = csv_text
        report.pdf = pdf
        report.payload_sha256 = sha256(canonical_payload(payload))
        report.csv_sha256 = sha256(csv_text.encode())
        report.pdf_sha256 = sha256(pdf)
        record = _record_report_event(
            report,
            AuditCode.REPORT_STORED,
            actor=report.requested_by,
            after={
                "payload_sha256": report.payload_sha256,
                "csv_sha256": report.csv_sha256,
                "pdf_sha256": report.pdf_sha256,
            },
        )
        report.audit_stream = record.stream
        report.audit_seq = record.seq
        report.audit_hash = record.row_hash
        report.status = ReportStatus.DONE
        report.finished_at = timezone.now()
        report.save()
        return report


def _fail(report_id: int, error: str) -> GamingDayReport:
    with transaction.atomic():
        report = GamingDayReport.objects.select_for_update().get(pk=report_id)
        if report.status == ReportStatus.RUNNING:
            row_update(
                report,
                status=ReportStatus.FAILED,
                error=error[:2000],
                finished_at=timezone.now(),
            )
        return report


def _closed(report: GamingDayReport) -> bool:
    casino = report.casino
    today = gaming_day_of(
        timezone.now(), time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
    )
    return report.gaming_day < today


@contextlib.contextmanager
def _snapshot() -> Iterator[None]:
    """A transaction on the database the reads go to (``casino.core.db_router``) in which every
    figure is read from one snapshot (REPEATABLE READ), unless already inside a transaction,
    whose isolation then applies."""
    alias = read_alias()
    connection = connections[alias]
    outermost = not connection.in_atomic_block
    with transaction.atomic(using=alias):
        if outermost:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        yield


def _casino(casino_id: int | None) -> Casino:
    if casino_id is not None:
        casino = Casino.objects.filter(pk=casino_id).first()
        if casino is None:
            raise ApiError(ReportCode.REPORT_CASINO_UNKNOWN, "No such casino.", casino=casino_id)
        return casino
    casinos = list(Casino.objects.order_by("pk")[:2])
    if len(casinos) != 1:
        raise ApiError(ReportCode.REPORT_CASINO_REQUIRED, "Name the casino.", field="casino")
    return casinos[0]


def _non_negative(name: str, value: Any) -> Decimal:
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        number = Decimal(-1)
    if not number.is_finite() or number < 0:
        raise ApiError(
            ReportCode.REPORT_PARAMETERS_INVALID,
            f"{name} must be a non-negative number.",
            field=name,
        )
    return number
