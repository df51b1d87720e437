"""Who dealt a round: each dealer who recorded its events, with the proof they were meant to.

For each dealer among the events' actors (a dealer by role: a pit boss who recorded an event,
a decision's at the tablet, is no dealer of the round), in the order they first recorded one:
the numbers of their events; the qualification for the round's game in force at the first of
them (``casino.identity.qualifications.held_at``, its expiry read on the gaming day of that
instant at the table's casino); and their slot in the rotation plan of the table's pit in force
at that same instant (``casino.dealers.slots``: the version saved by then). Both are what stood
when the dealer dealt, not what the records say now. The round's story and its evidence
package name the dealers from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from casino.core.roles import Role, user_role
from casino.dealers.slots import PlannedSlot, planned_slots
from casino.identity.models import Qualification
from casino.identity.qualifications import held_at
from tables.models import Pit, Round, RoundEvent


@dataclass(frozen=True)
class RoundDealer:
    """A dealer who recorded events of the round: the events' numbers; the qualification for
    the round's game in force at the first of them (``None``: none was); and the slot of the
    pit's rotation plan in force at that first event (``None``: no plan in force had the
    dealer then). The slot is the plan's word, whatever the dealer did: on a break, at
    another table, or none at all, it is the proof that the dealing was off the plan."""

    dealer: Any
    events: list[int]
    qualification: Qualification | None
    slot: PlannedSlot | None


def round_dealers(round: Round, events: list[RoundEvent]) -> list[RoundDealer]:
    """The round's dealers, from its ``events`` (in order, with their actors read)."""
    recorded: dict[int, list[RoundEvent]] = {}
    for event in events:
        if event.actor is not None and user_role(event.actor) is Role.DEALER:
            recorded.setdefault(event.actor.pk, []).append(event)
    if not recorded:
        return []
    pit = Pit.objects.select_related("casino").get(tables=round.table_id)
    clock = pit.casino.clock
    slots = planned_slots(
        pit_id=pit.pk, moments={pk: own[0].created_at for pk, own in recorded.items()}
    )
    dealers = []
    for pk, own in recorded.items():
        first = own[0].created_at
        qualification = (
            Qualification.objects.filter(
                held_at(first, clock.day_of(first)), dealer=own[0].actor, game=round.game
            )
            .select_related("recorded_by")
            .order_by("-recorded_at", "-pk")
            .first()
        )
        dealers.append(
            RoundDealer(own[0].actor, [event.seq for event in own], qualification, slots[pk])
        )
    return dealers
