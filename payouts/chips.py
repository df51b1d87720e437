"""Chips counted by value: reading a count as the API gives it, and what it is worth.

A count is ``{"value": number of chips}`` (``{"5.00": 40, "25.00": 12}``): the values as
decimal strings, each one of the casino's denominations, each number of chips a whole number,
not negative. Pure functions: the services pass the casino's denominations in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from casino.core.errors import ApiError, InventoryCode


def chips_read(
    chips: Any, denominations: Iterable[Decimal], *, allow_empty: bool
) -> dict[str, int]:
    """``chips`` checked and normalised: keys as the denominations' own text (``"5.00"``),
    chips of a value not counted left out (a count of zero is kept in a tray count, where
    it says the dealer looked).

    :raises ApiError: ``chips_invalid`` (400) naming what is wrong: not an object, a value
        that is not one of ``denominations``, a number of chips that is not a whole number at
        least 0, or no chip at all where ``allow_empty`` is false.
    """
    if not isinstance(chips, Mapping):
        raise ApiError(InventoryCode.CHIPS_INVALID, "Chips are given as {value: count}.")
    known = {value.normalize(): value for value in denominations}
    counted: dict[str, int] = {}
    for key, count in chips.items():
        try:
            value = Decimal(str(key))
        except InvalidOperation:
            value = None
        if value is None or not value.is_finite() or value.normalize() not in known:
            raise ApiError(
                InventoryCode.CHIPS_INVALID,
                f"{key!r} is not a chip of this casino.",
                value=str(key),
                denominations=[str(v) for v in sorted(known.values())],
            )
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ApiError(
                InventoryCode.CHIPS_INVALID,
                f"The number of {key} chips must be a whole number, at least 0.",
                value=str(key),
            )
        denomination = str(known[value.normalize()])
        if denomination in counted:
            raise ApiError(InventoryCode.CHIPS_INVALID, f"{key} is counted twice.", value=str(key))
        counted[denomination] = count
    if not allow_empty and not any(counted.values()):
        raise ApiError(InventoryCode.CHIPS_INVALID, "Name at least one chip.")
    return dict(sorted(counted.items(), key=lambda item: Decimal(item[0])))


def chips_total(chips: Mapping[str, int]) -> Decimal:
    """What ``chips`` are worth: the sum of value times number."""
    return sum((Decimal(value) * count for value, count in chips.items()), Decimal("0.00"))


def table_win(
    *, opener: Decimal, closer: Decimal, fills: Decimal, credits: Decimal, drop: Decimal
) -> Decimal:
    """The table's win over a shift, the industry's formula: closer − opener + credits − fills +
    drop.

    The sign convention: a positive win is money the house won. Chips the tray gained count
    as won, except those the cage brought (fills) and plus those it took back (credits); the
    drop (cash and markers exchanged for chips at the table) is won too, since the chips given
    for it left the tray.

    >>> table_win(opener=Decimal(1000), closer=Decimal(900), fills=Decimal(200),
    ...           credits=Decimal(0), drop=Decimal(350))
    Decimal('50')
    """
    return closer - opener + credits - fills + drop
