"""Every endpoint × every role (and anonymous): allowed or refused, and nothing else.

"allowed" means the request succeeds (2xx) on a fresh floor; "refused" means 401 for anonymous
and 403 for a signed-in user, with the error code of the single error shape, and nothing
written. The roles include a pit boss of the other pit and the dealer of the other table
(``tests.fixtures.users``); a case may touch two pits at once (a dealer moved from one pit's
table to the other's), and every route is a case (``test_matrix_covers_every_route``).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal as D
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from audit.models import GamingDayReport
from audit.services.reports.build import report_build, report_request
from casino.core.alerts import alert_record_apart
from casino.core.models import AlertKind
from casino.core.roles import Role
from casino.identity.models import DeviceToken, Qualification, SignInLockout, hash_token
from casino.patrons.enrolment import patron_enrol_carded
from casino.patrons.exclusions import exclusion_record
from casino.patrons.points import points_award
from casino.patrons.seating import session_pause, session_seat
from payouts.models import Correction
from payouts.services import slips, trays
from payouts.services.corrections import correction_request
from payouts.services.settlement import round_settle
from tables.engines import validate_rule_settings
from tables.models import DealerAssignment, Game, Round, RuleSet, Table, TableStatus
from tables.services.limits import table_limits_change
from tables.services.retractions import retraction_request
from tables.services.rounds import round_act, round_open
from tables.services.tablets import tablet_register
from tests.payouts.tray.trays import chips_made, count_confirmed, slip_through

ROLES = (
    None,
    "no_role",
    "dealer",
    "other_dealer",
    "pit_boss",
    "other_pit_boss",
    "auditor",
    "admin",
    "cage",
)
EVERYONE = frozenset(ROLES)
SIGNED_IN = EVERYONE - {None}
WITH_A_ROLE = SIGNED_IN - {"no_role"}
AT_THIS_TABLE = frozenset({"dealer", "pit_boss", "auditor", "admin"})
MANAGERS = frozenset({"pit_boss", "admin"})
DEALER_ONLY = frozenset({"dealer"})
AUDITOR_ONLY = frozenset({"auditor"})
ADMIN_ONLY = frozenset({"admin"})
#: Who reads the changes of limits under dual control of this table's pit.
LIMIT_REVIEWERS = frozenset({"pit_boss", "auditor", "admin"})
PIT_WATCHERS = frozenset({"pit_boss", "auditor", "admin"})
#: A pit's stream: its watchers, the cage (the tray's steps at any pit) and the dealer of one of
#: its tables, who is sent that table's changes alone (``tests/push/test_tray_changes.py``).
STREAM_READERS = PIT_WATCHERS | {"cage", "dealer"}
#: Who lists alerts: a pit boss those of the own pits (the other pit's boss gets none of this
#: pit's), auditors and admins all.
ALERT_READERS = frozenset({"pit_boss", "other_pit_boss", "auditor", "admin"})
#: Who reads the gaming-day reports of this casino: the pit bosses of its pits (both pits of
#: the floor are the one casino's), and auditors.
REPORT_READERS = frozenset({"pit_boss", "other_pit_boss", "auditor"})
#: The chip tray: the table's side counts it and asks for and receives fills; the cage issues
#: and counts the drop; a pit boss or an admin approves and confirms.
TABLE_SIDE = frozenset({"dealer", "pit_boss", "admin"})
TRAY_READERS = frozenset({"dealer", "pit_boss", "cage", "auditor", "admin"})
CAGE_ONLY = frozenset({"cage"})
#: Who searches rounds: every role that deals, watches or audits them (each sees what it may);
#: the cage handles chips, not rounds.
ROUND_SEARCHERS = WITH_A_ROLE - CAGE_ONLY
PIT_OR_CAGE = frozenset({"pit_boss", "cage", "admin"})
SLIP_READERS = frozenset({"pit_boss", "other_pit_boss", "cage", "auditor", "admin"})
RECONCILIATION_READERS = frozenset({"pit_boss", "other_pit_boss", "auditor", "admin"})
#: Who reads the house edges computed from a rule set: pit bosses, auditors, administrators.
HOUSE_EDGE_READERS = frozenset({"pit_boss", "other_pit_boss", "auditor", "admin"})
#: Who exports a round's or a table's day's evidence package: auditors, the pit's pit boss.
EVIDENCE_EXPORTERS = frozenset({"pit_boss", "auditor"})
#: Who enrols and excludes patrons and reads their personal data: the floor's pit bosses and
#: administrators.
PATRON_KEEPERS = frozenset({"pit_boss", "other_pit_boss", "admin"})
AML_READERS = PATRON_KEEPERS | AUDITOR_ONLY
#: Every dealer's pace and accuracy: the floor's supervisors and auditors; a dealer their own.
DEALER_FIGURE_READERS = frozenset(
    {"dealer", "other_dealer", "pit_boss", "other_pit_boss", "auditor", "admin"}
)
#: Who records and revokes dealers' qualifications: the pit bosses of any pit (a dealer new to
#: the floor belongs to none yet) and administrators; who reads a dealer's: they, auditors,
#: and the dealer concerned.
QUALIFICATION_KEEPERS = frozenset({"pit_boss", "other_pit_boss", "admin"})
QUALIFICATION_READERS = QUALIFICATION_KEEPERS | AUDITOR_ONLY | DEALER_ONLY
#: Who reads a pit's rotation plans: the floor's pit bosses, auditors and admins.
PLAN_READERS = frozenset({"pit_boss", "other_pit_boss", "auditor", "admin"})
#: A shift of one hour at 60/20: no rotation, one dealer a table.
PLAN_TERMS = {
    "shift_start": "2027-03-10T14:00:00Z",
    "length": 60,
    "minutes_on": 60,
    "minutes_off": 20,
    "min_stint": 40,
    "grace": 0,
}


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
    needs_limit_change: bool = False  # removing the table's maximum payout, asked for
    needs_retraction: bool = False  # the round's last entry asked back by its dealer
    route: str = ""  # the URL's name, when the case is one of several of a route

    @property
    def route_name(self) -> str:
        return self.route or self.name.replace("_", "-")

    needs_token: bool = False  # a device token of the dealer
    needs_lockout: bool = False  # a sign-in lockout of the dealer's name
    needs_alert: bool = False  # an open alert at the table
    needs_tablet: bool = False  # a tablet registered to the table
    #: The chip tray the case needs (``_tray_for``): "chips", "count_pending", "shift_open",
    #: "slip_requested", "slip_approved", "slip_issued", "void_pending", "drop_pending".
    tray: str = ""
    #: The patron the case needs (``_patron_for``): "carded", "with_points", "excluded",
    #: "seated", "paused".
    patron: str = ""


CASES = [
    Case("api_root", "get", "/api/v1/", EVERYONE),
    Case("healthz", "get", "/healthz", EVERYONE),
    Case("livez", "get", "/livez", EVERYONE),
    Case("readyz", "get", "/readyz", EVERYONE),
    # Whoever is on an allowed network, by address, not role (loopback here; tests/deploy).
    Case("metrics", "get", "/metrics", EVERYONE),
    Case("schema", "get", "/api/v1/schema/", EVERYONE),
    Case("docs", "get", "/api/v1/docs/", EVERYONE),
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
    Case("pit_events", "get", "/api/v1/pits/{pit}/events/", STREAM_READERS),
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
        "table_limits_needing_approval",
        "post",
        "/api/v1/tables/{table}/limits/",
        MANAGERS,
        body={"max_table_payout": None, "reason": "high rollers tonight"},
        route="table-limits",
    ),
    Case(
        "table_assignment",
        "post",
        "/api/v1/tables/{table}/assignment/",
        MANAGERS,
        body={"dealer": "spare_dealer"},
    ),
    # A dealer taken from a table of the other pit: who manages only one of the two tables,
    # either one, may not (the boss of the other pit moving this pit's dealer in the middle of
    # a round was answered 201).
    Case(
        "table_assignment_from_other_pit",
        "post",
        "/api/v1/tables/{table}/assignment/",
        ADMIN_ONLY,
        body={"dealer": "other_dealer"},
        route="table-assignment",
    ),
    Case(
        "table_assignment_to_other_pit",
        "post",
        "/api/v1/tables/{other_table}/assignment/",
        ADMIN_ONLY,
        body={"dealer": "dealer"},
        needs_round=True,
        route="table-assignment",
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
    # "Paid": who pays a settled round's payouts, its dealer or its pit boss, says so.
    Case(
        "round_paid",
        "post",
        "/api/v1/rounds/{round}/paid/",
        frozenset({"dealer", "pit_boss"}),
        body={},
        needs_round=True,
        round_state="settled",
    ),
    # Retractions: asked by the round's dealer or its pit boss, decided by the pit boss (the
    # dealer asked), withdrawn by the requester.
    Case(
        "round_retractable",
        "get",
        "/api/v1/rounds/{round}/retractable/",
        frozenset({"dealer", "pit_boss"}),
        needs_round=True,
        round_state="complete",
    ),
    Case(
        "round_retraction_request",
        "post",
        "/api/v1/rounds/{round}/retractions/",
        frozenset({"dealer", "pit_boss"}),
        body={"expected_event": 2, "count": 1, "reason": "the game was not over"},
        needs_round=True,
        round_state="complete",
    ),
    Case("retraction_list", "get", "/api/v1/retractions/", WITH_A_ROLE - CAGE_ONLY),
    Case(
        "retraction_detail",
        "get",
        "/api/v1/retractions/{retraction}/",
        AT_THIS_TABLE,
        needs_round=True,
        round_state="complete",
        needs_retraction=True,
    ),
    Case(
        "retraction_approve",
        "post",
        "/api/v1/retractions/{retraction}/approve/",
        frozenset({"pit_boss"}),
        body={},
        needs_round=True,
        round_state="complete",
        needs_retraction=True,
    ),
    Case(
        "retraction_reject",
        "post",
        "/api/v1/retractions/{retraction}/reject/",
        frozenset({"pit_boss"}),
        body={"note": "the game was over"},
        needs_round=True,
        round_state="complete",
        needs_retraction=True,
    ),
    Case(
        "retraction_withdraw",
        "post",
        "/api/v1/retractions/{retraction}/withdraw/",
        DEALER_ONLY,
        body={},
        needs_round=True,
        round_state="complete",
        needs_retraction=True,
    ),
    Case(
        "round_replay",
        "get",
        "/api/v1/rounds/{round}/replay/",
        frozenset({"pit_boss", "auditor", "admin"}),
        needs_round=True,
        round_state="settled",
    ),
    # The round search: every role that reads rounds, each seeing what it may.
    Case("round_search", "get", "/api/v1/rounds/", ROUND_SEARCHERS),
    Case(
        "round_story",
        "get",
        "/api/v1/rounds/{round}/story/",
        frozenset({"pit_boss", "auditor", "admin"}),
        needs_round=True,
        round_state="settled",
    ),
    Case(
        "limit_change_list",
        "get",
        "/api/v1/limit-changes/",
        frozenset({"pit_boss", "other_pit_boss", "auditor", "admin"}),
    ),
    Case(
        "limit_change_detail",
        "get",
        "/api/v1/limit-changes/{limit_change}/",
        LIMIT_REVIEWERS,
        needs_limit_change=True,
    ),
    Case(
        "limit_change_approve",
        "post",
        "/api/v1/limit-changes/{limit_change}/approve/",
        MANAGERS,
        body={},
        needs_limit_change=True,
    ),
    Case(
        "limit_change_reject",
        "post",
        "/api/v1/limit-changes/{limit_change}/reject/",
        MANAGERS,
        body={"note": "not tonight"},
        needs_limit_change=True,
    ),
    Case("audit_record_list", "get", "/api/v1/audit/records/", AUDITOR_ONLY),
    Case("audit_verify", "get", "/api/v1/audit/verify/", AUDITOR_ONLY),
    Case("audit_checkpoint_list", "get", "/api/v1/audit/checkpoints/", AUDITOR_ONLY),
    Case("audit_checkpoint_key", "get", "/api/v1/audit/checkpoints/public-key/", AUDITOR_ONLY),
    Case("audit_alert_list", "get", "/api/v1/audit/alerts/", ALERT_READERS),
    Case(
        "audit_alert_list_of_the_pit",
        "get",
        "/api/v1/audit/alerts/?pit={pit}",
        PIT_WATCHERS,
        route="audit-alert-list",
    ),
    Case(
        "audit_alert_acknowledge",
        "post",
        "/api/v1/audit/alerts/{alert}/acknowledge/",
        PIT_WATCHERS,
        body={"note": "spoke to the dealer"},
        needs_alert=True,
    ),
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
        # The dealer at the round's table follows a void asked at the tablet until it is decided.
        frozenset({"dealer", "pit_boss", "auditor", "admin"}),
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
    Case(
        "rule_set_house_edge",
        "get",
        "/api/v1/rule-sets/{rule_set}/house-edge/?ante=10",
        HOUSE_EDGE_READERS,
    ),
    Case("audit_report_list", "get", "/api/v1/audit/reports/", REPORT_READERS),
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
        REPORT_READERS,
        needs_report=True,
    ),
    Case(
        "audit_report_csv",
        "get",
        "/api/v1/audit/reports/{report}/csv/",
        REPORT_READERS,
        needs_report=True,
    ),
    Case(
        "audit_report_pdf",
        "get",
        "/api/v1/audit/reports/{report}/pdf/",
        REPORT_READERS,
        needs_report=True,
    ),
    Case(
        "audit_evidence_round",
        "get",
        "/api/v1/audit/evidence/rounds/{round}/",
        EVIDENCE_EXPORTERS,
        needs_round=True,
        round_state="settled",
    ),
    Case(
        "audit_evidence_table_day",
        "get",
        "/api/v1/audit/evidence/tables/{table}/?day={today}",
        EVIDENCE_EXPORTERS,
        needs_round=True,
        round_state="settled",
    ),
    Case("token_list", "get", "/api/v1/auth/tokens/", SIGNED_IN),
    Case(
        "token_revoke",
        "post",
        "/api/v1/auth/tokens/{token}/revoke/",
        frozenset({"dealer", "pit_boss", "admin"}),
        body={},
        needs_token=True,
    ),
    Case(
        "lockout_list",
        "get",
        "/api/v1/auth/lockouts/",
        frozenset({"pit_boss", "other_pit_boss", "admin"}),
    ),
    Case(
        "lockout_lift",
        "post",
        "/api/v1/auth/lockouts/{lockout}/lift/",
        MANAGERS,
        body={"reason": "the dealer forgot the new password"},
        needs_lockout=True,
    ),
    Case("table_tablets", "get", "/api/v1/tables/{table}/tablets/", PIT_WATCHERS),
    Case(
        "table_tablets_register",
        "post",
        "/api/v1/tables/{table}/tablets/",
        MANAGERS,
        body={"name": "RP-1 spare tablet"},
        route="table-tablets",
    ),
    Case(
        "tablet_revoke",
        "post",
        "/api/v1/tablets/{tablet}/revoke/",
        MANAGERS,
        body={"reason": "left in the staff room"},
        needs_tablet=True,
    ),
    # A tablet's own routes answer its credential alone (tests/tablets): every user is refused.
    Case("tablet_current", "get", "/api/v1/tablets/current/", frozenset()),
    Case(
        "tablet_sign_in",
        "post",
        "/api/v1/tablets/sign-in/",
        frozenset(),
        body={"table": "{table}", "username": "dealer", "pin": "4812"},
    ),
    Case(
        "tablet_decision_sign_in",
        "post",
        "/api/v1/tablets/decision-sign-in/",
        frozenset(),
        body={"table": "{table}", "username": "pit_boss", "pin": "4812"},
    ),
    # Another dealer's PIN: an admin's doing alone (the own PIN, with the own password:
    # tests/tablets/test_pins.py).
    Case(
        "pin_set",
        "post",
        "/api/v1/auth/pin/",
        ADMIN_ONLY,
        body={"user": "{spare_dealer}", "pin": "4812"},
    ),
    # The own language: every user signed in reads and chooses their own (tests/identity).
    Case("auth_language", "get", "/api/v1/auth/language/", SIGNED_IN),
    Case(
        "auth_language_set",
        "put",
        "/api/v1/auth/language/",
        SIGNED_IN,
        body={"language": "ru"},
        route="auth-language",
    ),
    # The dealer of RP-1's qualifications; the one revoked is for Red Dog, a game the dealer
    # does not deal now (Russian Poker's is not revoked while the dealer deals it).
    Case(
        "dealer_qualifications_list",
        "get",
        "/api/v1/dealers/{dealer}/qualifications/",
        QUALIFICATION_READERS,
        route="dealer-qualifications",
    ),
    Case(
        "dealer_qualification_record",
        "post",
        "/api/v1/dealers/{dealer}/qualifications/",
        QUALIFICATION_KEEPERS,
        body={
            "game": "ruby_run",
            "evidence_kind": "test",
            "evidence_reference": "RR test 7",
            "qualified_on": "2025-03-01",
            "expires_on": "2026-03-01",
        },
        route="dealer-qualifications",
    ),
    Case(
        "qualification_revocations",
        "post",
        "/api/v1/qualifications/{qualification}/revocations/",
        QUALIFICATION_KEEPERS,
        body={"reason": "the course was not the casino's"},
    ),
    Case("casino_chips", "get", "/api/v1/casinos/{casino}/chips/", WITH_A_ROLE),
    Case(
        "casino_chips_add",
        "post",
        "/api/v1/casinos/{casino}/chips/",
        ADMIN_ONLY,
        body={"value": "500.00", "colour": "purple"},
        route="casino-chips",
        tray="chips",
    ),
    Case("table_tray", "get", "/api/v1/tables/{table}/tray/", TRAY_READERS, tray="chips"),
    Case(
        "table_tray_counts",
        "post",
        "/api/v1/tables/{table}/tray/counts/",
        TABLE_SIDE,
        body={"kind": "opener", "chips": {"5.00": 10}},
        tray="chips",
    ),
    Case(
        "tray_count_confirm",
        "post",
        "/api/v1/tray-counts/{count}/confirm/",
        MANAGERS,
        body={},
        tray="count_pending",
    ),
    Case(
        "tray_count_reject",
        "post",
        "/api/v1/tray-counts/{count}/reject/",
        MANAGERS,
        body={},
        tray="count_pending",
    ),
    Case(
        "table_slips",
        "post",
        "/api/v1/tables/{table}/slips/",
        TABLE_SIDE,
        body={"kind": "fill", "chips": {"5.00": 10}},
        tray="chips",
    ),
    Case("slip_list", "get", "/api/v1/slips/", SLIP_READERS),
    Case("slip_detail", "get", "/api/v1/slips/{slip}/", TRAY_READERS, tray="slip_requested"),
    Case(
        "slip_approve",
        "post",
        "/api/v1/slips/{slip}/approve/",
        MANAGERS,
        body={},
        tray="slip_requested",
    ),
    Case(
        "slip_issue",
        "post",
        "/api/v1/slips/{slip}/issue/",
        CAGE_ONLY,
        body={},
        tray="slip_approved",
    ),
    Case(
        "slip_receive",
        "post",
        "/api/v1/slips/{slip}/receive/",
        TABLE_SIDE,
        body={},
        tray="slip_issued",
    ),
    Case(
        "slip_void",
        "post",
        "/api/v1/slips/{slip}/void/",
        PIT_OR_CAGE,
        body={"reason": "wrong chips"},
        tray="slip_requested",
    ),
    Case(
        "slip_void_approve",
        "post",
        "/api/v1/slip-voids/{void}/approve/",
        PIT_OR_CAGE,
        body={},
        tray="void_pending",
    ),
    Case(
        "slip_void_reject",
        "post",
        "/api/v1/slip-voids/{void}/reject/",
        PIT_OR_CAGE,
        body={},
        tray="void_pending",
    ),
    Case(
        "table_drops",
        "post",
        "/api/v1/tables/{table}/drops/",
        CAGE_ONLY,
        body={"shift": "{shift}", "cash": "100.00"},
        tray="shift_open",
    ),
    Case(
        "drop_confirm",
        "post",
        "/api/v1/drops/{drop}/confirm/",
        PIT_OR_CAGE,
        body={},
        tray="drop_pending",
    ),
    Case(
        "drop_reject",
        "post",
        "/api/v1/drops/{drop}/reject/",
        PIT_OR_CAGE,
        body={},
        tray="drop_pending",
    ),
    Case(
        "audit_reconciliation_list",
        "get",
        "/api/v1/audit/reconciliations/",
        RECONCILIATION_READERS,
    ),
    Case(
        "patron_find",
        "get",
        "/api/v1/patrons/?casino={casino}&loyalty_number=C-1",
        WITH_A_ROLE,
        patron="carded",
    ),
    Case("patron_detail", "get", "/api/v1/patrons/{patron}/", WITH_A_ROLE, patron="carded"),
    Case(
        "patron_history",
        "get",
        "/api/v1/patrons/{patron}/history/",
        PIT_WATCHERS | {"other_pit_boss"},
        patron="seated",
    ),
    Case(
        "patron_identity",
        "get",
        "/api/v1/patrons/{patron}/identity/",
        PATRON_KEEPERS,
        patron="carded",
    ),
    Case(
        "patron_exclusions",
        "get",
        "/api/v1/patrons/{patron}/exclusions/",
        PATRON_KEEPERS,
        patron="excluded",
    ),
    Case(
        "patron_exclude",
        "post",
        "/api/v1/patrons/{patron}/exclude/",
        PATRON_KEEPERS,
        body={"kind": "barred", "reason": "advantage play"},
        patron="carded",
    ),
    Case(
        "patron_cash_out",
        "post",
        "/api/v1/patrons/{patron}/cash-out/",
        frozenset({"cage", "admin"}),
        body={"amount": "500.00"},
        patron="carded",
    ),
    Case(
        "exclusion_lift",
        "post",
        "/api/v1/exclusions/{exclusion}/lift/",
        PATRON_KEEPERS,
        body={"reason": "served"},
        patron="excluded",
    ),
    Case(
        "casino_patron_enrol",
        "post",
        "/api/v1/casinos/{casino}/patrons/",
        PATRON_KEEPERS,
        body={"loyalty_number": "C-2", "name": "Ada Lovelace", "date_of_birth": "1985-12-10"},
    ),
    Case(
        "casino_aml_policy",
        "post",
        "/api/v1/casinos/{casino}/aml-policy/",
        ADMIN_ONLY,
        body={"log_from": "3000.00", "report_above": "10000.00"},
    ),
    Case(
        "audit_aml_csv",
        "get",
        "/api/v1/audit/aml/csv/?casino={casino}&gaming_day=2025-03-10",
        ADMIN_ONLY,
    ),
    Case(
        "audit_aml_pdf",
        "get",
        "/api/v1/audit/aml/pdf/?casino={casino}&gaming_day=2025-03-10",
        ADMIN_ONLY,
    ),
    Case("aml_log", "get", "/api/v1/aml/log/?casino={casino}&gaming_day=2025-03-10", AML_READERS),
    Case(
        "dealer_pace",
        "get",
        "/api/v1/dealers/pace/?casino={casino}&first=2025-03-10&last=2025-03-16",
        DEALER_FIGURE_READERS,
    ),
    Case(
        "dealer_accuracy",
        "get",
        "/api/v1/dealers/accuracy/?casino={casino}&first=2025-03-10&last=2025-03-16",
        DEALER_FIGURE_READERS,
    ),
    # A pit's rotation plans: proposed and saved by its pit bosses and admins, read by every
    # pit boss, auditors and admins. A one-hour shift needs no rotation: RP-1's dealer there.
    Case(
        "pit_rotation_plan_proposal",
        "post",
        "/api/v1/pits/{pit}/rotation-plans/proposal/",
        MANAGERS,
        body={**PLAN_TERMS, "dealer_ids": ["{dealer}"]},
    ),
    Case(
        "pit_rotation_plans_save",
        "post",
        "/api/v1/pits/{pit}/rotation-plans/",
        MANAGERS,
        body={
            **PLAN_TERMS,
            "dealer_ids": ["{dealer}"],
            "strings": [
                {
                    "name": "S1",
                    "tables": ["{table_id}"],
                    "push": 60,
                    "reliefs": 0,
                    "slots": [
                        {"dealer": "{dealer_id}", "place": "{table_id}", "start": 0, "end": 60}
                    ],
                }
            ],
            "source": "edited",
        },
        route="pit-rotation-plans",
    ),
    Case(
        "pit_rotation_plans",
        "get",
        "/api/v1/pits/{pit}/rotation-plans/?shift_start=2027-03-10T14:00:00Z",
        PLAN_READERS,
    ),
    Case("pit_rotation", "get", "/api/v1/pits/{pit}/rotation/", PIT_WATCHERS),
    Case("table_seated", "get", "/api/v1/tables/{table}/seated/", AT_THIS_TABLE, patron="seated"),
    Case("table_players", "get", "/api/v1/tables/{table}/players/", AT_THIS_TABLE, patron="seated"),
    Case(
        "table_seat_patron",
        "post",
        "/api/v1/tables/{table}/seat-patron/",
        TABLE_SIDE,
        body={"positions": [2], "description": "green jacket"},
    ),
    Case(
        "patron_session_pause",
        "post",
        "/api/v1/patron-sessions/{session}/pause/",
        TABLE_SIDE,
        body={},
        patron="seated",
    ),
    Case(
        "patron_session_resume",
        "post",
        "/api/v1/patron-sessions/{session}/resume/",
        TABLE_SIDE,
        body={},
        patron="paused",
    ),
    Case(
        "patron_session_leave",
        "post",
        "/api/v1/patron-sessions/{session}/leave/",
        TABLE_SIDE,
        body={},
        patron="seated",
    ),
    Case(
        "patron_session_move",
        "post",
        "/api/v1/patron-sessions/{session}/move/",
        TABLE_SIDE,
        body={"table": "{table}", "positions": [3]},
        patron="seated",
    ),
    Case(
        "patron_points",
        "get",
        "/api/v1/patrons/{patron}/points/",
        PIT_WATCHERS | {"other_pit_boss"},
        patron="carded",
    ),
    Case(
        "patron_comps",
        "post",
        "/api/v1/patrons/{patron}/comps/",
        PATRON_KEEPERS,
        body={"points": "20.00", "note": "dinner for two"},
        patron="with_points",
    ),
    Case(
        "patron_promotions",
        "post",
        "/api/v1/patrons/{patron}/promotions/",
        ADMIN_ONLY,
        body={"points": "100.00", "note": "birthday"},
        patron="carded",
    ),
    Case(
        "casino_earning_policy",
        "post",
        "/api/v1/casinos/{casino}/earning-policy/",
        ADMIN_ONLY,
        body={"points_per_theo": "0.5"},
    ),
    Case(
        "patron_session_rating",
        "get",
        "/api/v1/patron-sessions/{session}/rating/",
        AT_THIS_TABLE,
        patron="seated",
    ),
    Case(
        "patron_session_estimate",
        "post",
        "/api/v1/patron-sessions/{session}/estimate/",
        MANAGERS,
        body={"average_bet": "25.00", "minutes": 45},
        patron="seated",
    ),
    Case(
        "patron_session_cash",
        "post",
        "/api/v1/patron-sessions/{session}/cash/",
        TABLE_SIDE,
        body={"kind": "buy_in_cash", "amount": "500.00"},
        patron="seated",
    ),
]


def _patron_for(case: Case, floor: dict[str, Any], users: dict[str, Any]) -> dict[str, int]:
    """The patron a case needs, enrolled and seated by the table's pit boss."""
    ids = {"patron": 0, "session": 0, "exclusion": 0}
    if not case.patron:
        return ids
    boss = users["pit_boss"]
    patron = patron_enrol_carded(
        casino_id=floor["casino"].pk,
        loyalty_number="C-1",
        name="Ada Lovelace",
        date_of_birth=dt.date(1985, 12, 10),
        actor=boss,
    )
    ids["patron"] = patron.pk
    if case.patron == "excluded":
        ids["exclusion"] = exclusion_record(
            patron_id=patron.pk, kind="self_excluded", reason="asked", actor=boss
        ).pk
    if case.patron in ("seated", "paused"):
        session = session_seat(
            table_id=floor["table"].pk, positions=[1], patron_id=patron.pk, actor=boss
        )
        ids["session"] = session.pk
    if case.patron == "paused":
        session_pause(session_id=ids["session"], actor=boss)
    if case.patron == "with_points":
        points_award(patron_id=patron.pk, points=D(100), note="welcome", actor=users["admin"])
    return ids


