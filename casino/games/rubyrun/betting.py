"""Betting vocabulary and arithmetic of Ruby Run that needs no hand state.

Amounts are ``Decimal``: the dealer's entries are parsed by
:func:`~casino.games.money.chip_amount`, which refuses floats (a float cannot say which decimal
the dealer meant) and anything that is not a whole number of chips. :func:`largest_target` is the
limit rule of each betting structure.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from casino.games.rubyrun.phases import Action
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


@dataclass(frozen=True, slots=True)
class BettingChoice:
    """One betting action open to the seat to act, with what it involves now.

    ``amount`` is the chips a call or an all-in puts in; ``total`` the seat's bet for the round
    after an all-in; ``minimum`` / ``maximum`` the totals a bet or raise may name (``maximum``
    already limited by the stack). ``all_in`` says whether a call takes every chip left.
    """

    action: Action
    seat: int
    amount: Decimal | None = None
    total: Decimal | None = None
    minimum: Decimal | None = None
    maximum: Decimal | None = None
    all_in: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The form :meth:`RubyRunState.legal_actions` has always listed."""
        listed: dict[str, Any] = {"action": self.action.value, "seat": self.seat}
        if self.action is Action.CALL:
            listed |= {"amount": str(self.amount), "all_in": self.all_in}
        elif self.action is Action.ALL_IN:
            listed |= {"amount": str(self.amount), "total": str(self.total)}
        elif self.action in (Action.BET, Action.RAISE_TO):
            listed |= {"min": str(self.minimum), "max": str(self.maximum)}
        return listed
