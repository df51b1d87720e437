"""The refusal codes every engine shares, each defined once.

A code names a fault, not the game it happened in: a card recorded twice is ``card_duplicate``
in Russian Poker, Ruby Run and Red Dog alike, a settlement asked of an unfinished round is
``round_not_complete`` everywhere. Each game's own codes are the members of its ``codes``
module's enum (``RussianPokerCode``, ``RubyRunCode``, ``RedDogCode``); no value appears in two
enums (a test checks every code of the project is unique). Published codes are never reworded:
tablets and tests match on them.

Each code here is a module name too, listed in ``__all__``: every game's ``codes`` module
re-exports them all beside its own, so that ``codes.OUT_OF_TURN`` is ``GameCode.OUT_OF_TURN``
in every game and each game's module names every code the game can raise.
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final

__all__ = [
    "ACTION_OUT_OF_PHASE",
    "AMOUNT_INVALID",
    "AMOUNT_NOT_CHIP_MULTIPLE",
    "BET_BELOW_MINIMUM",
    "CARD_DUPLICATE",
    "CARD_NOT_SEEN",
    "CARD_UNKNOWN",
    "EVENT_INVALID",
    "EVENT_KIND_UNKNOWN",
    "HAND_SIZE_INVALID",
    "HAND_VALUE_INVALID",
    "INPUT_INVALID",
    "INSUFFICIENT_STACK",
    "LIMITS_INVALID",
    "OPTIONS_INVALID",
    "OUT_OF_TURN",
    "PLAYER_COUNT_INVALID",
    "POSITION_NOT_IN_PLAY",
    "ROUND_NOT_COMPLETE",
    "RULESET_INVALID",
    "SEAT_INVALID",
    "SNAPSHOT_INVALID",
    "STACK_OUT_OF_LIMITS",
    "WRONG_CARD_COUNT",
]


@unique
class GameCode(StrEnum):
    """Codes raised by the engines' shared modules, or by every engine for the same fault."""

    # -- cards (casino.games.cards) ---------------------------------------------------------
    #: Not a card in any spelling the tablet may send (``data["card"]``).
    CARD_UNKNOWN = "card_unknown"
    #: A card already seen in this deck pass, or given twice in one action (``data["card"]``;
    #: Red Dog adds ``data["location"]``, where the card lies).
    CARD_DUPLICATE = "card_duplicate"
    #: A card put back into a stock it never left (an engine's own consistency).
    CARD_NOT_SEEN = "card_not_seen"
    #: An action with the wrong number of cards (``data["expected"]``, ``data["given"]``).
    WRONG_CARD_COUNT = "wrong_card_count"

    # -- hands (casino.games.ranking) -------------------------------------------------------
    #: A hand of a size the evaluator does not rank.
    HAND_SIZE_INVALID = "hand_size_invalid"
    #: A number that is no hand value.
    HAND_VALUE_INVALID = "hand_value_invalid"

    # -- amounts (casino.games.money) -------------------------------------------------------
    #: An amount that is not a positive, finite decimal (floats are refused too).
    AMOUNT_INVALID = "amount_invalid"
    #: An amount that is not a whole number of chip units.
    AMOUNT_NOT_CHIP_MULTIPLE = "amount_not_chip_multiple"
    #: A player's chips do not cover the amount (``data["stack"]``).
    INSUFFICIENT_STACK = "insufficient_stack"
    #: A bet below the least allowed now (``data["minimum"]``).
    BET_BELOW_MINIMUM = "bet_below_minimum"
    #: The chips a player brings to the table are outside the table's limits (``data["seat"]``,
    #: ``data["amount"]``, ``data["limit"]``: ``stack_min`` or ``stack_max``, ``data["minimum"]``,
    #: ``data["maximum"]``).
    STACK_OUT_OF_LIMITS = "stack_out_of_limits"

    # -- the flow of a round -----------------------------------------------------------------
    #: The action is not allowed in the current phase (``data["action"]``, ``data["phase"]``).
    ACTION_OUT_OF_PHASE = "action_out_of_phase"
    #: Another box or seat acts first (``data["box"]`` or ``data["seat"]``, ``data["to_act"]``).
    OUT_OF_TURN = "out_of_turn"
    #: A settlement was asked of a round that is not complete (``data["phase"]``).
    ROUND_NOT_COMPLETE = "round_not_complete"
    #: The box or seat named takes no part in this round or hand (``data["box"]`` or
    #: ``data["seat"]``).
    POSITION_NOT_IN_PLAY = "position_not_in_play"

    # -- seating (casino.games.seating) -----------------------------------------------------
    #: A seat outside the table or given twice, or the button on an empty seat (``data["seat"]``).
    SEAT_INVALID = "seat_invalid"
    #: Fewer or more players than the rule set allows (``data["players"]``, ``data["minimum"]``,
    #: ``data["maximum"]``).
    PLAYER_COUNT_INVALID = "player_count_invalid"

    # -- input ----------------------------------------------------------------------------------
    #: An action's input of the wrong type where no more specific code applies
    #: (``data["field"]``); the API's validation sends none, a caller in code may.
    INPUT_INVALID = "input_invalid"

    # -- stored data -------------------------------------------------------------------------
    #: A stored event cannot be rebuilt (``data["kind"]``, ``data["field"]``).
    EVENT_INVALID = "event_invalid"
    #: A stored event of a kind this engine does not know (``data["kind"]``).
    EVENT_KIND_UNKNOWN = "event_kind_unknown"
    #: A stored snapshot cannot be rebuilt (``data["field"]``).
    SNAPSHOT_INVALID = "snapshot_invalid"
    #: Rule-set settings the game refuses (``data["field"]``).
    RULESET_INVALID = "ruleset_invalid"
    #: Options agreed before the deal that the game refuses (``data["field"]``).
    OPTIONS_INVALID = "options_invalid"
    #: Table limits that cannot work: not positive, not chip multiples, minimum above maximum.
    LIMITS_INVALID = "limits_invalid"


