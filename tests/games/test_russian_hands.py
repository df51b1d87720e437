"""Russian Poker combinations: the RULES 1.13 vectors, every two-combination total of RULES 1.5,
and a differential check against a literal reading of RULES 1.8 over every rank pattern."""

from __future__ import annotations

import doctest
import random
import tracemalloc
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import NamedTuple

import pytest

import casino.games.russian_hands as russian_module
from casino.games.cards import CARD_DUPLICATE, CARD_UNKNOWN, Card, parse_card, parse_cards
from casino.games.errors import GameError
from casino.games.ranking import HAND_SIZE_INVALID, WHEEL, build_evaluators
from casino.games.russian.codes import DEALER_HAS_GAME, SECOND_STRAIGHT_RULE_UNKNOWN
from casino.games.russian_hands import (
    LINE_ORDER,
    QUALIFYING_MINIMUM,
    STANDARD_PAYTABLE,
    BoxCombinations,
    Combination,
    Line,
    SecondStraightRule,
    build_tables,
    compare_first,
    dealer_highest_card,
    dealer_qualifies,
    first_and_second,
    first_value,
    line_of,
    payout_multiplier,
)


def test_doctests() -> None:
    result = doctest.testmod(russian_module)
    assert result.attempted > 0
    assert result.failed == 0


# --- RULES 1.13 vectors ---------------------------------------------------------------------------


class Vector(NamedTuple):
    box: str  # the box's final cards (after any exchange or sixth card)
    dealer: str
    first: Line | None
    second: Line | None
    dealer_qualifies: bool
    outcome: int  # 1 box wins, 0 standoff, -1 box loses (first combinations only)
    combination_pay: int  # what the combinations pay on the Bet (standard paytable), if paid
    bet: int = 20  # RULES 1.13: Ante 10, Bet 20 unless stated


VECTORS = {
    "RP01": Vector("8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c", Line.PAIR, None, True, 1, 20),
    "RP02": Vector("Kh Ks Ac 8d 5h", "Qh Qd 9c 7s 2d", Line.PAIR, Line.ACE_KING, True, 1, 40),
    "RP03": Vector("6h 6d Jc 9s 2h", "Ad Qc 9h 7s 4c", Line.PAIR, None, False, 1, 20),
    "RP04": Vector("Jh Jd 9c 5s 3h", "Qs Qc 7d 4h 2s", Line.PAIR, None, True, -1, 20),
    "RP05": Vector("As Kd 9c 7h 4s", "Ah Kc 9d 7s 4h", Line.ACE_KING, None, True, 0, 20),
    "RP08": Vector("Ah 2d 3c 4s 5h", "As Kh Qd Jc 9s", Line.STRAIGHT, None, True, 1, 80),
    "RP09": Vector("Ah 2d 3c 4s 5h", "2h 3s 4d 5c 6h", Line.STRAIGHT, None, True, -1, 80),
    "RP11": Vector(
        "5h 4s 3d 2c Ks Ah", "Qh Qs 8d 7c 2h", Line.STRAIGHT, Line.ACE_KING, True, 1, 100
    ),
    "RP13": Vector(
        "Kh Qh Jh 10h 9h 8h",
        "Ac Kd 7s 4c 2d",
        Line.STRAIGHT_FLUSH,
        Line.STRAIGHT_FLUSH,
        True,
        1,
        2000,
    ),
    "RP14": Vector(  # 150 x 100 before the table maximum, which the settlement applies
        "Ah Kh Qh Jh 10h 9h",
        "Qs Qc 5d 4s 2c",
        Line.ROYAL_FLUSH,
        Line.STRAIGHT_FLUSH,
        True,
        1,
        15000,
        bet=100,
    ),
    "RP16": Vector("7h 7d 7s Kh 4d", "Ac Kd 8h 6s 3c", Line.TRIPS, None, True, 1, 60),
    "RP18": Vector("7h 7d 7s Kh 4d", "Qs Jc 9d 6h 3s", Line.TRIPS, None, False, 1, 60),
    "RP20": Vector("7h 7d 7s Kh 4d", "9c 9d 9h 2s 3h", Line.TRIPS, None, True, -1, 60),
    "RP23": Vector("Ah Ad Qc 8s 5h", "Kc Jh 9d 6c 3s", Line.PAIR, None, False, 1, 20),
    "RP23-after-buying": Vector("Ah Ad Qc 8s 5h", "2d Jh 9d 6c 3s", Line.PAIR, None, False, 1, 20),
    "RP25": Vector("10h 10d 8c 5s 2h", "Kc Jh 9d 6c 3s", Line.PAIR, None, False, 1, 20),
    "RP25-after-buying": Vector(
        "10h 10d 8c 5s 2h", "Js Jh 9d 6c 3s", Line.PAIR, None, True, -1, 20
    ),
    "RP27-two-pair": Vector("Qh Qc 4d 4s Jd", "5h 5d Kc 9s 2c", Line.TWO_PAIR, None, True, 1, 40),
    "RP27-junk": Vector("8h 6c 4d 3s 2h", "5s 5d Kc 9s 2c", None, None, True, -1, 0),
    "RP29": Vector("Kc Kd 7h 5s 3d", "Ah Qc Jd 10s 9h", Line.PAIR, None, False, 1, 20),
    "RP31": Vector("Kh Qh Jh 8h 7h 7s", "Ks Kc 9d 4s 2c", Line.FLUSH, Line.PAIR, True, 1, 120),
    "RP33": Vector("8h 8s Kd 7c 3s", "Ac Kh 9d 6s 2c", Line.PAIR, None, True, 1, 20),
    "RP35": Vector("Ah Qd 9c 6s 3h", "As Kc 5d 4h 2s", None, None, True, -1, 0),
    "RP36": Vector(
        "Kh Ks 8d 8h 2c 2s", "Qs Qd 9c 7s 3d", Line.TWO_PAIR, Line.TWO_PAIR, True, 1, 80
    ),
}


