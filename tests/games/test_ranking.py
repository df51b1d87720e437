"""Five-card ranking: exhaustive over all 2,598,960 hands and differential against pokerkit.

pokerkit is the oracle: ``StandardLookup`` ranks hands with the wheel as the lowest straight (the
Russian Poker rule), ``Standard2Lookup`` without it (Ruby Run's aces-high-only comparison). Both
rank a five-card hand by an entry index where greater is stronger, as our values do.
"""

from __future__ import annotations

import doctest
import random
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import StandardHighHand
from pokerkit.lookups import Label, Lookup, Standard2Lookup, StandardLookup
from pokerkit.utilities import Card as PokerkitCard

import casino.games.ranking as ranking_module
from casino.games.cards import CARD_DUPLICATE, CARD_UNKNOWN, CARDS, parse_cards
from casino.games.errors import GameError
from casino.games.ranking import (
    ACES_HIGH,
    HAND_SIZE_INVALID,
    HAND_VALUE_INVALID,
    WHEEL,
    Category,
    HandEvaluator,
    build_evaluators,
    category_of,
    describe,
    evaluator,
    hand_value,
    pack_value,
)

# One worker runs the whole module: its module-scoped fixture is computed once, not once per
# worker that happens to take one of its tests.
pytestmark = pytest.mark.xdist_group("ranking-every-hand")

ALL_FIVE_CARD_HANDS = 2_598_960
DISTINCT_VALUES = 7462

WHEEL_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.QUADS: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.TRIPS: 54912,
    Category.TWO_PAIR: 123552,
    Category.PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}
# Without the wheel, its 4 suited and 1,020 unsuited spellings fall to flush and high card.
ACES_HIGH_COUNTS = WHEEL_COUNTS | {
    Category.STRAIGHT_FLUSH: 36,
    Category.FLUSH: 5112,
    Category.STRAIGHT: 9180,
    Category.HIGH_CARD: 1303560,
}

LABELS = {
    Label.HIGH_CARD: Category.HIGH_CARD,
    Label.ONE_PAIR: Category.PAIR,
    Label.TWO_PAIR: Category.TWO_PAIR,
    Label.THREE_OF_A_KIND: Category.TRIPS,
    Label.STRAIGHT: Category.STRAIGHT,
    Label.FLUSH: Category.FLUSH,
    Label.FULL_HOUSE: Category.FULL_HOUSE,
    Label.FOUR_OF_A_KIND: Category.QUADS,
    Label.STRAIGHT_FLUSH: Category.STRAIGHT_FLUSH,
}

POKERKIT_CARDS = [next(PokerkitCard.parse(str(card))) for card in CARDS]
RULES = [
    pytest.param(WHEEL, StandardLookup(), WHEEL_COUNTS, id="wheel"),
    pytest.param(ACES_HIGH, Standard2Lookup(), ACES_HIGH_COUNTS, id="aces_high"),
]


def pokerkit_hand(hand: Sequence[int]) -> tuple[PokerkitCard, ...]:
    return tuple(map(POKERKIT_CARDS.__getitem__, hand))


def test_doctests() -> None:
    result = doctest.testmod(ranking_module)
    assert result.attempted > 0
    assert result.failed == 0


# --- Exhaustive -----------------------------------------------------------------------------------


@dataclass
class Exhaustive:
    """What one pass over every five-card hand found, for one rule."""

    value_counts: Counter[int]
    # Every (our value, pokerkit entry index, pokerkit label) seen on some hand.
    pairs: set[tuple[int, int, Label]]


