"""Corrections change once (requested -> approved or rejected) and only in their decision; their
lines, replay checks and finished reports never change; none of them is deleted. And the index
of the payout lines paid below their computed amount (the cap hits), which the reports read.
"""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION audit_correction_decided_once() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'DELETE on % is not allowed: the record is append-only', TG_TABLE_NAME
            USING ERRCODE = 'raise_exception';
    END IF;
    IF OLD.status <> 'requested' THEN
        RAISE EXCEPTION 'correction % was decided already and cannot change', OLD.id
            USING ERRCODE = 'raise_exception';
    END IF;
    IF (NEW.round_id, NEW.kind, NEW.reason, NEW.requested_by_id, NEW.requested_role,
        NEW.requested_at)
        IS DISTINCT FROM
       (OLD.round_id, OLD.kind, OLD.reason, OLD.requested_by_id, OLD.requested_role,
        OLD.requested_at)
    THEN
        RAISE EXCEPTION 'the request of correction % cannot change', OLD.id
            USING ERRCODE = 'raise_exception';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION audit_report_final() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'DELETE on % is not allowed: reports are kept', TG_TABLE_NAME
            USING ERRCODE = 'raise_exception';
    END IF;
    IF OLD.status IN ('done', 'failed') THEN
        RAISE EXCEPTION 'report % is final and cannot change', OLD.id
            USING ERRCODE = 'raise_exception';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_correction_decided_once
    BEFORE UPDATE OR DELETE ON audit_correction
    FOR EACH ROW EXECUTE FUNCTION audit_correction_decided_once();
CREATE TRIGGER audit_correctionline_append_only
    BEFORE UPDATE OR DELETE ON audit_correctionline
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_replaycheck_append_only
    BEFORE UPDATE OR DELETE ON audit_replaycheck
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_alert_kept
    BEFORE DELETE ON audit_alert
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_gamingdayreport_final
    BEFORE UPDATE OR DELETE ON audit_gamingdayreport
    FOR EACH ROW EXECUTE FUNCTION audit_report_final();

CREATE INDEX IF NOT EXISTS audit_payoutline_capped_idx ON payouts_payoutline (settlement_id)
    WHERE paid_amount < computed_amount;
"""

BACKWARD = """
DROP INDEX IF EXISTS audit_payoutline_capped_idx;
DROP TRIGGER IF EXISTS audit_correction_decided_once ON audit_correction;
DROP TRIGGER IF EXISTS audit_correctionline_append_only ON audit_correctionline;
DROP TRIGGER IF EXISTS audit_replaycheck_append_only ON audit_replaycheck;
DROP TRIGGER IF EXISTS audit_alert_kept ON audit_alert;
DROP TRIGGER IF EXISTS audit_gamingdayreport_final ON audit_gamingdayreport;
DROP FUNCTION IF EXISTS audit_correction_decided_once();
DROP FUNCTION IF EXISTS audit_report_final();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0001_initial"),
        ("core", "0002_trail_protected"),
        ("payouts", "0002_paytable_frozen_once_used"),
    ]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