def line(combination: Combination | None) -> Line | None:
    return None if combination is None else combination.line


@pytest.mark.parametrize("vector", VECTORS.values(), ids=VECTORS.keys())
def test_rules_vectors(vector: Vector) -> None:
    box, dealer = parse_cards(vector.box), parse_cards(vector.dealer)
    combos = first_and_second(box)
    assert (line(combos.first), line(combos.second)) == (vector.first, vector.second)
    assert payout_multiplier(combos) * vector.bet == vector.combination_pay
    assert dealer_qualifies(dealer) is vector.dealer_qualifies
    assert compare_first(box, dealer) == vector.outcome
    assert combos.value == first_value(box)
    assert_cards_make_their_lines(box, combos)


def test_rp23_buying_replaces_the_dealers_single_highest_card() -> None:
    dealer = parse_cards("Kc Jh 9d 6c 3s")
    assert dealer_highest_card(dealer) == parse_card("Kc")
    after = [card for card in dealer if card != parse_card("Kc")] + [parse_card("2d")]
    assert not dealer_qualifies(after)
    assert dealer_highest_card(after) == parse_card("Jh")


def test_rp25_replacement_can_give_the_dealer_a_game() -> None:
    dealer = parse_cards("Kc Jh 9d 6c 3s")
    after = [card for card in dealer if card != dealer_highest_card(dealer)] + [parse_card("Js")]
    assert dealer_qualifies(after)


def test_rp34_bonus_judges_the_first_five_cards() -> None:
    assert line(first_and_second(parse_cards("9c 10d Jh Qs Kd")).first) is Line.STRAIGHT


# --- RULES 1.5 two-combination totals -------------------------------------------------------------


