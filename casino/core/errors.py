"""One error vocabulary for the whole system: every refusal's code, grouped by domain, and the one
table of the HTTP status each code is answered with.

A code is stable once published (tablets, the pit board and tests match on it) and names a
fault, not where it happened: the same fault has the same code in every game and every app.
The engines' codes are defined with the engines (``casino.games.codes`` and each game's
``codes`` module); the codes of the apps are defined here, by domain. :data:`HTTP_STATUS` gives
every code its status; :func:`all_codes` lists them all, for the OpenAPI error component and
for the test that no code is defined twice.

Services raise :class:`ApiError` (or let an engine's ``GameError`` through); the API layer
renders both in the one error shape::

    {"error": {"code": "stale_event", "message": "...", "details": {...}}}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Any

from casino.games.codes import GameCode
from casino.games.registry import REGISTERED


@unique
class RequestCode(StrEnum):
    """The request itself: its form, its body, its method, its idempotency key."""

    INVALID_INPUT = "invalid_input"
    UNKNOWN_FIELD = "unknown_field"
    PARSE_ERROR = "parse_error"
    NESTING_TOO_DEEP = "nesting_too_deep"
    BAD_REQUEST = "bad_request"
    REQUEST_TOO_LARGE = "request_too_large"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    NOT_ACCEPTABLE = "not_acceptable"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    NOT_FOUND = "not_found"
    THROTTLED = "throttled"
    ACTION_UNKNOWN = "action_unknown"
    IDEMPOTENCY_KEY_INVALID = "idempotency_key_invalid"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    SERVER_ERROR = "server_error"


@unique
class AccessCode(StrEnum):
    """Who is asking, and whether they may."""

    NOT_AUTHENTICATED = "not_authenticated"
    AUTHENTICATION_FAILED = "authentication_failed"
    PERMISSION_DENIED = "permission_denied"
    TOKEN_EXPIRED = "token_expired"
    SIGN_IN_LOCKED = "sign_in_locked"
    LOCKOUT_NOT_ACTIVE = "lockout_not_active"
    CSRF_FAILED = "csrf_failed"


@unique
class TableCode(StrEnum):
    """The floor: tables, their configuration, their dealers."""

    TABLE_NOT_OPEN = "table_not_open"
    TABLE_ALREADY_OPEN = "table_already_open"
    TABLE_ALREADY_CLOSED = "table_already_closed"
    TABLE_HAS_OPEN_ROUND = "table_has_open_round"
    NOT_A_DEALER = "not_a_dealer"
    RULE_SET_GAME_MISMATCH = "rule_set_game_mismatch"
    PAYTABLE_GAME_MISMATCH = "paytable_game_mismatch"
    PAYTABLE_KIND_MISMATCH = "paytable_kind_mismatch"
    CHANGE_NOOP = "change_noop"
    DEALER_ASSIGNMENT_CHANGED = "dealer_assignment_changed"
    LIMITS_APPROVAL_REQUIRED = "limits_approval_required"


@unique
class TabletCode(StrEnum):
    """Tablets bound to tables, the dealers' PINs they sign in with, and what users set of
    their own sign-in (a PIN, a language)."""

    TABLET_REVOKED = "tablet_revoked"
    TABLET_ALREADY_REVOKED = "tablet_already_revoked"
    TABLET_OTHER_TABLE = "tablet_other_table"
    PIN_INVALID = "pin_invalid"
    PIN_WRONG = "pin_wrong"
    PASSWORD_WRONG = "password_wrong"
    DEALER_ASSIGNED_ELSEWHERE = "dealer_assigned_elsewhere"
    LANGUAGE_UNKNOWN = "language_unknown"


@unique
class RoundCode(StrEnum):
    """A round's lifecycle, its actions and its settlement."""

    ROUND_ALREADY_OPEN = "round_already_open"
    ROUND_NOT_OPEN = "round_not_open"
    STALE_EVENT = "stale_event"
    ROUND_STATUS_INVALID = "round_status_invalid"
    ROUND_NOT_SETTLED = "round_not_settled"
    ROUND_NOT_SETTLEABLE = "round_not_settleable"
    SETTLEMENT_UNBALANCED = "settlement_unbalanced"
    SETTLEMENT_MISMATCH = "settlement_mismatch"
    ROUND_PAYOUTS_UNCONFIRMED = "round_payouts_unconfirmed"
    RETRACTION_PENDING = "retraction_pending"
    RETRACTION_INVALID = "retraction_invalid"


