"""The input fields of each Red Dog action, as the API validates them and its schema publishes
them: the same names, kinds and bounds as the table service's input serializers.

Pure data, keyed by action name: :mod:`casino.games.reddog.game` builds the contract's action
specs from it and :mod:`casino.games.reddog.tablet` the bounds of each legal action now.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from casino.games.contract import FieldKind, FieldSpec
from casino.games.reddog.phases import Action
from casino.games.reddog.rules import TABLE_SEATS
from casino.games.words import Words

#: The most cards any rule set deals to one hand (``cards_each`` is 3, 4 or 5).
MAX_CARDS_EACH: Final = 5
#: The longest note an exposed card may carry.
REASON_MAX_LENGTH: Final = 500

_SEAT = FieldSpec(
    "seat",
    FieldKind.POSITION,
    help="The seat of the player.",
    min_value=1,
    max_value=TABLE_SEATS,
)
_CARD = FieldSpec("card", FieldKind.CARD, help="A card in any common spelling (As, 10h, th).")

#: Each action's fields, in the order the schema lists them.
ACTION_FIELDS: Final[Mapping[Action, tuple[FieldSpec, ...]]] = {
    Action.SEAT_PLAYERS: (
        FieldSpec(
            "stacks",
            FieldKind.STACKS,
            help='Chips per seat, e.g. {"1": "100.00", "2": "80.00"}.',
        ),
        FieldSpec(
            "button",
            FieldKind.POSITION,
            help="The seat of the first dealer, drawn at the table.",
            min_value=1,
            max_value=TABLE_SEATS,
        ),
    ),
    Action.START_HAND: (),
    Action.FUND_POT: (FieldSpec("amount", FieldKind.AMOUNT, help="The pot the dealer puts up."),),
    Action.DEAL_HAND: (
        _SEAT,
        FieldSpec(
            "cards",
            FieldKind.CARDS,
            help="The cards dealt face down to the seat.",
            min_count=1,
            max_count=MAX_CARDS_EACH,
        ),
    ),
    Action.TURN_CENTRE_CARD: (_CARD,),
    Action.PLACE_BET: (
        _SEAT,
        FieldSpec("amount", FieldKind.AMOUNT, help="The bet against the pot."),
    ),
    Action.SHOW_BURN: (_CARD,),
    Action.TURN_CARD: (_CARD,),
    Action.RESHUFFLE: (),
    Action.DECIDE_SHOOT: (
        FieldSpec(
            "deal_again",
            FieldKind.FLAG,
            help="True to deal a fourth time, false to keep the pot and pass the deal.",
        ),
    ),
    Action.END_GAME: (),
    Action.EXPOSE_CARD: (
        _CARD,
        FieldSpec(
            "reason",
            FieldKind.TEXT,
            help="What happened (a flashed card, a misdeal); may be empty.",
            required=False,
            default="",
            max_length=REASON_MAX_LENGTH,
        ),
    ),
}

#: Each action in one sentence, for the API docs.
ACTION_HELP: Final[Mapping[Action, str]] = {
    Action.SEAT_PLAYERS: "Who sits where with how many chips, and who deals first (the button).",
    Action.START_HAND: "Start the next hand: the button moves and the antes (and fees) are paid.",
    Action.FUND_POT: "In a dealer-funded variant, the dealer puts up the pot.",
    Action.DEAL_HAND: "The hand dealt face down to one seat; hands may be recorded in any order.",
    Action.TURN_CENTRE_CARD: "Slippery Sam: a card turned up in the middle of the table.",
    Action.PLACE_BET: "The player to act bets against the pot.",
    Action.SHOW_BURN: "The burn card, shown to everyone and put face up at the bottom.",
    Action.TURN_CARD: "The card turned for the waiting bet; the turn is settled at once.",
    Action.RESHUFFLE: "The stock ran out: the cards laid aside become the new stock.",
    Action.DECIDE_SHOOT: "After three deals, the Shoot dealer keeps the pot or deals once more.",
    Action.END_GAME: "Stop playing: what is left in the pot is settled.",
    Action.EXPOSE_CARD: "A card seen by accident (misdeal, flashed card): out of play in this "
    "deck.",
}

#: Each action as a button on the tablet.
ACTION_LABELS: Final[Mapping[Action, Words]] = {
    Action.SEAT_PLAYERS: Words("Seat the players"),
    Action.START_HAND: Words("Start the next hand"),
    Action.FUND_POT: Words("Put up the pot"),
    Action.DEAL_HAND: Words("Record a hand"),
    Action.TURN_CENTRE_CARD: Words("Turn a centre card"),
    Action.PLACE_BET: Words("Place the bet"),
    Action.SHOW_BURN: Words("Show the burn card"),
    Action.TURN_CARD: Words("Turn the card"),
    Action.RESHUFFLE: Words("Reshuffle"),
    Action.DECIDE_SHOOT: Words("Keep the pot or deal again"),
    Action.END_GAME: Words("End the game"),
    Action.EXPOSE_CARD: Words("Expose a card"),
}
