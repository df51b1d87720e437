"""A round's history is append-only, and its status moves only along its lifecycle.

Round events, round cards and ledger entries: the database refuses UPDATE and DELETE on them
(TRUNCATE is left to the audit trail's own protection: test databases are flushed with it).

A rule-set version is never edited (a change is a new version): its game, name, version and
settings are refused any UPDATE, so what a process read of it stays true.

A round's status changes only as ``tables.lifecycle.TRANSITIONS`` allows (open to settled or
voided; a settled or voided round keeps its status for good), and a round is never deleted; a
settled round stands in an engine's final phase (a check constraint), so its phase and status
cannot disagree.
"""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION casino_refuse_history_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% on % is not allowed: history is append-only', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'raise_exception';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tables_roundevent_append_only
    BEFORE UPDATE OR DELETE ON tables_roundevent
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER tables_roundcard_append_only
    BEFORE UPDATE OR DELETE ON tables_roundcard
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER tables_ledgerentry_append_only
    BEFORE UPDATE OR DELETE ON tables_ledgerentry
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();

CREATE OR REPLACE FUNCTION tables_round_lifecycle() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'round_status_invalid: round % cannot be deleted', OLD.id
            USING ERRCODE = 'raise_exception';
    END IF;
    IF NEW.status <> OLD.status
        AND NOT (OLD.status = 'open' AND NEW.status IN ('settled', 'voided'))
    THEN
        RAISE EXCEPTION 'round_status_invalid: a round cannot go from % to %',
            OLD.status, NEW.status
            USING ERRCODE = 'raise_exception';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tables_round_lifecycle
    BEFORE UPDATE OR DELETE ON tables_round
    FOR EACH ROW EXECUTE FUNCTION tables_round_lifecycle();

CREATE OR REPLACE FUNCTION tables_ruleset_frozen() RETURNS trigger AS $$
BEGIN
    IF (NEW.game, NEW.name, NEW.version, NEW.settings)
        IS DISTINCT FROM (OLD.game, OLD.name, OLD.version, OLD.settings)
    THEN
        RAISE EXCEPTION 'rule set % v% is a version and cannot change: make a new version',
            OLD.name, OLD.version
            USING ERRCODE = 'raise_exception';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tables_ruleset_frozen
    BEFORE UPDATE ON tables_ruleset
    FOR EACH ROW EXECUTE FUNCTION tables_ruleset_frozen();

ALTER TABLE tables_round ADD CONSTRAINT round_settled_in_final_phase
    CHECK (status <> 'settled' OR phase IN ('complete', 'game_over'));
"""

BACKWARD = """
ALTER TABLE tables_round DROP CONSTRAINT IF EXISTS round_settled_in_final_phase;
DROP TRIGGER IF EXISTS tables_round_lifecycle ON tables_round;
DROP TRIGGER IF EXISTS tables_ruleset_frozen ON tables_ruleset;
DROP FUNCTION IF EXISTS tables_ruleset_frozen();
DROP FUNCTION IF EXISTS tables_round_lifecycle();
DROP TRIGGER IF EXISTS tables_roundevent_append_only ON tables_roundevent;
DROP TRIGGER IF EXISTS tables_roundcard_append_only ON tables_roundcard;
DROP TRIGGER IF EXISTS tables_ledgerentry_append_only ON tables_ledgerentry;
"""


class Migration(migrations.Migration):
    dependencies = [("tables", "0001_initial")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
