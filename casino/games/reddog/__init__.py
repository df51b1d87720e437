"""Red Dog (High Card Pool): players bet in turn against a common pot.

The pure engine of the live table: the croupier deals physical cards and the tablet records what
happened; this package checks each recorded action against the table's rule set, derives every
outcome and chip movement, and replays a game from its events. :data:`GAME` is the game as the
engines' contract has it (:mod:`casino.games.contract`). RULES.md A.3 and Part B section 3 are
the rule book.
"""

from casino.games.money import round_down_to_chip
from casino.games.reddog import events
from casino.games.reddog.codes import RedDogCode
from casino.games.reddog.events import *  # noqa: F403
from casino.games.reddog.game import GAME, RedDogGame
from casino.games.reddog.outcomes import TurnOutcome
from casino.games.reddog.phases import DECK_PHASES, PHASE_ACTIONS, Action, Phase
from casino.games.reddog.rules import (
    Commission,
    EndOfHand,
    RedDogRules,
    Refill,
    RefillTiming,
    Variant,
)
from casino.games.reddog.settlement import (
    HOUSE_FLOAT,
    POT,
    Ledger,
    Movement,
    MovementReason,
    player_account,
    seat_of,
)
from casino.games.reddog.state import GAME_NAME, RedDogState, replay
from casino.games.reddog.table_cards import CardPlace

__all__ = [
    "DECK_PHASES",
    "GAME",
    "GAME_NAME",
    "HOUSE_FLOAT",
    "PHASE_ACTIONS",
    "POT",
    "Action",
    "CardPlace",
    "Commission",
    "EndOfHand",
    "Ledger",
    "Movement",
    "MovementReason",
    "Phase",
    "RedDogCode",
    "RedDogGame",
    "RedDogRules",
    "RedDogState",
    "Refill",
    "RefillTiming",
    "TurnOutcome",
    "Variant",
    "player_account",
    "replay",
    "round_down_to_chip",
    "seat_of",
]
# Every event and its codec, as the events module lists them.
__all__ += events.__all__
