"""Red Dog as the engines' contract has it: :data:`GAME`, a
:class:`~casino.games.contract.GameDefinition`.

The table service drives every game through its definition alone: it validates a table's rule
set (:meth:`RedDogGame.validate_rules`) and the options agreed before a round (Red Dog takes
none), builds a fresh game from a round's terms or restores one from its last snapshot, reads
stored events back, and performs each dealer action through :attr:`RedDogGame.actions`, whose
fields mirror the API's input serializers.

A round's rule set is parsed on every request, so the parsed rules are cached per process,
keyed on the settings' canonical JSON text.

>>> from casino.games.contract import RoundTerms
>>> from decimal import Decimal as D
>>> terms = RoundTerms(rules={}, paytables={}, limits={}, options={})
>>> state = GAME.new_state(terms)
>>> events = GAME.actions["seat_players"].perform(
...     state, {"stacks": {1: D(50), 2: D(50), 3: D(50)}, "button": 3}
... )
>>> [event.kind for event in events], state.phase.value
(['players_seated'], 'between_hands')
>>> GAME.restore(terms, state.snapshot()).view() == state.view()
True
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from casino.games.action_input import action_specs
from casino.games.contract import (
    CARRIED_IN_OPTION,
    GameDefinition,
    JsonObject,
    PositionKind,
    RoundTerms,
)
from casino.games.definition import GameDefinitionBase, ParsedTerms
from casino.games.errors import GameError
from casino.games.money import ZERO, is_chip_multiple, to_decimal
from casino.games.reddog import codes
from casino.games.reddog.events import event_from_dict
from casino.games.reddog.fields import ACTION_FIELDS, ACTION_HELP
from casino.games.reddog.rules import TABLE_SEATS, RedDogRules
from casino.games.reddog.state import GAME_NAME, RedDogState
from casino.games.rule_settings import invalid_setting
from casino.games.seating import SeatingLimits

#: How many distinct rule sets a process keeps parsed.
RULES_CACHE_SIZE: Final = 64


class RedDogGame(GameDefinitionBase):
    """Red Dog (High Card Pool): seats bet in turn against a common pot."""

    __slots__ = ()

    def __init__(self) -> None:
        specs = action_specs(RedDogState, ACTION_FIELDS, ACTION_HELP)
        # The odd chips of a game's final share are kept for the table's next game.
        super().__init__(GAME_NAME, PositionKind.SEAT, specs, event_from_dict, carries_chips=True)

    def validate_rules(self, settings: JsonObject) -> JsonObject:
        """The settings validated and completed with the defaults (RULES.md A.3).

        :raises GameError: ``ruleset_invalid`` (``data["field"]``), also for a non-object.
        """
        if not isinstance(settings, dict):
            raise invalid_setting("settings", "a rule set is a JSON object")
        return _rules(settings).to_dict()

    def new_state(self, terms: RoundTerms) -> RedDogState:
        """A fresh game under the round's rule set (Red Dog uses no paytable, and its amounts
        come from the rule set), at the table's seats and stack limits, with the chips carried
        from the table's last game (:data:`CARRIED_IN_OPTION`, pinned by the table service).

        :raises GameError: ``ruleset_invalid`` for settings that do not validate,
            ``limits_invalid`` / ``options_invalid`` for terms that do not read.
        """
        rules = _rules(terms.rules)
        return RedDogState(
            rules,
            seating=SeatingLimits.from_limits(terms.limits, most=TABLE_SEATS),
            carried_in=_carried_in(terms.options, rules.chip_unit),
        )

    def restore(self, terms: RoundTerms, snapshot: JsonObject) -> RedDogState:
        """The game :meth:`RedDogState.snapshot` describes, under the round's terms.

        :raises GameError: ``snapshot_invalid`` (``data["field"]``).
        """
        rules = _rules(terms.rules)
        return RedDogState.restore(
            rules,
            snapshot,
            seating=SeatingLimits.from_limits(terms.limits, most=TABLE_SEATS),
            carried_in=_carried_in(terms.options, rules.chip_unit),
        )


def _carried_in(options: JsonObject, chip_unit: Decimal) -> Decimal | None:
    """The chips carried in from the table's last game, ``None`` for a round opened before
    chips were carried (no such option).

    :raises GameError: ``options_invalid`` for an amount that is negative or not a whole
        number of chips.
    """
    if CARRIED_IN_OPTION not in options:
        return None
    amount = to_decimal(
        options[CARRIED_IN_OPTION], field=CARRIED_IN_OPTION, code=codes.OPTIONS_INVALID
    )
    if amount < ZERO or not is_chip_multiple(amount, chip_unit):
        raise GameError(
            codes.OPTIONS_INVALID,
            f"Chips carried in are a whole number of chips of {chip_unit}, not {amount}.",
            field=CARRIED_IN_OPTION,
        )
    return amount


#: The rules of a rule set's settings (``ruleset_invalid`` for one that is not an object),
#: parsed once per process.
_rules: Final = ParsedTerms(RedDogRules.from_dict, cache_size=RULES_CACHE_SIZE)


#: Red Dog, as the table service sees it.
GAME: Final = RedDogGame()
# The definition and its states are checked against the contract here, by mypy.
_CONFORMS: Final[GameDefinition] = GAME
