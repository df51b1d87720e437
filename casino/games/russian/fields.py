"""The input fields of each Russian Poker action, as the API validates and publishes them.

They mirror the input serializers the table service has used for this game (same names, kinds,
required or optional, nullable, defaults, card counts and bounds): ``box`` is a position from 1
to 6 (the most boxes any rule set allows; :meth:`RussianPokerState.tablet_view` says which boxes
may be named now), a money field is an ``amount``, a card list a ``cards`` field of one to five.
The state's tablet view gives every field of a legal action its bounds now, in this order, and
:mod:`casino.games.russian.game` builds the game's action specs from these tables.

>>> [spec.name for spec in ACTION_FIELDS["place_wagers"]]
['box', 'player', 'ante', 'bonus', 'blind']
>>> ACTION_FIELDS["bet"][1].required, ACTION_FIELDS["bet"][1].nullable
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from casino.games.contract import FieldKind, FieldSpec

#: The most boxes a Russian Poker table has (RULES A.1: 4, 5 or 6).
MAX_BOXES: Final = 6
#: The longest player label the API accepts.
PLAYER_MAX_LENGTH: Final = 40
#: The longest reason of an exposed card the API accepts.
REASON_MAX_LENGTH: Final = 500

_BOX: Final = FieldSpec(
    "box", FieldKind.POSITION, help="The box, numbered from 1.", min_value=1, max_value=MAX_BOXES
)


def _card(help: str) -> FieldSpec:
    return FieldSpec("card", FieldKind.CARD, help=help)


def _cards(name: str, help: str, most: int) -> FieldSpec:
    return FieldSpec(name, FieldKind.CARDS, help=help, min_count=1, max_count=most)


#: Each action's fields, by action name, in the order of the ``Action`` enum
#: (:class:`~casino.games.russian.phases.Action`).
ACTION_FIELDS: Final[Mapping[str, tuple[FieldSpec, ...]]] = MappingProxyType(
    {
        "place_wagers": (
            _BOX,
            FieldSpec(
                "player",
                FieldKind.TEXT,
                help="Who plays the box (seat or name).",
                max_length=PLAYER_MAX_LENGTH,
            ),
            FieldSpec("ante", FieldKind.AMOUNT, help="The Ante, within the table's limits."),
            FieldSpec(
                "bonus",
                FieldKind.AMOUNT,
                help="The bonus side bet, where the table offers one.",
                required=False,
                nullable=True,
                default=None,
            ),
            FieldSpec(
                "blind",
                FieldKind.FLAG,
                help="A blind box: its Bet is placed now and its cards are turned at settlement.",
                required=False,
                default=False,
            ),
        ),
        "close_bets": (),
        "deal_box": (_BOX, _cards("cards", "The box's five cards as dealt.", 5)),
        "deal_card": (
            FieldSpec(
                "target",
                FieldKind.TARGET,
                help='Where the card goes: "box:N" or "dealer".',
                max_length=10,
            ),
            _card("The card."),
        ),
        "declare_bonus": (_BOX,),
        "exchange": (
            _BOX,
            _cards("discards", "The cards the box gives up.", 5),
            _cards("replacements", "The new cards, in the order dealt.", 5),
        ),
        "buy_sixth_card": (_BOX, _card("The sixth card.")),
        "insure": (_BOX, FieldSpec("amount", FieldKind.AMOUNT, help="The insurance stake.")),
        "fold": (_BOX,),
        "bet": (
            _BOX,
            FieldSpec(
                "amount",
                FieldKind.AMOUNT,
                help="Must be twice the Ante; omit to bet exactly that.",
                required=False,
                nullable=True,
                default=None,
            ),
        ),
        "reveal_dealer": (_cards("cards", "The dealer's face-down cards, turned.", 4),),
        "take_ante": (_BOX,),
        "buy_game": (_BOX,),
        "draw_replacement": (_card("The card the dealer drew."),),
        "expose_card": (
            _card("The card seen by accident."),
            FieldSpec(
                "reason",
                FieldKind.TEXT,
                help="What happened (a flashed card, a misdeal...).",
                required=False,
                default="",
                max_length=REASON_MAX_LENGTH,
            ),
        ),
    }
)

#: Each action's help, a short sentence for the API docs.
ACTION_HELP: Final[Mapping[str, str]] = MappingProxyType(
    {
        "place_wagers": (
            'A box\'s stakes before "no more bets": the Ante, an optional Bonus, blind or open.'
        ),
        "close_bets": '"No more bets": the wagers are final and the deal begins.',
        "deal_box": "Record a box's five cards as dealt.",
        "deal_card": (
            "Record one card for a box or the dealer: his face-up card at the deal, a face-down "
            "card as it is turned."
        ),
        "declare_bonus": "The dealer checks the box's bonus on its five cards as dealt.",
        "exchange": (
            "The box exchanges cards for a fee of one Ante; the new cards are recorded with it."
        ),
        "buy_sixth_card": "The box buys a sixth card for a fee of one Ante.",
        "insure": "The box insures three of a kind or better against the dealer having no game.",
        "fold": "The box folds: its Ante and any fee are lost.",
        "bet": "The box stays in with its Bet, twice its Ante.",
        "reveal_dealer": "The dealer turns his face-down cards: all of them, or some at a time.",
        "take_ante": "The dealer has no game and the box takes its Ante win.",
        "buy_game": "The dealer has no game and the box buys one for a fee of one Ante.",
        "draw_replacement": "The card the dealer draws for a bought game.",
        "expose_card": (
            "A card seen by accident (misdeal, flashed card): out of play for the rest of the deck."
        ),
    }
)
