"""How a Red Dog game settles: its chip ledger, every movement between players, the pot and the
house.

Accounts are ``player:<seat>``, ``pot`` and ``house_float``. The chips a player brings to the
table open that player's account, and the odd chips the house float keeps for the table from
its last game open the float's; they are not movements, because they come from outside the
game. After that, chips only move, one row at a time, numbered from 1 without gaps, so at every
moment

* each account's balance is its opening balance plus the rows into it minus the rows out of it,
* the pot's balance is exactly the sum of its rows (it opens at zero), and
* all balances together equal what was brought to the table.

The ledger keeps what the game needs to continue and to settle, not its history: the running
balances, the next row number, and per seat and reason the chips the player put in and took
out (what the settlement writes). :attr:`Ledger.rows` are the rows made since this ledger was
built or restored, for the caller to store; a restored ledger goes on numbering where the game
left off, so its cost never grows with the length of the game.

>>> ledger = Ledger()
>>> ledger.open(player_account(1), Decimal(50))
>>> ledger.move(player_account(1), POT, Decimal(2), MovementReason.ANTE).seq
1
>>> ledger.balance(POT), ledger.balance("player:1"), ledger.total()
(Decimal('2'), Decimal('48'), Decimal('50'))
>>> again = Ledger.restore(SnapshotReader(ledger.snapshot()))
>>> again.move(player_account(1), POT, Decimal(2), MovementReason.REFILL_ANTE).seq, len(again)
(2, 2)
>>> again.paid_in[(1, MovementReason.ANTE)], len(again.rows)
(Decimal('2'), 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Final

from casino.games.contract import ChipMovement, JsonFields, JsonObject
from casino.games.money import ZERO
from casino.games.snapshots import SnapshotReader, invalid

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
    CARRIED_IN = "carried_in"


@dataclass(frozen=True, slots=True)
class Movement(ChipMovement, JsonFields):
    """One row: ``amount`` (positive) moved from ``source`` to ``destination``.

    ``seq`` numbers the rows of a game from 1 without gaps. A :class:`ChipMovement` of the
    engines' contract whose ``reason`` is a :class:`MovementReason` (a string).
    """

    reason: MovementReason


#: Chips per seat and reason: what a player put in, or took out.
SeatTotals = dict[tuple[int, MovementReason], Decimal]


class Ledger:
    """Opening balances, running balances and totals; the rows made since built or restored."""

    __slots__ = ("_balances", "_next_seq", "_openings", "_paid_in", "_paid_out", "_rows")

    def __init__(self) -> None:
        self._openings: dict[str, Decimal] = {}
        self._balances: dict[str, Decimal] = {}
        self._next_seq = 1
        self._paid_in: SeatTotals = {}
        self._paid_out: SeatTotals = {}
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
        """Append one row and update both balances and the seats' totals.

        :raises ValueError: for a non-positive amount, a move to the same account, or one that
            would leave ``source`` below zero; callers verify first, so this guards the engine's
            own consistency rather than dealer input.
        """
        if amount <= ZERO or source == destination:
            raise ValueError(f"invalid movement of {amount} from {source} to {destination}")
        if self.balance(source) < amount:
            raise ValueError(f"{source} holds {self.balance(source)}, cannot move {amount}")
        row = Movement(self._next_seq, source, destination, amount, reason)
        self._next_seq += 1
        self._rows.append(row)
        self._balances[source] = self.balance(source) - amount
        self._balances[destination] = self.balance(destination) + amount
        paying, paid = seat_of(source), seat_of(destination)
        if paying is not None:
            key = (paying, reason)
            self._paid_in[key] = self._paid_in.get(key, ZERO) + amount
        if paid is not None:
            key = (paid, reason)
            self._paid_out[key] = self._paid_out.get(key, ZERO) + amount
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
        """The rows made since this ledger was built or restored."""
        return tuple(self._rows)

    @property
    def paid_in(self) -> Mapping[tuple[int, MovementReason], Decimal]:
        """Chips each seat put in (to the pot or the house float), per reason, over the game."""
        return self._paid_in

    @property
    def paid_out(self) -> Mapping[tuple[int, MovementReason], Decimal]:
        """Chips each seat took out (from the pot), per reason, over the game."""
        return self._paid_out

    def __len__(self) -> int:
        """The rows of the whole game, those before a restore included."""
        return self._next_seq - 1

    # -- snapshot ----------------------------------------------------------------------------

    def snapshot(self) -> JsonObject:
        """What :meth:`restore` needs: balances, the next row number and the seats' totals."""
        return {
            "openings": {key: str(value) for key, value in sorted(self._openings.items())},
            "balances": {key: str(value) for key, value in sorted(self._balances.items())},
            "next_seq": self._next_seq,
            "paid_in": _totals_json(self._paid_in),
            "paid_out": _totals_json(self._paid_out),
        }

    @classmethod
    def restore(cls, reader: SnapshotReader) -> Ledger:
        """The ledger :meth:`snapshot` describes, with no rows of its own yet.

        :raises GameError: ``snapshot_invalid`` for anything malformed or inconsistent (a
            negative balance, balances that do not add up to the openings).
        """
        ledger = cls()
        ledger._openings = _accounts(reader, "openings")
        ledger._balances = _accounts(reader, "balances")
        ledger._next_seq = reader.integer("next_seq")
        ledger._paid_in = _totals(reader, "paid_in")
        ledger._paid_out = _totals(reader, "paid_out")
        if ledger._next_seq < 1:
            raise invalid("ledger.next_seq", "must be at least 1")
        if any(value < ZERO for value in (*ledger._openings.values(), *ledger._balances.values())):
            raise invalid("ledger.balances", "an account is below zero")
        if ledger.total() != ledger.opening_total():
            raise invalid("ledger.balances", "the balances do not add up to the openings")
        return ledger


def _totals_json(totals: SeatTotals) -> JsonObject:
    by_seat: dict[int, dict[MovementReason, Decimal]] = {}
    for (seat, reason), amount in totals.items():
        by_seat.setdefault(seat, {})[reason] = amount
    return {
        str(seat): {reason.value: str(amount) for reason, amount in sorted(reasons.items())}
        for seat, reasons in sorted(by_seat.items())
    }


def _totals(reader: SnapshotReader, key: str) -> SeatTotals:
    totals: SeatTotals = {}
    by_seat = reader.obj(key)
    for seat_key in _keys(reader, key):
        if not seat_key.isdigit():
            raise invalid(f"ledger.{key}", f"not a seat: {seat_key!r}")
        by_reason = by_seat.obj(seat_key)
        for reason_text in _keys(by_seat, seat_key):
            try:
                reason = MovementReason(reason_text)
            except ValueError:
                raise invalid(f"ledger.{key}", f"not a reason: {reason_text!r}") from None
            totals[(int(seat_key), reason)] = by_reason.amount(reason_text)
    return totals


def _accounts(reader: SnapshotReader, key: str) -> dict[str, Decimal]:
    accounts: dict[str, Decimal] = {}
    amounts = reader.obj(key)
    for name in _keys(reader, key):
        seat = name.removeprefix(_PLAYER_PREFIX)
        if name not in (POT, HOUSE_FLOAT) and not (name != seat and seat.isdigit()):
            raise invalid(f"ledger.{key}", f"not an account: {name!r}")
        accounts[name] = amounts.amount(name)
    return accounts


def _keys(reader: SnapshotReader, key: str) -> list[str]:
    """The keys of the object ``key`` (which :class:`SnapshotReader` does not list)."""
    reader.obj(key)  # refuses anything but an object
    raw = reader.raw(key)
    return list(raw) if isinstance(raw, dict) else []
