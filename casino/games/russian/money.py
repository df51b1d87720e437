"""Where Russian Poker rounds, and its one rounding helper of its own.

Amounts are parsed and rounded by :mod:`casino.games.money`, whose
:func:`~casino.games.money.round_down_to_chip` (``ROUND_FLOOR`` to the table's chip unit) is the
only rounding of the engine. It is applied where an amount is derived rather than staked:
winnings (stake × multiplier), the insurance maximum (fraction × potential payout), and the
pro-rata share of a per-round maximum payout (:func:`pro_rata_down`). Rounding down means the
table never pays, and never asks for, a fraction of a chip that does not exist.
"""

from __future__ import annotations

from decimal import Decimal


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
