"""What every game's definition (:class:`~casino.games.contract.GameDefinition`) shares.

:class:`GameDefinitionBase` answers the parts of the contract that are the same in every game
once: the game's name and position kind, whether chips carry to the next game, the action specs
built from the state's declared actions, reading a stored event back, and refusing options a
game does not take. A game's ``game`` module subclasses it and adds what is its own: validating
a rule set, the options it does take, and building or restoring its state from a round's terms.

A round's terms are parsed on every request, so each game keeps them parsed per process
(:class:`ParsedTerms`), keyed on their canonical JSON text.

>>> parsed = ParsedTerms(lambda settings: dict(settings), cache_size=2)
>>> parsed({"b": 1, "a": 2}) is parsed({"a": 2, "b": 1})
True
>>> parsed.cache_info().hits
1
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from casino.games.action_input import canonical_json
from casino.games.codes import GameCode
from casino.games.contract import Event, GameActionSpec, JsonObject, PositionKind
from casino.games.errors import GameError

T = TypeVar("T")


class GameDefinitionBase:
    """The contract's answers every game gives the same way (see the module's docstring)."""

    __slots__ = ("_actions", "_carries_chips", "_name", "_position_kind", "_read_event")

    def __init__(
        self,
        name: str,
        position_kind: PositionKind,
        actions: Mapping[str, GameActionSpec],
        read_event: Callable[[JsonObject], Event],
        *,
        carries_chips: bool,
    ) -> None:
        """``actions`` are built once, when the game is defined
        (:func:`~casino.games.action_input.action_specs` of its state)."""
        self._name = name
        self._position_kind = position_kind
        self._actions = actions
        self._read_event = read_event
        self._carries_chips = carries_chips

    @property
    def name(self) -> str:
        return self._name

    @property
    def position_kind(self) -> PositionKind:
        return self._position_kind

    @property
    def actions(self) -> Mapping[str, GameActionSpec]:
        """One spec per action the state declares, in its order (``expose_card`` last where the
        game has it); ``note`` is the table service's, not the engine's."""
        return self._actions

    @property
    def carries_chips(self) -> bool:
        """Whether the odd chips of a game's final share are kept for the table's next game."""
        return self._carries_chips

    def normalise_options(self, options: JsonObject) -> JsonObject:
        """A game that takes no options before the deal refuses any (a game that takes some
        overrides this).

        :raises GameError: ``options_invalid`` naming the first key given (sorted).
        """
        if options:
            raise GameError(
                GameCode.OPTIONS_INVALID,
                "This game takes no options before the deal.",
                field=sorted(options)[0],
            )
        return {}

    def read_event(self, data: JsonObject) -> Event:
        """A stored event read back.

        :raises GameError: ``event_kind_unknown``, ``event_invalid`` (``data["field"]``).
        """
        return self._read_event(data)


class ParsedTerms(Generic[T]):
    """A part of a round's terms (a rule set's settings, the options) parsed by ``parse`` once
    per process and kept in a bounded cache keyed on its canonical JSON text: a rule-set version
    never changes, so an entry never goes stale, and a refusal is not cached."""

    __slots__ = ("_parsed",)

    def __init__(self, parse: Callable[[Any], T], *, cache_size: int) -> None:
        @functools.lru_cache(maxsize=cache_size)
        def parsed(text: str) -> T:
            return parse(json.loads(text))

        self._parsed = parsed

    def __call__(self, value: Mapping[str, object]) -> T:
        """``value`` parsed, or the parse's refusal."""
        return self._parsed(canonical_json(value))

    def cache_info(self) -> functools._CacheInfo:
        return self._parsed.cache_info()
