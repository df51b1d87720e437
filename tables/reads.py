"""The floor's reads as the API answers them, each deciding the reader's permission
(``casino.core.permissions``) over the selectors that find the rows.

A read of one object finds it first and then decides (:raises Model.DoesNotExist: before
``permission_denied``): the API has always answered an unknown id with 404, whoever asks. A list
decides on the reader's role alone, and the selector narrows the rows to what the reader may
see.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from casino.core.permissions import require
from tables import selectors
from tables.models import LimitChangeRequest, RetractionRequest, Round, Table, Tablet
from tables.tablet_selectors import tablets_of_table


def table_list(user: Any) -> QuerySet[Table]:
    """The tables ``user`` may see (:func:`tables.selectors.tables_for`).

    :raises ApiError: ``permission_denied`` (403) without a role on the floor.
    """
    require(user, "tables.view_floor")
    return selectors.tables_for(user)


def table_detail(user: Any, table_id: int) -> Table:
    """The table, as :func:`tables.selectors.table_queryset` reads it.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` deals, supervises or audits
        there.
    """
    table = selectors.table_queryset().get(pk=table_id)
    require(user, "tables.view_table", table)
    return table


def table_tablets(user: Any, table_id: int) -> QuerySet[Tablet]:
    """The tablets registered to the table, revoked ones too.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` manages or audits the table.
    """
    table = Table.objects.get(pk=table_id)
    require(user, "tables.view_tablets", table)
    return tablets_of_table(table.pk)


def limit_change_list(user: Any, **filters: Any) -> list[LimitChangeRequest]:
    """:func:`tables.selectors.limit_change_list` for ``user``.

    :raises ApiError: ``permission_denied`` (403) for a role that reviews no limits.
    """
    require(user, "tables.list_limit_changes")
    return selectors.limit_change_list(user=user, **filters)


def limit_change_detail(user: Any, request_id: int) -> LimitChangeRequest:
    """A change of limits under dual control.

    :raises LimitChangeRequest.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` manages or audits its table.
    """
    change = selectors.limit_change_queryset().get(pk=request_id)
    require(user, "tables.view_limit_change", change.table)
    return change


def retraction_list(user: Any, **filters: Any) -> list[RetractionRequest]:
    """:func:`tables.selectors.retraction_list` for ``user``.

    :raises ApiError: ``permission_denied`` (403) for a role that reads no rounds.
    """
    require(user, "tables.list_retractions")
    return selectors.retraction_list(user=user, **filters)


def retraction_detail(user: Any, request_id: int) -> RetractionRequest:
    """A retraction request.

    :raises RetractionRequest.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` deals, supervises or audits
        at its round's table.
    """
    found = selectors.retraction_queryset().get(pk=request_id)
    require(user, "tables.view_retraction", found.round)
    return found


def retraction_round(user: Any, round_id: int) -> Round:
    """The round whose retractable entries ``user`` asks for, with its table's pit and its
    rule set.

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` may ask for a retraction of
        it.
    """
    round = Round.objects.select_related("table__pit", "rule_set").get(pk=round_id)
    require(user, "tables.request_retraction", round)
    return round
