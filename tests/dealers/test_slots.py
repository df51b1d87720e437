"""The slot of the plan in force: a dealer's place at an instant in the pit's plan as it stood
then (the latest version saved by that instant), never as a later version rewrote it; a break
answered as the plan says it; nothing outside the shift, before a plan was saved, or for a
dealer the plan does not name."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from casino.core.roles import Role
from casino.dealers.models import RotationPlan
from casino.dealers.plans import plan_document, plan_propose, plan_save
from casino.dealers.rotation import BREAK
from casino.dealers.slots import PlannedSlot, planned_slot, planned_slots
from tables.models import Table
from tests.fixtures import russian_table_beside

pytestmark = pytest.mark.django_db

SHIFT = dt.datetime(2027, 3, 10, 14, 0, tzinfo=dt.UTC)
MINUTE = dt.timedelta(minutes=1)
TERMS = {"length": 240, "minutes_on": 60, "minutes_off": 20, "min_stint": 40, "grace": 0}


@pytest.fixture
def pit(floor: dict[str, Any], users: dict[str, Any], make_user: Any) -> dict[str, Any]:
    """Pit A with RP-1 and two more open Russian Poker tables, and four dealers: one string of
    three tables and a relief, a push every 20 minutes."""
    rp1 = floor["table"]
    for code in ("RP-2", "RP-3"):
        russian_table_beside(rp1, code)
    dealers = [users["dealer"]] + [make_user(f"dealer_{n}", Role.DEALER) for n in (2, 3, 4)]
    return {
        "pit": floor["pit"],
        "other_pit": floor["other_table"].pit_id,
        "dealers": dealers,
        "codes": _codes(floor["pit"]),
    }


def _codes(pit: Any) -> dict[str, str]:
    return {str(pk): code for pk, code in Table.objects.filter(pit=pit).values_list("pk", "code")}


def _save(pit: dict[str, Any], users: dict[str, Any], strings: Any, source: str) -> RotationPlan:
    return plan_save(
        pit_id=pit["pit"].pk,
        start=SHIFT,
        **TERMS,
        dealer_ids=[dealer.pk for dealer in pit["dealers"]],
        strings=strings,
        source=source,
        actor=users["pit_boss"],
    )


def _proposed(pit: dict[str, Any], users: dict[str, Any]) -> list[dict[str, Any]]:
    proposal = plan_propose(
        pit_id=pit["pit"].pk,
        start=SHIFT,
        **TERMS,
        dealer_ids=[dealer.pk for dealer in pit["dealers"]],
        actor=users["pit_boss"],
    )
    return plan_document(proposal.inputs, proposal.plan)["strings"]  # type: ignore[no-any-return]


def _swapped(strings: list[dict[str, Any]], a: Any, b: Any) -> list[dict[str, Any]]:
    """The plan with dealers ``a`` and ``b`` trading every slot (still breaking no rule)."""
    trade = {str(a.pk): str(b.pk), str(b.pk): str(a.pk)}
    return [
        {
            **string,
            "slots": [
                {**slot, "dealer": trade.get(slot["dealer"], slot["dealer"])}
                for slot in string["slots"]
            ],
        }
        for string in strings
    ]


def _slot_of(strings: list[dict[str, Any]], dealer: Any, *, place: str | None = None) -> Any:
    """The first slot of ``dealer`` in ``strings`` (at ``place``, given one), with its string."""
    return next(
        (string["name"], slot)
        for string in strings
        for slot in string["slots"]
        if slot["dealer"] == str(dealer.pk) and (place is None or slot["place"] == place)
    )


def _expected(plan: RotationPlan, name: str, slot: dict[str, Any], codes: Any) -> PlannedSlot:
    return PlannedSlot(
        plan=plan.pk,
        version=plan.version,
        string=name,
        place=slot["place"],
        table_code=codes.get(slot["place"]),
        start=SHIFT + slot["start"] * MINUTE,
        end=SHIFT + slot["end"] * MINUTE,
    )


@pytest.fixture
def versions(pit: dict[str, Any], users: dict[str, Any], time_machine: Any) -> dict[str, Any]:
    """Version 1 saved at 13:00, before the shift; version 2, with the first two dealers'
    slots traded, saved at 15:00, an hour into it."""
    strings = _proposed(pit, users)
    time_machine.move_to(SHIFT - dt.timedelta(hours=1), tick=False)
    first = _save(pit, users, strings, "proposed")
    time_machine.move_to(SHIFT + dt.timedelta(hours=1), tick=False)
    edited = _swapped(strings, pit["dealers"][0], pit["dealers"][1])
    second = _save(pit, users, edited, "edited")
    assert (first.version, second.version) == (1, 2)
    return {"first": first, "second": second, "strings": strings, "edited": edited}


def test_the_slot_is_the_one_of_the_version_saved_by_then(
    pit: dict[str, Any], versions: dict[str, Any]
) -> None:
    dealer = pit["dealers"][0]
    name, slot = _slot_of(versions["strings"], dealer)
    at = SHIFT + slot["start"] * MINUTE + dt.timedelta(seconds=30)

    found = planned_slot(pit_id=pit["pit"].pk, dealer_id=dealer.pk, at=at)

    assert found == _expected(versions["first"], name, slot, pit["codes"])
    assert found is not None and found.table_code in {"RP-1", "RP-2", "RP-3"}
    assert not found.on_break


def test_a_later_version_is_not_applied_before_it_was_saved(
    pit: dict[str, Any], versions: dict[str, Any]
) -> None:
    """Version 2 traded the first two dealers' slots an hour into the shift: before then the
    plan in force is version 1, after it version 2."""
    first, second = pit["dealers"][:2]
    saved = versions["second"].saved_at
    assert saved == SHIFT + dt.timedelta(hours=1)
    before, after = saved - dt.timedelta(seconds=1), saved

    def slot(dealer: Any, at: dt.datetime) -> PlannedSlot | None:
        return planned_slot(pit_id=pit["pit"].pk, dealer_id=dealer.pk, at=at)

    def held(strings: list[dict[str, Any]], dealer: Any, at: dt.datetime) -> Any:
        minute = (at - SHIFT) // MINUTE
        [found] = [
            (string["name"], s)
            for string in strings
            for s in string["slots"]
            if s["dealer"] == str(dealer.pk) and s["start"] <= minute < s["end"]
        ]
        return found

    assert slot(first, before) == _expected(
        versions["first"], *held(versions["strings"], first, before), pit["codes"]
    )
    assert slot(first, after) == _expected(
        versions["second"], *held(versions["edited"], first, after), pit["codes"]
    )
    # The trade shows: from 15:00 the first dealer has the slot the second had in version 1,
    # and version 1 is still what the plan said before.
    _, had = held(versions["strings"], second, after)
    _, own = held(versions["strings"], first, after)
    now = slot(first, after)
    assert now is not None and (now.place, now.version) == (had["place"], 2)
    assert had["place"] != own["place"]


def test_a_break_is_answered_as_the_plan_says_it(
    pit: dict[str, Any], versions: dict[str, Any]
) -> None:
    dealer = pit["dealers"][-1]
    name, rest = _slot_of(versions["strings"], dealer, place=BREAK)
    at = SHIFT + rest["start"] * MINUTE
    assert at < versions["second"].saved_at

    found = planned_slot(pit_id=pit["pit"].pk, dealer_id=dealer.pk, at=at)

    assert found == _expected(versions["first"], name, rest, pit["codes"])
    assert found is not None and found.on_break and found.table_code is None


def test_no_slot_outside_the_shift_for_a_dealer_not_planned_or_at_another_pit(
    pit: dict[str, Any], make_user: Any, versions: dict[str, Any]
) -> None:
    dealer = pit["dealers"][0]
    pit_id = pit["pit"].pk
    end = SHIFT + TERMS["length"] * MINUTE
    # The shift is half-open: its first instant is in it, its end is not.
    assert planned_slot(pit_id=pit_id, dealer_id=dealer.pk, at=SHIFT) is not None
    assert planned_slot(pit_id=pit_id, dealer_id=dealer.pk, at=SHIFT - MINUTE / 60) is None
    last = planned_slot(pit_id=pit_id, dealer_id=dealer.pk, at=end - MINUTE / 60)
    assert last is not None and last.end == end and last.version == 2
    assert planned_slot(pit_id=pit_id, dealer_id=dealer.pk, at=end) is None
    # A dealer the plan does not name, and another pit's plan: none.
    spare = make_user("spare_dealer", Role.DEALER)
    assert planned_slot(pit_id=pit_id, dealer_id=spare.pk, at=SHIFT) is None
    other_pit = pit["other_pit"]
    assert planned_slot(pit_id=other_pit, dealer_id=dealer.pk, at=SHIFT) is None
    assert planned_slots(pit_id=pit_id, moments={}) == {}


def test_a_plan_saved_during_its_shift_is_in_force_from_its_save_only(
    pit: dict[str, Any], users: dict[str, Any], time_machine: Any
) -> None:
    strings = _proposed(pit, users)
    saved = SHIFT + dt.timedelta(minutes=30)
    time_machine.move_to(saved, tick=False)
    plan = _save(pit, users, strings, "proposed")
    dealer = pit["dealers"][0]

    found = planned_slots(
        pit_id=pit["pit"].pk,
        moments={dealer.pk: saved - dt.timedelta(seconds=1), pit["dealers"][1].pk: saved},
    )

    assert found[dealer.pk] is None
    later = found[pit["dealers"][1].pk]
    assert later is not None and (later.plan, later.version) == (plan.pk, 1)
