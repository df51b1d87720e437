"""A round's whole story, for the auditors: what happened in it, in order, and what the record
says of it now.

Its row as the search shows it; its events (who, when, from which device and request); its
dealers (``audit.round_dealers``: each who recorded its events, with the qualification for its
game and the rotation plan's slot in force at their first event); the cards; the settlement's
lines beside a replay made now, line by line, with every field that differs named; the
replay's comparison of the stored engine result and the kept state; its corrections with their
decisions; and its rows of the audit trail.

The stored lines are compared with the replayed ones in the order the engine gave them (the
order they were written in, ``payouts.services.settlement_record``), so a line changed, added
or removed behind the service's back is marked where it is, even where the engine result
stored beside it still agrees with the replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

from audit.round_dealers import RoundDealer, round_dealers
from audit.round_facts import round_corrections
from audit.round_search import search_rows
from casino.core.models import AuditRecord
from casino.games.contract import ResultLine
from payouts.models import PAYOUT_LINE_FIELDS, Correction, PayoutLine, Settlement
from payouts.services.replay import ReplayReport, round_replay
from tables.engines import replayed_state
from tables.models import Round, RoundCard, RoundEvent


@dataclass(frozen=True)
class LineComparison:
    """One line of the settlement: as stored and as replayed now (either may be missing), and
    the fields where they differ (``present`` when one of the two is missing)."""

    stored: PayoutLine | None
    replayed: dict[str, Any] | None
    differences: list[str]


@dataclass(frozen=True)
class ReplayNow:
    """The replay made for the story: the comparison of the whole result (``report``), each
    line's (``lines``), or why the round could not be replayed (``error``)."""

    report: ReplayReport | None
    lines: list[LineComparison] = field(default_factory=list)
    error: str = ""

    @property
    def matches(self) -> bool:
        return (
            not self.error
            and self.report is not None
            and self.report.matches
            and not any(line.differences for line in self.lines)
        )


@dataclass(frozen=True)
class RoundStory:
    round: Round
    events: list[RoundEvent]
    dealers: list[RoundDealer]
    cards: list[RoundCard]
    settlement: Settlement | None
    lines: list[PayoutLine]
    replay: ReplayNow | None
    corrections: list[Correction]
    audit_records: list[AuditRecord]


def round_story(round_id: int) -> RoundStory:
    """The story of the round ``round_id``; a settled (or settled, then voided) round is
    replayed now. :raises Round.DoesNotExist:"""
    round = search_rows(Round.objects.filter(pk=round_id)).select_related("rule_set").get()
    events = list(
        RoundEvent.objects.filter(round=round)
        .select_related("actor", "device_token")
        .order_by("seq")
    )
    cards = list(
        RoundCard.objects.filter(round=round)
        .select_related("event")
        .order_by("event__seq", "deck_pass", "id")
    )
    settlement = getattr(round, "settlement", None)
    stored_lines = [] if settlement is None else list(settlement.lines.order_by("id"))
    corrections = list(round_corrections(round))
    audit_records = list(
        AuditRecord.objects.filter(round_id=round.pk)
        .select_related("actor", "authorised_by")
        .order_by("id")
    )
    replay = None if settlement is None else _replay(round, events, stored_lines)
    return RoundStory(
        round=round,
        events=events,
        dealers=round_dealers(round, events),
        cards=cards,
        settlement=settlement,
        lines=stored_lines,
        replay=replay,
        corrections=corrections,
        audit_records=audit_records,
    )


def _replay(round: Round, events: list[RoundEvent], stored: list[PayoutLine]) -> ReplayNow:
    # A log that no longer replays is itself the finding: the story shows it, not a 500.
    try:
        report = round_replay(round_id=round.pk)
        replayed = replayed_state(round, events).result().lines
    except Exception as exc:
        return ReplayNow(report=None, error=f"{type(exc).__name__}: {exc}")
    lines = [
        _compare(line, None if fresh is None else _as_stored(fresh))
        for line, fresh in zip_longest(stored, replayed)
    ]
    return ReplayNow(report=report, lines=lines)


def _as_stored(line: ResultLine) -> dict[str, Any]:
    """A replayed line in the stored line's terms (``payouts.services.settlement_record``)."""
    return {
        "box": line.position.number,
        "line": line.line,
        "combination": line.combination,
        "outcome": line.outcome,
        "stake": line.stake,
        "computed_amount": line.computed,
        "paid_amount": line.paid,
        "reason": line.reason,
        "pot": line.pot,
    }


def _compare(stored: PayoutLine | None, replayed: dict[str, Any] | None) -> LineComparison:
    if stored is None or replayed is None:
        return LineComparison(stored=stored, replayed=replayed, differences=["present"])
    differences = [name for name in PAYOUT_LINE_FIELDS if getattr(stored, name) != replayed[name]]
    return LineComparison(stored=stored, replayed=replayed, differences=differences)
