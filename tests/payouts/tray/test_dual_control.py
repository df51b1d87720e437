"""Each dual-control step of the tray refuses the same person twice — by the service, and by
the database itself when the service is bypassed — and the steps keep their order. A refusal
writes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal as D
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from casino.core.errors import ApiError
from casino.core.roles import Role
from payouts.models import ChipSlip, ChipSlipStep, ChipSlipVoid, DropCount, TrayCount
from payouts.services import slips, trays
from tests.owner import as_owner
from tests.payouts.tray.trays import chips_made, count_confirmed, slip_through

pytestmark = pytest.mark.django_db

CHIPS = {"5.00": 10, "25.00": 4}


@pytest.fixture
def tray_floor(floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]) -> Any:
    users["cage_b"] = make_user("cage_b", Role.CAGE)
    deputy = users["deputy"] = make_user("deputy", Role.PIT_BOSS)
    floor["pit"].supervisors.add(deputy)
    chips_made(floor["casino"].pk, users["admin"])
    return floor


def _rows() -> tuple[int, ...]:
    return tuple(
        model.objects.count()
        for model in (TrayCount, ChipSlip, ChipSlipStep, ChipSlipVoid, DropCount)
    )


@contextmanager
def refused(code: str) -> Iterator[None]:
    before = _rows()
    with pytest.raises(ApiError) as caught:
        yield
    assert caught.value.code == code, caught.value
    assert _rows() == before


def test_a_count_is_not_confirmed_by_its_counter(tray_floor: Any, users: dict[str, Any]) -> None:
    table = tray_floor["table"]
    count = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips=CHIPS, actor=users["pit_boss"]
    )
    with refused("self_approval"):
        trays.tray_count_decide(count_id=count.pk, actor=users["pit_boss"], confirm=True)
    with refused("count_pending"):
        trays.tray_count_enter(table_id=table.pk, kind="opener", chips=CHIPS, actor=users["dealer"])
    trays.tray_count_decide(count_id=count.pk, actor=users["deputy"], confirm=True)
    with refused("not_pending"):
        trays.tray_count_decide(count_id=count.pk, actor=users["admin"], confirm=False)
    with refused("count_out_of_order"):
        trays.tray_count_enter(table_id=table.pk, kind="opener", chips=CHIPS, actor=users["dealer"])


def test_a_closer_needs_an_open_shift_and_a_rejected_count_counts_for_nothing(
    tray_floor: Any, users: dict[str, Any]
) -> None:
    table = tray_floor["table"]
    with refused("count_out_of_order"):
        trays.tray_count_enter(table_id=table.pk, kind="closer", chips=CHIPS, actor=users["dealer"])
    count = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips=CHIPS, actor=users["dealer"]
    )
    trays.tray_count_decide(count_id=count.pk, actor=users["pit_boss"], confirm=False)
    # Rejected: no shift is open, so the table counts its opener again.
    with refused("count_out_of_order"):
        trays.tray_count_enter(table_id=table.pk, kind="closer", chips=CHIPS, actor=users["dealer"])
    again = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips=CHIPS, actor=users["dealer"]
    )
    assert again.total == D("150.00")


def test_chips_must_be_the_casinos_and_counted_in_whole_numbers(
    tray_floor: Any, users: dict[str, Any]
) -> None:
    table = tray_floor["table"]
    for chips in ({"7.00": 1}, {"5.00": -1}, {"5.00": 1.5}, {"5.00": True}, {"x": 1}, [1]):
        with refused("chips_invalid"):
            trays.tray_count_enter(
                table_id=table.pk, kind="opener", chips=chips, actor=users["dealer"]
            )
    with refused("chips_invalid"):
        slips.slip_request(table_id=table.pk, kind="fill", chips={"5.00": 0}, actor=users["dealer"])


def test_each_step_of_a_slip_refuses_a_person_who_took_another(
    tray_floor: Any, users: dict[str, Any]
) -> None:
    table = tray_floor["table"]
    fill = slips.slip_request(table_id=table.pk, kind="fill", chips=CHIPS, actor=users["pit_boss"])
    with refused("slip_step_out_of_order"):
        slips.slip_step(slip_id=fill.pk, step="issued", actor=users["cage"])
    with refused("self_approval"):  # its requester approving it
        slips.slip_step(slip_id=fill.pk, step="approved", actor=users["pit_boss"])
    slips.slip_step(slip_id=fill.pk, step="approved", actor=users["deputy"])
    with refused("permission_denied"):  # a pit boss is not the cage
        slips.slip_step(slip_id=fill.pk, step="issued", actor=users["pit_boss"])
    slips.slip_step(slip_id=fill.pk, step="issued", actor=users["cage"])
    with refused("self_approval"):  # its approver receiving it
        slips.slip_step(slip_id=fill.pk, step="received", actor=users["deputy"])
    # The table's side may ask and receive: its requester takes the chips in.
    slips.slip_step(slip_id=fill.pk, step="received", actor=users["pit_boss"])
    with refused("slip_step_out_of_order"):
        slips.slip_step(slip_id=fill.pk, step="received", actor=users["dealer"])

    credit = slip_through(
        table, "credit", CHIPS, people=[users["dealer"], users["pit_boss"], users["cage"]], steps=2
    )
    with refused("self_approval"):  # its issuer taking it back in at the cage
        slips.slip_step(slip_id=credit.pk, step="received", actor=users["cage"])
    with refused("permission_denied"):  # a credit is received at the cage
        slips.slip_step(slip_id=credit.pk, step="received", actor=users["dealer"])
    slips.slip_step(slip_id=credit.pk, step="received", actor=users["cage_b"])
    assert (fill.number, credit.number) == (1, 2)


def test_a_void_is_approved_by_another_person_and_then_the_slip_is_dead(
    tray_floor: Any, users: dict[str, Any]
) -> None:
    table = tray_floor["table"]
    slip = slips.slip_request(table_id=table.pk, kind="fill", chips=CHIPS, actor=users["dealer"])
    with refused("invalid_input"):
        slips.slip_void_request(slip_id=slip.pk, actor=users["pit_boss"], reason="  ")
    void = slips.slip_void_request(slip_id=slip.pk, actor=users["pit_boss"], reason="wrong chips")
    with refused("slip_void_pending"):
        slips.slip_step(slip_id=slip.pk, step="approved", actor=users["deputy"])
    with refused("self_approval"):
        slips.slip_void_decide(void_id=void.pk, actor=users["pit_boss"], approve=True)
    slips.slip_void_decide(void_id=void.pk, actor=users["cage"], approve=True)
    with refused("not_pending"):
        slips.slip_void_decide(void_id=void.pk, actor=users["admin"], approve=False)
    with refused("slip_voided"):
        slips.slip_step(slip_id=slip.pk, step="approved", actor=users["deputy"])
    with refused("slip_voided"):
        slips.slip_void_request(slip_id=slip.pk, actor=users["cage"], reason="again")


def test_a_drop_is_confirmed_by_another_person(tray_floor: Any, users: dict[str, Any]) -> None:
    table = tray_floor["table"]
    opener = count_confirmed(
        table, "opener", CHIPS, counter=users["dealer"], confirmer=users["pit_boss"]
    )
    with refused("permission_denied"):
        trays.drop_count_enter(
            table_id=table.pk, shift_id=opener.pk, cash=D(1), markers=D(0), actor=users["dealer"]
        )
    with refused("drop_shift_invalid"):
        trays.drop_count_enter(
            table_id=tray_floor["other_table"].pk,
            shift_id=opener.pk,
            cash=D(1),
            markers=D(0),
            actor=users["cage"],
        )
    drop = trays.drop_count_enter(
        table_id=table.pk, shift_id=opener.pk, cash=D(300), markers=D(0), actor=users["cage"]
    )
    with refused("count_pending"):
        trays.drop_count_enter(
            table_id=table.pk, shift_id=opener.pk, cash=D(1), markers=D(0), actor=users["cage_b"]
        )
    with refused("self_approval"):
        trays.drop_count_decide(drop_id=drop.pk, actor=users["cage"], confirm=True)
    trays.drop_count_decide(drop_id=drop.pk, actor=users["cage_b"], confirm=True)
    with refused("drop_already_counted"):
        trays.drop_count_enter(
            table_id=table.pk, shift_id=opener.pk, cash=D(1), markers=D(0), actor=users["cage_b"]
        )


def _raw_refused(sql: str, params: list[Any], message: str) -> None:
    with pytest.raises(DatabaseError, match=message), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


def test_the_database_refuses_the_same_person_and_steps_out_of_order(
    tray_floor: Any, users: dict[str, Any]
) -> None:
    table = tray_floor["table"]
    count = trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips=CHIPS, actor=users["dealer"]
    )
    now = timezone.now()
    _raw_refused(
        "INSERT INTO tables_traycountdecision (count_id, confirmed, decided_by_id, decided_at,"
        " note, audit_record_id) VALUES (%s, true, %s, %s, '', -1)",
        [count.pk, users["dealer"].pk, now],
        "same_person",
    )
    slip = slips.slip_request(table_id=table.pk, kind="fill", chips=CHIPS, actor=users["dealer"])
    _raw_refused(
        "INSERT INTO tables_chipslipstep (slip_id, step, actor_id, actor_role, at,"
        " audit_record_id) VALUES (%s, 'approved', %s, 'dealer', %s, -2)",
        [slip.pk, users["dealer"].pk, now],
        "same_person",
    )
    _raw_refused(
        "INSERT INTO tables_chipslipstep (slip_id, step, actor_id, actor_role, at,"
        " audit_record_id) VALUES (%s, 'issued', %s, 'cage', %s, -3)",
        [slip.pk, users["cage"].pk, now],
        "slip_step_out_of_order",
    )
    slips.slip_step(slip_id=slip.pk, step="approved", actor=users["pit_boss"])
    _raw_refused(
        "INSERT INTO tables_chipslipstep (slip_id, step, actor_id, actor_role, at,"
        " audit_record_id) VALUES (%s, 'issued', %s, 'cage', %s, -4)",
        [slip.pk, users["pit_boss"].pk, now],
        "chip_slip_step_other_person",
    )
    # The application's role may not change history at all; its owner is stopped by triggers.
    _raw_refused(
        "UPDATE tables_chipslip SET amount = 1 WHERE id = %s", [slip.pk], "permission denied"
    )
    for sql, params in (
        ("UPDATE tables_chipslip SET amount = 1 WHERE id = %s", [slip.pk]),
        ("DELETE FROM tables_traycount WHERE id = %s", [count.pk]),
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            with connection.cursor() as cursor, as_owner(cursor):
                cursor.execute(sql, params)
