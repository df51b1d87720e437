"""The stable error codes of the Red Dog engine, in one place.

Tablets and tests match on these strings; a published code is never reworded. The codes Red Dog
shares with the other engines belong to the module that raises them: ``card_unknown`` and
``card_duplicate`` to :mod:`casino.games.cards`, ``ruleset_invalid`` to
:mod:`casino.games.rule_settings`, ``amount_invalid`` and ``amount_not_chip_multiple`` to
:mod:`casino.games.money`, ``event_invalid`` and ``event_kind_unknown`` to
:mod:`casino.games.stored_events`, ``action_out_of_phase`` to :mod:`casino.games.actions`, and
``seat_invalid`` and ``player_count_invalid`` to :mod:`casino.games.seating`. They are re-exported
here so that every code Red Dog can raise is listed in this module.
"""

from __future__ import annotations

from typing import Final

from casino.games.actions import ACTION_OUT_OF_PHASE
from casino.games.cards import CARD_DUPLICATE, CARD_UNKNOWN
from casino.games.money import AMOUNT_INVALID, AMOUNT_NOT_CHIP_MULTIPLE
from casino.games.rule_settings import RULESET_INVALID
from casino.games.seating import PLAYER_COUNT_INVALID, SEAT_INVALID
from casino.games.stored_events import EVENT_INVALID, EVENT_KIND_UNKNOWN

__all__ = [
    "ACTION_OUT_OF_PHASE",
    "AMOUNT_INVALID",
    "AMOUNT_NOT_CHIP_MULTIPLE",
    "BET_ABOVE_POT",
    "BET_BELOW_MINIMUM",
    "CARD_DUPLICATE",
    "CARD_NOT_IN_STOCK",
    "CARD_UNKNOWN",
    "EVENT_INVALID",
    "EVENT_KIND_UNKNOWN",
    "HAND_ALREADY_DEALT",
    "INSUFFICIENT_STACK",
    "NOTHING_TO_RESHUFFLE",
    "NOT_ENOUGH_PLAYERS",
    "NOT_PLAYERS_TURN",
    "PLAYER_COUNT_INVALID",
    "POT_ABOVE_MAXIMUM",
    "POT_BELOW_MINIMUM",
    "RULESET_INVALID",
    "SEAT_INVALID",
    "SEAT_NOT_IN_HAND",
    "STOCK_EMPTY",
    "STOCK_NOT_EMPTY",
    "WRONG_CARD_COUNT",
]

#: The seat acting is not the one whose turn it is (``data["seat"]``, ``data["to_act"]``).
NOT_PLAYERS_TURN: Final = "not_players_turn"

#: Too few players can cover what a hand requires, so no hand can start.
NOT_ENOUGH_PLAYERS: Final = "not_enough_players"
#: Cards recorded for a seat that takes no cards in this hand.
SEAT_NOT_IN_HAND: Final = "seat_not_in_hand"
#: A hand recorded twice for the same seat in one deal.
HAND_ALREADY_DEALT: Final = "hand_already_dealt"
#: A hand recorded with more or fewer cards than the rule set deals.
WRONG_CARD_COUNT: Final = "wrong_card_count"

#: A bet below the minimum bet (``data["minimum"]``).
BET_BELOW_MINIMUM: Final = "bet_below_minimum"
#: A bet above what the pot holds (``data["maximum"]``).
BET_ABOVE_POT: Final = "bet_above_pot"
#: A bet or a pot larger than the player's stack (``data["stack"]``).
INSUFFICIENT_STACK: Final = "insufficient_stack"
#: A pot put up below the rule set's minimum (``data["minimum"]``).
POT_BELOW_MINIMUM: Final = "pot_below_minimum"
#: A pot put up above the rule set's maximum (``data["maximum"]``).
POT_ABOVE_MAXIMUM: Final = "pot_above_maximum"

#: The card is already out of the face-down stock (``data["card"]``, ``data["location"]``).
CARD_NOT_IN_STOCK: Final = "card_not_in_stock"
#: A card is needed but the face-down stock is exhausted: the reshuffle must be recorded first.
STOCK_EMPTY: Final = "stock_empty"
#: A reshuffle recorded while face-down cards remain in the stock.
STOCK_NOT_EMPTY: Final = "stock_not_empty"
#: A reshuffle recorded with no burnt, turned or set-aside card to shuffle.
NOTHING_TO_RESHUFFLE: Final = "nothing_to_reshuffle"
