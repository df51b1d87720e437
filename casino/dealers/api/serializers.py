"""The dealers API's shapes: the period asked for, and the figures answered (decimals as
strings, never floats)."""

from __future__ import annotations

from rest_framework import serializers

from casino.api.serializers import StrictSerializer
from casino.dealers.against_plan import DepartureKind
from casino.dealers.models import RotationPlanSource


class PeriodFilterSerializer(StrictSerializer):
    casino = serializers.IntegerField(min_value=1)
    first = serializers.DateField(help_text="The first gaming day.")
    last = serializers.DateField(help_text="The last gaming day (an empty answer before first).")


def _decimal(places: int = 2, **kwargs: object) -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=12, decimal_places=places, allow_null=True, **kwargs)


class PaceOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    dealer = serializers.IntegerField()
    dealer_name = serializers.CharField()
    game = serializers.CharField()
    table = serializers.IntegerField(allow_null=True, help_text="Null: every table.")
    table_code = serializers.CharField(allow_null=True)
    occupancy = serializers.IntegerField(
        allow_null=True, help_text="Boxes or seats that staked; null: every occupancy."
    )
    rounds = serializers.IntegerField()
    seconds_per_round = _decimal(1)
    seconds_between = _decimal(1, help_text="Null where no gap between rounds counted.")
    rounds_per_hour = _decimal(1)
    norm = _decimal(help_text="The casino's norm for the game, rounds per hour.")
    of_norm = _decimal(help_text="The pace as a share of the norm (1.00 at the norm).")


class AccuracyOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    dealer = serializers.IntegerField()
    dealer_name = serializers.CharField()
    rounds = serializers.IntegerField(help_text="Rounds the dealer opened, settled.")
    voids = serializers.IntegerField()
    payout_corrections = serializers.IntegerField()
    corrected_owed = _decimal(help_text="What approved payout corrections owed the players.")
    corrected_recovered = _decimal(help_text="What they recovered from the players.")
    retractions = serializers.IntegerField()
    entries_retracted = serializers.IntegerField()
    voids_per_1000 = _decimal()
    payout_corrections_per_1000 = _decimal()
    entries_retracted_per_1000 = _decimal()
    refused_entries = serializers.IntegerField(
        help_text="The dealer's requests at the tables refused (4xx of their own making)."
    )
    refused_by_code = serializers.DictField(
        child=serializers.IntegerField(), help_text="The refused entries by their code."
    )
    refused_entries_per_1000 = _decimal()


# -- a pit's rotation plans ----------------------------------------------------------------------

_ID = {"min_value": 1, "max_value": 2**63 - 1}


class AbsenceInputSerializer(StrictSerializer):
    dealer = serializers.IntegerField(**_ID, help_text="A dealer of ``dealer_ids``.")
    start = serializers.DateTimeField()
    end = serializers.DateTimeField(help_text="After the start.")


class PlanTermsInputSerializer(StrictSerializer):
    """A shift of a pit to plan: when, how long, the rotation's pattern, who deals."""

    shift_start = serializers.DateTimeField(help_text="The shift's first moment (2000 to 2099).")
    length = serializers.IntegerField(min_value=1, max_value=1440, help_text="Minutes.")
    minutes_on = serializers.IntegerField(min_value=1, max_value=480, help_text="A stint's.")
    minutes_off = serializers.IntegerField(min_value=1, max_value=240, help_text="A break's.")
    min_stint = serializers.IntegerField(
        min_value=0, max_value=480, help_text="The fewest minutes of a stint before a break."
    )
    grace = serializers.IntegerField(
        min_value=0, max_value=240, help_text="Minutes a stint may run past the minutes on."
    )
    dealer_ids = serializers.ListField(
        child=serializers.IntegerField(**_ID), min_length=1, max_length=200
    )
    absences = serializers.ListField(
        child=AbsenceInputSerializer(), max_length=400, required=False, default=list
    )
    table_ids = serializers.ListField(
        child=serializers.IntegerField(**_ID),
        min_length=1,
        max_length=100,
        required=False,
        help_text="The tables to plan, of this pit; by default its open tables.",
    )


class SlotSerializer(StrictSerializer):
    dealer = serializers.CharField(max_length=20, help_text="The dealer's id.")
    place = serializers.CharField(max_length=20, help_text='A table\'s id, or "BREAK".')
    start = serializers.IntegerField(min_value=0, max_value=1440, help_text="Minute of the shift.")
    end = serializers.IntegerField(min_value=0, max_value=1440, help_text="Minute, excluded.")


