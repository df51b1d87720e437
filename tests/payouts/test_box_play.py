"""Each box's play in each round: written by the settlement's own statement, added to by an
approved payout correction, netted to nothing by an approved void; left alone by what is
pending or rejected; never changed in place."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from importlib import import_module
from typing import Any

import pytest
from django.db import DatabaseError, transaction

from payouts.models import BoxPlay
from payouts.services.corrections import (
    LineInput,
    correction_approve,
    correction_reject,
    correction_request,
)
from tables.models import Round
from tests.audit.test_cross_checks import as_the_owner_with_triggers_off

pytestmark = pytest.mark.django_db


def play_of(round: Round) -> dict[int, tuple[D, D]]:
    """Each box's staked and returned in ``round``: its rows summed."""
    play: dict[int, tuple[D, D]] = {}
    for row in BoxPlay.objects.filter(round=round):
        staked, returned = play.get(row.box, (D(0), D(0)))
        play[row.box] = (staked + row.staked, returned + row.returned)
    return play


def test_the_settlement_writes_each_box_s_play_with_its_round_s_time_and_day(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    """RP01: box 1 stakes an Ante of 10 and a Bet of 20, both won even money (50 back)."""
    round = play_rp01(audit_floor["table"])
    (row,) = BoxPlay.objects.filter(round=round)
    assert (row.box, row.staked, row.returned, row.correction_id) == (1, D(30), D(50), None)
    assert (row.table_id, row.gaming_day, row.opened_at) == (
        round.table_id,
        round.gaming_day,
        round.opened_at,
    )


def test_payout_corrections_add_what_they_owe_and_a_void_nets_the_round_to_nothing(
    audit_floor: dict[str, Any], users: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    round = play_rp01(audit_floor["table"])
    dealer, boss = users["dealer"], users["pit_boss"]

    def payout_correction(amount: str, line: str) -> int:
        return correction_request(
            round_id=round.pk,
            actor=dealer,
            kind="payout_correction",
            reason=f"{line} paid wrong",
            lines=[LineInput(box=1, line=line, amount=D(amount))],
        ).pk

    owed = payout_correction("15", "bet")
    assert play_of(round) == {1: (D(30), D(50))}  # pending
    correction_approve(correction_id=owed, actor=boss)
    assert play_of(round) == {1: (D(30), D(65))}
    correction_reject(correction_id=payout_correction("-5", "ante"), actor=boss)
    assert play_of(round) == {1: (D(30), D(65))}

    void = correction_request(round_id=round.pk, actor=dealer, kind="void", reason="wrong shoe")
    correction_approve(correction_id=void.pk, actor=boss)
    assert play_of(round) == {1: (D(0), D(0))}
    assert BoxPlay.objects.filter(round=round).count() == 3


def test_a_row_is_never_changed_in_place(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    round = play_rp01(audit_floor["table"])
    with pytest.raises(DatabaseError), transaction.atomic():
        BoxPlay.objects.filter(round=round).update(returned=D(0))
    assert play_of(round) == {1: (D(30), D(50))}


def test_the_migration_s_fill_writes_the_rows_the_services_write(
    audit_floor: dict[str, Any], users: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    """The rows of rounds settled and corrected before the box play was kept are made by the
    migration from their lines: the same rows as the services write, correction by
    correction."""
    dealer, boss = users["dealer"], users["pit_boss"]
    corrected, voided, kept = (play_rp01(audit_floor["table"]) for _ in range(3))
    owed = correction_request(
        round_id=corrected.pk,
        actor=dealer,
        kind="payout_correction",
        reason="bet underpaid",
        lines=[
            LineInput(box=1, line="bet", amount=D(15)),
            LineInput(box=1, line="ante", amount=D(5)),
        ],
    )
    correction_approve(correction_id=owed.pk, actor=boss)
    for round in (corrected, voided):
        void = correction_request(round_id=round.pk, actor=dealer, kind="void", reason="shoe")
        correction_approve(correction_id=void.pk, actor=boss)
    columns = (
        "round",
        "table",
        "gaming_day",
        "opened_at",
        "box",
        "staked",
        "returned",
        "correction",
    )

    def rows() -> list[tuple[Any, ...]]:
        return sorted(BoxPlay.objects.values_list(*columns), key=repr)

    written = rows()
    assert len(written) == 3 + 1 + 2  # settled; owed (its lines summed by box); voided
    fill = import_module("payouts.migrations.0012_box_play")._BACKFILL
    with as_the_owner_with_triggers_off("payouts_boxplay") as cursor:
        cursor.execute("DELETE FROM payouts_boxplay")
        cursor.execute(fill)
    assert rows() == written
    assert play_of(kept) == {1: (D(30), D(50))}
