"""The stable error codes of the Red Dog engine, in one place.

Tablets and tests match on these strings; a published code is never reworded. Red Dog's own
faults are the members of :class:`RedDogCode`. A fault every engine shares has one code, defined
once in :class:`~casino.games.codes.GameCode` (a card already out of the stock is
``card_duplicate``, as a card recorded twice is in every game; a bet out of turn is
``out_of_turn``; a seat that takes no part in the hand is ``position_not_in_play``); every
shared code is re-exported here under its own name (``from casino.games.codes import *``), so
that every code Red Dog can raise is listed in this module.

>>> RedDogCode.BET_ABOVE_POT.value, CARD_DUPLICATE.value
('bet_above_pot', 'card_duplicate')
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final

from casino.games import codes as shared
from casino.games.codes import *  # noqa: F403

__all__ = [
    "BET_ABOVE_POT",
    "HAND_ALREADY_DEALT",
    "NOTHING_TO_RESHUFFLE",
    "NOT_ENOUGH_PLAYERS",
    "POT_ABOVE_MAXIMUM",
    "POT_BELOW_MINIMUM",
    "STOCK_EMPTY",
    "STOCK_NEEDED_FOR_DEAL",
    "STOCK_NOT_EMPTY",
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

# The shared codes, each defined once in GameCode, under their own names.
__all__ += shared.__all__
