"""The seam between the rounds service and the pure game engines.

Each game registers a ``GameAdapter``; the rounds service locks the round, checks the expected
event number, and asks the adapter to turn one dealer action into events. Actions every game
shares (``note``, ``expose_card``) are handled by the rounds service itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

from casino.games.errors import GameError
from casino.games.reddog.rules import RedDogRules
from casino.games.rubyrun.rules import RubyRunRules
from casino.games.russian.rules import RussianPokerRules

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
class LedgerMove:
    """A chip movement of a pot game, numbered from 1 within the round (``LedgerEntry``)."""

    seq: int
    source: str
    destination: str
    amount: Decimal
    reason: str


@dataclass(frozen=True)
class ActionOutcome:
    """What one action produced: its events, the round's new phase, the chips it moved, and the
    game's view after it (so the response needs no second replay)."""

    events: tuple[PendingEvent, ...]
    phase: str
    ledger: tuple[LedgerMove, ...] = ()
    view: dict[str, Any] | None = None


@dataclass(frozen=True)
class StakeLine:
    """A stake to be written as a ``WagerLine``: box or seat, kind (``ante``, ``bet``...)."""

    box: int
    kind: str
    amount: Decimal


@dataclass(frozen=True)
class ReturnLine:
    """An amount handed back, to be written as a ``PayoutLine``."""

    box: int
    line: str
    outcome: str
    stake: Decimal
    computed: Decimal
    paid: Decimal
    combination: str = ""
    reason: str = ""
    pot: int | None = None


@dataclass(frozen=True)
class SettlementPlan:
    """What the settlement service writes for a round, computed purely from its events.

    ``engine_result`` is the engine's own settlement as JSON; replay compares it to the cent.
    In a pot game (``pot_game``) the stakes less the amounts paid must equal the rake, which the
    service checks before writing.
    """

    stakes: tuple[StakeLine, ...]
    returns: tuple[ReturnLine, ...]
    engine_result: dict[str, Any]
    rake: Decimal = Decimal(0)
    cap_applied: bool = False
    pot_game: bool = False


class GameAdapter(Protocol):
    """What a game provides to the rounds service."""

    game: str
    initial_phase: str

    def action_inputs(self) -> Mapping[str, Any]:
        """The game's actions, each with the serializer class of its input."""

    def act(
        self, *, round: Any, history: Sequence[Any], action: str, data: Mapping[str, Any]
    ) -> ActionOutcome:
        """Verify ``action`` against the state rebuilt from ``history`` and return its events."""

    def view(self, *, round: Any, history: Sequence[Any]) -> dict[str, Any]:
        """The round's state and legal next actions, for the tablet."""

    def settle(self, *, round: Any, history: Sequence[Any]) -> SettlementPlan:
        """The settlement of a complete round. :raises GameError: when it is not complete."""

    def normalise_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """What was agreed before the deal, validated. :raises GameError: ``options_invalid``."""

    def state_of(self, round: Any, history: Sequence[Any]) -> Any:
        """The engine's state rebuilt from the round's stored events."""

    def deck_pass(self, state: Any) -> int:
        """The number of the deck in use (a card may be recorded once per deck)."""


_ADAPTERS: dict[str, GameAdapter] = {}


def register(adapter: GameAdapter) -> GameAdapter:
    _ADAPTERS[adapter.game] = adapter
    return adapter


def all_adapters() -> list[GameAdapter]:
    return list(_ADAPTERS.values())


def adapter_for(game: str) -> GameAdapter | None:
    """The registered adapter of ``game``, or ``None`` while the game has no engine."""
    return _ADAPTERS.get(game)


#: Each game's rules class: ``from_dict`` validates stored settings, ``to_dict`` normalises them.
RULES_CLASSES: dict[str, Any] = {
    "russian_poker": RussianPokerRules,
    "ruby_run": RubyRunRules,
    "red_dog": RedDogRules,
}


def validate_rule_settings(game: str, settings: Any) -> dict[str, Any]:
    """Validate a rule set's settings with the game's rules class and return them complete.

    Missing settings are filled with the game's defaults, so a stored version states every
    setting it was played under.

    :raises GameError: ``ruleset_invalid`` with ``data["field"]``.
    """
    if not isinstance(settings, Mapping):
        raise GameError(RULESET_INVALID, "Rule-set settings must be a JSON object.")
    return dict(RULES_CLASSES[game].from_dict(settings).to_dict())
