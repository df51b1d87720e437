"""Reads of the tables app for its API: the floor a user may see, a round with its engine
state, and the changes of limits and the retractions under dual control."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Exists, OuterRef, Prefetch, QuerySet, Subquery

from casino.core.queries import given
from casino.core.roles import Role, user_role
from casino.core.rows import ModelRows
from casino.games.contract import GameState
from tables.engines import current_state
from tables.models import (
    DealerAssignment,
    LimitChangeRequest,
    PayoutsConfirmation,
    RetractionRequest,
    Round,
    RoundEvent,
    RoundStatus,
    Table,
)


def table_queryset() -> QuerySet[Table]:
    """Tables with what their answer shows: pit, rule set, dealers, the round in play, and the
    last round while it is settled and its payouts are not confirmed."""
    in_play = Round.objects.filter(table=OuterRef("pk"), status=RoundStatus.OPEN)
    last_number = Round.objects.filter(table=OuterRef(OuterRef("pk"))).order_by("-number")
    unpaid = Round.objects.filter(
        table=OuterRef("pk"),
        number=Subquery(last_number.values("number")[:1]),
        status=RoundStatus.SETTLED,
    ).exclude(Exists(PayoutsConfirmation.objects.filter(round=OuterRef("pk"))))
    return (
        Table.objects.select_related("pit", "rule_set")
        .prefetch_related(
            Prefetch("assignments", queryset=DealerAssignment.objects.select_related("dealer"))
        )
        .annotate(
            open_round_id=Subquery(in_play.values("pk")[:1]),
            open_round_number=Subquery(in_play.values("number")[:1]),
            unpaid_round_id=Subquery(unpaid.values("pk")[:1]),
            unpaid_round_number=Subquery(unpaid.values("number")[:1]),
        )
        .order_by("code")
    )


def tables_for(user: Any) -> QuerySet[Table]:
    """The tables ``user`` may see: a dealer's own table, a pit boss's pits, or all."""
    tables = table_queryset()
    role = user_role(user)
    if role is Role.DEALER:
        return tables.filter(assignments__dealer=user, assignments__ended_at__isnull=True)
    if role is Role.PIT_BOSS:
        return tables.filter(pit__supervisors=user)
    return tables


def dealer_table(user: Any) -> Table | None:
    """The table ``user`` deals at now, if any."""
    assignment = (
        DealerAssignment.objects.filter(dealer=user, ended_at__isnull=True)
        .select_related("table")
        .first()
    )
    return None if assignment is None else assignment.table


def round_queryset() -> QuerySet[Round]:
    return Round.objects.select_related("table__pit", "dealer", "rule_set").prefetch_related(
        "events__actor"
    )


@dataclass(frozen=True)
class RoundDetail:
    """A round as its answer shows it: the row, its events in order (with their actors), and
    the engine's state after the last one."""

    round: Round
    events: list[RoundEvent]
    state: GameState


def round_detail(round: Round) -> RoundDetail:
    """``round`` (read with :func:`round_queryset`) with its events and its engine state,
    restored from its snapshot."""
    return RoundDetail(round=round, events=list(round.events.all()), state=current_state(round))


_EVENT_ROWS = ModelRows(RoundEvent, "e")


@functools.cache
def _actor_rows() -> ModelRows[Any]:
    return ModelRows(get_user_model(), "u")


@functools.cache
def _events_statement() -> str:
    user_table = get_user_model()._meta.db_table
    return f"""
        SELECT {_EVENT_ROWS.select}, {_actor_rows().select}
        FROM tables_roundevent e JOIN {user_table} u ON u.id = e.actor_id
        WHERE e.round_id = %s ORDER BY e.seq
    """


