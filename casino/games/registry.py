"""Every game the system has, by name: the one list the apps read to find a game's definition."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from casino.games import reddog, rubyrun, russian
from casino.games.contract import GameDefinition

#: Every game, by name.
GAMES: Mapping[str, GameDefinition] = MappingProxyType(
    {game.name: game for game in (russian.GAME, rubyrun.GAME, reddog.GAME)}
)


def game_of(name: str) -> GameDefinition:
    """The game named ``name``. :raises KeyError: for a game the system does not have."""
    return GAMES[name]