def _tray_for(
    case: Case, floor: dict[str, Any], users: dict[str, Any], make: Any
) -> dict[str, int]:
    """The chip tray a case needs, made by people outside the matrix where a step's second
    person must differ from whoever the matrix tries (a deputy pit boss, a second cage)."""
    ids = {"count": 0, "slip": 0, "void": 0, "drop": 0, "shift": 0}
    if not case.tray:
        return ids
    table = floor["table"]
    chips_made(floor["casino"].pk, users["admin"])
    deputy = make("deputy_pit_boss", Role.PIT_BOSS)
    floor["pit"].supervisors.add(deputy)
    cage_b = make("cage_b", Role.CAGE)
    if case.tray == "count_pending":
        ids["count"] = trays.tray_count_enter(
            table_id=table.pk, kind="opener", chips={"5.00": 10}, actor=users["dealer"]
        ).pk
    if case.tray in ("shift_open", "drop_pending"):
        ids["shift"] = count_confirmed(
            table, "opener", {"5.00": 10}, counter=users["dealer"], confirmer=deputy
        ).pk
    if case.tray == "drop_pending":
        ids["drop"] = trays.drop_count_enter(
            table_id=table.pk, shift_id=ids["shift"], cash=D(50), markers=D(0), actor=cage_b
        ).pk
    steps = {"slip_requested": 0, "void_pending": 0, "slip_approved": 1, "slip_issued": 2}
    if case.tray in steps:
        ids["slip"] = slip_through(
            table,
            "fill",
            {"5.00": 10},
            people=[users["dealer"], deputy, cage_b],
            steps=steps[case.tray],
        ).pk
    if case.tray == "void_pending":
        ids["void"] = slips.slip_void_request(slip_id=ids["slip"], actor=cage_b, reason="x").pk
    return ids


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