TOTALS = {
    "Royal+SF 150": ("Ah Kh Qh Jh Th 9h", Line.ROYAL_FLUSH, Line.STRAIGHT_FLUSH, 150),
    "Royal+Flush 105": ("Ah Kh Qh Jh Th 2h", Line.ROYAL_FLUSH, Line.FLUSH, 105),
    "Royal+Straight 104": ("Ah Kh Qh Jh Th 9s", Line.ROYAL_FLUSH, Line.STRAIGHT, 104),
    "SF+SF 100": ("Kh Qh Jh Th 9h 8h", Line.STRAIGHT_FLUSH, Line.STRAIGHT_FLUSH, 100),
    "SF+Flush 55": ("Kh Qh Jh Th 9h 2h", Line.STRAIGHT_FLUSH, Line.FLUSH, 55),
    "SF+Straight 54": ("Kh Qh Jh Th 9h 8s", Line.STRAIGHT_FLUSH, Line.STRAIGHT, 54),
    "SF+AK 51": ("5h 4h 3h 2h Ah Ks", Line.STRAIGHT_FLUSH, Line.ACE_KING, 51),
    "Quads+Full house 27": ("Ah As Ad Ac Kh Ks", Line.QUADS, Line.FULL_HOUSE, 27),
    "Quads+AK 21": ("Ah As Ad Ac Kh", Line.QUADS, Line.ACE_KING, 21),
    "Full house+Full house 14": ("Kh Ks Kd 7h 7s 7d", Line.FULL_HOUSE, Line.FULL_HOUSE, 14),
    "Full house+AK 8": ("Kh Ks Kd 7h 7s Ac", Line.FULL_HOUSE, Line.ACE_KING, 8),
    "Flush+Flush 10": ("Ah Jh 9h 7h 4h 2h", Line.FLUSH, Line.FLUSH, 10),
    "Flush+Straight 9": ("Kh Jh 9h 8h 7h Ts", Line.FLUSH, Line.STRAIGHT, 9),
    "Flush+Pair 6": ("Kh Qh Jh 8h 7h 7s", Line.FLUSH, Line.PAIR, 6),
    "Flush+AK 6": ("Ah Qh Jh 8h 7h Ks", Line.FLUSH, Line.ACE_KING, 6),
    "Straight+Straight 8": ("Kh Qs Jd Tc 9h 9s", Line.STRAIGHT, Line.STRAIGHT, 8),
    "Straight+AK 5": ("5h 4s 3d 2c Ks Ah", Line.STRAIGHT, Line.ACE_KING, 5),
    "Trips+AK 4": ("7h 7d 7s Ac Kd", Line.TRIPS, Line.ACE_KING, 4),
    "Two pair+Two pair 4": ("Kh Ks 8d 8h 2c 2s", Line.TWO_PAIR, Line.TWO_PAIR, 4),
    "Two pair+AK 3": ("Kh Ks 8d 8h Ac", Line.TWO_PAIR, Line.ACE_KING, 3),
    "Pair+AK 2": ("Kh Ks Ac 8d 5h", Line.PAIR, Line.ACE_KING, 2),
    # RP21's insurance limits rest on these payouts: trips 60, five-card full house 140, full
    # house + AK with six cards 160, quads 400 (Bet 20); the hands are ours.
    "RP21 trips 3": ("7h 7d 7s Kh 4d", Line.TRIPS, None, 3),
    "RP21 full house 7": ("7h 7d 7s Kh Kd", Line.FULL_HOUSE, None, 7),
    "RP21 full house+AK 8": ("7h 7d 7s Kh Kd Ac", Line.FULL_HOUSE, Line.ACE_KING, 8),
    "RP21 quads 20": ("9s 9h 9d 9c 2h", Line.QUADS, None, 20),
}


@pytest.mark.parametrize(("box", "first", "second", "total"), TOTALS.values(), ids=TOTALS.keys())
def test_two_combination_totals(box: str, first: Line, second: Line | None, total: int) -> None:
    combos = first_and_second(parse_cards(box))
    assert (line(combos.first), line(combos.second)) == (first, second)
    assert payout_multiplier(combos) == total
    assert_cards_make_their_lines(parse_cards(box), combos)


@pytest.mark.parametrize(
    "box",
    [
        "Ah Ks Qd Jc Th",
        "Ah Kh Qh Jh 9h",
        "Ah Ks Qd Jc Th 2c",
        "Ah Kh Qh Jh 9h 2c",
        "Ah Kh 4h 3h 2h",
    ],
)
def test_ace_king_inside_a_straight_or_flush_is_no_second(box: str) -> None:
    assert first_and_second(parse_cards(box)).second is None


def test_ace_king_with_an_ace_outside_the_flush_is_a_second() -> None:
    combos = first_and_second(parse_cards("Kh Qh Jh 8h 7h As"))
    assert combos.second is not None
    assert combos.second.line is Line.ACE_KING
    assert combos.second.cards == parse_cards("As Kh")


