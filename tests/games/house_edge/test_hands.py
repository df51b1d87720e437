"""The fast path's hand tables and situations against the engine's own hand functions.

The tables are built from :func:`~casino.games.russian_hands.first_and_second` on one hand per
key; these tests check that every hand of a key gets the engine's answer: all 2,598,960
five-card hands (slow), and random five- and six-card hands weighted towards flushes (always).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from casino.games.cards import parse_cards
from casino.games.house_edge.hands import (
    LINE_CODE,
    LINES,
    all_five_card_hands,
    first_line,
    hand_tables,
    pack,
    second_line,
)
from casino.games.house_edge.situations import (
    Situation,
    UpCard,
    classify,
    exchanged_cards,
    rank_situation,
)
from casino.games.russian_hands import Line, SecondStraightRule, first_and_second

RULES = tuple(SecondStraightRule)


def _random_hands(rng: random.Random, size: int, count: int) -> np.ndarray:
    """Random hands, a third of them with five or six cards of one suit."""
    hands = [rng.sample(range(52), size) for _ in range(count)]
    for _ in range(count // 3):
        suit = rng.randrange(4)
        suited = [rank * 4 + suit for rank in rng.sample(range(13), 5)]
        rest = [c for c in rng.sample(range(52), size + 5) if c not in suited][: size - 5]
        hands.append(suited + rest)
    return np.array(hands, dtype=np.int64)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("size", [5, 6])
def test_random_hands_get_the_engines_combinations(rule: SecondStraightRule, size: int) -> None:
    hands = _random_hands(random.Random(size), size, 30_000)
    codes = hand_tables(rule).evaluate(hands)
    wrong = [
        (hand, code)
        for hand, code in zip(hands.tolist(), codes.tolist(), strict=True)
        if pack(first_and_second(hand, second_straight_rule=rule)) != code
    ]
    assert wrong == []


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
def test_every_five_card_hand_gets_the_engines_combinations(rule: SecondStraightRule) -> None:
    hands = all_five_card_hands()
    codes = hand_tables(rule).evaluate(hands)
    wrong = sum(
        1
        for hand, code in zip(hands.tolist(), codes.tolist(), strict=True)
        if pack(first_and_second(hand, second_straight_rule=rule)) != code
    )
    assert wrong == 0


def test_the_doctest_example_pair_plus_ace_king() -> None:
    code = hand_tables("straight").evaluate(np.array([parse_cards("Kh Ks Ac 8d 5h")]))
    assert (LINES[int(first_line(code)[0])], LINES[int(second_line(code)[0])]) == (
        Line.PAIR,
        Line.ACE_KING,
    )


@pytest.mark.parametrize(
    ("cards", "up", "situation", "kept", "up_card"),
    [
        ("As Ks Qs Js Ts", "2c", Situation.STRAIGHT_OR_BETTER, "As Ks Qs Js Ts", UpCard.BELOW),
        ("9h 9s 9d Kc 2c", "Kd", Situation.TRIPS, "9h 9s 9d", UpCard.MATCH),
        ("9h 9s 4d 4c 2c", "Td", Situation.TWO_PAIR, "9h 9s 4d 4c", UpCard.ABOVE),
        ("7h 7s Ad Kc 2c", "Qd", Situation.PAIR_ACE_KING, "7h 7s", UpCard.ABOVE),
        ("Ah As Kd 5c 2c", "Qd", Situation.PAIR_ACE_KING, "Ah As", UpCard.BELOW),
        ("Qh Qs 8d 5c 2c", "Kd", Situation.PAIR_Q, "Qh Qs", UpCard.ABOVE),
        ("2h 2s 8d 5c 3c", "3d", Situation.PAIR_2, "2h 2s", UpCard.MATCH),
        ("Ah Kh 8h 2h 5c", "Qs", Situation.FOUR_FLUSH_ACE_KING, "Ah Kh 8h 2h", UpCard.BELOW),
        ("Jh 9h 8h 2h 5c", "Qs", Situation.FOUR_FLUSH, "Jh 9h 8h 2h", UpCard.ABOVE),
        ("Ah Kd Qs Jc 5c", "9s", Situation.FOUR_STRAIGHT_ACE_KING, "Ah Kd Qs Jc", UpCard.BELOW),
        ("9h 8d 7s 6c 2c", "Ks", Situation.FOUR_STRAIGHT_OPEN, "9h 8d 7s 6c", UpCard.ABOVE),
        ("2h 3d 4s 5c Kc", "Ks", Situation.FOUR_STRAIGHT_OPEN, "2h 3d 4s 5c", UpCard.MATCH),
        ("Ah 2d 3s 4c 9c", "Ks", Situation.FOUR_STRAIGHT_INSIDE, "Ah 2d 3s 4c", UpCard.BELOW),
        ("9h 8d 7s 5c 2c", "Ks", Situation.FOUR_STRAIGHT_INSIDE, "9h 8d 7s 5c", UpCard.ABOVE),
        ("Ah Kd 8s 5c 2c", "Ks", Situation.ACE_KING, "Ah Kd", UpCard.MATCH),
        ("Ah Qd 8s 5c 2c", "Ks", Situation.ACE, "Ah", UpCard.BELOW),
        ("Kh Qd 8s 5c 2c", "As", Situation.NOTHING, "", UpCard.ABOVE),
    ],
)
def test_situations_and_what_is_kept(
    cards: str, up: str, situation: Situation, kept: str, up_card: UpCard
) -> None:
    hand = np.array([parse_cards(cards)], dtype=np.int64)
    codes = hand_tables("straight").evaluate(hand)
    found = classify(hand, np.array(parse_cards(up), dtype=np.int64), codes)
    keep = [str(card) for card, k in zip(parse_cards(cards), found.keep[0], strict=True) if k]
    assert (Situation(int(found.situation[0])), " ".join(keep), UpCard(int(found.up_card[0]))) == (
        situation,
        kept,
        up_card,
    )
    assert len(keep) == 5 - exchanged_cards(situation)


def test_a_pair_with_ace_king_is_what_the_engine_pays_as_pair_and_ace_king() -> None:
    """Over every five-card hand holding one pair: the situation says pair + Ace-King exactly
    when the engine pays a second combination."""
    hands = all_five_card_hands()
    codes = hand_tables("straight").evaluate(hands)
    pairs = first_line(codes) == LINE_CODE[Line.PAIR]
    found = classify(hands[pairs], np.zeros(int(pairs.sum()), dtype=np.int64), codes[pairs])
    paid_twice = second_line(codes[pairs]) == LINE_CODE[Line.ACE_KING]
    assert ((found.situation == Situation.PAIR_ACE_KING) == paid_twice).all()


def test_rank_situations_cover_every_rank_pattern_once() -> None:
    assert rank_situation([12, 11, 10, 9, 8]).situation is Situation.STRAIGHT_OR_BETTER
    assert rank_situation([0, 0, 0, 0, 5]).situation is Situation.STRAIGHT_OR_BETTER
    assert rank_situation([12, 0, 1, 2, 3]).situation is Situation.STRAIGHT_OR_BETTER
    assert rank_situation([12, 0, 1, 2, 7]).situation is Situation.FOUR_STRAIGHT_INSIDE
