"""Ruby Run hands: the RULES 2.5 vectors, the consequences listed in RULES 2.3, and a differential
check against grading every five-card subset literally."""

from __future__ import annotations

import doctest
import random
from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

import pytest

import casino.games.rubyrun_hands as rubyrun_module
from casino.games.cards import CARD_DUPLICATE, CARD_UNKNOWN, format_cards, parse_card, parse_cards
from casino.games.errors import GameError
from casino.games.ranking import ACES_HIGH, HAND_SIZE_INVALID, Category, category_of, hand_value
from casino.games.rubyrun_hands import (
    UNDER_CARDS_REQUIRED,
    HandKey,
    RunColour,
    RunGrade,
    compare,
    hand_key,
    live_cards,
    winners,
)


def test_doctests() -> None:
    result = doctest.testmod(rubyrun_module)
    assert result.attempted > 0
    assert result.failed == 0


# --- RULES 2.5 vectors ----------------------------------------------------------------------------

Run = tuple[bool, bool, int, bool]  # has_run, suited, run_length, red
NO_RUN: Run = (False, False, 0, False)


class Player(NamedTuple):
    hole: str
    run: Run
    category: Category | None = None  # the standard category, where the vector names it


class Vector(NamedTuple):
    over: str
    under: str | None  # None: face down and never shown
    slam: str
    live: str
    players: list[Player]
    winners: list[int]
    ace_low: bool = False


def suited(length: int, *, red: bool) -> Run:
    return (True, True, length, red)


def mixed(length: int, *, red: bool) -> Run:
    return (True, False, length, red)


