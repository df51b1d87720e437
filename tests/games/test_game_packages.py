"""Every game's package has the same modules under the same names, so that an engineer who knows
one game finds the same thing in the same place in another: the refusal codes, the rule set,
the phases and actions, the actions' input fields, the events, the state, the tablet's view,
the settlement and the definition the apps drive."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from casino.games.registry import REGISTERED

#: The modules every game's package has, by what they hold.
GAME_MODULES = (
    "codes",  # the refusal codes only this game raises
    "rules",  # the rule set's settings
    "phases",  # the phases, the actions, which phase accepts which
    "fields",  # each action's input fields and help
    "events",  # the events, read and written by the one codec
    "state",  # the state with its actions declared once
    "tablet",  # what the dealer's tablet shows
    "settlement",  # who is paid what
    "game",  # the definition the apps drive
)

#: Each registered game's package.
PACKAGES = {game.name: type(game.definition).__module__.rsplit(".", 1)[0] for game in REGISTERED}


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_game_has_the_same_modules(game: str) -> None:
    package = importlib.import_module(PACKAGES[game])
    folder = Path(package.__file__ or "").parent
    missing = [name for name in GAME_MODULES if not (folder / f"{name}.py").is_file()]
    assert missing == [], f"{PACKAGES[game]} lacks {missing}"


def test_each_game_is_its_own_package() -> None:
    assert sorted(PACKAGES.values()) == [
        "casino.games.reddog",
        "casino.games.rubyrun",
        "casino.games.russian",
    ]
