"""Output serializers of the round search and a round's story.

Their fields are what the OpenAPI schema publishes; each answer is written out by the
functions beside them (a page is fifty rows of nested objects), and the tests check the two
agree through the schema contract.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from audit.round_dealers import RoundDealer
from audit.round_facts import Writing, correction_facts, qualification_facts, slot_facts
from audit.round_story import LineComparison, ReplayNow, RoundStory
from casino.core.models import AuditRecord
from casino.games.cards import format_cards
from payouts.api.serializers import money
from payouts.models import PAYOUT_LINE_FIELDS, PayoutLine, Settlement, TheoreticalSource
from tables.api.serializers import iso_time
from tables.models import Round, RoundCard, RoundEvent


class NamedOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()


def named(pk: int, name: str) -> dict[str, Any]:
    return {"id": pk, "name": name}


def user_named(user: Any) -> dict[str, Any] | None:
    return None if user is None else named(user.pk, user.get_username())


# The story's terms: users and tables named, instants and amounts as the API writes them.
_WRITING = Writing(user=user_named, table=named, moment=iso_time, amount=money)


class RoundRowOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """One round of the search (``audit.round_search`` says what each figure means)."""

    id = serializers.IntegerField()
    number = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=["open", "settled", "voided", "corrected"])
    phase = serializers.CharField()
    table = NamedOutputSerializer(help_text="The table: its id and code.")
    pit = NamedOutputSerializer()
    casino = NamedOutputSerializer()
    gaming_day = serializers.DateField()
    opened_at = serializers.DateTimeField()
    settled_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    dealer = NamedOutputSerializer(help_text="The dealer of record, who opened the round.")
    dealers = NamedOutputSerializer(many=True, help_text="Everyone who recorded an event.")
    currency = serializers.CharField()
    staked = serializers.CharField(allow_null=True, help_text="Null until settled.")
    paid = serializers.CharField(allow_null=True)
    house_result = serializers.CharField(allow_null=True)
    cap_applied = serializers.BooleanField()
    withheld = serializers.CharField(help_text="What the cap kept back, over every line.")
    corrected = serializers.BooleanField(help_text="At least one approved correction.")
    corrections = serializers.IntegerField(help_text="Its approved corrections.")
    replay_mismatch = serializers.BooleanField()


def round_row(round: Round) -> dict[str, Any]:
    """A round read with ``audit.round_search.search_rows``, as a row of the search."""
    table = round.table
    pit = table.pit
    settlement = getattr(round, "settlement", None)
    return {
        "id": round.pk,
        "number": round.number,
        "game": str(round.game),
        "status": round.row_status,  # type: ignore[attr-defined]
        "phase": round.phase,
        "table": named(table.pk, table.code),
        "pit": named(pit.pk, pit.name),
        "casino": named(pit.casino.pk, pit.casino.name),
        "gaming_day": round.gaming_day.isoformat(),
        "opened_at": iso_time(round.opened_at),
        "settled_at": None if settlement is None else iso_time(settlement.settled_at),
        "closed_at": None if round.closed_at is None else iso_time(round.closed_at),
        "dealer": user_named(round.dealer),
        "dealers": list(round.row_dealers),  # type: ignore[attr-defined]
        "currency": table.currency,
        "staked": None if settlement is None else money(settlement.total_staked),
        "paid": None if settlement is None else money(settlement.total_returned),
        "house_result": None if settlement is None else money(settlement.house_result),
        "cap_applied": bool(settlement is not None and settlement.cap_applied),
        "withheld": money(round.row_withheld),  # type: ignore[attr-defined]
        "corrected": round.row_corrections > 0,  # type: ignore[attr-defined]
        "corrections": round.row_corrections,  # type: ignore[attr-defined]
        "replay_mismatch": round.row_replay_mismatch,  # type: ignore[attr-defined]
    }


class RoundPageOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    results = RoundRowOutputSerializer(many=True)
    next_cursor = serializers.CharField(
        allow_null=True, help_text="Give it as `cursor` for the next page; null on the last."
    )


class StoryEventOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    seq = serializers.IntegerField()
    action = serializers.CharField(help_text="The event's kind.")
    payload = serializers.DictField()
    actor = NamedOutputSerializer()
    created_at = serializers.DateTimeField()
    device = NamedOutputSerializer(
        allow_null=True, help_text="The device token it came from: its id and device name."
    )
    request_id = serializers.CharField(help_text="Empty where none was recorded.")


def story_event(event: RoundEvent) -> dict[str, Any]:
    token = event.device_token
    return {
        "seq": event.seq,
        "action": event.kind,
        "payload": event.payload,
        "actor": user_named(event.actor),
        "created_at": iso_time(event.created_at),
        "device": None if token is None else named(token.pk, token.device_name),
        "request_id": event.request_id,
    }


class StoryQualificationOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    evidence_kind = serializers.CharField(help_text="training or test")
    evidence_reference = serializers.CharField()
    qualified_on = serializers.DateField()
    expires_on = serializers.DateField(allow_null=True, help_text="The last gaming day it holds.")
    recorded_by = NamedOutputSerializer()


class StorySlotOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    plan = serializers.IntegerField(help_text="The rotation plan's id (that version's row).")
    version = serializers.IntegerField()
    string = serializers.CharField(help_text="The name of the plan's string holding the slot.")
    place = serializers.CharField(help_text='A table\'s id, or "BREAK".')
    table = NamedOutputSerializer(
        allow_null=True, help_text="The table of the place: its id and code; null on a break."
    )
    start = serializers.DateTimeField()
    end = serializers.DateTimeField(help_text="The slot's end, its first instant not in it.")


class StoryDealerOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    dealer = NamedOutputSerializer()
    events = serializers.ListField(
        child=serializers.IntegerField(), help_text="The numbers of the events they recorded."
    )
    qualification = StoryQualificationOutputSerializer(
        allow_null=True,
        help_text="The qualification for the round's game in force at their first event; "
        "null: none was.",
    )
    slot = StorySlotOutputSerializer(
        allow_null=True,
        help_text="The dealer's slot in the pit's rotation plan in force at their first event "
        "(the version saved by then), whatever they were doing; null: no plan in force had "
        "them then.",
    )


def story_dealer(dealer: RoundDealer) -> dict[str, Any]:
    held, slot = dealer.qualification, dealer.slot
    return {
        "dealer": user_named(dealer.dealer),
        "events": dealer.events,
        "qualification": None
        if held is None
        else {**qualification_facts(held), "recorded_by": user_named(held.recorded_by)},
        "slot": None if slot is None else slot_facts(slot, _WRITING),
    }


class StoryCardOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    card = serializers.CharField()
    deck_pass = serializers.IntegerField()
    position = serializers.CharField()
    event = serializers.IntegerField(help_text="The number of the event that showed it.")


def story_card(card: RoundCard) -> dict[str, Any]:
    return {
        "card": format_cards([card.card]),
        "deck_pass": card.deck_pass,
        "position": card.position,
        "event": card.event.seq,
    }


class StoryLineOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    box = serializers.IntegerField()
    line = serializers.CharField()
    combination = serializers.CharField()
    outcome = serializers.CharField()
    stake = serializers.CharField()
    computed_amount = serializers.CharField()
    paid_amount = serializers.CharField()
    withheld = serializers.CharField(help_text="Computed less paid.")
    reason = serializers.CharField(help_text="Why paid differs from computed (a cap).")
    pot = serializers.IntegerField(allow_null=True)


def story_line(line: PayoutLine | dict[str, Any]) -> dict[str, Any]:
    """A stored payout line, or a replayed one in the stored line's terms."""
    value = (
        {name: getattr(line, name) for name in PAYOUT_LINE_FIELDS}
        if isinstance(line, PayoutLine)
        else line
    )
    computed, paid = Decimal(value["computed_amount"]), Decimal(value["paid_amount"])
    return {
        "box": value["box"],
        "line": value["line"],
        "combination": value["combination"],
        "outcome": value["outcome"],
        "stake": money(value["stake"]),
        "computed_amount": money(computed),
        "paid_amount": money(paid),
        "withheld": money(computed - paid),
        "reason": value["reason"],
        "pot": value["pot"],
    }


class StorySettlementOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    settled_at = serializers.DateTimeField()
    settled_by = NamedOutputSerializer()
    total_staked = serializers.CharField()
    total_returned = serializers.CharField()
    house_result = serializers.CharField()
    rake = serializers.CharField()
    cap_applied = serializers.BooleanField()
    withheld = serializers.CharField()
    theoretical_win = serializers.CharField(
        help_text="What the house expects to win on the round's stakes, to the cent: each stake"
        " times the house edge of its wager type."
    )
    theoretical_base = serializers.CharField(help_text="The stakes a house edge priced.")
    theoretical_source = serializers.ChoiceField(
        choices=TheoreticalSource.values,
        help_text="Where the edges came from: computed from the rules (at each box's Ante,"
        " under the table maximum), the paytables' certificates, a pot game's take, or none.",
    )
    house_edge = serializers.IntegerField(
        allow_null=True, help_text="The computed house edge whose bands priced the round."
    )
    lines = StoryLineOutputSerializer(many=True)


def story_settlement(settlement: Settlement, lines: list[PayoutLine]) -> dict[str, Any]:
    rows = [story_line(line) for line in lines]
    return {
        "settled_at": iso_time(settlement.settled_at),
        "settled_by": user_named(settlement.settled_by),
        "total_staked": money(settlement.total_staked),
        "total_returned": money(settlement.total_returned),
        "house_result": money(settlement.house_result),
        "rake": money(settlement.rake),
        "cap_applied": settlement.cap_applied,
        "withheld": money(sum((Decimal(row["withheld"]) for row in rows), Decimal(0))),
        "theoretical_win": money(settlement.theoretical_win),
        "theoretical_base": money(settlement.theoretical_base),
        "theoretical_source": settlement.theoretical_source,
        "house_edge": settlement.house_edge_id,
        "lines": rows,
    }


class ReplayLineOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    index = serializers.IntegerField(help_text="The line's place in the settlement, from 0.")
    matches = serializers.BooleanField()
    differences = serializers.ListField(
        child=serializers.CharField(),
        help_text="The fields that differ; `present` when one side has no such line.",
    )
    stored = StoryLineOutputSerializer(allow_null=True)
    replayed = StoryLineOutputSerializer(allow_null=True)


def replay_line(index: int, comparison: LineComparison) -> dict[str, Any]:
    return {
        "index": index,
        "matches": not comparison.differences,
        "differences": comparison.differences,
        "stored": None if comparison.stored is None else story_line(comparison.stored),
        "replayed": None if comparison.replayed is None else story_line(comparison.replayed),
    }


class StoryReplayOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    matches = serializers.BooleanField(help_text="The stored settlement is its replay's.")
    error = serializers.CharField(help_text="Why the round could not be replayed; else empty.")
    differences = serializers.ListField(
        child=serializers.DictField(),
        help_text="Each path of the engine's result (or, under /kept/, of the kept state) "
        "whose stored and replayed values differ.",
    )
    lines = ReplayLineOutputSerializer(many=True)


def story_replay(replay: ReplayNow) -> dict[str, Any]:
    return {
        "matches": replay.matches,
        "error": replay.error,
        "differences": [] if replay.report is None else replay.report.differences,
        "lines": [replay_line(index, line) for index, line in enumerate(replay.lines)],
    }


class StoryCorrectionLineOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    box = serializers.IntegerField()
    line = serializers.CharField()
    amount = serializers.CharField()


class StoryCorrectionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.CharField()
    reason = serializers.CharField()
    requested_by = NamedOutputSerializer()
    requested_role = serializers.CharField()
    requested_at = serializers.DateTimeField()
    decided_by = NamedOutputSerializer(allow_null=True)
    decided_at = serializers.DateTimeField(allow_null=True)
    decided_gaming_day = serializers.DateField(allow_null=True)
    decision_note = serializers.CharField()
    lines = StoryCorrectionLineOutputSerializer(many=True)


def story_correction(correction: Any) -> dict[str, Any]:
    return correction_facts(correction, _WRITING)


class StoryAuditRecordOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    stream = serializers.CharField()
    seq = serializers.IntegerField()
    prev_hash = serializers.CharField()
    row_hash = serializers.CharField()
    event_code = serializers.CharField()
    occurred_at = serializers.DateTimeField()
    actor = serializers.CharField(help_text="The user's name, or the label of a system actor.")
    actor_role = serializers.CharField()
    authorised_by = serializers.CharField(allow_null=True)
    reason = serializers.CharField()
    request_id = serializers.CharField()


def story_audit_record(record: AuditRecord) -> dict[str, Any]:
    return {
        "id": record.pk,
        "stream": record.stream,
        "seq": record.seq,
        "prev_hash": record.prev_hash,
        "row_hash": record.row_hash,
        "event_code": record.event_code,
        "occurred_at": iso_time(record.occurred_at),
        "actor": record.actor.get_username() if record.actor else record.actor_label,
        "actor_role": record.actor_role,
        "authorised_by": (
            None if record.authorised_by is None else record.authorised_by.get_username()
        ),
        "reason": record.reason,
        "request_id": record.request_id,
    }


class RoundStoryOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    round = RoundRowOutputSerializer()
    events = StoryEventOutputSerializer(many=True)
    dealers = StoryDealerOutputSerializer(many=True)
    cards = StoryCardOutputSerializer(many=True)
    settlement = StorySettlementOutputSerializer(allow_null=True)
    replay = StoryReplayOutputSerializer(
        allow_null=True, help_text="A replay made now; null until the round is settled."
    )
    corrections = StoryCorrectionOutputSerializer(many=True)
    audit_records = StoryAuditRecordOutputSerializer(many=True)


def round_story_output(story: RoundStory) -> dict[str, Any]:
    return {
        "round": round_row(story.round),
        "events": [story_event(event) for event in story.events],
        "dealers": [story_dealer(dealer) for dealer in story.dealers],
        "cards": [story_card(card) for card in story.cards],
        "settlement": (
            None if story.settlement is None else story_settlement(story.settlement, story.lines)
        ),
        "replay": None if story.replay is None else story_replay(story.replay),
        "corrections": [story_correction(correction) for correction in story.corrections],
        "audit_records": [story_audit_record(record) for record in story.audit_records],
    }