VECTORS = {
    "RR01": Vector(
        "9h 10h Ks",
        "Jd Qd Ac",
        "7c",
        "9h 10h Ks 7c",
        [Player("Jh 2c 3d", suited(3, red=True)), Player("Kd Kh 5s", NO_RUN, Category.TRIPS)],
        [0],
    ),
    "RR02": Vector(
        "9h 10h Ks",
        "Jd Qd Ac",
        "Qs",
        "Jd Qd Ac Qs",
        [
            Player("Jh 2c 3d", NO_RUN, Category.TWO_PAIR),
            Player("Kd Kh 5s", suited(3, red=True), Category.TWO_PAIR),
        ],
        [1],
    ),
    "RR03": Vector(
        "4s 5s 8d",
        "Jc Qc Kc",
        "10d",
        "4s 5s 8d 10d",
        [Player("6s 2h 2d", suited(3, red=False)), Player("Ac 9h 3h", mixed(3, red=True))],
        [0],
    ),
    "RR04": Vector(
        "4s 5s 8d",
        "Jc Qc Kc",
        "Ad",
        "Jc Qc Kc Ad",
        [Player("6s 2h 2d", suited(3, red=False)), Player("Ac 9h 3h", suited(4, red=False))],
        [1],
    ),
    "RR07": Vector(
        "7s 8s 9h",
        "2d 3d 4c",
        "10h",
        "7s 8s 9h 10h",
        [Player("6s 5s Kd", suited(4, red=False)), Player("Jh Qd 2c", suited(3, red=True))],
        [0],
    ),
    "RR08": Vector(
        "7s 8h 9h",
        "2d 3d 4c",
        "5c",
        "7s 8h 9h 5c",
        [Player("10h Ad Kd", suited(3, red=True)), Player("6s 5s Qc", suited(3, red=False))],
        [0],
    ),
    "RR10": Vector(
        "4c 5s 6h",
        "Jc Qd Kh",
        "2d",
        "4c 5s 6h 2d",
        [Player("6c 7s Kd", mixed(4, red=False)), Player("7h 8d Ac", mixed(3, red=True))],
        [0],
    ),
    "RR12": Vector(
        "8h 9h 10h",
        "Ac Kd Qc",
        "2c",
        "8h 9h 10h 2c",
        [Player("Kc 6d 3s", suited(3, red=True)), Player("Ks 6s 3d", suited(3, red=True))],
        [0, 1],
    ),
    "RR13": Vector(
        "Ks 9s 2h",
        "5d 6d 7c",
        "3s",
        "Ks 9s 2h 3s",
        [
            Player("As 4s 10c", NO_RUN, Category.FLUSH),
            Player("Qd Jc 10h", NO_RUN, Category.STRAIGHT),
        ],
        [0],
    ),
    "RR14": Vector(
        "Ah 2c 9s",
        "Jd Qd Ks",
        "5d",
        "Ah 2c 9s 5d",
        [
            Player("3s 4h 10c", NO_RUN, Category.HIGH_CARD),
            Player("9h Kc 6c", NO_RUN, Category.PAIR),
        ],
        [1],
    ),
    "RR15": Vector(
        "Ah 2h 8c",
        "Jd Qs Ks",
        "3c",
        "Ah 2h 8c 3c",
        [
            Player("3h 10s 10d", NO_RUN, Category.TWO_PAIR),
            Player("8s 8d 6d", NO_RUN, Category.TRIPS),
        ],
        [1],
    ),
    "RR16": Vector(
        "Ah 2h 8c",
        "Jd Qs Ks",
        "3c",
        "Ah 2h 8c 3c",
        [
            Player("3h 10s 10d", suited(3, red=True)),
            Player("8s 8d 6d", NO_RUN, Category.TRIPS),
        ],
        [0],
        ace_low=True,
    ),
    "RR18": Vector(
        "Kh Ah 6s",
        "Jc 10c 8d",
        "4c",
        "Kh Ah 6s 4c",
        [
            Player("2h 7d 7s", NO_RUN, Category.PAIR),
            Player("Qs Qc 3d", NO_RUN, Category.PAIR),
        ],
        [1],
        ace_low=True,
    ),
    "RR19": Vector(
        "5h 7h 2c",
        "Jc Qs Kd",
        "9c",
        "5h 7h 2c 9c",
        [Player("6d 3s 4s", mixed(3, red=True)), Player("6s Ac Ad", NO_RUN, Category.PAIR)],
        [0],
    ),
    "RR20": Vector(
        "8h 9h 10h",
        "2c 5d 7s",
        "Js",
        "2c 5d 7s Js",
        [
            Player("Jh 4c 3d", NO_RUN, Category.PAIR),
            Player("Jc Jd 2d", NO_RUN, Category.FULL_HOUSE),
        ],
        [1],
    ),
    "RR21": Vector(
        "Kd 9d 2d",
        "4h 6c Qh",
        "8h",
        "Kd 9d 2d 8h",
        [Player("Ad 3d 10c", NO_RUN, Category.FLUSH), Player("3c 4s 5c", mixed(3, red=False))],
        [1],
    ),
    "RR22": Vector(
        "5c 6c 7c",
        "Jd Qh 2s",
        "8c",
        "5c 6c 7c 8c",
        [Player("9c 4h 2h", suited(5, red=False)), Player("10s 10d 3h", suited(4, red=False))],
        [0],
    ),
    "RR23": Vector(
        "8h 9h 10h",
        "Ac Kd Qc",
        "2c",
        "8h 9h 10h 2c",
        [
            Player("Kc 6d 3s", suited(3, red=True)),
            Player("Ks 6s 3d", suited(3, red=True)),
            Player("Qs 7d 4s", suited(3, red=True)),
        ],
        [0, 1],
    ),
    "RR26": Vector(
        "9s Jc Jd",
        "2h 3s 4s",
        "4d",
        "9s Jc Jd 4d",
        [Player("Js Jh 4c", NO_RUN, Category.QUADS), Player("10s 8s 2d", suited(3, red=False))],
        [1],
    ),
    "RR27": Vector(
        "6h 7h 6s",
        "Jc Qd Kh",
        "7s",
        "6h 7h 6s 7s",
        [Player("8h 9h 2c", suited(4, red=True)), Player("8s 9s 2d", suited(4, red=False))],
        [0],
    ),
    "RR28": Vector(
        "Ac Kd 7s",
        "2h 3h 4h",
        "9c",
        "Ac Kd 7s 9c",
        [
            Player("Qh Jc 5c", NO_RUN, Category.HIGH_CARD),
            Player("Qs Jd 5d", NO_RUN, Category.HIGH_CARD),
        ],
        [0, 1],
    ),
}


