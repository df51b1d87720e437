"""A round settles at a table while a payout correction of an earlier round of the same table and
day is approved, both writing that day's totals at once.

The bug this guards against: each reads the day's row before either writes and writes back its
own sum, so one change is lost (the totals then say the day paid less than it did, or settled a
round fewer). The totals' statements add in SQL under the row's lock, so both must count.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.db import connection

from payouts.models import TableDayTotals
from payouts.services import corrections, settlement
from payouts.services.corrections import LineInput, correction_request
from payouts.services.day_totals_check import day_totals_verify
from tables.models import Round
from tests.audit.factories import Tablet


@pytest.mark.django_db(transaction=True)
def test_a_settlement_and_a_correction_of_one_day_both_count(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    play_rp01: Callable[..., Round],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = audit_floor["table"]
    earlier = play_rp01(table)  # staked 30, returned 50
    owed = correction_request(
        round_id=earlier.pk,
        actor=users["dealer"],
        kind="payout_correction",
        reason="bet underpaid",
        lines=[LineInput(box=1, line="bet", amount=D(15))],
    )
    # The next round, complete but not settled: RP01 again.
    tablet = Tablet(client_for("dealer"))
    tablet.open(table)
    tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
    tablet.act("deal_card", target="dealer", card="2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())

    # Both transactions reach the totals with everything else done, then write them together.
    barrier = threading.Barrier(2, timeout=10)

    def together(original: Callable[..., Any]) -> Callable[..., Any]:
        def wait_then(**kwargs: Any) -> Any:
            try:
                barrier.wait()
            except threading.BrokenBarrierError:
                pass
            return original(**kwargs)

        return wait_then

    monkeypatch.setattr(
        settlement, "table_day_totals_add", together(settlement.table_day_totals_add)
    )
    monkeypatch.setattr(
        corrections, "table_day_totals_adjust", together(corrections.table_day_totals_adjust)
    )
    errors: list[BaseException] = []

    def run(work: Callable[[], Any]) -> None:
        try:
            work()
        except BaseException as exc:  # reported below, with the thread's own traceback
            errors.append(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(
            target=run,
            args=(
                lambda: settlement.round_settle(round_id=tablet.round_id, actor=users["dealer"]),
            ),
        ),
        threading.Thread(
            target=run,
            args=(
                lambda: corrections.correction_approve(
                    correction_id=owed.pk, actor=users["pit_boss"]
                ),
            ),
        ),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    assert errors == []
    assert not barrier.broken
    row = TableDayTotals.objects.get(table=table, gaming_day=earlier.gaming_day)
    assert (row.rounds, row.wagered, row.paid, row.house_result) == (2, D(60), D(115), D(-55))
    assert day_totals_verify() == []
