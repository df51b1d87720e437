"""The floor's reads for its API, each deciding its reader's permission once: the pit view and
a table's, the pit's stream, the alerts."""

from __future__ import annotations

from typing import Any

from casino.core.errors import AccessCode, ApiError
from casino.core.models import Alert
from casino.core.permissions import DENIED_MESSAGE, require
from casino.core.roles import Role, user_role
from casino.floor import alerts
from casino.floor.pit_view import PitView, TableView, pit_view, table_view
from tables.models import DealerAssignment, Pit, Table

# -- the pit view and its stream ---------------------------------------------------------------


def pit_view_of(user: Any, pit_id: int) -> PitView:
    """:func:`casino.floor.pit_view.pit_view`.

    :raises Pit.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` supervises the pit or audits.
    """
    pit = Pit.objects.get(pk=pit_id)
    require(user, "floor.view_pit", pit)
    return pit_view(pit_id=pit.pk)


def table_view_of(user: Any, table_id: int) -> TableView:
    """:func:`casino.floor.pit_view.table_view`.

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` supervises the table's pit or
        audits.
    """
    table = Table.objects.select_related("pit").get(pk=table_id)
    require(user, "floor.view_pit", table)
    return table_view(table_id=table.pk)


def pit_stream_table(user: Any, pit_id: int) -> int | None:
    """What of pit ``pit_id``'s stream ``user`` may read: ``None`` for every table's changes
    (its watchers, and the cage, which follows the tray's steps at any pit), or the one table
    of a dealer's current assignment in the pit (for a token issued at a tablet, the tablet's
    table).

    :raises Pit.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) for anyone else.
    """
    pit = Pit.objects.get(pk=pit_id)
    role = user_role(user)
    if role is Role.CAGE:
        return None
    if role is Role.DEALER:
        table = _dealers_table(user, pit)
        if table is not None:
            return table
    require(user, "floor.view_pit", pit)
    return None


def _dealers_table(user: Any, pit: Pit) -> int | None:
    table = (
        DealerAssignment.objects.filter(dealer=user, ended_at__isnull=True, table__pit=pit)
        .values_list("table_id", flat=True)
        .first()
    )
    bound = getattr(user, "tablet_table_id", None)
    if table is None or (bound is not None and bound != table):
        return None
    return int(table)


# -- alerts ------------------------------------------------------------------------------------


def alert_list(user: Any, **filters: Any) -> list[Alert]:
    """:func:`casino.floor.alerts.alert_list` for ``user``.

    :raises ApiError: ``permission_denied`` (403) for a role that reads no alerts, or a pit
        boss naming a table or pit not of the own pits.
    """
    require(user, "floor.list_alerts")
    if user_role(user) is Role.PIT_BOSS and not alerts.supervises(
        user, table=filters.get("table"), pit=filters.get("pit")
    ):
        raise ApiError(AccessCode.PERMISSION_DENIED, DENIED_MESSAGE)
    return alerts.alert_list(user=user, **filters)
