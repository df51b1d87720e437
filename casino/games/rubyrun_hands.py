"""Ruby Run hands: the live board cards, a player's hand key, and who wins (RULES 2.2, 2.3, A.2).

A *run* is three or more cards of consecutive rank and one colour (hearts and diamonds are red,
spades and clubs black); it is *suited* when all its cards share a suit. A player's hand is the
best five of the three hole cards and four live board cards, graded by the key

    ``(has_run, suited, run_length, red, value)``

compared left to right, where the run part describes the best run inside those five cards (suited
first, then longer, then red) and ``value`` is the five cards' standard poker value with aces high
only (:data:`casino.games.ranking.ACES_HIGH`: A-2-3-4-5 is not a straight). A hand without a run
has ``(False, False, 0, False, value)``. Equal keys split the pot.

Runs never wrap round the ace (K-A-2 is never a run). With ``ace_low`` (announced before the deal)
an ace may also run below the 2 (A-2-3); the standard value still counts aces high only.

The key is computed without trying the 21 five-card subsets: the best run anywhere among the seven
cards (at most five long, since it must fit in five cards) is the run part of the best subset, and
the value part is the best five-card value among the subsets that hold such a run: the run's cards
plus the best choice of the remaining cards. With no run at all it is the best five of seven.

>>> from casino.games.cards import format_cards, parse_cards
>>> live = live_cards(parse_cards("9h Th Ks"), parse_cards("Jd Qd Ac"), parse_cards("7c")[0])
>>> format_cards(live)
'9h Th Ks 7c'
>>> hand_key(parse_cards("Jh 2c 3d"), live)[:4]
(True, True, 3, True)

A key says how it ranks; :class:`RunGrade` says the same as data, for the settlement and the
tablet (has a run, suited, its length, its colour, the standard category and ranks, and the full
text):

>>> grade = hand_key(parse_cards("Jh 2c 3d"), live).grade
>>> grade.run_length, grade.colour, grade.category.name, grade.text
(3, <RunColour.RED: 'red'>, 'HIGH_CARD', 'suited red run of 3; high card: K J T 9 7')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple

from casino.games.cards import CARDS, RANK_CHARS, Card
from casino.games.codes import HAND_SIZE_INVALID
from casino.games.errors import GameError
from casino.games.ranking import ACES_HIGH, Category, check_hand, describe

_SLAM_FACE_MIN_RANK: Final = 11  # J, Q, K and A make the under cards live
_RED_SUITS: Final = (1, 2)  # hearts, diamonds
_BLACK_SUITS: Final = (0, 3)  # spades, clubs
_MAX_RUN: Final = 5  # a run longer than the hand's five cards grades as five
_CARD_INDICES: Final = frozenset(range(52))


class HandKey(NamedTuple):
    """A player's Ruby Run grade; compare keys with ``<``/``==`` (greater wins, equal splits)."""

    has_run: bool
    suited: bool
    run_length: int
    red: bool
    value: int

    def __str__(self) -> str:
        standard = describe(self.value)
        if not self.has_run:
            return f"no run; {standard}"
        kind = "suited" if self.suited else "mixed"
        colour = "red" if self.red else "black"
        return f"{kind} {colour} run of {self.run_length}; {standard}"

    @property
    def grade(self) -> RunGrade:
        """The key as data (:class:`RunGrade`); spelling it out costs as much as grading the
        hand, so callers that repeat keys cache it
        (:func:`casino.games.rubyrun.settlement.grade_hand`).
        """
        standard = describe(self.value)
        colour = None
        if self.has_run:
            colour = RunColour.RED if self.red else RunColour.BLACK
        return RunGrade(
            has_run=self.has_run,
            suited=self.suited,
            run_length=self.run_length,
            colour=colour,
            category=standard.category,
            ranks=standard.ranks,
            text=str(self),
        )


class RunColour(StrEnum):
    """The colour of a run: hearts and diamonds are red (ruby), spades and clubs black (coal)."""

    RED = "red"
    BLACK = "black"


@dataclass(frozen=True, slots=True)
class RunGrade:
    """A hand's Ruby Run grade as data, beside its text: what the settlement stores and the
    tablet shows, so that nobody has to parse ``text`` back.

    ``has_run``, ``suited``, ``run_length`` (0 without a run) and ``colour`` (``None`` without a
    run) describe the best run, compared in the order of :class:`HandKey`; ``category`` and
    ``ranks`` (2–14, in order of significance) are the five cards' standard poker hand, aces high
    only; ``text`` is the whole description, as :func:`str` of the key gives it, never cut.

    >>> from casino.games.cards import parse_cards
    >>> key = hand_key(parse_cards("9c 4h 2h"), parse_cards("5c 6c 7c 8c"))
    >>> key.grade.to_dict()["category"], key.grade.text
    ('straight_flush', 'suited black run of 5; straight flush: 9 8 7 6 5')
    """

    has_run: bool
    suited: bool
    run_length: int
    colour: RunColour | None
    category: Category
    ranks: tuple[int, ...]
    text: str

    def to_dict(self) -> dict[str, Any]:
        """JSON: the category by its name in snake case (``two_pair``), ranks as their
        characters (``T`` for a ten), as in the text."""
        return {
            "has_run": self.has_run,
            "suited": self.suited,
            "run_length": self.run_length,
            "colour": None if self.colour is None else self.colour.value,
            "category": self.category.name.lower(),
            "ranks": [RANK_CHARS[rank - 2] for rank in self.ranks],
            "text": self.text,
        }


