"""What every game's state holds and answers the same way.

:class:`EngineState` is the base of each engine's state: its phase, whether it is complete, the
events applied to this object, the count of every event of the game (a restored state's
included), the refusal of a result asked too early, and the head every snapshot opens with:
which game wrote it (``"game"``, and ``"version"`` where the layout has one), the phase and the
event count, before the state's own fields (:mod:`casino.games.snapshots`). A game dealt from
one deck and settled at its end keeps the defaults of :attr:`~EngineState.deck_pass` and
:attr:`~EngineState.movements`; one that reshuffles or moves chips as it goes answers its own.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar

from casino.games.actions import ActionState, check_phase
from casino.games.codes import GameCode
from casino.games.contract import ChipMovement, Event, JsonObject
from casino.games.errors import GameError
from casino.games.snapshots import SnapshotReader, invalid
from casino.games.stored_types import LEAVES, StoredType, stored_type

P = TypeVar("P", bound=StrEnum)
E = TypeVar("E", bound=Event)


class EngineState(ActionState, Generic[P, E]):
    """The phase, the events and the snapshot's head of a game's state (see the module)."""

    #: What a snapshot says it is (the game's name), so that another game's is refused.
    snapshot_game: ClassVar[str]
    #: The version of the snapshot's layout, where it has one; a snapshot of another is refused.
    snapshot_version: ClassVar[int | None] = None
    #: The game's phases, as a snapshot names them.
    phase_type: ClassVar[type[StrEnum]]
    #: The phase in which the round is over: the result is derivable, no action is accepted.
    final_phase: ClassVar[StrEnum]
    #: What one round of the game is called in a refusal ("round", "hand", "game").
    round_name: ClassVar[str]
    #: The game's one table of which actions each phase accepts.
    phase_actions: ClassVar[Mapping[Any, Collection[Any]]]

    _phase: P
    _events: list[E]
    _event_count: int
    _phase_form: ClassVar[StoredType]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "phase_type" in cls.__dict__:
            cls._phase_form = stored_type(cls.phase_type, LEAVES)

    def __init__(self, phase: P) -> None:
        """A new round in ``phase``, with no event yet."""
        self._phase = phase
        self._events = []
        self._event_count = 0

    @property
    def phase(self) -> P:
        return self._phase

    @property
    def complete(self) -> bool:
        """Whether the round is over: every input recorded, the result derivable, no action
        accepted."""
        return self._phase is self.final_phase

    @property
    def deck_pass(self) -> int:
        """The deck in use, from 1: always 1 for a round dealt from one deck, never reshuffled."""
        return 1

    @property
    def movements(self) -> tuple[ChipMovement, ...]:
        """The chip movements made since this object was built or restored: none for a round
        whose chips are settled at its end from what each position put in."""
        return ()

    @property
    def events(self) -> tuple[E, ...]:
        """The events applied to this object since it was built or restored."""
        return tuple(self._events)

    @property
    def event_count(self) -> int:
        """Every event of the game, those before a restore included."""
        return self._event_count

    def _check_phase(self, action: Any) -> None:
        check_phase(self.phase_actions, self._phase, action)

    def apply_all(
        self, events: Iterable[E | Mapping[str, Any]], read: Callable[[Mapping[str, Any]], E]
    ) -> Self:
        """This state with ``events`` applied in order (objects, or their stored dicts, which
        ``read`` rebuilds): a round replayed from its log.

        :raises GameError: as :meth:`apply`, or as ``read`` for a stored dict it cannot read.
        """
        for event in events:
            self.apply(read(event) if isinstance(event, Mapping) else event)
        return self

    def _record(self, event: Any) -> Any:
        self._events.append(event)
        self._event_count += 1
        return event

    def _not_complete(self) -> GameError:
        """The ``round_not_complete`` refusal of a result asked before the round is over
        (``data["phase"]``)."""
        return GameError(
            GameCode.ROUND_NOT_COMPLETE,
            f"The {self.round_name} is not complete: it stands in phase {self._phase.value}",
            phase=self._phase.value,
        )

    def _snapshot_head(self) -> JsonObject:
        """What every snapshot opens with: the game (and version), the phase, the event count."""
        head: JsonObject = {"game": self.snapshot_game}
        if self.snapshot_version is not None:
            head["version"] = self.snapshot_version
        head["phase"] = self._phase.value
        head["event_count"] = self._event_count
        return head

    def _restore_head(self, reader: SnapshotReader) -> None:
        """Read :meth:`_snapshot_head` back into this state.

        :raises GameError: ``snapshot_invalid`` for another game's snapshot, another version,
            a phase the game does not have or a negative event count.
        """
        game = reader.raw("game")
        if game != self.snapshot_game:
            raise invalid("game", f"not a {self.game_title} snapshot: {game!r}")
        if self.snapshot_version is not None and reader.integer("version") != self.snapshot_version:
            raise invalid("version", f"expected version {self.snapshot_version}")
        self._phase = reader.read("phase", self._phase_form.read)
        self._event_count = reader.integer("event_count")
        if self._event_count < 0:
            raise invalid("event_count", "must not be negative")