@pytest.fixture(scope="module")
def exhaustive() -> dict[bool, Exhaustive]:
    """Evaluate all 2,598,960 hands with both rules and with both pokerkit lookups, once.

    A pokerkit lookup keys a hand by its ranks and whether its cards are suited
    (``Lookup._get_key``), so each hand takes pokerkit's entries for its key, asked of pokerkit
    for the first hand with that key: the same entries as asking for every hand, at a fifth of
    the time. Should the key here be coarser than pokerkit's, hands of one key would get
    another hand's entries and the pairs below would disagree with our values."""
    wheel_entry, aces_high_entry = StandardLookup().get_entry, Standard2Lookup().get_entry
    wheel_five, aces_high_five = WHEEL.five, ACES_HIGH.five
    to_pokerkit = POKERKIT_CARDS.__getitem__
    entries_of_key: dict[tuple[tuple[int, ...], bool], tuple[Any, Any]] = {}
    wheel_pairs: set[tuple[int, int, Label]] = set()
    aces_high_pairs: set[tuple[int, int, Label]] = set()
    wheel_counts: Counter[int] = Counter()
    aces_high_counts: Counter[int] = Counter()
    for hand in combinations(range(52), 5):
        a, b, c, d, e = hand
        # Cards are rank * 4 + suit (casino.games.cards), and a combination comes sorted.
        key = ((a >> 2, b >> 2, c >> 2, d >> 2, e >> 2), a & 3 == b & 3 == c & 3 == d & 3 == e & 3)
        entries = entries_of_key.get(key)
        if entries is None:
            theirs = tuple(map(to_pokerkit, hand))
            entries = entries_of_key[key] = (wheel_entry(theirs), aces_high_entry(theirs))
        wheel, aces_high = entries
        ours = wheel_five(hand)
        wheel_pairs.add((ours, wheel.index, wheel.label))
        wheel_counts[ours] += 1
        ours = aces_high_five(hand)
        aces_high_pairs.add((ours, aces_high.index, aces_high.label))
        aces_high_counts[ours] += 1
    return {
        True: Exhaustive(wheel_counts, wheel_pairs),
        False: Exhaustive(aces_high_counts, aces_high_pairs),
    }


@pytest.mark.slow
@pytest.mark.parametrize(("wheel", "counts"), [(True, WHEEL_COUNTS), (False, ACES_HIGH_COUNTS)])
def test_category_counts_over_all_hands(
    exhaustive: dict[bool, Exhaustive], wheel: bool, counts: dict[Category, int]
) -> None:
    found: Counter[Category] = Counter()
    for value, count in exhaustive[wheel].value_counts.items():
        found[category_of(value)] += count
    assert dict(found) == counts
    assert sum(found.values()) == ALL_FIVE_CARD_HANDS


@pytest.mark.slow
@pytest.mark.parametrize("wheel", [True, False])
def test_7462_distinct_values(exhaustive: dict[bool, Exhaustive], wheel: bool) -> None:
    assert len(exhaustive[wheel].value_counts) == DISTINCT_VALUES


@pytest.mark.slow
@pytest.mark.parametrize("wheel", [True, False])
def test_same_order_as_pokerkit_over_all_hands(
    exhaustive: dict[bool, Exhaustive], wheel: bool
) -> None:
    pairs = exhaustive[wheel].pairs
    # One pokerkit entry per value of ours and one value per entry: the same equivalence classes.
    assert len(pairs) == DISTINCT_VALUES
    assert len({ours for ours, _, _ in pairs}) == DISTINCT_VALUES
    assert len({theirs for _, theirs, _ in pairs}) == DISTINCT_VALUES
    # ... ranked in the same order.
    ranked = [theirs for _, theirs, _ in sorted(pairs)]
    assert ranked == sorted(ranked)
    assert all(category_of(ours) is LABELS[label] for ours, _, label in pairs)


@pytest.mark.slow
@pytest.mark.parametrize("wheel", [True, False])
def test_every_value_describes_and_packs_back(
    exhaustive: dict[bool, Exhaustive], wheel: bool
) -> None:
    for value in exhaustive[wheel].value_counts:
        description = describe(value)
        assert len(description.ranks) == 5
        assert hand_value(_hand_for(description.ranks, description.category), wheel=wheel) == value


def _hand_for(ranks: Sequence[int], category: Category) -> list[int]:
    """Some five cards with these ranks, all of one suit exactly when the category needs it."""
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        return [(rank - 2) * 4 for rank in ranks]
    # The n-th card of a rank takes the n-th suit; five single ranks would then all be spades,
    # so the last of them moves to hearts.
    suits = [ranks[:i].count(rank) for i, rank in enumerate(ranks)]
    if not any(suits):
        suits[-1] = 1
    return [(rank - 2) * 4 + suit for rank, suit in zip(ranks, suits, strict=True)]


