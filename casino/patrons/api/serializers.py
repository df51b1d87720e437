"""The shapes of the patrons API: what it reads and what it answers.

A patron's answer names them by id, loyalty number or description; the personal data is in
:class:`PatronIdentityOutputSerializer` alone, answered by its own endpoint to the roles that
may read it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.api.schema import NOT_BLANK
from casino.api.serializers import DecimalStringField, MoneyField, StrictSerializer
from casino.patrons.models import (
    AmlThreshold,
    CashDirection,
    CashKind,
    ExclusionKind,
    PatronKind,
    PointsKind,
)


class SeatedPatronSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A patron as the table names them."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=PatronKind.choices)
    loyalty_number = serializers.CharField(help_text="Blank for an anonymous patron.")
    description = serializers.CharField(help_text="An anonymous patron, as the floor saw them.")
    label = serializers.CharField(help_text="How the floor names the patron.")


class PatronOutputSerializer(SeatedPatronSerializer):
    casino = serializers.IntegerField(source="casino_id")
    excluded = serializers.BooleanField(help_text="Excluded from play now.")


class PatronIdentityOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    patron = serializers.IntegerField(source="patron_id")
    name = serializers.CharField()
    date_of_birth = serializers.DateField()
    photo_reference = serializers.CharField()


class PatronFindSerializer(StrictSerializer):
    casino = serializers.IntegerField(min_value=1)
    loyalty_number = serializers.CharField(max_length=32)


def _optional_text(*, max_length: int, help_text: str | None = None) -> serializers.CharField:
    """A text field of a body that may be left out or blank: blank (``""``) then."""
    return serializers.CharField(
        max_length=max_length,
        required=False,
        default="",
        allow_blank=True,
        help_text=help_text,
    )


class PatronEnrolInputSerializer(StrictSerializer):
    loyalty_number = serializers.RegexField(NOT_BLANK, max_length=32)
    name = serializers.RegexField(NOT_BLANK, max_length=200)
    date_of_birth = serializers.DateField()
    photo_reference = _optional_text(max_length=200)


class ExclusionInputSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=ExclusionKind.choices)
    reason = serializers.RegexField(NOT_BLANK, max_length=2000)
    ends_at = serializers.DateTimeField(
        required=False, default=None, allow_null=True, help_text="None: until lifted."
    )


class ExclusionLiftInputSerializer(StrictSerializer):
    reason = serializers.RegexField(NOT_BLANK, max_length=2000)


class ExclusionLiftOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    reason = serializers.CharField()
    lifted_by = serializers.CharField(source="lifted_by.username")
    lifted_at = serializers.DateTimeField()


class ExclusionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    patron = serializers.IntegerField(source="patron_id")
    kind = serializers.ChoiceField(choices=ExclusionKind.choices)
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(allow_null=True)
    reason = serializers.CharField()
    recorded_by = serializers.CharField(source="recorded_by.username")
    lift = serializers.SerializerMethodField()

    @extend_schema_field(ExclusionLiftOutputSerializer(allow_null=True))
    def get_lift(self, exclusion: object) -> dict[str, object] | None:
        lift = getattr(exclusion, "lift", None)
        return None if lift is None else ExclusionLiftOutputSerializer(lift).data


def _positions_field() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=99),
        min_length=1,
        max_length=10,
        help_text="Box or seat numbers: one seat in a pot game, one or more boxes otherwise.",
    )


# The fields of a seating are the arguments of ``seating.session_seat``, which the view passes
# on as read: ``patron`` is read as its ``patron_id``. (A docstring would be the schema's.)
class SeatInputSerializer(StrictSerializer):
    positions = _positions_field()
    patron = serializers.IntegerField(
        source="patron_id",
        min_value=1,
        required=False,
        default=None,
        allow_null=True,
        help_text="A known patron.",
    )
    loyalty_number = _optional_text(
        max_length=32, help_text="A carded patron, by the card scanned or typed."
    )
    description = _optional_text(
        max_length=200, help_text="An anonymous patron, as a floor person would describe them."
    )


# Likewise a move's are those of ``seating.session_move``: ``table`` is read as its ``table_id``.
class MoveInputSerializer(StrictSerializer):
    table = serializers.IntegerField(source="table_id", min_value=1)
    positions = _positions_field()


class SessionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    visit = serializers.IntegerField(source="visit_id")
    table = serializers.IntegerField(source="table_id")
    positions = serializers.ListField(child=serializers.IntegerField())
    patron = SeatedPatronSerializer()
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    paused = serializers.BooleanField()


def _money() -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True)


def _chips_expected() -> serializers.DecimalField:
    return serializers.DecimalField(
        max_digits=16,
        decimal_places=2,
        coerce_to_string=True,
        help_text="The chips the patron should have by the record: bought in, plus the result, "
        "less chips recorded taken away.",
    )


class _SessionFiguresMethods:
    """The ``minutes_played`` and ``total_staked`` of a serializer of what carries a session's
    ``figures`` (``casino.patrons.ratings.RatingFigures``): whole minutes, and the stakes to
    the cent. The serializer declares the two fields, where it wants them in its answer."""

    def get_minutes_played(self, rated: Any) -> int:
        return int(rated.figures.seconds_played // 60)

    @extend_schema_field(_money())
    def get_total_staked(self, rated: Any) -> str:
        return str(rated.figures.total_staked.quantize(Decimal("0.01")))


#: What is recorded at a table: every kind but currency paid out at the cage.
TABLE_CASH_KINDS = [choice for choice in CashKind.choices if choice[0] != CashKind.CASH_OUT]


class RatedPlayerOutputSerializer(_SessionFiguresMethods, serializers.Serializer):  # type: ignore[type-arg]
    """A patron seated now, with the session's exact figures so far."""

    session = SessionOutputSerializer()
    rounds = serializers.IntegerField(source="figures.rounds")
    minutes_played = serializers.SerializerMethodField()
    total_staked = serializers.SerializerMethodField()
    actual_result = serializers.DecimalField(
        source="figures.actual_result", max_digits=16, decimal_places=2, coerce_to_string=True
    )
    theoretical_win = serializers.DecimalField(
        source="figures.theoretical_win", max_digits=24, decimal_places=2, coerce_to_string=True
    )
    chips_expected = _chips_expected()


class CashInputSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=TABLE_CASH_KINDS)
    amount = MoneyField()


class CashOutInputSerializer(StrictSerializer):
    amount = MoneyField()


class CashOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    patron = serializers.IntegerField(source="patron_id")
    session = serializers.IntegerField(source="session_id", allow_null=True)
    table = serializers.IntegerField(source="table_id", allow_null=True)
    kind = serializers.ChoiceField(choices=CashKind.choices)
    direction = serializers.CharField(help_text="in, out, or blank: neither.")
    amount = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    gaming_day = serializers.DateField()
    recorded_by = serializers.CharField(source="recorded_by.username")
    recorded_at = serializers.DateTimeField()


class AmlLogFilterSerializer(StrictSerializer):
    casino = serializers.IntegerField(min_value=1)
    gaming_day = serializers.DateField()


class AmlLogEntryOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    patron = serializers.IntegerField(source="patron_id")
    patron_label = serializers.CharField(source="patron.label")
    gaming_day = serializers.DateField()
    direction = serializers.ChoiceField(choices=CashDirection.choices)
    threshold = serializers.ChoiceField(choices=AmlThreshold.choices)
    threshold_amount = serializers.DecimalField(
        max_digits=14, decimal_places=2, coerce_to_string=True
    )
    total = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    cash_event = serializers.IntegerField(source="cash_event_id")
    logged_at = serializers.DateTimeField()


class AmlPolicyInputSerializer(StrictSerializer):
    log_from = MoneyField()
    report_above = MoneyField()
    identify_from = MoneyField(required=False, default=None, allow_null=True)


class AmlPolicyOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    casino = serializers.IntegerField(source="casino_id")
    log_from = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    report_above = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    identify_from = serializers.DecimalField(
        max_digits=14, decimal_places=2, coerce_to_string=True, allow_null=True
    )
    effective_at = serializers.DateTimeField()


class RatingEstimateOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    average_bet = _money()
    minutes = serializers.IntegerField()
    recorded_by = serializers.CharField(source="recorded_by.username")
    recorded_at = serializers.DateTimeField()


class RatingEstimateInputSerializer(StrictSerializer):
    average_bet = MoneyField()
    minutes = serializers.IntegerField(min_value=0, max_value=7 * 24 * 60)


