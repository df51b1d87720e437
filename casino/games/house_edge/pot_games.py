"""The house's take at the pot games: what a Ruby Run or Red Dog rule set takes, exactly.

At Ruby Run and Red Dog the players bet against each other (Ruby Run's pots) or against a common
pot or a player's bank (Red Dog); the house banks nothing, so its edge is whatever the rule set
takes, never a matter of play:

* **Ruby Run** (RULES.md A.2): nothing by default; or ``rake_percent`` of each pot, at most
  ``rake_cap`` per hand, cut down to the chip (the engine's
  :class:`~casino.games.rubyrun.settlement.RakePolicy`, which :func:`ruby_run_rake` calls); or a
  seat fee per hour, charged by time outside the pots. A split pot's odd chip goes to a player.
* **Red Dog** (RULES.md A.3), whatever the variant (standard, dealer's bank, Shoot, Slippery
  Sam): nothing by default; or a fee per player per hand (``hand_fee``); or ``win_percent`` of
  each won bet, cut down to the chip. In the standard game the pot belongs to the players, and
  when it is shared (at the end of a game, or of every hand where the pit boss chose so) the
  chips that do not divide equally go to the house float: fewer than one chip per player
  sharing, each time. In the dealer-funded variants the dealer takes the pot back, and nothing
  is left over.

>>> from casino.games.reddog.rules import RedDogRules
>>> take = red_dog_take(RedDogRules(commission="win_percent", win_percent=Decimal(5)))
>>> take.kind.value, take.rate, red_dog_commission(take, Decimal(30), Decimal(1))
('win_percent', Decimal('0.05'), Decimal('1'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Final

from casino.games.money import ZERO, round_down_to_chip
from casino.games.reddog.rules import Commission, EndOfHand, RedDogRules, Variant
from casino.games.rubyrun.rules import Rake, RubyRunRules
from casino.games.rubyrun.settlement import RakePolicy

_HUNDRED: Final = Decimal(100)


class TakeKind(StrEnum):
    NONE = "none"
    POT_PERCENT = "pot_percent"
    SEAT_FEE = "seat_fee"
    HAND_FEE = "hand_fee"
    WIN_PERCENT = "win_percent"


@dataclass(frozen=True)
class HouseTake:
    """What one rule set takes.

    ``rate`` is the fraction taken of what it applies to (a pot, a won bet; 0 where nothing is
    taken that way), ``cap`` the most per hand (``None``: no cap), ``fee`` a fixed amount (per
    seat per hour, or per player per hand). ``edge`` is the house's share of everything wagered
    where the rules alone fix it (0 when nothing is taken), else ``None``: a rake's or a win
    percentage's share of the amount wagered depends on the pots and the bets the players make,
    and is at most ``rate``. ``description`` says it in words, ``remainders`` what becomes of
    chips that do not divide.
    """

    game: str
    variant: str
    kind: TakeKind
    rate: Decimal
    cap: Decimal | None
    fee: Decimal
    edge: Decimal | None
    description: str
    remainders: str


def ruby_run_take(rules: RubyRunRules) -> HouseTake:
    """The house's take under a Ruby Run rule set."""
    remainders = "a split pot's odd chip goes to the first winner clockwise from the button"
    if rules.rake is Rake.PERCENT:
        cap = "" if rules.rake_cap is None else f", at most {rules.rake_cap} per hand"
        return HouseTake(
            "ruby_run",
            "standard",
            TakeKind.POT_PERCENT,
            rules.rake_percent / _HUNDRED,
            rules.rake_cap,
            ZERO,
            None,
            f"{rules.rake_percent} % of each pot{cap}, cut down to the chip of {rules.chip_unit}",
            remainders,
        )
    if rules.rake is Rake.SEAT_FEE:
        return HouseTake(
            "ruby_run",
            "standard",
            TakeKind.SEAT_FEE,
            ZERO,
            None,
            rules.seat_fee_per_hour,
            None,
            f"{rules.seat_fee_per_hour} per seat per hour, charged by time, not from the pots",
            remainders,
        )
    return HouseTake(
        "ruby_run", "standard", TakeKind.NONE, ZERO, None, ZERO, ZERO, "no rake", remainders
    )


def ruby_run_rake(rules: RubyRunRules, pots: Sequence[Decimal]) -> Decimal:
    """What the house takes from one hand's pots (main pot first), as the engine takes it."""
    return sum(RakePolicy.from_rules(rules).rakes(list(pots)), ZERO)


def red_dog_take(rules: RedDogRules) -> HouseTake:
    """The house's take under a Red Dog rule set."""
    variant = rules.variant.value
    if rules.variant is Variant.STANDARD:
        sharing = (
            "at the end of every hand and of the game"
            if rules.end_of_hand is EndOfHand.SHARE
            else "at the end of the game"
        )
        remainders = (
            f"the pot is shared equally {sharing}; the chips that do not divide (fewer than one "
            "chip per player sharing) go to the house float"
        )
    else:
        remainders = "the dealer takes back what is left of the pot: nothing is left over"
    if rules.commission is Commission.HAND_FEE:
        return HouseTake(
            "red_dog",
            variant,
            TakeKind.HAND_FEE,
            ZERO,
            None,
            rules.hand_fee,
            None,
            f"{rules.hand_fee} from every player dealt in, each hand",
            remainders,
        )
    if rules.commission is Commission.WIN_PERCENT:
        return HouseTake(
            "red_dog",
            variant,
            TakeKind.WIN_PERCENT,
            rules.win_percent / _HUNDRED,
            None,
            ZERO,
            None,
            f"{rules.win_percent} % of each won bet, cut down to the chip of {rules.chip_unit}",
            remainders,
        )
    return HouseTake(
        "red_dog", variant, TakeKind.NONE, ZERO, None, ZERO, ZERO, "no commission", remainders
    )


def red_dog_commission(take: HouseTake, won_bet: Decimal, chip_unit: Decimal) -> Decimal:
    """The house's commission on one won bet under ``take`` (0 unless a win percentage)."""
    if take.kind is not TakeKind.WIN_PERCENT:
        return ZERO
    return round_down_to_chip(won_bet * take.rate, chip_unit)


def share_remainder(pot: Decimal, players: int, chip_unit: Decimal) -> Decimal:
    """What goes to the house float when ``pot`` is shared equally among ``players``."""
    share = round_down_to_chip(pot / players, chip_unit)
    return pot - share * players