def test_a_pair_outranks_ace_king_as_second() -> None:
    # Both pay 1 on the standard paytable; the pair is the stronger line.
    combos = first_and_second(parse_cards("Ah Kh Qh Jh 9h As"))
    assert line(combos.second) is Line.PAIR


def test_kickers_do_not_define_the_first_combination() -> None:
    # The K kicker of a pair of aces is free to make Ace-King with one of the aces.
    combos = first_and_second(parse_cards("Ah As Kd 8c 4s"))
    assert (line(combos.first), line(combos.second)) == (Line.PAIR, Line.ACE_KING)


# --- The second straight rule ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("box", "classic", "pair_rule"),
    [
        ("Kh Qs Jd Tc 9h 9s", 8, 5),  # RULES 1.8's example
        ("As Kd Qc Jh Th Ts", 8, 5),  # AK lies inside both straights, so the tens pair is left
        ("9s Th Jd Qc Kh As", 8, 8),  # two different straights stay straight + straight
        ("Kh Qh Jh Th 9h 9s", 54, 51),  # a straight flush's ranks repeated by a straight
        ("Kh Qh Jh Th 9h 8s", 54, 54),  # a lower straight is a different straight
    ],
)
def test_second_straight_rule(box: str, classic: int, pair_rule: int) -> None:
    cards = parse_cards(box)
    assert payout_multiplier(first_and_second(cards)) == classic
    assert payout_multiplier(first_and_second(cards, second_straight_rule="straight")) == classic
    assert payout_multiplier(first_and_second(cards, second_straight_rule="pair")) == pair_rule
    assert (
        payout_multiplier(first_and_second(cards, second_straight_rule=SecondStraightRule.PAIR))
        == pair_rule
    )


def test_unknown_second_straight_rule() -> None:
    box = parse_cards("Kh Qs Jd Tc 9h")
    with pytest.raises(GameError) as raised:
        first_and_second(box, second_straight_rule="half")  # type: ignore[arg-type]
    assert raised.value.code == SECOND_STRAIGHT_RULE_UNKNOWN


# --- Qualification, highest card, comparison ------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "qualifies"),
    [
        ("As Kh 4d 3c 2s", True),  # the lowest qualifying hand
        ("As Kh 5d 3c 2s", True),
        ("Ah Qc Jd Ts 9h", False),  # the highest hand below it
        ("Ah Kc Qd Js Th", True),  # a straight holding A and K
        ("2h 2c 7d 5s 3h", True),
        ("Ah 2c 3d 4s 5h", True),  # the wheel
        ("Kh Qc Jd 9s 8h", False),
        ("As Ks 9s 6s 3s", True),
    ],
)
def test_dealer_qualifies_with_ace_king_or_better(dealer: str, qualifies: bool) -> None:
    assert dealer_qualifies(parse_cards(dealer)) is qualifies
    assert (first_value(parse_cards(dealer)) >= QUALIFYING_MINIMUM) is qualifies


def test_dealer_highest_card_needs_a_dealer_without_a_game() -> None:
    with pytest.raises(GameError) as raised:
        dealer_highest_card(parse_cards("As Kh 4d 3c 2s"))
    assert raised.value.code == DEALER_HAS_GAME


def test_dealer_highest_card_is_an_ace_when_held() -> None:
    assert dealer_highest_card(parse_cards("Ad Qc 9h 7s 4c")) == parse_card("Ad")


def test_a_box_below_ace_king_loses_to_any_qualifying_dealer() -> None:
    assert compare_first(parse_cards("Ah Qd Jc 9s 8h"), parse_cards("As Kc 4d 3h 2s")) == -1
    assert compare_first(parse_cards("As Kc 4d 3h 2s"), parse_cards("Ah Qd Jc 9s 8h")) == 1


def test_six_card_box_compares_its_best_five() -> None:
    box = parse_cards("Kh Qs Jd Tc 2h 9s")
    assert compare_first(box, parse_cards("Kd Qc Jh Ts 9d")) == 0


# --- Input checks ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 7])
def test_box_size(size: int) -> None:
    with pytest.raises(GameError) as raised:
        first_and_second(list(range(size)))
    assert raised.value.code == HAND_SIZE_INVALID


