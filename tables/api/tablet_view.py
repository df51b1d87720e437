"""The tablet view in the OpenAPI schema: the one shape every game answers the tablet in.

These serializers describe ``casino.games.contract.TabletView.to_dict()`` field by field, so
the schema publishes it once (component ``TabletView``); the data itself is the engine's JSON.
A test validates every view the suite produces against the published component.
"""

from __future__ import annotations

from rest_framework import serializers

from casino.games.contract import FieldKind, PositionKind

_AMOUNT = {"help_text": 'An amount: a decimal string, e.g. "10.00".'}


class TabletPositionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=[k.value for k in PositionKind])
    number = serializers.IntegerField(min_value=1)


class FigureSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    label = serializers.CharField()
    amount = serializers.CharField(**_AMOUNT)


class FactSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    label = serializers.CharField()
    value = serializers.CharField()


class FieldBoundsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A field of a legal action with its bounds now (only those of its kind are set)."""

    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=[k.value for k in FieldKind])
    required = serializers.BooleanField()
    nullable = serializers.BooleanField()
    min = serializers.CharField(allow_null=True, **_AMOUNT)
    max = serializers.CharField(allow_null=True, **_AMOUNT)
    step = serializers.CharField(
        allow_null=True, help_text="An amount is a whole number of this (the chip unit)."
    )
    min_count = serializers.IntegerField(allow_null=True)
    max_count = serializers.IntegerField(allow_null=True)
    cards = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="The cards the field may name, when not the unseen ones (a box's own).",
    )
    positions = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    targets = serializers.ListField(child=serializers.CharField(), allow_null=True)
    choices = serializers.ListField(child=serializers.CharField(), allow_null=True)
    # Any JSON value, null included (null: the field may take more than one value now).
    value = serializers.JSONField(
        help_text="The only value the field may take now, if there is exactly one; else null."
    )


class LegalActionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    label = serializers.CharField()
    position = TabletPositionSerializer(allow_null=True)
    fields = FieldBoundsSerializer(many=True)
    figures = FigureSerializer(many=True)


class PositionViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    position = TabletPositionSerializer()
    label = serializers.CharField()
    status = serializers.CharField()
    to_act = serializers.BooleanField()
    cards = serializers.ListField(child=serializers.CharField())
    hidden_cards = serializers.IntegerField(min_value=0)
    hand = serializers.CharField(allow_null=True)
    figures = FigureSerializer(many=True)


class CardGroupSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    label = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    hidden = serializers.IntegerField(min_value=0)


class StakeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    position = TabletPositionSerializer()
    kind = serializers.CharField()
    amount = serializers.CharField(**_AMOUNT)


class ResultLineSerializer(serializers.Serializer):  # type: ignore[type-arg]
    position = TabletPositionSerializer()
    line = serializers.CharField()
    outcome = serializers.CharField()
    stake = serializers.CharField(**_AMOUNT)
    computed = serializers.CharField(**_AMOUNT)
    paid = serializers.CharField(**_AMOUNT)
    reason = serializers.CharField(allow_blank=True)
    combination = serializers.CharField(allow_blank=True)
    pot = serializers.IntegerField(allow_null=True)


class PositionResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    position = TabletPositionSerializer()
    staked = serializers.CharField(**_AMOUNT)
    returned = serializers.CharField(**_AMOUNT)
    net = serializers.CharField(help_text="Returned less staked: what the box or seat won.")
    withheld = serializers.CharField(**_AMOUNT)


class GameResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    stakes = StakeSerializer(many=True)
    lines = ResultLineSerializer(many=True)
    positions = PositionResultSerializer(many=True)
    staked = serializers.CharField(**_AMOUNT)
    returned = serializers.CharField(**_AMOUNT)
    house_result = serializers.CharField()
    withheld = serializers.CharField(**_AMOUNT)
    cap_applied = serializers.BooleanField()
    pot_game = serializers.BooleanField()
    rake = serializers.CharField(**_AMOUNT)


class TabletViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """What the dealer's tablet renders from, the same shape for every game: the phase, whose
    turn, each legal action with its fields' bounds, the boxes or seats at a glance, the cards
    on the table, the money, and the cards still unseen in the deck."""

    game = serializers.CharField()
    phase = serializers.CharField()
    complete = serializers.BooleanField()
    turn = TabletPositionSerializer(allow_null=True)
    actions = LegalActionSerializer(many=True)
    positions = PositionViewSerializer(many=True)
    card_groups = CardGroupSerializer(many=True)
    figures = FigureSerializer(many=True)
    facts = FactSerializer(many=True)
    deck_pass = serializers.IntegerField(min_value=1)
    unseen_cards = serializers.ListField(child=serializers.CharField())
    event_count = serializers.IntegerField(min_value=0)
    result = GameResultSerializer(allow_null=True)