class RotationStringSerializer(StrictSerializer):
    name = serializers.CharField(max_length=50)
    tables = serializers.ListField(child=serializers.CharField(max_length=20), max_length=20)
    push = serializers.IntegerField(min_value=0, max_value=1440, help_text="Minutes a push.")
    reliefs = serializers.IntegerField(min_value=0, max_value=100)
    slots = serializers.ListField(child=SlotSerializer(), max_length=2000)


class PlanSaveInputSerializer(PlanTermsInputSerializer):
    strings = serializers.ListField(child=RotationStringSerializer(), max_length=50)
    source = serializers.ChoiceField(
        choices=RotationPlanSource.choices,
        help_text="As proposed, or edited by a pit boss.",
    )


class PlanVersionsFilterSerializer(StrictSerializer):
    shift_start = serializers.DateTimeField(help_text="The shift's first moment.")


class PlanTableSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.CharField()
    game = serializers.CharField()
    string = serializers.CharField(allow_null=True)


class PlanAbsenceSerializer(serializers.Serializer):  # type: ignore[type-arg]
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()


class PlanDealerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.CharField()
    games = serializers.ListField(
        child=serializers.CharField(), help_text="Qualified at the shift's start, of its games."
    )
    absences = PlanAbsenceSerializer(many=True)


class PlanSlotOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    dealer = serializers.CharField()
    place = serializers.CharField()
    start = serializers.IntegerField()
    end = serializers.IntegerField()


class PlanStringOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    tables = serializers.ListField(child=serializers.CharField())
    push = serializers.IntegerField()
    reliefs = serializers.IntegerField()
    slots = PlanSlotOutputSerializer(many=True)


class ProposalOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A plan proposed, not stored: what it was made from and its strings."""

    pit = serializers.IntegerField()
    shift_start = serializers.DateTimeField()
    length = serializers.IntegerField()
    minutes_on = serializers.IntegerField()
    minutes_off = serializers.IntegerField()
    min_stint = serializers.IntegerField()
    grace = serializers.IntegerField()
    tables = PlanTableSerializer(many=True)
    dealers = PlanDealerSerializer(many=True)
    strings = PlanStringOutputSerializer(many=True)


class RotationPlanOutputSerializer(ProposalOutputSerializer):
    """A version of a pit's plan as saved."""

    id = serializers.IntegerField()
    pit = serializers.IntegerField(source="pit_id")  # type: ignore[assignment]
    version = serializers.IntegerField()
    source = serializers.CharField()
    saved_by = serializers.CharField(source="saved_by.username")
    saved_at = serializers.DateTimeField()
    audit_record_id = serializers.IntegerField()


# -- a pit's rotation now ------------------------------------------------------------------------


class NamedDealerSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    username = serializers.CharField()


class NamedTableSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    code = serializers.CharField()


class PlanInForceSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    shift_start = serializers.DateTimeField()
    shift_end = serializers.DateTimeField()
    minutes_on = serializers.IntegerField()
    minutes_off = serializers.IntegerField()
    grace = serializers.IntegerField()


class TableNowSerializer(serializers.Serializer):  # type: ignore[type-arg]
    table = NamedTableSerializer()
    dealer = NamedDealerSerializer(allow_null=True, help_text="Who deals there now.")
    since = serializers.DateTimeField(allow_null=True)
    relief = NamedDealerSerializer(allow_null=True, help_text="Who the plan sends next.")
    relief_at = serializers.DateTimeField(allow_null=True)
    relief_late = serializers.BooleanField(help_text="The relief's slot began past the grace.")


class DealerNowSerializer(serializers.Serializer):  # type: ignore[type-arg]
    dealer = NamedDealerSerializer()
    table = NamedTableSerializer(allow_null=True, help_text="Where they deal now.")
    on_since = serializers.DateTimeField(allow_null=True, help_text="Their stint's start.")
    minutes_on = serializers.IntegerField(allow_null=True)
    break_due = serializers.DateTimeField(allow_null=True)
    overdue = serializers.BooleanField()
    next_table = NamedTableSerializer(allow_null=True, help_text="Not dealing: their next table.")
    next_at = serializers.DateTimeField(allow_null=True)


class DepartureSerializer(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=[k.value for k in DepartureKind])
    dealer = NamedDealerSerializer()
    table = NamedTableSerializer(allow_null=True)
    due = serializers.DateTimeField(help_text="The plan's instant departed from.")
    held = NamedDealerSerializer(allow_null=True, help_text="A late relief: who is still there.")


class RotationNowOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    pit = serializers.IntegerField()
    now = serializers.DateTimeField()
    plan = PlanInForceSerializer(allow_null=True, help_text="Null: no plan in force now.")
    tables = TableNowSerializer(many=True)
    dealers = DealerNowSerializer(many=True)
    departures = DepartureSerializer(many=True)
