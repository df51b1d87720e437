"""The answers every dealer action gives are written out directly for speed; they must be
exactly what the declared fields (the published schema) would write."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework import serializers

from payouts.api.serializers import PayoutLineOutputSerializer, SettledRoundOutputSerializer
from payouts.models import PayoutLine, Settlement
from payouts.selectors import (
    SettledRoundDetail,
    confirmed_round_detail,
    settled_round_detail,
    settled_round_queryset,
)
from payouts.services.settlement import round_settle
from tables.api.serializers import RoundEventOutputSerializer
from tables.engines import replayed_state
from tables.services.paid import round_payouts_confirm
from tables.services.rounds import round_act, round_open
from tests.russian_round import play_through_the_services

pytestmark = pytest.mark.django_db


def test_a_round_event_is_written_as_its_fields_would_write_it(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    result = round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=0,
        action="place_wagers",
        data={"box": 1, "player": "P1", "ante": D(10)},
    )
    serializer = RoundEventOutputSerializer()
    for event in [*result.events, *round.events.select_related("actor")]:
        by_fields = serializers.ModelSerializer.to_representation(serializer, event)
        assert serializer.to_representation(event) == by_fields


def test_a_payout_line_is_written_as_its_fields_would_write_it(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    settlement = Settlement.objects.create(
        round=round,
        settled_at=round.opened_at,
        settled_by=users["dealer"],
        total_staked=D(10),
        total_returned=D(25),
        house_result=D(-15),
    )
    # As the settlement service writes it (engine amounts, not yet read back) and as stored.
    line = PayoutLine(
        settlement=settlement,
        box=1,
        line="bet",
        combination="pair",
        outcome="win",
        stake=D(10),
        computed_amount=D("25.5"),
        paid_amount=D("25"),
        reason="",
        pot=None,
    )
    line.save()
    serializer = PayoutLineOutputSerializer()
    for candidate in (line, PayoutLine.objects.get(pk=line.pk)):
        by_fields = serializers.ModelSerializer.to_representation(serializer, candidate)
        assert serializer.to_representation(candidate) == by_fields


def test_a_round_and_its_settlement_are_written_as_their_fields_would_write_them(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """Open, then settled (with its settlement and lines) as the settle endpoint answers, and
    as the round's detail endpoint reads it back."""
    dealer = users["dealer"]
    opened = round_open(table_id=floor["table"].pk, dealer=dealer)
    serializer = SettledRoundOutputSerializer()
    open_detail = settled_round_detail(settled_round_queryset().get(pk=opened.pk))
    assert serializer.to_representation(open_detail) == serializers.Serializer.to_representation(
        serializer, open_detail
    )
    settled = _settle_four_boxes(opened, dealer)
    answered = SettledRoundDetail(
        round=settled.round,
        events=settled.events,
        state=settled.state,
        settlement=settled.settlement,
        lines=settled.lines,
    )
    read_back = settled_round_detail(settled_round_queryset().get(pk=opened.pk))
    for detail in (answered, read_back):
        by_fields = serializers.Serializer.to_representation(serializer, detail)
        assert by_fields["settlement"] is not None and by_fields["settlement"]["lines"]
        assert serializer.to_representation(detail) == by_fields
    assert serializer.to_representation(answered) == serializer.to_representation(read_back)


def test_the_settlement_written_in_one_statement_is_returned_as_stored(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """``settlement_record`` writes with one SQL statement and builds the models it returns
    itself: they must be the rows as stored, field for field (the round, who settled, when, the
    totals, each line), since the settle endpoint answers from them without reading back."""
    dealer = users["dealer"]
    opened = round_open(table_id=floor["table"].pk, dealer=dealer)
    settled = _settle_four_boxes(opened, dealer)
    stored = Settlement.objects.get(pk=settled.settlement.pk)
    assert _columns(settled.settlement) == _columns(stored)
    assert (settled.settlement.round_id, settled.settlement.settled_by_id) == (opened.pk, dealer.pk)
    stored_lines = list(PayoutLine.objects.filter(settlement=stored).order_by("pk"))
    assert [_columns(line) for line in settled.lines] == [_columns(line) for line in stored_lines]
    # As Django would have read them: saving one again would update its row, not insert one.
    assert not any(row._state.adding for row in (settled.settlement, *settled.lines))
    # The lines stored are the engine's, in its order, every column of each.
    result = replayed_state(opened, opened.events.order_by("seq")).result()
    assert [
        (
            line.box,
            line.line,
            line.combination,
            line.outcome,
            line.stake,
            line.computed_amount,
            line.paid_amount,
            line.reason,
            line.pot,
        )
        for line in stored_lines
    ] == [
        (
            line.position.number,
            line.line,
            line.combination,
            line.outcome,
            line.stake,
            line.computed,
            line.paid,
            line.reason,
            line.pot,
        )
        for line in result.lines
    ]


def test_the_settled_round_comes_with_its_table_rule_set_and_dealer(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """The settle endpoint answers with the whole round: ``round_settle`` reads its table, rule
    set and dealer in the statement that locks it, so answering costs no statement more."""
    dealer = users["dealer"]
    opened = round_open(table_id=floor["table"].pk, dealer=dealer)
    settled = _settle_four_boxes(opened, dealer)
    with CaptureQueriesContext(connection) as after:
        read = (settled.round.table.code, settled.round.rule_set.name, settled.round.dealer.pk)
    assert read == (floor["table"].code, opened.rule_set.name, dealer.pk)
    assert after.captured_queries == []


def test_the_paid_answer_is_the_round_as_read_back_in_three_statements(
    floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """ "Paid" answers with the whole round from the confirmation and the round it locked: the
    same answer as the round read back through its queryset, the first time and again, in
    three statements (the events, the settlement, its lines)."""
    dealer = users["dealer"]
    opened = round_open(table_id=floor["table"].pk, dealer=dealer)
    _settle_four_boxes(opened, dealer)
    serializer = SettledRoundOutputSerializer()
    for _ in ("confirmed", "again"):
        confirmation = round_payouts_confirm(round_id=opened.pk, actor=dealer)
        with CaptureQueriesContext(connection) as reads:
            answered = serializer.to_representation(confirmed_round_detail(confirmation))
        assert len(reads.captured_queries) == 3, [q["sql"] for q in reads.captured_queries]
        read_back = settled_round_detail(settled_round_queryset().get(pk=opened.pk))
        assert answered == serializer.to_representation(read_back)
        assert answered["payouts_confirmed"] is not None


def _columns(row: Any) -> dict[str, Any]:
    """Every column of a model row by its attribute name (foreign keys as their ids)."""
    return {f.attname: getattr(row, f.attname) for f in type(row)._meta.concrete_fields}


def _settle_four_boxes(opened: Any, dealer: Any) -> Any:
    """``opened`` played through ``FOUR_BOX_ROUND`` by ``dealer`` and settled."""
    play_through_the_services(opened, dealer)
    return round_settle(round_id=opened.pk, actor=dealer)
