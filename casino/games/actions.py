"""What the action triads of every engine share.

Each action ``x`` of an engine's state comes as ``verify_x`` (raise the refusal, change nothing),
``can_x`` (the same question as a bool: :func:`succeeds`) and ``x`` itself. Every engine has one
table of which actions each phase accepts; :func:`check_phase` is the refusal of an action its
phase does not list. The code ``action_out_of_phase`` belongs to this module, and each engine's
``codes`` module re-exports it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from enum import StrEnum
from typing import Final, TypeVar

from casino.games.codes import GameCode
from casino.games.errors import GameError

#: The action is not allowed in the current phase (``data["action"]``, ``data["phase"]``).
ACTION_OUT_OF_PHASE: Final = GameCode.ACTION_OUT_OF_PHASE

P = TypeVar("P", bound=StrEnum)
A = TypeVar("A", bound=StrEnum)


def out_of_phase(action: StrEnum, phase: StrEnum) -> GameError:
    """The ``action_out_of_phase`` refusal of ``action`` in ``phase``.

    >>> from enum import StrEnum
    >>> class Phase(StrEnum):
    ...     BETTING = "betting"
    >>> class Action(StrEnum):
    ...     DEAL = "deal"
    >>> error = out_of_phase(Action.DEAL, Phase.BETTING)
    >>> error.code, error.message
    ('action_out_of_phase', 'deal is not allowed in phase betting')
    >>> error.data
    {'action': 'deal', 'phase': 'betting'}
    """
    return GameError(
        ACTION_OUT_OF_PHASE,
        f"{action.value} is not allowed in phase {phase.value}",
        action=action.value,
        phase=phase.value,
    )


def check_phase(accepts: Mapping[P, Collection[A]], phase: P, action: A) -> None:
    """Refuse ``action`` unless ``accepts[phase]`` (the engine's phase table) lists it.

    :raises GameError: ``action_out_of_phase`` (``data["action"]``, ``data["phase"]``).
    """
    if action not in accepts[phase]:
        raise out_of_phase(action, phase)


def succeeds(check: Callable[[], object]) -> bool:
    """Whether ``check`` runs without a refusal: the ``can_x`` of an action whose ``verify_x``
    is ``check``. Any other exception is a bug and propagates.

    >>> def refuse() -> None:
    ...     raise GameError("no_wagers", "No box has wagers")
    >>> succeeds(lambda: None), succeeds(refuse)
    (True, False)
    """
    try:
        check()
    except GameError:
        return False
    return True
