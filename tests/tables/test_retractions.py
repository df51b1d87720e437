"""Retracting a round's last entries, under dual control.

A dealer asks to retract the last entries (back at most to the start of the current phase),
with a reason; the round waits; a pit boss of the pit who did not ask approves (on the board,
or at the tablet signed in by PIN for that one decision), rejects, or the dealer withdraws.
An approved retraction is a new event naming the entries it retracts: the originals stay, the
round's state is the replay without them, the cards they recorded may be recorded again, and
the settlement and its replay agree. An unapproved or self-approved one changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest

from casino.core.models import AuditRecord
from casino.core.roles import Role
from casino.identity.pins import pin_set
from tables.engines import game_of, round_terms, stored_event_data
from tables.models import (
    LedgerEntry,
    RetractionDecision,
    RetractionRequest,
    Round,
    RoundCard,
    RoundEvent,
)
from tests.tables.tablet import Tablet, nothing_written

pytestmark = pytest.mark.django_db


@pytest.fixture
def deputy(make_user: Callable[..., Any], floor: dict[str, Any], users: dict[str, Any]) -> Any:
    """A second pit boss of the table's pit."""
    user = users["deputy"] = make_user("deputy", Role.PIT_BOSS)
    floor["pit"].supervisors.add(user)
    return user


def dealt(tablet: Tablet) -> None:
    """Two boxes' wagers and cards, and the dealer's up card: the deal is over."""
    for box in (1, 2):
        tablet.act("place_wagers", box=box, player=f"P{box}", ante="10")
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
    tablet.act("deal_box", box=2, cards="Jh Jd 9c 5s 3h".split())


def ask(client: Any, tablet: Tablet, count: int, reason: str = "wrong box") -> Any:
    return client.post(
        f"/api/v1/rounds/{tablet.round_id}/retractions/",
        {"expected_event": tablet.seen, "count": count, "reason": reason},
        format="json",
    )


def decide(client: Any, request_id: int, verb: str, note: str = "") -> Any:
    return client.post(f"/api/v1/retractions/{request_id}/{verb}/", {"note": note}, format="json")


def fresh_snapshot(round_id: int, without: set[int]) -> dict[str, Any]:
    """The snapshot of a fresh round of the same terms given the round's events but
    ``without`` those numbers (and the service's own events)."""
    round = Round.objects.select_related("rule_set").get(pk=round_id)
    game = game_of(round.game)
    state = game.new_state(round_terms(round))
    for event in RoundEvent.objects.filter(round=round).order_by("seq"):
        if event.kind in ("note", "retraction") or event.seq in without:
            continue
        state.apply(game.read_event(stored_event_data(event)))
    return json.loads(json.dumps(state.snapshot()))


