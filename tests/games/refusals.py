"""What "refused" means in every engine's tests, in one place.

A refused action is refused three ways with the same code: ``verify_x`` raises it, ``can_x``
answers False, and ``x`` raises it. Before and after, :func:`snapshot` of the state must be equal:
a refusal changes nothing. Each engine's snapshot covers everything its state shows (the tablet's
view, the events, and what the engine derives from them).
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any

import pytest

from casino.games.errors import GameError
from casino.games.reddog import RedDogState
from casino.games.rubyrun import RubyRunState
from casino.games.russian import RussianPokerState


@singledispatch
def snapshot(state: Any) -> tuple[object, ...]:
    """Everything ``state`` shows, to compare before and after a refusal."""
    raise TypeError(f"No snapshot for {type(state).__name__}")


@snapshot.register
def _(state: RedDogState) -> tuple[object, ...]:
    return (
        state.view(),
        state.snapshot(),
        state.tablet_view().to_dict(),
        state.movements,
        state.events,
        state.event_count,
        state.stock,
        state.outcomes,
    )


@snapshot.register
def _(state: RubyRunState) -> tuple[object, ...]:
    return (
        state.view(include_hole_cards=True),
        state.events,
        state.history,
        state.seen_cards,
        state.snapshot(),
    )


@snapshot.register
def _(state: RussianPokerState) -> tuple[object, ...]:
    return (
        state.view(),
        state.events,
        state.cards_seen,
        state.phase,
        state.snapshot(),
        state.tablet_view().to_dict(),
    )


def refuse(state: Any, code: str, action: str, *args: Any) -> GameError:
    """Assert that ``verify_``, ``can_`` and the action itself refuse ``action(*args)`` with
    ``code``, and that nothing changed; the refusal is returned for further checks."""
    before = snapshot(state)
    with pytest.raises(GameError) as verified:
        getattr(state, f"verify_{action}")(*args)
    assert verified.value.code == code, verified.value.message
    assert getattr(state, f"can_{action}")(*args) is False
    with pytest.raises(GameError) as acted:
        getattr(state, action)(*args)
    assert acted.value.code == code
    assert snapshot(state) == before
    return acted.value