def test_duplicate_and_unknown_cards() -> None:
    with pytest.raises(GameError) as raised:
        first_and_second(parse_cards("As Kd Qc Js As"))
    assert raised.value.code == CARD_DUPLICATE
    with pytest.raises(GameError) as raised:
        first_and_second([0, 1, 2, 3, 52])
    assert raised.value.code == CARD_UNKNOWN
    with pytest.raises(GameError) as raised:
        dealer_qualifies(parse_cards("As Kd Qc Js Ts 9s"))
    assert raised.value.code == HAND_SIZE_INVALID


def test_paytable_order() -> None:
    assert LINE_ORDER[0] is Line.ACE_KING and LINE_ORDER[-1] is Line.ROYAL_FLUSH
    assert [line.strength for line in LINE_ORDER] == list(range(10))
    multipliers = [STANDARD_PAYTABLE[line] for line in LINE_ORDER]
    assert multipliers == sorted(multipliers)
    assert set(STANDARD_PAYTABLE) == set(Line)
    assert {line.value for line in Line} == {
        "ace_king",
        "pair",
        "two_pair",
        "trips",
        "straight",
        "flush",
        "full_house",
        "quads",
        "straight_flush",
        "royal_flush",
    }


def test_a_custom_paytable_is_used_as_given() -> None:
    combos = first_and_second(parse_cards("Ah Kh Qh Jh Th 9h"))
    assert payout_multiplier(combos, {**STANDARD_PAYTABLE, Line.ROYAL_FLUSH: 250}) == 300


def test_line_of_a_five_card_hand() -> None:
    for text, expected in [
        ("As Ks Qs Js Ts", Line.ROYAL_FLUSH),
        ("5s 4s 3s 2s As", Line.STRAIGHT_FLUSH),
        ("As Kd 4s 3s 2s", Line.ACE_KING),
        ("Ad Qd 4s 3s 2s", None),
    ]:
        cards = parse_cards(text)
        assert line_of(WHEEL.five(cards), cards) is expected


# --- Differential: a literal reading of RULES 1.8 -------------------------------------------------


def reference_line(cards: Sequence[int]) -> Line | None:
    """The paytable line a group of 2–5 cards forms by itself, by counting (no evaluator)."""
    ranks = sorted(card >> 2 for card in cards)
    shape = sorted(Counter(ranks).values(), reverse=True)
    if len(cards) == 2:
        if shape == [2]:
            return Line.PAIR
        return Line.ACE_KING if ranks == [11, 12] else None
    if len(cards) == 3:
        return Line.TRIPS if shape == [3] else None
    if len(cards) == 4:
        return {(4,): Line.QUADS, (2, 2): Line.TWO_PAIR}.get(tuple(shape))
    if shape == [3, 2]:
        return Line.FULL_HOUSE
    flush = len({card & 3 for card in cards}) == 1
    straight = shape == [1] * 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    if straight and flush:
        return Line.ROYAL_FLUSH if ranks[0] == 8 else Line.STRAIGHT_FLUSH
    if flush:
        return Line.FLUSH
    return Line.STRAIGHT if straight else None


def reference_first_line(five: Sequence[int]) -> Line | None:
    """The five cards' line as the first combination: the best structure inside them."""
    lines = [reference_line(group) for size in (5, 4, 3, 2) for group in combinations(five, size)]
    found = [found for found in lines if found is not None]
    return max(found, key=lambda found: found.strength) if found else None


def reference_defining(first: Line, five: Sequence[int]) -> set[int]:
    ranks = Counter(card >> 2 for card in five)
    if first is Line.ACE_KING:
        return {card for card in five if card >> 2 in (11, 12)}
    if first in (Line.PAIR, Line.TWO_PAIR, Line.TRIPS, Line.QUADS):
        return {card for card in five if ranks[card >> 2] >= 2}
    return set(five)


class Expected(NamedTuple):
    first: Line | None
    classic_second: Line | None
    pair_rule_second: Line | None
    value: int