@unique
class DualControlCode(StrEnum):
    """A request decided by a second person, in every workflow that has one (corrections and
    retractions, limit changes, tray counts and drops, slips and their voids): the same fault
    has the same code in each, and its details name the request (``request``)."""

    SELF_APPROVAL = "self_approval"
    NOT_PENDING = "not_pending"


@unique
class CorrectionCode(StrEnum):
    """Voids and payout corrections under dual control."""

    CORRECTION_REASON_REQUIRED = "correction_reason_required"
    CORRECTION_VOID_PENDING = "correction_void_pending"
    CORRECTION_ROUND_VOIDED = "correction_round_voided"
    CORRECTION_ROUND_NOT_SETTLED = "correction_round_not_settled"
    CORRECTION_LINES_INVALID = "correction_lines_invalid"


@unique
class ReportCode(StrEnum):
    """Gaming-day reports."""

    REPORT_NOT_READY = "report_not_ready"
    REPORT_CASINO_REQUIRED = "report_casino_required"
    REPORT_CASINO_UNKNOWN = "report_casino_unknown"
    REPORT_DAY_IN_FUTURE = "report_day_in_future"
    REPORT_PARAMETERS_INVALID = "report_parameters_invalid"
    REPORT_MIXED_CURRENCY = "report_mixed_currency"


@unique
class InventoryCode(StrEnum):
    """The chip tray: counts, fills and credits, the drop, and their dual control."""

    CHIPS_INVALID = "chips_invalid"
    CHIP_EXISTS = "chip_exists"
    COUNT_OUT_OF_ORDER = "count_out_of_order"
    COUNT_PENDING = "count_pending"
    SLIP_STEP_OUT_OF_ORDER = "slip_step_out_of_order"
    SLIP_VOIDED = "slip_voided"
    SLIP_VOID_PENDING = "slip_void_pending"
    DROP_SHIFT_INVALID = "drop_shift_invalid"
    DROP_ALREADY_COUNTED = "drop_already_counted"


@unique
class AlertCode(StrEnum):
    """Alerts and their acknowledgement."""

    ALERT_ALREADY_ACKNOWLEDGED = "alert_already_acknowledged"


@unique
class ServiceCode(StrEnum):
    """A server the system depends on is unreachable: the request was not carried out and may be
    sent again once it is back."""

    DATABASE_UNAVAILABLE = "database_unavailable"
    BROKER_UNAVAILABLE = "broker_unavailable"


@unique
class AuditTrailCode(StrEnum):
    """The audit trail's checkpoints."""

    SIGNING_KEY_MISSING = "signing_key_missing"


@unique
class EvidenceCode(StrEnum):
    """Evidence packages."""

    EVIDENCE_NOTHING_RECORDED = "evidence_nothing_recorded"
    EVIDENCE_CHECKPOINT_UNWRITTEN = "evidence_checkpoint_unwritten"


@unique
class OperationsCode(StrEnum):
    """The endpoints of the servers' operation: metrics, health."""

    # /metrics answers only the networks of METRICS_ALLOWED_NETWORKS (loopback by default).
    METRICS_NOT_ALLOWED = "metrics_not_allowed"


@unique
class SearchCode(StrEnum):
    """Searches over the record (the auditors' round search)."""

    FILTER_INVALID = "filter_invalid"


@unique
class PatronCode(StrEnum):
    """Patrons, their sessions at the tables and their cash."""

    PATRON_EXCLUDED = "patron_excluded"
    LOYALTY_NUMBER_TAKEN = "loyalty_number_taken"
    POSITION_TAKEN = "position_taken"
    POSITION_INVALID = "position_invalid"
    PATRON_ALREADY_SEATED = "patron_already_seated"
    SESSION_ENDED = "session_ended"
    SESSION_PAUSED = "session_paused"
    SESSION_NOT_PAUSED = "session_not_paused"
    EXCLUSION_ALREADY_LIFTED = "exclusion_already_lifted"
    PATRON_UNDER_AGE = "patron_under_age"
    LOYALTY_NUMBER_UNKNOWN = "loyalty_number_unknown"
    CASH_AMOUNT_INVALID = "cash_amount_invalid"
    AML_THRESHOLDS_INVALID = "aml_thresholds_invalid"
    POINTS_INVALID = "points_invalid"
    POINTS_INSUFFICIENT = "points_insufficient"


