"""Audit event codes, grouped by domain. Codes are stable: reports and auditors filter on them."""

from enum import StrEnum


class AuditCode(StrEnum):
    # Access
    LOGIN = "auth.login"
    LOGIN_FAILED = "auth.login_failed"
    DEVICE_TOKEN_ISSUED = "auth.device_token_issued"
    DEVICE_TOKEN_REVOKED = "auth.device_token_revoked"
    SIGN_IN_LOCKED = "auth.sign_in_locked"
    SIGN_IN_LOCKOUT_LIFTED = "auth.sign_in_lockout_lifted"
    # Tables and configuration
    TABLE_CREATED = "table.created"
    TABLE_CHANGED = "table.changed"
    TABLE_OPENED = "table.opened"
    TABLE_CLOSED = "table.closed"
    TABLE_LIMITS_CHANGED = "table.limits_changed"
    TABLE_LIMITS_CHANGE_REQUESTED = "table.limits_change_requested"
    TABLE_LIMITS_CHANGE_APPROVED = "table.limits_change_approved"
    TABLE_LIMITS_CHANGE_REJECTED = "table.limits_change_rejected"
    TABLE_RULE_SET_CHANGED = "table.rule_set_changed"
    TABLE_PAYTABLE_CHANGED = "table.paytable_changed"
    DEALER_ASSIGNED = "table.dealer_assigned"
    DEALER_RELIEVED = "table.dealer_relieved"
    RULE_SET_CREATED = "config.rule_set_created"
    PAYTABLE_CREATED = "config.paytable_created"
    PAYTABLE_CHANGED = "config.paytable_changed"
    # Rounds
    ROUND_OPENED = "round.opened"
    ROUND_ACTION = "round.action"
    ROUND_SETTLED = "round.settled"
    ROUND_VOIDED = "round.voided"
    ROUND_REPLAY_MISMATCH = "round.replay_mismatch"
    # Corrections (dual control)
    CORRECTION_REQUESTED = "correction.requested"
    CORRECTION_APPROVED = "correction.approved"
    CORRECTION_REJECTED = "correction.rejected"
    # Alerts
    ALERT_ACKNOWLEDGED = "alert.acknowledged"
    # Reports and checks of the record itself
    REPORT_REQUESTED = "report.requested"
    REPORT_STORED = "report.stored"
    REPLAY_CHECKED = "audit.replay_checked"
    CHAIN_VERIFIED = "audit.chain_verified"
    CHAIN_BROKEN = "audit.chain_broken"
    # Evidence packages
    EVIDENCE_EXPORTED = "evidence.exported"
