"""Settle, then "Paid": a settled round's payouts confirmed made before the table's next round.

Two taps on Settle settle once and open nothing; the settlement stays the round's answer (and
the table names the round awaiting payment) until the dealer confirms the payouts, once,
audited; only then does the table open its next round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from casino.core.models import AuditRecord
from payouts.models import Settlement
from tables.models import PayoutsConfirmation, Round
from tables.services import paid as paid_service
from tests.tables.tablet import Tablet, nothing_written

pytestmark = pytest.mark.django_db


def play_rp01(tablet: Tablet) -> None:
    """RP01 to the end: a pair against a qualifying Ace-King."""
    tablet.act("place_wagers", box=1, player="P1", ante="10")
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
    tablet.act("deal_card", target="dealer", card="2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())


@pytest.fixture
def settled(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> tuple[Tablet, dict[str, Any]]:
    tablet = Tablet.open(client_for("dealer"), floor["table"].pk)
    play_rp01(tablet)
    return tablet, tablet.settle()


def open_next(client: Any, table_id: int) -> Any:
    return client.post(f"/api/v1/tables/{table_id}/rounds/", {"options": {}}, format="json")


def test_two_settles_settle_once_and_open_no_round(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """Two taps on Settle, each with its own key: one settlement, the same answer, no round
    opened, and the table names the round awaiting payment."""
    dealer = client_for("dealer")
    tablet = Tablet.open(dealer, floor["table"].pk)
    play_rp01(tablet)
    first = dealer.post(
        f"/api/v1/rounds/{tablet.round_id}/settle/",
        {},
        format="json",
        HTTP_IDEMPOTENCY_KEY="settle-tap-1",
    )
    second = dealer.post(
        f"/api/v1/rounds/{tablet.round_id}/settle/",
        {},
        format="json",
        HTTP_IDEMPOTENCY_KEY="settle-tap-2",
    )
    assert first.status_code == second.status_code == 200
    assert first.json()["settlement"] == second.json()["settlement"]
    assert second.json()["payouts_confirmed"] is None
    assert Settlement.objects.filter(round_id=tablet.round_id).count() == 1
    assert Round.objects.filter(table=floor["table"]).count() == 1
    table = dealer.get(f"/api/v1/tables/{floor['table'].pk}/").json()
    assert table["open_round"] is None
    assert table["unpaid_round"] == {"id": tablet.round_id, "number": 1}


def test_the_next_round_waits_for_paid(
    settled: tuple[Tablet, dict[str, Any]],
    floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
) -> None:
    tablet, _ = settled
    dealer = client_for("dealer")
    with nothing_written():
        refused = open_next(dealer, floor["table"].pk)
    assert refused.status_code == 409, refused.json()
    assert refused.json()["error"]["code"] == "round_payouts_unconfirmed"
    assert refused.json()["error"]["details"] == {"round": tablet.round_id, "number": 1}
    assert Round.objects.filter(table=floor["table"]).count() == 1

    answer = tablet.paid()
    confirmed = answer["payouts_confirmed"]
    assert (confirmed["confirmed_by"], confirmed["confirmed_role"]) == ("dealer", "dealer")
    table = dealer.get(f"/api/v1/tables/{floor['table'].pk}/").json()
    assert table["unpaid_round"] is None
    opened = open_next(dealer, floor["table"].pk)
    assert opened.status_code == 201, opened.json()
    assert opened.json()["number"] == 2


def test_paid_twice_is_the_first_confirmation(
    settled: tuple[Tablet, dict[str, Any]], client_for: Callable[[str | None], Any]
) -> None:
    """A second tap (another key) answers the first confirmation and writes nothing."""
    tablet, _ = settled
    first = tablet.paid()
    with nothing_written():
        again = client_for("dealer").post(
            f"/api/v1/rounds/{tablet.round_id}/paid/", {}, format="json"
        )
    assert again.status_code == 200
    assert again.json()["payouts_confirmed"] == first["payouts_confirmed"]
    assert PayoutsConfirmation.objects.filter(round_id=tablet.round_id).count() == 1
    rows = AuditRecord.objects.filter(
        event_code="round.payouts_confirmed", round_id=tablet.round_id
    )
    assert rows.count() == 1
    (row,) = rows
    confirmation = PayoutsConfirmation.objects.get(round_id=tablet.round_id)
    assert (row.pk, row.actor_id) == (confirmation.audit_record_id, confirmation.confirmed_by_id)


def test_the_round_answer_and_the_settle_answer_show_the_confirmation(
    settled: tuple[Tablet, dict[str, Any]], client_for: Callable[[str | None], Any]
) -> None:
    tablet, _ = settled
    assert tablet.view()["payouts_confirmed"] is None
    tablet.paid()
    assert tablet.view()["payouts_confirmed"]["confirmed_by"] == "dealer"
    assert tablet.settle()["payouts_confirmed"]["confirmed_by"] == "dealer"


def test_a_round_in_play_has_no_payouts_to_confirm(
    floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    tablet = Tablet.open(client_for("dealer"), floor["table"].pk)
    with nothing_written():
        response = client_for("dealer").post(
            f"/api/v1/rounds/{tablet.round_id}/paid/", {}, format="json"
        )
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "round_not_settled"
    assert not PayoutsConfirmation.objects.exists()


@pytest.mark.parametrize("who", ["other_dealer", "other_pit_boss", "auditor", "cage"])
def test_only_the_table_s_dealer_or_pit_boss_confirms(
    settled: tuple[Tablet, dict[str, Any]], client_for: Callable[[str | None], Any], who: str
) -> None:
    tablet, _ = settled
    with nothing_written():
        response = client_for(who).post(
            f"/api/v1/rounds/{tablet.round_id}/paid/", {}, format="json"
        )
    assert response.status_code == 403
    assert not PayoutsConfirmation.objects.exists()


def test_the_pit_boss_may_confirm_for_the_table(
    settled: tuple[Tablet, dict[str, Any]], client_for: Callable[[str | None], Any]
) -> None:
    tablet, _ = settled
    response = client_for("pit_boss").post(
        f"/api/v1/rounds/{tablet.round_id}/paid/", {}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["payouts_confirmed"]["confirmed_role"] == "pit_boss"


def test_paid_is_pushed_to_the_pit_after_commit(
    settled: tuple[Tablet, dict[str, Any]],
    floor: dict[str, Any],
    users: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tablet, _ = settled
    published: list[dict[str, Any]] = []
    monkeypatch.setattr(paid_service, "publish_table_change", lambda **kw: published.append(kw))
    paid_service.round_payouts_confirm(round_id=tablet.round_id, actor=users["dealer"])
    assert [(p["kind"], p["table_id"], p["pit_id"]) for p in published] == [
        ("payouts_confirmed", floor["table"].pk, floor["pit"].pk)
    ]
    assert published[0]["data"] == {"round": tablet.round_id, "number": 1}