@unique
class QualificationCode(StrEnum):
    """Dealers' qualifications for the games they deal."""

    DEALER_NOT_QUALIFIED = "dealer_not_qualified"
    DEALER_DEALING_GAME = "dealer_dealing_game"
    QUALIFICATION_ALREADY_REVOKED = "qualification_already_revoked"
    QUALIFICATION_INVALID = "qualification_invalid"


@unique
class DealerCode(StrEnum):
    """The dealers' rotation plans."""

    PLAN_INFEASIBLE = "plan_infeasible"
    PLAN_VIOLATIONS = "plan_violations"
    PLAN_INVALID = "plan_invalid"


#: The enums of the codes the engines refuse with: the shared ones, then each game's.
ENGINE_CODE_ENUMS: tuple[type[StrEnum], ...] = (
    GameCode,
    *(game.codes for game in REGISTERED),
)

#: Every enum of codes, the engines' first.
CODE_ENUMS: tuple[type[StrEnum], ...] = (
    *ENGINE_CODE_ENUMS,
    RequestCode,
    AccessCode,
    TableCode,
    TabletCode,
    RoundCode,
    DualControlCode,
    CorrectionCode,
    ReportCode,
    InventoryCode,
    AlertCode,
    ServiceCode,
    AuditTrailCode,
    EvidenceCode,
    OperationsCode,
    SearchCode,
    PatronCode,
    QualificationCode,
    DealerCode,
)

