"""Every game the system has: the one list the apps, the API's schema and the pages read.

Each entry says what the rest of the system needs of a game besides its engine: its name (the
``game`` of a table, rule set, paytable and round), its label for people, the phases a settled
round ends in, and the enum of the refusal codes only it raises. Adding a game is adding its
package and one entry here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from casino.games import reddog, rubyrun, russian
from casino.games.contract import GameDefinition


@dataclass(frozen=True, slots=True)
class RegisteredGame:
    """One game as the system knows it (see the module's docstring)."""

    label: str
    final_phases: frozenset[str]
    codes: type[StrEnum]
    definition: GameDefinition

    @property
    def name(self) -> str:
        return self.definition.name


#: Every game, in the order pages list them.
REGISTERED: Final = (
    RegisteredGame(
        label="Russian Poker",
        final_phases=frozenset({russian.Phase.COMPLETE}),
        codes=russian.codes.RussianPokerCode,
        definition=russian.GAME,
    ),
    RegisteredGame(
        label="Ruby Run",
        final_phases=frozenset({rubyrun.Phase.COMPLETE}),
        codes=rubyrun.codes.RubyRunCode,
        definition=rubyrun.GAME,
    ),
    RegisteredGame(
        label="Red Dog",
        final_phases=frozenset({reddog.Phase.GAME_OVER}),
        codes=reddog.codes.RedDogCode,
        definition=reddog.GAME,
    ),
)

#: Every game's entry, by name.
REGISTRY: Final[Mapping[str, RegisteredGame]] = MappingProxyType(
    {entry.name: entry for entry in REGISTERED}
)

#: Every game's definition, by name.
GAMES: Final[Mapping[str, GameDefinition]] = MappingProxyType(
    {entry.name: entry.definition for entry in REGISTERED}
)

#: The phases a settled round of any game stands in.
FINAL_PHASES: Final = frozenset().union(*(entry.final_phases for entry in REGISTERED))

#: Every game's name and label, for a choice of games.
GAME_CHOICES: Final = tuple((entry.name, entry.label) for entry in REGISTERED)


def game_of(name: str) -> GameDefinition:
    """The game named ``name``. :raises KeyError: for a game the system does not have."""
    return GAMES[name]
