"""The input of each dealer action: an envelope (``expected_event``, ``action``) plus its fields.

Actions every game shares are declared here; each game's adapter adds its own serializers. The
OpenAPI schema describes the request body as one of them, told apart by ``action``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from casino.api.serializers import StrictSerializer
from tables.api.fields import CardField
from tables.engines import ACTION_UNKNOWN, adapter_for, all_adapters


class ActionEnvelope(StrictSerializer):
    """What every action carries: its name and the last event number the tablet saw."""

    expected_event = serializers.IntegerField(min_value=0)
    action = serializers.CharField(max_length=40)


class NoteInput(ActionEnvelope):
    """A free-text remark in the round's log (a jammed shuffler, a player dispute...)."""

    text = serializers.CharField(max_length=500)


class ExposeCardInput(ActionEnvelope):
    """A card seen by accident (misdeal, flashed card): out of play for the rest of the deck."""

    card = CardField()
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class NoInput(ActionEnvelope):
    """An action with nothing more to say than its name."""


class CardInput(ActionEnvelope):
    """An action that records one card."""

    card = CardField()


CORE_ACTION_INPUTS: dict[str, type[ActionEnvelope]] = {
    "note": NoteInput,
    "expose_card": ExposeCardInput,
}


class UnknownActionInput(ActionEnvelope):
    """Validates the envelope only, then refuses the unknown action with ``action_unknown``."""

    def validate_action(self, value: str) -> str:
        raise serializers.ValidationError(f"Unknown action {value!r}.", code=ACTION_UNKNOWN)

    def to_internal_value(self, data: Any) -> Any:
        # Only the envelope is judged: listing every other field as unknown would bury the point.
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k in ("expected_event", "action")}
        return super().to_internal_value(data)


def action_input_for(game: str, body: Any) -> type[ActionEnvelope]:
    """The serializer for the action named in ``body`` at a table of ``game``."""
    action = body.get("action") if isinstance(body, dict) else None
    if action in CORE_ACTION_INPUTS:
        return CORE_ACTION_INPUTS[action]
    adapter = adapter_for(game)
    inputs = adapter.action_inputs() if adapter is not None else {}
    if isinstance(action, str) and action in inputs:
        return inputs[action]
    return UnknownActionInput


def action_request_schema() -> PolymorphicProxySerializer:
    """The OpenAPI request body: one of the action serializers of every game."""
    serializers_by_action: dict[str, Any] = dict(CORE_ACTION_INPUTS)
    for adapter in all_adapters():
        serializers_by_action.update(adapter.action_inputs())
    return PolymorphicProxySerializer(
        component_name="RoundAction",
        serializers=list(dict.fromkeys(serializers_by_action.values())),
        resource_type_field_name=None,
    )
