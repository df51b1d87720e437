"""Reads on a real streaming replica (``casino.core.db_router``): a gaming-day report and the pit
view read the replica, a dealer's action never touches it, and a report of a closed day waits
for the replica to replay the day's last commit (or, past its patience, reads the primary).

The replica (``conftest.replica``) is a hot standby of the suite's own server, streaming from
it. Each test commits (a transactional test): the replica sees only what the primary
committed.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connections
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from audit.models import GamingDayReport, ReportStatus
from audit.services.reports.build import report_build, report_request
from casino.core.db_router import REPLICA, read_alias, replica_reads, replica_wait
from casino.core.gaming_day import gaming_day_of
from casino.floor.pit_view import pit_view
from tables.models import Round
from tests.audit.factories import Tablet, settled_round
from tests.scale.conftest import Replica

pytestmark = pytest.mark.django_db(transaction=True, databases=["default", REPLICA])


def in_recovery(alias: str) -> bool:
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT pg_is_in_recovery()")
        return bool(cursor.fetchone()[0])


def day_total(report: GamingDayReport) -> dict[str, Any]:
    [total] = [row for row in report.payload["rows"] if row["level"] == "total"]
    return total["day"]


@pytest.fixture
def closed_day(audit_floor: dict[str, Any]) -> dt.date:
    """Yesterday, a closed gaming day of the floor's casino."""
    casino = audit_floor["pit"].casino
    today = gaming_day_of(
        timezone.now(), time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
    )
    return today - dt.timedelta(days=1)


@pytest.fixture
def stake_round(
    audit_floor: dict[str, Any], users: dict[str, Any], closed_day: dt.date
) -> Callable[[str], Round]:
    def make(amount: str) -> Round:
        return settled_round(
            audit_floor["table"],
            users["dealer"],
            closed_day,
            stakes=[(1, "ante", amount)],
            returns=[(1, "ante", "lose", amount, "0", "0")],
        )

    return make


@pytest.fixture
def replay_resumed(replica: Replica) -> Iterator[Replica]:
    """The replica, its replay running again after the test whatever the test paused."""
    yield replica
    replica.resume_replay()


def test_the_replica_is_a_hot_standby_and_the_primary_is_not(replica: Replica) -> None:
    assert in_recovery(REPLICA)
    assert not in_recovery("default")


def test_a_report_reads_its_figures_from_the_replica(
    replica: Replica,
    users: dict[str, Any],
    closed_day: dt.date,
    stake_round: Callable[[str], Round],
) -> None:
    stake_round("40")
    stake_round("60")
    report = report_request(actor=users["auditor"], gaming_day=closed_day)
    with (
        CaptureQueriesContext(connections[REPLICA]) as on_replica,
        CaptureQueriesContext(connections["default"]) as on_primary,
    ):
        report = report_build(report_id=report.pk)
    assert report.status == ReportStatus.DONE, report.error
    assert (day_total(report)["rounds"], day_total(report)["wagered"]) == (2, "100.00")

    # The figures (settlements with their theoretical wins, payout lines) were read on the
    # replica, a server in recovery; the primary saw the report's own rows and its audit row,
    # and no figure. Each figure by its table or the view the payouts app publishes it in.
    figures = (
        ("payouts_payoutline", "payouts_settlement_lines"),
        ("payouts_settlement", "payouts_round_settlements"),
    )
    replica_sql = [query["sql"] for query in on_replica.captured_queries]
    primary_sql = [query["sql"] for query in on_primary.captured_queries]
    for names in figures:
        assert any(name in sql for sql in replica_sql for name in names), names
        assert not any(name in sql for sql in primary_sql for name in names), names
    assert any("audit_gamingdayreport" in sql for sql in primary_sql)
    assert not any(sql.lstrip().upper().startswith(("INSERT", "UPDATE")) for sql in replica_sql)
    assert in_recovery(REPLICA)


def test_a_dealer_action_never_touches_the_replica(
    replica: Replica, audit_floor: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    tablet = Tablet(client_for("dealer"))
    with (
        CaptureQueriesContext(connections[REPLICA]) as on_replica,
        CaptureQueriesContext(connections["default"]) as on_primary,
    ):
        tablet.open(audit_floor["table"])
        tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
        tablet.act("close_bets")
        tablet.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
        tablet.act("deal_card", target="dealer", card="2c")
        tablet.act("bet", box=1)
        tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())
        tablet.settle()
        response = tablet.client.get(f"/api/v1/rounds/{tablet.round_id}/")
        assert response.status_code == 200
        response = tablet.client.get(f"/api/v1/tables/{audit_floor['table'].pk}/")
        assert response.status_code == 200
    assert on_replica.captured_queries == []
    assert len(on_primary.captured_queries) > 20


