"""The round search (``GET /api/v1/rounds/``): every filter alone and combined against rounds
made here, who sees which rounds, the keyset pages, and the refusals of values that do not
read."""

from __future__ import annotations

import base64
import datetime as dt
import json
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.utils import timezone

from casino.core.alerts import alert_record_apart
from casino.core.models import AlertKind, AuditRecord
from casino.core.roles import Role
from payouts.services.corrections import LineInput, correction_approve, correction_request
from tables.models import Box, Casino, DealerAssignment, Game, Pit, Round, Table, TableStatus
from tables.services.rounds import round_open
from tests.audit.factories import settled_round

pytestmark = pytest.mark.django_db

D1, D2, D3 = dt.date(2025, 3, 10), dt.date(2025, 3, 11), dt.date(2025, 3, 12)
URL = "/api/v1/rounds/"

#: A Russian Poker box that won 50 on 30 staked, as RULES 1.13's RP01.
WON_50 = {
    "stakes": [(1, "ante", "10"), (1, "bet", "20")],
    "returns": [(1, "ante", "win", "10", "10", "10"), (1, "bet", "win", "20", "40", "40")],
}
#: A box whose bonus computed 6,000 and was paid 5,000, the table's maximum payout.
CAPPED = {
    "stakes": [(1, "ante", "100"), (1, "bonus", "10")],
    "returns": [
        (1, "ante", "win", "100", "200", "200"),
        (1, "bonus", "win", "10", "6000", "4800", "max table payout"),
    ],
}
LOST = {"stakes": [(1, "ante", "25")], "returns": [(1, "ante", "lose", "25", "0", "0")]}


@pytest.fixture
def rounds(audit_floor: dict[str, Any], users: dict[str, Any], make_user: Any) -> dict[str, Any]:
    """Rounds of every kind at three tables of the pit boss's pit A (RP-1, RR-1), pit B (RP-9)
    and a second casino; ``rounds["ids"]`` names each by what it is."""
    dealer, other_dealer = users["dealer"], users["other_dealer"]
    third_dealer = make_user("third_dealer", Role.DEALER)
    deputy = make_user("deputy_pit_boss", Role.PIT_BOSS)
    audit_floor["pit"].supervisors.add(deputy)
    rp1, rp9, rr1 = audit_floor["table"], audit_floor["other_table"], audit_floor["RR-1"]
    elsewhere = Casino.objects.create(name="Elsewhere", time_zone="UTC")
    far_table = Table.objects.create(
        pit=Pit.objects.create(casino=elsewhere, name="Pit Far"),
        code="RP-F",
        game=Game.RUSSIAN_POKER,
        status=TableStatus.OPEN,
        ante_min=D(10),
        ante_max=D(500),
        rule_set=rp1.rule_set,
    )
    Box.objects.create(table=far_table, number=1)

    ids: dict[str, int] = {}
    ids["won"] = settled_round(rp1, dealer, D1, **WON_50).pk
    ids["capped"] = settled_round(rp1, dealer, D2, **CAPPED).pk
    ids["lost"] = settled_round(rp1, third_dealer, D2, **LOST).pk
    ids["ruby"] = settled_round(rr1, third_dealer, D2, **LOST).pk
    ids["far"] = settled_round(far_table, third_dealer, D1, **WON_50).pk
    # Pit B's round matches every flag a pit boss of pit A could filter on.
    ids["pit_b"] = settled_round(rp9, other_dealer, D2, **CAPPED).pk

    corrected = settled_round(rp1, dealer, D3, **WON_50)
    payout = correction_request(
        round_id=corrected.pk,
        actor=users["pit_boss"],
        kind="payout_correction",
        reason="the bet was paid short",
        lines=[LineInput(box=1, line="bet", amount=D(20))],
    )
    correction_approve(correction_id=payout.pk, actor=deputy, note="checked on camera")
    ids["corrected"] = corrected.pk

    voided = settled_round(rp1, dealer, D3, **LOST)
    void = correction_request(
        round_id=voided.pk, actor=users["pit_boss"], kind="void", reason="misdeal"
    )
    correction_approve(correction_id=void.pk, actor=deputy)
    ids["voided"] = voided.pk

    # The last round of RP-1 before the one in play: paid out, so that the next one opens.
    mismatch = settled_round(rp1, dealer, D1, **LOST, paid=True)
    for round_id in (mismatch.pk, ids["pit_b"]):
        alert_record_apart(
            kind=AlertKind.REPLAY_MISMATCH,
            cause=f"round:{round_id}",
            table_id=Round.objects.get(pk=round_id).table_id,
            round_id=round_id,
            details={"differences": []},
        )
    ids["mismatch"] = mismatch.pk
    b_payout = correction_request(
        round_id=ids["pit_b"],
        actor=users["other_pit_boss"],
        kind="payout_correction",
        reason="bonus paid short",
        lines=[LineInput(box=1, line="bonus", amount=D(10))],
    )
    other_deputy = make_user("other_deputy", Role.PIT_BOSS)
    Pit.objects.get(pk=rp9.pit_id).supervisors.add(other_deputy)
    correction_approve(correction_id=b_payout.pk, actor=other_deputy)

    # The round in play at RP-1, the dealer's table, opened through the service.
    ids["open"] = round_open(table_id=rp1.pk, dealer=dealer).pk
    return {
        "ids": ids,
        "casino": audit_floor["casino"],
        "elsewhere": elsewhere,
        "pit": audit_floor["pit"],
        "rp1": rp1,
        "rp9": rp9,
        "rr1": rr1,
        "dealer": dealer,
        "third_dealer": third_dealer,
    }


