"""A Ruby Run table's rule set: every setting of RULES.md A.2 with its default.

What is agreed before a deal (ace-low runs, the extra betting rounds) has a table default here
and may be overridden for one hand by :class:`HandOptions`, stored on the round when it opens.

>>> rules = RubyRunRules.from_dict({"betting": "no_limit", "big_blind": "2", "small_blind": 1})
>>> rules.betting, rules.big_blind, rules.max_players
(<Betting.NO_LIMIT: 'no_limit'>, Decimal('2'), 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any, Self

from casino.games.codes import OPTIONS_INVALID
from casino.games.errors import GameError
from casino.games.rule_settings import RuleSettings, invalid_setting

#: One deck: 7 board cards + 3 per player (RULES.md 2.4).
MOST_PLAYERS = 15


class Betting(StrEnum):
    FIXED_LIMIT = "fixed_limit"
    POT_LIMIT = "pot_limit"
    NO_LIMIT = "no_limit"


class UnderCards(StrEnum):
    FACE_UP = "face_up"
    FACE_DOWN = "face_down"


class Rake(StrEnum):
    NONE = "none"
    PERCENT = "percent"
    SEAT_FEE = "seat_fee"


@dataclass(frozen=True, kw_only=True)
class RubyRunRules(RuleSettings):
    """The settings of one Ruby Run table; defaults are those of RULES.md A.2.

    Forced bets are an ``ante`` from every seat and/or ``small_blind`` / ``big_blind``; at least
    one must be set. Fixed limit bets ``small_bet`` before the over cards and ``big_bet`` after,
    with at most ``max_raises`` raises per betting round on top of the bet (the big blind is the
    first round's bet); ``uncapped_heads_up`` lifts that cap while only two players are left in
    the hand, unless the cap was already reached with more. Pot and no limit have no cap.
    Every amount is a whole number of ``chip_unit``; ``rake_cap`` (per hand) is positive if set.

    :raises GameError: ``ruleset_invalid`` with ``data["field"]`` on any bad value.
    """

    min_players: int = 2
    max_players: int = 8
    ante: Decimal = Decimal(0)
    small_blind: Decimal = Decimal(1)
    big_blind: Decimal = Decimal(2)
    betting: Betting = Betting.FIXED_LIMIT
    small_bet: Decimal = Decimal(2)
    big_bet: Decimal = Decimal(4)
    max_raises: int = 4
    uncapped_heads_up: bool = False
    betting_after_over_cards: bool = False
    betting_after_slam: bool = False
    ace_low_runs: bool = False
    under_cards: UnderCards = UnderCards.FACE_UP
    rake: Rake = Rake.NONE
    rake_percent: Decimal = Decimal(0)
    rake_cap: Decimal | None = None
    seat_fee_per_hour: Decimal = Decimal(0)
    chip_unit: Decimal = Decimal(1)

    def __post_init__(self) -> None:
        if not 2 <= self.min_players <= self.max_players <= MOST_PLAYERS:
            raise invalid_setting("max_players", "players must satisfy 2 <= min <= max <= 15")
        for name in (
            "ante",
            "small_blind",
            "big_blind",
            "small_bet",
            "big_bet",
            "rake_percent",
            "seat_fee_per_hour",
        ):
            if getattr(self, name) < 0:
                raise invalid_setting(name, "may not be negative")
        if self.ante == 0 and self.big_blind == 0:
            raise invalid_setting("big_blind", "a hand needs an ante or blinds")
        if self.small_blind > self.big_blind:
            raise invalid_setting("small_blind", "may not exceed the big blind")
        if self.chip_unit <= 0:
            raise invalid_setting("chip_unit", "must be positive")
        for name in ("ante", "small_blind", "big_blind", "small_bet", "big_bet"):
            if getattr(self, name) % self.chip_unit:
                raise invalid_setting(name, f"must be a whole number of chips of {self.chip_unit}")
        if self.betting is Betting.FIXED_LIMIT and not 0 < self.small_bet <= self.big_bet:
            raise invalid_setting("small_bet", "fixed limit needs 0 < small_bet <= big_bet")
        if self.max_raises < 1:
            raise invalid_setting("max_raises", "must be at least 1")
        if self.rake is Rake.PERCENT and not 0 < self.rake_percent < 100:
            raise invalid_setting("rake_percent", "must be above 0 and below 100")
        if self.rake is not Rake.PERCENT and (self.rake_percent or self.rake_cap is not None):
            raise invalid_setting("rake_percent", "set only with the percent rake")
        if self.rake_cap is not None and (self.rake_cap <= 0 or self.rake_cap % self.chip_unit):
            raise invalid_setting("rake_cap", "must be a positive whole number of chips")
        if self.rake is Rake.SEAT_FEE and self.seat_fee_per_hour <= 0:
            raise invalid_setting("seat_fee_per_hour", "must be positive with the seat fee")


@dataclass(frozen=True, kw_only=True)
class HandOptions(RuleSettings):
    """What is announced before one deal and stored on the round (RULES.md A.2, 2.4).

    Each field overrides the table's setting of the same name in :class:`RubyRunRules` for this
    hand only; ``None`` keeps the table's default. :meth:`resolve` gives the values in force.

    >>> HandOptions.from_dict({"ace_low_runs": True}).resolve(RubyRunRules())
    HandOptions(ace_low_runs=True, betting_after_over_cards=False, betting_after_slam=False)

    :raises GameError: ``options_invalid`` with ``data["field"]`` from :meth:`from_dict`.
    """

    ace_low_runs: bool | None = None
    betting_after_over_cards: bool | None = None
    betting_after_slam: bool | None = None

    def resolve(self, rules: RubyRunRules) -> HandOptions:
        """Every option decided: the table's default wherever this hand sets none."""
        return HandOptions(
            ace_low_runs=_pick(self.ace_low_runs, rules.ace_low_runs),
            betting_after_over_cards=_pick(
                self.betting_after_over_cards, rules.betting_after_over_cards
            ),
            betting_after_slam=_pick(self.betting_after_slam, rules.betting_after_slam),
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Build from the options stored on a round; missing keys keep the table's default."""
        try:
            return super().from_dict(data)
        except GameError as err:
            field = err.data.get("field", "options")
            raise GameError(OPTIONS_INVALID, err.message, field=field) from None


def _pick(chosen: bool | None, default: bool) -> bool:
    return default if chosen is None else chosen