def live_cards(over: Sequence[int], under: Sequence[int] | None, slam: int) -> tuple[Card, ...]:
    """The four live board cards: the over cards and the Slam when the Slam is 2–10, otherwise the
    under cards and the Slam (RULES 2.2).

    ``under`` may be ``None`` under the face-down alternative, where the under cards are mucked
    unseen unless the Slam is J, Q, K or A.

    :raises GameError: ``hand_size_invalid`` (not three over or under cards), ``card_unknown``,
        ``card_duplicate``, or ``under_cards_required`` (face Slam, under cards not given).

    >>> from casino.games.cards import format_cards, parse_cards
    >>> format_cards(live_cards(parse_cards("4s 5s 8d"), None, parse_cards("Td")[0]))
    '4s 5s 8d Td'
    """
    check_hand(over, sizes=(3,))
    slam_card = CARDS[check_hand([slam], sizes=(1,))[0]]
    if under is None:
        check_hand([*over, slam_card], sizes=(4,))
        if slam_card.rank >= _SLAM_FACE_MIN_RANK:
            raise GameError(
                UNDER_CARDS_REQUIRED,
                f"A {slam_card} Slam makes the under cards live; they must be shown",
                slam=str(slam_card),
            )
        return tuple(CARDS[card] for card in (*over, slam_card))
    check_hand(under, sizes=(3,))
    check_hand([*over, *under, slam_card], sizes=(7,))
    live = under if slam_card.rank >= _SLAM_FACE_MIN_RANK else over
    return tuple(CARDS[card] for card in (*live, slam_card))


def hand_key(hole: Sequence[int], live: Sequence[int], *, ace_low: bool = False) -> HandKey:
    """The key of the best five of three hole cards and four live cards (RULES 2.3).

    :raises GameError: ``hand_size_invalid``, ``card_unknown`` or ``card_duplicate``.

    >>> from casino.games.cards import parse_cards
    >>> live = parse_cards("Ah 2h 8c 3c")
    >>> hand_key(parse_cards("3h Ts Td"), live).has_run
    False
    >>> str(hand_key(parse_cards("3h Ts Td"), live, ace_low=True))
    'suited red run of 3; pair: T T A 3 2'
    """
    cards = (*hole, *live)
    distinct = set(cards)
    if len(hole) != 3 or len(cards) != 7 or len(distinct) != 7 or not distinct <= _CARD_INDICES:
        _check_cards(hole, live)
    runs = _RUNS_ACE_LOW if ace_low else _RUNS
    # The test for a run is inline because four hands in five end here, without one.
    bits = _SUIT_RANK_BIT
    a, b, c, d, e, f, g = cards
    by_suit = bits[a] + bits[b] + bits[c] + bits[d] + bits[e] + bits[f] + bits[g]
    lengths = runs[0]
    red_length = lengths[(by_suit >> 13 | by_suit >> 26) & _RANKS]
    black_length = lengths[(by_suit | by_suit >> 39) & _RANKS]
    if red_length or black_length:
        return _grade_run(cards, by_suit, red_length, black_length, runs)
    return tuple.__new__(HandKey, (False, False, 0, False, _best_of_seven(cards)))


def _check_cards(hole: Sequence[int], live: Sequence[int]) -> None:
    """Raise the precise error for a hand that is not 3 + 4 distinct cards."""
    if len(hole) != 3 or len(live) != 4:
        raise GameError(
            HAND_SIZE_INVALID,
            f"A Ruby Run hand is 3 hole + 4 live cards, not {len(hole)} + {len(live)}",
            sizes=[3, 4],
            count=len(hole) + len(live),
        )
    check_hand([*hole, *live], sizes=(7,))


def compare(a: HandKey, b: HandKey) -> int:
    """1 if ``a`` wins, -1 if ``b`` wins, 0 for a split."""
    return (a > b) - (a < b)


def winners(keys: Sequence[HandKey]) -> list[int]:
    """Positions in ``keys`` of every player holding the best key (several for a split pot).

    >>> a = HandKey(True, True, 3, True, 0)
    >>> winners([a, a._replace(red=False), a])
    [0, 2]
    """
    if not keys:
        return []
    best = max(keys)
    return [position for position, key in enumerate(keys) if key == best]


