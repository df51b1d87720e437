"""Reads of the tablets bound to tables: a table's tablets, and what a tablet shows of its own
table (which table it is, who deals there now, who may sign in there, the round in play)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone

from casino.core.roles import Role
from casino.identity.models import Qualification
from casino.identity.qualifications import held_at
from tables.models import DealerAssignment, PayoutsConfirmation, Round, RoundStatus, Table, Tablet


def tablets_of_table(table_id: int) -> QuerySet[Tablet]:
    """The tablets registered to the table, revoked ones too, oldest first."""
    return (
        Tablet.objects.filter(table_id=table_id)
        .select_related("registered_by", "revoked_by")
        .order_by("pk")
    )


@dataclass(frozen=True)
class TabletHere:
    """What a tablet shows of its table now."""

    tablet: Tablet
    table: Table
    dealer: Any | None
    open_round: int | None
    unpaid_round: int | None = None
    dealers: tuple[Any, ...] = ()


def tablet_here(tablet: Tablet) -> TabletHere:
    """The tablet's table (with its pit and casino), the dealer assigned there now, the round
    in play, if any: a tablet that restarted resumes that round; and the last round while it
    is settled and its payouts not confirmed: the tablet shows its settlement until then."""
    table = tablet.table
    assignment = (
        DealerAssignment.objects.filter(table_id=table.pk, ended_at__isnull=True)
        .select_related("dealer")
        .first()
    )
    open_round = (
        Round.objects.filter(table_id=table.pk, status=RoundStatus.OPEN)
        .values_list("pk", flat=True)
        .first()
    )
    last = (
        Round.objects.filter(table_id=table.pk)
        .order_by("-number")
        .values(
            "pk",
            "status",
            confirmed=Exists(PayoutsConfirmation.objects.filter(round=OuterRef("pk"))),
        )
        .first()
    )
    unpaid = (
        last["pk"]
        if last is not None and last["status"] == RoundStatus.SETTLED and not last["confirmed"]
        else None
    )
    return TabletHere(
        tablet=tablet,
        table=table,
        dealer=assignment.dealer if assignment else None,
        open_round=open_round,
        unpaid_round=unpaid,
        dealers=tuple(dealers_with_pin(table)),
    )


def dealers_with_pin(table: Table) -> QuerySet[Any]:
    """The users who may sign in at a tablet of ``table`` as its dealer, by user name: active,
    acting as dealers (a user also in the auditors' or the cage's group acts as that, the
    lesser role), holding a PIN, and qualified for the table's game now (the sign-in asks it
    again: ``casino.identity.qualifications``). A fresh tablet offers them by name, so that
    nobody types a user name over the PIN pad, nor picks a name the sign-in would refuse."""
    now = timezone.now()
    qualified = Qualification.objects.filter(
        held_at(now, table.pit.casino.clock.day_of(now)),
        dealer=OuterRef("pk"),
        game=table.game,
    )
    return (
        get_user_model()
        .objects.filter(
            Exists(qualified),
            is_active=True,
            is_superuser=False,
            groups__name=Role.DEALER,
            dealer_pin__isnull=False,
        )
        .exclude(groups__name__in=(Role.AUDITOR, Role.CAGE))
        .order_by("username")
        .distinct()
    )
