"""The payouts app's reads as the API answers them, each deciding the reader's permission
(``casino.core.permissions``) over the selectors and services that find the rows."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from casino.core.errors import ApiError, RoundCode
from casino.core.permissions import require
from payouts import selectors
from payouts.models import HouseEdge
from payouts.services.replay import ReplayReport, round_replay
from tables.models import Round, RuleSet


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