@pytest.mark.parametrize("vector", VECTORS.values(), ids=VECTORS.keys())
def test_rules_vectors(vector: Vector) -> None:
    under = None if vector.under is None else parse_cards(vector.under)
    live = live_cards(parse_cards(vector.over), under, parse_card(vector.slam))
    assert format_cards(live) == format_cards(parse_cards(vector.live))
    keys = [hand_key(parse_cards(p.hole), live, ace_low=vector.ace_low) for p in vector.players]
    for player, key in zip(vector.players, keys, strict=True):
        assert tuple(key[:4]) == player.run, player
        if player.category is not None:
            assert category_of(key.value) is player.category, player
    assert winners(keys) == vector.winners


def test_rr23_a_and_b_hold_the_same_king_high_hand() -> None:
    live = parse_cards("8h 9h 10h 2c")
    a, b = hand_key(parse_cards("Kc 6d 3s"), live), hand_key(parse_cards("Ks 6s 3d"), live)
    assert a == b
    assert a.value == hand_value(parse_cards("Kc 10h 9h 8h 6d"), wheel=False)


def test_rr31_face_down_under_cards_are_never_needed_for_a_number_slam() -> None:
    live = live_cards(parse_cards("9h 10h Ks"), None, parse_card("6c"))
    assert format_cards(live) == "9h Th Ks 6c"


# --- RULES 2.3 consequences -----------------------------------------------------------------------


def test_suited_three_inside_a_mixed_five_grades_as_suited() -> None:
    key = hand_key(parse_cards("5h 6h 7h"), parse_cards("8d 9d 2c Ks"))
    assert tuple(key[:4]) == suited(3, red=True)


def test_the_height_of_a_run_never_matters_on_its_own() -> None:
    live = parse_cards("4c 9s Jc 7s")
    low_run_with_pair = hand_key(parse_cards("2d 3d 4d"), live)
    high_run_without = hand_key(parse_cards("Qh Kh Ah"), live)
    assert tuple(low_run_with_pair[:4]) == tuple(high_run_without[:4]) == suited(3, red=True)
    assert compare(low_run_with_pair, high_run_without) == 1


@pytest.mark.parametrize("ace_low", [False, True])
def test_runs_never_wrap(ace_low: bool) -> None:
    assert not hand_key(
        parse_cards("Kh Ah 2h"), parse_cards("7s 9c Jd 4s"), ace_low=ace_low
    ).has_run


def test_ace_low_runs_only_when_announced() -> None:
    hole, live = parse_cards("Ah 2h 3h"), parse_cards("7s 9c Jd 5s")
    assert not hand_key(hole, live).has_run
    assert tuple(hand_key(hole, live, ace_low=True)[:4]) == suited(3, red=True)
    # The ace still runs high with the option on, and the standard value stays aces high only.
    assert hand_key(parse_cards("Qd Kd Ad"), live, ace_low=True).has_run
    wheel = hand_key(parse_cards("Ah 2d 3c"), parse_cards("4s 5h 9c Jd"), ace_low=True)
    assert category_of(wheel.value) is Category.HIGH_CARD


def test_value_comes_from_five_cards_that_hold_the_run() -> None:
    # The seven cards hold trip kings, but only two kings fit beside the 2-3-4 run.
    key = hand_key(parse_cards("2h 3h 4h"), parse_cards("Ks Kc Kd 9s"))
    assert key.value == hand_value(parse_cards("Ks Kc 4h 3h 2h"), wheel=False)
    assert key.value < ACES_HIGH.best_of_seven(parse_cards("2h 3h 4h Ks Kc Kd 9s"))


def test_long_runs_grade_as_five() -> None:
    key = hand_key(parse_cards("3d 4d 5d"), parse_cards("6d 7d 8d 9d"))
    assert tuple(key[:4]) == suited(5, red=True)
    assert key.value == hand_value(parse_cards("9d 8d 7d 6d 5d"), wheel=False)


