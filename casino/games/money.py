"""Chip amounts of every engine: parsing into ``Decimal`` and the one rounding rule.

Every amount is a ``Decimal``. Floats are refused outright, because a float cannot say which
decimal the dealer meant. The only rounding anywhere in the engines is
:func:`round_down_to_chip` (``ROUND_FLOOR`` to the table's chip unit): rounding down means the
table never pays, never asks for and never takes a fraction of a chip that does not exist. Each
engine cuts down only amounts it derives (shares of a pot, commissions, winnings) and moves or
reports whatever is left over explicitly, so its books always balance.

The amount codes this module raises are named once in :mod:`casino.games.codes`, with every
shared code; each engine's ``codes`` module re-exports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from typing import Any, Final, TypeAlias

from casino.games.codes import AMOUNT_INVALID, AMOUNT_NOT_CHIP_MULTIPLE
from casino.games.errors import GameError

ZERO: Final = Decimal(0)

#: What an amount may be given as: never a float.
AmountInput: TypeAlias = Decimal | int | str


def to_decimal(value: object, *, field: str, code: str = AMOUNT_INVALID) -> Decimal:
    """``value`` as a finite ``Decimal``; accepts ``Decimal``, ``int`` and numeric ``str``.

    ``code`` lets a caller refuse with its own code where the amount is not a stake (a stored
    event, a paytable, the table limits).

    :raises GameError: ``code`` (default ``amount_invalid``) for a float, a bool, a non-numeric
        string, NaN or an infinity, with ``data["field"]``.

    >>> to_decimal("2.50", field="ante")
    Decimal('2.50')
    >>> to_decimal(2.5, field="ante")
    Traceback (most recent call last):
    ...
    casino.games.errors.GameError: ante: not an exact amount: 2.5
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
    """Whether ``amount`` is a whole number of ``chip_unit``.

    >>> is_chip_multiple(Decimal("7.5"), Decimal("2.5")), is_chip_multiple(Decimal(3), Decimal(2))
    (True, False)
    """
    return amount % chip_unit == ZERO


def chip_amount(value: object, chip_unit: Decimal, *, field: str) -> Decimal:
    """``value`` as a positive whole number of chips: how a stake the dealer enters is read.

    :raises GameError: ``amount_invalid`` (``data["field"]``) if it is not a positive finite
        number, ``amount_not_chip_multiple`` (``data["field"]``, ``data["amount"]``,
        ``data["chip_unit"]``) if it is not a whole number of ``chip_unit``.

    >>> chip_amount("25", Decimal(5), field="ante")
    Decimal('25')
    >>> chip_amount(5, Decimal("0.5"), field="bet")
    Decimal('5')
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
    """``amount`` cut down to a whole number of chips (``ROUND_FLOOR``): the engines' one rounding.

    >>> round_down_to_chip(Decimal("4.6"), Decimal("1"))
    Decimal('4')
    >>> round_down_to_chip(Decimal("0.35"), Decimal("0.25"))
    Decimal('0.25')
    """
    return (amount / chip_unit).to_integral_value(rounding=ROUND_FLOOR) * chip_unit


def verify_within_limits(
    amount: Decimal,
    low: Decimal | None,
    high: Decimal | None,
    *,
    names: tuple[str, str],
    code: str,
    message: str,
    **data: Any,
) -> None:
    """Refuse ``amount`` below ``low`` or above ``high`` (a table's two limits, ``None`` for
    none) with ``code`` and ``message``; the refusal's data is ``data`` (whose amount it is),
    then the amount, the limit crossed by its name (``names``: the minimum's, the maximum's) and
    both limits.

    >>> names = ("bonus_min", "bonus_max")
    >>> try:
    ...     verify_within_limits(Decimal(4), Decimal(5), None, names=names, code="c", message="")
    ... except GameError as refusal:
    ...     print(refusal.data)
    {'amount': '4', 'limit': 'bonus_min', 'minimum': '5', 'maximum': None}
    """
    if low is not None and amount < low:
        crossed = names[0]
    elif high is not None and amount > high:
        crossed = names[1]
    else:
        return
    raise GameError(
        code,
        message,
        **data,
        amount=str(amount),
        limit=crossed,
        minimum=None if low is None else str(low),
        maximum=None if high is None else str(high),
    )


def seat_amounts_text(amounts: Mapping[int, Decimal]) -> dict[str, str]:
    """An amount per seat in its JSON form: both as strings, so that no amount passes through a
    float and the keys are what JSON allows.

    >>> seat_amounts_text({1: Decimal("2.50"), 3: Decimal(0)})
    {'1': '2.50', '3': '0'}
    """
    return {str(seat): str(amount) for seat, amount in amounts.items()}
