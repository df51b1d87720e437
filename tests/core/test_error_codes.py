"""One error vocabulary: every code defined once, each with its HTTP status, all published."""

from __future__ import annotations

from collections import Counter

import pytest

from casino.core.errors import CODE_ENUMS, HTTP_STATUS, all_codes, status_of
from casino.games.codes import GameCode


def test_every_code_is_defined_once() -> None:
    counts = Counter(str(code) for code in all_codes())
    assert [code for code, n in counts.items() if n > 1] == []
    assert len(counts) == sum(len(enum) for enum in CODE_ENUMS)


def test_every_code_has_one_status() -> None:
    assert set(HTTP_STATUS) == {str(code) for code in all_codes()}
    assert all(400 <= status < 600 for status in HTTP_STATUS.values())


@pytest.mark.parametrize(
    ("code", "status"),
    [
        (GameCode.CARD_DUPLICATE, 409),
        (GameCode.ROUND_NOT_COMPLETE, 422),
        (GameCode.OUT_OF_TURN, 422),
        ("stale_event", 409),
        ("round_status_invalid", 409),
        ("permission_denied", 403),
        # The next round waits for "Paid"; a round waits for its retraction's decision.
        ("round_payouts_unconfirmed", 409),
        ("retraction_pending", 409),
        ("retraction_invalid", 422),
        # An amount outside the table's limits is an action the rules do not allow now.
        ("bonus_out_of_limits", 422),
        ("stack_out_of_limits", 422),
    ],
)
def test_the_same_fault_has_the_same_status_everywhere(code: str, status: int) -> None:
    assert status_of(code) == status


def test_the_engines_share_the_codes_of_shared_faults() -> None:
    """A card seen twice, a round not complete, a move out of turn: one code each, whichever
    game raises it (no game's own enum redefines them)."""
    from casino.games.reddog.codes import RedDogCode
    from casino.games.rubyrun.codes import RubyRunCode
    from casino.games.russian.codes import RussianPokerCode

    shared = {code.value for code in GameCode}
    for enum in (RussianPokerCode, RubyRunCode, RedDogCode):
        assert shared.isdisjoint(code.value for code in enum), enum.__name__
    retired = {
        "round_not_settled": RussianPokerCode,
        "hand_not_complete": RubyRunCode,
        "card_not_in_stock": RedDogCode,
        "not_boxs_turn": RussianPokerCode,
        "not_seats_turn": RubyRunCode,
        "not_players_turn": RedDogCode,
    }
    for value, enum in retired.items():
        assert value not in {code.value for code in enum}


@pytest.mark.django_db
def test_the_schema_lists_every_code_in_its_error_component() -> None:
    from tests.schema import openapi_schema

    error = openapi_schema()["components"]["schemas"]["Error"]
    listed = error["properties"]["error"]["properties"]["code"]["enum"]
    assert sorted(listed) == sorted(str(code) for code in all_codes())