# --- Best of six and seven against pokerkit -------------------------------------------------------


@pytest.fixture(scope="module")
def to_pokerkit_index() -> dict[bool, dict[int, int]]:
    """Our value -> pokerkit entry index, from one hand of each of the 7,462 classes per rule."""
    translation: dict[bool, dict[int, int]] = {True: {}, False: {}}
    lookups: dict[bool, Lookup] = {True: StandardLookup(), False: Standard2Lookup()}
    hands = [
        [rank * 4 + position % 4 for position, rank in enumerate(ranks)]
        for ranks in combinations_with_replacement(range(13), 5)
        if max(map(ranks.count, ranks)) <= 4
    ]
    hands += [[rank * 4 for rank in ranks] for ranks in combinations(range(13), 5)]
    for wheel, table in translation.items():
        for hand in hands:
            table[evaluator(wheel=wheel).five(hand)] = (
                lookups[wheel].get_entry(pokerkit_hand(hand)).index
            )
        assert len(table) == DISTINCT_VALUES
    return translation


def pokerkit_best(lookup: Lookup, hand: Sequence[int]) -> int:
    """pokerkit's best five-card entry index: the maximum over all five-card subsets, which is
    how its ``Hand.from_game`` works (checked against it below)."""
    return max(lookup.get_entry(five).index for five in combinations(pokerkit_hand(hand), 5))


def random_hands(size: int, count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), size)) for _ in range(count)]