def round_events(round: Round) -> list[RoundEvent]:
    """``round``'s events in order, each with its actor (and its round) loaded: one statement.

    Settling answers with every event of the round and replays them; written once in SQL, as
    the round's lock is, rather than compiled from a queryset each time. Each actor is one
    instance however many events it recorded.
    """
    with connection.cursor() as cursor:
        cursor.execute(_events_statement(), [round.pk])
        rows = cursor.fetchall()
    actors: dict[int, Any] = {}
    events = []
    width = _EVENT_ROWS.width
    for row in rows:
        event = _EVENT_ROWS.instance(row)
        actor = actors.get(event.actor_id)
        if actor is None:
            actor = actors[event.actor_id] = _actor_rows().instance(row[width:])
        RoundEvent.actor.field.set_cached_value(event, actor)
        RoundEvent.round.field.set_cached_value(event, round)
        events.append(event)
    return events


#: What a change of limits under dual control may be asked for by: its decision.
LIMIT_CHANGE_STATUSES = ("pending", "approved", "rejected")


def limit_change_queryset() -> QuerySet[LimitChangeRequest]:
    """Requests with their table, requester and decision (with its decider), newest first."""
    return LimitChangeRequest.objects.select_related(
        "table", "requested_by", "decision__decided_by"
    ).order_by("-id")


def limit_change_list(
    *, user: Any, status: str | None = None, table: int | None = None, limit: int = 100
) -> list[LimitChangeRequest]:
    """The requests ``user`` may see, newest first: a pit boss's pits', or all; ``status``
    ``pending`` (no decision yet), ``approved`` or ``rejected``."""
    requests = limit_change_queryset()
    if user_role(user) is Role.PIT_BOSS:
        requests = requests.filter(table__pit__supervisors=user)
    requests = requests.filter(**given(table_id=table))
    if status == "pending":
        requests = requests.filter(decision__isnull=True)
    elif status is not None:
        requests = requests.filter(decision__approved=status == "approved")
    return list(requests[:limit])


def limit_change_status(request: LimitChangeRequest) -> str:
    """``pending``, ``approved`` or ``rejected``: what its decision, if any, says."""
    decision = getattr(request, "decision", None)
    if decision is None:
        return "pending"
    return "approved" if decision.approved else "rejected"


#: What a retraction request may be asked for by: its decision's outcome, or ``pending``.
RETRACTION_STATUSES = ("pending", "approved", "rejected", "withdrawn")


def retraction_queryset() -> QuerySet[RetractionRequest]:
    """Retraction requests with their round, table, requester and decision, newest first."""
    return RetractionRequest.objects.select_related(
        "round__table", "requested_by", "decision__decided_by", "decision__event"
    ).order_by("-id")


def retraction_list(
    *,
    user: Any,
    status: str | None = None,
    pit: int | None = None,
    table: int | None = None,
    round: int | None = None,
    limit: int = 100,
) -> list[RetractionRequest]:
    """The retraction requests ``user`` may see, newest first: a dealer's at the table of the
    current assignment, a pit boss's pits', or all; filtered by ``status`` (``pending``: not
    decided yet), ``pit``, ``table`` and ``round``."""
    requests = retraction_queryset()
    role = user_role(user)
    if role is Role.DEALER:
        requests = requests.filter(
            round__table__assignments__dealer=user, round__table__assignments__ended_at__isnull=True
        )
    elif role is Role.PIT_BOSS:
        requests = requests.filter(round__table__pit__supervisors=user)
    requests = requests.filter(
        **given(round__table__pit_id=pit, round__table_id=table, round_id=round)
    )
    if status == "pending":
        requests = requests.filter(decision__isnull=True)
    elif status is not None:
        requests = requests.filter(decision__outcome=status)
    return list(requests[:limit])


def retraction_status(request: RetractionRequest) -> str:
    """``pending``, else the decision's outcome."""
    decision = getattr(request, "decision", None)
    return "pending" if decision is None else str(decision.outcome)


def retracted_entries(request: RetractionRequest) -> list[RoundEvent]:
    """The events ``request`` retracts (or would), in order, with their actors."""
    return list(
        RoundEvent.objects.filter(round_id=request.round_id, seq__in=request.events)
        .select_related("actor")
        .order_by("seq")
    )
