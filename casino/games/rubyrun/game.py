"""Ruby Run as a :class:`~casino.games.contract.GameDefinition`: :data:`GAME`.

The table service drives a hand through this object alone: it validates the rule set and the
options announced before the deal, builds a hand from a round's terms, restores one from a
snapshot, reads stored events back, and lists the dealer's actions with their input fields
(:data:`~casino.games.rubyrun.fields.ACTION_FIELDS`), each verified and performed through the
action the state declares (:func:`~casino.games.actions.game_action`): its ``verify_x`` / ``x``.

Parsing a rule set costs more than an action, and it runs on every request: the rules and the
options of a round are parsed once per process and kept in small bounded caches, keyed on their
canonical JSON text (a rule-set version never changes, so an entry never goes stale).

>>> from decimal import Decimal as D
>>> from casino.games.contract import RoundTerms
>>> terms = RoundTerms(rules={"betting": "no_limit"}, paytables={}, limits={}, options={})
>>> state = GAME.new_state(terms)
>>> events = GAME.actions["seat_players"].perform(state, {"stacks": {1: D(50), 2: D(80)},
...                                                       "button": 2})
>>> [event.kind for event in events], state.phase.value
(['players_seated'], 'forced_bets')
"""

from __future__ import annotations

from typing import Final

from casino.games.action_input import action_specs
from casino.games.contract import GameDefinition, JsonObject, PositionKind, RoundTerms
from casino.games.definition import GameDefinitionBase, ParsedTerms
from casino.games.rubyrun.events import event_from_dict
from casino.games.rubyrun.fields import ACTION_FIELDS, ACTION_HELP
from casino.games.rubyrun.rules import MOST_PLAYERS, HandOptions, RubyRunRules
from casino.games.rubyrun.state import RubyRunState
from casino.games.rubyrun.tablet import GAME_NAME
from casino.games.seating import SeatingLimits

#: How many distinct rule sets (and option sets) a process keeps parsed.
_CACHED_TERMS: Final = 256


class RubyRunGame(GameDefinitionBase):
    """The Ruby Run game definition; use the module's :data:`GAME`."""

    __slots__ = ()

    def __init__(self) -> None:
        specs = action_specs(RubyRunState, ACTION_FIELDS, ACTION_HELP)
        # A pot of Ruby Run is shared out whole (its odd chip to a winner): nothing carries.
        super().__init__(GAME_NAME, PositionKind.SEAT, specs, event_from_dict, carries_chips=False)

    def validate_rules(self, settings: JsonObject) -> JsonObject:
        """:raises GameError: ``ruleset_invalid`` (``data["field"]``; ``settings`` for JSON
        that is not an object)."""
        return RubyRunRules.from_dict(settings).to_dict()

    def normalise_options(self, options: JsonObject) -> JsonObject:
        """Ace-low runs and the extra betting rounds, as announced before the deal; a key left
        out keeps the table's default. :raises GameError: ``options_invalid``."""
        return HandOptions.from_dict(options).to_dict()

    def new_state(self, terms: RoundTerms) -> RubyRunState:
        """A hand under the round's rule set and announced options (Ruby Run has no paytable,
        and its limits are in the rule set). :raises GameError: ``ruleset_invalid``,
        ``options_invalid``."""
        return RubyRunState(
            _rules(terms.rules),
            _options(terms.options),
            SeatingLimits.from_limits(terms.limits, most=MOST_PLAYERS),
        )

    def restore(self, terms: RoundTerms, snapshot: JsonObject) -> RubyRunState:
        """:raises GameError: ``snapshot_invalid``, or as :meth:`new_state` for bad terms."""
        return RubyRunState.restore(
            _rules(terms.rules),
            _options(terms.options),
            snapshot,
            SeatingLimits.from_limits(terms.limits, most=MOST_PLAYERS),
        )


#: A round's rule set and options, parsed once per process.
_rules: Final = ParsedTerms(RubyRunRules.from_dict, cache_size=_CACHED_TERMS)
_options: Final = ParsedTerms(HandOptions.from_dict, cache_size=_CACHED_TERMS)

#: Ruby Run, for the table service.
GAME: Final = RubyRunGame()

# The structural check of the contract, made by mypy --strict on this line.
_DEFINITION: Final[GameDefinition] = GAME
