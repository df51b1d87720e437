"""Russian Poker hands: the paid combinations of a box, dealer qualification, box against dealer.

A box of five or six cards is paid for at most two combinations (RULES 1.4, 1.5, 1.8):

* The *first* combination is the best five cards under the wheel rule (A-2-3-4-5 is the lowest
  straight). It alone is compared with the dealer.
* The *second* is the best paytable line among the other structures of the box (Ace-King, pair,
  two pair, trips, quads, or five cards making a straight, flush, full house or straight flush)
  that holds at least one card outside the first combination's *defining cards*: both cards of a
  pair, four of two pair, three of trips, four of quads, all five of a straight, flush, full house
  or straight flush, the A and K of Ace-King. Kickers do not define, which is why Kh Ks Ac 8d 5h
  is paid pair + Ace-King. The second may share cards with the first. Where several five-card
  choices give the same first combination, the one allowing the best second is taken.

With five cards only Ace-King can be second; an Ace-King whose A and K both belong to a straight
or flush first combination is not a second (it holds no card outside). Both follow from the rule
above rather than being special cases.

Variant ``second_straight_rule="pair"``: a second straight that only swaps a same-rank card of the
first (Kh Qs Jd Tc 9h 9s) does not count as a straight; the swapped pair is then the best second.
We apply it whenever the first combination is itself a straight of any kind (straight, straight
flush, royal), since the second straight then repeats the first's ranks just the same.

Lines compare by paytable strength in :data:`LINE_ORDER` (Ace-King lowest, royal highest), the
order any sound paytable pays them in; multipliers belong to the versioned paytable, and
:data:`STANDARD_PAYTABLE` is the default of RULES A.1.

>>> from casino.games.cards import parse_cards
>>> box = first_and_second(parse_cards("Kh Ks Ac 8d 5h"))
>>> box.first.line, box.second.line, format_cards(box.second.cards)
(<Line.PAIR: 'pair'>, <Line.ACE_KING: 'ace_king'>, 'Ac Kh')
>>> payout_multiplier(box)
2
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations, product
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Literal, NamedTuple

from casino.games.cards import CARDS, Card, format_cards
from casino.games.errors import GameError
from casino.games.ranking import (
    WHEEL,
    Category,
    category_of,
    check_hand,
    describe,
    pack_value,
    rank_multisets,
)

if TYPE_CHECKING:
    from casino.games.russian.codes import RussianPokerCode


def _codes() -> type[RussianPokerCode]:
    """Russian Poker's codes, this module's two among them (``dealer_has_game``,
    ``second_straight_rule_unknown``), defined once in :mod:`casino.games.russian.codes`.

    Imported when a refusal is raised, not at the top: the package ``casino.games.russian``
    imports this module while it initialises, so a top-level import would be circular whenever
    this module is imported first.
    """
    from casino.games.russian.codes import RussianPokerCode

    return RussianPokerCode


class Line(enum.StrEnum):
    """A paytable line. Its value is the stable name stored with paytables and settlements."""

    ACE_KING = "ace_king"
    PAIR = "pair"
    TWO_PAIR = "two_pair"
    TRIPS = "trips"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    QUADS = "quads"
    STRAIGHT_FLUSH = "straight_flush"
    ROYAL_FLUSH = "royal_flush"

    @property
    def strength(self) -> int:
        """Position in :data:`LINE_ORDER`: 0 for Ace-King up to 9 for a royal flush."""
        return _STRENGTH[self]


#: Lines from weakest to strongest. (``Line`` values are strings, so never compare them directly.)
LINE_ORDER: Final = tuple(Line)
_STRENGTH: Final = {line: index for index, line in enumerate(LINE_ORDER)}

#: RULES A.1 main paytable, multiplier of the Bet per line.
STANDARD_PAYTABLE: Final[Mapping[Line, int]] = MappingProxyType(
    {
        Line.ACE_KING: 1,
        Line.PAIR: 1,
        Line.TWO_PAIR: 2,
        Line.TRIPS: 3,
        Line.STRAIGHT: 4,
        Line.FLUSH: 5,
        Line.FULL_HOUSE: 7,
        Line.QUADS: 20,
        Line.STRAIGHT_FLUSH: 50,
        Line.ROYAL_FLUSH: 100,
    }
)

#: The weakest qualifying hand, A-K-4-3-2 (RULES 1.4). A hand qualifies iff its value is at least
#: this: among high-card hands, exactly those holding an ace and a king rank at or above it.
QUALIFYING_MINIMUM: Final = pack_value(Category.HIGH_CARD, (14, 13, 4, 3, 2))

_CATEGORY_LINES: Final = {
    Category.PAIR: Line.PAIR,
    Category.TWO_PAIR: Line.TWO_PAIR,
    Category.TRIPS: Line.TRIPS,
    Category.STRAIGHT: Line.STRAIGHT,
    Category.FLUSH: Line.FLUSH,
    Category.FULL_HOUSE: Line.FULL_HOUSE,
    Category.QUADS: Line.QUADS,
    Category.STRAIGHT_FLUSH: Line.STRAIGHT_FLUSH,
}
_STRAIGHT_LINES: Final = frozenset({Line.STRAIGHT, Line.STRAIGHT_FLUSH, Line.ROYAL_FLUSH})
_ACE, _KING = 12, 11  # rank indices


class SecondStraightRule(enum.StrEnum):
    """How a second straight that only swaps a same-rank card of the first is paid (RULES 1.8)."""

    STRAIGHT = "straight"  # classic: straight + straight
    PAIR = "pair"  # straight + pair


class Combination(NamedTuple):
    """One paid combination: its paytable line and the cards that define it, highest rank first."""

    line: Line
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.line.value} ({format_cards(self.cards)})"


class BoxCombinations(NamedTuple):
    """The combinations of a box (or the dealer's hand).

    ``first`` is ``None`` below Ace-King, and then ``second`` is ``None`` too. ``value`` is the
    first combination's hand value (:mod:`casino.games.ranking`, wheel rule): compare boxes with
    the dealer on it.
    """

    first: Combination | None
    second: Combination | None
    value: int


def line_of(value: int, cards: Sequence[int]) -> Line | None:
    """The paytable line of a five-card hand with this value, or ``None`` below Ace-King.

    >>> from casino.games.cards import parse_cards
    >>> hand = parse_cards("Ah Kh Qh Jh Th")
    >>> line_of(WHEEL.five(hand), hand)
    <Line.ROYAL_FLUSH: 'royal_flush'>
    """
    category = category_of(value)
    if category is Category.HIGH_CARD:
        return Line.ACE_KING if value >= QUALIFYING_MINIMUM else None
    if category is Category.STRAIGHT_FLUSH and describe(value).ranks[0] == 14:
        return Line.ROYAL_FLUSH
    return _CATEGORY_LINES[category]


def first_value(cards: Sequence[int]) -> int:
    """Value of the first combination of five or six cards (checked input)."""
    return WHEEL.best(check_hand(cards, sizes=(5, 6)))


def dealer_qualifies(cards: Sequence[int]) -> bool:
    """Whether the dealer's five cards have a game: Ace-King or better (RULES 1.4).

    >>> from casino.games.cards import parse_cards
    >>> dealer_qualifies(parse_cards("As Kh 4d 3c 2s"))
    True
    >>> dealer_qualifies(parse_cards("Ah Qc Jd Ts 9h"))
    False
    """
    return WHEEL.five(check_hand(cards, sizes=(5,))) >= QUALIFYING_MINIMUM


def dealer_highest_card(cards: Sequence[int]) -> Card:
    """The card a dealer without a game discards when a box buys a game (RULES 1.10).

    A hand without a game holds no pair, so its highest card is unique.

    :raises GameError: ``dealer_has_game`` when the hand qualifies (a game is bought only when the
        dealer has none), or the checks of :func:`casino.games.ranking.check_hand`.

    >>> from casino.games.cards import parse_cards
    >>> dealer_highest_card(parse_cards("Kc Jh 9d 6c 3s"))
    Card('Kc')
    """
    hand = check_hand(cards, sizes=(5,))
    if WHEEL.five(hand) >= QUALIFYING_MINIMUM:
        raise GameError(
            _codes().DEALER_HAS_GAME,
            "The dealer has a game; there is none to buy",
            cards=format_cards(hand),
        )
    return CARDS[max(hand)]


def compare_first(box: Sequence[int], dealer: Sequence[int]) -> int:
    """1 if the box's first combination beats the dealer's, -1 if it loses, 0 for a standoff.

    Only the first combinations compare (RULES 1.4); a box below Ace-King therefore loses to any
    qualifying dealer. Whether the dealer qualifies at all is the settlement's question.

    >>> from casino.games.cards import parse_cards
    >>> compare_first(parse_cards("As Kd 9c 7h 4s"), parse_cards("Ah Kc 9d 7s 4h"))
    0
    """
    box_value, dealer_value = first_value(box), first_value(dealer)
    return (box_value > dealer_value) - (box_value < dealer_value)


def payout_multiplier(
    box: BoxCombinations, paytable: Mapping[Line, int] = STANDARD_PAYTABLE
) -> int:
    """Sum of the paytable multipliers of the box's combinations (0 below Ace-King)."""
    return sum(paytable[combo.line] for combo in (box.first, box.second) if combo is not None)


def first_and_second(
    cards: Sequence[int],
    *,
    second_straight_rule: SecondStraightRule | Literal["straight", "pair"] = "straight",
) -> BoxCombinations:
    """The first and the best second combination of a box of five or six cards (RULES 1.8).

    :raises GameError: ``hand_size_invalid``, ``card_unknown``, ``card_duplicate``, or
        ``second_straight_rule_unknown``.

    >>> from casino.games.cards import parse_cards
    >>> two_straights = parse_cards("Kh Qs Jd Tc 9h 9s")
    >>> [str(c) for c in first_and_second(two_straights)[:2]]
    ['straight (Kh Qs Jd Tc 9s)', 'straight (Kh Qs Jd Tc 9h)']
    >>> str(first_and_second(two_straights, second_straight_rule="pair").second)
    'pair (9s 9h)'
    """
    rule = _RULE_INDEX.get(second_straight_rule)
    if rule is None:
        raise GameError(
            _codes().SECOND_STRAIGHT_RULE_UNKNOWN,
            f"Unknown second-straight rule: {second_straight_rule!r}",
            rule=str(second_straight_rule),
        )
    size = len(cards)
    distinct = set(cards)
    if (size != 5 and size != 6) or len(distinct) != size or not distinct <= _CARD_INDICES:
        check_hand(cards, sizes=(5, 6))  # raises the precise error
    hand = sorted(map(CARDS.__getitem__, cards))
    if _FLUSH_SIGNATURES[sum(map(_SUIT_FIELDS.__getitem__, hand))]:
        return _box_by_search(tuple(hand), rule)
    template = _templates()[rule][tuple(map(_RANK_INDEX.__getitem__, hand))]
    first, second = template.first, template.second
    return BoxCombinations(
        None if first is None else Combination(first[0], first[1](hand)),
        None if second is None else Combination(second[0], second[1](hand)),
        template.value,
    )


# --- Hands without five of a suit: precomputed per rank multiset ----------------------------------
#
# Without five cards of one suit, which lines a box holds depends only on its ranks, and so do
# the positions of the defining cards in the box sorted by card index (ranks ascending). One
# template per multiset of five or six ranks (24,570 of them) therefore answers every such box
# with a dictionary look-up and two ``itemgetter`` calls.

_RULE_INDEX: Final[dict[str, int]] = {SecondStraightRule.STRAIGHT: 0, SecondStraightRule.PAIR: 1}
_CARD_INDICES: Final = frozenset(range(52))
_RANK_INDEX: Final = [card >> 2 for card in range(52)]
# Three bits per suit count: a box of six never overflows a field.
_SUIT_FIELDS: Final = [1 << 3 * (card & 3) for card in range(52)]
_FLUSH_SIGNATURES: Final = [
    any((signature >> 3 * suit) & 7 >= 5 for suit in range(4)) for signature in range(1 << 12)
]

Picker = Callable[[Sequence[Card]], tuple[Card, ...]]


class _Template(NamedTuple):
    value: int
    first: tuple[Line, Picker] | None  # the line, and what picks its cards from the sorted box
    second: tuple[Line, Picker] | None


def _picker(positions: Sequence[int]) -> Picker:
    """``itemgetter`` that always returns a tuple (every combination has two or more cards)."""
    getter: Picker = itemgetter(*positions)
    return getter


def build_tables() -> None:
    """Build the look-up templates of :func:`first_and_second` afresh.

    The first box builds them anyway (about half a second); call this at start-up to keep that
    off the first round, or to measure it.
    """
    _templates.cache_clear()
    _templates()


@cache
def _templates() -> tuple[dict[tuple[int, ...], _Template], dict[tuple[int, ...], _Template]]:
    """Templates of every five- and six-rank multiset, for the classic and the pair rule."""
    classic: dict[tuple[int, ...], _Template] = {}
    pair_rule: dict[tuple[int, ...], _Template] = {}
    for size in (5, 6):
        for ranks in rank_multisets(size):
            classic[ranks], pair_rule[ranks] = _rank_templates(ranks)
    return classic, pair_rule


def _rank_templates(ranks: tuple[int, ...]) -> tuple[_Template, _Template]:
    """The two rules' templates for a sorted multiset of rank indices, decided on ranks alone."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # Spread suits round-robin: at most two cards share a suit, so no flush can form.
    spread = [rank * 4 + position % 4 for position, rank in enumerate(ranks)]
    value = WHEEL.five(spread) if len(spread) == 5 else WHEEL.best_of_six(spread)
    first_line, defining = _first_by_rank(value)
    offsets = {rank: ranks.index(rank) for rank in counts}

    def first_positions() -> list[int]:
        return [
            offsets[rank] + copy
            for rank in sorted(defining, reverse=True)
            for copy in range(defining[rank])
        ]

    def second_positions(used: dict[int, int]) -> list[int]:
        # The last copies of each rank: the first took the earliest ones, so whichever rank has
        # a copy to spare contributes a card outside the first combination.
        return [
            offsets[rank] + counts[rank] - used[rank] + copy
            for rank in sorted(used, reverse=True)
            for copy in range(used[rank])
        ]

    if first_line is None:
        empty = _Template(value, None, None)
        return empty, empty
    first = (first_line, _picker(first_positions()))
    templates = []
    for pair_rule in (False, True):
        second = next(
            (
                (line, used)
                for line, used in _rank_structures(counts)
                if any(counts[rank] > defining.get(rank, 0) for rank in used)
                and not (
                    pair_rule
                    and line is Line.STRAIGHT
                    and first_line in _STRAIGHT_LINES
                    and used.keys() == defining.keys()
                )
            ),
            None,
        )
        if second is None:
            templates.append(_Template(value, first, None))
        else:
            line, used = second
            templates.append(_Template(value, first, (line, _picker(second_positions(used)))))
    return templates[0], templates[1]


def _first_by_rank(value: int) -> tuple[Line | None, dict[int, int]]:
    """First line of an unsuited hand and its defining cards as {rank index: copies}."""
    description = describe(value)
    category = description.category
    indices = [rank - 2 for rank in description.ranks]
    if category is Category.HIGH_CARD:
        if indices[:2] == [_ACE, _KING]:
            return Line.ACE_KING, {_ACE: 1, _KING: 1}
        return None, {}
    if category is Category.STRAIGHT:
        return Line.STRAIGHT, {rank: 1 for rank in sorted(indices, reverse=True)}
    defining: dict[int, int] = {}
    for rank in indices:
        defining[rank] = defining.get(rank, 0) + 1
    if category is not Category.FULL_HOUSE:  # kickers do not define
        defining = {rank: count for rank, count in defining.items() if count >= 2}
    return _CATEGORY_LINES[category], defining


# Every straight as (mask of rank indices, ranks highest first), the best first; the last is the
# wheel, whose ace plays low but is listed first like any ace.
_STRAIGHTS: Final = tuple(
    (sum(1 << rank for rank in run), tuple(sorted(run, reverse=True)))
    for run in [[(top - step) % 13 for step in range(5)] for top in range(12, 2, -1)]
)


def _rank_structures(counts: Mapping[int, int]) -> Iterator[tuple[Line, dict[int, int]]]:
    """Every line an unsuited box holds, as {rank index: copies}, strongest line first.

    Within a line, higher ranks come first, so the chosen second names the highest cards.
    """
    desc = sorted(counts, reverse=True)
    for rank in desc:
        if counts[rank] == 4:
            yield Line.QUADS, {rank: 4}
    for trips in desc:
        if counts[trips] >= 3:
            for pair in desc:
                if pair != trips and counts[pair] >= 2:
                    yield Line.FULL_HOUSE, {trips: 3, pair: 2}
    mask = sum(1 << rank for rank in counts)
    for run_mask, run in _STRAIGHTS:
        if mask & run_mask == run_mask:
            yield Line.STRAIGHT, dict.fromkeys(run, 1)
    for rank in desc:
        if counts[rank] >= 3:
            yield Line.TRIPS, {rank: 3}
    pairs = [rank for rank in desc if counts[rank] >= 2]
    for high, low in combinations(pairs, 2):
        yield Line.TWO_PAIR, {high: 2, low: 2}
    for rank in pairs:
        yield Line.PAIR, {rank: 2}
    if _ACE in counts and _KING in counts:
        yield Line.ACE_KING, {_ACE: 1, _KING: 1}


# --- Hands with five of a suit: search over the cards ---------------------------------------------


def _box_by_search(hand: tuple[Card, ...], rule: int) -> BoxCombinations:
    """First and second by trying every structure of the box (RULES 1.8's algorithm).

    Used for boxes holding five cards of a suit (about one box in a hundred), where suits matter.
    """
    fives = [(WHEEL.five(five), five) for five in combinations(hand, 5)]
    best = max(value for value, _ in fives)
    structures = sorted(_card_structures(hand), key=lambda item: -item[0].strength)
    result: BoxCombinations | None = None
    for value, five in fives:
        if value != best:
            continue
        line = line_of(value, five)
        if line is None:
            return BoxCombinations(None, None, value)
        defining = _defining_cards(line, five)
        first = Combination(line, _by_rank(defining))
        second = next(
            (
                Combination(other, _by_rank(cards))
                for other, cards in structures
                if not set(cards) <= set(defining)
                and not (
                    rule == 1
                    and other is Line.STRAIGHT
                    and line in _STRAIGHT_LINES
                    and sorted(c >> 2 for c in cards) == sorted(c >> 2 for c in five)
                )
            ),
            None,
        )
        if result is None or (
            second is not None
            and (result.second is None or second.line.strength > result.second.line.strength)
        ):
            result = BoxCombinations(first, second, value)
    assert result is not None  # the best value is always among the fives
    return result


def _defining_cards(line: Line, five: Sequence[Card]) -> tuple[Card, ...]:
    if line is Line.ACE_KING:
        return (
            next(c for c in five if c >> 2 == _ACE),
            next(c for c in five if c >> 2 == _KING),
        )
    if line in (Line.PAIR, Line.TWO_PAIR, Line.TRIPS, Line.QUADS):
        ranks = [c >> 2 for c in five]
        return tuple(c for c in five if ranks.count(c >> 2) >= 2)
    return tuple(five)


def _card_structures(hand: Sequence[Card]) -> Iterator[tuple[Line, tuple[Card, ...]]]:
    """Every paytable line formed by some of the box's cards, with those cards."""
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card >> 2, []).append(card)
    pairs: list[tuple[Card, ...]] = []
    for cards in by_rank.values():
        if len(cards) == 4:
            yield Line.QUADS, tuple(cards)
        for trips in combinations(cards, 3):
            yield Line.TRIPS, trips
        for pair in combinations(cards, 2):
            pairs.append(pair)
            yield Line.PAIR, pair
    for high, low in combinations(pairs, 2):
        if high[0] >> 2 != low[0] >> 2:
            yield Line.TWO_PAIR, high + low
    for ace, king in product(by_rank.get(_ACE, ()), by_rank.get(_KING, ())):
        yield Line.ACE_KING, (ace, king)
    for five in combinations(hand, 5):
        value = WHEEL.five(five)
        if category_of(value) in (
            Category.STRAIGHT,
            Category.FLUSH,
            Category.FULL_HOUSE,
            Category.STRAIGHT_FLUSH,
        ):
            line = line_of(value, five)
            assert line is not None
            yield line, five


def _by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards highest rank first, suits in deck order (s, h, d, c) within a rank."""
    return tuple(sorted(cards, key=lambda card: (-(card >> 2), card & 3)))
