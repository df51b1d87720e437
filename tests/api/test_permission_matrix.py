"""Every endpoint × every role (and anonymous): allowed or refused, and nothing else.

"allowed" means the request succeeds (2xx) on a fresh floor; "refused" means 401 for anonymous
and 403 for a signed-in user, with the error code of the single error shape.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal as D
from typing import Any

import pytest

from audit.services.corrections import correction_request
from audit.services.reports.build import report_build, report_request
from payouts.services.settlement import round_settle
from tables.engines import validate_rule_settings
from tables.models import Game, RuleSet, TableStatus
from tables.services.rounds import round_act, round_open

ROLES = (
    None,
    "no_role",
    "dealer",
    "other_dealer",
    "pit_boss",
    "other_pit_boss",
    "auditor",
    "admin",
)
EVERYONE = frozenset(ROLES)
SIGNED_IN = EVERYONE - {None}
WITH_A_ROLE = SIGNED_IN - {"no_role"}
AT_THIS_TABLE = frozenset({"dealer", "pit_boss", "auditor", "admin"})
MANAGERS = frozenset({"pit_boss", "admin"})
DEALER_ONLY = frozenset({"dealer"})
AUDITOR_ONLY = frozenset({"auditor"})
PIT_WATCHERS = frozenset({"pit_boss", "auditor", "admin"})


@dataclass(frozen=True)
class Case:
    name: str
    method: str
    url: str
    allowed: frozenset[str | None]
    body: dict[str, Any] | None = None
    needs_round: bool = False
    table_closed: bool = False
    round_state: str = "open"  # "open", "complete" (ready to settle) or "settled"
    needs_correction: bool = False  # a void of the round, requested by the dealer
    needs_report: bool = False  # a gaming-day report, built


CASES = [
    Case("api_root", "get", "/api/v1/", EVERYONE),
    Case("healthz", "get", "/healthz", EVERYONE),
    Case("schema", "get", "/api/v1/schema/", EVERYONE),
    Case(
        "device_token",
        "post",
        "/api/v1/auth/device-token/",
        EVERYONE,
        body={"username": "dealer", "password": "pw-dealer", "device_name": "tablet 7"},
    ),
    Case("me", "get", "/api/v1/me/", SIGNED_IN),
    Case("table_list", "get", "/api/v1/tables/", WITH_A_ROLE),
    Case("table_detail", "get", "/api/v1/tables/{table}/", AT_THIS_TABLE),
    Case("table_view", "get", "/api/v1/tables/{table}/view/", PIT_WATCHERS),
    Case("pit_view", "get", "/api/v1/pits/{pit}/view/", PIT_WATCHERS),
    Case(
        "table_open", "post", "/api/v1/tables/{table}/open/", MANAGERS, body={}, table_closed=True
    ),
    Case("table_close", "post", "/api/v1/tables/{table}/close/", MANAGERS, body={}),
    Case(
        "table_limits",
        "post",
        "/api/v1/tables/{table}/limits/",
        MANAGERS,
        body={"ante_max": "400.00", "reason": "quiet night"},
    ),
    Case(
        "table_assignment",
        "post",
        "/api/v1/tables/{table}/assignment/",
        MANAGERS,
        body={"dealer": "other_dealer"},
    ),
    Case("round_open", "post", "/api/v1/tables/{table}/rounds/", DEALER_ONLY, body={}),
    Case("round_detail", "get", "/api/v1/rounds/{round}/", AT_THIS_TABLE, needs_round=True),
    Case(
        "round_action",
        "post",
        "/api/v1/rounds/{round}/actions/",
        DEALER_ONLY,
        body={"expected_event": 0, "action": "note", "text": "shuffle machine jammed"},
        needs_round=True,
    ),
    Case(
        "round_settle",
        "post",
        "/api/v1/rounds/{round}/settle/",
        DEALER_ONLY,
        body={},
        needs_round=True,
        round_state="complete",
    ),
    Case(
        "round_replay",
        "get",
        "/api/v1/rounds/{round}/replay/",
        frozenset({"pit_boss", "auditor", "admin"}),
        needs_round=True,
        round_state="settled",
    ),
    Case("audit_record_list", "get", "/api/v1/audit/records/", AUDITOR_ONLY),
    Case("audit_verify", "get", "/api/v1/audit/verify/", AUDITOR_ONLY),
    Case("audit_checkpoint_list", "get", "/api/v1/audit/checkpoints/", AUDITOR_ONLY),
    Case("audit_checkpoint_key", "get", "/api/v1/audit/checkpoints/public-key/", AUDITOR_ONLY),
    Case("audit_alert_list", "get", "/api/v1/audit/alerts/", AUDITOR_ONLY),
    Case(
        "audit_correction_request",
        "post",
        "/api/v1/audit/rounds/{round}/corrections/",
        frozenset({"dealer", "pit_boss"}),
        body={"kind": "void", "reason": "misdeal"},
        needs_round=True,
    ),
    Case(
        "audit_correction_list",
        "get",
        "/api/v1/audit/corrections/",
        frozenset({"pit_boss", "other_pit_boss", "auditor", "admin"}),
    ),
    Case(
        "audit_correction_detail",
        "get",
        "/api/v1/audit/corrections/{correction}/",
        frozenset({"pit_boss", "auditor", "admin"}),
        needs_round=True,
        needs_correction=True,
    ),
    Case(
        "audit_correction_approve",
        "post",
        "/api/v1/audit/corrections/{correction}/approve/",
        frozenset({"pit_boss"}),
        body={},
        needs_round=True,
        needs_correction=True,
    ),
    Case(
        "audit_correction_reject",
        "post",
        "/api/v1/audit/corrections/{correction}/reject/",
        frozenset({"pit_boss"}),
        body={},
        needs_round=True,
        needs_correction=True,
    ),
    Case("audit_report_list", "get", "/api/v1/audit/reports/", AUDITOR_ONLY),
    Case(
        "audit_report_request",
        "post",
        "/api/v1/audit/reports/request/",
        AUDITOR_ONLY,
        body={"gaming_day": "2025-03-10"},
    ),
    Case(
        "audit_report_detail",
        "get",
        "/api/v1/audit/reports/{report}/",
        AUDITOR_ONLY,
        needs_report=True,
    ),
    Case(
        "audit_report_csv",
        "get",
        "/api/v1/audit/reports/{report}/csv/",
        AUDITOR_ONLY,
        needs_report=True,
    ),
    Case(
        "audit_report_pdf",
        "get",
        "/api/v1/audit/reports/{report}/pdf/",
        AUDITOR_ONLY,
        needs_report=True,
    ),
]


def _round_for(case: Case, table: Any, dealer: Any) -> int:
    """A round at ``table`` in the state the case needs. A finished game needs an engine: the
    table plays Red Dog for those cases, whose shortest complete game is seat, then end."""
    if case.round_state != "open":
        table.game = Game.RED_DOG
        table.rule_set = RuleSet.objects.create(
            game=Game.RED_DOG, name="rd", version=1, settings=validate_rule_settings("red_dog", {})
        )
        table.save()
    round = round_open(table_id=table.pk, dealer=dealer)
    if case.round_state != "open":
        round_act(
            round_id=round.pk,
            actor=dealer,
            expected_event=0,
            action="seat_players",
            data={"stacks": {1: D(50), 2: D(50), 3: D(50)}, "button": 1},
        )
        round_act(round_id=round.pk, actor=dealer, expected_event=1, action="end_game", data={})
    if case.round_state == "settled":
        round_settle(round_id=round.pk, actor=dealer)
    return round.pk


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_permission(
    case: Case,
    role: str | None,
    floor: dict[str, Any],
    users: dict[str, Any],
    client_for: Callable[[str | None], Any],
) -> None:
    table = floor["table"]
    if case.table_closed:
        table.status = TableStatus.CLOSED
        table.save()
    round_id = _round_for(case, table, users["dealer"]) if case.needs_round else 0
    correction_id = report_id = 0
    if case.needs_correction:
        correction_id = correction_request(
            round_id=round_id, actor=users["dealer"], kind="void", reason="misdeal"
        ).pk
    if case.needs_report:
        report = report_request(actor=users["auditor"], gaming_day=dt.date(2025, 3, 10))
        report_id = report_build(report_id=report.pk).pk
    url = case.url.format(
        table=table.pk,
        pit=table.pit_id,
        round=round_id,
        correction=correction_id,
        report=report_id,
    )
    client = client_for(role)
    response = getattr(client, case.method)(url, case.body, format="json")

    if role in case.allowed:
        assert 200 <= response.status_code < 300, (response.status_code, response.content)
    elif role is None:
        assert response.status_code == 401, response.content
        assert response.json()["error"]["code"] == "not_authenticated"
    else:
        assert response.status_code == 403, response.content
        assert response.json()["error"]["code"] == "permission_denied"


def test_matrix_covers_every_api_route() -> None:
    """A new endpoint must join the matrix: every routed API name is one of the cases."""
    from django.urls import get_resolver

    def routes(resolver: Any, prefix: str = "") -> set[tuple[str, str]]:
        found: set[tuple[str, str]] = set()
        for pattern in resolver.url_patterns:
            if hasattr(pattern, "url_patterns"):
                found |= routes(pattern, prefix + str(pattern.pattern))
            elif pattern.name:
                found.add((prefix + str(pattern.pattern), pattern.name))
        return found

    api_names = {
        name
        for path, name in routes(get_resolver())
        if path.startswith(("api/", "healthz")) and name != "docs"
    }
    assert api_names == {c.name.replace("_", "-") for c in CASES}
