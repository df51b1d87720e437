"""A round's story (``GET /api/v1/rounds/{id}/story/``): its events with who, when, from which
device and request; its dealers with their qualification and rotation plan slot then; its
cards; its settlement beside a replay made now, with a difference
marked line by line; its corrections with their approvals; its rows of the audit trail."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.db import connection

from audit.services.checks import replay_check_day
from casino.core.models import AuditRecord
from casino.core.roles import Role
from casino.identity.models import DeviceToken, Qualification
from payouts.services.corrections import LineInput, correction_approve, correction_request
from tables.models import Round, RoundEvent
from tables.services.rounds import round_open
from tests.audit.factories import one_table_plan

pytestmark = pytest.mark.django_db


def story(client: Any, round: Round) -> dict[str, Any]:
    response = client.get(f"/api/v1/rounds/{round.pk}/story/")
    assert response.status_code == 200, response.json()
    return response.json()  # type: ignore[no-any-return]


@pytest.fixture
def deputy(audit_floor: dict[str, Any], make_user: Any) -> Any:
    """A second pit boss of pit A, who approves what the first requests."""
    user = make_user("deputy_pit_boss", Role.PIT_BOSS)
    audit_floor["pit"].supervisors.add(user)
    return user


def test_the_story_tells_the_events_with_who_when_from_which_device_and_request(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
) -> None:
    round = play_rp01(audit_floor["table"])
    told = story(client_for("auditor"), round)

    events = told["events"]
    stored = list(RoundEvent.objects.filter(round=round).order_by("seq"))
    assert [e["seq"] for e in events] == [e.seq for e in stored] == list(range(1, 7))
    assert [e["action"] for e in events] == [e.kind for e in stored]
    assert events[0]["payload"] == stored[0].payload
    token = DeviceToken.objects.get(user=users["dealer"])
    for event in events:
        assert event["actor"] == {"id": users["dealer"].pk, "name": "dealer"}
        assert event["device"] == {"id": token.pk, "name": "tablet-dealer"}
        assert len(event["request_id"]) == 32
    # Each action was a request of its own.
    assert len({event["request_id"] for event in events}) == len(events)
    assert {e.device_token_id for e in stored} == {token.pk}

    cards = told["cards"]
    assert [c["event"] for c in cards] == sorted(c["event"] for c in cards)
    by_event: dict[int, set[tuple[str, str]]] = {}
    for card in cards:
        by_event.setdefault(card["event"], set()).add((card["card"], card["position"]))
    assert by_event[3] == {(card, "box:1") for card in ("8h", "8s", "Kd", "7c", "3s")}
    assert by_event[4] == {("2c", "dealer")}
    assert {card for card, _ in by_event[6]} == {"Ac", "Kh", "9d", "6s"}
    assert {c["deck_pass"] for c in cards} == {1}

    settlement = told["settlement"]
    assert (settlement["total_staked"], settlement["total_returned"]) == ("30.00", "50.00")
    assert settlement["settled_by"] == {"id": users["dealer"].pk, "name": "dealer"}
    assert told["replay"]["matches"] is True
    assert all(line["matches"] for line in told["replay"]["lines"])
    assert len(told["replay"]["lines"]) == len(settlement["lines"]) > 0

    records = told["audit_records"]
    assert [r["event_code"] for r in records] == list(
        AuditRecord.objects.filter(round_id=round.pk)
        .order_by("id")
        .values_list("event_code", flat=True)
    )
    assert {r["stream"] for r in records} == {f"table:{audit_floor['table'].pk}"}
    assert [r["seq"] for r in records] == sorted(r["seq"] for r in records)
    assert all(len(r["row_hash"]) == 64 for r in records)
    assert told["round"]["id"] == round.pk
    assert told["round"]["status"] == "settled"


SHIFT = dt.datetime(2027, 3, 10, 14, 0, tzinfo=dt.UTC)


def test_the_story_names_each_dealer_with_the_plan_slot_in_force_when_they_dealt(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    time_machine: Any,
) -> None:
    """The plan put the dealer at RP-1 for the hour when the first round was dealt; a second
    version, saved during the hour, took them off it: the first round still names the first
    version's slot (a later edit rewrites no history), the round dealt after it none."""
    table, dealer = audit_floor["table"], users["dealer"]
    time_machine.move_to(SHIFT - dt.timedelta(minutes=30), tick=False)
    first = one_table_plan(table=table, dealers=[dealer], start=SHIFT, actor=users["pit_boss"])
    time_machine.move_to(SHIFT + dt.timedelta(minutes=10), tick=False)
    planned = play_rp01(table)
    time_machine.move_to(SHIFT + dt.timedelta(minutes=20), tick=False)
    second = one_table_plan(
        table=table, dealers=[users["other_dealer"]], start=SHIFT, actor=users["pit_boss"]
    )
    time_machine.move_to(SHIFT + dt.timedelta(minutes=30), tick=False)
    off_plan = play_rp01(table)
    held = Qualification.objects.get(dealer=dealer, game=planned.game)
    [string] = first.strings
    auditor = client_for("auditor")

    [told] = story(auditor, planned)["dealers"]

    assert told == {
        "dealer": {"id": dealer.pk, "name": "dealer"},
        "events": list(range(1, 7)),
        "qualification": {
            "id": held.pk,
            "evidence_kind": held.evidence_kind,
            "evidence_reference": held.evidence_reference,
            "qualified_on": held.qualified_on.isoformat(),
            "expires_on": None,
            "recorded_by": {"id": held.recorded_by_id, "name": held.recorded_by.username},
        },
        "slot": {
            "plan": first.pk,
            "version": 1,
            "string": string["name"],
            "place": str(table.pk),
            "table": {"id": table.pk, "name": "RP-1"},
            "start": "2027-03-10T14:00:00Z",
            "end": "2027-03-10T15:00:00Z",
        },
    }
    assert second.version == 2
    [after] = story(auditor, off_plan)["dealers"]
    assert after["qualification"] == told["qualification"]
    assert after["slot"] is None


