"""Every alert raised as it happens, by the event that causes it, through the real services and
the API: each with its kind, severity, table and round, and each raised once for its cause.

The kinds of the nightly checks (a broken chain, an invalid checkpoint, a record without its
audit row, a replay mismatch found at night) are raised by their own tests
(``test_chain.py``, ``test_checkpoints.py``, ``test_cross_checks.py``, ``test_replay_check.py``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import timezone

from casino.core.alerts import alert_record
from casino.core.models import Alert, AlertAcknowledgement, AlertKind, AlertSeverity
from casino.floor.watch import floor_watch
from payouts.models import PayoutLine, Settlement
from tables.models import DealerAssignment, Round, RoundEvent
from tables.services.refusals import _KEY as REFUSALS_KEY
from tests.audit.factories import Tablet
from tests.owner import as_owner

pytestmark = pytest.mark.django_db


def _rp01_until_complete(tablet: Tablet, table: Any) -> None:
    """RULES 1.13 vector RP01, every action but the settlement: Ante 10, Bet 20, the pair of
    eights beats the dealer's ace-king."""
    tablet.open(table)
    tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
    tablet.act("deal_card", target="dealer", card="2c")
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())


def test_a_payout_cap_applied_at_settlement_raises_one_warning(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    client_for: Callable[[str | None], Any],
) -> None:
    table = audit_floor["table"]
    # The box wins 20 (Ante 10 and Bet 20 at even money); a cap of 15 keeps 5 back.
    table.max_table_payout = D(15)
    table.save()
    round = play_rp01(table)

    alert = Alert.objects.get(kind=AlertKind.PAYOUT_CAPPED)
    assert (alert.severity, alert.table_id, alert.round_id, alert.casino_id) == (
        AlertSeverity.WARNING,
        table.pk,
        round.pk,
        audit_floor["casino"].pk,
    )
    assert alert.gaming_day == round.gaming_day
    assert alert.details["withheld"] == "5.00"
    capped = PayoutLine.objects.get(settlement__round=round, paid_amount__lt=D(40), line="bet")
    assert alert.details["lines"] == [
        {
            "box": 1,
            "line": "bet",
            "computed": str(capped.computed_amount),
            "paid": str(capped.paid_amount),
            "reason": capped.reason,
        }
    ]
    # Settling again returns the first settlement and raises nothing more.
    response = client_for("dealer").post(f"/api/v1/rounds/{round.pk}/settle/", {}, format="json")
    assert response.status_code == 200, response.json()
    assert Alert.objects.filter(kind=AlertKind.PAYOUT_CAPPED).count() == 1


def test_a_settlement_without_a_cap_or_a_large_payout_raises_nothing(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    play_rp01(audit_floor["table"])
    assert not Alert.objects.exists()


def test_each_payout_line_above_the_large_payout_threshold_raises_one_alert(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round], settings: Any
) -> None:
    # RP01 pays the Ante 20 and the Bet 40 back: only the Bet is above 30.
    settings.AUDIT_REPORTS = {**settings.AUDIT_REPORTS, "LARGE_PAYOUT_THRESHOLD": "30.00"}
    round = play_rp01(audit_floor["table"])

    [large] = PayoutLine.objects.filter(settlement__round=round, paid_amount__gt=D(30))
    [alert] = Alert.objects.filter(kind=AlertKind.LARGE_PAYOUT)
    assert (alert.severity, alert.cause, alert.table_id, alert.round_id) == (
        AlertSeverity.INFO,
        f"payout_line:{large.pk}",
        audit_floor["table"].pk,
        round.pk,
    )
    assert (alert.details["line"], alert.details["paid"], alert.details["threshold"]) == (
        large.line,
        str(large.paid_amount),
        "30.00",
    )


def test_a_line_paid_exactly_the_threshold_is_not_large(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round], settings: Any
) -> None:
    # As the reports list them: a line paid above the threshold, not at it.
    settings.AUDIT_REPORTS = {**settings.AUDIT_REPORTS, "LARGE_PAYOUT_THRESHOLD": "40.00"}
    round = play_rp01(audit_floor["table"])
    assert PayoutLine.objects.filter(settlement__round=round, paid_amount=D(40)).exists()
    assert not Alert.objects.filter(kind=AlertKind.LARGE_PAYOUT).exists()


