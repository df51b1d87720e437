"""Output serializers of the tables API (inputs live beside their views, and the actions' in
``tables.api.actions``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tables.api.tablet_view import TabletViewSerializer
from tables.limits import LIMIT_FIELDS
from tables.models import RoundEvent, Table
from tables.services.rounds import tablet_view

_STATE_HELP = (
    "The game's own detailed picture of the round (game-specific keys, for displays and "
    "auditors); the tablet renders from ``view``."
)
_VIEW_HELP = "What the tablet renders from: one shape for every game."


class OpenRoundSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    number = serializers.IntegerField()


class TableOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    pit = serializers.CharField(source="pit.name")
    rule_set = serializers.CharField()
    dealer = serializers.SerializerMethodField()
    open_round = serializers.SerializerMethodField(
        help_text="The round in play, if any: a tablet that restarted resumes it."
    )
    unpaid_round = serializers.SerializerMethodField(
        help_text="The last round when it is settled and its payouts are not confirmed yet "
        "(POST /api/v1/rounds/{id}/paid/): a tablet shows its settlement until then, and the "
        "table opens no next round before it."
    )

    class Meta:
        model = Table
        fields = [
            "id",
            "code",
            "pit",
            "game",
            "status",
            "currency",
            "chip_unit",
            *LIMIT_FIELDS,
            "boxes",
            "language",
            "rule_set",
            "dealer",
            "open_round",
            "unpaid_round",
        ]

    def get_dealer(self, table: Table) -> str | None:
        assignment = next((a for a in table.assignments.all() if a.ended_at is None), None)
        return assignment.dealer.get_username() if assignment else None

    @extend_schema_field(OpenRoundSerializer(allow_null=True))
    def get_open_round(self, table: Table) -> dict[str, int] | None:
        return _annotated_round(table, "open_round")

    @extend_schema_field(OpenRoundSerializer(allow_null=True))
    def get_unpaid_round(self, table: Table) -> dict[str, int] | None:
        return _annotated_round(table, "unpaid_round")


def _annotated_round(table: Table, name: str) -> dict[str, int] | None:
    """The round the table's queryset annotated as ``<name>_id`` and ``<name>_number``
    (``tables.selectors.table_queryset``), or ``None``."""
    round_id = getattr(table, f"{name}_id", None)
    if round_id is None:
        return None
    return {"id": round_id, "number": getattr(table, f"{name}_number")}


class RoundEventOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    actor = serializers.CharField(source="actor.username")

    class Meta:
        model = RoundEvent
        fields = ["seq", "kind", "payload", "actor", "created_at"]

    def to_representation(self, event: RoundEvent) -> dict[str, Any]:
        return event_output(event)


def event_output(event: RoundEvent) -> dict[str, Any]:
    """``RoundEventOutputSerializer``'s answer for ``event``, written out directly.

    Every dealer action answers with its events: building them field by field, or even
    touching a serializer's ``fields`` (a deep copy of every declared field), costs more than
    the rest of the answer. The serializer's fields are what the schema publishes; tests check
    that the two agree.
    """
    return {
        "seq": event.seq,
        "kind": event.kind,
        "payload": event.payload,
        "actor": event.actor.username,
        "created_at": iso_time(event.created_at),
    }


def iso_time(moment: dt.datetime) -> str:
    """A time as DRF's ``DateTimeField`` writes it: ISO 8601, ``Z`` for UTC."""
    text = timezone.localtime(moment, dt.UTC).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


class RoundOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A round with its events and its engine state; the serializer's ``instance`` is a
    ``tables.selectors.RoundDetail``."""

    id = serializers.IntegerField(source="round.pk")
    table = serializers.CharField(source="round.table.code")
    number = serializers.IntegerField(source="round.number")
    game = serializers.CharField(source="round.game")
    status = serializers.CharField(source="round.status")
    phase = serializers.CharField(source="round.phase")
    last_event_seq = serializers.IntegerField(source="round.last_event_seq")
    rule_set = serializers.CharField(source="round.rule_set")
    paytables = serializers.JSONField(source="round.paytables")
    dealer = serializers.CharField(source="round.dealer.username")
    options = serializers.JSONField(source="round.options")
    limits = serializers.JSONField(source="round.limits")
    gaming_day = serializers.DateField(source="round.gaming_day")
    opened_at = serializers.DateTimeField(source="round.opened_at")
    closed_at = serializers.DateTimeField(source="round.closed_at", allow_null=True)
    pending_retraction = serializers.IntegerField(
        source="round.pending_retraction_id",
        allow_null=True,
        help_text="A retraction of the round's last entries waiting for a pit boss "
        "(GET /api/v1/retractions/{id}/): the round takes no action until it is decided.",
    )
    events = RoundEventOutputSerializer(many=True)
    state = serializers.SerializerMethodField(help_text=_STATE_HELP)
    view = serializers.SerializerMethodField(help_text=_VIEW_HELP)

    @extend_schema_field(serializers.DictField())
    def get_state(self, detail: Any) -> dict[str, Any]:
        return dict(detail.state.view())

    @extend_schema_field(TabletViewSerializer)
    def get_view(self, detail: Any) -> dict[str, Any]:
        return dict(tablet_view(detail.state).to_dict())

    def to_representation(self, detail: Any) -> dict[str, Any]:
        # Every round opened and settled answers with it: written out directly (see
        # RoundEventOutput).
        round = detail.round
        return {
            "id": round.pk,
            "table": round.table.code,
            "number": round.number,
            "game": str(round.game),
            "status": str(round.status),
            "phase": str(round.phase),
            "last_event_seq": round.last_event_seq,
            "rule_set": str(round.rule_set),
            "paytables": round.paytables,
            "dealer": round.dealer.username,
            "options": round.options,
            "limits": round.limits,
            "gaming_day": round.gaming_day.isoformat(),
            "opened_at": iso_time(round.opened_at),
            "closed_at": None if round.closed_at is None else iso_time(round.closed_at),
            "pending_retraction": round.pending_retraction_id,
            "events": [event_output(e) for e in detail.events],
            "state": self.get_state(detail),
            "view": self.get_view(detail),
        }


class RoundActionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The answer to a dealer action: where the round stands and what the action recorded."""

    id = serializers.IntegerField(source="round.pk")
    status = serializers.CharField(source="round.status")
    phase = serializers.CharField(source="round.phase")
    last_event_seq = serializers.IntegerField(source="round.last_event_seq")
    events = RoundEventOutputSerializer(many=True, help_text="The events this action appended.")
    state = serializers.JSONField(help_text=_STATE_HELP)
    view = serializers.SerializerMethodField(help_text=_VIEW_HELP)

    @extend_schema_field(TabletViewSerializer)
    def get_view(self, result: Any) -> dict[str, Any]:
        return dict(result.view.to_dict())

    def to_representation(self, result: Any) -> dict[str, Any]:
        # The answer to every dealer action: written out directly (see RoundEventOutput).
        round = result.round
        return {
            "id": round.pk,
            "status": round.status,
            "phase": round.phase,
            "last_event_seq": round.last_event_seq,
            "events": [event_output(e) for e in result.events],
            "state": result.state,
            "view": result.view.to_dict(),
        }
