"""Russian Poker as a :class:`~casino.games.contract.GameDefinition`: :data:`GAME`.

The table service drives the game through this object alone: it validates a rule set and the
(absent) options, builds a round's state from its :class:`~casino.games.contract.RoundTerms`,
restores one from a snapshot, reads stored events back, and performs each dealer action from its
validated input (one :class:`~casino.games.contract.GameActionSpec` per action of
:class:`~casino.games.russian.phases.Action`, ``expose_card`` included; ``note`` is the table
service's own).

A round's terms are parsed once per process and cached (:func:`round_terms`): the rule set's
settings, the paytables and the limits, keyed on their canonical JSON text, since this runs on
every request.

>>> from decimal import Decimal as D
>>> terms = RoundTerms(
...     rules={},
...     paytables={"main": {"pair": D(1)}},
...     limits={"ante_min": "10", "ante_max": "500", "max_table_payout": None, "chip_unit": "1"},
...     options={},
... )
>>> state = GAME.new_state(terms)
>>> events = GAME.actions["place_wagers"].perform(
...     state, {"box": 1, "player": "P1", "ante": D(10), "bonus": None, "blind": False}
... )
>>> [event.to_dict()["kind"] for event in events], state.phase.value
(['wagers_placed'], 'betting')
>>> GAME.restore(terms, state.snapshot()).snapshot() == state.snapshot()
True
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Final

from casino.games.action_input import action_specs, canonical_json
from casino.games.contract import GameDefinition, JsonObject, PositionKind, RoundTerms
from casino.games.definition import GameDefinitionBase
from casino.games.errors import GameError
from casino.games.russian import codes
from casino.games.russian.events import event_from_dict
from casino.games.russian.fields import ACTION_FIELDS, ACTION_HELP
from casino.games.russian.rules import RussianPokerRules
from casino.games.russian.state import GAME_NAME, RussianPokerState
from casino.games.russian.terms import Paytables, TableLimits

#: How many rounds' terms (rule set, paytables, limits) a process keeps parsed.
TERMS_CACHE_SIZE: Final = 256


class RussianPokerGame(GameDefinitionBase):
    """Russian Poker, house-banked five-card stud against the dealer, played on boxes."""

    __slots__ = ()

    def __init__(self) -> None:
        specs = action_specs(RussianPokerState, ACTION_FIELDS, ACTION_HELP)
        # A house-banked game carries nothing from round to round.
        super().__init__(GAME_NAME, PositionKind.BOX, specs, event_from_dict, carries_chips=False)

    def validate_rules(self, settings: JsonObject) -> JsonObject:
        """The rule set's settings validated and completed with the defaults of RULES A.1.

        :raises GameError: ``ruleset_invalid`` (``data["field"]``), also for settings that are
            not a JSON object.
        """
        if not isinstance(settings, dict):
            raise GameError(codes.RULESET_INVALID, "A rule set is a JSON object", field="settings")
        validated: JsonObject = RussianPokerRules.from_dict(settings).to_dict()
        return validated

    def new_state(self, terms: RoundTerms) -> RussianPokerState:
        """A fresh round under ``terms``: :func:`round_terms`.

        :raises GameError: ``ruleset_invalid``, ``paytable_invalid``, ``limits_invalid``.
        """
        return RussianPokerState(*round_terms(terms))

    def restore(self, terms: RoundTerms, snapshot: JsonObject) -> RussianPokerState:
        """The state ``snapshot`` describes (:meth:`RussianPokerState.restore`).

        :raises GameError: as :meth:`new_state`; ``snapshot_invalid`` (``data["field"]``).
        """
        return RussianPokerState.restore(*round_terms(terms), snapshot)


def round_terms(terms: RoundTerms) -> tuple[RussianPokerRules, Paytables, TableLimits]:
    """The rule set, paytables and limits of ``terms``, parsed once per process.

    The paytables are ``main`` (a table without one pays nothing on the Bet) and ``bonus`` (an
    empty or absent one means no bonus bet is offered); the limits are ``ante_min``,
    ``ante_max``, ``max_table_payout`` (null: no maximum), ``chip_unit`` and ``bonus_min`` /
    ``bonus_max`` (null: no bonus bet; absent in a round opened before they were pinned), as
    decimal strings.

    :raises GameError: ``ruleset_invalid``, ``paytable_invalid``, ``limits_invalid``
        (``data["field"]``).
    """
    return _parsed_terms(
        canonical_json(terms.rules),
        canonical_json(terms.paytables),
        canonical_json(terms.limits),
    )


@functools.lru_cache(maxsize=TERMS_CACHE_SIZE)
def _parsed_terms(
    rules: str, paytables: str, limits: str
) -> tuple[RussianPokerRules, Paytables, TableLimits]:
    """Safe to cache: the key is the terms' whole canonical text, and everything returned is
    frozen."""
    tables = json.loads(paytables)
    pinned = json.loads(limits)
    if not isinstance(pinned, dict):
        raise GameError(codes.LIMITS_INVALID, "The limits are a JSON object", field="limits")
    table_limits = TableLimits.from_dict(pinned, max_payout="max_table_payout")
    return (
        RussianPokerRules.from_dict(json.loads(rules)),
        Paytables(main=tables.get("main", {}), bonus=tables.get("bonus") or None),
        table_limits,
    )


#: Russian Poker, as the table service drives it.
GAME: Final = RussianPokerGame()

if TYPE_CHECKING:
    # mypy proves here that the game and its state implement the contract.
    _GAME: GameDefinition = GAME
