"""Russian Poker: house-banked five-card stud against the dealer (RULES.md A.1).

:data:`GAME` is the game as the table service drives it (the engines' contract,
:mod:`casino.games.contract`); :class:`RussianPokerState` is one round.
"""

from casino.games.money import round_down_to_chip
from casino.games.russian import codes, events
from casino.games.russian.events import *  # noqa: F403
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
    "GAME",
    "PHASE_ACTIONS",
    "Action",
    "AnteOnWin",
    "BoxSettlement",
    "Decision",
    "InsuranceWhenDealerQualifies",
    "LineKind",
    "MaxPayoutScope",
    "NoGameChoice",
    "Outcome",
    "Paytables",
    "Phase",
    "RoundSettlement",
    "RussianPokerGame",
    "RussianPokerRules",
    "RussianPokerState",
    "SettlementLine",
    "TableLimits",
    "codes",
    "combination_name",
    "replay",
    "round_down_to_chip",
    "settle_round",
]
# Every event and its codec, as the events module lists them.
__all__ += events.__all__
