"""Corrections under dual control: requested by one person, decided by another pit boss of the
pit; a settled round is never edited; refusals write nothing."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal as D
from typing import Any

import pytest
import redis
from django.conf import settings
from django.db import DatabaseError, IntegrityError, transaction

from audit.services.chain import chain_verify
from casino.core.errors import ApiError
from casino.core.models import AuditRecord
from casino.core.push import EVENT_FIELD, stream_key
from payouts.models import Correction, CorrectionLine, CorrectionStatus, Settlement
from payouts.services.corrections import (
    LineInput,
    correction_approve,
    correction_reject,
    correction_request,
)
from tables.models import Round, RoundStatus
from tables.services.rounds import round_open
from tests.audit.factories import settled_round

pytestmark = pytest.mark.django_db

DAY = dt.date(2025, 3, 10)


@contextmanager
def nothing_written() -> Iterator[None]:
    models = (AuditRecord, Correction, CorrectionLine, Round, Settlement)
    before = {m: m.objects.count() for m in models}
    statuses = list(Correction.objects.order_by("id").values_list("status", flat=True))
    yield
    assert {m: m.objects.count() for m in models} == before
    assert list(Correction.objects.order_by("id").values_list("status", flat=True)) == statuses


def refused(code: str, call: Callable[[], Any]) -> ApiError:
    with nothing_written(), pytest.raises(ApiError) as error:
        call()
    assert error.value.code == code
    return error.value


@pytest.fixture
def settled(audit_floor: dict[str, Any], users: dict[str, Any]) -> Round:
    """A settled Russian Poker round at RP-1: box 1 staked 30 and was paid 50, box 2 staked 20
    and lost."""
    return settled_round(
        audit_floor["table"],
        users["dealer"],
        DAY,
        stakes=[(1, "ante", "10"), (1, "bet", "20"), (2, "ante", "20")],
        returns=[
            (1, "ante", "win", "10", "10", "10"),
            (1, "bet", "win", "20", "40", "40"),
            (2, "ante", "lose", "20", "0", "0"),
        ],
    )


def test_requesting_and_approving_as_the_same_person_is_refused(
    settled: Round, users: dict[str, Any]
) -> None:
    correction = correction_request(
        round_id=settled.pk,
        actor=users["pit_boss"],
        kind="payout_correction",
        reason="bet paid short",
        lines=[LineInput(box=1, line="bet", amount=D(20))],
    )
    error = refused(
        "self_approval",
        lambda: correction_approve(correction_id=correction.pk, actor=users["pit_boss"]),
    )
    assert error.status_code == 403
    refused(
        "self_approval",
        lambda: correction_reject(correction_id=correction.pk, actor=users["pit_boss"]),
    )
    # The database holds the same rule, whatever code path tries.
    with pytest.raises(IntegrityError, match="correction_decided_by_another"):
        with transaction.atomic():
            Correction.objects.filter(pk=correction.pk).update(
                status=CorrectionStatus.APPROVED,
                decided_by=users["pit_boss"],
                decided_at=correction.requested_at,
                decided_gaming_day=DAY,
            )


def test_requesting_and_approving_as_the_same_person_through_the_api(
    settled: Round, client_for: Callable[[str | None], Any]
) -> None:
    pit_boss = client_for("pit_boss")
    response = pit_boss.post(
        f"/api/v1/audit/rounds/{settled.pk}/corrections/",
        {"kind": "void", "reason": "wrong table limits applied"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    correction_id = response.json()["id"]
    with nothing_written():
        response = pit_boss.post(
            f"/api/v1/audit/corrections/{correction_id}/approve/", {}, format="json"
        )
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "self_approval"


def test_a_payout_correction_is_a_new_record_approved_by_another_pit_boss(
    settled: Round, audit_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    pit_boss_b = users["other_pit_boss"]
    audit_floor["pit"].supervisors.add(pit_boss_b)
    settlement = Settlement.objects.get(round=settled)
    correction = correction_request(
        round_id=settled.pk,
        actor=users["dealer"],
        kind="payout_correction",
        reason="bet paid short",
        lines=[LineInput(box=1, line="bet", amount=D(20))],
    )
    approved = correction_approve(correction_id=correction.pk, actor=pit_boss_b, note="seen")

    assert approved.status == CorrectionStatus.APPROVED
    assert approved.settlement_id == settlement.pk
    assert approved.decided_by == pit_boss_b
    assert list(approved.lines.values_list("box", "line", "amount")) == [(1, "bet", D(20))]
    # The settled round and its settlement are as they were.
    after = Settlement.objects.get(pk=settlement.pk)
    assert (after.total_staked, after.total_returned, after.house_result) == (
        D(50),
        D(50),
        D(0),
    )
    assert Round.objects.get(pk=settled.pk).status == RoundStatus.SETTLED
    records = list(AuditRecord.objects.order_by("id"))
    assert [(r.event_code, r.actor_id, r.round_id) for r in records] == [
        ("correction.requested", users["dealer"].pk, settled.pk),
        ("correction.approved", pit_boss_b.pk, settled.pk),
    ]
    assert records[0].reason == "bet paid short"
    assert records[1].before == {"status": "requested"}
    assert records[1].after["lines"] == [{"box": 1, "line": "bet", "amount": "20.00"}]
    assert records[1].gaming_day == approved.decided_gaming_day
    assert chain_verify().intact

    refused(
        "not_pending",
        lambda: correction_reject(correction_id=correction.pk, actor=pit_boss_b),
    )
    with pytest.raises(DatabaseError, match="decided already"), transaction.atomic():
        Correction.objects.filter(pk=correction.pk).update(decision_note="edited")


def test_a_pit_boss_decides_only_for_the_own_pit(settled: Round, users: dict[str, Any]) -> None:
    correction = correction_request(
        round_id=settled.pk, actor=users["dealer"], kind="void", reason="misdeal"
    )
    for actor in ("other_pit_boss", "auditor", "admin", "other_dealer"):
        refused(
            "permission_denied",
            lambda actor=actor: correction_approve(correction_id=correction.pk, actor=users[actor]),
        )


def test_voiding_a_round_in_play_ends_it(
    audit_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    table = audit_floor["table"]
    audit_floor["pit"].supervisors.add(users["other_pit_boss"])
    round = round_open(table_id=table.pk, dealer=users["dealer"])
    correction = correction_request(
        round_id=round.pk, actor=users["dealer"], kind="void", reason="shuffler jammed"
    )
    refused(
        "correction_void_pending",
        lambda: correction_request(
            round_id=round.pk, actor=users["pit_boss"], kind="void", reason="again"
        ),
    )
    correction_approve(correction_id=correction.pk, actor=users["pit_boss"])

    round.refresh_from_db()
    assert round.status == RoundStatus.VOIDED
    assert not CorrectionLine.objects.exists()
    voided = AuditRecord.objects.get(event_code="round.voided")
    assert (voided.actor, voided.authorised_by, voided.reason) == (
        users["dealer"],
        users["pit_boss"],
        "shuffler jammed",
    )
    assert voided.before["status"] == "open"
    # The table plays on: the next round opens.
    assert round_open(table_id=table.pk, dealer=users["dealer"]).number == round.number + 1
    refused(
        "correction_round_voided",
        lambda: correction_request(
            round_id=round.pk, actor=users["dealer"], kind="void", reason="once more"
        ),
    )


def test_voiding_a_settled_round_undoes_it_in_lines_and_keeps_the_settlement(
    settled: Round, users: dict[str, Any]
) -> None:
    correction = correction_request(
        round_id=settled.pk, actor=users["dealer"], kind="void", reason="dealt to a closed box"
    )
    correction_approve(correction_id=correction.pk, actor=users["pit_boss"])
    # Box 1 staked 30 and was paid 50: 20 recovered; box 2 staked 20 and was paid 0: 20 owed.
    assert list(correction.lines.order_by("box").values_list("box", "line", "amount")) == [
        (1, "void", D(-20)),
        (2, "void", D(20)),
    ]
    assert Settlement.objects.get(round=settled).house_result == D(0)
    assert Round.objects.get(pk=settled.pk).status == RoundStatus.SETTLED
    voided = AuditRecord.objects.get(event_code="round.voided")
    assert voided.before == {"status": "settled", "phase": "complete", "house_result": "0.00"}
    refused(
        "correction_round_voided",
        lambda: correction_request(
            round_id=settled.pk,
            actor=users["dealer"],
            kind="payout_correction",
            reason="after the void",
            lines=[LineInput(box=1, line="bet", amount=D(10))],
        ),
    )


@pytest.mark.parametrize(
    ("kind", "lines", "code"),
    [
        ("payout_correction", [], "correction_lines_invalid"),
        (
            "payout_correction",
            [LineInput(box=3, line="bet", amount=D(10))],
            "correction_lines_invalid",
        ),
        (
            "payout_correction",
            [LineInput(box=1, line="bet", amount=D(0))],
            "correction_lines_invalid",
        ),
        (
            "payout_correction",
            [LineInput(box=1, line="bet", amount=D("0.50"))],
            "correction_lines_invalid",
        ),
        (
            "payout_correction",
            [
                LineInput(box=1, line="bet", amount=D(10)),
                LineInput(box=1, line="bet", amount=D(10)),
            ],
            "correction_lines_invalid",
        ),
        ("void", [LineInput(box=1, line="bet", amount=D(10))], "correction_lines_invalid"),
    ],
    ids=["no-lines", "box-without-stake", "zero", "below-chip-unit", "twice", "void-with-lines"],
)
def test_invalid_requests_write_nothing(
    settled: Round, users: dict[str, Any], kind: str, lines: list[LineInput], code: str
) -> None:
    refused(
        code,
        lambda: correction_request(
            round_id=settled.pk, actor=users["dealer"], kind=kind, reason="r", lines=lines
        ),
    )


def test_who_may_request(settled: Round, users: dict[str, Any]) -> None:
    refused(
        "correction_reason_required",
        lambda: correction_request(
            round_id=settled.pk, actor=users["dealer"], kind="void", reason="  "
        ),
    )
    for actor in ("other_dealer", "other_pit_boss", "auditor", "admin"):
        refused(
            "permission_denied",
            lambda actor=actor: correction_request(
                round_id=settled.pk, actor=users[actor], kind="void", reason="misdeal"
            ),
        )


def test_a_payout_correction_needs_a_settlement(
    audit_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    round = round_open(table_id=audit_floor["table"].pk, dealer=users["dealer"])
    refused(
        "correction_round_not_settled",
        lambda: correction_request(
            round_id=round.pk,
            actor=users["dealer"],
            kind="payout_correction",
            reason="too early",
            lines=[LineInput(box=1, line="ante", amount=D(10))],
        ),
    )


def test_rejecting_changes_nothing_else(settled: Round, users: dict[str, Any]) -> None:
    correction = correction_request(
        round_id=settled.pk, actor=users["dealer"], kind="void", reason="misdeal"
    )
    rejected = correction_reject(
        correction_id=correction.pk, actor=users["pit_boss"], note="video shows a fair deal"
    )
    assert (rejected.status, rejected.decision_note) == ("rejected", "video shows a fair deal")
    assert not CorrectionLine.objects.exists()
    assert list(AuditRecord.objects.values_list("event_code", flat=True)) == [
        "correction.requested",
        "correction.rejected",
    ]
    # A rejected void does not block a new request.
    assert (
        correction_request(
            round_id=settled.pk, actor=users["dealer"], kind="void", reason="misdeal after all"
        ).status
        == CorrectionStatus.REQUESTED
    )


def test_each_decision_is_pushed_to_the_round_s_pit(
    settled: Round,
    users: dict[str, Any],
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """The tablet of a voided round learns it from its pit's stream, not from its next poll;
    the board drops the decided request from its to-do (``correction_decided``), once the
    decision is committed."""
    pit_id = settled.table.pit_id
    client = redis.Redis.from_url(settings.REDIS_URL)
    since = (client.xrevrange(stream_key(pit_id), count=1) or [(b"0-0", {})])[0][0]

    def decided_since() -> list[dict[str, Any]]:
        entries = client.xrange(stream_key(pit_id), min=b"(" + since)
        events = [json.loads(fields[EVENT_FIELD.encode()]) for _, fields in entries]
        return [e for e in events if e["kind"] == "correction_decided"]

    payout = correction_request(
        round_id=settled.pk,
        actor=users["dealer"],
        kind="payout_correction",
        reason="box 1 short",
        lines=[LineInput(box=1, line="bet", amount=D(5))],
    )
    void = correction_request(
        round_id=settled.pk, actor=users["dealer"], kind="void", reason="wrong shoe"
    )
    with django_capture_on_commit_callbacks(execute=True):
        correction_reject(correction_id=payout.pk, actor=users["pit_boss"])
        correction_approve(correction_id=void.pk, actor=users["pit_boss"])
    assert [(e["table"], e["data"]) for e in decided_since()] == [
        (
            settled.table_id,
            {
                "round": settled.pk,
                "correction": payout.pk,
                "kind": "payout_correction",
                "outcome": "rejected",
            },
        ),
        (
            settled.table_id,
            {"round": settled.pk, "correction": void.pk, "kind": "void", "outcome": "approved"},
        ),
    ]
