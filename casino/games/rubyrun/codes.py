"""The stable error codes of the Ruby Run engine, in one place.

Tablets and tests match on these strings; a published code is never reworded. Ruby Run's own
codes are the members of :class:`RubyRunCode`; a fault every game shares has its one code in
:class:`~casino.games.codes.GameCode` (a card recorded twice, a seat acting out of turn, a seat
that is not in the hand, the wrong number of cards, a settlement asked of an unfinished hand...).
Both are listed here as module constants, so that every code Ruby Run can raise is named in this
module: ``codes.OUT_OF_TURN`` is ``GameCode.OUT_OF_TURN``, ``codes.CHECK_FACING_BET`` is
``RubyRunCode.CHECK_FACING_BET``.

>>> str(CHECK_FACING_BET), str(OUT_OF_TURN)
('check_facing_bet', 'out_of_turn')
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final

from casino.games.codes import GameCode

__all__ = [
    "ACTION_OUT_OF_PHASE",
    "AMOUNT_INVALID",
    "AMOUNT_NOT_CHIP_MULTIPLE",
    "BET_ABOVE_LIMIT",
    "BET_BELOW_MINIMUM",
    "BET_FACING_BET",
    "CARD_DUPLICATE",
    "CARD_UNKNOWN",
    "CHECK_FACING_BET",
    "EVENT_INVALID",
    "EVENT_KIND_UNKNOWN",
    "HAND_SIZE_INVALID",
    "HOLE_CARDS_ALREADY_DEALT",
    "INSUFFICIENT_STACK",
    "NOTHING_TO_CALL",
    "NO_ACTIVE_OPPONENT",
    "NO_BET_TO_RAISE",
    "OPTIONS_INVALID",
    "OUT_OF_TURN",
    "PLAYER_COUNT_INVALID",
    "POSITION_NOT_IN_PLAY",
    "RAISE_ABOVE_LIMIT",
    "RAISE_BELOW_MINIMUM",
    "RAISE_CAP_REACHED",
    "RAISE_NOT_REOPENED",
    "ROUND_NOT_COMPLETE",
    "RULESET_INVALID",
    "SEAT_INVALID",
    "SNAPSHOT_INVALID",
    "UNDER_CARDS_FACE_DOWN",
    "UNDER_CARDS_REQUIRED",
    "WRONG_CARD_COUNT",
]
# ``__all__`` lists the codes only (a test reads every name in it as a code); the enum itself is
# imported by name: ``from casino.games.rubyrun.codes import RubyRunCode``.


@unique
class RubyRunCode(StrEnum):
    """The refusals only Ruby Run has."""

    # -- dealing ---------------------------------------------------------------------------------
    #: Hole cards recorded twice for the same seat (``data["seat"]``).
    HOLE_CARDS_ALREADY_DEALT = "hole_cards_already_dealt"
    #: Face-down rule: the under cards are not recorded when dealt; they are shown (and recorded
    #: by ``reveal_under_cards``) only if the Slam is a jack, queen, king or ace.
    UNDER_CARDS_FACE_DOWN = "under_cards_face_down"
    #: Face-up rule: the under cards must be recorded as they are dealt; and a J–A Slam makes
    #: the under cards live, so they must be shown (``data["slam"]``, from
    #: :func:`~casino.games.rubyrun_hands.live_cards`).
    UNDER_CARDS_REQUIRED = "under_cards_required"

    # -- betting ---------------------------------------------------------------------------------
    #: A check while there is a bet to call (``data["to_call"]``).
    CHECK_FACING_BET = "check_facing_bet"
    #: A call with no bet to call: check instead.
    NOTHING_TO_CALL = "nothing_to_call"
    #: A bet while a bet (or the big blind) is already out in this round: raise instead.
    BET_FACING_BET = "bet_facing_bet"
    #: A raise with no bet in this round: bet instead.
    NO_BET_TO_RAISE = "no_bet_to_raise"
    #: A bet above the limit: the fixed bet, or the pot in pot limit (``data["maximum"]``).
    BET_ABOVE_LIMIT = "bet_above_limit"
    #: A raise to less than the minimum raise (``data["minimum"]``); only an all-in may be
    #: smaller.
    RAISE_BELOW_MINIMUM = "raise_below_minimum"
    #: A raise above the limit: the fixed raise, or the pot after the call (``data["maximum"]``).
    RAISE_ABOVE_LIMIT = "raise_above_limit"
    #: Fixed limit: the round already had ``max_raises`` raises (``data["max_raises"]``).
    RAISE_CAP_REACHED = "raise_cap_reached"
    #: The player already acted and faces less than a full raise since: call or fold only.
    RAISE_NOT_REOPENED = "raise_not_reopened"
    #: A bet or raise when every other player still in the hand is all-in.
    NO_ACTIVE_OPPONENT = "no_active_opponent"


HOLE_CARDS_ALREADY_DEALT: Final = RubyRunCode.HOLE_CARDS_ALREADY_DEALT
UNDER_CARDS_FACE_DOWN: Final = RubyRunCode.UNDER_CARDS_FACE_DOWN
UNDER_CARDS_REQUIRED: Final = RubyRunCode.UNDER_CARDS_REQUIRED
CHECK_FACING_BET: Final = RubyRunCode.CHECK_FACING_BET
NOTHING_TO_CALL: Final = RubyRunCode.NOTHING_TO_CALL
BET_FACING_BET: Final = RubyRunCode.BET_FACING_BET
NO_BET_TO_RAISE: Final = RubyRunCode.NO_BET_TO_RAISE
BET_ABOVE_LIMIT: Final = RubyRunCode.BET_ABOVE_LIMIT
RAISE_BELOW_MINIMUM: Final = RubyRunCode.RAISE_BELOW_MINIMUM
RAISE_ABOVE_LIMIT: Final = RubyRunCode.RAISE_ABOVE_LIMIT
RAISE_CAP_REACHED: Final = RubyRunCode.RAISE_CAP_REACHED
RAISE_NOT_REOPENED: Final = RubyRunCode.RAISE_NOT_REOPENED
NO_ACTIVE_OPPONENT: Final = RubyRunCode.NO_ACTIVE_OPPONENT

# -- the shared codes Ruby Run raises, each defined once in GameCode ------------------------------

#: An action its phase does not accept (``data["action"]``, ``data["phase"]``).
ACTION_OUT_OF_PHASE: Final = GameCode.ACTION_OUT_OF_PHASE
#: The seat acting is not the one whose turn it is (``data["seat"]``, ``data["to_act"]``).
OUT_OF_TURN: Final = GameCode.OUT_OF_TURN
#: An action names a seat that is not in this hand (``data["seat"]``).
POSITION_NOT_IN_PLAY: Final = GameCode.POSITION_NOT_IN_PLAY
#: The hand's settlement was asked for before the hand ended (``data["phase"]``).
ROUND_NOT_COMPLETE: Final = GameCode.ROUND_NOT_COMPLETE
#: Not the number of cards this deal takes (``data["expected"]``, ``data["given"]``).
WRONG_CARD_COUNT: Final = GameCode.WRONG_CARD_COUNT
#: Not a card in any spelling (``data["card"]``).
CARD_UNKNOWN: Final = GameCode.CARD_UNKNOWN
#: A card already seen in this deck, or given twice in one action (``data["card"]``).
CARD_DUPLICATE: Final = GameCode.CARD_DUPLICATE
#: Hole and live cards that are not a hand (an engine's own consistency).
HAND_SIZE_INVALID: Final = GameCode.HAND_SIZE_INVALID
#: An amount that is not a positive, finite decimal (floats are refused too).
AMOUNT_INVALID: Final = GameCode.AMOUNT_INVALID
#: An amount that is not a whole number of chips.
AMOUNT_NOT_CHIP_MULTIPLE: Final = GameCode.AMOUNT_NOT_CHIP_MULTIPLE
#: A stack, bet or raise larger than the chips the player has (``data["stack"]``).
INSUFFICIENT_STACK: Final = GameCode.INSUFFICIENT_STACK
#: A bet below the minimum bet (``data["minimum"]``); only an all-in may be smaller.
BET_BELOW_MINIMUM: Final = GameCode.BET_BELOW_MINIMUM
#: A seat outside 1–15 or given twice, or the button not on a seated player.
SEAT_INVALID: Final = GameCode.SEAT_INVALID
#: Fewer or more players than the rule set allows.
PLAYER_COUNT_INVALID: Final = GameCode.PLAYER_COUNT_INVALID
#: A stored event that cannot be read back (``data["kind"]``, ``data["field"]``).
EVENT_INVALID: Final = GameCode.EVENT_INVALID
#: A stored event of a kind Ruby Run does not know (``data["kind"]``).
EVENT_KIND_UNKNOWN: Final = GameCode.EVENT_KIND_UNKNOWN
#: A snapshot that cannot be restored (``data["field"]``).
SNAPSHOT_INVALID: Final = GameCode.SNAPSHOT_INVALID
#: Rule-set settings Ruby Run refuses (``data["field"]``).
RULESET_INVALID: Final = GameCode.RULESET_INVALID
#: Hand options that cannot be read (``data["field"]``).
OPTIONS_INVALID: Final = GameCode.OPTIONS_INVALID