def test_any_run_beats_any_hand_without_one() -> None:
    run = hand_key(parse_cards("2c 3s 4c"), parse_cards("Ah Ad As Kh"))
    quads = hand_key(parse_cards("Ac Kd Ks"), parse_cards("Ah Ad As Kh"))
    assert run > quads and compare(quads, run) == -1


def test_winners_and_compare() -> None:
    a = HandKey(True, True, 3, True, 100)
    assert winners([]) == []
    assert winners([a]) == [0]
    assert winners([a._replace(value=99), a, a]) == [1, 2]
    assert compare(a, a) == 0
    assert str(HandKey(False, False, 0, False, hand_value(parse_cards("Ah Kd 9c 7s 4h"))))


# --- Live cards and input checks ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slam", "live"),
    [
        ("2c", "9h Th Ks 2c"),
        ("10c", "9h Th Ks Tc"),
        ("Jc", "Jd Qd Ac Jc"),
        ("Qs", "Jd Qd Ac Qs"),
        ("Kh", "Jd Qd Ac Kh"),
        ("As", "Jd Qd Ac As"),
    ],
)
def test_the_slam_decides_which_row_is_live(slam: str, live: str) -> None:
    found = live_cards(parse_cards("9h 10h Ks"), parse_cards("Jd Qd Ac"), parse_card(slam))
    assert format_cards(found) == live


def test_face_slam_needs_the_under_cards() -> None:
    with pytest.raises(GameError) as raised:
        live_cards(parse_cards("9h 10h Ks"), None, parse_card("Qc"))
    assert raised.value.code == UNDER_CARDS_REQUIRED


@pytest.mark.parametrize(
    ("over", "under", "slam", "code"),
    [
        ("9h 10h", "Jd Qd Ac", "7c", HAND_SIZE_INVALID),
        ("9h 10h Ks", "Jd Qd", "7c", HAND_SIZE_INVALID),
        ("9h 10h Ks", "Jd Qd Ks", "7c", CARD_DUPLICATE),
        ("9h 10h Ks", "Jd Qd Ac", "Ac", CARD_DUPLICATE),
        ("9h 10h Ks", None, "9h", CARD_DUPLICATE),
    ],
)
def test_live_cards_checks_the_board(over: str, under: str | None, slam: str, code: str) -> None:
    with pytest.raises(GameError) as raised:
        live_cards(
            parse_cards(over), None if under is None else parse_cards(under), parse_card(slam)
        )
    assert raised.value.code == code


@pytest.mark.parametrize(
    ("hole", "live", "code"),
    [
        ([0, 1], [2, 3, 4, 5], HAND_SIZE_INVALID),
        ([0, 1, 2], [3, 4, 5], HAND_SIZE_INVALID),
        ([0, 1, 2], [3, 4, 5, 6, 7], HAND_SIZE_INVALID),
        ([0, 1, 2], [2, 4, 5, 6], CARD_DUPLICATE),
        ([0, 1, 2], [3, 4, 5, 52], CARD_UNKNOWN),
    ],
)
def test_hand_key_checks_the_cards(hole: list[int], live: list[int], code: str) -> None:
    with pytest.raises(GameError) as raised:
        hand_key(hole, live)
    assert raised.value.code == code


# --- Differential: every five-card subset, graded literally ---------------------------------------


def literal_key(cards: Sequence[int], *, ace_low: bool) -> tuple[int, int, int, int, int]:
    """RULES 2.3 as written: grade every run inside every five-card subset, keep the best key."""
    best = (0, 0, 0, 0, 0)
    for five in combinations(cards, 5):
        run = (0, 0, 0, 0)
        for length in (3, 4, 5):
            for group in combinations(five, length):
                if len({card & 3 in (1, 2) for card in group}) != 1:
                    continue
                ranks = sorted(card >> 2 for card in group)
                lines = [ranks]
                if ace_low and ranks[-1] == 12:
                    lines.append([-1, *ranks[:-1]])
                if any(all(b == a + 1 for a, b in zip(r, r[1:], strict=False)) for r in lines):
                    is_suited = len({card & 3 for card in group}) == 1
                    red = group[0] & 3 in (1, 2)
                    run = max(run, (1, int(is_suited), length, int(red)))
        best = max(best, (*run, ACES_HIGH.five(five)))
    return best