def test_the_story_shows_a_correction_and_its_approval(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    users: dict[str, Any],
    deputy: Any,
    client_for: Callable[[str | None], Any],
) -> None:
    round = play_rp01(audit_floor["table"])
    correction = correction_request(
        round_id=round.pk,
        actor=users["pit_boss"],
        kind="payout_correction",
        reason="the bet was paid short",
        lines=[LineInput(box=1, line="bet", amount=D(20))],
    )
    correction_approve(correction_id=correction.pk, actor=deputy, note="seen on camera")
    told = story(client_for("pit_boss"), round)

    [shown] = told["corrections"]
    assert shown["id"] == correction.pk
    assert (shown["kind"], shown["status"], shown["reason"]) == (
        "payout_correction",
        "approved",
        "the bet was paid short",
    )
    assert shown["requested_by"] == {"id": users["pit_boss"].pk, "name": "pit_boss"}
    assert shown["decided_by"] == {"id": deputy.pk, "name": "deputy_pit_boss"}
    assert shown["decision_note"] == "seen on camera"
    assert shown["decided_at"] is not None
    assert shown["lines"] == [{"box": 1, "line": "bet", "amount": "20.00"}]
    codes = [r["event_code"] for r in told["audit_records"]]
    assert codes[-2:] == ["correction.requested", "correction.approved"]
    assert (told["round"]["status"], told["round"]["corrections"]) == ("corrected", 1)


def test_a_replay_mismatch_is_marked_line_by_line(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    client_for: Callable[[str | None], Any],
) -> None:
    round = play_rp01(audit_floor["table"])
    # Payout lines are not history-protected rows: pay one more behind the service's back.
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE payouts_payoutline SET paid_amount = paid_amount + 5, "
            "computed_amount = computed_amount + 5 WHERE id = ("
            "SELECT min(l.id) FROM payouts_payoutline l JOIN payouts_settlement s "
            "ON s.id = l.settlement_id WHERE s.round_id = %s AND l.paid_amount > 0)",
            [round.pk],
        )
    told = story(client_for("auditor"), round)

    replay = told["replay"]
    assert replay["matches"] is False
    marked = [line for line in replay["lines"] if not line["matches"]]
    assert len(marked) == 1
    [line] = marked
    assert line["differences"] == ["computed_amount", "paid_amount"]
    assert D(line["stored"]["paid_amount"]) == D(line["replayed"]["paid_amount"]) + 5
    assert all(other["differences"] == [] for other in replay["lines"] if other is not line)


def test_a_changed_engine_result_is_marked_and_flagged_by_the_nightly_replay(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    client_for: Callable[[str | None], Any],
) -> None:
    round = play_rp01(audit_floor["table"])
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE payouts_settlement SET engine_result = jsonb_set(engine_result, "
            "'{tampered}', 'true'::jsonb) WHERE round_id = %s",
            [round.pk],
        )
    replay_check_day(casino_id=audit_floor["casino"].pk, gaming_day=round.gaming_day)
    told = story(client_for("auditor"), round)

    assert told["replay"]["matches"] is False
    assert told["replay"]["differences"] == [
        {"path": "/tampered", "stored": True, "replayed": None}
    ]
    assert told["round"]["replay_mismatch"] is True
    assert "round.replay_mismatch" in [r["event_code"] for r in told["audit_records"]]


def test_an_open_round_has_no_settlement_and_no_replay_yet(
    audit_floor: dict[str, Any], users: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    round = round_open(table_id=audit_floor["table"].pk, dealer=users["dealer"])
    told = story(client_for("admin"), round)
    assert (told["settlement"], told["replay"], told["events"]) == (None, None, [])
    assert told["round"]["status"] == "open"


def test_events_recorded_without_a_device_token_name_none(
    audit_floor: dict[str, Any], users: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """A session (the browser), a task or the shell records no device."""
    from tables.services.rounds import round_act

    round = round_open(table_id=audit_floor["table"].pk, dealer=users["dealer"])
    round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=0,
        action="note",
        data={"text": "shuffler jammed"},
    )
    [event] = story(client_for("auditor"), round)["events"]
    assert (event["device"], event["request_id"]) == (None, "")


@pytest.mark.parametrize("role", ["dealer", "other_pit_boss", "no_role"])
def test_the_story_is_refused_outside_the_reviewers(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    client_for: Callable[[str | None], Any],
    role: str,
) -> None:
    round = play_rp01(audit_floor["table"])
    response = client_for(role).get(f"/api/v1/rounds/{round.pk}/story/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
