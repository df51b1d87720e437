"""Russian Poker: house-banked five-card stud against the dealer (RULES.md A.1).

:data:`GAME` is the game as the table service drives it (the engines' contract,
:mod:`casino.games.contract`); :class:`RussianPokerState` is one round.
"""

from casino.games.money import round_down_to_chip
from casino.games.russian import codes
from casino.games.russian.events import (
    DEALER_TARGET,
    EVENT_KINDS,
    AnteTaken,
    BetPlaced,
    BetsClosed,
    BonusDeclared,
    BoxDealt,
    BoxFolded,
    CardDealt,
    CardExposed,
    CardsExchanged,
    DealerRevealed,
    Event,
    GameBought,
    InsurancePlaced,
    ReplacementDrawn,
    SixthCardBought,
    WagersPlaced,
    box_target,
    event_from_dict,
)
from casino.games.russian.game import GAME, RussianPokerGame
from casino.games.russian.phases import PHASE_ACTIONS, Action, Decision, NoGameChoice, Phase
from casino.games.russian.rules import (
    AnteOnWin,
    InsuranceWhenDealerQualifies,
    MaxPayoutScope,
    RussianPokerRules,
)
from casino.games.russian.settlement import (
    CAP_PER_BOX,
    CAP_ROUND_PRO_RATA,
    BoxSettlement,
    LineKind,
    Outcome,
    RoundSettlement,
    SettlementLine,
    combination_name,
)
from casino.games.russian.state import RussianPokerState, replay, settle_round
from casino.games.russian.terms import Paytables, TableLimits

__all__ = [
    "CAP_PER_BOX",
    "CAP_ROUND_PRO_RATA",
    "DEALER_TARGET",
    "EVENT_KINDS",
    "GAME",
    "PHASE_ACTIONS",
    "Action",
    "AnteOnWin",
    "AnteTaken",
    "BetPlaced",
    "BetsClosed",
    "BonusDeclared",
    "BoxDealt",
    "BoxFolded",
    "BoxSettlement",
    "CardDealt",
    "CardExposed",
    "CardsExchanged",
    "DealerRevealed",
    "Decision",
    "Event",
    "GameBought",
    "InsurancePlaced",
    "InsuranceWhenDealerQualifies",
    "LineKind",
    "MaxPayoutScope",
    "NoGameChoice",
    "Outcome",
    "Paytables",
    "Phase",
    "ReplacementDrawn",
    "RoundSettlement",
    "RussianPokerGame",
    "RussianPokerRules",
    "RussianPokerState",
    "SettlementLine",
    "SixthCardBought",
    "TableLimits",
    "WagersPlaced",
    "box_target",
    "codes",
    "combination_name",
    "event_from_dict",
    "replay",
    "round_down_to_chip",
    "settle_round",
]
