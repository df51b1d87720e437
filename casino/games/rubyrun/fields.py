"""The input fields of each Ruby Run action, as the API validates them and its schema publishes
them, and each action's help.

The fields are those of the table service's input serializers (names, kinds, required or not,
null or not, defaults, card counts, seat bounds), declared once here so that
:data:`casino.games.rubyrun.GAME` publishes them and the tablet view's bounds follow them field
by field.

>>> [field.name for field in ACTION_FIELDS[Action.RAISE_TO]]
['seat', 'amount']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from casino.games.contract import FieldKind, FieldSpec
from casino.games.rubyrun.phases import Action
from casino.games.rubyrun.rules import MOST_PLAYERS

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