def search(client: Any, **params: Any) -> list[dict[str, Any]]:
    """Every row of the search, following the cursor to the last page."""
    rows: list[dict[str, Any]] = []
    query: dict[str, Any] = dict(params)
    while True:
        response = client.get(URL, query)
        assert response.status_code == 200, response.json()
        body = response.json()
        rows += body["results"]
        if body["next_cursor"] is None:
            return rows
        query["cursor"] = body["next_cursor"]


def found(client: Any, **params: Any) -> set[int]:
    return {row["id"] for row in search(client, **params)}


def named(rounds: dict[str, Any], *names: str) -> set[int]:
    return {rounds["ids"][name] for name in names}


ALL = ("won", "capped", "lost", "ruby", "far", "pit_b", "corrected", "voided", "mismatch", "open")
PIT_A = ("won", "capped", "lost", "ruby", "corrected", "voided", "mismatch", "open")


def test_an_auditor_finds_every_round_with_no_filter(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    assert found(client_for("auditor")) == named(rounds, *ALL)
    assert found(client_for("admin")) == named(rounds, *ALL)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"day_from": D2}, ("capped", "lost", "ruby", "pit_b", "corrected", "voided", "open")),
        ({"day_to": D1}, ("won", "far", "mismatch")),
        ({"casino": "elsewhere"}, ("far",)),
        ({"casino": "casino"}, tuple(name for name in ALL if name != "far")),
        ({"pit": "pit"}, PIT_A),
        ({"table": "rp9"}, ("pit_b",)),
        ({"table": "rr1"}, ("ruby",)),
        ({"game": Game.RUBY_RUN}, ("ruby",)),
        ({"dealer": "third_dealer"}, ("lost", "ruby", "far")),
        ({"status": "open"}, ("open",)),
        ({"status": "settled"}, ("won", "capped", "lost", "ruby", "far", "mismatch")),
        ({"status": "voided"}, ("voided",)),
        ({"status": "corrected"}, ("corrected", "pit_b")),
        ({"payout_above": "50.00"}, ("capped", "pit_b")),
        ({"payout_above": "49.99"}, ("won", "far", "capped", "pit_b", "corrected")),
        ({"payout_above": "0"}, ("won", "far", "capped", "pit_b", "corrected")),
        ({"cap_applied": "true"}, ("capped", "pit_b")),
        (
            {"cap_applied": "false"},
            ("won", "lost", "ruby", "far", "corrected", "voided", "mismatch", "open"),
        ),
        ({"corrected": "true"}, ("corrected", "voided", "pit_b")),
        ({"corrected": "false"}, ("won", "capped", "lost", "ruby", "far", "mismatch", "open")),
        ({"replay_mismatch": "true"}, ("mismatch", "pit_b")),
        (
            {"replay_mismatch": "false"},
            ("won", "capped", "lost", "ruby", "far", "corrected", "voided", "open"),
        ),
    ],
    ids=lambda value: (
        "-".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict) else None
    ),
)
def test_each_filter_alone(
    rounds: dict[str, Any],
    client_for: Callable[[str | None], Any],
    params: dict[str, Any],
    expected: tuple[str, ...],
) -> None:
    assert found(client_for("auditor"), **_resolved(rounds, params)) == named(rounds, *expected)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"day_from": D2, "day_to": D2, "pit": "pit"}, ("capped", "lost", "ruby")),
        ({"table": "rp1", "day_from": D1, "day_to": D1}, ("won", "mismatch")),
        ({"dealer": "dealer", "cap_applied": "true"}, ("capped",)),
        ({"casino": "casino", "payout_above": "100", "corrected": "true"}, ("pit_b",)),
        (
            {"game": Game.RUSSIAN_POKER, "status": "settled", "day_to": D1},
            ("won", "far", "mismatch"),
        ),
        ({"pit": "pit", "replay_mismatch": "true", "status": "settled"}, ("mismatch",)),
        ({"table": "rr1", "game": Game.RUSSIAN_POKER}, ()),
        (
            {"dealer": "dealer", "corrected": "true", "status": "voided", "day_from": D3},
            ("voided",),
        ),
    ],
)
def test_filters_combined(
    rounds: dict[str, Any],
    client_for: Callable[[str | None], Any],
    params: dict[str, Any],
    expected: tuple[str, ...],
) -> None:
    assert found(client_for("auditor"), **_resolved(rounds, params)) == named(rounds, *expected)