def test_an_approved_retraction_is_the_replay_without_the_entries_and_the_settlement_agrees(
    floor: dict[str, Any], client_for: Callable[[str | None], Any], deputy: Any
) -> None:
    dealer = client_for("dealer")
    tablet = Tablet.open(dealer, floor["table"].pk)
    dealt(tablet)
    # Box 2's five cards were box 1's to come: a mistake, asked back.
    before = Round.objects.get(pk=tablet.round_id)
    asked = ask(dealer, tablet, 1, "box 2 was dealt box 1's cards")
    assert asked.status_code == 201, asked.json()
    request = asked.json()
    assert (request["status"], request["events"], request["phase"]) == ("pending", [5], "dealing")
    assert [e["kind"] for e in request["entries"]] == ["box_dealt"]
    # The round waits: no action, no settlement, while the request is pending.
    error = tablet.refuse(409, "retraction_pending", "deal_card", target="dealer", card="2c")
    assert error["details"] == {"retraction": request["id"]}
    assert tablet.view()["pending_retraction"] == request["id"]

    approved = decide(client_for("pit_boss"), request["id"], "approve", "seen on camera")
    assert approved.status_code == 200, approved.json()
    decision = approved.json()["decision"]
    assert (approved.json()["status"], decision["decided_by"], decision["event"]) == (
        "approved",
        "pit_boss",
        6,
    )
    round = Round.objects.get(pk=tablet.round_id)
    assert (round.last_event_seq, round.pending_retraction_id, round.retractions) == (6, None, 1)
    # The originals stay; the retraction names them; the state is the replay without them.
    events = list(RoundEvent.objects.filter(round=round).order_by("seq"))
    assert [e.kind for e in events][-2:] == ["box_dealt", "retraction"]
    assert events[-1].payload["retracts"] == [5]
    assert events[-1].actor.username == "dealer"
    assert round.snapshot == fresh_snapshot(round.pk, without={5})
    assert round.snapshot != before.snapshot
    # The cards the retracted entry recorded may be recorded again, for the right box.
    tablet.seen = round.last_event_seq
    tablet.act("deal_box", box=2, cards="Jh Jd 9c 5s 3h".split())
    # Box 2's first cards stay on the record, in the era the retraction closed.
    assert RoundCard.objects.filter(round=round).count() == 15
    assert set(RoundCard.objects.filter(round=round).values_list("era", flat=True)) == {0, 1}
    tablet.act("deal_card", target="dealer", card="2c")
    for box in (1, 2):
        tablet.act("bet", box=box)
    tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())
    settled = tablet.settle()
    assert settled["status"] == "settled"
    replay = client_for("auditor").get(f"/api/v1/rounds/{round.pk}/replay/")
    assert replay.json() == {"round_id": round.pk, "matches": True, "differences": []}
    # Dual control on the record: the request, the decision, and the event's own action row
    # naming the requester as its actor and the approver as its authoriser.
    codes = list(
        AuditRecord.objects.filter(round_id=round.pk)
        .order_by("id")
        .values_list("event_code", flat=True)
    )
    assert codes.count("round.retraction_requested") == 1
    assert codes.count("round.retraction_approved") == 1
    action = AuditRecord.objects.filter(round_id=round.pk, event_code="round.action").last()
    assert action is not None
    retraction_row = AuditRecord.objects.filter(
        round_id=round.pk, event_code="round.action", after__action="retraction"
    ).get()
    assert (retraction_row.actor_id, retraction_row.authorised_by_id) == (
        floor["table"].assignments.get().dealer_id,
        RetractionDecision.objects.get().decided_by_id,
    )


