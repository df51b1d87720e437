"""Every amount a dealer enters has a minimum and a maximum from the table: the bonus side bet
(RULES A.1: the table's bonus limits; none, no bonus), the chips a pot game's player brings;
judged as every limit is (``verify_limits``), refused by the engine with a code naming the
limit and its value, carried by the legal action's bounds; and the seats offered are the
table's."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest

from casino.games.contract import RoundTerms
from casino.games.errors import GameError
from casino.games.russian import GAME as RUSSIAN
from tables.models import Table
from tests.tables.tablet import Tablet

pytestmark = pytest.mark.django_db


def bounds_of(view: dict[str, Any], action: str) -> dict[str, dict[str, Any]]:
    (found,) = [a for a in view["actions"] if a["name"] == action]
    return {field["name"]: field for field in found["fields"]}


@pytest.fixture
def bonus_table(floor: dict[str, Any]) -> Table:
    """RP-1 with a bonus paytable, and bonus limits 1 to 500 (its Ante maximum)."""
    from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
    from tables.models import Game
    from tests.fixtures import use_paytables

    table = floor["table"]
    use_paytables(
        table,
        _paytable("std", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=None),
        _paytable("b", Game.RUSSIAN_POKER, "bonus", RUSSIAN_BONUS_PAYTABLE, house_edge=None),
    )
    return table  # type: ignore[no-any-return]


def test_a_bonus_above_the_tables_maximum_is_refused_by_the_api_and_writes_nothing(
    bonus_table: Table, client_for: Callable[[str | None], Any]
) -> None:
    """50,000 was accepted at a table whose Ante maximum is 500."""
    tablet = Tablet.open(client_for("dealer"), bonus_table.pk)
    view = client_for("dealer").get(f"/api/v1/rounds/{tablet.round_id}/").json()["view"]
    bonus = bounds_of(view, "place_wagers")["bonus"]
    assert (D(bonus["min"]), D(bonus["max"]), D(bonus["step"])) == (D(1), D(500), D(1))
    error = tablet.refuse(
        422, "bonus_out_of_limits", "place_wagers", box=1, player="P1", ante="10", bonus="50000"
    )
    assert error["details"] == {
        "amount": "50000.00",
        "limit": "bonus_max",
        "minimum": "1.00",
        "maximum": "500.00",
    }
    tablet.act("place_wagers", box=1, player="P1", ante="10", bonus="500")


def test_the_engine_refuses_it_too_with_its_code() -> None:
    terms = RoundTerms(
        rules={},
        paytables={"main": {"pair": D(1)}, "bonus": {"straight": D(40)}},
        limits={
            "ante_min": "10",
            "ante_max": "500",
            "max_table_payout": None,
            "chip_unit": "1",
            "bonus_min": "5",
            "bonus_max": "500",
        },
        options={},
    )
    state = RUSSIAN.new_state(terms)
    wagers = {"box": 1, "player": "P1", "ante": D(10), "bonus": D(50000), "blind": False}
    with pytest.raises(GameError) as refused:
        RUSSIAN.actions["place_wagers"].perform(state, wagers)
    assert refused.value.code == "bonus_out_of_limits"
    assert (refused.value.data["limit"], refused.value.data["maximum"]) == ("bonus_max", "500")
    with pytest.raises(GameError) as below:
        RUSSIAN.actions["place_wagers"].perform(state, {**wagers, "bonus": D(4)})
    assert (below.value.code, below.value.data["limit"]) == ("bonus_out_of_limits", "bonus_min")
    assert state.event_count == 0


def test_a_table_without_bonus_limits_offers_no_bonus(
    bonus_table: Table, client_for: Callable[[str | None], Any]
) -> None:
    """RULES A.1: a table without them offers no bonus bet, whatever its paytables."""
    bonus_table.bonus_min = bonus_table.bonus_max = None
    bonus_table.save()
    tablet = Tablet.open(client_for("dealer"), bonus_table.pk)
    view = client_for("dealer").get(f"/api/v1/rounds/{tablet.round_id}/").json()["view"]
    assert {f["name"]: f["value"] for f in view["facts"]}["bonus"] == "not offered"
    # No bonus to ask for at the tablet, and the engine refuses one sent anyway.
    assert "bonus" not in bounds_of(view, "place_wagers")
    tablet.refuse(
        422, "bonus_not_offered", "place_wagers", box=1, player="P1", ante="10", bonus="5"
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"bonus_min": "5"}, "bonus_max"),
        ({"bonus_min": "600", "bonus_max": "500"}, "bonus_min"),
        ({"bonus_max": "0.50"}, "bonus_max"),
        ({"stack_min": "200", "stack_max": "100"}, "stack_min"),
    ],
)
def test_limits_are_judged_when_set(
    floor: dict[str, Any], client_for: Callable[[str | None], Any], body: Any, field: str
) -> None:
    table = floor["table"]
    if "bonus_max" not in body and "bonus_min" in body:
        table.bonus_min = table.bonus_max = None
        table.save()
    row = Table.objects.values().get(pk=table.pk)
    response = client_for("pit_boss").post(
        f"/api/v1/tables/{table.pk}/limits/", {**body, "reason": "new limits"}, format="json"
    )
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == "limits_invalid"
    assert response.json()["error"]["details"]["field"] == field
    assert Table.objects.values().get(pk=table.pk) == row


def test_limits_are_set_and_shown(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    table = floor["table"]
    response = client_for("pit_boss").post(
        f"/api/v1/tables/{table.pk}/limits/",
        {"bonus_min": "5", "bonus_max": "100", "stack_min": "20", "reason": "bonus limits"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    shown = response.json()
    assert (shown["bonus_min"], shown["bonus_max"], shown["stack_min"], shown["stack_max"]) == (
        "5.00",
        "100.00",
        "20.00",
        None,
    )


def test_a_pot_games_seats_and_stacks_are_the_tables(
    play_game_at_table: Callable[..., Any], client_for: Callable[[str | None], Any]
) -> None:
    """Ruby Run at an eight-seat table offers eight seats, not fifteen; a stack outside the
    table's limits is refused naming the limit, and nothing is written."""
    table = play_game_at_table("ruby_run")
    table.stack_min, table.stack_max = D(20), D(1000)
    table.save()
    tablet = Tablet.open(client_for("dealer"), table.pk)
    view = client_for("dealer").get(f"/api/v1/rounds/{tablet.round_id}/").json()["view"]
    fields = bounds_of(view, "seat_players")
    assert fields["stacks"]["positions"] == list(range(1, 9))
    assert fields["button"]["positions"] == list(range(1, 9))
    assert (D(fields["stacks"]["min"]), D(fields["stacks"]["max"])) == (D(20), D(1000))
    assert fields["stacks"]["max_count"] == 8
    error = tablet.refuse(
        422, "stack_out_of_limits", "seat_players", stacks={"1": "100", "2": "5000"}, button=1
    )
    assert error["details"] == {
        "seat": 2,
        "amount": "5000.00",
        "limit": "stack_max",
        "minimum": "20.00",
        "maximum": "1000.00",
    }
    tablet.refuse(422, "seat_invalid", "seat_players", stacks={"1": "100", "9": "100"}, button=1)
    tablet.act("seat_players", stacks={"1": "100", "8": "1000"}, button=1)