def reference(box: Sequence[int]) -> Expected:
    """First line, best second line under each straight rule, and first value, straight from
    RULES 1.4 and 1.8."""
    fives = list(combinations(box, 5))
    best = max(WHEEL.five(five) for five in fives)
    structures = [
        (found, set(group))
        for size in (2, 3, 4, 5)
        for group in combinations(box, size)
        if (found := reference_line(group)) is not None
    ]
    first_line: Line | None = None
    seconds: list[Line | None] = [None, None]
    for five in fives:
        if WHEEL.five(five) != best:
            continue
        first_line = reference_first_line(five)
        if first_line is None:
            return Expected(None, None, None, best)
        defining = reference_defining(first_line, five)
        repeats_first = first_line in (Line.STRAIGHT, Line.STRAIGHT_FLUSH, Line.ROYAL_FLUSH)
        for found, cards in structures:
            if cards <= defining:
                continue
            same_straight = (
                repeats_first
                and found is Line.STRAIGHT
                and sorted(c >> 2 for c in cards) == sorted(c >> 2 for c in five)
            )
            for pair_rule in (False, True):
                if pair_rule and same_straight:
                    continue
                held = seconds[pair_rule]
                if held is None or found.strength > held.strength:
                    seconds[pair_rule] = found
    return Expected(first_line, seconds[0], seconds[1], best)


def assert_cards_make_their_lines(box: Sequence[int], combos: BoxCombinations) -> None:
    """The reported cards are the box's, form the reported lines, and the second holds a card
    outside the first."""
    held = set(box)
    if combos.first is None:
        assert combos.second is None
        return
    first_cards = set(combos.first.cards)
    assert first_cards <= held
    assert reference_line(combos.first.cards) is combos.first.line
    assert all(isinstance(card, Card) for card in combos.first.cards)
    if combos.second is not None:
        assert set(combos.second.cards) <= held
        assert reference_line(combos.second.cards) is combos.second.line
        assert not set(combos.second.cards) <= first_cards


def check_against_reference(box: Sequence[int]) -> None:
    expected = reference(box)
    for rule, second in (
        ("straight", expected.classic_second),
        ("pair", expected.pair_rule_second),
    ):
        combos = first_and_second(box, second_straight_rule=rule)  # type: ignore[arg-type]
        found = (line(combos.first), line(combos.second), combos.value)
        assert found == (expected.first, second, expected.value), (box, rule)
        assert_cards_make_their_lines(box, combos)


def spread_suits(ranks: Sequence[int]) -> list[int]:
    """Cards of these rank indices, suits dealt round-robin so no five share a suit."""
    return [rank * 4 + position % 4 for position, rank in enumerate(ranks)]


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6])
def test_every_rank_pattern_matches_the_literal_rules(size: int) -> None:
    patterns = 0
    for ranks in combinations_with_replacement(range(13), size):
        if max(map(ranks.count, ranks)) <= 4:
            box = spread_suits(ranks)
            rng = random.Random(patterns)
            rng.shuffle(box)
            check_against_reference(box)
            patterns += 1
    assert patterns == {5: 6175, 6: 18395}[size]


@pytest.mark.parametrize("size", [5, 6])
def test_flush_boxes_match_the_literal_rules(size: int) -> None:
    rng = random.Random(size)
    for _ in range(3_000):
        suit = rng.randrange(4)
        low = rng.randrange(-1, 8)
        suited = rng.sample([(rank % 13) * 4 + suit for rank in range(low, low + 7)], 5)
        rest = rng.sample([card for card in range(52) if card not in suited], size - 5)
        check_against_reference(suited + rest)


@pytest.mark.parametrize("size", [5, 6])
def test_random_boxes_match_the_literal_rules(size: int) -> None:
    rng = random.Random(100 + size)
    for _ in range(5_000):
        check_against_reference(rng.sample(range(52), size))


def test_with_five_cards_only_ace_king_can_be_second() -> None:
    rng = random.Random(7)
    seconds = Counter(
        line(first_and_second(rng.sample(range(52), 5)).second) for _ in range(50_000)
    )
    assert set(seconds) == {None, Line.ACE_KING}


@pytest.mark.slow
def test_ranking_and_russian_tables_together_stay_under_50_mb() -> None:
    tracemalloc.start()
    try:
        evaluators = build_evaluators()
        build_tables()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50_000_000
    box = parse_cards("Kh Qs Jd Tc 9h 9s")
    assert payout_multiplier(first_and_second(box)) == 8
    assert evaluators[0].best_of_six(box) == WHEEL.best_of_six(box)
