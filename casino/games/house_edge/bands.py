"""Ante bands: where along a table's Ante range the table maximum changes the house edge.

Below the smallest Ante at which some paying line's Bet winnings exceed the table maximum the
maximum never binds, and the house edge per Ante is one figure. Above it the maximum withholds
part of the top lines' winnings, more as the Ante grows, so the edge rises with the Ante. The
bands start at the table's least Ante and at each Ante (a whole number of chips) from which one
more line's winnings alone, the Bet times its multiple, are more than the maximum.

A band's figure is computed at its first Ante, where the maximum binds least within it: a larger
Ante in the same band has an edge at least as large, at most the next band's. (A second
combination adds to the first's winnings, so it may meet the maximum a little inside a band.)

>>> from decimal import Decimal as D
>>> from casino.games.russian import Paytables
>>> table = Paytables({"royal_flush": D(100), "straight_flush": D(50), "pair": D(1)})
>>> ante_bands(table, ante_min=D(10), ante_max=D(500), max_payout=D(5000), chip_unit=D(1))
(Decimal('10'), Decimal('26'), Decimal('51'))
>>> ante_bands(table, ante_min=D(10), ante_max=D(500), max_payout=None, chip_unit=D(1))
(Decimal('10'),)
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal
from typing import Final

from casino.games.russian import Paytables

#: The Bet is this many Antes (RULES.md A.1).
BET_ANTES: Final = 2


def ante_bands(
    paytables: Paytables,
    *,
    ante_min: Decimal,
    ante_max: Decimal,
    max_payout: Decimal | None,
    chip_unit: Decimal,
) -> tuple[Decimal, ...]:
    """The first Ante of each band within ``ante_min``..``ante_max``, in increasing order.

    :raises ValueError: a range whose least Ante is above its most, or a chip unit that is not
        positive.
    """
    if ante_min > ante_max or chip_unit <= 0:
        raise ValueError(f"no Ante range: {ante_min}..{ante_max} in chips of {chip_unit}")
    starts = {ante_min}
    if max_payout is not None:
        for multiple in set(paytables.main.values()):
            if multiple > 0:
                start = _first_ante_above(max_payout / (BET_ANTES * multiple), chip_unit)
                if ante_min < start <= ante_max:
                    starts.add(start)
    return tuple(sorted(starts))


def band_of(starts: tuple[Decimal, ...], ante: Decimal) -> int:
    """The index of the band of ``starts`` (:func:`ante_bands`) that ``ante`` falls in: the
    first band for an Ante below the range."""
    index = 0
    for number, start in enumerate(starts):
        if start <= ante:
            index = number
    return index


def _first_ante_above(limit: Decimal, chip_unit: Decimal) -> Decimal:
    """The least whole number of chips strictly above ``limit``."""
    chips = (limit / chip_unit).to_integral_value(rounding=ROUND_FLOOR) + 1
    return chips * chip_unit
