"""Ruby Run as a :class:`~casino.games.contract.GameDefinition`: :data:`GAME`.

The table service drives a hand through this object alone: it validates the rule set and the
options announced before the deal, builds a hand from a round's terms, restores one from a
snapshot, reads stored events back, and lists the dealer's actions with their input fields
(:data:`~casino.games.rubyrun.spec.ACTION_FIELDS`) and their verify / perform pair on the
state's ``verify_x`` / ``x`` methods.

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

import functools
import json
from collections.abc import Callable, Mapping
from typing import Final

from casino.games.action_input import (
    action_spec,
    canonical_json,
    read_amount,
    read_card,
    read_cards,
    read_int,
    read_optional_cards,
    read_stacks,
    read_text,
)
from casino.games.contract import (
    ActionInput,
    Event,
    GameActionSpec,
    GameDefinition,
    JsonObject,
    PositionKind,
    RoundTerms,
)
from casino.games.rubyrun.events import event_from_dict
from casino.games.rubyrun.rules import MOST_PLAYERS, HandOptions, RubyRunRules
from casino.games.rubyrun.spec import ACTION_FIELDS, ACTION_HELP, Action
from casino.games.rubyrun.state import RubyRunState
from casino.games.rubyrun.tablet import GAME_NAME
from casino.games.seating import SeatingLimits

#: How many distinct rule sets (and option sets) a process keeps parsed.
_CACHED_TERMS: Final = 256


class RubyRunGame:
    """The Ruby Run game definition; use the module's :data:`GAME`."""

    __slots__ = ("_actions",)

    def __init__(self) -> None:
        self._actions: Mapping[str, GameActionSpec] = {
            action.value: action_spec(
                name=action.value,
                fields=ACTION_FIELDS[action],
                help=ACTION_HELP[action],
                state_type=RubyRunState,
                verify=_CALLS[action][0],
                perform=_CALLS[action][1],
            )
            for action in Action
        }

    @property
    def name(self) -> str:
        return GAME_NAME

    @property
    def position_kind(self) -> PositionKind:
        return PositionKind.SEAT

    @property
    def actions(self) -> Mapping[str, GameActionSpec]:
        """One spec per action of :class:`~casino.games.rubyrun.spec.Action`, in its order
        (``expose_card`` last); ``note`` is the table service's, not the engine's."""
        return self._actions

    @property
    def carries_chips(self) -> bool:
        """A pot of Ruby Run is shared out whole (its odd chip to a winner): nothing carries."""
        return False

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
            _parsed_rules(terms.rules),
            _parsed_options(terms.options),
            SeatingLimits.from_limits(terms.limits, most=MOST_PLAYERS),
        )

    def restore(self, terms: RoundTerms, snapshot: JsonObject) -> RubyRunState:
        """:raises GameError: ``snapshot_invalid``, or as :meth:`new_state` for bad terms."""
        return RubyRunState.restore(
            _parsed_rules(terms.rules),
            _parsed_options(terms.options),
            snapshot,
            SeatingLimits.from_limits(terms.limits, most=MOST_PLAYERS),
        )

    def read_event(self, data: JsonObject) -> Event:
        """:raises GameError: ``event_invalid``, ``event_kind_unknown``."""
        return event_from_dict(data)


def _parsed_rules(data: JsonObject) -> RubyRunRules:
    return _rules(canonical_json(data))


def _parsed_options(data: JsonObject) -> HandOptions:
    return _options(canonical_json(data))


@functools.lru_cache(maxsize=_CACHED_TERMS)
def _rules(text: str) -> RubyRunRules:
    return RubyRunRules.from_dict(json.loads(text))


@functools.lru_cache(maxsize=_CACHED_TERMS)
def _options(text: str) -> HandOptions:
    return HandOptions.from_dict(json.loads(text))


# -- the actions -----------------------------------------------------------------------------------


_Call = Callable[[RubyRunState, ActionInput], Event]


def _calls() -> dict[Action, tuple[Callable[[RubyRunState, ActionInput], None], _Call]]:
    """Each action's verify and perform, reading the validated input by field name."""
    return {
        Action.SEAT_PLAYERS: (
            lambda s, d: s.verify_seat_players(read_stacks(d, "stacks"), read_int(d, "button")),
            lambda s, d: s.seat_players(read_stacks(d, "stacks"), read_int(d, "button")),
        ),
        Action.POST_FORCED_BETS: (
            lambda s, d: s.verify_post_forced_bets(),
            lambda s, d: s.post_forced_bets(),
        ),
        Action.DEAL_HOLE_CARDS: (
            lambda s, d: s.verify_deal_hole_cards(read_int(d, "seat"), read_cards(d, "cards")),
            lambda s, d: s.deal_hole_cards(read_int(d, "seat"), read_cards(d, "cards")),
        ),
        Action.FOLD: (
            lambda s, d: s.verify_fold(read_int(d, "seat")),
            lambda s, d: s.fold(read_int(d, "seat")),
        ),
        Action.CHECK: (
            lambda s, d: s.verify_check(read_int(d, "seat")),
            lambda s, d: s.check(read_int(d, "seat")),
        ),
        Action.CALL: (
            lambda s, d: s.verify_call(read_int(d, "seat")),
            lambda s, d: s.call(read_int(d, "seat")),
        ),
        Action.BET: (
            lambda s, d: s.verify_bet(read_int(d, "seat"), read_amount(d, "amount")),
            lambda s, d: s.bet(read_int(d, "seat"), read_amount(d, "amount")),
        ),
        Action.RAISE_TO: (
            lambda s, d: s.verify_raise_to(read_int(d, "seat"), read_amount(d, "amount")),
            lambda s, d: s.raise_to(read_int(d, "seat"), read_amount(d, "amount")),
        ),
        Action.ALL_IN: (
            lambda s, d: s.verify_all_in(read_int(d, "seat")),
            lambda s, d: s.all_in(read_int(d, "seat")),
        ),
        Action.DEAL_OVER_CARDS: (
            lambda s, d: s.verify_deal_over_cards(read_cards(d, "cards")),
            lambda s, d: s.deal_over_cards(read_cards(d, "cards")),
        ),
        Action.DEAL_UNDER_CARDS: (
            lambda s, d: s.verify_deal_under_cards(read_optional_cards(d, "cards")),
            lambda s, d: s.deal_under_cards(read_optional_cards(d, "cards")),
        ),
        Action.DEAL_SLAM: (
            lambda s, d: s.verify_deal_slam(read_card(d, "card")),
            lambda s, d: s.deal_slam(read_card(d, "card")),
        ),
        Action.REVEAL_UNDER_CARDS: (
            lambda s, d: s.verify_reveal_under_cards(read_cards(d, "cards")),
            lambda s, d: s.reveal_under_cards(read_cards(d, "cards")),
        ),
        Action.EXPOSE_CARD: (
            lambda s, d: s.verify_expose_card(read_card(d, "card"), read_text(d, "reason")),
            lambda s, d: s.expose_card(read_card(d, "card"), read_text(d, "reason")),
        ),
    }


_CALLS: Final = _calls()


#: Ruby Run, for the table service.
GAME: Final = RubyRunGame()

# The structural check of the contract, made by mypy --strict on this line.
_DEFINITION: Final[GameDefinition] = GAME
