"""The audit trail is append-only in PostgreSQL itself, and every row must extend its stream.

UPDATE and DELETE are refused row by row; TRUNCATE is refused too, unless the table's owner (who
could as well disable or drop these triggers, which only the chain verification would then
reveal) sets ``casino.allow_history_truncate`` to ``on`` for the transaction. Only the test
suite does, to empty its database between transactional tests.

An INSERT must carry the next ``seq`` of its stream and point at its head's hash (the head,
``audit_stream``, which the append takes and locks first: ``casino.core.trail.recording``);
the trigger then moves the head on to the new row, so the next append chains to it without
reading the trail.
"""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION audit_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% on % is not allowed: the record is append-only', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'raise_exception';
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION audit_refuse_truncate() RETURNS trigger AS $$
BEGIN
    IF coalesce(current_setting('casino.allow_history_truncate', true), '') = 'on'
        AND pg_has_role(
            current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'MEMBER'
        )
    THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'TRUNCATE on % is not allowed: the record is append-only', TG_TABLE_NAME
        USING ERRCODE = 'raise_exception';
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION audit_extend_chain() RETURNS trigger AS $$
DECLARE
    head audit_stream%ROWTYPE;
BEGIN
    -- The head is locked here too, so rows inserted by any path (a bulk COPY included) extend
    -- their stream one at a time.
    SELECT * INTO head FROM audit_stream WHERE key = NEW.stream FOR UPDATE;
    IF NOT FOUND THEN
        head.seq := 0;
        head.head_hash := repeat('0', 64);
        INSERT INTO audit_stream (key, seq, head_hash) VALUES (NEW.stream, 0, head.head_hash);
    END IF;
    IF NEW.seq <> head.seq + 1 OR NEW.prev_hash <> head.head_hash THEN
        RAISE EXCEPTION 'audit row %#% does not extend its stream''s head', NEW.stream, NEW.seq
            USING ERRCODE = 'raise_exception';
    END IF;
    UPDATE audit_stream SET seq = NEW.seq, head_hash = NEW.row_hash WHERE key = NEW.stream;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_auditrecord_append_only
    BEFORE UPDATE OR DELETE ON audit_auditrecord
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_auditrecord_no_truncate
    BEFORE TRUNCATE ON audit_auditrecord
    FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_truncate();
CREATE TRIGGER audit_auditrecord_extends_chain
    BEFORE INSERT ON audit_auditrecord
    FOR EACH ROW EXECUTE FUNCTION audit_extend_chain();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS audit_auditrecord_append_only ON audit_auditrecord;
DROP TRIGGER IF EXISTS audit_auditrecord_no_truncate ON audit_auditrecord;
DROP TRIGGER IF EXISTS audit_auditrecord_extends_chain ON audit_auditrecord;
DROP FUNCTION IF EXISTS audit_extend_chain();
DROP FUNCTION IF EXISTS audit_refuse_truncate();
DROP FUNCTION IF EXISTS audit_refuse_change();
"""


class Migration(migrations.Migration):
    dependencies = [("core", "0001_initial")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
