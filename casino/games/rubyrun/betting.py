"""Betting vocabulary and arithmetic of Ruby Run that needs no hand state.

Amounts are ``Decimal``: the dealer's entries are parsed by
:func:`~casino.games.money.chip_amount`, which refuses floats (a float cannot say which decimal
the dealer meant) and anything that is not a whole number of chips. :func:`largest_target` is the
limit rule of each betting structure.
"""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum

from casino.games.rubyrun.rules import Betting


class BettingRound(StrEnum):
    """The betting rounds a hand may have, in order (RULES.md A.2).

    The first is always played; the other two only when agreed before the deal.
    """

    AFTER_HOLE_CARDS = "after_hole_cards"
    AFTER_OVER_CARDS = "after_over_cards"
    AFTER_SLAM = "after_slam"


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