def _resolved(rounds: dict[str, Any], params: dict[str, Any]) -> dict[str, Any]:
    """The parameters with the fixture's objects named (``"rp1"``) given by id."""
    resolved = {}
    for key, value in params.items():
        if isinstance(value, dt.date):
            value = value.isoformat()
        elif key in ("casino", "pit", "table", "dealer") and isinstance(value, str):
            value = rounds[value].pk
        resolved[key] = value
    return resolved


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"pit": "rp9_pit"},
        {"table": "rp9"},
        {"casino": "casino"},
        {"dealer": "other_dealer"},
        {"cap_applied": "true"},
        {"corrected": "true"},
        {"replay_mismatch": "true"},
        {"payout_above": "1000"},
        {"status": "corrected"},
        {"day_from": D2, "day_to": D2, "table": "rp9", "cap_applied": "true"},
    ],
)
def test_a_pit_boss_never_sees_another_pits_round(
    rounds: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
    params: dict[str, Any],
) -> None:
    resolved = {
        key: (
            rounds["rp9"].pit_id
            if value == "rp9_pit"
            else users["other_dealer"].pk
            if value == "other_dealer"
            else value
        )
        for key, value in params.items()
    }
    seen = found(client_for("pit_boss"), **_resolved(rounds, resolved))
    assert rounds["ids"]["pit_b"] not in seen
    assert rounds["ids"]["far"] not in seen
    assert seen <= named(rounds, *PIT_A)
    # The boss of pit B sees it with the same filters: the filter would match it.
    if params:
        assert rounds["ids"]["pit_b"] in found(
            client_for("other_pit_boss"), **_resolved(rounds, resolved)
        )


