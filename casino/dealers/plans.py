"""A pit's rotation plans: proposed from the floor's records, checked, and kept in versions.

:func:`plan_propose` builds the pure inputs of ``casino.dealers.rotation`` from the records (the
pit's open tables, or those named, which must be the pit's; each dealer's games, those of the
tables planned that the dealer holds a qualification for at the shift's start, read from
identity at the casino's clock; their absences) and answers the proposed plan, storing nothing:
a proposal is a draft. :func:`plan_save` rebuilds the inputs the same way, checks the strings
given (the proposal as it was, or as a pit boss edited it) against every rule, and writes the
next version of the pit's plan for the shift with its audit row; a plan breaking any rule is
refused whole. A version is never changed (the database refuses): a change is a new version.

Two saves of one pit's shift take the lock of that plan (an advisory lock on the pit and the
shift's start: the versions are append-only rows, which the runtime role cannot lock), so they
get consecutive versions; then the audit stream's head, as the last lock.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict, Unpack

from django.contrib.auth import get_user_model
from django.db.models import Max

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, DealerCode
from casino.core.permissions import require
from casino.core.roles import Role, user_role
from casino.core.trail.recording import audit_record
from casino.core.transactions import advisory_lock, service_transaction
from casino.dealers import rotation
from casino.dealers.models import RotationPlan, RotationPlanSource
from casino.identity.models import Qualification
from casino.identity.qualifications import held_at
from tables.models import Pit, Table, TableStatus

#: The shifts a plan may be made for: a start the clock can count a day's minutes from.
_EARLIEST_START = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
_LATEST_START = dt.datetime(2100, 1, 1, tzinfo=dt.UTC)


class ShiftPlanned(TypedDict):
    """A pit's shift as :func:`plan_propose` and :func:`plan_save` take it: its ``start`` and
    terms (as :class:`Terms`), the dealers who deal it, their ``absences`` (``{"dealer": id,
    "start": moment, "end": moment}`` each; none by default) and the ``table_ids`` to plan (by
    default the pit's open tables)."""

    start: dt.datetime
    length: int
    minutes_on: int
    minutes_off: int
    min_stint: int
    grace: int
    dealer_ids: Sequence[int]
    absences: NotRequired[Sequence[Mapping[str, Any]]]
    table_ids: NotRequired[Sequence[int] | None]


@dataclass(frozen=True)
class Terms:
    """A shift's terms: its minutes, a stint's and a break's, the shortest stint, the grace."""

    length: int
    minutes_on: int
    minutes_off: int
    min_stint: int
    grace: int


@dataclass(frozen=True)
class PlanInputs:
    """What a plan is made and checked from: the pit, the shift, its tables and dealers."""

    pit: Pit
    shift: rotation.Shift
    tables: tuple[rotation.Table, ...]
    dealers: tuple[rotation.Dealer, ...]

    @property
    def terms(self) -> Terms:
        s = self.shift
        return Terms(s.length, s.minutes_on, s.minutes_off, s.min_stint, s.grace)


@dataclass(frozen=True)
class Proposal:
    """A plan proposed for a pit's shift, not stored, with what it was made from."""

    inputs: PlanInputs
    plan: rotation.Plan


def plan_propose(*, pit_id: int, actor: Any, **shift: Unpack[ShiftPlanned]) -> Proposal:
    """Propose a push rotation for the pit's ``shift`` (nothing stored).

    :raises Pit.DoesNotExist:
    :raises ApiError: ``permission_denied`` (403) unless a pit boss supervising the pit or an
        admin; ``plan_invalid`` (400) for a table not the pit's, a user who is not a dealer,
        terms or absences that do not hold; ``plan_infeasible`` (422) when no rotation covers
        the shift, with the reason (``infeasibility``) and the games, strings and minute.
    """
    pit = Pit.objects.select_related("casino").get(pk=pit_id)
    require(actor, "dealers.plan_rotation", pit)
    inputs = _inputs(pit, shift)
    try:
        plan = rotation.rotation_propose(inputs.shift, inputs.tables, inputs.dealers)
    except rotation.PlanInfeasible as infeasible:
        raise ApiError(
            DealerCode.PLAN_INFEASIBLE,
            infeasible.message,
            infeasibility=str(infeasible.code),
            games=list(infeasible.games),
            strings=[list(string) for string in infeasible.strings],
            minute=infeasible.minute,
            needed=infeasible.needed,
            available=infeasible.available,
        ) from None
    except ValueError as invalid:
        raise _invalid(str(invalid)) from None
    return Proposal(inputs=inputs, plan=plan)


def plan_save(
    *,
    pit_id: int,
    strings: Sequence[Mapping[str, Any]],
    source: str,
    actor: Any,
    **shift: Unpack[ShiftPlanned],
) -> RotationPlan:
    """Save ``strings`` as the next version of the pit's plan for ``shift``, checked against
    every rule first. Audited (``dealer.rotation_plan_saved``).

    ``strings``: ``{"name", "tables", "push", "reliefs", "slots": [{"dealer", "place",
    "start", "end"}]}`` each, as a proposal answers them (ids as strings).

    :raises Pit.DoesNotExist:
    :raises ApiError: as :func:`plan_propose` (but ``plan_infeasible``), and
        ``plan_violations`` (422) listing each rule the plan breaks: nothing is written.
    """
    with service_transaction():
        pit = Pit.objects.select_related("casino").get(pk=pit_id)
        require(actor, "dealers.plan_rotation", pit)
        if source not in RotationPlanSource.values:
            raise _invalid("A plan is proposed or edited.", field="source")
        inputs = _inputs(pit, shift)
        plan = plan_of(strings)
        violations = rotation.rotation_check(plan, inputs.shift, inputs.tables, inputs.dealers)
        if violations:
            count = len(violations)
            raise ApiError(
                DealerCode.PLAN_VIOLATIONS,
                f"The plan breaks {count} {'rule' if count == 1 else 'rules'} of the rotation: "
                f"{violations[0].message}.",
                violations=[
                    {
                        "code": str(v.code),
                        "dealer": v.dealer,
                        "table": v.table,
                        "minute": v.minute,
                        "message": v.message,
                    }
                    for v in violations
                ],
            )
        shift_start = inputs.shift.start
        advisory_lock(f"rotation_plan:{pit.pk}:{shift_start.astimezone(dt.UTC).isoformat()}")
        latest = RotationPlan.objects.filter(pit=pit, shift_start=shift_start).aggregate(
            latest=Max("version")
        )["latest"]
        version = (latest or 0) + 1
        record = audit_record(
            event_code=AuditCode.ROTATION_PLAN_SAVED,
            actor=actor,
            casino=pit.casino,
            after={
                "pit": pit.pk,
                "shift_start": shift_start,
                "version": version,
                "source": RotationPlanSource(source),
            },
        )
        document = plan_document(inputs, plan)
        terms = inputs.terms
        return RotationPlan.objects.create(
            pit=pit,
            shift_start=shift_start,
            version=version,
            length=terms.length,
            minutes_on=terms.minutes_on,
            minutes_off=terms.minutes_off,
            min_stint=terms.min_stint,
            grace=terms.grace,
            tables=document["tables"],
            dealers=document["dealers"],
            strings=document["strings"],
            source=source,
            saved_by=actor,
            saved_at=record.occurred_at,
            audit_record_id=record.pk,
        )


def plan_current(pit_id: int, start: dt.datetime) -> RotationPlan | None:
    """The latest version of the pit's plan for the shift from ``start``, if any."""
    return (
        RotationPlan.objects.filter(pit_id=pit_id, shift_start=start)
        .select_related("saved_by")
        .order_by("-version")
        .first()
    )


def plan_versions(pit_id: int, start: dt.datetime) -> list[RotationPlan]:
    """Every version of the pit's plan for the shift from ``start``, newest first."""
    return list(
        RotationPlan.objects.filter(pit_id=pit_id, shift_start=start)
        .select_related("saved_by")
        .order_by("-version")
    )


def plan_document(inputs: PlanInputs, plan: rotation.Plan) -> dict[str, Any]:
    """The plan and what it was made from, as stored and answered: tables, dealers, strings."""
    return {
        "tables": [
            {"id": table.id, "game": table.game, "string": table.string} for table in inputs.tables
        ],
        "dealers": [
            {
                "id": dealer.id,
                "games": sorted(dealer.games),
                "absences": [
                    {"start": a.start.isoformat(), "end": a.end.isoformat()}
                    for a in dealer.absences
                ],
            }
            for dealer in inputs.dealers
        ],
        "strings": [
            {
                "name": string.name,
                "tables": list(string.tables),
                "push": string.push,
                "reliefs": string.reliefs,
                "slots": [
                    {"dealer": s.dealer, "place": s.place, "start": s.start, "end": s.end}
                    for s in string.slots
                ],
            }
            for string in plan.strings
        ],
    }


def _inputs(pit: Pit, planned: ShiftPlanned) -> PlanInputs:
    """The pure inputs of the pit's shift, read from the records.

    :raises ApiError: ``plan_invalid`` (400).
    """
    start = planned["start"]
    if start.utcoffset() is None or not _EARLIEST_START <= start < _LATEST_START:
        raise _invalid("A shift starts at a moment from 2000 to 2099.", field="start")
    try:
        shift = rotation.Shift(
            start=start,
            length=planned["length"],
            minutes_on=planned["minutes_on"],
            minutes_off=planned["minutes_off"],
            min_stint=planned["min_stint"],
            grace=planned["grace"],
        )
    except ValueError as invalid:
        raise _invalid(f"The shift's terms do not hold: {invalid}.", field="terms") from None
    tables = _tables(pit, planned.get("table_ids"))
    games = {table.game for table in tables}
    dealers = _dealers(pit, shift, planned["dealer_ids"], planned.get("absences", ()), games)
    return PlanInputs(pit=pit, shift=shift, tables=tables, dealers=dealers)


def _tables(pit: Pit, table_ids: Sequence[int] | None) -> tuple[rotation.Table, ...]:
    if table_ids is None:
        rows = list(Table.objects.filter(pit=pit, status=TableStatus.OPEN).order_by("code"))
    else:
        _unique(table_ids, "table_ids", "A table is named twice.")
        found = {row.pk: row for row in Table.objects.filter(pk__in=table_ids, pit=pit)}
        others = [pk for pk in table_ids if pk not in found]
        if others:
            raise _invalid("A table named is not of this pit.", field="table_ids", tables=others)
        rows = [found[pk] for pk in table_ids]
    if not rows:
        raise _invalid("The pit has no open table to plan.", field="table_ids")
    return tuple(rotation.Table(id=str(row.pk), game=row.game) for row in rows)


def _dealers(
    pit: Pit,
    shift: rotation.Shift,
    dealer_ids: Sequence[int],
    absences: Sequence[Mapping[str, Any]],
    games: Iterable[str],
) -> tuple[rotation.Dealer, ...]:
    _unique(dealer_ids, "dealer_ids", "A dealer is named twice.")
    users = {user.pk: user for user in get_user_model().objects.filter(pk__in=dealer_ids)}
    not_dealers = [
        pk for pk in dealer_ids if pk not in users or user_role(users[pk]) is not Role.DEALER
    ]
    if not_dealers:
        raise _invalid(
            "Only dealers are planned: a user named is not one.",
            field="dealer_ids",
            users=not_dealers,
        )
    away: dict[int, list[rotation.Absence]] = {pk: [] for pk in dealer_ids}
    for absence in absences:
        dealer = absence["dealer"]
        if dealer not in away:
            raise _invalid("An absence is of a dealer not planned.", field="absences", user=dealer)
        try:
            away[dealer].append(rotation.Absence(start=absence["start"], end=absence["end"]))
        except ValueError as invalid:
            raise _invalid(f"An absence does not hold: {invalid}.", field="absences") from None
    clock = pit.casino.clock
    held: dict[int, set[str]] = {pk: set() for pk in dealer_ids}
    qualified = Qualification.objects.filter(
        held_at(shift.start, clock.day_of(shift.start)),
        dealer_id__in=dealer_ids,
        game__in=set(games),
    ).values_list("dealer_id", "game")
    for dealer_id, game in qualified:
        held[dealer_id].add(game)
    return tuple(
        rotation.Dealer(
            id=str(pk),
            games=frozenset(held[pk]),
            absences=tuple(sorted(away[pk], key=lambda a: (a.start, a.end))),
        )
        for pk in dealer_ids
    )


def shift_of(plan: RotationPlan) -> rotation.Shift:
    """The shift a stored version was made for, with its terms."""
    return rotation.Shift(
        start=plan.shift_start,
        length=plan.length,
        minutes_on=plan.minutes_on,
        minutes_off=plan.minutes_off,
        min_stint=plan.min_stint,
        grace=plan.grace,
    )


def plan_of(strings: Sequence[Mapping[str, Any]]) -> rotation.Plan:
    """The pure plan of strings as stored and answered (``RotationPlan.strings``)."""
    return rotation.Plan(
        strings=tuple(
            rotation.RotationString(
                name=string["name"],
                tables=tuple(string["tables"]),
                push=string["push"],
                reliefs=string["reliefs"],
                slots=tuple(
                    rotation.Slot(
                        dealer=slot["dealer"],
                        place=slot["place"],
                        start=slot["start"],
                        end=slot["end"],
                    )
                    for slot in string["slots"]
                ),
            )
            for string in strings
        )
    )


def _unique(ids: Sequence[int], field: str, message: str) -> None:
    if len(set(ids)) != len(ids):
        raise _invalid(message, field=field)


def _invalid(message: str, **details: Any) -> ApiError:
    return ApiError(DealerCode.PLAN_INVALID, message, **details)