#: A refusal by an engine is an action the rules do not allow now: 422, unless listed here.
_ENGINE_STATUS = 422
_EXCEPTIONS: dict[str, int] = {
    # A card recorded twice conflicts with what is already recorded.
    GameCode.CARD_DUPLICATE: 409,
    # Not a card at all: invalid input, whoever notices it (the API's card field first).
    GameCode.CARD_UNKNOWN: 400,
    # Table limits are judged the same way when they are set (400, invalid input).
    GameCode.LIMITS_INVALID: 400,
    RequestCode.INVALID_INPUT: 400,
    RequestCode.UNKNOWN_FIELD: 400,
    RequestCode.PARSE_ERROR: 400,
    RequestCode.NESTING_TOO_DEEP: 400,
    # What Django refuses before any view: a forbidden host, too many fields...
    RequestCode.BAD_REQUEST: 400,
    RequestCode.REQUEST_TOO_LARGE: 413,
    RequestCode.UNSUPPORTED_MEDIA_TYPE: 415,
    RequestCode.NOT_ACCEPTABLE: 406,
    RequestCode.METHOD_NOT_ALLOWED: 405,
    RequestCode.NOT_FOUND: 404,
    RequestCode.THROTTLED: 429,
    RequestCode.ACTION_UNKNOWN: 400,
    RequestCode.IDEMPOTENCY_KEY_INVALID: 400,
    RequestCode.IDEMPOTENCY_KEY_REUSED: 422,
    RequestCode.SERVER_ERROR: 500,
    AccessCode.NOT_AUTHENTICATED: 401,
    AccessCode.AUTHENTICATION_FAILED: 401,
    AccessCode.PERMISSION_DENIED: 403,
    # A device token past its shift: the tablet signs in again.
    AccessCode.TOKEN_EXPIRED: 401,
    # Too many failed sign-ins for the name: refused, right password or not, until lifted.
    AccessCode.SIGN_IN_LOCKED: 423,
    AccessCode.LOCKOUT_NOT_ACTIVE: 409,
    AccessCode.CSRF_FAILED: 403,
    TableCode.TABLE_NOT_OPEN: 409,
    TableCode.TABLE_ALREADY_OPEN: 409,
    TableCode.TABLE_ALREADY_CLOSED: 409,
    TableCode.TABLE_HAS_OPEN_ROUND: 409,
    TableCode.NOT_A_DEALER: 400,
    TableCode.RULE_SET_GAME_MISMATCH: 400,
    TableCode.PAYTABLE_GAME_MISMATCH: 400,
    TableCode.PAYTABLE_KIND_MISMATCH: 400,
    # A change to what already holds conflicts with the state, as opening an open table does.
    TableCode.CHANGE_NOOP: 409,
    TableCode.DEALER_ASSIGNMENT_CHANGED: 409,
    TableCode.LIMITS_APPROVAL_REQUIRED: 409,
    # Dual control: the requester may not decide (nor take a second step), and a request is
    # decided once.
    DualControlCode.SELF_APPROVAL: 403,
    DualControlCode.NOT_PENDING: 409,
    # A revoked tablet's credential, or a token issued at it: the tablet is out of service.
    TabletCode.TABLET_REVOKED: 401,
    TabletCode.TABLET_ALREADY_REVOKED: 409,
    TabletCode.TABLET_OTHER_TABLE: 403,
    TabletCode.PIN_INVALID: 400,
    # One answer for a wrong PIN, no PIN, no such dealer: it does not tell which.
    TabletCode.PIN_WRONG: 401,
    # The own password, given to set a PIN, is wrong: the request's credentials still hold.
    TabletCode.PASSWORD_WRONG: 403,
    TabletCode.DEALER_ASSIGNED_ELSEWHERE: 409,
    # A language the pages are not written in (``settings.LANGUAGES``): invalid input.
    TabletCode.LANGUAGE_UNKNOWN: 400,
    RoundCode.ROUND_ALREADY_OPEN: 409,
    RoundCode.ROUND_NOT_OPEN: 409,
    RoundCode.STALE_EVENT: 409,
    RoundCode.ROUND_STATUS_INVALID: 409,
    RoundCode.ROUND_NOT_SETTLED: 409,
    RoundCode.ROUND_NOT_SETTLEABLE: 409,
    # The record does not add up: a fault of the server, never of the request.
    RoundCode.SETTLEMENT_UNBALANCED: 500,
    RoundCode.SETTLEMENT_MISMATCH: 500,
    # The table's last round is settled and its payouts not confirmed ("Paid"): no next round.
    RoundCode.ROUND_PAYOUTS_UNCONFIRMED: 409,
    # A retraction waits for a pit boss (or one is asked while another waits).
    RoundCode.RETRACTION_PENDING: 409,
    # Nothing to retract, or more entries than the current phase holds.
    RoundCode.RETRACTION_INVALID: 422,
    CorrectionCode.CORRECTION_REASON_REQUIRED: 400,
    CorrectionCode.CORRECTION_VOID_PENDING: 409,
    CorrectionCode.CORRECTION_ROUND_VOIDED: 409,
    CorrectionCode.CORRECTION_ROUND_NOT_SETTLED: 409,
    CorrectionCode.CORRECTION_LINES_INVALID: 400,
    ReportCode.REPORT_NOT_READY: 409,
    ReportCode.REPORT_CASINO_REQUIRED: 400,
    ReportCode.REPORT_CASINO_UNKNOWN: 404,
    ReportCode.REPORT_DAY_IN_FUTURE: 400,
    ReportCode.REPORT_PARAMETERS_INVALID: 400,
    # A report that cannot be built is recorded as failed; it never answers a request.
    ReportCode.REPORT_MIXED_CURRENCY: 500,
    InventoryCode.CHIPS_INVALID: 400,
    InventoryCode.CHIP_EXISTS: 409,
    # An opener while a shift is open, a closer with none: the count conflicts with the tray.
    InventoryCode.COUNT_OUT_OF_ORDER: 409,
    InventoryCode.COUNT_PENDING: 409,
    # Dual control: the second person must be another one, whatever their role.
    InventoryCode.SLIP_STEP_OUT_OF_ORDER: 409,
    InventoryCode.SLIP_VOIDED: 409,
    InventoryCode.SLIP_VOID_PENDING: 409,
    InventoryCode.DROP_SHIFT_INVALID: 409,
    InventoryCode.DROP_ALREADY_COUNTED: 409,
    # An alert is cleared once; who cleared it, and when, stays as it was.
    AlertCode.ALERT_ALREADY_ACKNOWLEDGED: 409,
    # PostgreSQL, or Redis (the broker and the cache), did not answer: nothing was done.
    ServiceCode.DATABASE_UNAVAILABLE: 503,
    ServiceCode.BROKER_UNAVAILABLE: 503,
    # The server was not given the checkpoints' key: its configuration is wrong.
    AuditTrailCode.SIGNING_KEY_MISSING: 503,
    # A table's day of which the trail holds nothing has no evidence to package.
    EvidenceCode.EVIDENCE_NOTHING_RECORDED: 404,
    # The checkpoint a package must rest on could not be written outside: try again later.
    EvidenceCode.EVIDENCE_CHECKPOINT_UNWRITTEN: 503,
    OperationsCode.METRICS_NOT_ALLOWED: 403,
    # A search's filter, ordering or cursor that does not read, named in the details.
    SearchCode.FILTER_INVALID: 400,
    # An excluded patron is not seated, whoever asks and however: the rule, not the request.
    PatronCode.PATRON_EXCLUDED: 403,
    PatronCode.LOYALTY_NUMBER_TAKEN: 409,
    # A box or seat another patron holds, or one the table does not have.
    PatronCode.POSITION_TAKEN: 409,
    PatronCode.POSITION_INVALID: 400,
    PatronCode.PATRON_ALREADY_SEATED: 409,
    PatronCode.SESSION_ENDED: 409,
    PatronCode.SESSION_PAUSED: 409,
    PatronCode.SESSION_NOT_PAUSED: 409,
    PatronCode.EXCLUSION_ALREADY_LIFTED: 409,
    # Valid input the rules refuse: a patron younger than the casino's minimum age.
    PatronCode.PATRON_UNDER_AGE: 422,
    # A card the casino never gave: what is typed or scanned is not in the path, so not 404.
    PatronCode.LOYALTY_NUMBER_UNKNOWN: 422,
    # Not above zero, or not a whole number of the table's chip unit.
    PatronCode.CASH_AMOUNT_INVALID: 400,
    # A threshold not above zero, or a report's below the log's.
    PatronCode.AML_THRESHOLDS_INVALID: 400,
    # No points, or a comp above the casino's limit for one.
    PatronCode.POINTS_INVALID: 400,
    PatronCode.POINTS_INSUFFICIENT: 409,
    # A dealer deals only the games they are qualified for, whoever assigns them: the rule.
    QualificationCode.DEALER_NOT_QUALIFIED: 403,
    # A qualification of the game the dealer deals right now: relieve the dealer first.
    QualificationCode.DEALER_DEALING_GAME: 409,
    QualificationCode.QUALIFICATION_ALREADY_REVOKED: 409,
    # A date not reached yet, an expiry before the qualification, no evidence named.
    QualificationCode.QUALIFICATION_INVALID: 400,
    # No rotation covers the shift from these tables and dealers: the details say why.
    DealerCode.PLAN_INFEASIBLE: 422,
    # A plan that breaks the rotation's rules, each violation listed: nothing is saved.
    DealerCode.PLAN_VIOLATIONS: 422,
    # A table not of the pit, a user who is not a dealer, terms or absences that do not hold.
    DealerCode.PLAN_INVALID: 400,
}