def test_the_requester_cannot_approve_it_and_nothing_changes(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """A pit boss who asked is refused with the project's self-approval code, at the service
    and in the database; the round is as it was, still waiting."""
    boss = client_for("pit_boss")
    tablet = Tablet.open(client_for("dealer"), floor["table"].pk)
    dealt(tablet)
    request = ask(boss, tablet, 2).json()
    round = Round.objects.get(pk=tablet.round_id)
    with nothing_written():
        refused = decide(boss, request["id"], "approve")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "self_approval"
    assert refused.json()["error"]["details"] == {"request": "retraction"}
    after = Round.objects.get(pk=tablet.round_id)
    assert (after.snapshot, after.last_event_seq, after.pending_retraction_id) == (
        round.snapshot,
        round.last_event_seq,
        request["id"],
    )
    assert not RetractionDecision.objects.exists()


def test_a_rejected_retraction_changes_nothing_and_the_round_goes_on(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    tablet = Tablet.open(client_for("dealer"), floor["table"].pk)
    dealt(tablet)
    round = Round.objects.get(pk=tablet.round_id)
    request = ask(client_for("dealer"), tablet, 1).json()
    rejected = decide(client_for("pit_boss"), request["id"], "reject", "the cards are right")
    assert rejected.json()["status"] == "rejected"
    after = Round.objects.get(pk=tablet.round_id)
    assert (after.snapshot, after.last_event_seq, after.retractions) == (
        round.snapshot,
        round.last_event_seq,
        0,
    )
    assert after.pending_retraction_id is None
    tablet.act("deal_card", target="dealer", card="2c")
    again = decide(client_for("pit_boss"), request["id"], "approve")
    assert (again.status_code, again.json()["error"]["code"]) == (409, "not_pending")


def test_the_requester_withdraws_and_only_the_requester(
    floor: dict[str, Any], client_for: Callable[[str | None], Any], deputy: Any
) -> None:
    tablet = Tablet.open(client_for("dealer"), floor["table"].pk)
    dealt(tablet)
    request = ask(client_for("dealer"), tablet, 1).json()
    refused = decide(client_for("pit_boss"), request["id"], "withdraw")
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "permission_denied")
    withdrawn = decide(client_for("dealer"), request["id"], "withdraw", "my mistake")
    assert withdrawn.json()["status"] == "withdrawn"
    assert Round.objects.get(pk=tablet.round_id).pending_retraction_id is None


def test_a_dealer_cannot_decide(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    tablet = Tablet.open(client_for("dealer"), floor["table"].pk)
    dealt(tablet)
    request = ask(client_for("pit_boss"), tablet, 1).json()
    refused = decide(client_for("dealer"), request["id"], "approve")
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "permission_denied")


def test_a_retraction_goes_back_to_the_start_of_the_phase_at_most(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    dealer = client_for("dealer")
    tablet = Tablet.open(dealer, floor["table"].pk)
    dealt(tablet)
    retractable = dealer.get(f"/api/v1/rounds/{tablet.round_id}/retractable/").json()
    # "No more bets" moved the round into the deal: it and the two boxes' cards.
    assert [e["seq"] for e in retractable["entries"]] == [3, 4, 5]
    assert retractable["phase"] == "dealing"
    with nothing_written():
        refused = ask(dealer, tablet, 4)
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "retraction_invalid"
    assert refused.json()["error"]["details"]["retractable"] == 3
    stale = dealer.post(
        f"/api/v1/rounds/{tablet.round_id}/retractions/",
        {"expected_event": 2, "count": 1, "reason": "x"},
        format="json",
    )
    assert (stale.status_code, stale.json()["error"]["code"]) == (409, "stale_event")
    blank = ask(dealer, tablet, 1, reason="   ")
    assert blank.status_code == 400
    assert not RetractionRequest.objects.exists()


def test_a_pit_boss_decides_at_the_tablet_by_pin_once(
    floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    users: dict[str, Any],
    settings: Any,
) -> None:
    """The pit boss signs in at the tablet with a PIN for one decision: the token decides the
    request, and is spent; it never does anything else."""
    from rest_framework.test import APIClient

    pin_set(user_id=users["pit_boss"].pk, pin="9999", actor=users["admin"])
    registered = client_for("pit_boss").post(
        f"/api/v1/tables/{floor['table'].pk}/tablets/", {"name": "RP-1 tablet"}, format="json"
    )
    credential = registered.json()["credential"]
    device = APIClient()
    device.credentials(HTTP_AUTHORIZATION=f"Tablet {credential}")
    tablet = Tablet.open(client_for("dealer"), floor["table"].pk)
    dealt(tablet)
    request = ask(client_for("dealer"), tablet, 1).json()

    wrong = device.post(
        "/api/v1/tablets/decision-sign-in/",
        {"table": floor["table"].pk, "username": "pit_boss", "pin": "1234"},
        format="json",
    )
    assert wrong.status_code == 401
    assert wrong.json()["error"]["code"] == "pin_wrong"
    assert wrong.json()["error"]["details"] == {
        "tries_left": settings.SIGN_IN_LOCKOUT_FAILURES - 1,
        "lockout_after": settings.SIGN_IN_LOCKOUT_FAILURES,
        "locked": False,
    }
    signed = device.post(
        "/api/v1/tablets/decision-sign-in/",
        {"table": floor["table"].pk, "username": "pit_boss", "pin": "9999"},
        format="json",
    )
    assert signed.status_code == 201, signed.json()
    boss = APIClient()
    boss.credentials(HTTP_AUTHORIZATION=f"Token {signed.json()['token']}")
    # A decision sign-in decides, and nothing else.
    elsewhere = boss.get(f"/api/v1/tables/{floor['table'].pk}/")
    assert (elsewhere.status_code, elsewhere.json()["error"]["code"]) == (403, "permission_denied")
    approved = decide(boss, request["id"], "approve")
    assert approved.status_code == 200, approved.json()
    assert approved.json()["decision"]["tablet"] == registered.json()["id"]
    # Spent by its decision: a second one is refused before anything is read.
    spent = decide(boss, request["id"], "reject")
    assert spent.status_code == 401


def test_a_void_asked_at_the_tablet_is_decided_there_by_pin(
    floor: dict[str, Any], client_for: Callable[[str | None], Any], users: dict[str, Any]
) -> None:
    from rest_framework.test import APIClient

    pin_set(user_id=users["pit_boss"].pk, pin="9999", actor=users["admin"])
    credential = (
        client_for("pit_boss")
        .post(f"/api/v1/tables/{floor['table'].pk}/tablets/", {"name": "t"}, format="json")
        .json()["credential"]
    )
    device = APIClient()
    device.credentials(HTTP_AUTHORIZATION=f"Tablet {credential}")
    tablet = Tablet.open(client_for("dealer"), floor["table"].pk)
    dealt(tablet)
    void = client_for("dealer").post(
        f"/api/v1/audit/rounds/{tablet.round_id}/corrections/",
        {"kind": "void", "reason": "misdeal"},
        format="json",
    )
    assert void.status_code == 201, void.json()
    token = device.post(
        "/api/v1/tablets/decision-sign-in/",
        {"table": floor["table"].pk, "username": "pit_boss", "pin": "9999"},
        format="json",
    ).json()["token"]
    boss = APIClient()
    boss.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    approved = boss.post(
        f"/api/v1/audit/corrections/{void.json()['id']}/approve/", {"note": ""}, format="json"
    )
    assert approved.status_code == 200, approved.json()
    assert Round.objects.get(pk=tablet.round_id).status == "voided"
    assert boss.get("/api/v1/retractions/").status_code in (401, 403)


def test_a_pot_games_chips_move_back_with_the_entry_that_moved_them(
    play_game_at_table: Callable[..., Any], client_for: Callable[[str | None], Any]
) -> None:
    """Red Dog: a turn's card retracted moves the won bet back into the pot, by rows of its
    own; the pot the state holds is the ledger's balance again."""
    table = play_game_at_table("red_dog")
    tablet = Tablet.open(client_for("dealer"), table.pk)
    tablet.act("seat_players", stacks={str(s): "100" for s in range(1, 4)}, button=3)
    tablet.act("start_hand")
    for seat, cards in {1: "Ks 9s 7h 4d Ac", 2: "2h 3h 4h 5h 6h", 3: "2c 3c 4c 5c 6c"}.items():
        tablet.act("deal_hand", seat=seat, cards=cards.split())
    tablet.act("place_bet", seat=1, amount="4")
    tablet.act("show_burn", card="8s")
    tablet.act("turn_card", card="Js")
    assert D(tablet.state["pot"]) == D(2)
    request = ask(client_for("dealer"), tablet, 1, "the card was the Jd").json()
    decide(client_for("pit_boss"), request["id"], "approve")
    round = Round.objects.get(pk=tablet.round_id)
    back = LedgerEntry.objects.filter(round=round, reason="retracted")
    assert list(back.values_list("source", "destination", "amount")) == [("player:1", "pot", D(4))]
    rows = LedgerEntry.objects.filter(round=round)
    into = sum(r.amount for r in rows if r.destination == "pot")
    out = sum(r.amount for r in rows if r.source == "pot")
    assert into - out == D(6)
    assert round.snapshot == fresh_snapshot(round.pk, without={request["events"][0]})
    tablet.seen = round.last_event_seq
    tablet.act("turn_card", card="Jd")
    assert D(tablet.state["pot"]) == D(10)
    numbers = list(
        LedgerEntry.objects.filter(round=round).order_by("seq").values_list("seq", flat=True)
    )
    assert numbers == list(range(1, len(numbers) + 1))
