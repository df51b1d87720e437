"""The stable error codes of the Red Dog engine, in one place.

Tablets and tests match on these strings; a published code is never reworded. Red Dog's own
faults are the members of :class:`RedDogCode`. A fault every engine shares has one code, defined
once in :class:`~casino.games.codes.GameCode` (a card already out of the stock is
``card_duplicate``, as a card recorded twice is in every game; a bet out of turn is
``out_of_turn``; a seat that takes no part in the hand is ``position_not_in_play``); those Red Dog
raises are re-exported below as aliases, so that every code Red Dog can raise is listed in this
module.

>>> RedDogCode.BET_ABOVE_POT.value, CARD_DUPLICATE.value
('bet_above_pot', 'card_duplicate')
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final

from casino.games.codes import GameCode

__all__ = [
    "ACTION_OUT_OF_PHASE",
    "AMOUNT_INVALID",
    "AMOUNT_NOT_CHIP_MULTIPLE",
    "BET_ABOVE_POT",
    "BET_BELOW_MINIMUM",
    "CARD_DUPLICATE",
    "CARD_UNKNOWN",
    "EVENT_INVALID",
    "EVENT_KIND_UNKNOWN",
    "HAND_ALREADY_DEALT",
    "INSUFFICIENT_STACK",
    "NOTHING_TO_RESHUFFLE",
    "NOT_ENOUGH_PLAYERS",
    "OPTIONS_INVALID",
    "OUT_OF_TURN",
    "PLAYER_COUNT_INVALID",
    "POSITION_NOT_IN_PLAY",
    "POT_ABOVE_MAXIMUM",
    "POT_BELOW_MINIMUM",
    "ROUND_NOT_COMPLETE",
    "RULESET_INVALID",
    "SEAT_INVALID",
    "SNAPSHOT_INVALID",
    "STOCK_EMPTY",
    "STOCK_NEEDED_FOR_DEAL",
    "STOCK_NOT_EMPTY",
    "WRONG_CARD_COUNT",
    "RedDogCode",
]


@unique
class RedDogCode(StrEnum):
    """The faults only Red Dog has."""

    #: Too few players can cover what a hand requires, so no hand can start
    #: (``data["players"]``, and ``data["minimum"]`` when some can).
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    #: A hand recorded twice for the same seat in one deal (``data["seat"]``).
    HAND_ALREADY_DEALT = "hand_already_dealt"
    #: A bet above what the pot holds (``data["maximum"]``).
    BET_ABOVE_POT = "bet_above_pot"
    #: A pot put up below the rule set's minimum (``data["minimum"]``).
    POT_BELOW_MINIMUM = "pot_below_minimum"
    #: A pot put up above the rule set's maximum (``data["maximum"]``).
    POT_ABOVE_MAXIMUM = "pot_above_maximum"
    #: A card is needed but the face-down stock is exhausted: the reshuffle must be recorded
    #: first (``data["stock_remaining"]``).
    STOCK_EMPTY = "stock_empty"
    #: A reshuffle recorded while face-down cards remain in the stock.
    STOCK_NOT_EMPTY = "stock_not_empty"
    #: A reshuffle recorded with no burnt, turned, set-aside or exposed card to shuffle.
    NOTHING_TO_RESHUFFLE = "nothing_to_reshuffle"
    #: A card exposed during the deal would leave the stock too short to deal the hands still
    #: awaited (``data["stock_remaining"]``, ``data["needed"]``): no reshuffle is possible
    #: before every hand is dealt, so the deal could not be completed.
    STOCK_NEEDED_FOR_DEAL = "stock_needed_for_deal"


NOT_ENOUGH_PLAYERS: Final = RedDogCode.NOT_ENOUGH_PLAYERS
HAND_ALREADY_DEALT: Final = RedDogCode.HAND_ALREADY_DEALT
BET_ABOVE_POT: Final = RedDogCode.BET_ABOVE_POT
POT_BELOW_MINIMUM: Final = RedDogCode.POT_BELOW_MINIMUM
POT_ABOVE_MAXIMUM: Final = RedDogCode.POT_ABOVE_MAXIMUM
STOCK_EMPTY: Final = RedDogCode.STOCK_EMPTY
STOCK_NOT_EMPTY: Final = RedDogCode.STOCK_NOT_EMPTY
NOTHING_TO_RESHUFFLE: Final = RedDogCode.NOTHING_TO_RESHUFFLE
STOCK_NEEDED_FOR_DEAL: Final = RedDogCode.STOCK_NEEDED_FOR_DEAL

# -- shared codes Red Dog raises (defined once, in GameCode) ------------------------------------

#: Not a card in any spelling the tablet may send (``data["card"]``).
CARD_UNKNOWN: Final = GameCode.CARD_UNKNOWN
#: A card given twice in one action (``data["card"]``), or a card that is not in the face-down
#: stock (``data["card"]``, ``data["location"]``, and ``data["seat"]`` for a card held in a hand).
CARD_DUPLICATE: Final = GameCode.CARD_DUPLICATE
#: A hand recorded with more or fewer cards than the rule set deals (``data["expected"]``,
#: ``data["given"]``).
WRONG_CARD_COUNT: Final = GameCode.WRONG_CARD_COUNT
#: An amount that is not a positive, finite decimal.
AMOUNT_INVALID: Final = GameCode.AMOUNT_INVALID
#: An amount that is not a whole number of chips.
AMOUNT_NOT_CHIP_MULTIPLE: Final = GameCode.AMOUNT_NOT_CHIP_MULTIPLE
#: A bet or a pot larger than the player's stack (``data["stack"]``).
INSUFFICIENT_STACK: Final = GameCode.INSUFFICIENT_STACK
#: A bet below the minimum bet now (``data["minimum"]``).
BET_BELOW_MINIMUM: Final = GameCode.BET_BELOW_MINIMUM
#: The action is not allowed in the current phase (``data["action"]``, ``data["phase"]``).
ACTION_OUT_OF_PHASE: Final = GameCode.ACTION_OUT_OF_PHASE
#: The seat betting is not the one whose turn it is (``data["seat"]``, ``data["to_act"]``).
OUT_OF_TURN: Final = GameCode.OUT_OF_TURN
#: The result of a game that is not over (``data["phase"]``).
ROUND_NOT_COMPLETE: Final = GameCode.ROUND_NOT_COMPLETE
#: Cards recorded for a seat that takes no cards in this hand (``data["seat"]``).
POSITION_NOT_IN_PLAY: Final = GameCode.POSITION_NOT_IN_PLAY
#: A seat outside the table or given twice, or the button on an empty seat.
SEAT_INVALID: Final = GameCode.SEAT_INVALID
#: Fewer or more players than the rule set allows.
PLAYER_COUNT_INVALID: Final = GameCode.PLAYER_COUNT_INVALID
#: A stored event cannot be rebuilt (``data["kind"]``, ``data["field"]``).
EVENT_INVALID: Final = GameCode.EVENT_INVALID
#: A stored event of a kind Red Dog does not know (``data["kind"]``).
EVENT_KIND_UNKNOWN: Final = GameCode.EVENT_KIND_UNKNOWN
#: A stored snapshot cannot be rebuilt (``data["field"]``).
SNAPSHOT_INVALID: Final = GameCode.SNAPSHOT_INVALID
#: Rule-set settings Red Dog refuses (``data["field"]``).
RULESET_INVALID: Final = GameCode.RULESET_INVALID
#: Options agreed before the deal: Red Dog takes none (``data["field"]``).
OPTIONS_INVALID: Final = GameCode.OPTIONS_INVALID
