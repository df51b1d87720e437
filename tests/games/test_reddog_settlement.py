"""Red Dog's chip ledger on its own: its guards, and the snapshots it refuses to restore.

The engine verifies every input before it moves a chip, so the ledger's guards are never met
through the game; they hold the ledger's own promise (``casino.games.reddog.settlement``): every
balance is its opening plus the rows in less the rows out, none below zero, and all of them
together what was brought to the table. A stored game that breaks it is refused by name.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest

from casino.games.errors import GameError
from casino.games.reddog.settlement import (
    HOUSE_FLOAT,
    POT,
    Ledger,
    MovementReason,
    player_account,
)
from casino.games.snapshots import SnapshotReader

PLAYER = player_account(1)


def started() -> Ledger:
    """Player 1 brought 50 and anted 2; the house float kept 1 from the last game."""
    ledger = Ledger()
    ledger.open(PLAYER, D(50))
    ledger.open(HOUSE_FLOAT, D(1))
    ledger.move(PLAYER, POT, D(2), MovementReason.ANTE)
    return ledger


# -- the guards --------------------------------------------------------------------------------


def test_an_account_is_opened_once_and_never_below_zero() -> None:
    ledger = started()
    with pytest.raises(ValueError, match=r"^cannot open player:1 with 5$"):
        ledger.open(PLAYER, D(5))
    with pytest.raises(ValueError, match=r"^cannot open player:2 with -1$"):
        ledger.open(player_account(2), D(-1))
    # A player may sit down with nothing yet: an opening of zero is an opening.
    ledger.open(player_account(3), D(0))
    assert (ledger.opening(player_account(3)), ledger.balance(player_account(3))) == (D(0), D(0))


def test_an_opening_adds_to_what_the_account_already_received() -> None:
    """The float's odd chips may be counted in after a commission reached it: its balance is
    the opening plus the rows in, and the ledger still adds up to what was brought."""
    ledger = Ledger()
    ledger.open(PLAYER, D(50))
    ledger.move(PLAYER, HOUSE_FLOAT, D(5), MovementReason.WIN_COMMISSION)
    ledger.open(HOUSE_FLOAT, D(3))
    assert ledger.balance(HOUSE_FLOAT) == D(8)
    assert ledger.total() == ledger.opening_total() == D(53)


@pytest.mark.parametrize(
    ("source", "destination", "amount", "message"),
    [
        (PLAYER, POT, D(0), "invalid movement of 0 from player:1 to pot"),
        (PLAYER, POT, D(-2), "invalid movement of -2 from player:1 to pot"),
        (POT, POT, D(2), "invalid movement of 2 from pot to pot"),
        (PLAYER, POT, D(49), "player:1 holds 48, cannot move 49"),
    ],
)
def test_a_movement_is_of_chips_held_between_two_accounts(
    source: str, destination: str, amount: D, message: str
) -> None:
    ledger = started()
    with pytest.raises(ValueError, match=f"^{message}$"):
        ledger.move(source, destination, amount, MovementReason.BET_LOST)
    assert (len(ledger), ledger.balance(PLAYER), ledger.balance(POT)) == (1, D(48), D(2))


def test_an_empty_ledger_holds_decimal_zero() -> None:
    """Money is ``Decimal``, even summed over no account."""
    ledger = Ledger()
    totals = (ledger.total(), ledger.opening_total())
    assert totals == (D(0), D(0)) and all(type(total) is D for total in totals)


# -- restoring ---------------------------------------------------------------------------------


def test_a_ledger_with_an_empty_account_restores() -> None:
    """Zero is a balance like any other: a player who lost every chip, a pot taken."""
    ledger = started()
    ledger.move(POT, PLAYER, D(2), MovementReason.POT_SHARE)
    ledger.move(PLAYER, HOUSE_FLOAT, D(50), MovementReason.BET_LOST)
    again = Ledger.restore(SnapshotReader(ledger.snapshot()))
    assert (again.balance(PLAYER), again.balance(POT), again.balance(HOUSE_FLOAT)) == (
        D(0),
        D(0),
        D(51),
    )


def _set(path: tuple[str, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(snapshot: dict[str, Any]) -> None:
        *outer, last = path
        target = snapshot
        for key in outer:
            target = target[key]
        target[last] = value

    return change


def _rename(key: str, old: str, new: str) -> Callable[[dict[str, Any]], None]:
    def change(snapshot: dict[str, Any]) -> None:
        snapshot[key][new] = snapshot[key].pop(old)

    return change


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (_set(("next_seq",), 0), "ledger.next_seq", "must be at least 1"),
        (_set(("balances", PLAYER), "-1"), "ledger.balances", "an account is below zero"),
        (_set(("openings", PLAYER), "-1"), "ledger.balances", "an account is below zero"),
        (
            _set(("balances", POT), "3"),
            "ledger.balances",
            "the balances do not add up to the openings",
        ),
        (_rename("balances", PLAYER, "player:x"), "ledger.balances", "not an account: 'player:x'"),
        (_rename("balances", POT, "7"), "ledger.balances", "not an account: '7'"),
        (_rename("openings", PLAYER, "dealer"), "ledger.openings", "not an account: 'dealer'"),
        (_rename("paid_in", "1", "x"), "ledger.paid_in", "not a seat: 'x'"),
        (
            _set(("paid_in", "1"), {"tip": "2"}),
            "ledger.paid_in",
            "not a reason: 'tip'",
        ),
    ],
)
def test_a_stored_ledger_that_breaks_the_books_is_refused_by_name(
    change: Callable[[dict[str, Any]], None], field: str, message: str
) -> None:
    snapshot = copy.deepcopy(started().snapshot())
    change(snapshot)
    with pytest.raises(GameError) as refused:
        Ledger.restore(SnapshotReader(snapshot))
    assert (refused.value.code, refused.value.data) == ("snapshot_invalid", {"field": field})
    assert refused.value.message == f"snapshot {field}: {message}"
