"""The phases of a Red Dog game, the dealer's actions, and the one table of which action each
phase accepts.

A game runs from seating to the end of the game::

    seating ─► between_hands ─► [funding] ─► dealing ─► [centre] ─► betting ─► [burn] ─► turn
                  ▲   │                                                ▲                   │
                  │   └─► game_over                                    └───── next turn ◄──┘
                  └────── end of hand (or shoot_choice after a third Shoot deal) ◄──────────┘

Where the next phase goes is decided by the action itself (it depends on the variant and the
pot); which actions a phase accepts is :data:`PHASE_ACTIONS` alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """Where the game stands; :data:`PHASE_ACTIONS` says what each phase accepts."""

    SEATING = "seating"
    BETWEEN_HANDS = "between_hands"
    FUNDING = "funding"
    DEALING = "dealing"
    CENTRE = "centre"
    BETTING = "betting"
    BURN = "burn"
    TURN = "turn"
    SHOOT_CHOICE = "shoot_choice"
    GAME_OVER = "game_over"


class Action(StrEnum):
    """The dealer's inputs; each is a method of the state of the same name (with its
    ``verify_`` and ``can_`` companions)."""

    SEAT_PLAYERS = "seat_players"
    START_HAND = "start_hand"
    FUND_POT = "fund_pot"
    DEAL_HAND = "deal_hand"
    TURN_CENTRE_CARD = "turn_centre_card"
    PLACE_BET = "place_bet"
    SHOW_BURN = "show_burn"
    TURN_CARD = "turn_card"
    RESHUFFLE = "reshuffle"
    DECIDE_SHOOT = "decide_shoot"
    END_GAME = "end_game"
    EXPOSE_CARD = "expose_card"


#: The phases in which a hand's deck is in play: cards are recorded from its face-down stock,
#: so a card may be exposed by accident.
DECK_PHASES: Final = frozenset({Phase.DEALING, Phase.CENTRE, Phase.BETTING, Phase.BURN, Phase.TURN})

#: The one table of which action each phase accepts.
PHASE_ACTIONS: Final[Mapping[Phase, frozenset[Action]]] = {
    Phase.SEATING: frozenset({Action.SEAT_PLAYERS}),
    Phase.BETWEEN_HANDS: frozenset({Action.START_HAND, Action.END_GAME}),
    Phase.FUNDING: frozenset({Action.FUND_POT}),
    Phase.DEALING: frozenset({Action.DEAL_HAND, Action.EXPOSE_CARD}),
    Phase.CENTRE: frozenset({Action.TURN_CENTRE_CARD, Action.RESHUFFLE, Action.EXPOSE_CARD}),
    Phase.BETTING: frozenset({Action.PLACE_BET, Action.RESHUFFLE, Action.EXPOSE_CARD}),
    Phase.BURN: frozenset({Action.SHOW_BURN, Action.RESHUFFLE, Action.EXPOSE_CARD}),
    Phase.TURN: frozenset({Action.TURN_CARD, Action.RESHUFFLE, Action.EXPOSE_CARD}),
    Phase.SHOOT_CHOICE: frozenset({Action.DECIDE_SHOOT}),
    Phase.GAME_OVER: frozenset(),
}

#: Actions that take a card from the face-down stock.
DRAWING_ACTIONS: Final = frozenset({Action.TURN_CENTRE_CARD, Action.SHOW_BURN, Action.TURN_CARD})
