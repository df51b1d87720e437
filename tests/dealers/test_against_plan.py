"""The rotation plan against reality, pure: a string of three tables at 60 on and 20 off, a push
every 20 minutes, worked by dealers a, b, c and the relief d, played as planned and then with
the mistakes of a floor: a relief who does not come, a break not taken, a break cut short."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

import pytest

from casino.dealers import rotation
from casino.dealers.against_plan import (
    Assignment,
    DepartureKind,
    FloorAgainstPlan,
    plan_against_reality,
)

START = datetime(2027, 3, 2, 10, 0, tzinfo=UTC)
SHIFT = rotation.Shift(
    start=START, length=240, minutes_on=60, minutes_off=20, min_stint=20, grace=5
)
GAME = "russian_poker"
PLAN = rotation.rotation_propose(
    SHIFT,
    [rotation.Table(table, GAME) for table in ("1", "2", "3")],
    [rotation.Dealer(dealer, frozenset({GAME})) for dealer in "abcd"],
)


def at(minute: float) -> datetime:
    return START + timedelta(minutes=minute)


def as_planned(until: int) -> list[Assignment]:
    """The assignments of a floor that followed the plan to minute ``until`` (a dealer's slots
    at one table after another are one assignment each; those reaching ``until`` still open)."""
    found = []
    for slot in PLAN.slots():
        if slot.table is None or slot.start >= until:
            continue
        end = None if slot.end >= until else at(slot.end)
        found.append(Assignment(slot.dealer, slot.table, at(slot.start), end))
    return found


def floor_at(minute: float, assignments: Iterable[Assignment]) -> FloorAgainstPlan:
    return plan_against_reality(SHIFT, PLAN, assignments, at(minute))


def kinds(floor: FloorAgainstPlan) -> list[tuple[str, str, str | None, datetime]]:
    return [(d.kind.value, d.dealer, d.table, d.due) for d in floor.departures]


def test_the_plan_proposed_is_the_push_the_tests_read() -> None:
    # The scenario below reads the plan as this: the push sends T1's dealer to T2, T2's to T3
    # and T3's to a break; d starts on break.
    at_20 = {slot.dealer: slot.place for slot in PLAN.slots() if slot.start == 20}
    assert at_20 == {"d": "1", "a": "2", "b": "3", "c": rotation.BREAK}


def test_a_floor_that_follows_the_plan_shows_who_relieves_next_and_each_break_due() -> None:
    floor = floor_at(30, as_planned(30))

    t1, t2, t3 = floor.tables
    assert (t1.table, t1.dealer, t1.since) == ("1", "d", at(20))
    assert (t1.relief, t1.relief_at, t1.relief_late) == ("c", at(40), False)
    assert (t2.dealer, t2.relief, t2.relief_at) == ("a", "d", at(40))
    assert (t3.dealer, t3.relief, t3.relief_at) == ("b", "a", at(40))
    dealers = {d.dealer: d for d in floor.dealers}
    # a pushed from T1 to T2 without a break: one stint since the shift's start.
    a = dealers["a"]
    assert (a.table, a.on_since, a.break_due, a.overdue) == ("2", at(0), at(60), False)
    assert a.minutes_on(at(30)) == 30
    assert (dealers["b"].on_since, dealers["b"].break_due) == (at(0), at(40))
    c = dealers["c"]
    assert (c.table, c.on_since, c.minutes_on(at(30))) == (None, None, None)
    assert (c.next_table, c.next_at) == ("1", at(40))
    assert floor.departures == ()


def test_a_relief_who_does_not_come_holds_the_string_and_is_named_once_with_the_dealer_kept() -> (
    None
):
    # c does not come back from the break at minute 40: nobody moves.
    stuck = as_planned(40)

    within_grace = floor_at(45, stuck)
    assert within_grace.departures == ()
    assert within_grace.tables[0].relief == "c"

    floor = floor_at(46, stuck)

    # b, due on break at 40, is kept at T3; T1 waits for c. T2 and T3 wait for d and a, who
    # are held at the tables before them: not counted again.
    assert kinds(floor) == [
        ("dealer_past_plan", "b", "3", at(40)),
        ("relief_late", "c", "1", at(40)),
    ]
    late = floor.departures[1]
    assert late.held == "d"
    t1 = floor.tables[0]
    assert (t1.relief, t1.relief_at, t1.relief_late) == ("c", at(40), True)
    b = next(d for d in floor.dealers if d.dealer == "b")
    assert (b.break_due, b.overdue, b.minutes_on(at(46))) == (at(40), True, 46)


def b_dealing(until: int, *spans: tuple[str, int, int | None]) -> list[Assignment]:
    """The floor as planned to minute ``until``, but for b: at T2 from 0 to 20 as planned, then
    at the tables of ``spans`` (table, first and last minute, ``None`` while there)."""
    others = [a for a in as_planned(until) if a.dealer != "b"]
    spans = (("2", 0, 20), *spans)
    own = [Assignment("b", t, at(s), None if e is None else at(e)) for t, s, e in spans]
    return [*others, *own]


def test_a_break_not_taken_is_named_once_the_break_and_its_grace_are_over() -> None:
    # b stays at T3 through the break (40 to 60), then moves on to T1 as planned at 60.
    stayed = b_dealing(66, ("3", 20, 60), ("1", 60, None))

    assert DepartureKind.BREAK_SKIPPED not in {d.kind for d in floor_at(65, stayed).departures}
    floor = floor_at(66, stayed)

    assert kinds(floor) == [
        ("break_skipped", "b", "1", at(40)),
        ("dealer_past_plan", "b", "1", at(40)),
    ]


def test_a_break_taken_late_within_the_grace_counts_and_one_cut_short_does_not() -> None:
    def with_break(off: int, back: int) -> FloorAgainstPlan:
        return floor_at(75, b_dealing(75, ("3", 20, off), ("1", back, None)))

    # Off three minutes late, the full 20 minutes: taken, and the next break due at 120.
    late = with_break(43, 63)
    assert late.departures == ()
    b = next(d for d in late.dealers if d.dealer == "b")
    assert (b.on_since, b.break_due, b.overdue) == (at(63), at(120), False)
    # Off at 40 for 14 minutes: short by more than the grace of 5, so no rest at all.
    assert kinds(with_break(40, 54)) == [
        ("break_skipped", "b", "1", at(40)),
        ("dealer_past_plan", "b", "1", at(40)),
    ]
    # 15 minutes is the shortest rest (20 off less the grace of 5).
    assert with_break(40, 55).departures == ()


@pytest.mark.parametrize("minute", [-30, 240, 300])
def test_outside_the_shift_nothing_is_late_and_nobody_is_overdue(minute: int) -> None:
    floor = floor_at(minute, [])

    assert floor.departures == ()
    assert not any(t.relief_late for t in floor.tables)
    assert all(d.table is None for d in floor.dealers)


def test_a_dealer_off_the_plan_dealing_at_its_table_is_shown_without_a_break_due() -> None:
    spare = [*as_planned(30), Assignment("e", "9", at(10))]

    floor = floor_at(30, spare)

    e = floor.dealers[-1]
    assert (e.dealer, e.table, e.on_since, e.break_due, e.overdue) == (
        "e",
        "9",
        at(10),
        None,
        False,
    )
