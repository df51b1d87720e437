"""The stable error codes of the Russian Poker engine, in one place.

Tablets and tests match on these strings; a published code is never reworded. Codes raised
elsewhere belong to the module that raises them: ``card_unknown`` and ``card_duplicate`` to
:mod:`casino.games.cards`, ``dealer_has_game`` to :mod:`casino.games.russian_hands`,
``ruleset_invalid`` to :mod:`casino.games.rule_settings`, ``amount_invalid`` and
``amount_not_chip_multiple`` to :mod:`casino.games.money`, ``event_invalid`` and
``event_kind_unknown`` to :mod:`casino.games.stored_events` and ``action_out_of_phase`` to
:mod:`casino.games.actions`. They are re-exported here so that every code Russian Poker can raise
is listed in this module.
"""

from __future__ import annotations

from typing import Final

from casino.games.actions import ACTION_OUT_OF_PHASE
from casino.games.cards import CARD_DUPLICATE, CARD_UNKNOWN
from casino.games.money import AMOUNT_INVALID, AMOUNT_NOT_CHIP_MULTIPLE
from casino.games.rule_settings import RULESET_INVALID
from casino.games.russian_hands import DEALER_HAS_GAME
from casino.games.stored_events import EVENT_INVALID, EVENT_KIND_UNKNOWN

__all__ = [
    "ACTION_OUT_OF_PHASE",
    "AMOUNT_INVALID",
    "AMOUNT_NOT_CHIP_MULTIPLE",
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
    "BOX_ALREADY_DEALT",
    "BOX_FOLDED",
    "BOX_NOT_IN_PLAY",
    "BOX_TAKEN",
    "BOX_UNKNOWN",
    "CARD_DUPLICATE",
    "CARD_UNKNOWN",
    "DEALER_CARDS_FACE_DOWN",
    "DEALER_HAND_COMPLETE",
    "DEALER_HAS_GAME",
    "EVENT_INVALID",
    "EVENT_KIND_UNKNOWN",
    "EXCHANGE_ALREADY_MADE",
    "EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE",
    "EXCHANGE_CARD_NOT_HELD",
    "EXCHANGE_SIZE_INVALID",
    "INSURANCE_ABOVE_MAXIMUM",
    "INSURANCE_ALREADY_PLACED",
    "INSURANCE_BELOW_MINIMUM",
    "INSURANCE_NOT_ELIGIBLE",
    "INPUT_INVALID",
    "INSURED_BOX_MUST_BET",
    "LIMITS_INVALID",
    "NOT_BOXS_TURN",
    "NO_WAGERS",
    "PAYTABLE_INVALID",
    "PLAYER_INVALID",
    "ROUND_NOT_SETTLED",
    "RULESET_INVALID",
    "SETTLEMENT_INVALID",
    "SIXTH_CARD_ALREADY_BOUGHT",
    "SIXTH_CARD_NOT_BOUGHT",
    "TARGET_INVALID",
    "TOO_MANY_OPEN_BOXES",
    "WRONG_CARD_COUNT",
]

# -- stored data ---------------------------------------------------------------------------------

#: A stored settlement cannot be rebuilt (``data["field"]``).
SETTLEMENT_INVALID: Final = "settlement_invalid"
#: A paytable names an unknown line or has a multiplier that is not a non-negative decimal.
PAYTABLE_INVALID: Final = "paytable_invalid"
#: Table limits that cannot work: not positive, not chip multiples, minimum above maximum.
LIMITS_INVALID: Final = "limits_invalid"
#: A settlement was asked of a round that is not complete (``data["phase"]``).
ROUND_NOT_SETTLED: Final = "round_not_settled"

# -- flow ----------------------------------------------------------------------------------------

#: Another box decides (or chooses) first (``data["box"]``, ``data["to_act"]``).
NOT_BOXS_TURN: Final = "not_boxs_turn"

# -- boxes and wagers ----------------------------------------------------------------------------