@functools.cache
def _count_every_table() -> str:
    """One statement counting the rows of every model's table (each counted by a statement of
    its own, the counts were a fifth of the matrix's time)."""
    tables = sorted({model._meta.db_table for model in apps.get_models()})
    return " UNION ALL ".join(
        f"SELECT '{table}', count(*) FROM {connection.ops.quote_name(table)}" for table in tables
    )


def _database_state() -> dict[str, Any]:
    """What a refused request must leave as it was: the rows of every model's table, counted,
    and the rows a write changes in place (tables, assignments, rounds, corrections, reports)."""
    with connection.cursor() as cursor:
        cursor.execute(_count_every_table())
        state: dict[str, Any] = dict(cursor.fetchall())
    for model in (Table, DealerAssignment, Round, Correction, GamingDayReport):
        state[f"{model._meta.label} rows"] = list(model._default_manager.order_by("pk").values())
    return state


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES, ids=lambda r: r or "anonymous")
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_permission(
    case: Case,
    role: str | None,
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    client_for: Callable[[str | None], Any],
) -> None:
    table = floor["table"]
    if case.table_closed:
        table.status = TableStatus.CLOSED
        table.save()
    # A dealer assigned nowhere, whom any manager of the table may seat there.
    spare_dealer = make_user("spare_dealer", Role.DEALER)
    round_id = _round_for(case, table, users["dealer"]) if case.needs_round else 0
    correction_id = report_id = limit_change_id = 0
    if case.needs_correction:
        correction_id = correction_request(
            round_id=round_id, actor=users["dealer"], kind="void", reason="misdeal"
        ).pk
    retraction_id = 0
    if case.needs_retraction:
        retraction_id = retraction_request(
            round_id=round_id, actor=users["dealer"], expected_event=2, count=1, reason="not over"
        ).pk
    if case.needs_report:
        report = report_request(actor=users["auditor"], gaming_day=dt.date(2025, 3, 10))
        report_id = report_build(report_id=report.pk).pk
    token_id = lockout_id = alert_id = 0
    if case.needs_alert:
        alert = alert_record_apart(
            kind=AlertKind.ROUND_IDLE, cause="matrix", table_id=table.pk, details={}
        )
        assert alert is not None
        alert_id = alert.pk
    if case.needs_token:
        token_id = DeviceToken.objects.create(
            user=users["dealer"], device_name="tablet 2", key_digest=hash_token("matrix")
        ).pk
    if case.needs_lockout:
        lockout_id = SignInLockout.objects.create(
            username="dealer", user=users["dealer"], failures=10, locked_at=timezone.now()
        ).pk
    tablet_id = 0
    if case.needs_tablet:
        tablet_id = tablet_register(table_id=table.pk, actor=users["pit_boss"], name="RP-1")[1].pk
    if case.needs_limit_change:
        # Asked for by a second pit boss of the pit, so that its decision by any user of the
        # matrix is never the requester's own.
        deputy = make_user("deputy_pit_boss", Role.PIT_BOSS)
        floor["pit"].supervisors.add(deputy)
        outcome = table_limits_change(
            table_id=table.pk, actor=deputy, limits={"max_table_payout": None}, reason="vip"
        )
        assert outcome.request is not None
        limit_change_id = outcome.request.pk
    tray = _tray_for(case, floor, users, make_user)
    patrons = _patron_for(case, floor, users)
    url = case.url.format(
        casino=floor["casino"].pk,
        **tray,
        **patrons,
        table=table.pk,
        other_table=floor["other_table"].pk,
        round=round_id,
        correction=correction_id,
        report=report_id,
        limit_change=limit_change_id,
        retraction=retraction_id,
        token=token_id,
        lockout=lockout_id,
        pit=table.pit_id,
        alert=alert_id,
        tablet=tablet_id,
        rule_set=table.rule_set_id,
        dealer=users["dealer"].pk,
        qualification=Qualification.objects.get(dealer=users["dealer"], game=Game.RED_DOG).pk,
        today=(Round.objects.get(pk=round_id).gaming_day.isoformat() if round_id else "2025-03-10"),
    )
    # A body's value "{name}" is the id of that row, also inside lists and objects; "{x_id}"
    # is its id as a string (as a rotation plan's slots name tables and dealers).
    ids: dict[str, Any] = {
        "table": table.pk,
        "spare_dealer": spare_dealer.pk,
        "shift": tray["shift"],
        "dealer": users["dealer"].pk,
    }
    ids |= {f"{name}_id": str(pk) for name, pk in ids.items()}
    body = _with_ids(case.body, ids) if case.body is not None else None
    client = client_for(role)
    before = _database_state()
    response = getattr(client, case.method)(url, body, format="json")

    if role in case.allowed:
        assert 200 <= response.status_code < 300, (response.status_code, response.content)
        return
    if role is None:
        assert response.status_code == 401, response.content
        assert response.json()["error"]["code"] == "not_authenticated"
    else:
        assert response.status_code == 403, response.content
        assert response.json()["error"]["code"] == "permission_denied"
    assert _database_state() == before


