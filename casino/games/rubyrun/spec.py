"""The vocabulary of a Ruby Run hand: its phases, the dealer's actions, which phase accepts
which, and each action's input fields as the API validates them.

The fields are those of the table service's input serializers (names, kinds, required or not,
null or not, defaults, card counts, seat bounds), declared once here so that
:data:`casino.games.rubyrun.GAME` publishes them and the tablet view's bounds follow them field
by field.

>>> [field.name for field in ACTION_FIELDS[Action.RAISE_TO]]
['seat', 'amount']
>>> sorted(PHASE_ACTIONS[Phase.SLAM])
[<Action.DEAL_SLAM: 'deal_slam'>, <Action.EXPOSE_CARD: 'expose_card'>]
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final

from casino.games.contract import FieldKind, FieldSpec
from casino.games.rubyrun.rules import MOST_PLAYERS

HOLE_CARDS: Final = 3
OVER_CARDS: Final = 3
UNDER_CARDS: Final = 3


class Phase(StrEnum):
    """Where the hand stands; :data:`PHASE_ACTIONS` says what each phase accepts."""

    SEATING = "seating"
    FORCED_BETS = "forced_bets"
    HOLE_CARDS = "hole_cards"
    BETTING = "betting"
    OVER_CARDS = "over_cards"
    UNDER_CARDS = "under_cards"
    SLAM = "slam"
    REVEAL = "reveal"
    COMPLETE = "complete"


class Action(StrEnum):
    """The dealer's inputs; each is a method of
    :class:`~casino.games.rubyrun.state.RubyRunState` of the same name."""

    SEAT_PLAYERS = "seat_players"
    POST_FORCED_BETS = "post_forced_bets"
    DEAL_HOLE_CARDS = "deal_hole_cards"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE_TO = "raise_to"
    ALL_IN = "all_in"
    DEAL_OVER_CARDS = "deal_over_cards"
    DEAL_UNDER_CARDS = "deal_under_cards"
    DEAL_SLAM = "deal_slam"
    REVEAL_UNDER_CARDS = "reveal_under_cards"
    EXPOSE_CARD = "expose_card"


BETTING_ACTIONS: Final = frozenset(
    {Action.FOLD, Action.CHECK, Action.CALL, Action.BET, Action.RAISE_TO, Action.ALL_IN}
)

_EXPOSE: Final = frozenset({Action.EXPOSE_CARD})

#: The one table of which actions each phase accepts. Where the next phase goes is decided by
#: the action itself (it depends on the agreed betting rounds and on who is still in). A card
#: may be exposed by accident whenever cards are in play, that is until the hand is complete.
PHASE_ACTIONS: Final[Mapping[Phase, frozenset[Action]]] = {
    Phase.SEATING: frozenset({Action.SEAT_PLAYERS}) | _EXPOSE,
    Phase.FORCED_BETS: frozenset({Action.POST_FORCED_BETS}) | _EXPOSE,
    Phase.HOLE_CARDS: frozenset({Action.DEAL_HOLE_CARDS}) | _EXPOSE,
    Phase.BETTING: BETTING_ACTIONS | _EXPOSE,
    Phase.OVER_CARDS: frozenset({Action.DEAL_OVER_CARDS}) | _EXPOSE,
    Phase.UNDER_CARDS: frozenset({Action.DEAL_UNDER_CARDS}) | _EXPOSE,
    Phase.SLAM: frozenset({Action.DEAL_SLAM}) | _EXPOSE,
    Phase.REVEAL: frozenset({Action.REVEAL_UNDER_CARDS}) | _EXPOSE,
    Phase.COMPLETE: frozenset(),
}

# -- the input fields ------------------------------------------------------------------------------

_SEAT: Final = FieldSpec(
    "seat",
    FieldKind.POSITION,
    "The seat that acts or is dealt to.",
    min_value=1,
    max_value=MOST_PLAYERS,
)
_THREE_CARDS: Final = FieldSpec(
    "cards", FieldKind.CARDS, "The three cards, in the order dealt.", min_count=3, max_count=3
)

#: Each action's input fields, in the order the API documents them.
ACTION_FIELDS: Final[Mapping[Action, tuple[FieldSpec, ...]]] = {
    Action.SEAT_PLAYERS: (
        FieldSpec(
            "stacks", FieldKind.STACKS, 'Chips per seat, e.g. {"1": "100.00", "2": "80.00"}.'
        ),
        FieldSpec(
            "button",
            FieldKind.POSITION,
            "The seat of the button, who deals this hand.",
            min_value=1,
            max_value=MOST_PLAYERS,
        ),
    ),
    Action.POST_FORCED_BETS: (),
    Action.DEAL_HOLE_CARDS: (_SEAT, _THREE_CARDS),
    Action.FOLD: (_SEAT,),
    Action.CHECK: (_SEAT,),
    Action.CALL: (_SEAT,),
    Action.BET: (
        _SEAT,
        FieldSpec("amount", FieldKind.AMOUNT, "The seat's total bet for this betting round."),
    ),
    Action.RAISE_TO: (
        _SEAT,
        FieldSpec("amount", FieldKind.AMOUNT, "The seat's total bet for this betting round."),
    ),
    Action.ALL_IN: (_SEAT,),
    Action.DEAL_OVER_CARDS: (_THREE_CARDS,),
    Action.DEAL_UNDER_CARDS: (
        FieldSpec(
            "cards",
            FieldKind.CARDS,
            "Null when the under cards are dealt face down.",
            required=False,
            nullable=True,
            default=None,
            min_count=3,
            max_count=3,
        ),
    ),
    Action.DEAL_SLAM: (FieldSpec("card", FieldKind.CARD, "The Slam, the last board card."),),
    Action.REVEAL_UNDER_CARDS: (_THREE_CARDS,),
    Action.EXPOSE_CARD: (
        FieldSpec("card", FieldKind.CARD, "The card that was seen."),
        FieldSpec(
            "reason",
            FieldKind.TEXT,
            "Why it was seen: a flashed card, a misdeal.",
            required=False,
            default="",
            max_length=500,
        ),
    ),
}

#: What each action does, in a sentence for the API docs.
ACTION_HELP: Final[Mapping[Action, str]] = {
    Action.SEAT_PLAYERS: "Who sits where with how many chips for this hand, and the button.",
    Action.POST_FORCED_BETS: "The antes and blinds go in, as the rule set and the button say.",
    Action.DEAL_HOLE_CARDS: "The three cards dealt face down to one seat.",
    Action.FOLD: "The seat to act gives up the hand.",
    Action.CHECK: "The seat to act passes, with no bet to call.",
    Action.CALL: "The seat to act matches the bet, or puts in all its chips if they are short.",
    Action.BET: "The seat to act opens the betting of the round.",
    Action.RAISE_TO: "The seat to act raises its bet for the round to a new total.",
    Action.ALL_IN: "The seat to act puts in every chip it has left.",
    Action.DEAL_OVER_CARDS: "The three over cards, face up.",
    Action.DEAL_UNDER_CARDS: "The three under cards: face up, or null when dealt face down.",
    Action.DEAL_SLAM: "The Slam: a 2 to 10 keeps the over cards live, a J, Q, K or A the under.",
    Action.REVEAL_UNDER_CARDS: "Face-down rule, J to A Slam: the under cards are turned up.",
    Action.EXPOSE_CARD: (
        "A card seen by accident (misdeal, flashed card): out of play for the rest of the deck."
    ),
}