#: Not a box of this table (``data["box"]``, ``data["boxes"]``).
BOX_UNKNOWN: Final = "box_unknown"
#: A box of the table that carries no wagers this round.
BOX_NOT_IN_PLAY: Final = "box_not_in_play"
#: Wagers placed on a box that already carries wagers this round.
BOX_TAKEN: Final = "box_taken"
#: A box that folded takes no further part.
BOX_FOLDED: Final = "box_folded"
#: An empty or over-long player label.
PLAYER_INVALID: Final = "player_invalid"
#: "No more bets" with no box in play.
NO_WAGERS: Final = "no_wagers"
#: An input of the wrong type where no more specific code applies (``data["field"]``).
INPUT_INVALID: Final = "input_invalid"
#: An Ante outside the table's limits (``data["minimum"]``, ``data["maximum"]``).
ANTE_OUT_OF_LIMITS: Final = "ante_out_of_limits"
#: A Bet that is not exactly twice the box's Ante (``data["expected"]``).
BET_NOT_TWICE_ANTE: Final = "bet_not_twice_ante"
#: A bonus bet at a table whose rule set has no bonus paytable.
BONUS_NOT_OFFERED: Final = "bonus_not_offered"
#: A player's open box beyond ``open_boxes_per_player``: further boxes must be blind.
TOO_MANY_OPEN_BOXES: Final = "too_many_open_boxes"
#: A blind box for a player without an open box: blind boxes are a player's further boxes.
BLIND_BOX_NEEDS_OPEN_BOX: Final = "blind_box_needs_open_box"
#: A blind box's Ante differs from the player's open box (``data["expected"]``).
BLIND_BOX_STAKE_MISMATCH: Final = "blind_box_stake_mismatch"
#: A bonus bet on a blind box, whose cards nobody looks at before settlement.
BLIND_BOX_NO_BONUS: Final = "blind_box_no_bonus"

# -- cards ---------------------------------------------------------------------------------------

#: A card target that is neither ``dealer`` nor ``box:<n>``.
TARGET_INVALID: Final = "target_invalid"
#: A whole hand recorded for a box that already holds cards.
BOX_ALREADY_DEALT: Final = "box_already_dealt"
#: A hand or a reveal with the wrong number of cards (``data["expected"]``, ``data["given"]``).
WRONG_CARD_COUNT: Final = "wrong_card_count"
#: A further card for a box holding its five, when no sixth card was bought this way.
SIXTH_CARD_NOT_BOUGHT: Final = "sixth_card_not_bought"
#: A card for the dealer, who already holds five.
DEALER_HAND_COMPLETE: Final = "dealer_hand_complete"
#: A dealer card recorded before the reveal other than the face-up card.
DEALER_CARDS_FACE_DOWN: Final = "dealer_cards_face_down"

# -- decisions -----------------------------------------------------------------------------------

#: A decision recorded for a blind box: blind boxes never decide (they may only buy a game).
BLIND_BOX_CANNOT_DECIDE: Final = "blind_box_cannot_decide"
#: A box with a bonus bet decides before its bonus was declared.
BONUS_NOT_DECLARED: Final = "bonus_not_declared"
#: A bonus declared for a box without a bonus bet.
BONUS_NOT_PLACED: Final = "bonus_not_placed"
#: A bonus declared twice.
BONUS_ALREADY_DECLARED: Final = "bonus_already_declared"
#: An exchange of a number of cards the rule set does not allow (``data["minimum"]``...).
EXCHANGE_SIZE_INVALID: Final = "exchange_size_invalid"
#: A discard the box does not hold (``data["card"]``).
EXCHANGE_CARD_NOT_HELD: Final = "exchange_card_not_held"
#: A second exchange on the same box.
EXCHANGE_ALREADY_MADE: Final = "exchange_already_made"
#: A second sixth card on the same box.
SIXTH_CARD_ALREADY_BOUGHT: Final = "sixth_card_already_bought"
#: An exchange and a sixth card on one box where the rule set allows only one of them.
EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE: Final = "exchange_and_sixth_card_exclusive"
#: Insurance on a box below three of a kind.
INSURANCE_NOT_ELIGIBLE: Final = "insurance_not_eligible"
#: Insurance below the box's Ante (``data["minimum"]``).
INSURANCE_BELOW_MINIMUM: Final = "insurance_below_minimum"
#: Insurance above its maximum (``data["maximum"]``).
INSURANCE_ABOVE_MAXIMUM: Final = "insurance_above_maximum"
#: A second insurance on the same box.
INSURANCE_ALREADY_PLACED: Final = "insurance_already_placed"
#: Anything but the Bet after insurance: insurance exists only alongside the Bet.
INSURED_BOX_MUST_BET: Final = "insured_box_must_bet"

# -- the dealer without a game -------------------------------------------------------------------

#: A blind box buying a game where the rule set forbids it.
BLIND_BOX_MAY_NOT_BUY: Final = "blind_box_may_not_buy"
