"""The tablet view in the OpenAPI schema: the one shape every game answers the tablet in.

These serializers describe ``casino.games.contract.TabletView.to_dict()`` field by field, so
the schema publishes it once (component ``TabletView``); the data itself is the engine's JSON.
Each field of words people read (a label, a hand) has its ``<field>_words`` beside it: the
same words as a msgid and its params (component ``Words``), or null.
A test validates every view the suite produces against the published component.
"""

from __future__ import annotations

from rest_framework import serializers

from casino.games.contract import FieldKind, PositionKind

_AMOUNT = {"help_text": 'An amount: a decimal string, e.g. "10.00".'}


class WordsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """Words the engine wrote for people, as data (``casino.games.words.Words``): the English
    text beside it is ``msgid`` with its ``{placeholders}`` filled from ``params``; a page
    writes them in its reader's language from the scripts' catalogue (docs/i18n.md)."""

    msgid = serializers.CharField(
        help_text='The English words with placeholders: "Box {box}: bet".'
    )
    params = serializers.DictField(
        child=serializers.JSONField(),
        help_text="Each placeholder's value: a number, a text said as it is (a name, a card), "
        "or words in turn ({msgid, params}), translated as well.",
    )


def _words(field: str) -> WordsSerializer:
    return WordsSerializer(
        allow_null=True,
        help_text=f"{field} as words to translate; null when it is not words (a name, a number).",
    )


class TabletPositionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=[k.value for k in PositionKind])
    number = serializers.IntegerField(min_value=1)


class FigureSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    label = serializers.CharField()
    amount = serializers.CharField(**_AMOUNT)
    label_words = _words("label")


class FactSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    label = serializers.CharField()
    value = serializers.CharField()
    label_words = _words("label")
    value_words = _words("value")


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
    labels = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="What each value of positions, targets or choices is for, in words, in the "
        'same order: a picker opened for one is titled by it ("Box 3: five cards", '
        '"Dealer: up card").',
    )
    count_of = serializers.CharField(
        allow_null=True,
        help_text="Another cards field of the action whose count this one's must equal, once "
        "that one is filled (an exchange's replacements: as many as its discards).",
    )
    labels_words = serializers.ListField(
        child=WordsSerializer(allow_null=True),
        allow_null=True,
        help_text="labels as words to translate, one per label (null for one that is not).",
    )


class LegalActionSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    label = serializers.CharField()
    position = TabletPositionSerializer(allow_null=True)
    fields = FieldBoundsSerializer(many=True)
    figures = FigureSerializer(many=True)
    label_words = _words("label")


class PositionViewSerializer(serializers.Serializer):  # type: ignore[type-arg]
    position = TabletPositionSerializer()
    label = serializers.CharField()
    status = serializers.CharField()
    to_act = serializers.BooleanField()
    cards = serializers.ListField(child=serializers.CharField())
    hidden_cards = serializers.IntegerField(min_value=0)
    hand = serializers.CharField(allow_null=True)
    figures = FigureSerializer(many=True)
    label_words = _words("label")
    hand_words = _words("hand")


class CardGroupSerializer(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField()
    label = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    hidden = serializers.IntegerField(min_value=0)
    label_words = _words("label")


class StakeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    position = TabletPositionSerializer()
    kind = serializers.CharField()
    amount = serializers.CharField(**_AMOUNT)


_TAKE = {"help_text": "Stakes lost, to collect from the layout now (a decimal string)."}
_PAY = {"help_text": "Winnings to put beside the stakes now (a decimal string)."}
_STAYS = {"help_text": "Stakes returned: left on the layout for the player (a decimal string)."}
_COLLECTED = {
    "help_text": "Stakes already collected while the round was played (a fee when paid, a pot "
    "game's chips put into the pot): not to collect again."
}
_PAID_IN_PLAY = {
    "help_text": "Already handed over while the round was played (a Red Dog bet won at the "
    "player's turn): not due again."
}


class ResultLineSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """One line of the settlement: ``take + stays = stake - collected_in_play`` and
    ``pay + stays = paid - paid_in_play``."""

    position = TabletPositionSerializer()
    line = serializers.CharField(help_text="The line's stable name (ante, bet, pot...).")
    label = serializers.CharField(help_text='The line in words ("Ante", "Side pot 1").')
    outcome = serializers.CharField()
    stake = serializers.CharField(**_AMOUNT)
    computed = serializers.CharField(**_AMOUNT)
    paid = serializers.CharField(**_AMOUNT)
    reason = serializers.CharField(allow_blank=True, help_text="Why paid < computed: a code.")
    reason_text = serializers.CharField(allow_blank=True, help_text="The same, in words.")
    combination = serializers.CharField(allow_blank=True)
    pot = serializers.IntegerField(allow_null=True)
    take = serializers.CharField(**_TAKE)
    pay = serializers.CharField(**_PAY)
    stays = serializers.CharField(**_STAYS)
    collected_in_play = serializers.CharField(**_COLLECTED)
    paid_in_play = serializers.CharField(**_PAID_IN_PLAY)
    label_words = _words("label")
    reason_text_words = _words("reason_text")
    combination_words = _words("combination")


class PositionResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A box's or seat's settlement, in the order a dealer works the layout: ``take``, ``pay``,
    ``stays``; what the table maximum withheld and why. ``net = pay - take + paid_in_play -
    collected_in_play``."""

    position = TabletPositionSerializer()
    staked = serializers.CharField(**_AMOUNT)
    returned = serializers.CharField(**_AMOUNT)
    net = serializers.CharField(help_text="Returned less staked: what the box or seat won.")
    take = serializers.CharField(**_TAKE)
    pay = serializers.CharField(**_PAY)
    stays = serializers.CharField(**_STAYS)
    withheld = serializers.CharField(**_AMOUNT)
    withheld_reason = serializers.CharField(
        allow_blank=True, help_text="Why anything was withheld, in words (empty when nothing)."
    )
    collected_in_play = serializers.CharField(**_COLLECTED)
    paid_in_play = serializers.CharField(**_PAID_IN_PLAY)
    withheld_reason_words = _words("withheld_reason")


class GameResultSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """The settlement of a complete round. ``sum(pay) - sum(take) + paid_in_play -
    collected_in_play = -house_result + carried_in - carried_out``."""

    stakes = StakeSerializer(many=True)
    lines = ResultLineSerializer(many=True)
    positions = PositionResultSerializer(many=True)
    staked = serializers.CharField(**_AMOUNT)
    returned = serializers.CharField(**_AMOUNT)
    house_result = serializers.CharField()
    withheld = serializers.CharField(**_AMOUNT)
    cap_applied = serializers.BooleanField()
    pot_game = serializers.BooleanField()
    rake = serializers.CharField(
        help_text="What the house took of a pot game (commissions, fees): never odd chips."
    )
    take = serializers.CharField(**_TAKE)
    pay = serializers.CharField(**_PAY)
    stays = serializers.CharField(**_STAYS)
    collected_in_play = serializers.CharField(**_COLLECTED)
    paid_in_play = serializers.CharField(**_PAID_IN_PLAY)
    carried_in = serializers.CharField(
        help_text="Chips the house float held for this game from the table's last one."
    )
    carried_out = serializers.CharField(
        help_text="Chips kept in the house float for the table's next game (Red Dog's odd "
        "chips of the final share): not the house's."
    )


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
