"""Chip amounts of Russian Poker: parsing into ``Decimal`` and the one rounding rule.

Every amount is a ``Decimal``; floats are refused, because a float cannot say which decimal the
dealer meant. The only rounding anywhere in the engine is :func:`round_down_to_chip`
(``ROUND_FLOOR`` to the table's chip unit). It is applied where an amount is derived rather than
staked: winnings (stake × multiplier), the insurance maximum (fraction × potential payout), and
the pro-rata share of a per-round maximum payout (:func:`pro_rata_down`). Rounding down means the
table never pays, and never asks for, a fraction of a chip that does not exist.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal, InvalidOperation

from casino.games.errors import GameError
from casino.games.russian.codes import AMOUNT_INVALID, AMOUNT_NOT_CHIP_MULTIPLE

ZERO = Decimal(0)

#: What an amount may be given as: never a float.
AmountInput = Decimal | int | str


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


def chip_amount(value: object, chip_unit: Decimal, *, field: str) -> Decimal:
    """``value`` as a positive whole number of chips.

    :raises GameError: ``amount_invalid`` if it is not a positive finite number,
        ``amount_not_chip_multiple`` if it is not a whole number of ``chip_unit``.

    >>> chip_amount("25", Decimal(5), field="ante")
    Decimal('25')
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


def round_down_to_chip(amount: Decimal, chip_unit: Decimal) -> Decimal:
    """``amount`` cut down to a whole number of chips (``ROUND_FLOOR``): the engine's rounding.

    >>> round_down_to_chip(Decimal("4.6"), Decimal("1"))
    Decimal('4')
    >>> round_down_to_chip(Decimal("0.35"), Decimal("0.25"))
    Decimal('0.25')
    """
    return (amount / chip_unit).to_integral_value(rounding=ROUND_FLOOR) * chip_unit


def pro_rata_down(amount: Decimal, limit: Decimal, total: Decimal, chip_unit: Decimal) -> Decimal:
    """``amount × limit / total`` cut down to whole chips, computed exactly.

    The share is taken in whole chip units with integer arithmetic, so no intermediate decimal
    rounding can lift it across a chip boundary. ``amount``, ``limit`` and ``total`` are whole
    numbers of chips and ``total`` is positive.

    >>> pro_rata_down(Decimal(4000), Decimal(5000), Decimal(7000), Decimal(1))
    Decimal('2857')
    """
    units = int(amount / chip_unit) * int(limit / chip_unit) // int(total / chip_unit)
    return Decimal(units) * chip_unit
