"""A stored Russian Poker settlement read back: what ``from_dict`` refuses, and how.

``RoundSettlement.from_dict`` and its boxes' and lines' are the "inverse of :meth:`to_dict`",
raising ``GameError: settlement_invalid`` for anything else: a stored settlement that does not
read back is refused with the code, the field at fault and what was wrong with it, never taken
for a different one.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest

from casino.games.errors import GameError
from casino.games.russian import BoxSettlement, RoundSettlement, codes
from casino.games.russian.settlement import SettlementLine

ANTE = SettlementLine(
    line="ante", combination="pair", outcome="win", stake=D(10), computed=D(20), paid=D(20)
)
BOX = BoxSettlement.of_lines(
    box=3, player="P1", blind=False, cards="8h 8s Kd 7c 3s", combination="pair", lines=[ANTE]
)
ROUND = RoundSettlement(
    boxes=(BOX,),
    staked=D(10),
    returned=D(20),
    house_result=D(-10),
    withheld=D(0),
    cap_applied=False,
    max_payout_scope="box",
    dealer_cards="Ac Kh 9d 6s 2c",
    dealer_qualifies=True,
)


def test_a_settlement_reads_back_as_itself() -> None:
    assert RoundSettlement.from_dict(ROUND.to_dict()) == ROUND


def test_a_box_that_took_no_part_is_named_by_the_refusal() -> None:
    """``RoundSettlement.box``: "the settlement of box ``number``. :raises KeyError: if it took
    no part" (the key missing, as a mapping names it)."""
    assert ROUND.box(3) is BOX
    with pytest.raises(KeyError) as refused:
        ROUND.box(5)
    assert refused.value.args == (5,)


def _line(change: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], Any]:
    return lambda stored: change(stored["boxes"][0]["lines"][0])


def _box(change: Callable[[dict[str, Any]], Any]) -> Callable[[dict[str, Any]], Any]:
    return lambda stored: change(stored["boxes"][0])


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        (_line(lambda line: line.pop("stake")), "stake", "missing"),
        (_line(lambda line: line.update(line=3)), "line", "expected a string"),
        (_line(lambda line: line.update(paid="a lot")), "paid", None),
        (_box(lambda box: box.update(box="3")), "box", "expected an integer"),
        (_box(lambda box: box.update(box=True)), "box", "expected an integer"),
        (_box(lambda box: box.update(blind="no")), "blind", "expected true or false"),
        (_box(lambda box: box.update(lines={})), "lines", "expected a list"),
        (
            lambda stored: stored.update(dealer_qualifies="yes"),
            "dealer_qualifies",
            "expected true, false or null",
        ),
        (lambda stored: stored.update(bought_qualifies=None), None, None),
        (lambda stored: stored.pop("staked"), "staked", "missing"),
    ],
    ids=[
        "line_without_stake",
        "line_named_by_a_number",
        "paid_not_an_amount",
        "box_number_as_text",
        "box_number_as_a_flag",
        "blind_as_text",
        "lines_not_a_list",
        "dealer_qualifies_as_text",
        "bought_qualifies_null",
        "round_without_staked",
    ],
)
def test_a_stored_settlement_that_does_not_read_back_is_refused(
    change: Callable[[dict[str, Any]], Any], field: str | None, problem: str | None
) -> None:
    """ "Inverse of :meth:`to_dict`. :raises GameError: ``settlement_invalid``": the refusal
    names the field and, where the reader says it, the problem (``<field>: <problem>``)."""
    stored = copy.deepcopy(ROUND.to_dict())
    change(stored)
    if field is None:  # a null where null is allowed
        assert RoundSettlement.from_dict(stored) == ROUND
        return
    with pytest.raises(GameError) as refused:
        RoundSettlement.from_dict(stored)
    assert refused.value.code == codes.SETTLEMENT_INVALID
    assert refused.value.data == {"field": field}
    if problem is not None:
        assert refused.value.message == f"{field}: {problem}"


def test_what_is_no_mapping_is_refused_as_missing_its_fields() -> None:
    with pytest.raises(GameError) as refused:
        RoundSettlement.from_dict([])  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.message) == (
        codes.SETTLEMENT_INVALID,
        "boxes: missing",
    )
