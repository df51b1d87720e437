"""Chip amounts: parsing into ``Decimal`` and the one rounding rule of the engine.

Every amount is a ``Decimal``. Floats are refused outright, because a float cannot say which
decimal the dealer meant. The only rounding anywhere in Red Dog is :func:`round_down_to_chip`:
shares of the pot and percentage commissions are cut down to whole chips, and whatever that leaves
over is moved explicitly, so the ledger always balances.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal, InvalidOperation

from casino.games.errors import GameError
from casino.games.reddog.codes import AMOUNT_INVALID, AMOUNT_NOT_CHIP_MULTIPLE

ZERO = Decimal(0)


def to_decimal(value: object, *, field: str, code: str = AMOUNT_INVALID) -> Decimal:
    """``value`` as a finite ``Decimal``; accepts ``Decimal``, ``int`` and numeric ``str``.

    :raises GameError: ``code`` (default ``amount_invalid``) for a float, a bool, a non-numeric
        string, NaN or an infinity, with ``data["field"]``.

    >>> to_decimal("2.50", field="ante")
    Decimal('2.50')
    """
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int) and not isinstance(value, bool):
        amount = Decimal(value)
    elif isinstance(value, str):
        try:
            amount = Decimal(value.strip())
        except InvalidOperation:
            raise GameError(code, f"{field}: not a number: {value!r}", field=field) from None
    else:
        raise GameError(code, f"{field}: not an exact amount: {value!r}", field=field)
    if not amount.is_finite():
        raise GameError(code, f"{field}: not a finite amount: {value!r}", field=field)
    return amount


def is_chip_multiple(amount: Decimal, chip_unit: Decimal) -> bool:
    """Whether ``amount`` is a whole number of ``chip_unit``."""
    return amount % chip_unit == ZERO


def round_down_to_chip(amount: Decimal, chip_unit: Decimal) -> Decimal:
    """``amount`` cut down to a whole number of chips (``ROUND_FLOOR``).

    The single rounding rule of the engine. Rounding down means the house never takes, and a
    player is never paid, a fraction of a chip that does not exist on the table.

    >>> round_down_to_chip(Decimal("4.6"), Decimal("1"))
    Decimal('4')
    >>> round_down_to_chip(Decimal("0.35"), Decimal("0.25"))
    Decimal('0.25')
    """
    return (amount / chip_unit).to_integral_value(rounding=ROUND_FLOOR) * chip_unit


def chip_amount(value: object, chip_unit: Decimal, *, field: str) -> Decimal:
    """``value`` as a positive whole number of chips.

    :raises GameError: ``amount_invalid`` if it is not a positive finite number,
        ``amount_not_chip_multiple`` if it is not a whole number of ``chip_unit``.
    """
    amount = to_decimal(value, field=field)
    if amount <= ZERO:
        raise GameError(AMOUNT_INVALID, f"{field} must be positive, got {amount}", field=field)
    if not is_chip_multiple(amount, chip_unit):
        raise GameError(
            AMOUNT_NOT_CHIP_MULTIPLE,
            f"{field} {amount} is not a whole number of chips of {chip_unit}",
            field=field,
            amount=str(amount),
            chip_unit=str(chip_unit),
        )
    return amount
