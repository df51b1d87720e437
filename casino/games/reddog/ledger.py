"""The chip ledger of one Red Dog game: every movement between players, the pot and the house.

Accounts are ``player:<seat>``, ``pot`` and ``house_float``. The chips a player brings to the
table open that player's account; they are not movements, because they come from outside the
game. After that, chips only move, one row at a time, so at every moment

* each account's balance is its opening balance plus the rows into it minus the rows out of it,
* the pot's balance is exactly the sum of its rows (it opens at zero), and
* all balances together equal what was brought to the table.

>>> ledger = Ledger()
>>> ledger.open(player_account(1), Decimal(50))
>>> ledger.move(player_account(1), POT, Decimal(2), MovementReason.ANTE).seq
1
>>> ledger.balance(POT), ledger.balance("player:1"), ledger.total()
(Decimal('2'), Decimal('48'), Decimal('50'))
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any, Final

from casino.games.money import ZERO

POT: Final = "pot"
HOUSE_FLOAT: Final = "house_float"
_PLAYER_PREFIX: Final = "player:"


def player_account(seat: int) -> str:
    """The ledger account of the player in ``seat``."""
    return f"{_PLAYER_PREFIX}{seat}"


def seat_of(account: str) -> int | None:
    """The seat of a player account, ``None`` for the pot and the house float."""
    if account.startswith(_PLAYER_PREFIX):
        return int(account.removeprefix(_PLAYER_PREFIX))
    return None


class MovementReason(StrEnum):
    """Why chips moved; stored with every row."""

    ANTE = "ante"
    REFILL_ANTE = "refill_ante"
    HAND_FEE = "hand_fee"
    BET_WON = "bet_won"
    BET_LOST = "bet_lost"
    WIN_COMMISSION = "win_commission"
    POT_FUNDED = "pot_funded"
    POT_KEPT = "pot_kept"
    POT_SHARE = "pot_share"
    SHARE_REMAINDER = "share_remainder"


@dataclass(frozen=True, slots=True)
class Movement:
    """One row: ``amount`` (positive) moved from ``source`` to ``destination``.

    ``seq`` numbers the rows of a game from 1 without gaps.
    """

    seq: int
    source: str
    destination: str
    amount: Decimal
    reason: MovementReason

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe values, the amount as a string."""
        return {
            "seq": self.seq,
            "source": self.source,
            "destination": self.destination,
            "amount": str(self.amount),
            "reason": self.reason.value,
        }


class Ledger:
    """Opening balances and the append-only list of movements, with running balances."""

    __slots__ = ("_balances", "_openings", "_rows")

    def __init__(self) -> None:
        self._openings: dict[str, Decimal] = {}
        self._balances: dict[str, Decimal] = {}
        self._rows: list[Movement] = []

    def open(self, account: str, amount: Decimal) -> None:
        """Open ``account`` with ``amount`` brought from outside the game.

        :raises ValueError: if the account is already open or the amount is negative; callers
            verify their input first, so this only guards the engine's own consistency.
        """
        if account in self._openings or amount < ZERO:
            raise ValueError(f"cannot open {account} with {amount}")
        self._openings[account] = amount
        self._balances[account] = self._balances.get(account, ZERO) + amount

    def move(
        self, source: str, destination: str, amount: Decimal, reason: MovementReason
    ) -> Movement:
        """Append one row and update both balances.

        :raises ValueError: for a non-positive amount, a move to the same account, or one that
            would leave ``source`` below zero; callers verify first, so this guards the engine's
            own consistency rather than dealer input.
        """
        if amount <= ZERO or source == destination:
            raise ValueError(f"invalid movement of {amount} from {source} to {destination}")
        if self.balance(source) < amount:
            raise ValueError(f"{source} holds {self.balance(source)}, cannot move {amount}")
        row = Movement(len(self._rows) + 1, source, destination, amount, reason)
        self._rows.append(row)
        self._balances[source] = self.balance(source) - amount
        self._balances[destination] = self.balance(destination) + amount
        return row

    def balance(self, account: str) -> Decimal:
        """What ``account`` holds now (zero for an account never used)."""
        return self._balances.get(account, ZERO)

    def opening(self, account: str) -> Decimal:
        """What ``account`` was opened with (zero for the pot and the house float)."""
        return self._openings.get(account, ZERO)

    def total(self) -> Decimal:
        """The sum of all balances; always equal to the sum of the opening balances."""
        return sum(self._balances.values(), ZERO)

    def opening_total(self) -> Decimal:
        """Everything brought to the table."""
        return sum(self._openings.values(), ZERO)

    @property
    def rows(self) -> tuple[Movement, ...]:
        return tuple(self._rows)

    def __len__(self) -> int:
        return len(self._rows)