def test_red_dogs_seats_and_stacks_are_the_tables(
    play_game_at_table: Callable[..., Any], client_for: Callable[[str | None], Any]
) -> None:
    table = play_game_at_table("red_dog")
    table.boxes, table.stack_min, table.stack_max = 6, D(20), D(500)
    table.save()
    tablet = Tablet.open(client_for("dealer"), table.pk)
    view = client_for("dealer").get(f"/api/v1/rounds/{tablet.round_id}/").json()["view"]
    stacks = bounds_of(view, "seat_players")["stacks"]
    assert (stacks["positions"], D(stacks["min"]), D(stacks["max"])) == (
        list(range(1, 7)),
        D(20),
        D(500),
    )
    error = tablet.refuse(
        422,
        "stack_out_of_limits",
        "seat_players",
        stacks={"1": "10", "2": "100", "3": "100"},
        button=1,
    )
    assert (error["details"]["limit"], error["details"]["minimum"]) == ("stack_min", "20.00")


def test_a_wrong_count_of_replacements_says_what_is_expected(
    bonus_table: Table, client_for: Callable[[str | None], Any]
) -> None:
    """The exchange's replacements are as many as its discards: the field says so before, and
    a wrong count is refused with both counts."""
    tablet = Tablet.open(client_for("dealer"), bonus_table.pk)
    tablet.act("place_wagers", box=1, player="P1", ante="10")
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards="7h 7d 2c 9s Jd".split())
    body = tablet.act("deal_card", target="dealer", card="3c")
    replacements = bounds_of(body["view"], "exchange")["replacements"]
    assert replacements["count_of"] == "discards"
    error = tablet.refuse(
        422,
        "wrong_card_count",
        "exchange",
        box=1,
        discards="2c 9s Jd".split(),
        replacements="7s Kh".split(),
    )
    assert error["details"] == {"expected": 3, "given": 2}
