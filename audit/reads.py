"""The audit app's reads as the API answers them, each deciding the reader's permission
(``casino.core.permissions``) over the selectors and services that find the rows.

A read of one object finds it first and then decides (:raises Model.DoesNotExist: before
``permission_denied``), as the API always has, unless said otherwise: a report is read only by
who reads reports at all, before whether it exists is told. A list decides on the reader's role,
and the selector narrows the rows to what the reader may see.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

from django.db.models import QuerySet

from audit import selectors
from audit.models import Checkpoint, GamingDayReport
from audit.round_search import Page, round_search
from audit.round_story import RoundStory, round_story
from audit.services.checkpoints import trusted_public_key
from audit.services.verification import Verification, trail_verify
from casino.core.db_router import replica_reads
from casino.core.models import AuditRecord
from casino.core.permissions import require
from casino.core.roles import Role, user_role
from tables.models import Round, Table

# -- the trail ---------------------------------------------------------------------------------


def trail_records(user: Any, **filters: Any) -> list[AuditRecord]:
    """:func:`audit.selectors.audit_record_list`.

    :raises ApiError: ``permission_denied`` (403) for anyone but an auditor.
    """
    require(user, "audit.view_trail")
    return selectors.audit_record_list(**filters)


def trail_verification(user: Any, *, full: bool) -> Verification:
    """:func:`audit.services.verification.trail_verify`, now.

    :raises ApiError: ``permission_denied`` (403) for anyone but an auditor.
    """
    require(user, "audit.view_trail")
    return trail_verify(full=full)


def checkpoint_list(user: Any, *, limit: int = 100) -> QuerySet[Checkpoint]:
    """The newest checkpoints, newest first.

    :raises ApiError: ``permission_denied`` (403) for anyone but an auditor.
    """
    require(user, "audit.view_trail")
    return Checkpoint.objects.order_by("-number")[:limit]


def checkpoint_public_key(user: Any) -> Any:
    """The public key the checkpoints are signed with (``trusted_public_key``).

    :raises ApiError: ``permission_denied`` (403) for anyone but an auditor.
    :raises SigningKeyError: when the server was not given the key.
    """
    require(user, "audit.view_trail")
    return trusted_public_key()


# -- reports -----------------------------------------------------------------------------------


def report_list(user: Any, **filters: Any) -> list[GamingDayReport]:
    """:func:`audit.selectors.report_list` for ``user``.

    :raises ApiError: ``permission_denied`` (403) for a role that reads no reports.
    """
    require(user, "audit.list_reports")
    return selectors.report_list(user=user, **filters)


def report_detail(user: Any, report_id: int) -> GamingDayReport:
    """A gaming-day report, with its requester. Who reads no reports is refused before being
    told whether it exists.

    :raises ApiError: ``permission_denied`` (403) for a role that reads no reports, or a pit
        boss of no pit of the report's casino.
    :raises GamingDayReport.DoesNotExist: (after the first refusal).
    """
    require(user, "audit.list_reports")
    report = GamingDayReport.objects.select_related("requested_by").get(pk=report_id)
    require(user, "audit.read_report", report)
    return report


# -- rounds ------------------------------------------------------------------------------------


def round_search_page(user: Any, params: Any) -> Page:
    """:func:`audit.round_search.round_search` for ``user``: on the replica, when there is one
    (a heavy read), except a dealer's, which stays on the primary the dealer's table is written
    to.

    :raises ApiError: ``permission_denied`` (403) for a role that reads no rounds;
        ``filter_invalid`` (400).
    """
    require(user, "audit.search_rounds")
    reads = nullcontext() if user_role(user) is Role.DEALER else replica_reads()
    with reads:
        return round_search(user=user, params=params)


def round_story_of(user: Any, round_id: int) -> RoundStory:
    """:func:`audit.round_story.round_story`.

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` reviews the round's table.
    """
    round = Round.objects.select_related("table__pit").get(pk=round_id)
    require(user, "tables.review_round", round)
    return round_story(round.pk)


# -- evidence ----------------------------------------------------------------------------------


def evidence_round(user: Any, round_id: int) -> Round:
    """The round whose evidence package ``user`` asks for.

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` audits, or supervises the
        round's pit.
    """
    round = Round.objects.select_related("table__pit").get(pk=round_id)
    require(user, "audit.export_evidence", round)
    return round


def evidence_table(user: Any, table_id: int) -> Table:
    """The table whose day's evidence package ``user`` asks for.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` audits, or supervises the
        table's pit.
    """
    table = Table.objects.select_related("pit").get(pk=table_id)
    require(user, "audit.export_evidence", table)
    return table
