"""Cards: every common spelling parses, anything else is refused with ``card_unknown``, and a deck
refuses a card it has already seen."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

import casino.games.cards as cards_module
import casino.games.errors as errors_module
from casino.games.cards import (
    CARD_DUPLICATE,
    CARD_NOT_SEEN,
    CARD_UNKNOWN,
    CARDS,
    Card,
    Deck,
    format_cards,
    make_card,
    parse_card,
    parse_cards,
)
from casino.games.errors import GameError

RANK_SPELLINGS = {
    2: ["2"],
    3: ["3"],
    4: ["4"],
    5: ["5"],
    6: ["6"],
    7: ["7"],
    8: ["8"],
    9: ["9"],
    10: ["10", "T", "t"],
    11: ["J", "j"],
    12: ["Q", "q"],
    13: ["K", "k"],
    14: ["A", "a"],
}
SUIT_SPELLINGS = {
    "s": ["s", "S", "♠"],
    "h": ["h", "H", "♥"],
    "d": ["d", "D", "♦"],
    "c": ["c", "C", "♣"],
}


@pytest.mark.parametrize("module", [cards_module, errors_module], ids=lambda m: m.__name__)
def test_doctests(module: Any) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_every_spelling_of_every_card_parses_to_that_card() -> None:
    parsed = 0
    for rank, rank_texts in RANK_SPELLINGS.items():
        for suit, suit_texts in SUIT_SPELLINGS.items():
            expected = make_card(rank, suit)
            for rank_text in rank_texts:
                for suit_text in suit_texts:
                    card = parse_card(rank_text + suit_text)
                    assert card == expected, rank_text + suit_text
                    assert (card.rank, card.suit) == (rank, suit)
                    parsed += 1
    assert parsed == 4 * 3 * (8 * 1 + 3 + 4 * 2)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("As", "As"), ("10h", "Th"), ("Th", "Th"), ("AS", "As"), ("ah", "Ah"), (" 2c ", "2c")],
)
def test_the_issue_spellings(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


def test_canonical_spelling_round_trips_for_all_52_cards() -> None:
    assert len(CARDS) == 52
    assert [str(parse_card(str(card))) for card in CARDS] == [str(card) for card in CARDS]
    assert len({str(card) for card in CARDS}) == 52


def test_card_index_layout_is_rank_major() -> None:
    for index, card in enumerate(CARDS):
        assert card == index
        assert card.rank_index == index // 4 == card.rank - 2
        assert card.suit_index == index % 4
        assert card.suit == "shdc"[index % 4]
    assert str(CARDS[0]) == "2s"
    assert str(CARDS[51]) == "Ac"


def test_red_and_black() -> None:
    assert [card.is_red for card in parse_cards("As Ah Ad Ac")] == [False, True, True, False]


def test_int_indices_parse_as_cards() -> None:
    assert parse_card(0) is CARDS[0]
    assert parse_card(51) is CARDS[51]
    assert parse_cards([0, "Ks", 51]) == (CARDS[0], parse_card("Ks"), CARDS[51])


@pytest.mark.parametrize(
    "bad",
    ["", " ", "A", "s", "1h", "11h", "0h", "Ax", "Zs", "Ahh", "10", "100h", "As Kd", "1 0h", "A-s"],
)
def test_anything_else_is_card_unknown(bad: str) -> None:
    with pytest.raises(GameError) as raised:
        parse_card(bad)
    assert raised.value.code == CARD_UNKNOWN
    assert raised.value.data["card"] == bad


@pytest.mark.parametrize("bad", [-1, 52, 1000, True, 2.0, None, b"As"])
def test_non_card_values_are_card_unknown(bad: object) -> None:
    with pytest.raises(GameError) as raised:
        parse_card(bad)  # type: ignore[arg-type]
    assert raised.value.code == CARD_UNKNOWN


def test_parse_cards_accepts_spaces_commas_and_lists() -> None:
    expected = (parse_card("As"), parse_card("Kd"), parse_card("Th"))
    assert parse_cards("As Kd 10h") == expected
    assert parse_cards("As,Kd,10h") == expected
    assert parse_cards(" As ,  Kd, 10h ") == expected
    assert parse_cards(["as", "KD", "10H"]) == expected
    assert parse_cards("") == ()


def test_parse_cards_reports_the_bad_card() -> None:
    with pytest.raises(GameError) as raised:
        parse_cards("As Kd 1h")
    assert raised.value.code == CARD_UNKNOWN
    assert raised.value.data["card"] == "1h"


def test_format_cards_is_canonical() -> None:
    assert format_cards(parse_cards("10h as KD")) == "Th As Kd"
    assert format_cards([0, 51]) == "2s Ac"
    assert format_cards([]) == ""


def test_card_repr_and_str() -> None:
    card = parse_card("10d")
    assert str(card) == "Td"
    assert repr(card) == "Card('Td')"
    assert isinstance(card, int)


@pytest.mark.parametrize(("rank", "suit"), [(1, "s"), (15, "h"), (2, "x"), (2, "sh"), (2, "")])
def test_make_card_refuses_impossible_cards(rank: int, suit: str) -> None:
    with pytest.raises(GameError) as raised:
        make_card(rank, suit)
    assert raised.value.code == CARD_UNKNOWN


def test_deck_tracks_seen_cards() -> None:
    deck = Deck()
    assert (len(deck), deck.remaining) == (0, 52)
    deck.see(*parse_cards("As Kd"))
    assert deck.is_seen(parse_card("As"))
    assert not deck.is_seen(parse_card("Ah"))
    assert (len(deck), deck.remaining) == (2, 50)
    assert [str(card) for card in deck] == ["Kd", "As"]
    assert deck.seen == frozenset(parse_cards("As Kd"))


def test_deck_refuses_a_card_twice() -> None:
    deck = Deck(parse_cards("As"))
    with pytest.raises(GameError) as raised:
        deck.see(parse_card("As"))
    assert raised.value.code == CARD_DUPLICATE
    assert raised.value.data["card"] == "As"


def test_deck_refuses_a_duplicate_inside_one_batch_and_records_nothing() -> None:
    deck = Deck()
    with pytest.raises(GameError) as raised:
        deck.see(*parse_cards("Kd 7c Kd"))
    assert raised.value.code == CARD_DUPLICATE
    assert len(deck) == 0
    deck.see(*parse_cards("Kd 7c"))
    assert len(deck) == 2


def test_a_failed_batch_leaves_earlier_cards_alone() -> None:
    deck = Deck(parse_cards("2c 3c"))
    with pytest.raises(GameError):
        deck.see(*parse_cards("4c 2c"))
    assert deck.seen == frozenset(parse_cards("2c 3c"))


def test_deck_initial_cards_are_checked_too() -> None:
    with pytest.raises(GameError) as raised:
        Deck(parse_cards("As As"))
    assert raised.value.code == CARD_DUPLICATE


def test_verify_unseen_checks_without_recording() -> None:
    deck = Deck(parse_cards("Qh"))
    deck.verify_unseen(parse_cards("Qs Qd"))
    assert len(deck) == 1
    with pytest.raises(GameError):
        deck.verify_unseen(parse_cards("Qs Qh"))


def test_whole_deck_then_return_to_stock() -> None:
    deck = Deck(CARDS)
    assert deck.remaining == 0
    deck.return_to_stock(parse_cards("As Kd"))
    assert deck.remaining == 2
    deck.see(parse_card("Kd"))
    with pytest.raises(GameError) as raised:
        deck.see(parse_card("Qd"))
    assert raised.value.code == CARD_DUPLICATE


def test_return_to_stock_refuses_a_card_not_out() -> None:
    deck = Deck(parse_cards("As"))
    with pytest.raises(GameError) as raised:
        deck.return_to_stock(parse_cards("As Kd"))
    assert raised.value.code == CARD_NOT_SEEN
    assert raised.value.data["card"] == "Kd"
    assert deck.is_seen(parse_card("As"))


def test_game_error_carries_code_message_and_data() -> None:
    error = GameError("card_unknown", "Not a card: 'Xx'", card="Xx")
    assert (error.code, error.message, error.data) == (
        "card_unknown",
        "Not a card: 'Xx'",
        {"card": "Xx"},
    )
    assert str(error) == "Not a card: 'Xx'"
    assert repr(error) == "GameError('card_unknown', \"Not a card: 'Xx'\")"


def test_card_is_hashable_like_its_index() -> None:
    assert Card(5) == 5 and hash(Card(5)) == hash(5)
    assert parse_card("2h") in {1}