def all_codes() -> Iterator[StrEnum]:
    """Every code of the system, enum by enum (a value twice would be a bug: tested)."""
    for enum in CODE_ENUMS:
        yield from enum


def _status_table() -> Mapping[str, int]:
    table: dict[str, int] = {}
    for enum in CODE_ENUMS:
        engine = enum in ENGINE_CODE_ENUMS
        for code in enum:
            if code.value in _EXCEPTIONS:
                table[code.value] = _EXCEPTIONS[code.value]
            elif engine:
                table[code.value] = _ENGINE_STATUS
            else:
                raise LookupError(f"no HTTP status for the code {code.value!r}")
    return MappingProxyType(table)


#: The one code-to-HTTP-status table.
HTTP_STATUS: Mapping[str, int] = _status_table()


def status_of(code: str) -> int:
    """The HTTP status of ``code``. :raises KeyError: for a code nobody defined."""
    return HTTP_STATUS[str(code)]


class ApiError(Exception):
    """A refusal raised by a service or a view: a code of the vocabulary, a message for people,
    and structured details. Its HTTP status is the code's (:data:`HTTP_STATUS`).

    :raises KeyError: at construction, for a code that is not in the vocabulary.
    """

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = str(code)
        self.message = message
        self.status_code = status_of(self.code)
        self.details = details


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    """The one error shape."""
    return {"error": {"code": str(code), "message": message, "details": details or {}}}
