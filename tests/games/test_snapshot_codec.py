"""Snapshots are written exactly as before and read back to the same state.

``tests/games/data/snapshots_<game>.json`` holds, as the engines wrote them, the snapshots of
states of every phase of every game (:mod:`tests.games.snapshot_cases`): stored snapshots must go
on reading, and a state must write the same JSON, byte for byte, that it wrote then.
"""

from __future__ import annotations

import functools
import json

import pytest

from tests.games.refusals import snapshot as everything_shown
from tests.games.snapshot_cases import GAMES, Case, as_text, played, stored

_played = functools.cache(played)


@pytest.mark.parametrize("game", GAMES)
def test_states_write_the_snapshots_stored_before(game: str) -> None:
    written = [as_text(case.snapshot) for case in _played(game)]
    assert written == stored(game)


@pytest.mark.parametrize("game", GAMES)
def test_stored_snapshots_restore_to_a_state_that_writes_them_again(game: str) -> None:
    cases: list[Case] = _played(game)
    texts = stored(game)
    assert len(cases) == len(texts)
    for case, text in zip(cases, texts, strict=True):
        restored = case.restore(json.loads(text))
        assert as_text(restored.snapshot()) == text
        again = case.restore(json.loads(as_text(restored.snapshot())))
        assert everything_shown(again) == everything_shown(restored)
