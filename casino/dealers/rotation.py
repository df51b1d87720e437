"""The dealers' rotation plan: strings of tables worked in a push rotation, and the rules it meets.

A pit boss plans a shift's rotation on a roadmap: the tables are grouped in *strings* of three to
five, each worked by its dealers and one or more relief dealers in a *push* rotation, and every
dealer on it alternates a *stint* at the tables with a *break*, usually 60 minutes on and 20 off
(or 40/20, 20/20). :func:`rotation_propose` proposes a plan from the tables and the dealers on
shift; :func:`rotation_check` checks any plan, proposed or edited by hand, against the rules.

Time
    A plan counts whole minutes elapsed since the shift's start, ``0`` to ``Shift.length``; a slot
    is the half-open interval ``[start, end)``. Elapsed minutes, not the wall clock's: a
    480-minute night shift across the autumn clock change starts at 22:00 and ends at 05:00.
    Absences are moments; each is widened to whole minutes (its start rounded down, its end up).

The push rotation
    A string of ``k`` tables T1..Tk is worked by ``k + r`` dealers, ``r`` of them relief. Every
    ``p`` minutes (a push) the dealer who has rested longest takes T1, the dealer at T1 moves to
    T2, and so on down the string, and the dealer at Tk goes on break. So every dealer works ``k``
    pushes in a row, one table further each time (a stint of ``k * p`` minutes), then rests for
    ``r`` pushes (a break of ``r * p``). The push divides the shift's minutes off by the reliefs,
    so every break is exactly the minutes off, and the string takes the fewest reliefs whose stint
    lies between the casino's minimum and the longest allowed, the minutes on plus the grace. At
    60/20: three tables, one relief, a push every 20 minutes, 60 on and 20 off; four tables would
    make an 80-minute stint, so two reliefs and a push every 10 (40 on, 20 off), unless a grace
    of 20 lets a stint run to 80 (then one relief, 80 on, 20 off). A shift no longer than the
    longest stint needs no rotation: one dealer a table.

Strings
    Tables a pit boss put in one string (``Table.string``) stay one string, in the order given
    (one to five tables). The others make strings of one game, three to five neighbouring tables
    (in the order given), cut so the game needs the fewest dealers, then the fewest strings. A
    game with one or two tables cannot make a string of its own: its tables join the smallest
    string of the game with the most dealers qualified for both, and that string's dealers must
    deal both. A floor with no game of three tables makes mixed strings, the games in turn (one
    string of them all if there are fewer than three).

Dealers
    Every string has a seat for each of its dealers. Dealers there for the whole shift take the
    seats, each a seat for the whole shift (the first dealers given the first seats); those left
    over are spares, off the plan, never parked on a break for a whole cycle (that would be two
    breaks in a row, and more than their share). Where they fall short, dealers absent for part
    of the shift fill the seats left, cycle by cycle (a stint with the break after it), each
    taking the cycles they are there for from start to end: first whoever held the seat before,
    then whoever must leave soonest. The seats left to them are those of the strings whose
    part-time dealers have the most minutes to spare; where those still cannot cover a cycle, the
    string's seats go to whole-shift dealers first and the rest is tried again.

The shift's ends
    A shift cuts the rotation's cycle at both ends. At the start the dealers are at T1..Tk
    and the relief on break, so the first push sends the dealer at Tk on break after one push. At
    the end, the last stint or break is cut short. So a stint or break that opens the shift (starts
    at minute 0) or closes it (ends at its length) need not last the minimum.

Rules (:class:`Violation`, each found by :func:`rotation_check`)
    * ``slot_invalid``: a slot that is empty, lies outside the shift, or names a dealer or table
      not on it.
    * ``table_uncovered``: a table without a dealer at some minute of the shift (the first
      minute of each gap); ``table_double_staffed``: two dealers on one table at once.
    * ``dealer_not_qualified``: a dealer at a table of a game they are not qualified for.
    * ``dealer_double_booked``: a dealer in two places at once; ``dealer_absent``: a dealer
      scheduled, at a table or on a break, inside their absence.
    * ``stint_too_short``: a stint (consecutive minutes at tables, wherever the push moves the
      dealer) that ends in a break before the casino's minimum; ``stint_too_long``: a stint past
      the minutes on plus the grace (at the minute it passes it).
    * ``break_too_short``: a break shorter than the minutes off; ``breaks_back_to_back``: a break
      with no stint since the dealer's previous break.
    * ``breaks_unfair``: breaks not spread evenly within a string (below).

Fair breaks
    Breaks are compared within a string, between dealers who relieve each other: strings differ
    by their shape (three tables at 60/20 rest a quarter of the time, four under a grace of 20 a
    fifth). Two dealers' breaks are fair when, over every stretch of the shift both are on it
    without a gap (at its tables or on its breaks), their break minutes differ by at most one
    break, the minutes off. Comparing the same minutes makes it pro rata of the minutes on shift:
    a dealer who leaves at noon is compared by the others' mornings. A push rotation is fair by
    this measure: every dealer follows the same cycle, only started at another push, and two
    equally long stretches of one cycle hold break minutes at most a break apart (a dealer who
    takes over a seat does so where one of its cycles starts, so keeps to the cycle).

Infeasible (:class:`PlanInfeasible`, raised by :func:`rotation_propose`)
    ``no_rotation_shape``: no cut of some tables into strings has a push that meets the minutes
    on, off, grace and minimum stint; ``no_qualified_dealer``: a string whose games no dealer
    deals all; ``too_few_dealers``: strings needing more seats than there are dealers qualified for
    any of them; ``absence_uncovers_table``: enough dealers are qualified, but absences leave a
    table of a string without one at some minute.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Final

#: The place of a slot on a break (a table's id otherwise).
BREAK: Final = "BREAK"
#: The sizes of the strings the proposal cuts: three to five tables.
STRING_SIZES: Final = (3, 4, 5)
#: The most tables a string holds, declared by a pit boss or cut here.
STRING_MOST: Final = 5

_MINUTE: Final = timedelta(minutes=1)


class Violation(StrEnum):
    """The rules a plan must meet; each code is stable (callers and tests match on it)."""

    SLOT_INVALID = "slot_invalid"
    TABLE_UNCOVERED = "table_uncovered"
    TABLE_DOUBLE_STAFFED = "table_double_staffed"
    DEALER_NOT_QUALIFIED = "dealer_not_qualified"
    DEALER_DOUBLE_BOOKED = "dealer_double_booked"
    DEALER_ABSENT = "dealer_absent"
    STINT_TOO_SHORT = "stint_too_short"
    STINT_TOO_LONG = "stint_too_long"
    BREAK_TOO_SHORT = "break_too_short"
    BREAKS_BACK_TO_BACK = "breaks_back_to_back"
    BREAKS_UNFAIR = "breaks_unfair"


class Infeasibility(StrEnum):
    """Why no plan could be proposed; each code is stable."""

    NO_ROTATION_SHAPE = "no_rotation_shape"
    NO_QUALIFIED_DEALER = "no_qualified_dealer"
    TOO_FEW_DEALERS = "too_few_dealers"
    ABSENCE_UNCOVERS_TABLE = "absence_uncovers_table"


@dataclass(frozen=True)
class Shift:
    """A shift to plan: when it starts, how long it lasts, and the rotation's pattern.

    :param start: the shift's first moment, timezone-aware.
    :param length: its minutes.
    :param minutes_on: a stint's usual minutes at the tables.
    :param minutes_off: a break's minutes.
    :param min_stint: the casino's fewest minutes of a stint before a break.
    :param grace: minutes a stint may run past ``minutes_on`` (0: none).
    :raises ValueError: for a naive start, a length, minutes on or off under one, a negative
        grace or minimum, or a minimum longer than a stint may last.
    """

    start: datetime
    length: int
    minutes_on: int
    minutes_off: int
    min_stint: int
    grace: int = 0

    def __post_init__(self) -> None:
        if self.start.utcoffset() is None:
            raise ValueError("a shift starts at a timezone-aware moment")
        if min(self.length, self.minutes_on, self.minutes_off) < 1:
            raise ValueError("a shift's length and its minutes on and off are at least one")
        if self.grace < 0 or self.min_stint < 0:
            raise ValueError("the grace and the minimum stint are not negative")
        if self.min_stint > self.longest_stint:
            raise ValueError("the minimum stint is longer than a stint may last")

    @property
    def longest_stint(self) -> int:
        """The most minutes a stint may last: the minutes on plus the grace."""
        return self.minutes_on + self.grace

    def at(self, minute: int) -> datetime:
        """The moment of a minute of the shift, in the start's time zone."""
        # Through UTC: adding to a zoned time adds wall-clock time, wrong across a clock change.
        return (self.start.astimezone(UTC) + minute * _MINUTE).astimezone(self.start.tzinfo)

    def minute_of(self, moment: datetime, *, up: bool = False) -> int:
        """The minutes elapsed from the start to ``moment`` (aware), rounded down or ``up``."""
        elapsed = moment.astimezone(UTC) - self.start.astimezone(UTC)
        return -(-elapsed // _MINUTE) if up else elapsed // _MINUTE


@dataclass(frozen=True)
class Table:
    """A table to cover: its id, its game, and the string a pit boss put it in (if any)."""

    id: str
    game: str
    string: str | None = None


@dataclass(frozen=True)
class Absence:
    """A dealer's time away, ``[start, end)``, both timezone-aware."""

    start: datetime
    end: datetime

    def __post_init__(self) -> None:
        if self.start.utcoffset() is None or self.end.utcoffset() is None:
            raise ValueError("an absence is between timezone-aware moments")
        if self.end <= self.start:
            raise ValueError("an absence ends after it starts")


@dataclass(frozen=True)
class Dealer:
    """A dealer on shift: their id, the games they are qualified for, and their absences."""

    id: str
    games: frozenset[str]
    absences: tuple[Absence, ...] = ()

    def away(self, shift: Shift) -> list[tuple[int, int]]:
        """The dealer's absences as minutes of the shift, widened to whole minutes and cut to it."""
        spans = []
        for absence in self.absences:
            start = max(0, shift.minute_of(absence.start))
            end = min(shift.length, shift.minute_of(absence.end, up=True))
            if start < end:
                spans.append((start, end))
        return sorted(spans)


@dataclass(frozen=True)
class Slot:
    """A dealer at a place from minute ``start`` to ``end`` of the shift (``[start, end)``).

    ``place`` is a table's id, or :data:`BREAK`.
    """

    dealer: str
    place: str
    start: int
    end: int

    @property
    def table(self) -> str | None:
        """The table, or None on a break."""
        return None if self.place == BREAK else self.place

    @property
    def minutes(self) -> int:
        return self.end - self.start


@dataclass(frozen=True)
class RotationString:
    """A string of tables and its dealers' slots.

    ``push`` is the minutes between two pushes and ``reliefs`` the dealers beyond one a table
    (both as proposed; a pit boss's edits change only the slots).
    """

    name: str
    tables: tuple[str, ...]
    push: int
    reliefs: int
    slots: tuple[Slot, ...]

    @property
    def dealers(self) -> tuple[str, ...]:
        """The string's dealers, in the order of their first slot."""
        return tuple(dict.fromkeys(slot.dealer for slot in self.slots))


@dataclass(frozen=True)
class Plan:
    """A shift's rotation plan: its strings, each with its slots."""

    strings: tuple[RotationString, ...]

    def slots(self) -> tuple[Slot, ...]:
        """Every slot of the plan, by start, then dealer."""
        every = (slot for string in self.strings for slot in string.slots)
        return tuple(sorted(every, key=lambda slot: (slot.start, slot.dealer)))


@dataclass(frozen=True)
class PlanViolation:
    """A rule a plan breaks: its code, the dealer and table concerned (None where none is), the
    minute of the shift it happens at (for ``breaks_unfair``, where the stretch compared starts),
    and a message saying it in words."""

    code: Violation
    dealer: str | None
    table: str | None
    minute: int
    message: str


class PlanInfeasible(Exception):
    """No plan can be proposed for the shift, with why.

    :ivar code: an :class:`Infeasibility`.
    :ivar games: the games concerned.
    :ivar strings: the strings concerned, each its tables' ids (``tables`` gives them all).
    :ivar minute: the minute the first table goes uncovered, when it is one.
    :ivar needed: the seats the strings need; ``available``: the dealers who could take them.
    """

    def __init__(
        self,
        code: Infeasibility,
        message: str,
        *,
        games: Iterable[str] = (),
        strings: Iterable[Sequence[str]] = (),
        minute: int | None = None,
        needed: int | None = None,
        available: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.games = tuple(sorted(set(games)))
        self.strings = tuple(tuple(string) for string in strings)
        self.minute = minute
        self.needed = needed
        self.available = available

    @property
    def tables(self) -> tuple[str, ...]:
        return tuple(table for string in self.strings for table in string)

    def __repr__(self) -> str:
        return f"PlanInfeasible({self.code!r}, {self.message!r})"


# --- proposing a plan ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Shape:
    """A string's push rotation: ``tables`` tables, ``reliefs`` dealers more, a push every
    ``push`` minutes."""

    tables: int
    reliefs: int
    push: int

    @property
    def seats(self) -> int:
        return self.tables + self.reliefs


@dataclass(frozen=True)
class _Draft:
    """A string cut but not yet staffed."""

    name: str
    tables: tuple[Table, ...]
    shape: _Shape

    @property
    def games(self) -> frozenset[str]:
        return frozenset(table.game for table in self.tables)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(table.id for table in self.tables)


@dataclass(frozen=True)
class _Cycle:
    """One seat's stint with the break after it: the slots' places and minutes, without a dealer.

    ``opening`` is how many of the first places are a break opening the shift, which a dealer
    who is not there from minute 0 leaves out.
    """

    places: tuple[tuple[str, int, int], ...]
    opening: int

    def span(self, with_opening: bool) -> tuple[int, int]:
        first = 0 if with_opening else self.opening
        return self.places[first][1], self.places[-1][2]


def rotation_propose(shift: Shift, tables: Sequence[Table], dealers: Sequence[Dealer]) -> Plan:
    """Propose a push rotation covering every table for the whole shift (see the module's notes
    for the strings cut, the push chosen and who takes which seat).

    :returns: a plan that :func:`rotation_check` finds nothing wrong with.
    :raises PlanInfeasible: when the shift cannot be covered this way (its ``code`` says why,
        naming the games, strings and minute).
    :raises ValueError: for tables or dealers named twice, no table, or a string of more than
        five tables declared.
    """
    _unique("table", [table.id for table in tables])
    _unique("dealer", [dealer.id for dealer in dealers])
    if not tables:
        raise ValueError("there is no table to plan")
    drafts = _drafts(shift, tables, dealers)
    for draft in drafts:
        if not any(draft.games <= dealer.games for dealer in dealers):
            raise PlanInfeasible(
                Infeasibility.NO_QUALIFIED_DEALER,
                f"no dealer deals {_names(draft.games)}, the games of tables {_names(draft.ids)}",
                games=draft.games,
                strings=[draft.ids],
                minute=0,
            )
    seats = [(draft, seat) for draft in drafts for seat in range(draft.shape.seats)]
    short = _short(seats, dealers)
    if short is not None:
        raise _too_few(short, shift)
    filled = _staff(shift, drafts, seats, dealers)
    strings = []
    for draft in drafts:
        slots = [
            slot for (seat, held) in filled.items() if seats[seat][0] is draft for slot in held
        ]
        strings.append(
            RotationString(
                name=draft.name,
                tables=draft.ids,
                push=draft.shape.push,
                reliefs=draft.shape.reliefs,
                slots=tuple(sorted(slots, key=lambda slot: (slot.start, _order(draft, slot)))),
            )
        )
    return Plan(strings=tuple(strings))


def _order(draft: _Draft, slot: Slot) -> int:
    """Where a slot's place stands in its string: its table's position, a break last."""
    return draft.ids.index(slot.place) if slot.place in draft.ids else len(draft.ids)


def _unique(what: str, ids: Sequence[str]) -> None:
    if len(set(ids)) != len(ids):
        raise ValueError(f"a {what} is named twice")


def _names(names: Iterable[str]) -> str:
    return ", ".join(sorted(names))


def _shape(shift: Shift, tables: int) -> _Shape | None:
    """The push rotation of a string of ``tables`` tables with the fewest reliefs, or None."""
    if shift.length <= shift.longest_stint:
        # Nobody works longer than a stint: one dealer a table, the push never comes.
        return _Shape(tables, 0, shift.length)
    for reliefs in range(1, shift.minutes_off + 1):
        # A push that divides the minutes off makes every break exactly the minutes off.
        if shift.minutes_off % reliefs == 0:
            push = shift.minutes_off // reliefs
            if shift.min_stint <= tables * push <= shift.longest_stint:
                return _Shape(tables, reliefs, push)
    return None


def _cut(shift: Shift, count: int) -> list[_Shape] | None:
    """Sizes of strings of three to five tables for ``count`` tables, the fewest dealers then the
    fewest strings, smallest first; None when no cut has a push."""
    shapes = {size: shape for size in STRING_SIZES if (shape := _shape(shift, size))}
    # best[n]: (dealers, strings, shapes) for n tables.
    best: list[tuple[int, int, list[_Shape]] | None] = [None] * (count + 1)
    best[0] = (0, 0, [])
    for total in range(1, count + 1):
        for size, shape in shapes.items():
            before = best[total - size] if total >= size else None
            if before is not None:
                option = (before[0] + shape.seats, before[1] + 1, [*before[2], shape])
                current = best[total]
                if current is None or option[:2] < current[:2]:
                    best[total] = option
    found = best[count]
    return sorted(found[2], key=lambda shape: shape.tables) if found else None


def _drafts(shift: Shift, tables: Sequence[Table], dealers: Sequence[Dealer]) -> list[_Draft]:
    """The strings: those a pit boss declared, then one game's tables (with any game too small
    for a string of its own)."""
    declared: dict[str, list[Table]] = {}
    games: dict[str, list[Table]] = {}
    for table in tables:
        if table.string is not None:
            declared.setdefault(table.string, []).append(table)
        else:
            games.setdefault(table.game, []).append(table)
    drafts = []
    for name, group in declared.items():
        if len(group) > STRING_MOST:
            raise ValueError(f"string {name} holds more than {STRING_MOST} tables")
        shape = _shape(shift, len(group))
        if shape is None:
            raise _no_shape(shift, group)
        drafts.append(_Draft(name, tuple(group), shape))
    names = (f"S{n}" for n in range(1, len(tables) + len(declared) + 1) if f"S{n}" not in declared)
    for group in _groups(games, dealers):
        for tables_cut, shape in _cut_group(shift, group):
            drafts.append(_Draft(next(names), tables_cut, shape))
    return drafts


def _groups(games: Mapping[str, list[Table]], dealers: Sequence[Dealer]) -> list[list[Table]]:
    """The tables cut together: a game of three tables or more with the small games joining it
    first (so they go in its smallest string), or every table when no game is that large."""
    large = [game for game, group in games.items() if len(group) >= STRING_SIZES[0]]
    if not large:
        return [[table for group in games.values() for table in group]] if games else []
    joining: dict[str, list[Table]] = {game: [] for game in large}
    for game, group in games.items():
        if game not in large:
            # The host whose dealers deal both most often; the first such game on a tie.
            host = max(large, key=lambda h: sum({game, h} <= d.games for d in dealers))
            joining[host].extend(group)
    return [joining[game] + games[game] for game in large]


def _cut_group(shift: Shift, group: list[Table]) -> Iterator[tuple[tuple[Table, ...], _Shape]]:
    if len(group) < STRING_SIZES[0]:
        shape = _shape(shift, len(group))
        shapes = [shape] if shape else None
    else:
        shapes = _cut(shift, len(group))
    if not shapes:
        raise _no_shape(shift, group)
    start = 0
    for shape in shapes:
        yield tuple(group[start : start + shape.tables]), shape
        start += shape.tables


def _no_shape(shift: Shift, group: Sequence[Table]) -> PlanInfeasible:
    return PlanInfeasible(
        Infeasibility.NO_ROTATION_SHAPE,
        f"{len(group)} tables ({_names(t.id for t in group)}) make no strings of a push with "
        f"{shift.minutes_on} minutes on (grace {shift.grace}), {shift.minutes_off} off and "
        f"stints of at least {shift.min_stint}",
        games=(table.game for table in group),
        strings=[[table.id for table in group]],
    )


_Seat = tuple[_Draft, int]


def _match(
    seats: Sequence[_Seat], dealers: Sequence[Dealer], order: Iterable[int] | None = None
) -> dict[int, Dealer]:
    """A largest matching of dealers to seats they are qualified for: seat index -> dealer.

    Seats are taken in ``order`` (all of them, by index, by default), each by the first free
    dealer qualified, else through a chain of dealers moving over (Kuhn's augmenting paths), which
    keeps every seat taken before: a seat stays empty only if no chain could give it a dealer
    without emptying one of those. Without chains, the first dealers given take the first seats.
    """
    holder: dict[int, Dealer] = {}
    seat_of: dict[str, int] = {}
    eligible = [[d for d in dealers if draft.games <= d.games] for draft, _ in seats]

    def augment(index: int, seen: set[str]) -> bool:
        for dealer in eligible[index]:
            if dealer.id not in seen:
                seen.add(dealer.id)
                if dealer.id not in seat_of or augment(seat_of[dealer.id], seen):
                    holder[index], seat_of[dealer.id] = dealer, index
                    return True
        return False

    for index in range(len(seats)) if order is None else order:
        free = next((d for d in eligible[index] if d.id not in seat_of), None)
        if free is None:
            augment(index, set())
        else:
            holder[index], seat_of[free.id] = free, index
    return holder


def _staff(
    shift: Shift, drafts: Sequence[_Draft], seats: Sequence[_Seat], dealers: Sequence[Dealer]
) -> dict[int, list[Slot]]:
    """Every seat's slots: whole-shift dealers hold seats, dealers there for part of the shift
    fill the rest cycle by cycle.

    Which seats whole-shift dealers leave empty matters: each empty seat needs a string's
    part-time dealers for the whole shift. So they leave empty first the seats of strings with
    the most part-time minutes to spare (counting a shift's minutes for each empty seat before
    it); and where the part-time dealers still fall short, that string's seats are taken first
    next time, until every cycle is covered or no string is left to move the gap to.

    :raises PlanInfeasible: ``absence_uncovers_table``, at the first cycle left uncovered.
    """
    whole = [dealer for dealer in dealers if not dealer.away(shift)]
    partial = [dealer for dealer in dealers if dealer.away(shift)]
    there = {d.id: shift.length - sum(end - start for start, end in d.away(shift)) for d in partial}
    number = {draft: index for index, draft in enumerate(drafts)}
    minutes = {
        draft: sum(there[d.id] for d in partial if draft.games <= d.games) for draft in drafts
    }
    first: dict[_Draft, int] = {}
    gap: _Gap | None = None

    def priority(index: int) -> tuple[int, int, int, int]:
        draft, seat = seats[index]
        after = draft.shape.seats - 1 - seat  # seats of the string left empty before this one
        spare = max(0, minutes[draft] - after * shift.length)
        return -first.get(draft, 0), spare, number[draft], seat

    for _ in range(2 * len(drafts) + 1):
        held = _match(seats, whole, sorted(range(len(seats)), key=priority))
        filled = _fill(shift, seats, held, partial)
        if not isinstance(filled, _Gap):
            return filled
        gap = filled
        first[gap.draft] = first.get(gap.draft, 0) + 1
    # The gap is only where no whole-shift dealer took a seat, so those dealers fall short.
    short = _short(seats, whole)
    assert short is not None
    raise _too_few(short, shift, gap)


@dataclass(frozen=True)
class _Short:
    """Strings needing ``needed`` seats, with only ``available`` dealers qualified for any."""

    drafts: tuple[_Draft, ...]
    needed: int
    available: int


@dataclass(frozen=True)
class _Gap:
    """A cycle of a seat nobody could take: the string, its first table, the minute."""

    draft: _Draft
    table: str
    minute: int


def _short(seats: Sequence[_Seat], dealers: Sequence[Dealer]) -> _Short | None:
    """Strings that need more seats than ``dealers`` has people for, if a seat stays empty.

    From a seat no dealer took, follow the dealers qualified for its string to the seats they
    hold, and on: the strings reached need more seats than there are dealers qualified for any of
    them, since all of those hold seats there (else a path would have given the seat a dealer:
    Hall's theorem).
    """
    holder = _match(seats, dealers)
    empty = [index for index in range(len(seats)) if index not in holder]
    if not empty:
        return None
    reached: list[_Draft] = []
    people: set[str] = set()
    todo = [seats[empty[0]][0]]
    while todo:
        draft = todo.pop()
        if draft in reached:
            continue
        reached.append(draft)
        for dealer in dealers:
            if draft.games <= dealer.games and dealer.id not in people:
                people.add(dealer.id)
                todo.extend(seats[i][0] for i, held in holder.items() if held.id == dealer.id)
    return _Short(tuple(reached), sum(draft.shape.seats for draft in reached), len(people))


def _too_few(short: _Short, shift: Shift, gap: _Gap | None = None) -> PlanInfeasible:
    """``too_few_dealers`` for strings short of qualified dealers, or ``absence_uncovers_table``
    for strings short of dealers there all shift, at the ``gap`` the others could not fill."""
    games = {game for draft in short.drafts for game in draft.games}
    need = (
        f"tables {_names(t for d in short.drafts for t in d.ids)} need {short.needed} dealers "
        f"of {_names(games)}"
    )
    if gap is None:
        code = Infeasibility.TOO_FEW_DEALERS
        message = f"{need}; {short.available} such dealers are on shift"
    else:
        code = Infeasibility.ABSENCE_UNCOVERS_TABLE
        message = (
            f"absences leave table {gap.table} without a dealer at {shift.at(gap.minute):%H:%M}: "
            f"{need}, and {short.available} such dealers are there for the whole shift"
        )
    return PlanInfeasible(
        code,
        message,
        games=games,
        strings=[draft.ids for draft in short.drafts],
        minute=0 if gap is None else gap.minute,
        needed=short.needed,
        available=short.available,
    )


def _seat_cycles(shift: Shift, draft: _Draft, seat: int) -> list[_Cycle]:
    """A seat's places through the shift, cut into cycles, each a stint and the break after it.

    The seat starts at position ``seat`` (T1 is 0, the break follows Tk) and moves on one
    position a push. A break that opens the shift opens the first cycle.
    """
    shape = draft.shape
    cycles: list[_Cycle] = []
    places: list[tuple[str, int, int]] = []
    for push, start in enumerate(range(0, shift.length, shape.push)):
        position = (seat + push) % shape.seats
        if position == 0 and any(place != BREAK for place, _, _ in places):
            cycles.append(_Cycle(tuple(places), _opening(places)))
            places = []
        place = draft.tables[position].id if position < shape.tables else BREAK
        end = min(start + shape.push, shift.length)
        if places and places[-1][0] == place:
            places[-1] = (place, places[-1][1], end)  # a break of several pushes is one break
        else:
            places.append((place, start, end))
    cycles.append(_Cycle(tuple(places), _opening(places)))
    # A break opening a shift too short to reach the seat's first stint covers nothing.
    return [cycle for cycle in cycles if any(place != BREAK for place, _, _ in cycle.places)]


def _opening(places: Sequence[tuple[str, int, int]]) -> int:
    return 1 if places[0][0] == BREAK and places[0][1] == 0 else 0


def _fill(
    shift: Shift, seats: Sequence[_Seat], held: Mapping[int, Dealer], partial: Sequence[Dealer]
) -> dict[int, list[Slot]] | _Gap:
    """Every seat's slots: a held seat's whole shift by its dealer, the others' cycle by cycle by
    the ``partial`` dealers (there for part of the shift); or the first cycle nobody could take.
    """
    filled: dict[int, list[Slot]] = {}
    waiting: list[tuple[int, int, _Cycle]] = []
    for index, (draft, seat) in enumerate(seats):
        cycles = _seat_cycles(shift, draft, seat)
        filled[index] = []
        if index in held:
            for cycle in cycles:
                filled[index].extend(_slots(cycle, held[index].id, with_opening=True))
        else:
            waiting.extend((cycle.span(False)[0], index, cycle) for cycle in cycles)
    busy = {dealer.id: dealer.away(shift) for dealer in partial}
    last: dict[int, str] = {}
    for _, index, cycle in sorted(waiting, key=lambda item: item[:2]):
        draft = seats[index][0]
        start, end = cycle.span(False)
        able = [
            dealer
            for dealer in partial
            if draft.games <= dealer.games and _free(busy[dealer.id], start, end)
        ]
        if not able:
            return _Gap(draft, cycle.places[cycle.opening][0], start)
        # Whoever held the seat before keeps it; else whoever must leave soonest, keeping
        # those there longer for the cycles after.
        dealer = min(
            able, key=lambda d: (d.id != last.get(index), _leaves(busy[d.id], end, shift.length))
        )
        opening = cycle.opening > 0 and _free(busy[dealer.id], 0, start)
        busy[dealer.id].append(cycle.span(opening))
        last[index] = dealer.id
        filled[index].extend(_slots(cycle, dealer.id, with_opening=opening))
    return filled


def _slots(cycle: _Cycle, dealer: str, *, with_opening: bool) -> list[Slot]:
    first = 0 if with_opening else cycle.opening
    return [Slot(dealer, place, start, end) for place, start, end in cycle.places[first:]]


def _free(busy: Iterable[tuple[int, int]], start: int, end: int) -> bool:
    return all(end <= taken_start or taken_end <= start for taken_start, taken_end in busy)


def _leaves(busy: Iterable[tuple[int, int]], after: int, length: int) -> int:
    """The first minute from ``after`` on at which the dealer is taken, or the shift's end."""
    return min((start for start, _ in busy if start >= after), default=length)


# --- checking a plan ----------------------------------------------------------------------------


def rotation_check(
    plan: Plan, shift: Shift, tables: Sequence[Table], dealers: Sequence[Dealer]
) -> list[PlanViolation]:
    """Every rule ``plan`` breaks (the module's notes list them), by minute, then code.

    Any plan: a proposed one or one a pit boss edited. A slot that names no dealer or table on
    shift, or lies outside it, is reported as ``slot_invalid`` and left out of the other rules.
    """
    table_of = {table.id: table for table in tables}
    dealer_of = {dealer.id: dealer for dealer in dealers}
    found: list[PlanViolation] = []
    kept: list[tuple[RotationString, list[Slot]]] = []
    for string in plan.strings:
        valid = []
        for slot in string.slots:
            problem = _slot_problem(slot, shift, table_of, dealer_of)
            if problem is None:
                valid.append(slot)
            else:
                found.append(_violation(Violation.SLOT_INVALID, slot, slot.start, problem))
        kept.append((string, valid))
    every = [slot for _, valid in kept for slot in valid]
    found.extend(_coverage(every, shift, tables))
    mine: dict[str, list[Slot]] = {}
    for slot in every:
        mine.setdefault(slot.dealer, []).append(slot)
        if slot.table is not None and table_of[slot.table].game not in dealer_of[slot.dealer].games:
            game = table_of[slot.table].game
            why = f"{slot.dealer} is not qualified for {game}, the game of {slot.table}"
            found.append(_violation(Violation.DEALER_NOT_QUALIFIED, slot, slot.start, why))
    for dealer_id, slots in mine.items():
        ordered = sorted(slots, key=lambda slot: (slot.start, slot.end))
        found.extend(_bookings(ordered, dealer_of[dealer_id].away(shift)))
        found.extend(_stints(ordered, shift))
        found.extend(_breaks(ordered, shift))
    for string, valid in kept:
        found.extend(_fairness(string.name, valid, shift))
    return sorted(found, key=lambda v: (v.minute, v.code, v.dealer or "", v.table or ""))


def _violation(code: Violation, slot: Slot, minute: int, message: str) -> PlanViolation:
    return PlanViolation(code, slot.dealer, slot.table, minute, message)


def _slot_problem(
    slot: Slot, shift: Shift, table_of: Mapping[str, Table], dealer_of: Mapping[str, Dealer]
) -> str | None:
    if slot.dealer not in dealer_of:
        return f"{slot.dealer} is not a dealer on shift"
    if slot.place != BREAK and slot.place not in table_of:
        return f"{slot.place} is not a table of the shift"
    if not 0 <= slot.start < slot.end <= shift.length:
        return f"minutes {slot.start} to {slot.end} are not a span of the shift"
    return None


def _coverage(slots: Sequence[Slot], shift: Shift, tables: Sequence[Table]) -> list[PlanViolation]:
    """Each table's gaps (the first minute of each) and the minutes it has two dealers."""
    at: dict[str, list[Slot]] = {table.id: [] for table in tables}
    for slot in slots:
        if slot.table is not None:
            at[slot.table].append(slot)
    found = []
    for table in tables:
        covered = 0  # the table has a dealer up to this minute
        for slot in sorted(at[table.id], key=lambda slot: (slot.start, slot.end)):
            if slot.start > covered:
                found.append(_uncovered(table.id, covered, slot.start))
            elif slot.start < covered:
                why = f"{slot.dealer} joins another dealer at {table.id}"
                found.append(_violation(Violation.TABLE_DOUBLE_STAFFED, slot, slot.start, why))
            covered = max(covered, slot.end)
        if covered < shift.length:
            found.append(_uncovered(table.id, covered, shift.length))
    return found


def _uncovered(table: str, start: int, end: int) -> PlanViolation:
    why = f"{table} has no dealer from minute {start} to {end}"
    return PlanViolation(Violation.TABLE_UNCOVERED, None, table, start, why)


def _bookings(ordered: Sequence[Slot], away: Sequence[tuple[int, int]]) -> list[PlanViolation]:
    """A dealer's slots that overlap each other or the dealer's absences."""
    found = []
    booked_until = 0
    for slot in ordered:
        if slot.start < booked_until:
            why = f"{slot.dealer} is somewhere else at minute {slot.start}"
            found.append(_violation(Violation.DEALER_DOUBLE_BOOKED, slot, slot.start, why))
        booked_until = max(booked_until, slot.end)
        for start, end in away:
            if start < slot.end and slot.start < end:
                minute = max(start, slot.start)
                why = f"{slot.dealer} is away from minute {start} to {end}"
                found.append(_violation(Violation.DEALER_ABSENT, slot, minute, why))
    return found


def _stints(ordered: Sequence[Slot], shift: Shift) -> list[PlanViolation]:
    """The dealer's stints (table slots end to end) that end in a break too soon, or last too
    long. A stint that opens the shift may be short: the first push sends a dealer on break."""
    found = []
    run: list[Slot] = []
    for slot in [*ordered, None]:
        if slot is not None and slot.table is not None and (not run or slot.start == run[-1].end):
            run.append(slot)
            continue
        if run:
            start, end = run[0].start, run[-1].end
            if end - start > shift.longest_stint:
                minute = start + shift.longest_stint
                at = next(s for s in run if s.end > minute)
                why = f"{at.dealer} deals from minute {start} to {end}, past {shift.longest_stint}"
                found.append(_violation(Violation.STINT_TOO_LONG, at, minute, why))
            if slot is not None and slot.place == BREAK and start > 0:
                if end - start < shift.min_stint:
                    why = f"{slot.dealer} goes on break after {end - start} minutes dealing"
                    found.append(_violation(Violation.STINT_TOO_SHORT, run[-1], end, why))
        run = [slot] if slot is not None and slot.table is not None else []
    return found


def _breaks(ordered: Sequence[Slot], shift: Shift) -> list[PlanViolation]:
    """Breaks with no stint since the previous one, and breaks cut short (except at the shift's
    ends, which cut the rotation's cycle)."""
    found = []
    for before, slot in zip([None, *ordered], ordered, strict=False):
        if slot.place != BREAK:
            continue
        if before is not None and before.place == BREAK:
            why = f"{slot.dealer} has a break right after a break"
            found.append(_violation(Violation.BREAKS_BACK_TO_BACK, slot, slot.start, why))
        if slot.minutes < shift.minutes_off and 0 < slot.start and slot.end < shift.length:
            why = f"{slot.dealer} rests {slot.minutes} of {shift.minutes_off} minutes"
            found.append(_violation(Violation.BREAK_TOO_SHORT, slot, slot.start, why))
    return found


def _fairness(name: str, slots: Sequence[Slot], shift: Shift) -> list[PlanViolation]:
    """The dealers of a string who, over a stretch they and another dealer are both on shift
    there, rest more than a break less than that dealer; each named once, beside the dealer and
    stretch where they fall furthest behind (the module's notes define fair)."""
    # Each dealer's minutes as bits (bit m: minute m), so the minutes two share are one AND.
    on: dict[str, int] = {}
    rest: dict[str, int] = {}
    for slot in slots:
        span = ((1 << slot.minutes) - 1) << slot.start
        on[slot.dealer] = on.get(slot.dealer, 0) | span
        rest.setdefault(slot.dealer, 0)
        if slot.table is None:
            rest[slot.dealer] |= span
    found = []
    for dealer in on:
        behind: tuple[int, str, int, int, int, int] | None = None  # gap, other, stretch, rests
        for other in on:
            for start, end in _stretches(on[dealer] & on[other]):
                stretch = ((1 << (end - start)) - 1) << start
                mine = (rest[dealer] & stretch).bit_count()
                theirs = (rest[other] & stretch).bit_count()
                if theirs - mine > shift.minutes_off and (
                    behind is None or theirs - mine > behind[0]
                ):
                    behind = (theirs - mine, other, start, end, mine, theirs)
        if behind is not None:
            _, other, start, end, mine, theirs = behind
            why = (
                f"in string {name}, from minute {start} to {end}, {dealer} rests {mine} minutes "
                f"and {other} {theirs}: more than a break apart"
            )
            found.append(PlanViolation(Violation.BREAKS_UNFAIR, dealer, None, start, why))
    return found


def _stretches(minutes: int) -> Iterator[tuple[int, int]]:
    """The runs of set bits of ``minutes``, as ``[start, end)``."""
    while minutes:
        start = (minutes & -minutes).bit_length() - 1
        run = minutes >> start
        length = (~run & (run + 1)).bit_length() - 1  # the lowest clear bit above the run
        yield start, start + length
        minutes &= ~(((1 << length) - 1) << start)