def flush_heavy_hands(size: int, count: int, seed: int) -> list[tuple[int, ...]]:
    """Hands with five or more cards of one suit, often in sequence: flushes and straight
    flushes are rare in random hands and take their own path through the evaluator."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        suit = rng.randrange(4)
        low = rng.randrange(-1, 9)  # -1 lets a wheel in
        pool = [((rank % 13) * 4 + suit) for rank in range(low, low + 7)]
        suited = rng.sample(pool, rng.randint(5, size))
        rest = rng.sample([card for card in range(52) if card not in suited], size - len(suited))
        hands.append(tuple(suited + rest))
    return hands


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "best", "count"),
    [
        (6, WHEEL.best_of_six, 100_000),
        (7, WHEEL.best_of_seven, 100_000),
    ],
    ids=["best_of_six", "best_of_seven"],
)
def test_best_of_n_agrees_with_pokerkit_on_100000_random_hands(
    to_pokerkit_index: dict[bool, dict[int, int]],
    size: int,
    best: Callable[[Sequence[int]], int],
    count: int,
) -> None:
    lookup = StandardLookup()
    translation = to_pokerkit_index[True]
    for hand in random_hands(size, count, seed=size):
        assert translation[best(hand)] == pokerkit_best(lookup, hand), hand


@pytest.mark.parametrize("wheel", [True, False])
@pytest.mark.parametrize("size", [6, 7])
def test_best_of_n_agrees_with_pokerkit_on_flush_heavy_and_aces_high_hands(
    to_pokerkit_index: dict[bool, dict[int, int]], wheel: bool, size: int
) -> None:
    rule = evaluator(wheel=wheel)
    best = rule.best_of_six if size == 6 else rule.best_of_seven
    lookup = StandardLookup() if wheel else Standard2Lookup()
    hands = flush_heavy_hands(size, 5_000, seed=size) + random_hands(size, 10_000, seed=size + 10)
    translation = to_pokerkit_index[wheel]
    for hand in hands:
        assert translation[best(hand)] == pokerkit_best(lookup, hand), hand


def test_maximum_over_lookups_is_pokerkits_own_best_hand(
    to_pokerkit_index: dict[bool, dict[int, int]],
) -> None:
    lookup = StandardLookup()
    for hand in random_hands(7, 500, seed=99) + flush_heavy_hands(7, 500, seed=98):
        theirs = StandardHighHand.from_game(pokerkit_hand(hand))
        assert lookup.get_entry(theirs.cards).index == pokerkit_best(lookup, hand)


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True), wheel=st.booleans())
def test_best_is_the_best_five_card_subset(hand: list[int], wheel: bool) -> None:
    rule = evaluator(wheel=wheel)
    assert rule.best(hand) == max(rule.five(five) for five in combinations(hand, 5))


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=5, max_size=8, unique=True),
    fixed_count=st.integers(0, 5),
    wheel=st.booleans(),
)
def test_best_containing_is_the_best_five_holding_the_fixed_cards(
    cards: list[int], fixed_count: int, wheel: bool
) -> None:
    fixed, pool = cards[:fixed_count], cards[fixed_count:]
    rule = evaluator(wheel=wheel)
    expected = max(rule.five([*fixed, *fill]) for fill in combinations(pool, 5 - fixed_count))
    assert rule.best_containing(fixed, pool) == expected


def test_best_containing_three_fixed_four_pool() -> None:
    # The unrolled path: the run 2h 3h 4h must stay in, so the sevens pair and the kings do not.
    fixed, pool = parse_cards("2h 3h 4h"), parse_cards("7s 7c Ks Kc")
    assert describe(ACES_HIGH.best_containing(fixed, pool)) == describe(
        hand_value(parse_cards("Ks Kc 4h 3h 2h"), wheel=False)
    )


# --- Specific orders ------------------------------------------------------------------------------


def value_of(text: str, *, wheel: bool = True) -> int:
    return hand_value(parse_cards(text), wheel=wheel)


def test_wheel_is_the_lowest_straight_under_the_wheel_rule() -> None:
    wheel, six_high = value_of("Ah 2d 3c 4s 5h"), value_of("2h 3s 4d 5c 6h")
    assert category_of(wheel) is Category.STRAIGHT
    assert wheel < six_high
    assert wheel > value_of("Ah Kd Qc Js 9h")  # above every high card, ace-king included
    assert describe(wheel).ranks == (5, 4, 3, 2, 14)


def test_wheel_is_ace_high_nothing_when_aces_are_high_only() -> None:
    wheel = value_of("Ah 2d 3c 4s 5h", wheel=False)
    assert describe(wheel) == (Category.HIGH_CARD, (14, 5, 4, 3, 2))
    assert wheel < value_of("Ah 6d 3c 4s 2h", wheel=False)
    assert category_of(value_of("Ah 2h 3h 4h 5h", wheel=False)) is Category.FLUSH
    assert category_of(value_of("Ah 2h 3h 4h 5h")) is Category.STRAIGHT_FLUSH


@pytest.mark.parametrize("wheel", [True, False])
def test_straights_never_wrap(wheel: bool) -> None:
    for text in ("Qh Kd Ac 2s 3h", "Kh Ad 2c 3s 4h", "Jh Qd Kc As 2h"):
        assert category_of(value_of(text, wheel=wheel)) is Category.HIGH_CARD


def test_broadway_and_royal() -> None:
    assert describe(value_of("Ah Kd Qc Js Th")) == (Category.STRAIGHT, (14, 13, 12, 11, 10))
    royal = value_of("As Ks Qs Js Ts")
    assert royal == pack_value(Category.STRAIGHT_FLUSH, (14,))
    assert royal > value_of("Ks Qs Js Ts 9s") > value_of("Ah Ad As Ac Kd")


def test_kickers_decide_then_standoff() -> None:
    assert value_of("As Kd 9c 7h 4s") == value_of("Ah Kc 9d 7s 4h")
    assert value_of("As Kd 9c 7h 5s") > value_of("Ah Kc 9d 7s 4h")
    assert value_of("8h 8s Kd 7c 3s") > value_of("8d 8c Qd Jc 9s")
    assert value_of("Kh Kd 2s 2c 3h") < value_of("Kh Kd 3s 3c 2h")
    assert value_of("7h 7d 7s 2c 2h") > value_of("6h 6d 6s Ac Ah")


def test_best_of_seven_ignores_a_lower_second_pair_kicker() -> None:
    # Three pairs: the third pair's rank is only a kicker, and the best kicker is the 7.
    assert value_of("Kh Kd 9s 9c 2h 2d 7c") == value_of("Kh Kd 9s 9c 7c")
    assert value_of("Kh Kd 9s 9c 5h 5d 4c") == value_of("Kh Kd 9s 9c 5h")


def test_best_of_seven_two_trips_make_a_full_house() -> None:
    assert describe(value_of("9h 9d 9s 4c 4h 4d Ac")) == (Category.FULL_HOUSE, (9, 9, 9, 4, 4))


def test_describe_spells_out_values() -> None:
    assert str(describe(value_of("7h 7d 2c 9s Jd 7s"))) == "trips: 7 7 7 J 9"
    assert str(describe(value_of("Ah 2d 3c 4s 5h"))) == "straight: 5 4 3 2 A"
    assert str(describe(value_of("Th Jh Qh Kh 9h"))) == "straight flush: K Q J T 9"
    assert str(describe(value_of("Kh Kd Ks 7c 7h"))) == "full house: K K K 7 7"
    assert Category.TWO_PAIR.label == "two pair"


@pytest.mark.parametrize(
    "value",
    [
        -1,
        9 << 20,
        pack_value(Category.STRAIGHT, (4,)),  # no straight tops at 4
        pack_value(Category.STRAIGHT, (15,)),
        pack_value(Category.PAIR, (7, 7, 3, 2)),  # the pair's rank again as a kicker
        pack_value(Category.PAIR, (7, 5, 3)),  # a kicker missing
        pack_value(Category.HIGH_CARD, (14, 13, 12, 11, 11)),  # a pair is not a high card
        pack_value(Category.HIGH_CARD, (14, 13, 12, 11, 10)),  # that is a straight
        pack_value(Category.HIGH_CARD, (9, 13, 12, 11, 2)),  # out of order
        pack_value(Category.PAIR, (7, 3, 5, 2)),
        pack_value(Category.TWO_PAIR, (5, 9, 2)),
    ],
)
def test_describe_refuses_what_no_hand_has(value: int) -> None:
    with pytest.raises(GameError) as raised:
        describe(value)
    assert raised.value.code == HAND_VALUE_INVALID


def test_int_indices_and_cards_evaluate_alike() -> None:
    for hand in random_hands(7, 2_000, seed=3):
        cards = [CARDS[card] for card in hand]
        assert WHEEL.best_of_seven(cards) == WHEEL.best_of_seven(hand)
        assert ACES_HIGH.best_of_six(cards[:6]) == ACES_HIGH.best_of_six(hand[:6])
        assert WHEEL.five(cards[:5]) == WHEEL.five(hand[:5])


# --- Checked input --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [0, 4, 8])
def test_hand_value_refuses_wrong_sizes(size: int) -> None:
    with pytest.raises(GameError) as raised:
        hand_value(list(range(size)))
    assert raised.value.code == HAND_SIZE_INVALID
    assert raised.value.data == {"sizes": [5, 6, 7], "count": size}


def test_hand_value_refuses_a_duplicate() -> None:
    with pytest.raises(GameError) as raised:
        hand_value(parse_cards("As Kd Qc Js As"))
    assert raised.value.code == CARD_DUPLICATE
    assert raised.value.data == {"card": "As"}


@pytest.mark.parametrize("bad", [52, -1, "As", 1.0, True, None])
def test_hand_value_refuses_what_is_not_a_card(bad: Any) -> None:
    with pytest.raises(GameError) as raised:
        hand_value([0, 1, 2, 3, bad])
    assert raised.value.code == CARD_UNKNOWN


def test_evaluator_returns_the_shared_instances() -> None:
    assert evaluator(wheel=True) is WHEEL and WHEEL.wheel
    assert evaluator(wheel=False) is ACES_HIGH and not ACES_HIGH.wheel
    assert repr(WHEEL) == "HandEvaluator(wheel=True)"


@pytest.mark.slow
def test_tables_stay_well_under_50_mb() -> None:
    tracemalloc.start()
    try:
        fresh: tuple[HandEvaluator, HandEvaluator] = build_evaluators()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50_000_000
    hand = parse_cards("Ah 2d 3c 4s 5h")
    assert fresh[0].five(hand) == WHEEL.five(hand)
    assert fresh[1].five(hand) == ACES_HIGH.five(hand)
