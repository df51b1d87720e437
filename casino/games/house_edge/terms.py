"""What one house-edge calculation is about, in whole chips: the rule set, the paytables, the
Ante, the table maximum and the bonus stake.

The Ante is fixed for a calculation, so every amount a box can be paid is known in advance as a
whole number of chips: the Bet's winnings for each pair of combinations, the insurance maximum,
the bonus for each line. :class:`EdgeTerms` computes them once, exactly as the engine's
settlement does (``round_down_to_chip`` of stake × multiplier), and the fast path
(:mod:`casino.games.house_edge.rounds`) only looks them up, in integer arithmetic.

>>> from decimal import Decimal as D
>>> from casino.games.russian import Paytables, RussianPokerRules
>>> terms = EdgeTerms(RussianPokerRules(), Paytables.standard(), ante=D(10), max_payout=D(5000))
>>> terms.ante_chips, int(terms.bet_winnings[LINE_CODE[Line.PAIR], LINE_CODE[Line.ACE_KING]])
(10, 40)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

import numpy as np
import numpy.typing as npt

from casino.games.house_edge.hands import LINE_CODE, LINE_CODES, LINES
from casino.games.money import ZERO, is_chip_multiple, round_down_to_chip
from casino.games.russian import (
    AnteOnWin,
    InsuranceWhenDealerQualifies,
    Paytables,
    RussianPokerRules,
)
from casino.games.russian_hands import Line

IntTable = npt.NDArray[np.int64]

#: Stands for "no maximum" in integer arithmetic: more than any box can win.
NO_CAP: Final = np.int64(1) << 60


@dataclass(frozen=True)
class EdgeTerms:
    """A rule set, its paytables, one Ante, the table maximum (``None``: none), the chip unit and
    the bonus stake (``None``: no bonus bet; it defaults to the Ante where the table offers one).

    :raises ValueError: an Ante, bonus or maximum that is not a positive whole number of chips.
    """

    rules: RussianPokerRules
    paytables: Paytables
    ante: Decimal
    max_payout: Decimal | None
    chip_unit: Decimal = Decimal(1)
    bonus: Decimal | None = None
    ante_chips: int = field(init=False)
    bonus_chips: int = field(init=False)
    cap_chips: int = field(init=False)
    #: Winnings of the Bet (chips, before the maximum) by first and second line code.
    bet_winnings: IntTable = field(init=False, repr=False)
    #: Winnings of the Bet on the first combination alone, by line code.
    first_winnings: IntTable = field(init=False, repr=False)
    #: The most a box may insure for, by first and second line code.
    insurance_max: IntTable = field(init=False, repr=False)
    #: What the bonus hands back (stake and winnings, chips) by the dealt hand's first line.
    bonus_returned: IntTable = field(init=False, repr=False)

    def __post_init__(self) -> None:
        unit = self.chip_unit
        bonus = self.bonus
        if bonus is None and self.paytables.bonus is not None:
            bonus = self.ante
        if self.paytables.bonus is None:
            bonus = None
        object.__setattr__(self, "bonus", bonus)
        ante = _chips("ante", self.ante, unit)
        cap = NO_CAP if self.max_payout is None else _chips("max_payout", self.max_payout, unit)
        object.__setattr__(self, "ante_chips", ante)
        object.__setattr__(self, "cap_chips", int(cap))
        object.__setattr__(
            self, "bonus_chips", 0 if bonus is None else _chips("bonus", bonus, unit)
        )
        bet = 2 * self.ante
        main = [ZERO] + [self.paytables.main_multiplier(line) for line in LINES[1:] if line]
        winnings = np.zeros((LINE_CODES, LINE_CODES), dtype=np.int64)
        insurance = np.zeros((LINE_CODES, LINE_CODES), dtype=np.int64)
        fraction = self.rules.insurance_max_fraction
        for first in range(LINE_CODES):
            for second in range(LINE_CODES):
                won = round_down_to_chip(bet * (main[first] + main[second]), unit)
                winnings[first, second] = int(won / unit)
                potential = won if self.max_payout is None else min(won, self.max_payout)
                insurance[first, second] = int(
                    round_down_to_chip(fraction * potential, unit) / unit
                )
        first_only = np.array(
            [int(round_down_to_chip(bet * m, unit) / unit) for m in main], dtype=np.int64
        )
        returned = np.zeros(LINE_CODES, dtype=np.int64)
        if bonus is not None:
            for code, line in enumerate(LINES):
                multiplier = ZERO if line is None else self.paytables.bonus_multiplier(line)
                if multiplier > ZERO:
                    won = bonus + round_down_to_chip(bonus * multiplier, unit)
                    returned[code] = int(won / unit)
        object.__setattr__(self, "bet_winnings", winnings)
        object.__setattr__(self, "first_winnings", first_only)
        object.__setattr__(self, "insurance_max", insurance)
        object.__setattr__(self, "bonus_returned", returned)

    @property
    def ante_paid_on_win(self) -> bool:
        return self.rules.ante_on_win is AnteOnWin.PAY

    @property
    def insurance_always_lost(self) -> bool:
        return (
            self.rules.insurance_when_dealer_qualifies is InsuranceWhenDealerQualifies.ALWAYS_LOST
        )

    @property
    def trips_code(self) -> int:
        return LINE_CODE[Line.TRIPS]

    def amount(self, chips: int | float) -> Decimal:
        """Chips back to an amount."""
        return Decimal(chips) * self.chip_unit


def _chips(name: str, amount: Decimal, unit: Decimal) -> int:
    if amount <= ZERO or not is_chip_multiple(amount, unit):
        raise ValueError(f"{name} must be a positive whole number of chips of {unit}: {amount}")
    return int(amount / unit)
