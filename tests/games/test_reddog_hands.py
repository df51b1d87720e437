"""Red Dog hands: a turned card is beaten only by a higher card of its suit (RULES 3.1, 3.5)."""

from __future__ import annotations

import doctest
import random

import pytest

import casino.games.reddog_hands as reddog_module
from casino.games.cards import CARD_DUPLICATE, CARD_UNKNOWN, CARDS, parse_card, parse_cards
from casino.games.errors import GameError
from casino.games.ranking import HAND_SIZE_INVALID
from casino.games.reddog_hands import beats, winning_card

BEN = "Ks 9s 7h 4d Ac"  # the seed's example hand (RD02–RD07)


def test_doctests() -> None:
    result = doctest.testmod(reddog_module)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    ("hand", "turned", "shown"),
    [
        pytest.param(BEN, "Js", "Ks", id="RD02"),
        pytest.param(BEN, "8h", None, id="RD03"),
        pytest.param(BEN, "9d", None, id="RD04"),
        pytest.param(BEN, "3d", "4d", id="RD05"),
        pytest.param(BEN, "As", None, id="RD06"),
        pytest.param(BEN, "2c", "Ac", id="RD07"),
        pytest.param("Ks 9s 7h 4d Ah", "10c", None, id="RD08"),
        pytest.param("Qh Kh", "Jh", "Qh", id="RD09"),
    ],
)
def test_rules_vectors(hand: str, turned: str, shown: str | None) -> None:
    found = winning_card(parse_cards(hand), parse_card(turned))
    assert found == (None if shown is None else parse_card(shown))
    assert beats(parse_cards(hand), parse_card(turned)) is (shown is not None)


@pytest.mark.parametrize("turned", ["5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad"])
def test_rd04_any_diamond_above_four_beats_ben(turned: str) -> None:
    assert winning_card(parse_cards(BEN), parse_card(turned)) is None


@pytest.mark.parametrize("diamond", ["6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad"])
def test_rd25_slippery_sam_any_diamond_six_to_ace_beats_a_five(diamond: str) -> None:
    assert winning_card(parse_cards(f"{diamond} 2s 3c"), parse_card("5d")) == parse_card(diamond)


def test_rd25_a_lower_diamond_does_not() -> None:
    assert winning_card(parse_cards("4d 3d 2d Ah"), parse_card("5d")) is None


def test_the_lowest_winning_card_is_shown() -> None:
    assert winning_card(parse_cards("Ah Qh Kh 2h"), parse_card("Jh")) == parse_card("Qh")


def test_rd15_every_turn_is_won_or_lost_by_suit_and_rank_alone() -> None:
    # Over every pair of distinct cards: a one-card hand wins exactly with a higher card of the
    # turned card's suit, so no pair of cards can tie.
    for held in CARDS:
        for turned in CARDS:
            if held == turned:
                continue
            expected = held.suit == turned.suit and held.rank > turned.rank
            assert (winning_card([held], turned) == held) is expected
            assert (winning_card([held], turned) is None) is (not expected)


def test_random_hands_against_the_definition() -> None:
    rng = random.Random(5)
    for _ in range(20_000):
        *hand, turned = rng.sample(range(52), rng.randint(4, 6))
        higher = [card for card in hand if CARDS[card].suit == CARDS[turned].suit and card > turned]
        expected = CARDS[min(higher, key=lambda card: CARDS[card].rank)] if higher else None
        assert winning_card(hand, turned) == expected


def test_the_turned_card_cannot_be_in_the_hand() -> None:
    with pytest.raises(GameError) as raised:
        winning_card(parse_cards("Ks 9s"), parse_card("Ks"))
    assert raised.value.code == CARD_DUPLICATE


@pytest.mark.parametrize("size", [0, 6])
def test_hand_size(size: int) -> None:
    with pytest.raises(GameError) as raised:
        winning_card(list(range(10, 10 + size)), 0)
    assert raised.value.code == HAND_SIZE_INVALID


def test_unknown_cards() -> None:
    with pytest.raises(GameError) as raised:
        winning_card([1, 2, 52], 0)
    assert raised.value.code == CARD_UNKNOWN
    with pytest.raises(GameError) as raised:
        winning_card([1, 2], -1)
    assert raised.value.code == CARD_UNKNOWN
