"""A paytable that a round used is frozen: the database refuses changes to it and its lines.

"Used" is a ``payouts_roundpaytable`` row, which a round writes when it opens.
"""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION payouts_refuse_used_paytable_change() RETURNS trigger AS $$
DECLARE
    target bigint;
BEGIN
    IF TG_TABLE_NAME = 'payouts_paytable' THEN
        target := OLD.id;
    ELSE
        target := OLD.paytable_id;
        IF TG_OP = 'UPDATE' AND NEW.paytable_id <> OLD.paytable_id THEN
            PERFORM 1 FROM payouts_roundpaytable WHERE paytable_id = NEW.paytable_id;
            IF FOUND THEN
                RAISE EXCEPTION 'paytable % is used by a round and cannot change', NEW.paytable_id
                    USING ERRCODE = 'raise_exception';
            END IF;
        END IF;
    END IF;
    PERFORM 1 FROM payouts_roundpaytable WHERE paytable_id = target;
    IF FOUND THEN
        RAISE EXCEPTION 'paytable % is used by a round and cannot change', target
            USING ERRCODE = 'raise_exception';
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION payouts_refuse_line_added_to_used_paytable() RETURNS trigger AS $$
BEGIN
    PERFORM 1 FROM payouts_roundpaytable WHERE paytable_id = NEW.paytable_id;
    IF FOUND THEN
        RAISE EXCEPTION 'paytable % is used by a round and cannot change', NEW.paytable_id
            USING ERRCODE = 'raise_exception';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER payouts_paytable_frozen_once_used
    BEFORE UPDATE OR DELETE ON payouts_paytable
    FOR EACH ROW EXECUTE FUNCTION payouts_refuse_used_paytable_change();
CREATE TRIGGER payouts_paytableline_frozen_once_used
    BEFORE UPDATE OR DELETE ON payouts_paytableline
    FOR EACH ROW EXECUTE FUNCTION payouts_refuse_used_paytable_change();
CREATE TRIGGER payouts_paytableline_no_additions_once_used
    BEFORE INSERT ON payouts_paytableline
    FOR EACH ROW EXECUTE FUNCTION payouts_refuse_line_added_to_used_paytable();
CREATE TRIGGER payouts_roundpaytable_append_only
    BEFORE UPDATE OR DELETE ON payouts_roundpaytable
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS payouts_paytable_frozen_once_used ON payouts_paytable;
DROP TRIGGER IF EXISTS payouts_paytableline_frozen_once_used ON payouts_paytableline;
DROP TRIGGER IF EXISTS payouts_paytableline_no_additions_once_used ON payouts_paytableline;
DROP TRIGGER IF EXISTS payouts_roundpaytable_append_only ON payouts_roundpaytable;
DROP FUNCTION IF EXISTS payouts_refuse_used_paytable_change();
DROP FUNCTION IF EXISTS payouts_refuse_line_added_to_used_paytable();
"""


class Migration(migrations.Migration):
    dependencies = [("payouts", "0001_initial"), ("tables", "0002_history_and_lifecycle")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