def test_a_correction_requested_raises_one_alert_until_decided(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    client_for: Callable[[str | None], Any],
) -> None:
    round = play_rp01(audit_floor["table"])
    dealer = client_for("dealer")
    url = f"/api/v1/audit/rounds/{round.pk}/corrections/"
    response = dealer.post(url, {"kind": "void", "reason": "misdeal"}, format="json")
    assert response.status_code == 201, response.json()
    correction = response.json()["id"]

    alert = Alert.objects.get(kind=AlertKind.CORRECTION_PENDING)
    assert (alert.severity, alert.cause, alert.table_id, alert.round_id) == (
        AlertSeverity.INFO,
        f"correction:{correction}",
        audit_floor["table"].pk,
        round.pk,
    )
    assert alert.details == {
        "correction": correction,
        "kind": "void",
        "requested_by": "dealer",
        "reason": "misdeal",
    }
    # A second void while the first waits is refused, and raises nothing.
    response = dealer.post(url, {"kind": "void", "reason": "again"}, format="json")
    assert response.json()["error"]["code"] == "correction_void_pending"
    assert Alert.objects.filter(kind=AlertKind.CORRECTION_PENDING).count() == 1


def test_a_settlement_whose_replay_disagrees_raises_a_critical_alert_apart(
    audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """The settlement is refused and writes nothing; the alert is written all the same, in a
    transaction of its own, and once however often the dealer tries again."""
    table = audit_floor["table"]
    tablet = Tablet(client_for("dealer"))
    _rp01_until_complete(tablet, table)
    # The stored Ante doubled behind the service's back: the replay
    # of the events no longer ends in the state the actions kept.
    with as_owner() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE tables_roundevent DISABLE TRIGGER USER")
        cursor.execute(
            "UPDATE tables_roundevent SET payload = jsonb_set(payload, '{ante}', '\"20.00\"') "
            "WHERE round_id = %s AND kind = 'wagers_placed'",
            [tablet.round_id],
        )
        # ... and the Bet with it, twice the Ante as the rules want: a replay that plays on.
        cursor.execute(
            "UPDATE tables_roundevent SET payload = jsonb_set(payload, '{amount}', '\"40.00\"') "
            "WHERE round_id = %s AND kind = 'bet_placed'",
            [tablet.round_id],
        )
        cursor.execute("ALTER TABLE tables_roundevent ENABLE TRIGGER USER")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")

    for _ in range(2):
        response = tablet.client.post(
            f"/api/v1/rounds/{tablet.round_id}/settle/", {}, format="json"
        )
        assert response.status_code == 500, response.json()
        assert response.json()["error"]["code"] == "settlement_mismatch"
    assert not Settlement.objects.filter(round_id=tablet.round_id).exists()
    alert = Alert.objects.get(kind=AlertKind.REPLAY_MISMATCH)
    assert (alert.severity, alert.cause, alert.table_id, alert.round_id) == (
        AlertSeverity.CRITICAL,
        f"round:{tablet.round_id}",
        table.pk,
        tablet.round_id,
    )
    assert alert.details == {"at": "settlement", "round": tablet.round_id}


def test_repeated_refusals_at_a_table_raise_one_alert_while_it_is_open(
    audit_floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    users: dict[str, Any],
    settings: Any,
) -> None:
    settings.ALERTS = {**settings.ALERTS, "REFUSALS": 3, "REFUSALS_MINUTES": 5}
    table = audit_floor["table"]
    cache.delete(REFUSALS_KEY % table.pk)
    tablet = Tablet(client_for("dealer"))
    tablet.open(table)
    url = f"/api/v1/rounds/{tablet.round_id}/actions/"

    def refused() -> None:
        # Naming an event the round is not at: refused with 409 stale_event, nothing written.
        response = tablet.client.post(
            url, {"expected_event": 7, "action": "close_bets"}, format="json"
        )
        assert response.json()["error"]["code"] == "stale_event"

    refused()
    refused()
    assert not Alert.objects.filter(kind=AlertKind.DEALER_REFUSALS).exists()
    refused()
    alert = Alert.objects.get(kind=AlertKind.DEALER_REFUSALS)
    assert (alert.severity, alert.table_id, alert.round_id) == (
        AlertSeverity.WARNING,
        table.pk,
        None,
    )
    assert alert.details == {
        "refusals": 3,
        "minutes": 5,
        "codes": ["stale_event", "stale_event", "stale_event"],
    }
    # While it is open, three more raise no second one; once it is cleared, they do.
    for _ in range(3):
        refused()
    assert Alert.objects.filter(kind=AlertKind.DEALER_REFUSALS).count() == 1
    AlertAcknowledgement.objects.create(
        alert=alert,
        acknowledged_by=users["pit_boss"],
        acknowledged_role="pit_boss",
        acknowledged_at=timezone.now(),
        note="retrained",
    )
    for _ in range(3):
        refused()
    assert Alert.objects.filter(kind=AlertKind.DEALER_REFUSALS).count() == 2


def test_refusals_of_who_may_ask_are_not_a_dealers_trouble(
    audit_floor: dict[str, Any], client_for: Callable[[str | None], Any], settings: Any
) -> None:
    settings.ALERTS = {**settings.ALERTS, "REFUSALS": 2, "REFUSALS_MINUTES": 5}
    table = audit_floor["table"]
    cache.delete(REFUSALS_KEY % table.pk)
    tablet = Tablet(client_for("dealer"))
    tablet.open(table)
    stranger = client_for("other_dealer")
    for _ in range(3):
        response = stranger.post(
            f"/api/v1/rounds/{tablet.round_id}/actions/",
            {"expected_event": 0, "action": "close_bets"},
            format="json",
        )
        assert response.status_code == 403
    assert not Alert.objects.filter(kind=AlertKind.DEALER_REFUSALS).exists()


def test_a_round_with_no_action_for_too_long_raises_one_alert(
    audit_floor: dict[str, Any], client_for: Callable[[str | None], Any], settings: Any
) -> None:
    settings.ALERTS = {**settings.ALERTS, "IDLE_ROUND_MINUTES": 10}
    tablet = Tablet(client_for("dealer"))
    tablet.open(audit_floor["table"])
    tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
    last = RoundEvent.objects.get(round_id=tablet.round_id).created_at

    def idle_alerts(now: dt.datetime) -> list[Alert]:
        return [a for a in floor_watch(now=now) if a.kind == AlertKind.ROUND_IDLE]

    assert idle_alerts(last + dt.timedelta(minutes=9, seconds=59)) == []
    [alert] = idle_alerts(last + dt.timedelta(minutes=10))
    assert (alert.severity, alert.table_id, alert.round_id, alert.cause) == (
        AlertSeverity.WARNING,
        audit_floor["table"].pk,
        tablet.round_id,
        f"round:{tablet.round_id}",
    )
    assert alert.details["phase"] == Round.objects.get(pk=tablet.round_id).phase
    assert alert.details["idle_seconds"] == 600
    # Once per round, acknowledged or not.
    assert idle_alerts(last + dt.timedelta(minutes=30)) == []
    assert Alert.objects.filter(kind=AlertKind.ROUND_IDLE).count() == 1


def test_a_round_with_no_action_yet_counts_from_its_opening(
    audit_floor: dict[str, Any], client_for: Callable[[str | None], Any], settings: Any
) -> None:
    settings.ALERTS = {**settings.ALERTS, "IDLE_ROUND_MINUTES": 3}
    tablet = Tablet(client_for("dealer"))
    tablet.open(audit_floor["table"])
    opened = Round.objects.get(pk=tablet.round_id).opened_at
    assert not [a for a in floor_watch(now=opened + dt.timedelta(minutes=2)) if a.round_id]
    [alert] = [a for a in floor_watch(now=opened + dt.timedelta(minutes=3)) if a.round_id]
    assert (alert.kind, alert.round_id) == (AlertKind.ROUND_IDLE, tablet.round_id)


def test_an_open_table_left_without_a_dealer_raises_one_alert_per_episode(
    audit_floor: dict[str, Any], client_for: Callable[[str | None], Any], settings: Any
) -> None:
    settings.ALERTS = {**settings.ALERTS, "NO_DEALER_MINUTES": 5}
    rp1, rr1 = audit_floor["table"], audit_floor["RR-1"]
    boss = client_for("pit_boss")

    def move_dealer(to: Any) -> dt.datetime:
        response = boss.post(
            f"/api/v1/tables/{to.pk}/assignment/", {"dealer": "dealer"}, format="json"
        )
        assert response.status_code == 201, response.json()
        ended = DealerAssignment.objects.filter(dealer__username="dealer").exclude(table=to)
        return ended.latest("ended_at").ended_at

    def no_dealer_at_rp1(now: dt.datetime) -> list[Alert]:
        return [a for a in floor_watch(now=now) if a.table_id == rp1.pk]

    # The dealer leaves RP-1 for RR-1: RP-1 is open with nobody dealing.
    left = move_dealer(rr1)
    assert no_dealer_at_rp1(left + dt.timedelta(minutes=4)) == []
    [alert] = no_dealer_at_rp1(left + dt.timedelta(minutes=5))
    assert (alert.kind, alert.severity, alert.round_id) == (
        AlertKind.TABLE_NO_DEALER,
        AlertSeverity.WARNING,
        None,
    )
    assert alert.details == {"table": "RP-1", "since": left.isoformat().replace("+00:00", "Z")}
    assert no_dealer_at_rp1(left + dt.timedelta(minutes=50)) == []

    # Back, and away again: another episode, another alert.
    move_dealer(rp1)
    left_again = move_dealer(rr1)
    [again] = no_dealer_at_rp1(left_again + dt.timedelta(minutes=5))
    assert again.pk != alert.pk
    assert Alert.objects.filter(kind=AlertKind.TABLE_NO_DEALER, table_id=rp1.pk).count() == 2


def test_an_alert_is_recorded_only_inside_the_transaction_of_its_cause() -> None:
    with pytest.raises(RuntimeError, match="inside the transaction"):
        from django.db import connection

        # Leave the test's transaction aside: autocommit, as a caller outside any would be.
        in_block = connection.in_atomic_block
        connection.in_atomic_block = False
        try:
            alert_record(kind=AlertKind.ROUND_IDLE, cause="nowhere")
        finally:
            connection.in_atomic_block = in_block
    assert not Alert.objects.filter(cause="nowhere").exists()


def test_with_redis_down_a_refusal_is_answered_as_ever_and_not_counted(
    audit_floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    settings: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings.ALERTS = {**settings.ALERTS, "REFUSALS": 1, "REFUSALS_MINUTES": 5}
    tablet = Tablet(client_for("dealer"))
    tablet.open(audit_floor["table"])
    # A Redis nobody listens on (port 1 of this host refuses at once).
    unreachable = {**settings.CACHES["default"], "LOCATION": "redis://127.0.0.1:1/0"}
    settings.CACHES = {"default": unreachable}
    response = tablet.client.post(
        f"/api/v1/rounds/{tablet.round_id}/actions/",
        {"expected_event": 7, "action": "close_bets"},
        format="json",
    )
    assert response.status_code == 409, response.json()
    assert response.json()["error"]["code"] == "stale_event"
    assert not Alert.objects.filter(kind=AlertKind.DEALER_REFUSALS).exists()
    assert "not counted: Redis is unavailable" in caplog.text


def test_beat_watches_the_floor(settings: Any) -> None:
    from casino.floor.tasks import watch_floor_task

    entry = settings.CELERY_BEAT_SCHEDULE["audit-watch-floor"]
    assert (entry["task"], entry["schedule"]) == ("audit.watch_floor", 60)
    assert watch_floor_task.name == "audit.watch_floor"
