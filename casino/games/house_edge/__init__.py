"""The house edge computed from the rules: a pure calculator beside the engines (no Django).

:func:`russian_poker_edge` gives, for a Russian Poker rule set, its paytables, an Ante and the
table maximum, the house's expected result per wager type and for the whole game, per initial
Ante and per amount wagered, each figure exact (counted over every hand) or simulated (with its
95 % interval and rounds), under a named player strategy (:data:`GUIDE` by default: the rules
of thumb :mod:`casino.games.house_edge.derive` justifies). The simulation is a fast path of whole
arrays of rounds (:mod:`casino.games.house_edge.rounds`) that settles every line as the engine
does, checked against the engine round by round.

:func:`ruby_run_take` and :func:`red_dog_take` say what the pot games' rule sets take.
``docs/house-edge.md`` describes the method, the strategy, the validation and the figures.
"""

from casino.games.house_edge.calculator import russian_poker_edge
from casino.games.house_edge.pot_games import HouseTake, red_dog_take, ruby_run_take
from casino.games.house_edge.report import EdgeReport, Figure, Method, Value
from casino.games.house_edge.strategy import (
    CARIBBEAN_ACE_KING_OR_BETTER,
    CARIBBEAN_ALWAYS,
    CARIBBEAN_PAIR_OR_BETTER,
    GUIDE,
    STRATEGIES,
    BuyRule,
    BuyWhen,
    InsureAmount,
    InsureRule,
    Move,
    Strategy,
)

__all__ = [
    "CARIBBEAN_ACE_KING_OR_BETTER",
    "CARIBBEAN_ALWAYS",
    "CARIBBEAN_PAIR_OR_BETTER",
    "GUIDE",
    "STRATEGIES",
    "BuyRule",
    "BuyWhen",
    "EdgeReport",
    "Figure",
    "HouseTake",
    "InsureAmount",
    "InsureRule",
    "Method",
    "Move",
    "Strategy",
    "Value",
    "red_dog_take",
    "ruby_run_take",
    "russian_poker_edge",
]