CARD_UNKNOWN: Final = GameCode.CARD_UNKNOWN
CARD_DUPLICATE: Final = GameCode.CARD_DUPLICATE
CARD_NOT_SEEN: Final = GameCode.CARD_NOT_SEEN
WRONG_CARD_COUNT: Final = GameCode.WRONG_CARD_COUNT
HAND_SIZE_INVALID: Final = GameCode.HAND_SIZE_INVALID
HAND_VALUE_INVALID: Final = GameCode.HAND_VALUE_INVALID
AMOUNT_INVALID: Final = GameCode.AMOUNT_INVALID
AMOUNT_NOT_CHIP_MULTIPLE: Final = GameCode.AMOUNT_NOT_CHIP_MULTIPLE
INSUFFICIENT_STACK: Final = GameCode.INSUFFICIENT_STACK
BET_BELOW_MINIMUM: Final = GameCode.BET_BELOW_MINIMUM
STACK_OUT_OF_LIMITS: Final = GameCode.STACK_OUT_OF_LIMITS
ACTION_OUT_OF_PHASE: Final = GameCode.ACTION_OUT_OF_PHASE
OUT_OF_TURN: Final = GameCode.OUT_OF_TURN
ROUND_NOT_COMPLETE: Final = GameCode.ROUND_NOT_COMPLETE
POSITION_NOT_IN_PLAY: Final = GameCode.POSITION_NOT_IN_PLAY
SEAT_INVALID: Final = GameCode.SEAT_INVALID
PLAYER_COUNT_INVALID: Final = GameCode.PLAYER_COUNT_INVALID
INPUT_INVALID: Final = GameCode.INPUT_INVALID
EVENT_INVALID: Final = GameCode.EVENT_INVALID
EVENT_KIND_UNKNOWN: Final = GameCode.EVENT_KIND_UNKNOWN
SNAPSHOT_INVALID: Final = GameCode.SNAPSHOT_INVALID
RULESET_INVALID: Final = GameCode.RULESET_INVALID
OPTIONS_INVALID: Final = GameCode.OPTIONS_INVALID
LIMITS_INVALID: Final = GameCode.LIMITS_INVALID
