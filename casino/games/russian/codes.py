"""The stable error codes of the Russian Poker engine, in one place.

Tablets and tests match on these strings; a published code is never reworded. Russian Poker's own
codes are the members of :class:`RussianPokerCode` (those of :mod:`casino.games.russian_hands`
among them); the module-level names below are aliases of its members, so that ``codes.BOX_TAKEN``
reads as before.

The codes Russian Poker shares with the other engines are members of
:class:`~casino.games.codes.GameCode`, defined once there: ``card_unknown``,
``card_duplicate``, ``wrong_card_count``, ``action_out_of_phase``, ``out_of_turn``,
``position_not_in_play``, ``round_not_complete``, ``amount_invalid``,
``amount_not_chip_multiple``, ``event_invalid``, ``event_kind_unknown``, ``snapshot_invalid``,
``ruleset_invalid``, ``options_invalid`` and ``limits_invalid`` among them. Every shared code is
re-exported here under its own name, so that every code Russian Poker can raise is listed in this
module. Three were renamed when they became shared: ``out_of_turn`` (another box decides or
chooses first: ``data["box"]``, ``data["to_act"]``) was ``not_boxs_turn``,
``position_not_in_play`` (a box of the table without wagers this round: ``data["box"]``) was
``box_not_in_play``, and ``round_not_complete`` was ``round_not_settled``.

>>> BOX_TAKEN is RussianPokerCode.BOX_TAKEN, OUT_OF_TURN is shared.GameCode.OUT_OF_TURN
(True, True)
>>> str(DEALER_HAS_GAME), str(ROUND_NOT_COMPLETE)
('dealer_has_game', 'round_not_complete')
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final

from casino.games import codes as shared
from casino.games.codes import *  # noqa: F403

__all__ = [
    "ANTE_OUT_OF_LIMITS",
    "BET_NOT_TWICE_ANTE",
    "BLIND_BOX_CANNOT_DECIDE",
    "BLIND_BOX_MAY_NOT_BUY",
    "BLIND_BOX_NEEDS_OPEN_BOX",
    "BLIND_BOX_NO_BONUS",
    "BLIND_BOX_STAKE_MISMATCH",
    "BONUS_ALREADY_DECLARED",
    "BONUS_NOT_DECLARED",
    "BONUS_NOT_OFFERED",
    "BONUS_NOT_PLACED",
    "BONUS_OUT_OF_LIMITS",
    "BOX_ALREADY_DEALT",
    "BOX_FOLDED",
    "BOX_TAKEN",
    "BOX_UNKNOWN",
    "DEALER_CARDS_FACE_DOWN",
    "DEALER_HAND_COMPLETE",
    "DEALER_HAS_GAME",
    "EXCHANGE_ALREADY_MADE",
    "EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE",
    "EXCHANGE_CARD_NOT_HELD",
    "EXCHANGE_SIZE_INVALID",
    "INSURANCE_ABOVE_MAXIMUM",
    "INSURANCE_ALREADY_PLACED",
    "INSURANCE_BELOW_MINIMUM",
    "INSURANCE_NOT_ELIGIBLE",
    "INSURED_BOX_MUST_BET",
    "NO_WAGERS",
    "PAYTABLE_INVALID",
    "PLAYER_INVALID",
    "SECOND_STRAIGHT_RULE_UNKNOWN",
    "SETTLEMENT_INVALID",
    "SIXTH_CARD_ALREADY_BOUGHT",
    "SIXTH_CARD_NOT_BOUGHT",
    "TARGET_INVALID",
    "TOO_MANY_OPEN_BOXES",
]


@unique
class RussianPokerCode(StrEnum):
    """The refusal codes only Russian Poker raises (the shared ones are in ``GameCode``)."""

    # -- stored data -----------------------------------------------------------------------------

    #: A stored settlement cannot be rebuilt (``data["field"]``).
    SETTLEMENT_INVALID = "settlement_invalid"
    #: A paytable names an unknown line or has a multiplier that is not a non-negative decimal
    #: (``data["table"]``, ``data["line"]``).
    PAYTABLE_INVALID = "paytable_invalid"

    # -- boxes and wagers ------------------------------------------------------------------------

    #: Not a box of this table (``data["box"]``, ``data["boxes"]``).
    BOX_UNKNOWN = "box_unknown"
    #: Wagers placed on a box that already carries wagers this round.
    BOX_TAKEN = "box_taken"
    #: A box that folded takes no further part.
    BOX_FOLDED = "box_folded"
    #: An empty or over-long player label.
    PLAYER_INVALID = "player_invalid"
    #: "No more bets" with no box in play.
    NO_WAGERS = "no_wagers"
    #: An Ante outside the table's limits (``data["minimum"]``, ``data["maximum"]``).
    ANTE_OUT_OF_LIMITS = "ante_out_of_limits"
    #: A Bet that is not exactly twice the box's Ante (``data["expected"]``).
    BET_NOT_TWICE_ANTE = "bet_not_twice_ante"
    #: A bonus bet at a table with no bonus paytable, or no bonus limits.
    BONUS_NOT_OFFERED = "bonus_not_offered"
    #: A bonus bet outside the table's bonus limits (``data["amount"]``, ``data["limit"]``:
    #: ``bonus_min`` or ``bonus_max``, ``data["minimum"]``, ``data["maximum"]``).
    BONUS_OUT_OF_LIMITS = "bonus_out_of_limits"
    #: A player's open box beyond ``open_boxes_per_player``: further boxes must be blind.
    TOO_MANY_OPEN_BOXES = "too_many_open_boxes"
    #: A blind box for a player without an open box: blind boxes are a player's further boxes.
    BLIND_BOX_NEEDS_OPEN_BOX = "blind_box_needs_open_box"
    #: A blind box's Ante differs from the player's open box (``data["expected"]``).
    BLIND_BOX_STAKE_MISMATCH = "blind_box_stake_mismatch"
    #: A bonus bet on a blind box, whose cards nobody looks at before settlement.
    BLIND_BOX_NO_BONUS = "blind_box_no_bonus"

    # -- cards -----------------------------------------------------------------------------------

    #: A card target that is neither ``dealer`` nor ``box:<n>``.
    TARGET_INVALID = "target_invalid"
    #: A whole hand recorded for a box that already holds cards.
    BOX_ALREADY_DEALT = "box_already_dealt"
    #: A further card for a box holding its five, when no sixth card was bought this way.
    SIXTH_CARD_NOT_BOUGHT = "sixth_card_not_bought"
    #: A card for the dealer, who already holds five.
    DEALER_HAND_COMPLETE = "dealer_hand_complete"
    #: A dealer card recorded before the reveal other than the face-up card.
    DEALER_CARDS_FACE_DOWN = "dealer_cards_face_down"

    # -- decisions -------------------------------------------------------------------------------

    #: A decision recorded for a blind box: blind boxes never decide (they may only buy a game).
    BLIND_BOX_CANNOT_DECIDE = "blind_box_cannot_decide"
    #: A box with a bonus bet decides before its bonus was declared.
    BONUS_NOT_DECLARED = "bonus_not_declared"
    #: A bonus declared for a box without a bonus bet.
    BONUS_NOT_PLACED = "bonus_not_placed"
    #: A bonus declared twice.
    BONUS_ALREADY_DECLARED = "bonus_already_declared"
    #: An exchange of a number of cards the rule set does not allow (``data["minimum"]``...).
    EXCHANGE_SIZE_INVALID = "exchange_size_invalid"
    #: A discard the box does not hold (``data["card"]``).
    EXCHANGE_CARD_NOT_HELD = "exchange_card_not_held"
    #: A second exchange on the same box.
    EXCHANGE_ALREADY_MADE = "exchange_already_made"
    #: A second sixth card on the same box.
    SIXTH_CARD_ALREADY_BOUGHT = "sixth_card_already_bought"
    #: An exchange and a sixth card on one box where the rule set allows only one of them.
    EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE = "exchange_and_sixth_card_exclusive"
    #: Insurance on a box below three of a kind.
    INSURANCE_NOT_ELIGIBLE = "insurance_not_eligible"
    #: Insurance below the box's Ante (``data["minimum"]``).
    INSURANCE_BELOW_MINIMUM = "insurance_below_minimum"
    #: Insurance above its maximum (``data["maximum"]``).
    INSURANCE_ABOVE_MAXIMUM = "insurance_above_maximum"
    #: A second insurance on the same box.
    INSURANCE_ALREADY_PLACED = "insurance_already_placed"
    #: Anything but the Bet after insurance: insurance exists only alongside the Bet.
    INSURED_BOX_MUST_BET = "insured_box_must_bet"

    # -- the dealer without a game ---------------------------------------------------------------

    #: A blind box buying a game where the rule set forbids it.
    BLIND_BOX_MAY_NOT_BUY = "blind_box_may_not_buy"
    #: An Ante win taken or a game bought while the dealer has a game (``data["cards"]``);
    #: raised by :func:`casino.games.russian_hands.dealer_highest_card` too.
    DEALER_HAS_GAME = "dealer_has_game"

    # -- hands (casino.games.russian_hands) ------------------------------------------------------

    #: A second-straight rule that is neither ``straight`` nor ``pair`` (``data["rule"]``).
    SECOND_STRAIGHT_RULE_UNKNOWN = "second_straight_rule_unknown"


# -- aliases of Russian Poker's own codes ----------------------------------------------------------

SETTLEMENT_INVALID: Final = RussianPokerCode.SETTLEMENT_INVALID
PAYTABLE_INVALID: Final = RussianPokerCode.PAYTABLE_INVALID
BOX_UNKNOWN: Final = RussianPokerCode.BOX_UNKNOWN
BOX_TAKEN: Final = RussianPokerCode.BOX_TAKEN
BOX_FOLDED: Final = RussianPokerCode.BOX_FOLDED
PLAYER_INVALID: Final = RussianPokerCode.PLAYER_INVALID
NO_WAGERS: Final = RussianPokerCode.NO_WAGERS
ANTE_OUT_OF_LIMITS: Final = RussianPokerCode.ANTE_OUT_OF_LIMITS
BET_NOT_TWICE_ANTE: Final = RussianPokerCode.BET_NOT_TWICE_ANTE
BONUS_NOT_OFFERED: Final = RussianPokerCode.BONUS_NOT_OFFERED
BONUS_OUT_OF_LIMITS: Final = RussianPokerCode.BONUS_OUT_OF_LIMITS
TOO_MANY_OPEN_BOXES: Final = RussianPokerCode.TOO_MANY_OPEN_BOXES
BLIND_BOX_NEEDS_OPEN_BOX: Final = RussianPokerCode.BLIND_BOX_NEEDS_OPEN_BOX
BLIND_BOX_STAKE_MISMATCH: Final = RussianPokerCode.BLIND_BOX_STAKE_MISMATCH
BLIND_BOX_NO_BONUS: Final = RussianPokerCode.BLIND_BOX_NO_BONUS
TARGET_INVALID: Final = RussianPokerCode.TARGET_INVALID
BOX_ALREADY_DEALT: Final = RussianPokerCode.BOX_ALREADY_DEALT
SIXTH_CARD_NOT_BOUGHT: Final = RussianPokerCode.SIXTH_CARD_NOT_BOUGHT
DEALER_HAND_COMPLETE: Final = RussianPokerCode.DEALER_HAND_COMPLETE
DEALER_CARDS_FACE_DOWN: Final = RussianPokerCode.DEALER_CARDS_FACE_DOWN
BLIND_BOX_CANNOT_DECIDE: Final = RussianPokerCode.BLIND_BOX_CANNOT_DECIDE
BONUS_NOT_DECLARED: Final = RussianPokerCode.BONUS_NOT_DECLARED
BONUS_NOT_PLACED: Final = RussianPokerCode.BONUS_NOT_PLACED
BONUS_ALREADY_DECLARED: Final = RussianPokerCode.BONUS_ALREADY_DECLARED
EXCHANGE_SIZE_INVALID: Final = RussianPokerCode.EXCHANGE_SIZE_INVALID
EXCHANGE_CARD_NOT_HELD: Final = RussianPokerCode.EXCHANGE_CARD_NOT_HELD
EXCHANGE_ALREADY_MADE: Final = RussianPokerCode.EXCHANGE_ALREADY_MADE
SIXTH_CARD_ALREADY_BOUGHT: Final = RussianPokerCode.SIXTH_CARD_ALREADY_BOUGHT
EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE: Final = RussianPokerCode.EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE
INSURANCE_NOT_ELIGIBLE: Final = RussianPokerCode.INSURANCE_NOT_ELIGIBLE
INSURANCE_BELOW_MINIMUM: Final = RussianPokerCode.INSURANCE_BELOW_MINIMUM
INSURANCE_ABOVE_MAXIMUM: Final = RussianPokerCode.INSURANCE_ABOVE_MAXIMUM
INSURANCE_ALREADY_PLACED: Final = RussianPokerCode.INSURANCE_ALREADY_PLACED
INSURED_BOX_MUST_BET: Final = RussianPokerCode.INSURED_BOX_MUST_BET
BLIND_BOX_MAY_NOT_BUY: Final = RussianPokerCode.BLIND_BOX_MAY_NOT_BUY
DEALER_HAS_GAME: Final = RussianPokerCode.DEALER_HAS_GAME
SECOND_STRAIGHT_RULE_UNKNOWN: Final = RussianPokerCode.SECOND_STRAIGHT_RULE_UNKNOWN

# The shared codes, each defined once in GameCode, under their own names.
__all__ += shared.__all__