def run_heavy_hands(count: int, seed: int) -> list[list[int]]:
    """Seven cards from a narrow band of ranks and mostly one colour, so runs of every kind
    (suited, mixed, long, ace-low) are common."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        low = rng.randrange(-1, 8)
        ranks = [rank % 13 for rank in range(low, low + 6)]
        suits = rng.choice([(1, 2), (0, 3), (1,), (0,), (0, 1, 2, 3)])
        pool = [rank * 4 + suit for rank in ranks for suit in suits]
        picked = rng.sample(pool, min(len(pool), rng.randint(3, 7)))
        rest = rng.sample([card for card in range(52) if card not in picked], 7 - len(picked))
        hands.append(picked + rest)
    return hands


@pytest.mark.slow
@pytest.mark.parametrize("ace_low", [False, True])
def test_hand_key_matches_literal_grading(ace_low: bool) -> None:
    rng = random.Random(11)
    hands = run_heavy_hands(4_000, seed=12) + [rng.sample(range(52), 7) for _ in range(2_000)]
    for hand in hands:
        key = hand_key(hand[:3], hand[3:], ace_low=ace_low)
        assert tuple(int(part) for part in key) == literal_key(hand, ace_low=ace_low), hand


# --- the grade as data ----------------------------------------------------------------------------


@pytest.mark.parametrize("vector", VECTORS.values(), ids=VECTORS.keys())
def test_every_vectors_grade_says_what_its_key_says(vector: Vector) -> None:
    under = None if vector.under is None else parse_cards(vector.under)
    live = live_cards(parse_cards(vector.over), under, parse_card(vector.slam))
    for player in vector.players:
        grade = hand_key(parse_cards(player.hole), live, ace_low=vector.ace_low).grade
        has_run, is_suited, length, red = player.run
        colour = None if not has_run else (RunColour.RED if red else RunColour.BLACK)
        assert (grade.has_run, grade.suited, grade.run_length, grade.colour) == (
            has_run,
            is_suited,
            length,
            colour,
        ), player
        if player.category is not None:
            assert grade.category is player.category, player


def test_a_grade_is_data_beside_the_full_text() -> None:
    key = hand_key(parse_cards("9c 4h 2h"), parse_cards("5c 6c 7c 8c"))  # RR22, player A
    grade = key.grade
    assert grade == RunGrade(
        has_run=True,
        suited=True,
        run_length=5,
        colour=RunColour.BLACK,
        category=Category.STRAIGHT_FLUSH,
        ranks=(9, 8, 7, 6, 5),
        text="suited black run of 5; straight flush: 9 8 7 6 5",
    )
    assert grade.text == str(key) and len(grade.text) > 40
    assert grade.to_dict() == {
        "has_run": True,
        "suited": True,
        "run_length": 5,
        "colour": "black",
        "category": "straight_flush",
        "ranks": ["9", "8", "7", "6", "5"],
        "text": "suited black run of 5; straight flush: 9 8 7 6 5",
    }
    no_run = hand_key(parse_cards("Js Jh 4c"), parse_cards("9s Jc Jd 4d")).grade  # RR26, A
    assert no_run.to_dict() == {
        "has_run": False,
        "suited": False,
        "run_length": 0,
        "colour": None,
        "category": "quads",
        "ranks": ["J", "J", "J", "J", "9"],
        "text": "no run; quads: J J J J 9",
    }


@pytest.mark.parametrize("ace_low", [False, True])
def test_grades_match_keys_over_many_hands(ace_low: bool) -> None:
    for hand in run_heavy_hands(1_500, seed=21):
        key = hand_key(hand[:3], hand[3:], ace_low=ace_low)
        grade = key.grade
        assert (grade.has_run, grade.suited, grade.run_length) == tuple(key[:3])
        assert grade.colour == (
            None if not key.has_run else RunColour("red" if key.red else "black")
        )
        assert grade.category is category_of(key.value)
        assert len(grade.ranks) == 5 and grade.text == str(key)
