"""Every game is known from one registry (``casino.games.registry``): the models' choice of
games, the rounds' final phases, the API's refusal codes and the pages' names of games read it,
so adding a game is one entry there."""

from __future__ import annotations

from casino.api.schema import ENGINE_CODES
from casino.core.errors import CODE_ENUMS
from casino.games import reddog, rubyrun, russian
from casino.games.registry import FINAL_PHASES, GAME_CHOICES, GAMES, REGISTERED
from casino.surfaces import context
from tables.lifecycle import FINAL_PHASES as SETTLED_ROUND_PHASES
from tables.models import Game


def test_the_models_choice_of_games_is_the_registry() -> None:
    assert Game.choices == list(GAME_CHOICES)
    assert [Game.RUSSIAN_POKER, Game.RUBY_RUN, Game.RED_DOG] == list(GAMES)


def test_a_settled_round_stands_in_a_final_phase_of_the_registry() -> None:
    assert SETTLED_ROUND_PHASES == FINAL_PHASES == {"complete", "game_over"}
    phases = {
        russian.GAME.name: russian.Phase,
        rubyrun.GAME.name: rubyrun.Phase,
        reddog.GAME.name: reddog.Phase,
    }
    for game in REGISTERED:
        assert game.final_phases <= set(phases[game.name])


def test_every_games_refusals_are_the_apis() -> None:
    for game in REGISTERED:
        assert game.codes in CODE_ENUMS
        assert {str(code) for code in game.codes} <= ENGINE_CODES


def test_every_page_is_given_the_registrys_names_of_games() -> None:
    assert context.games(None)["games"] == {  # type: ignore[arg-type]
        "russian_poker": "Russian Poker",
        "ruby_run": "Ruby Run",
        "red_dog": "Red Dog",
    }
