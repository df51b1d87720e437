"""Over random shifts — buy-ins for cash, rounds won and lost, fills and credits — the table's win
from its tray and its drop equals the house result of its rounds, whenever nothing was paid
that no round recorded; and a payout made outside any round shows as exactly its amount."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.core.roles import Role
from payouts.models import ShiftReconciliation
from tests.audit.factories import settled_round
from tests.payouts.tray.trays import chips_made, count_confirmed, drop_confirmed, slip_through

pytestmark = pytest.mark.django_db

amounts = st.integers(min_value=1, max_value=500)
steps = st.one_of(
    st.tuples(st.just("buy_in"), amounts, st.just(0)),
    # A round: what the box staked and what it was paid back (0: lost).
    st.tuples(st.just("round"), amounts, st.integers(min_value=0, max_value=1500)),
    st.tuples(st.just("fill"), amounts, st.just(0)),
    st.tuples(st.just("credit"), amounts, st.just(0)),
)


@pytest.fixture
def shift_floor(floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]) -> Any:
    users["cage_b"] = make_user("cage_b", Role.CAGE)
    chips_made(floor["casino"].pk, users["admin"])
    # The tray the table starts its first shift with, in ones, so any change can be made.
    floor["tray"] = {"1.00": 100_000, "5.00": 100, "25.00": 40, "100.00": 10}
    return floor


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(shift=st.lists(steps, max_size=12), error=st.integers(min_value=0, max_value=3))
def test_the_win_from_the_tray_equals_the_rounds_house_result(
    shift_floor: Any, users: dict[str, Any], shift: list[tuple[str, int, int]], error: int
) -> None:
    table = shift_floor["table"]
    tray = shift_floor["tray"]
    day = table.pit.casino.clock.day_of(timezone.now())
    opener = count_confirmed(
        table, "opener", dict(tray), counter=users["dealer"], confirmer=users["pit_boss"]
    )
    cash = D(0)
    house = D(0)
    fill_people = [users["dealer"], users["pit_boss"], users["cage"], users["dealer"]]
    credit_people = [users["dealer"], users["pit_boss"], users["cage"], users["cage_b"]]
    for kind, amount, paid in shift:
        if kind == "buy_in":  # cash into the drop box, its chips out of the tray
            cash += amount
            tray["1.00"] -= amount
        elif kind == "round":
            returns = [(1, "ante", "win" if paid else "lose", str(amount), str(paid), str(paid))]
            settled_round(
                table, users["dealer"], day, stakes=[(1, "ante", str(amount))], returns=returns
            )
            house += amount - paid
            tray["1.00"] += amount - paid
        elif kind == "fill":
            slip_through(table, "fill", {"1.00": amount}, people=fill_people)
            tray["1.00"] += amount
        else:
            slip_through(table, "credit", {"1.00": amount}, people=credit_people)
            tray["1.00"] -= amount
    # The error, when there is one: chips handed over that no round recorded.
    tray["1.00"] -= error
    assert tray["1.00"] >= 0
    closer = count_confirmed(
        table, "closer", dict(tray), counter=users["dealer"], confirmer=users["pit_boss"]
    )
    drop_confirmed(table, opener, cash, counter=users["cage"], confirmer=users["cage_b"])

    reconciled = ShiftReconciliation.objects.get(opener=opener)
    assert reconciled.closer_id == closer.pk
    assert reconciled.house_result == house
    assert reconciled.win == house - error
    assert reconciled.difference == -error
    assert reconciled.within_tolerance is (error == 0)
