"""The stable error codes of the Ruby Run engine, in one place.

Tablets and tests match on these strings; a published code is never reworded. Ruby Run's own
codes are the members of :class:`RubyRunCode`; a fault every game shares has its one code in
:class:`~casino.games.codes.GameCode` (a card recorded twice, a seat acting out of turn, a seat
that is not in the hand, the wrong number of cards, a settlement asked of an unfinished hand...).
Both are listed here as module constants (every shared one re-exported from
:mod:`casino.games.codes`), so that every code Ruby Run can raise is named in this module:
``codes.OUT_OF_TURN`` is ``GameCode.OUT_OF_TURN``, ``codes.CHECK_FACING_BET`` is
``RubyRunCode.CHECK_FACING_BET``.

>>> str(CHECK_FACING_BET), str(OUT_OF_TURN)
('check_facing_bet', 'out_of_turn')
"""

from __future__ import annotations

from enum import StrEnum, unique
from typing import Final

from casino.games import codes as shared
from casino.games.codes import *  # noqa: F403

__all__ = [
    "BET_ABOVE_LIMIT",
    "BET_FACING_BET",
    "CHECK_FACING_BET",
    "HOLE_CARDS_ALREADY_DEALT",
    "NOTHING_TO_CALL",
    "NO_ACTIVE_OPPONENT",
    "NO_BET_TO_RAISE",
    "RAISE_ABOVE_LIMIT",
    "RAISE_BELOW_MINIMUM",
    "RAISE_CAP_REACHED",
    "RAISE_NOT_REOPENED",
    "UNDER_CARDS_FACE_DOWN",
    "UNDER_CARDS_REQUIRED",
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

# The shared codes, each defined once in GameCode, under their own names.
__all__ += shared.__all__
