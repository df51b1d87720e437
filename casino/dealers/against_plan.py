"""The rotation plan against reality: who deals where now, who relieves next, and where the floor
has left the plan.

The plan (``casino.dealers.rotation``) says who should be where at each minute of a shift; the
floor's records say who was: each dealer's assignments to tables, opened by the dealer's PIN
sign-in at the table's tablet (a relief's sign-in is the tap-out of the dealer relieved).
:func:`plan_against_reality` sets one beside the other at a moment ``now``.

Stints and rests
    A dealer's real stint is their assignments one after another, the gaps between them shorter
    than a *rest*: the walk from one table of the string to the next is not a break. A rest is a
    gap of at least the plan's minutes off less the grace (one minute at least): a break cut
    shorter than the casino tolerates is no break. ``on_since`` is the start of the stint a
    dealer deals in now.

Due times
    * A dealer's *break due* is the start of the first break the plan gives them from the
      start of their stint on: the break this stint leads to (a break the dealer rested
      through, early or late, is behind them). Once it has begun the dealer is overdue.
    * A table's *relief* is the dealer of the plan's slot at the table now, when another deals
      there (late since the slot began), else the next dealer the plan puts there after the
      current slot, at that slot's start.

Departures (:class:`Departure`, each named by its kind, dealer, table and the plan's instant)
    * ``dealer_past_plan``: a dealer still dealing more than the grace after their break was
      due. Named by the table they deal at and the break's start.
    * ``relief_late``: a table whose planned dealer has not taken it more than the grace after
      the slot began, and is at no table at all. A relief held at another table is not counted
      again: the table the chain waits on is the one whose dealer is missing (a late relief at
      the head of a push holds up every table below it).
    * ``break_skipped``: a dealer who dealt before a planned break and deals again after it
      ended (by more than the grace), with no rest from the grace before the break to the grace
      after it.

Everything here is pure: the caller reads the plan and the assignments
(``casino.dealers.rotation_now``) and raises the alerts (``casino.dealers.watch``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from casino.dealers.rotation import Plan, Shift, Slot


class DepartureKind(StrEnum):
    """How the floor left the plan; each code is stable (alerts are raised by it)."""

    DEALER_PAST_PLAN = "dealer_past_plan"
    RELIEF_LATE = "relief_late"
    BREAK_SKIPPED = "break_skipped"


@dataclass(frozen=True)
class Assignment:
    """A dealer at a table from ``start`` to ``end`` (``None`` while they deal there)."""

    dealer: str
    table: str
    start: datetime
    end: datetime | None = None


@dataclass(frozen=True)
class TableNow:
    """A table now: who deals there since when (or nobody), and who relieves them next, when,
    and whether that relief is already late (past the slot's start by more than the grace)."""

    table: str
    dealer: str | None
    since: datetime | None
    relief: str | None
    relief_at: datetime | None
    relief_late: bool


@dataclass(frozen=True)
class DealerNow:
    """A dealer of the plan, or dealing at one of its tables, now.

    ``table`` is where they deal (``None`` when not dealing), ``on_since`` the start of their
    stint, ``break_due`` when the plan's break for that stint begins (``None`` when the plan
    gives none), ``overdue`` whether it has begun. A dealer not dealing has ``next_table`` and
    ``next_at``: the plan's next table slot for them (the current one when they are late to it).
    """

    dealer: str
    table: str | None
    on_since: datetime | None
    break_due: datetime | None
    overdue: bool
    next_table: str | None
    next_at: datetime | None

    def minutes_on(self, now: datetime) -> int | None:
        """Whole minutes dealt in this stint by ``now``; ``None`` when not dealing."""
        if self.on_since is None:
            return None
        return int((now - self.on_since) // timedelta(minutes=1))


@dataclass(frozen=True)
class Departure:
    """Where the floor left the plan: the kind, the dealer and table concerned, the plan's
    instant departed from (the break due, or the relief's slot start), and for a late relief
    the dealer still at the table (``None`` if nobody is)."""

    kind: DepartureKind
    dealer: str
    table: str | None
    due: datetime
    held: str | None = None


@dataclass(frozen=True)
class FloorAgainstPlan:
    """The plan against reality at one moment: the plan's tables, its dealers (and any other
    dealing at its tables), and the departures, each list in a stable order."""

    tables: tuple[TableNow, ...]
    dealers: tuple[DealerNow, ...]
    departures: tuple[Departure, ...]


def rest_minimum(shift: Shift) -> timedelta:
    """The shortest gap between two assignments that counts as a rest (see the module)."""
    return timedelta(minutes=max(1, shift.minutes_off - shift.grace))


def plan_against_reality(
    shift: Shift, plan: Plan, assignments: Iterable[Assignment], now: datetime
) -> FloorAgainstPlan:
    """Set the plan beside the assignments at ``now`` (see the module for every rule).

    ``assignments`` are those of the plan's tables and dealers reaching into the shift (older
    ones may be given: they only lengthen a stint that began before the shift). An assignment
    starting after ``now`` is ignored; one ending after it counts as open.
    """
    grace = timedelta(minutes=shift.grace)
    seen = [a for a in assignments if a.start <= now]
    by_dealer: dict[str, list[Assignment]] = {}
    for assignment in sorted(seen, key=lambda a: (a.start, a.table)):
        by_dealer.setdefault(assignment.dealer, []).append(assignment)
    dealing = {a.table: a for a in seen if a.end is None or a.end > now}
    dealing_at = {a.dealer: a.table for a in dealing.values()}
    slots = plan.slots()
    minute = shift.minute_of(now)
    rest = rest_minimum(shift)

    tables = tuple(
        _table_now(shift, table, slots, dealing.get(table), minute, now, grace)
        for string in plan.strings
        for table in string.tables
    )
    planned = dict.fromkeys(dealer for string in plan.strings for dealer in string.dealers)
    others = sorted(d for d in dealing_at if d not in planned)
    dealers = tuple(
        _dealer_now(shift, dealer, slots, by_dealer.get(dealer, []), dealing_at, now, rest)
        for dealer in dict.fromkeys([*planned, *others])
    )
    departures = [
        *_past_plan(dealers, dealing_at, now, grace),
        *_relief_late(tables, dealing_at, now, grace),
        *_skipped(shift, slots, by_dealer, now, grace, rest),
    ]
    departures.sort(key=lambda d: (d.due, d.kind, d.dealer))
    return FloorAgainstPlan(tables=tables, dealers=dealers, departures=tuple(departures))


def _table_now(
    shift: Shift,
    table: str,
    slots: Sequence[Slot],
    current: Assignment | None,
    minute: int,
    now: datetime,
    grace: timedelta,
) -> TableNow:
    dealer = current.dealer if current else None
    here = [slot for slot in slots if slot.place == table]
    now_slot = next((s for s in here if s.start <= minute < s.end), None)
    relief: Slot | None = None
    late = False
    if now_slot is not None and now_slot.dealer != dealer:
        relief = now_slot
        late = now - shift.at(now_slot.start) > grace
    else:
        after = now_slot.end if now_slot else minute + 1
        relief = next((s for s in here if s.start >= after and s.dealer != dealer), None)
    return TableNow(
        table=table,
        dealer=dealer,
        since=current.start if current else None,
        relief=relief.dealer if relief else None,
        relief_at=shift.at(relief.start) if relief else None,
        relief_late=late,
    )


def _dealer_now(
    shift: Shift,
    dealer: str,
    slots: Sequence[Slot],
    own: Sequence[Assignment],
    dealing_at: Mapping[str, str],
    now: datetime,
    rest: timedelta,
) -> DealerNow:
    mine = [slot for slot in slots if slot.dealer == dealer]
    table = dealing_at.get(dealer)
    if table is None:
        minute = shift.minute_of(now)
        upcoming = next((s for s in mine if s.table is not None and s.end > minute), None)
        return DealerNow(
            dealer=dealer,
            table=None,
            on_since=None,
            break_due=None,
            overdue=False,
            next_table=upcoming.table if upcoming else None,
            next_at=shift.at(upcoming.start) if upcoming else None,
        )
    on_since = _stint_start(own, rest)
    due = next(
        (shift.at(s.start) for s in mine if s.table is None and shift.at(s.start) >= on_since),
        None,
    )
    return DealerNow(
        dealer=dealer,
        table=table,
        on_since=on_since,
        break_due=due,
        overdue=due is not None and now >= due,
        next_table=None,
        next_at=None,
    )


def _stint_start(own: Sequence[Assignment], rest: timedelta) -> datetime:
    """The start of the stint of the dealer's last assignment (open now): back through the
    assignments before it while the gap to each is shorter than a rest."""
    start = own[-1].start
    for earlier in reversed(own[:-1]):
        if earlier.end is None or start - earlier.end >= rest:
            break
        start = earlier.start
    return start


def _past_plan(
    dealers: Sequence[DealerNow], dealing_at: Mapping[str, str], now: datetime, grace: timedelta
) -> list[Departure]:
    return [
        Departure(DepartureKind.DEALER_PAST_PLAN, d.dealer, dealing_at[d.dealer], d.break_due)
        for d in dealers
        if d.table is not None and d.break_due is not None and now - d.break_due > grace
    ]


def _relief_late(
    tables: Sequence[TableNow], dealing_at: Mapping[str, str], now: datetime, grace: timedelta
) -> list[Departure]:
    return [
        Departure(DepartureKind.RELIEF_LATE, t.relief, t.table, t.relief_at, held=t.dealer)
        for t in tables
        if t.relief_late
        and t.relief is not None
        and t.relief_at is not None
        and t.relief not in dealing_at
    ]


def _skipped(
    shift: Shift,
    slots: Sequence[Slot],
    by_dealer: Mapping[str, Sequence[Assignment]],
    now: datetime,
    grace: timedelta,
    rest: timedelta,
) -> list[Departure]:
    found = []
    for slot in slots:
        own = by_dealer.get(slot.dealer, ())
        start, end = shift.at(slot.start), shift.at(slot.end)
        if slot.table is not None or now - end <= grace or not own:
            continue
        dealt_before = any(a.start < start for a in own)
        after = [a for a in own if a.end is None or a.end > end + grace]
        if dealt_before and after and not _rested(own, start - grace, end + grace, now, rest):
            table = after[0].table
            found.append(Departure(DepartureKind.BREAK_SKIPPED, slot.dealer, table, start))
    return found


def _rested(
    own: Sequence[Assignment], start: datetime, end: datetime, now: datetime, rest: timedelta
) -> bool:
    """Whether the dealer was off every table for a rest's length at a stretch between
    ``start`` and ``end`` (the assignments by start)."""
    free_from = start
    for assignment in own:
        until = now if assignment.end is None else min(assignment.end, now)
        if until <= start:
            continue
        if assignment.start >= end:
            break
        if assignment.start - free_from >= rest:
            return True
        free_from = max(free_from, until)
    return end - free_from >= rest
