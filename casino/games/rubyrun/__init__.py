"""Ruby Run: a community-card poker game ranked by same-colour runs (RULES.md A.2)."""

from casino.games.money import round_down_to_chip
from casino.games.rubyrun import codes, events
from casino.games.rubyrun.betting import BettingChoice, BettingRound, largest_target
from casino.games.rubyrun.codes import RubyRunCode
from casino.games.rubyrun.events import *  # noqa: F403
from casino.games.rubyrun.fields import ACTION_FIELDS
from casino.games.rubyrun.game import GAME, RubyRunGame
from casino.games.rubyrun.phases import BETTING_ACTIONS, PHASE_ACTIONS, Action, Phase
from casino.games.rubyrun.rules import Betting, HandOptions, Rake, RubyRunRules, UnderCards
from casino.games.rubyrun.settlement import (
    Award,
    HandResult,
    Pot,
    RakePolicy,
    build_pots,
    describe_hand,
    grade_hand,
    settle,
    showdown,
)
from casino.games.rubyrun.state import (
    BetRecord,
    RubyRunState,
    replay,
    settle_hand,
)
from casino.games.rubyrun_hands import RunColour, RunGrade

__all__ = [
    "ACTION_FIELDS",
    "BETTING_ACTIONS",
    "PHASE_ACTIONS",
    "Action",
    "Award",
    "BetRecord",
    "Betting",
    "BettingChoice",
    "BettingRound",
    "GAME",
    "HandOptions",
    "HandResult",
    "Phase",
    "Pot",
    "Rake",
    "RakePolicy",
    "RubyRunCode",
    "RubyRunGame",
    "RubyRunRules",
    "RubyRunState",
    "RunColour",
    "RunGrade",
    "UnderCards",
    "build_pots",
    "codes",
    "describe_hand",
    "grade_hand",
    "largest_target",
    "replay",
    "round_down_to_chip",
    "settle",
    "settle_hand",
    "showdown",
]
# Every event and its codec, as the events module lists them.
__all__ += events.__all__