def test_a_pit_boss_sees_the_own_pits_rounds(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    assert found(client_for("pit_boss")) == named(rounds, *PIT_A)
    assert found(client_for("other_pit_boss")) == named(rounds, "pit_b")


def test_a_dealer_sees_only_the_round_in_play_at_the_own_table(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    assert found(client_for("dealer")) == named(rounds, "open")
    assert found(client_for("dealer"), status="settled") == set()
    assert found(client_for("dealer"), table=rounds["rp1"].pk, day_to="2025-03-10") == set()
    # The dealer of RP-9 has no round in play; the third dealer, no assignment at all.
    assert found(client_for("other_dealer")) == set()
    DealerAssignment.objects.filter(dealer=rounds["dealer"]).update(ended_at=timezone.now())
    assert found(client_for("dealer")) == set()


def test_someone_with_no_role_is_refused(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    response = client_for("no_role").get(URL)
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    assert client_for(None).get(URL).status_code == 401


def test_a_row_shows_the_round_at_a_glance(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    rows = {row["id"]: row for row in search(client_for("auditor"))}
    capped = rows[rounds["ids"]["capped"]]
    rp1 = rounds["rp1"]
    assert capped["table"] == {"id": rp1.pk, "name": "RP-1"}
    assert capped["pit"] == {"id": rp1.pit_id, "name": "Pit A"}
    assert capped["casino"] == {"id": rounds["casino"].pk, "name": "Test Casino"}
    assert (capped["game"], capped["gaming_day"], capped["status"]) == (
        "russian_poker",
        "2025-03-11",
        "settled",
    )
    assert capped["dealer"] == {"id": rounds["dealer"].pk, "name": "dealer"}
    assert (capped["staked"], capped["paid"], capped["house_result"]) == (
        "110.00",
        "5000.00",
        "-4890.00",
    )
    assert (capped["cap_applied"], capped["withheld"]) == (True, "1200.00")
    assert (capped["corrected"], capped["corrections"], capped["replay_mismatch"]) == (
        False,
        0,
        False,
    )
    assert capped["settled_at"] is not None
    corrected = rows[rounds["ids"]["corrected"]]
    assert (corrected["status"], corrected["corrected"], corrected["corrections"]) == (
        "corrected",
        True,
        1,
    )
    voided = rows[rounds["ids"]["voided"]]
    assert (voided["status"], voided["corrected"], voided["corrections"]) == ("voided", True, 1)
    assert rows[rounds["ids"]["mismatch"]]["replay_mismatch"] is True
    in_play = rows[rounds["ids"]["open"]]
    assert (in_play["status"], in_play["staked"], in_play["paid"], in_play["settled_at"]) == (
        "open",
        None,
        None,
        None,
    )


def test_a_page_costs_the_same_statements_however_many_rows_it_holds(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    """A row reads only what it shows, all of it in the page's query: a field left out of
    ``ROW_FIELDS`` would be fetched again for every row."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = client_for("auditor")

    def statements(limit: int) -> int:
        with CaptureQueriesContext(connection) as queries:
            body = client.get(URL, {"limit": limit}).json()
        assert len(body["results"]) == limit
        return len(queries)

    assert statements(1) == statements(len(ALL))


@pytest.mark.parametrize(
    "ordering", ["-opened_at", "opened_at", "gaming_day", "-gaming_day", "paid", "-paid"]
)
def test_pages_return_every_row_once_in_order(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any], ordering: str
) -> None:
    client = client_for("auditor")
    rows = search(client, ordering=ordering, limit=3)
    ids = [row["id"] for row in rows]
    assert len(ids) == len(set(ids)) == len(ALL)
    assert set(ids) == named(rounds, *ALL)
    key = ordering.lstrip("-")

    def sort_key(row: dict[str, Any]) -> tuple[Any, int]:
        value = row[key]
        return (D(value or "0") if key == "paid" else value, row["id"])

    assert rows == sorted(rows, key=sort_key, reverse=ordering.startswith("-"))
    # One page of all of them is the same rows in the same order.
    whole = client.get(URL, {"ordering": ordering, "limit": 200}).json()
    assert [row["id"] for row in whole["results"]] == ids
    assert whole["next_cursor"] is None


def test_the_default_order_is_newest_first(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    rows = search(client_for("auditor"), limit=4)
    assert [row["id"] for row in rows] == [
        row["id"] for row in sorted(rows, key=lambda r: (r["opened_at"], r["id"]), reverse=True)
    ]
    assert rows[0]["id"] == rounds["ids"]["open"]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"day_from": "2025-13-01"}, "day_from"),
        ({"day_to": "yesterday"}, "day_to"),
        ({"casino": "one"}, "casino"),
        ({"pit": "0"}, "pit"),
        ({"table": str(2**63)}, "table"),
        ({"dealer": "-3"}, "dealer"),
        ({"game": "blackjack"}, "game"),
        ({"status": "closed"}, "status"),
        ({"payout_above": "1e3"}, "payout_above"),
        ({"payout_above": "-5"}, "payout_above"),
        ({"payout_above": "10.001"}, "payout_above"),
        ({"payout_above": "NaN"}, "payout_above"),
        ({"cap_applied": "yes"}, "cap_applied"),
        ({"corrected": "1"}, "corrected"),
        ({"replay_mismatch": "True!"}, "replay_mismatch"),
        ({"ordering": "number"}, "ordering"),
        ({"ordering": "-opened_at,id"}, "ordering"),
        ({"limit": "0"}, "limit"),
        ({"limit": "201"}, "limit"),
        ({"cursor": "not-a-cursor"}, "cursor"),
        ({"table": ""}, "table"),
    ],
)
def test_a_filter_that_does_not_read_is_refused(
    rounds: dict[str, Any],
    client_for: Callable[[str | None], Any],
    params: dict[str, str],
    field: str,
) -> None:
    written = AuditRecord.objects.count()
    response = client_for("auditor").get(URL, params)
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == "filter_invalid"
    assert error["details"]["field"] == field
    assert list(error["details"]["fields"]) == [field]
    assert set(response.json()) == {"error"}
    assert AuditRecord.objects.count() == written


def test_a_cursor_of_another_ordering_is_refused(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    client = client_for("auditor")
    cursor = client.get(URL, {"limit": 2}).json()["next_cursor"]
    assert cursor is not None
    response = client.get(URL, {"cursor": cursor, "ordering": "paid"})
    assert response.status_code == 400
    assert response.json()["error"]["details"]["field"] == "cursor"


@pytest.mark.parametrize(
    ("ordering", "document"),
    [
        ("paid", ["paid", "1e999999", 5]),
        ("paid", ["paid", "-1", 5]),
        ("-opened_at", ["-opened_at", "2025-03-10T10:00:00", 5]),
        ("gaming_day", ["gaming_day", "2025-03-10", 2**63]),
        ("gaming_day", {"gaming_day": 1, "b": 2, "c": 3}),
        ("gaming_day", ["gaming_day", "2025-03-10", True]),
    ],
)
def test_a_forged_cursor_is_refused(
    rounds: dict[str, Any],
    client_for: Callable[[str | None], Any],
    ordering: str,
    document: Any,
) -> None:
    """A cursor is opaque, but a client can write one: what it holds is checked as a filter
    is (an amount PostgreSQL cannot compare was a server error)."""
    cursor = base64.urlsafe_b64encode(json.dumps(document).encode()).decode()
    response = client_for("auditor").get(URL, {"cursor": cursor, "ordering": ordering})
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == "filter_invalid"
    assert response.json()["error"]["details"]["field"] == "cursor"


def test_a_parameter_the_search_does_not_know_is_refused(
    rounds: dict[str, Any], client_for: Callable[[str | None], Any]
) -> None:
    response = client_for("auditor").get(URL, {"tabel": rounds["rp1"].pk})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_field"
    assert list(response.json()["error"]["details"]["fields"]) == ["tabel"]
