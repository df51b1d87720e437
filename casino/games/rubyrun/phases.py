"""The phases of a Ruby Run hand, the dealer's actions, and the one table of which actions each
phase accepts (each action's input fields are in :mod:`casino.games.rubyrun.fields`).

>>> sorted(PHASE_ACTIONS[Phase.SLAM])
[<Action.DEAL_SLAM: 'deal_slam'>, <Action.EXPOSE_CARD: 'expose_card'>]
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final

HOLE_CARDS: Final = 3
OVER_CARDS: Final = 3
UNDER_CARDS: Final = 3


class Phase(StrEnum):
    """Where the hand stands; :data:`PHASE_ACTIONS` says what each phase accepts."""

    SEATING = "seating"
    FORCED_BETS = "forced_bets"
    HOLE_CARDS = "hole_cards"
    BETTING = "betting"
    OVER_CARDS = "over_cards"
    UNDER_CARDS = "under_cards"
    SLAM = "slam"
    REVEAL = "reveal"
    COMPLETE = "complete"


class Action(StrEnum):
    """The dealer's inputs; each is a method of
    :class:`~casino.games.rubyrun.state.RubyRunState` of the same name."""

    SEAT_PLAYERS = "seat_players"
    POST_FORCED_BETS = "post_forced_bets"
    DEAL_HOLE_CARDS = "deal_hole_cards"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE_TO = "raise_to"
    ALL_IN = "all_in"
    DEAL_OVER_CARDS = "deal_over_cards"
    DEAL_UNDER_CARDS = "deal_under_cards"
    DEAL_SLAM = "deal_slam"
    REVEAL_UNDER_CARDS = "reveal_under_cards"
    EXPOSE_CARD = "expose_card"


BETTING_ACTIONS: Final = frozenset(
    {Action.FOLD, Action.CHECK, Action.CALL, Action.BET, Action.RAISE_TO, Action.ALL_IN}
)

_EXPOSE: Final = frozenset({Action.EXPOSE_CARD})

#: The one table of which actions each phase accepts. Where the next phase goes is decided by
#: the action itself (it depends on the agreed betting rounds and on who is still in). A card
#: may be exposed by accident whenever cards are in play, that is until the hand is complete.
PHASE_ACTIONS: Final[Mapping[Phase, frozenset[Action]]] = {
    Phase.SEATING: frozenset({Action.SEAT_PLAYERS}) | _EXPOSE,
    Phase.FORCED_BETS: frozenset({Action.POST_FORCED_BETS}) | _EXPOSE,
    Phase.HOLE_CARDS: frozenset({Action.DEAL_HOLE_CARDS}) | _EXPOSE,
    Phase.BETTING: BETTING_ACTIONS | _EXPOSE,
    Phase.OVER_CARDS: frozenset({Action.DEAL_OVER_CARDS}) | _EXPOSE,
    Phase.UNDER_CARDS: frozenset({Action.DEAL_UNDER_CARDS}) | _EXPOSE,
    Phase.SLAM: frozenset({Action.DEAL_SLAM}) | _EXPOSE,
    Phase.REVEAL: frozenset({Action.REVEAL_UNDER_CARDS}) | _EXPOSE,
    Phase.COMPLETE: frozenset(),
}
