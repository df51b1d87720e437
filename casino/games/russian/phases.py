"""The vocabulary of a Russian Poker round: its phases, the dealer's actions, the one table of
which action each phase accepts, how an open box ends its turn and what a box in play chooses
against a dealer without a game, and how many cards a hand holds.

The round runs through the phases as :mod:`casino.games.russian.state` draws them; where the
next phase goes is derived from what is recorded, and which actions a phase accepts is
:data:`PHASE_ACTIONS` alone.

>>> sorted(action.value for action in PHASE_ACTIONS[Phase.DEALER_REVEAL])
['deal_box', 'deal_card', 'expose_card', 'reveal_dealer']
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final

#: Cards in a box's hand as dealt, and in the dealer's hand.
HAND_SIZE: Final = 5
#: The dealer's cards dealt face down; the fifth is face up.
DEALER_FACE_DOWN: Final = 4


class Phase(StrEnum):
    """Where the round stands; :data:`PHASE_ACTIONS` says what each phase accepts."""

    BETTING = "betting"
    DEALING = "dealing"
    DECISIONS = "decisions"
    DEALER_REVEAL = "dealer_reveal"
    DEALER_NO_GAME_CHOICES = "dealer_no_game_choices"
    BUY_REPLACEMENT = "buy_replacement"
    SETTLEMENT = "settlement"
    COMPLETE = "complete"


class Action(StrEnum):
    """The dealer's inputs; each is a method of
    :class:`~casino.games.russian.state.RussianPokerState` of the same name."""

    PLACE_WAGERS = "place_wagers"
    CLOSE_BETS = "close_bets"
    DEAL_BOX = "deal_box"
    DEAL_CARD = "deal_card"
    DECLARE_BONUS = "declare_bonus"
    EXCHANGE = "exchange"
    BUY_SIXTH_CARD = "buy_sixth_card"
    INSURE = "insure"
    FOLD = "fold"
    BET = "bet"
    REVEAL_DEALER = "reveal_dealer"
    TAKE_ANTE = "take_ante"
    BUY_GAME = "buy_game"
    DRAW_REPLACEMENT = "draw_replacement"
    EXPOSE_CARD = "expose_card"


#: Accepted in every phase but the last: a card may be seen by accident at any point of the deal.
_EXPOSE: Final = frozenset({Action.EXPOSE_CARD})
_BLIND_CARDS: Final = frozenset({Action.DEAL_BOX, Action.DEAL_CARD}) | _EXPOSE
#: A box's choices against a dealer without a game: refused first when the dealer has one.
NO_GAME_CHOICES: Final = frozenset({Action.TAKE_ANTE, Action.BUY_GAME})
_DECISIONS: Final = frozenset(
    {
        Action.DECLARE_BONUS,
        Action.EXCHANGE,
        Action.BUY_SIXTH_CARD,
        Action.INSURE,
        Action.FOLD,
        Action.BET,
    }
)

#: The one table of which actions each phase accepts. Card recording stays open after the deal
#: because a blind box's cards are turned only at settlement; which target a card may go to is
#: the action's own check. Where the next phase goes is derived from what is recorded (see the
#: diagram of :mod:`casino.games.russian.state`). ``expose_card`` is in every phase but
#: ``complete`` (with the card actions).
PHASE_ACTIONS: Final[Mapping[Phase, frozenset[Action]]] = {
    Phase.BETTING: frozenset({Action.PLACE_WAGERS, Action.CLOSE_BETS}) | _EXPOSE,
    Phase.DEALING: _BLIND_CARDS,
    Phase.DECISIONS: _DECISIONS | _BLIND_CARDS,
    Phase.DEALER_REVEAL: frozenset({Action.REVEAL_DEALER}) | _BLIND_CARDS,
    Phase.DEALER_NO_GAME_CHOICES: NO_GAME_CHOICES | _BLIND_CARDS,
    Phase.BUY_REPLACEMENT: frozenset({Action.DRAW_REPLACEMENT}) | _BLIND_CARDS,
    Phase.SETTLEMENT: _BLIND_CARDS,
    Phase.COMPLETE: frozenset(),
}


class Decision(StrEnum):
    """How an open box ended its turn."""

    FOLD = "fold"
    BET = "bet"


class NoGameChoice(StrEnum):
    """What a box in play chose when the dealer had no game."""

    TAKE_ANTE = "take_ante"
    BUY_GAME = "buy_game"
