"""A Russian Poker table's rule set: every setting of RULES.md A.1 with its default.

The table itself holds the ante limits and the maximum table payout; the rule set holds how the
game is played.

>>> rules = RussianPokerRules.from_dict({"ante_on_win": "pay", "boxes": 6})
>>> rules.ante_on_win, rules.boxes, rules.exchange_min
(<AnteOnWin.PAY: 'pay'>, 6, 2)
>>> RussianPokerRules.from_dict(rules.to_dict()) == rules
True
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from casino.games.rule_settings import RuleSettings, invalid_setting
from casino.games.russian_hands import SecondStraightRule


class AnteOnWin(StrEnum):
    """The Ante when the box beats a qualifying dealer."""

    PUSH = "push"
    PAY = "pay"


class InsuranceWhenDealerQualifies(StrEnum):
    """Insurance when the dealer qualifies: lost only if the box wins, or lost always."""

    LOST_IF_BOX_WINS = "lost_if_box_wins"
    ALWAYS_LOST = "always_lost"


class MaxPayoutScope(StrEnum):
    """The maximum table payout caps each box, or all boxes of a round together (pro rata)."""

    BOX = "box"
    ROUND = "round"


@dataclass(frozen=True, kw_only=True)
class RussianPokerRules(RuleSettings):
    """The settings of one Russian Poker table; defaults are those of RULES.md A.1.

    :raises GameError: ``ruleset_invalid`` with ``data["field"]`` on any bad value.
    """

    boxes: int = 4
    open_boxes_per_player: int = 1
    ante_on_win: AnteOnWin = AnteOnWin.PUSH
    exchange_min: int = 2
    exchange_max: int = 5
    exchange_and_sixth_card_allowed: bool = False
    second_straight_same_rank_swap: SecondStraightRule = SecondStraightRule.STRAIGHT
    insurance_max_fraction: Decimal = Decimal("0.5")
    insurance_when_dealer_qualifies: InsuranceWhenDealerQualifies = (
        InsuranceWhenDealerQualifies.LOST_IF_BOX_WINS
    )
    buy_redraw_same_rank: bool = False
    blind_box_may_buy: bool = True
    max_payout_scope: MaxPayoutScope = MaxPayoutScope.BOX
    bonus_lost_on_fold: bool = True

    def __post_init__(self) -> None:
        if self.boxes not in (4, 5, 6):
            raise invalid_setting("boxes", "must be 4, 5 or 6")
        if self.open_boxes_per_player not in (1, 2):
            raise invalid_setting("open_boxes_per_player", "must be 1 or 2")
        if self.exchange_min not in (1, 2):
            raise invalid_setting("exchange_min", "must be 1 or 2")
        if self.exchange_max != 5:
            raise invalid_setting("exchange_max", "must be 5 (a whole new hand)")
        if not Decimal(0) < self.insurance_max_fraction <= Decimal(1):
            raise invalid_setting("insurance_max_fraction", "must be above 0 and at most 1")
