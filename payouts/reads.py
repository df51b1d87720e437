"""The payouts app's reads as the API answers them, each deciding the reader's permission
(``casino.core.permissions``) over the selectors and services that find the rows."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import QuerySet

from casino.core.errors import ApiError, RoundCode
from casino.core.permissions import require
from casino.core.queries import given
from casino.core.roles import Role, user_role
from payouts import selectors, tray_selectors
from payouts.models import ChipDenomination, ChipSlip, Correction, HouseEdge, ShiftReconciliation
from payouts.services.replay import ReplayReport, round_replay
from payouts.tray_selectors import Tray
from tables.models import Casino, Round, RuleSet, Table


def settled_round(user: Any, round_id: int) -> selectors.SettledRoundDetail:
    """A round with its events, state and settlement (:func:`selectors.settled_round_detail`).

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` deals, supervises or audits
        at the round's table.
    """
    round = selectors.settled_round_queryset().get(pk=round_id)
    require(user, "tables.view_table", round)
    return selectors.settled_round_detail(round)


def settlement_replay(user: Any, round_id: int) -> ReplayReport:
    """The round's settlement recomputed from its events, beside the stored one
    (:func:`payouts.services.replay.round_replay`).

    :raises Round.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` reviews the round's table;
        ``round_not_settled`` (409).
    """
    round = Round.objects.select_related("table__pit").get(pk=round_id)
    require(user, "tables.review_round", round)
    if not selectors.is_settled(round):
        raise ApiError(RoundCode.ROUND_NOT_SETTLED, "The round has not been settled.")
    return round_replay(round_id=round.pk)


def rule_set_house_edges(user: Any, rule_set_id: int) -> tuple[RuleSet, QuerySet[HouseEdge]]:
    """The rule set and the house edges computed for it, one per table configuration, with
    their paytables and Ante bands. Who reads no house edges is refused before being told
    whether the rule set exists.

    :raises ApiError: ``permission_denied`` (403) for a role that reads no house edges.
    :raises RuleSet.DoesNotExist: (after the refusal).
    """
    require(user, "payouts.view_house_edges")
    rule_set = RuleSet.objects.get(pk=rule_set_id)
    edges = (
        HouseEdge.objects.filter(rule_set=rule_set)
        .select_related("main_paytable", "bonus_paytable")
        .prefetch_related("bands")
        .order_by("pk")
    )
    return rule_set, edges


# -- corrections -------------------------------------------------------------------------------


def correction_list(user: Any, **filters: Any) -> list[Correction]:
    """:func:`payouts.selectors.correction_list` for ``user``.

    :raises ApiError: ``permission_denied`` (403) for a role that reviews no corrections.
    """
    require(user, "payouts.list_corrections")
    return selectors.correction_list(user=user, **filters)


def correction_detail(user: Any, correction_id: int) -> Correction:
    """A correction, as :func:`payouts.selectors.correction_queryset` reads it.

    :raises Correction.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` deals, supervises or audits
        at its round's table.
    """
    correction = selectors.correction_queryset().get(pk=correction_id)
    require(user, "payouts.view_correction", correction.round)
    return correction


# -- reconciliations ---------------------------------------------------------------------------


def reconciliation_list(
    user: Any, *, table: int | None = None, day: dt.date | None = None, limit: int = 100
) -> list[ShiftReconciliation]:
    """Reconciled shifts, newest first: a pit boss's of the own pits, all for the others.

    :raises ApiError: ``permission_denied`` (403) for a role that reads no reconciliations.
    """
    require(user, "payouts.list_reconciliations")
    rows = ShiftReconciliation.objects.select_related("table").order_by("-pk")
    if user_role(user) is Role.PIT_BOSS:
        rows = rows.filter(table__pit__supervisors=user)
    return list(rows.filter(**given(table_id=table, gaming_day=day))[:limit])


# -- the chip tray -----------------------------------------------------------------------------


def casino_chips(user: Any, casino_id: int) -> list[ChipDenomination]:
    """The casino's chips, lowest value first.

    :raises Casino.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) without a role on the floor.
    """
    casino = Casino.objects.get(pk=casino_id)
    require(user, "payouts.view_chips")
    return list(ChipDenomination.objects.filter(casino=casino).order_by("value"))


def slip_list(user: Any, **filters: Any) -> list[ChipSlip]:
    """:func:`payouts.tray_selectors.slip_list` for ``user``.

    :raises ApiError: ``permission_denied`` (403) for a role that handles no slips.
    """
    require(user, "payouts.list_slips")
    return tray_selectors.slip_list(user=user, **filters)


def slip_detail(user: Any, slip_id: int) -> ChipSlip:
    """A fill or credit slip, with its steps and voids.

    :raises ChipSlip.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` may read its table's tray.
    """
    slip = tray_selectors.slip_queryset().select_related("table__pit").get(pk=slip_id)
    require(user, "payouts.view_tray", slip.table)
    return slip


def table_tray(user: Any, table_id: int) -> Tray:
    """The table's tray at a glance (:func:`payouts.tray_selectors.tray_of`).

    :raises Table.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless ``user`` may read the table's tray.
    """
    table = Table.objects.select_related("pit").get(pk=table_id)
    require(user, "payouts.view_tray", table)
    return tray_selectors.tray_of(table)
