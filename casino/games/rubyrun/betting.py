"""Betting vocabulary and arithmetic of Ruby Run that needs no hand state.

Amounts are ``Decimal``: the dealer's entries are parsed by :func:`chip_amount`, which refuses
floats (a float cannot say which decimal the dealer meant) and anything that is not a whole
number of chips. :func:`largest_target` is the limit rule of each betting structure.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Final

from casino.games.errors import GameError
from casino.games.rubyrun.codes import AMOUNT_INVALID, AMOUNT_NOT_CHIP_MULTIPLE
from casino.games.rubyrun.rules import Betting

ZERO: Final = Decimal(0)


class BettingRound(StrEnum):
    """The betting rounds a hand may have, in order (RULES.md A.2).

    The first is always played; the other two only when agreed before the deal.
    """

    AFTER_HOLE_CARDS = "after_hole_cards"
    AFTER_OVER_CARDS = "after_over_cards"
    AFTER_SLAM = "after_slam"


def to_decimal(value: object, *, field: str, code: str = AMOUNT_INVALID) -> Decimal:
    """``value`` as a finite ``Decimal``; accepts ``Decimal``, ``int`` and numeric ``str``.

    :raises GameError: ``code`` (default ``amount_invalid``) for a float, a bool, a non-numeric
        string, NaN or an infinity, with ``data["field"]``.

    >>> to_decimal("2.50", field="bet")
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


def chip_amount(value: object, chip_unit: Decimal, *, field: str) -> Decimal:
    """``value`` as a positive whole number of chips.

    :raises GameError: ``amount_invalid`` if it is not a positive finite number,
        ``amount_not_chip_multiple`` if it is not a whole number of ``chip_unit``.

    >>> chip_amount(5, Decimal("0.5"), field="bet")
    Decimal('5')
    """
    amount = to_decimal(value, field=field)
    if amount <= ZERO:
        raise GameError(AMOUNT_INVALID, f"{field} must be positive, got {amount}", field=field)
    if amount % chip_unit:
        raise GameError(
            AMOUNT_NOT_CHIP_MULTIPLE,
            f"{field} {amount} is not a whole number of chips of {chip_unit}",
            field=field,
            amount=str(amount),
            chip_unit=str(chip_unit),
        )
    return amount


def largest_target(
    betting: Betting, *, level: Decimal, bet_size: Decimal, pot: Decimal, to_call: Decimal
) -> Decimal | None:
    """The most a player may bet or raise to (their total for the round), before the stack.

    ``level`` is the amount to match in this round (zero before anyone bets), ``bet_size`` the
    fixed limit's bet, ``pot`` every chip already in the hand (this round's bets included) and
    ``to_call`` what the player needs to match ``level``. ``None`` means no limit.

    * fixed limit: one bet above the level;
    * pot limit: the level plus the pot after the call (with no bet out, the pot);
    * no limit: no limit.

    >>> largest_target(Betting.POT_LIMIT, level=Decimal(10), bet_size=Decimal(0),
    ...                pot=Decimal(25), to_call=Decimal(10))
    Decimal('45')
    """
    if betting is Betting.FIXED_LIMIT:
        return level + bet_size
    if betting is Betting.POT_LIMIT:
        return level + pot + to_call
    return None
