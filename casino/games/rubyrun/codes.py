"""The stable error codes of the Ruby Run engine, in one place.

Tablets and tests match on these strings; a published code is never reworded. Codes raised
elsewhere belong to the module that raises them: ``card_unknown`` and ``card_duplicate`` to
:mod:`casino.games.cards`, ``ruleset_invalid`` to :mod:`casino.games.rule_settings`,
``amount_invalid`` and ``amount_not_chip_multiple`` to :mod:`casino.games.money`,
``event_invalid`` and ``event_kind_unknown`` to :mod:`casino.games.stored_events`,
``action_out_of_phase`` to :mod:`casino.games.actions`, ``seat_invalid`` (a seat outside 1–15 or
given twice, or the button not on a seated player) and ``player_count_invalid`` to
:mod:`casino.games.seating`, ``options_invalid`` to :mod:`casino.games.rubyrun.rules` and
``under_cards_required`` (face-up rule: the under cards must be recorded as they are dealt) to
:mod:`casino.games.rubyrun_hands`. They are re-exported here so that every code Ruby Run can raise
is listed in this module.
"""

from __future__ import annotations

from typing import Final

from casino.games.actions import ACTION_OUT_OF_PHASE
from casino.games.cards import CARD_DUPLICATE, CARD_UNKNOWN
from casino.games.money import AMOUNT_INVALID, AMOUNT_NOT_CHIP_MULTIPLE
from casino.games.rubyrun.rules import OPTIONS_INVALID
from casino.games.rubyrun_hands import UNDER_CARDS_REQUIRED
from casino.games.rule_settings import RULESET_INVALID
from casino.games.seating import PLAYER_COUNT_INVALID, SEAT_INVALID
from casino.games.stored_events import EVENT_INVALID, EVENT_KIND_UNKNOWN

__all__ = [
    "ACTION_OUT_OF_PHASE",
    "AMOUNT_INVALID",
    "AMOUNT_NOT_CHIP_MULTIPLE",
    "BET_ABOVE_LIMIT",
    "BET_BELOW_MINIMUM",
    "BET_FACING_BET",
    "CARD_COUNT_INVALID",
    "CARD_DUPLICATE",
    "CARD_UNKNOWN",
    "CHECK_FACING_BET",
    "EVENT_INVALID",
    "EVENT_KIND_UNKNOWN",
    "HAND_NOT_COMPLETE",
    "HOLE_CARDS_ALREADY_DEALT",
    "INSUFFICIENT_STACK",
    "NOTHING_TO_CALL",
    "NOT_SEATS_TURN",
    "NO_ACTIVE_OPPONENT",
    "NO_BET_TO_RAISE",
    "OPTIONS_INVALID",
    "PLAYER_COUNT_INVALID",
    "RAISE_ABOVE_LIMIT",
    "RAISE_BELOW_MINIMUM",
    "RAISE_CAP_REACHED",
    "RAISE_NOT_REOPENED",
    "RULESET_INVALID",
    "SEAT_INVALID",
    "SEAT_UNKNOWN",
    "UNDER_CARDS_FACE_DOWN",
    "UNDER_CARDS_REQUIRED",
]

#: The hand's result was asked for before the hand ended (``data["phase"]``).
HAND_NOT_COMPLETE: Final = "hand_not_complete"

#: The seat acting is not the one whose turn it is (``data["seat"]``, ``data["to_act"]``).
NOT_SEATS_TURN: Final = "not_seats_turn"
#: An action names a seat that is not in this hand (``data["seat"]``).
SEAT_UNKNOWN: Final = "seat_unknown"

#: Hole cards recorded twice for the same seat (``data["seat"]``).
HOLE_CARDS_ALREADY_DEALT: Final = "hole_cards_already_dealt"
#: Not the number of cards this deal takes (``data["expected"]``, ``data["given"]``).
CARD_COUNT_INVALID: Final = "card_count_invalid"
#: Face-down rule: the under cards are not recorded when dealt; they are shown (and recorded by
#: ``reveal_under_cards``) only if the Slam is a jack, queen, king or ace.
UNDER_CARDS_FACE_DOWN: Final = "under_cards_face_down"

#: A stack, bet or raise larger than the chips the player has (``data["stack"]``).
INSUFFICIENT_STACK: Final = "insufficient_stack"

#: A check while there is a bet to call (``data["to_call"]``).
CHECK_FACING_BET: Final = "check_facing_bet"
#: A call with no bet to call: check instead.
NOTHING_TO_CALL: Final = "nothing_to_call"
#: A bet while a bet (or the big blind) is already out in this round: raise instead.
BET_FACING_BET: Final = "bet_facing_bet"
#: A raise with no bet in this round: bet instead.
NO_BET_TO_RAISE: Final = "no_bet_to_raise"
#: A bet below the minimum bet (``data["minimum"]``); only an all-in may be smaller.
BET_BELOW_MINIMUM: Final = "bet_below_minimum"
#: A bet above the limit: the fixed bet, or the pot in pot limit (``data["maximum"]``).
BET_ABOVE_LIMIT: Final = "bet_above_limit"
#: A raise to less than the minimum raise (``data["minimum"]``); only an all-in may be smaller.
RAISE_BELOW_MINIMUM: Final = "raise_below_minimum"
#: A raise above the limit: the fixed raise, or the pot after the call (``data["maximum"]``).
RAISE_ABOVE_LIMIT: Final = "raise_above_limit"
#: Fixed limit: the round already had ``max_raises`` raises (``data["max_raises"]``).
RAISE_CAP_REACHED: Final = "raise_cap_reached"
#: The player already acted and faces less than a full raise since: call or fold only.
RAISE_NOT_REOPENED: Final = "raise_not_reopened"
#: A bet or raise when every other player still in the hand is all-in.
NO_ACTIVE_OPPONENT: Final = "no_active_opponent"