# --- Grading --------------------------------------------------------------------------------------
#
# ``_RUNS`` describes the runs among the ranks of a 13-bit mask (bit i = rank index i): per mask,
# the length of the longest run (capped at five, 0 below three) and every window of that length
# as rank indices. ``_RUNS_ACE_LOW`` does the same when the ace may also sit below the deuce.

_Windows = tuple[tuple[int, ...], ...]
_RunTables = tuple[list[int], list[_Windows]]


def _runs_of(mask: int, *, ace_low: bool) -> tuple[int, _Windows]:
    # Positions on a line from low to high; with ace_low the ace appears at both ends, and no
    # window of five can reach both, so nothing wraps.
    line = ([12] if ace_low else []) + list(range(13))
    present = [bool(mask >> rank & 1) for rank in line]
    longest = streak = 0
    for here in present:
        streak = streak + 1 if here else 0
        longest = max(longest, streak)
    length = min(longest, _MAX_RUN)
    if length < 3:
        return 0, ()
    windows = tuple(
        tuple(line[start : start + length])
        for start in range(len(line) - length + 1)
        if all(present[start : start + length])
    )
    return length, windows


def _run_tables(*, ace_low: bool) -> _RunTables:
    runs = [_runs_of(mask, ace_low=ace_low) for mask in range(8192)]
    return [length for length, _ in runs], [windows for _, windows in runs]


_RUNS: Final = _run_tables(ace_low=False)
_RUNS_ACE_LOW: Final = _run_tables(ace_low=True)
_RANKS: Final = (1 << 13) - 1
# Each card sets its rank's bit in its suit's 13-bit field; distinct cards sum without carries.
_SUIT_RANK_BIT: Final = [1 << (13 * (card & 3) + (card >> 2)) for card in range(52)]
_best_of_seven = ACES_HIGH.best_of_seven
_best_containing = ACES_HIGH.best_containing


def _grade_run(
    cards: Sequence[int], by_suit: int, red_length: int, black_length: int, runs: _RunTables
) -> HandKey:
    """The key of seven distinct cards holding a run of either colour (see the module docstring).

    ``by_suit`` has the ranks of each suit in 13-bit fields (spades lowest); the lengths are those
    of the longest red and black runs, at least one of them non-zero.
    """
    lengths, windows = runs
    masks = (by_suit & _RANKS, by_suit >> 13 & _RANKS, by_suit >> 26 & _RANKS, by_suit >> 39)
    # A suited run is also a run of its colour. Longest first, then red: red suits are tried
    # first so that a tie in length keeps red.
    best_length, red = 0, False
    for suit in (1, 2, 0, 3):
        if lengths[masks[suit]] > best_length:
            best_length, red = lengths[masks[suit]], suit in _RED_SUITS
    if best_length:
        colour_suits = _RED_SUITS if red else _BLACK_SUITS
        instances = [
            [rank * 4 + suit for rank in window]
            for suit in colour_suits
            if lengths[masks[suit]] == best_length
            for window in windows[masks[suit]]
        ]
        return HandKey(True, True, best_length, red, _best_with(cards, instances))
    red = red_length >= black_length
    best_length = red_length if red else black_length
    suit_a, suit_b = _RED_SUITS if red else _BLACK_SUITS
    mask_a, mask_b = masks[suit_a], masks[suit_b]
    in_both = mask_a & mask_b
    instances = []
    for window in windows[mask_a | mask_b]:
        runs_here = [[rank * 4 + (suit_a if mask_a >> rank & 1 else suit_b) for rank in window]]
        for position, rank in enumerate(window):
            if in_both >> rank & 1:  # the colour's other card of this rank can stand in too
                runs_here += [
                    [*run[:position], rank * 4 + suit_b, *run[position + 1 :]] for run in runs_here
                ]
        instances += runs_here
    return HandKey(True, False, best_length, red, _best_with(cards, instances))


def _best_with(cards: Sequence[int], instances: list[list[int]]) -> int:
    """Best aces-high value of five cards holding one of the run ``instances``."""
    best = 0
    for run in instances:
        value = _best_containing(run, [card for card in cards if card not in run])
        if value > best:
            best = value
    return best


# The code is imported last, on purpose: ``casino.games.rubyrun`` (whose ``codes`` module defines
# it) imports this module's names back while it loads, so they must all exist before the package
# is imported, whichever of the two a program imports first.
from casino.games.rubyrun.codes import RubyRunCode  # noqa: E402

#: Face Slam under the face-down rule: the under cards are live and must be shown.
UNDER_CARDS_REQUIRED: Final = RubyRunCode.UNDER_CARDS_REQUIRED
