"""The input of each dealer action, built from the engines' action specs.

Every action's body is an envelope (``expected_event``, ``action``) plus the fields its engine's
``GameActionSpec`` declares; the serializers here are made from those specs, once, so an action
added to an engine is an action of the API (and of its schema) without a line here. ``note``,
the remark every game accepts, is the rounds service's own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from casino.api.serializers import MoneyField, StrictSerializer
from casino.core.errors import RequestCode
from casino.games.contract import FieldKind, FieldSpec, GameActionSpec
from tables.api.fields import CardField, CardListField, StacksField
from tables.engines import GAMES
from tables.services.rounds import NOTE, NOTE_MAX_LENGTH


class ActionEnvelope(StrictSerializer):
    """What every action carries: its name and the last event number the tablet saw."""

    expected_event = serializers.IntegerField(min_value=0)
    action = serializers.CharField(max_length=40)


class NoteInput(ActionEnvelope):
    """A free-text remark in the round's log (a jammed shuffler, a player dispute...)."""

    text = serializers.CharField(max_length=NOTE_MAX_LENGTH)


class UnknownActionInput(ActionEnvelope):
    """Validates the envelope only, then refuses the unknown action with ``action_unknown``."""

    def validate_action(self, value: str) -> str:
        raise serializers.ValidationError(
            f"Unknown action {value!r}.", code=RequestCode.ACTION_UNKNOWN
        )

    def to_internal_value(self, data: Any) -> Any:
        # Only the envelope is judged: listing every other field as unknown would bury the point.
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k in ("expected_event", "action")}
        return super().to_internal_value(data)


def serializer_field(spec: FieldSpec) -> serializers.Field:  # type: ignore[type-arg]
    """The DRF field that validates ``spec`` into the value its engine takes."""
    options: dict[str, Any] = {"help_text": spec.help or None}
    if not spec.required:
        options["required"] = False
        options["default"] = spec.default
    if spec.nullable:
        options["allow_null"] = True
    kind = spec.kind
    if kind in (FieldKind.POSITION, FieldKind.INTEGER):
        return serializers.IntegerField(
            min_value=spec.min_value, max_value=spec.max_value, **options
        )
    if kind is FieldKind.AMOUNT:
        return MoneyField(**options)
    if kind is FieldKind.CARD:
        return CardField(**options)
    if kind is FieldKind.CARDS:
        return CardListField(min_length=spec.min_count, max_length=spec.max_count, **options)
    if kind is FieldKind.TARGET:
        return serializers.CharField(max_length=spec.max_length or 20, **options)
    if kind is FieldKind.CHOICE:
        return serializers.ChoiceField(choices=list(spec.choices), **options)
    if kind is FieldKind.FLAG:
        return serializers.BooleanField(**options)
    if kind is FieldKind.TEXT:
        return serializers.CharField(
            max_length=spec.max_length,
            allow_blank=spec.default == "",
            **options,
        )
    if kind is FieldKind.STACKS:
        return StacksField(**options)
    raise LookupError(f"no serializer field for {kind}")


def _input_serializer(game: str, action: GameActionSpec) -> type[ActionEnvelope]:
    name = "".join(part.title() for part in f"{game}_{action.name}".split("_")) + "Input"
    attributes: dict[str, Any] = {spec.name: serializer_field(spec) for spec in action.fields}
    attributes["__doc__"] = action.help
    attributes["__module__"] = __name__
    return type(name, (ActionEnvelope,), attributes)


#: Each game's input serializer of each action.
ACTION_INPUTS: Mapping[str, Mapping[str, type[ActionEnvelope]]] = MappingProxyType(
    {
        game.name: MappingProxyType(
            {name: _input_serializer(game.name, spec) for name, spec in game.actions.items()}
        )
        for game in GAMES.values()
    }
)


def action_input_for(game: str, body: Any) -> type[ActionEnvelope]:
    """The serializer for the action named in ``body`` at a table of ``game``."""
    action = body.get("action") if isinstance(body, dict) else None
    if action == NOTE:
        return NoteInput
    inputs = ACTION_INPUTS.get(game, {})
    if isinstance(action, str) and action in inputs:
        return inputs[action]
    return UnknownActionInput


def action_request_schema() -> PolymorphicProxySerializer:
    """The OpenAPI request body: one of the bodies of every action, told apart by ``action``
    (the discriminator, whose mapping names each action's body).

    An action several games share with the same fields has one body; one whose fields differ
    between games (``fold`` names a box in Russian Poker, a seat in Ruby Run) maps to a union
    of those games' bodies, which their fields tell apart.
    """
    variants: dict[str, list[type[ActionEnvelope]]] = {NOTE: [NoteInput]}
    shapes: dict[str, list[tuple[FieldSpec, ...]]] = {NOTE: [()]}
    for game in GAMES.values():
        for name, spec in game.actions.items():
            # The help texts may be worded per game; the fields are what a body must match.
            shape = tuple(dataclasses.replace(field, help="") for field in spec.fields)
            if shape not in shapes.setdefault(name, []):
                shapes[name].append(shape)
                variants.setdefault(name, []).append(ACTION_INPUTS[game.name][name])
    bodies: dict[str, Any] = {
        name: found[0]
        if len(found) == 1
        else PolymorphicProxySerializer(
            component_name="".join(part.title() for part in name.split("_")) + "Action",
            serializers=found,
            resource_type_field_name=None,
        )
        for name, found in variants.items()
    }
    return PolymorphicProxySerializer(
        component_name="RoundAction", serializers=bodies, resource_type_field_name="action"
    )


def read_action(game: str, body: Any) -> dict[str, Any]:
    """``body``'s fields for its action at a table of ``game``, validated (the envelope's
    ``expected_event`` and ``action`` left out).

    :raises ValidationError: in the API's one error shape (400).
    """
    serializer = action_input_for(game, body)(data=body)
    serializer.is_valid(raise_exception=True)
    data = dict(serializer.validated_data)
    data.pop("expected_event", None)
    data.pop("action", None)
    return data