class SessionRatingOutputSerializer(_SessionFiguresMethods, serializers.Serializer):  # type: ignore[type-arg]
    """A session's exact rating, with the floor's estimate beside it."""

    session = serializers.IntegerField(source="session.pk")
    patron = serializers.IntegerField(source="session.patron_id")
    table = serializers.IntegerField(source="session.table_id")
    version = serializers.IntegerField(
        allow_null=True, help_text="The rating's version; null: the session is open, so far."
    )
    computed_at = serializers.DateTimeField()
    rounds = serializers.IntegerField(source="figures.rounds")
    minutes_played = serializers.SerializerMethodField()
    rounds_per_hour = serializers.DecimalField(
        source="figures.rounds_per_hour",
        max_digits=8,
        decimal_places=1,
        coerce_to_string=True,
        allow_null=True,
    )
    staked = serializers.DictField(
        source="figures.staked", child=_money(), help_text="By wager type."
    )
    total_staked = serializers.SerializerMethodField()
    average_ante = serializers.SerializerMethodField(
        help_text="The Ante staked per round played (null: no round, or no Ante)."
    )
    average_wagered = serializers.SerializerMethodField(
        help_text="Everything staked per round played (null: no round)."
    )
    actual_result = serializers.DecimalField(
        source="figures.actual_result",
        max_digits=16,
        decimal_places=2,
        coerce_to_string=True,
        help_text="The patron's win (positive) or loss (negative).",
    )
    theoretical_win = serializers.DecimalField(
        source="figures.theoretical_win",
        max_digits=24,
        decimal_places=8,
        coerce_to_string=True,
        help_text="What the house expected to win from the patron's stakes.",
    )
    estimate = RatingEstimateOutputSerializer(allow_null=True)
    chips_expected = _chips_expected()

    @extend_schema_field(serializers.DecimalField(max_digits=16, decimal_places=2, allow_null=True))
    def get_average_ante(self, rating: Any) -> str | None:
        if "ante" not in rating.figures.staked:
            return None
        average = rating.figures.average_per_round("ante")
        return None if average is None else str(average)

    @extend_schema_field(serializers.DecimalField(max_digits=16, decimal_places=2, allow_null=True))
    def get_average_wagered(self, rating: Any) -> str | None:
        average = rating.figures.average_per_round()
        return None if average is None else str(average)


class PointsEntryOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=PointsKind.choices)
    points = serializers.DecimalField(max_digits=14, decimal_places=2, coerce_to_string=True)
    rating = serializers.IntegerField(source="rating_id", allow_null=True)
    note = serializers.CharField()
    recorded_by = serializers.CharField(source="recorded_by.username", allow_null=True)
    recorded_at = serializers.DateTimeField()


class PointsOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    patron = serializers.IntegerField()
    balance = serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True)
    entries = PointsEntryOutputSerializer(many=True, help_text="Newest first.")


class PointsInputSerializer(StrictSerializer):
    points = MoneyField()
    note = serializers.RegexField(NOT_BLANK, max_length=2000, help_text="What it is for.")


class EarningPolicyInputSerializer(StrictSerializer):
    points_per_theo = DecimalStringField(max_digits=8, decimal_places=4, min_value=Decimal(0))


class EarningPolicyOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    casino = serializers.IntegerField(source="casino_id")
    points_per_theo = serializers.DecimalField(
        max_digits=8, decimal_places=4, coerce_to_string=True
    )
    effective_at = serializers.DateTimeField()


class RatedFiguresSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The figures a rating, or a visit's sum of ratings, answers."""

    rounds = serializers.IntegerField()
    minutes_played = serializers.SerializerMethodField()
    total_staked = _money()
    actual_result = _money()
    theoretical_win = serializers.DecimalField(
        max_digits=24, decimal_places=2, coerce_to_string=True
    )

    def get_minutes_played(self, rated: Any) -> int:
        return int(rated.seconds_played // 60)


class HistoryRatingSerializer(RatedFiguresSerializer):
    version = serializers.IntegerField()


class HistorySessionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(source="session.pk")
    visit = serializers.IntegerField(source="session.visit_id")
    table = serializers.IntegerField(source="session.table_id")
    table_code = serializers.CharField(source="session.table.code")
    game = serializers.CharField(source="session.table.game")
    positions = serializers.ListField(source="session.positions", child=serializers.IntegerField())
    started_at = serializers.DateTimeField(source="session.started_at")
    ended_at = serializers.DateTimeField(source="session.ended_at", allow_null=True)
    rating = HistoryRatingSerializer(allow_null=True)


class HistoryCashSerializer(CashOutputSerializer):
    table_code = serializers.CharField(source="table.code", allow_null=True)


class VisitTotalsSerializer(RatedFiguresSerializer):
    visit = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    sessions = serializers.IntegerField()


class PatronHistoryOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    patron = PatronOutputSerializer()
    visits = VisitTotalsSerializer(
        many=True, help_text="Newest first: the sums of each visit's rated sessions."
    )
    points = serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True)
    sessions = HistorySessionSerializer(many=True, help_text="Newest first.")
    cash = HistoryCashSerializer(many=True, help_text="Newest first.")
