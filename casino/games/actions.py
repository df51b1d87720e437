"""What the action triads of every engine share.

Each action ``x`` of an engine's state comes as ``verify_x`` (raise the refusal, change nothing),
``can_x`` (the same question as a bool: :func:`succeeds`) and ``x`` itself. Every engine has one
table of which actions each phase accepts; :func:`check_phase` is the refusal of an action its
phase does not list. Its code ``action_out_of_phase``, like every shared code, is named once in
:mod:`casino.games.codes`, which each engine's ``codes`` module re-exports.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Collection, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar, Concatenate, Final, Generic, ParamSpec, TypeVar, overload

from casino.games.codes import ACTION_OUT_OF_PHASE, EVENT_KIND_UNKNOWN
from casino.games.contract import Event
from casino.games.errors import GameError

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


# -- the template: an action declared once -------------------------------------------------------

S = TypeVar("S", bound="ActionState")
E = TypeVar("E", bound=Event)
R = TypeVar("R")
Params = ParamSpec("Params")


class DeclaredAction(Generic[S, Params, E]):
    """One dealer action of a game, declared once on its state class by :func:`game_action`.

    The declaration holds the action's name (its phases are the engine's one phase table), the
    event it makes, its check and its apply. Everything else is derived from it:

    - ``state.x(...)``: the phase is checked, then the check (which raises the refusal or
      returns the event, changing nothing), then the apply (which changes the state), and the
      event is recorded and returned;
    - ``verify_x = x.verify`` and ``can_x = x.can``: the same question without the change, as a
      refusal or as a bool;
    - ``state.apply(event)``: the recorded event performed again through its action, with the
      same checks (:meth:`ActionState.apply`);
    - the contract's :class:`~casino.games.contract.GameActionSpec` (:func:`action_specs`), whose
      input fields are the check's parameters by name.
    """

    def __init__(self, name: StrEnum, event: type[E], check: Callable[Concatenate[S, Params], E]):
        self.name = name
        self.event = event
        self.check = check
        self.apply: Callable[[S, E], None] | None = None
        #: The check's parameters after the state: the action's input fields by name.
        self.parameters: Final = tuple(inspect.signature(check).parameters)[1:]
        #: ``verify_x``: raise if ``x`` would be refused now; never changes anything.
        self.verify: Final = _Bound(self, _verify)
        #: ``can_x``: whether ``x`` would be accepted now (:func:`succeeds`).
        self.can: Final = _Bound(self, _can)
        self.__doc__ = check.__doc__

    def applies(self, apply: Callable[[S, E], None]) -> Callable[[S, E], None]:
        """Decorate the method that applies this action's event to the state (the change the
        check allowed); returns it unchanged."""
        self.apply = apply
        return apply

    def checked(self, state: S, *args: Params.args, **kwargs: Params.kwargs) -> E:
        """The event the action would make on ``state``, or its refusal; changes nothing."""
        state._check_phase(self.name)
        return self.check(state, *args, **kwargs)

    def performed(self, state: S, *args: Params.args, **kwargs: Params.kwargs) -> E:
        """The action on ``state``: checked, applied, recorded."""
        event = self.checked(state, *args, **kwargs)
        assert self.apply is not None, f"{self.name} has no apply"
        self.apply(state, event)
        state._record(event)
        return event

    @overload
    def __get__(self, state: None, owner: type[S]) -> DeclaredAction[S, Params, E]: ...

    @overload
    def __get__(self, state: S, owner: type[S]) -> Callable[Params, E]: ...

    def __get__(
        self, state: S | None, owner: type[S]
    ) -> DeclaredAction[S, Params, E] | Callable[Params, E]:
        if state is None:
            return self

        def perform(*args: Params.args, **kwargs: Params.kwargs) -> E:
            return self.performed(state, *args, **kwargs)

        perform.__doc__ = self.__doc__
        return perform


class _Bound(Generic[S, Params, R]):
    """``verify_x`` or ``can_x`` of a declared action, bound to the state it is read from."""

    def __init__(
        self,
        declared: DeclaredAction[S, Params, Any],
        ask: Callable[[Callable[[], object]], R],
    ) -> None:
        self._declared = declared
        self._ask = ask
        self.__doc__ = f"{ask.__doc__} (:meth:`{declared.name.value}`)"

    @overload
    def __get__(self, state: None, owner: type[S]) -> _Bound[S, Params, R]: ...

    @overload
    def __get__(self, state: S, owner: type[S]) -> Callable[Params, R]: ...

    def __get__(
        self, state: S | None, owner: type[S]
    ) -> _Bound[S, Params, R] | Callable[Params, R]:
        if state is None:
            return self
        declared, ask = self._declared, self._ask

        def question(*args: Params.args, **kwargs: Params.kwargs) -> R:
            return ask(lambda: declared.checked(state, *args, **kwargs))

        question.__doc__ = self.__doc__
        return question


def _verify(check: Callable[[], object]) -> None:
    """Raise if the action would be refused now; never changes anything"""
    check()


def _can(check: Callable[[], object]) -> bool:
    """Whether the action would be accepted now; never changes anything"""
    return succeeds(check)


def game_action(
    name: StrEnum, event: type[E]
) -> Callable[[Callable[Concatenate[S, Params], E]], DeclaredAction[S, Params, E]]:
    """Declare the decorated check as action ``name`` of its state, making ``event``.

    The check is the action's public method: its name is the action's, its parameters are the
    action's input fields and the event's fields of the same names, its docstring says what the
    action does and which refusals it raises (``action_out_of_phase`` first, from the phase
    table). It returns the event and changes nothing; the method decorated with
    ``@x.applies`` makes the change.
    """

    def declare(check: Callable[Concatenate[S, Params], E]) -> DeclaredAction[S, Params, E]:
        return DeclaredAction(name, event, check)

    return declare


class ActionState:
    """The base of a game's state whose actions are declared with :func:`game_action`.

    A subclass says which game it is (:attr:`game_title`), checks an action against its phase
    table (``_check_phase``) and records an event (``_record``); :meth:`apply` and
    :attr:`declared_actions` come from its declarations, checked when the class is made: every
    action has an apply, no two make the same event, and each parameter of a check without a
    default is a field of its event.
    """

    #: The game's name in a refusal ("Not a Red Dog event").
    game_title: ClassVar[str]
    #: The actions declared on the class, by name, in the order declared.
    declared_actions: ClassVar[Mapping[str, DeclaredAction[Any, ..., Any]]]
    _action_of_event: ClassVar[Mapping[type[Event], DeclaredAction[Any, ..., Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A subclass keeps its bases' actions; one it declares again replaces the base's.
        declared = {
            value.name.value: value
            for klass in reversed(cls.__mro__)
            for value in vars(klass).values()
            if isinstance(value, DeclaredAction)
        }
        for found in declared.values():
            _check_declaration(found)
        by_event = {found.event: found for found in declared.values()}
        if len(by_event) != len(declared):
            raise TypeError(f"{cls.__name__}: two actions make the same event")
        cls.declared_actions = MappingProxyType(declared)
        cls._action_of_event = MappingProxyType(by_event)

    # Each game types these with its own Action and Event; Any keeps the overrides sound.
    def _check_phase(self, action: Any) -> None:
        """Refuse ``action`` with ``action_out_of_phase`` unless the phase accepts it."""
        raise NotImplementedError

    def _record(self, event: Any) -> Any:
        """Keep ``event``, applied, in the round's log."""
        raise NotImplementedError

    def apply(self, event: Event) -> Event:
        """Apply a recorded event through its action, with the same checks.

        :raises GameError: as the action would, e.g. when a stored log was altered;
            ``event_kind_unknown`` for an event that is not this game's.
        """
        declared = self._action_of_event.get(type(event))
        if declared is None:
            raise GameError(
                EVENT_KIND_UNKNOWN,
                f"Not a {self.game_title} event: {event!r}",
                kind=repr(getattr(event, "kind", None)),
            )
        arguments = {
            name: getattr(event, name) for name in declared.parameters if hasattr(event, name)
        }
        result: Event = declared.performed(self, **arguments)
        return result


def _check_declaration(declared: DeclaredAction[Any, ..., Any]) -> None:
    if declared.apply is None:
        raise TypeError(f"action {declared.name.value} has no apply")
    event_fields = {field.name for field in dataclasses.fields(declared.event)}
    for name, parameter in list(inspect.signature(declared.check).parameters.items())[1:]:
        if name not in event_fields and parameter.default is inspect.Parameter.empty:
            raise TypeError(
                f"action {declared.name.value}: {declared.event.__name__} has no field {name}"
            )
