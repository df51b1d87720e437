"""The seam between the rounds service and the pure game engines.

Each game registers a ``GameAdapter``; the rounds service locks the round, checks the expected
event number, and asks the adapter to turn one dealer action into events. Actions every game
shares (``note``, ``expose_card``) are handled by the rounds service itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from casino.games.errors import GameError

ACTION_UNKNOWN = "action_unknown"
RULESET_INVALID = "ruleset_invalid"


@dataclass(frozen=True)
class PendingEvent:
    """An event an action produced, not yet stored: its kind, payload and the cards it shows."""

    kind: str
    payload: dict[str, Any]
    cards: tuple[tuple[int, str], ...] = ()
    deck_pass: int = 1


@dataclass(frozen=True)
class ActionOutcome:
    events: tuple[PendingEvent, ...]
    phase: str
    extra: dict[str, Any] = field(default_factory=dict)


class GameAdapter(Protocol):
    """What a game provides to the rounds service."""

    game: str
    initial_phase: str

    def validate_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The rule-set settings, normalised; :raises GameError: ``ruleset_invalid``."""

    def action_names(self) -> Sequence[str]:
        """The game-specific actions a dealer may send."""

    def act(
        self, *, round: Any, history: Sequence[Any], action: str, data: Mapping[str, Any]
    ) -> ActionOutcome:
        """Verify ``action`` against the state rebuilt from ``history`` and return its events."""

    def view(self, *, round: Any, history: Sequence[Any]) -> dict[str, Any]:
        """The round's state and legal next actions, for the tablet."""


_ADAPTERS: dict[str, GameAdapter] = {}


def register(adapter: GameAdapter) -> GameAdapter:
    _ADAPTERS[adapter.game] = adapter
    return adapter


def adapter_for(game: str) -> GameAdapter | None:
    """The registered adapter of ``game``, or ``None`` while the game has no engine."""
    return _ADAPTERS.get(game)


def validate_rule_settings(game: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """Validate a rule set's settings with the game's engine.

    :raises GameError: ``ruleset_invalid`` when the settings are not a JSON object or the engine
        refuses them.
    """
    if not isinstance(settings, Mapping):
        raise GameError(RULESET_INVALID, "Rule-set settings must be a JSON object.")
    adapter = adapter_for(game)
    return dict(settings) if adapter is None else adapter.validate_settings(settings)