def test_the_pit_view_reads_the_replica_and_writes_there_stay_on_the_primary(
    replica: Replica, audit_floor: dict[str, Any], stake_round: Callable[[str], Round]
) -> None:
    stake_round("10")
    assert replica_wait(timeout=30)
    with (
        CaptureQueriesContext(connections[REPLICA]) as on_replica,
        CaptureQueriesContext(connections["default"]) as on_primary,
    ):
        view = pit_view(pit_id=audit_floor["pit"].pk)
    assert {table.code for table in view.tables} >= {audit_floor["table"].code}
    assert len(on_replica.captured_queries) >= 3
    assert on_primary.captured_queries == []

    # Inside a transaction of the primary, reads stay there: it has the transaction's own
    # writes, and its snapshot.
    from django.db import transaction

    with transaction.atomic(), replica_reads() as alias:
        assert (alias, read_alias()) == ("default", "default")
    with replica_reads() as alias:
        assert alias == REPLICA
        with transaction.atomic():
            assert read_alias() == "default"


def test_a_closed_days_report_waits_for_the_replica_to_replay_the_days_last_commit(
    replay_resumed: Replica,
    users: dict[str, Any],
    closed_day: dt.date,
    stake_round: Callable[[str], Round],
) -> None:
    replica = replay_resumed
    stake_round("40")
    assert replica_wait(timeout=30)
    replica.pause_replay()
    # Committed on the primary while the replica does not replay: a late-settled round of
    # the closed day.
    stake_round("60")
    report = report_request(actor=users["auditor"], gaming_day=closed_day)

    outcome: dict[str, Any] = {}

    def build() -> None:
        try:
            outcome["report"] = report_build(report_id=report.pk)
        except BaseException as exc:  # reported by the test
            outcome["error"] = exc
        finally:
            connections.close_all()

    builder = threading.Thread(target=build)
    builder.start()
    builder.join(2.0)
    # Held: the replica has not replayed the primary's last commit.
    assert builder.is_alive()
    assert GamingDayReport.objects.get(pk=report.pk).status == ReportStatus.RUNNING
    replica.resume_replay()
    builder.join(60)
    assert not builder.is_alive()
    assert "error" not in outcome, outcome
    built = outcome["report"]
    assert built.status == ReportStatus.DONE, built.error
    # Both rounds counted, the one committed while the replay was paused too.
    assert (day_total(built)["rounds"], day_total(built)["wagered"]) == (2, "100.00")


def test_a_replica_that_does_not_catch_up_in_time_leaves_the_report_to_the_primary(
    replay_resumed: Replica,
    users: dict[str, Any],
    closed_day: dt.date,
    stake_round: Callable[[str], Round],
    settings: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    replica = replay_resumed
    settings.DATABASE_REPLICA_WAIT_S = 0.5
    stake_round("40")
    assert replica_wait(timeout=30)
    replica.pause_replay()
    stake_round("60")
    report = report_request(actor=users["auditor"], gaming_day=closed_day)
    started = time.monotonic()
    with (
        caplog.at_level(logging.WARNING, logger="casino.core.db_router"),
        CaptureQueriesContext(connections[REPLICA]) as on_replica,
    ):
        report = report_build(report_id=report.pk)
    assert time.monotonic() - started >= 0.5
    assert report.status == ReportStatus.DONE, report.error
    # Read on the primary: the round the replica has not replayed is counted.
    assert (day_total(report)["rounds"], day_total(report)["wagered"]) == (2, "100.00")
    assert not any("payouts_settlement" in query["sql"] for query in on_replica.captured_queries)
    assert any("replica behind the primary" in message for message in caplog.messages)


def test_the_round_search_reads_the_replica_and_a_dealers_search_the_primary(
    replica: Replica,
    audit_floor: dict[str, Any],
    stake_round: Callable[[str], Round],
    client_for: Callable[[str | None], Any],
) -> None:
    round = stake_round("10")
    assert replica_wait(timeout=30)
    auditor = client_for("auditor")
    with (
        CaptureQueriesContext(connections[REPLICA]) as on_replica,
        CaptureQueriesContext(connections["default"]) as on_primary,
    ):
        response = auditor.get("/api/v1/rounds/")
    assert response.status_code == 200, response.json()
    assert [row["id"] for row in response.json()["results"]] == [round.pk]
    searched = [q["sql"] for q in on_replica.captured_queries if "tables_round" in q["sql"]]
    assert searched, on_replica.captured_queries
    assert not [q["sql"] for q in on_primary.captured_queries if "tables_round" in q["sql"]]

    dealer = client_for("dealer")
    with CaptureQueriesContext(connections[REPLICA]) as on_replica:
        assert dealer.get("/api/v1/rounds/").status_code == 200
    assert on_replica.captured_queries == []