def _with_ids(value: Any, ids: dict[str, Any]) -> Any:
    """``value`` with each string "{name}" of ``ids`` replaced by its id, at any depth."""
    if isinstance(value, dict):
        return {k: _with_ids(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_ids(v, ids) for v in value]
    if isinstance(value, str) and value[1:-1] in ids and value.startswith("{"):
        return ids[value[1:-1]]
    return value


def _routes(resolver: URLResolver, prefix: str = "") -> set[tuple[str, str | None]]:
    """Every route the resolver serves: its full pattern and its name."""
    found: set[tuple[str, str | None]] = set()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            found |= _routes(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            found.add((prefix + str(pattern.pattern), pattern.name))
    return found


def test_matrix_covers_every_route() -> None:
    """A new route must join the matrix: every route the project serves, named or not, is a
    case, except the Django admin's (staff only, by its own sign-in:
    ``test_the_admin_site_is_for_admins_alone``) and the pages of the surfaces, which sign in
    by a form and have a matrix of their own (``tests/surfaces/test_page_permissions.py``)."""
    served = {
        (path, name)
        for path, name in _routes(get_resolver())
        if not path.startswith("admin/") and not (name or "").startswith("surfaces-")
    }
    assert all(name for _, name in served), served
    assert {name for _, name in served} == {case.route_name for case in CASES}


@pytest.mark.django_db
@pytest.mark.parametrize("role", [r for r in ROLES if r is not None])
def test_the_admin_site_is_for_admins_alone(
    role: str, users: dict[str, Any], floor: dict[str, Any]
) -> None:
    """The admin changes the floor through the table services, which decide the permission
    again; its own pages are for staff, and only an admin is staff."""
    from django.test import Client

    client = Client()
    client.force_login(users[role])
    response = client.get(f"/admin/tables/table/{floor['table'].pk}/change/")
    if role == "admin":
        assert response.status_code == 200
    else:
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")
    assert get_user_model().objects.get(username=role).is_staff is (role == "admin")
