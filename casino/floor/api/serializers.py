"""Output serializers of the live floor: the pit view (``casino.floor.pit_view``), amounts as
strings with two decimal places, percentages likewise, null where a figure has no meaning (no
stake, no house edge, amounts across currencies); and the alerts with their acknowledgement."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.core.models import Alert, AlertAcknowledgement

_Serializer = serializers.Serializer  # type: ignore[type-arg]


def _money(help_text: str) -> serializers.DecimalField:
    return serializers.DecimalField(
        max_digits=16, decimal_places=2, allow_null=True, help_text=help_text
    )


def _pct(help_text: str) -> serializers.DecimalField:
    return serializers.DecimalField(
        max_digits=12, decimal_places=2, allow_null=True, help_text=help_text
    )


class PitDealerOutputSerializer(_Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    since = serializers.DateTimeField(help_text="When the current assignment started.")
    rounds_per_hour = serializers.DecimalField(
        max_digits=12,
        decimal_places=1,
        allow_null=True,
        help_text="The dealer's pace at the table today; null before a round is settled.",
    )
    norm = serializers.DecimalField(
        max_digits=12,
        decimal_places=1,
        allow_null=True,
        help_text="The casino's norm for the game, rounds per hour.",
    )


class PitRoundOutputSerializer(_Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    phase = serializers.CharField()
    opened_at = serializers.DateTimeField()
    last_action_at = serializers.DateTimeField(
        allow_null=True, help_text="The round's last event; null before its first."
    )
    seconds_since_last_action = serializers.IntegerField(
        help_text="Since the last event, or since the opening while there is none."
    )


class LiveFiguresOutputSerializer(_Serializer):
    rounds_last_hour = serializers.IntegerField(
        help_text="Rounds opened in the 60 minutes up to now."
    )
    rounds_today = serializers.IntegerField(
        help_text="Rounds of today's gaming day settled, less those voided since."
    )
    wagered = _money("Staked in today's rounds.")
    paid = _money("Returned for today's rounds, approved payout corrections included.")
    house_result = _money("wagered - paid.")
    hold_pct = _pct("house_result / wagered, in percent; null with nothing wagered.")
    theoretical_hold_pct = _pct(
        "The paytables' house edges weighted by the stakes they priced, in percent; null "
        "where no stake had a paytable with an edge."
    )
    theoretical_priced_pct = _pct(
        "The stakes that had a price (the base of theoretical_hold_pct) over wagered, in "
        "percent; below 100 where some stakes had none, the theoretical hold speaking for that "
        "share alone; null with nothing wagered."
    )
    cap_hits = serializers.IntegerField(help_text="Payout lines the maximum payout cut today.")
    open_alerts = serializers.IntegerField(help_text="Alerts not yet acknowledged.")


class WaitingOutputSerializer(_Serializer):
    subject = serializers.ChoiceField(
        choices=["count", "slip", "slip_void", "drop", "correction", "limit_change", "retraction"],
        help_text="What waits: a tray count to confirm, a slip to approve, a slip's void or a "
        "drop count to decide, a correction, a change of limits or a retraction of a round's "
        "last entries to decide.",
    )
    id = serializers.IntegerField(help_text="Its id in its own API.")
    what = serializers.CharField(
        help_text="Which: the count's or correction's kind, the slip's kind and number, the "
        "limits asked for."
    )
    amount = _money(
        "The money it concerns; null for a correction, a change of limits or a retraction."
    )
    by = serializers.CharField(help_text="Who asked for it (or counted).")
    at = serializers.DateTimeField()
    round = serializers.IntegerField(
        allow_null=True, help_text="The round a correction or a retraction concerns (its id)."
    )


class TableLiveOutputSerializer(_Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    game = serializers.CharField()
    status = serializers.CharField()
    currency = serializers.CharField()
    dealer = PitDealerOutputSerializer(allow_null=True)
    current_round = PitRoundOutputSerializer(allow_null=True)
    figures = LiveFiguresOutputSerializer()
    waiting = WaitingOutputSerializer(
        many=True, help_text="What waits for a pit boss's decision here, oldest first."
    )


class LiveTotalsOutputSerializer(_Serializer):
    tables = serializers.IntegerField()
    tables_open = serializers.IntegerField()
    rounds_in_play = serializers.IntegerField()
    currency = serializers.CharField(
        allow_null=True, help_text="Null when the tables use several: amounts are then null."
    )
    figures = LiveFiguresOutputSerializer()


class LiveScopeOutputSerializer(_Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    totals = LiveTotalsOutputSerializer()


class PitViewOutputSerializer(_Serializer):
    gaming_day = serializers.DateField(help_text="The casino's gaming day at ``as_of``.")
    as_of = serializers.DateTimeField()
    time_zone = serializers.CharField(help_text="The casino's time zone (IANA name).")
    pit = LiveScopeOutputSerializer()
    casino = LiveScopeOutputSerializer()
    tables = TableLiveOutputSerializer(many=True)


class RecentRoundOutputSerializer(_Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.CharField()
    dealer = serializers.CharField()
    opened_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    staked = _money("Staked in the round; null until it is settled.")
    returned = _money("Returned for it; null until it is settled.")
    house_result = _money("staked - returned; null until it is settled.")
    cap_applied = serializers.BooleanField(
        allow_null=True, help_text="Whether the maximum payout cut it; null until settled."
    )


class EdgeBandOutputSerializer(_Serializer):
    ante_from = serializers.DecimalField(max_digits=14, decimal_places=2)
    per_ante_pct = _pct("The main game's house edge per initial Ante, from this Ante on.")
    low_pct = _pct("Its 95 % interval's low end.")
    high_pct = _pct("Its 95 % interval's high end.")


class TableHouseEdgeOutputSerializer(_Serializer):
    status = serializers.ChoiceField(
        choices=["not_requested", "pending", "done", "failed"],
        help_text="Whether the edge of the configuration the table plays now is computed.",
    )
    strategy = serializers.CharField(help_text="The player strategy the edge assumes.")
    bands = EdgeBandOutputSerializer(many=True, help_text="By Ante band, once computed.")
    rounds = serializers.IntegerField(
        allow_null=True, help_text="Rounds simulated per band; null until computed."
    )
    failure = serializers.CharField(help_text="Why it could not be computed; empty otherwise.")


class TableViewOutputSerializer(_Serializer):
    gaming_day = serializers.DateField(help_text="The casino's gaming day at ``as_of``.")
    as_of = serializers.DateTimeField()
    time_zone = serializers.CharField(help_text="The casino's time zone (IANA name).")
    table = TableLiveOutputSerializer()
    last_rounds = RecentRoundOutputSerializer(
        many=True, help_text="The table's last rounds, newest first."
    )
    house_edge = TableHouseEdgeOutputSerializer(
        allow_null=True,
        help_text="The house edge of the configuration a Russian Poker table plays now, with its"
        " status and confidence; null for another game.",
    )


class AlertAcknowledgementOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    acknowledged_by = serializers.CharField(source="acknowledged_by.username")

    class Meta:
        model = AlertAcknowledgement
        fields = ["acknowledged_by", "acknowledged_role", "acknowledged_at", "note"]


class AlertOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    casino = serializers.IntegerField(source="casino_id", allow_null=True)
    table = serializers.CharField(
        source="table_code", allow_null=True, help_text="The table's code."
    )
    table_id = serializers.IntegerField(allow_null=True)
    round = serializers.IntegerField(source="round_id", allow_null=True)
    acknowledgement = serializers.SerializerMethodField()

    class Meta:
        model = Alert
        fields = [
            "id",
            "kind",
            "severity",
            "cause",
            "casino",
            "table",
            "table_id",
            "round",
            "gaming_day",
            "details",
            "raised_at",
            "acknowledgement",
        ]

    @extend_schema_field(AlertAcknowledgementOutputSerializer(allow_null=True))
    def get_acknowledgement(self, alert: Alert) -> dict[str, Any] | None:
        """Who cleared it, when and why; null while it is open."""
        try:
            acknowledgement = alert.acknowledgement
        except AlertAcknowledgement.DoesNotExist:
            return None
        return dict(AlertAcknowledgementOutputSerializer(acknowledgement).data)
