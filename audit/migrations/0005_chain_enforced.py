"""The chain is complete from here on, and the audit trail is append-only in PostgreSQL itself.

UPDATE and DELETE are refused row by row; TRUNCATE is refused too, unless the table's owner (who
could as well disable or drop these triggers, which only the chain verification would then
reveal) sets ``casino.allow_history_truncate`` to ``on`` for the transaction. Only the test
suite does, to empty its database between transactional tests.
"""

from django.db import migrations, models

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

CREATE TRIGGER audit_auditrecord_append_only
    BEFORE UPDATE OR DELETE ON audit_auditrecord
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_auditrecord_no_truncate
    BEFORE TRUNCATE ON audit_auditrecord
    FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_truncate();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS audit_auditrecord_append_only ON audit_auditrecord;
DROP TRIGGER IF EXISTS audit_auditrecord_no_truncate ON audit_auditrecord;
DROP FUNCTION IF EXISTS audit_refuse_truncate();
"""


class Migration(migrations.Migration):
    dependencies = [("audit", "0004_chain_existing_rows")]

    operations = [
        migrations.AlterField(
            model_name="auditrecord",
            name="seq",
            field=models.BigIntegerField(unique=True, help_text="Position in the chain, from 1."),
        ),
        migrations.AlterModelOptions(name="auditrecord", options={"ordering": ["seq"]}),
        migrations.AddConstraint(
            model_name="auditrecord",
            constraint=models.CheckConstraint(
                condition=models.Q(seq__gte=1), name="audit_seq_positive"
            ),
        ),
        migrations.AddConstraint(
            model_name="auditrecord",
            constraint=models.CheckConstraint(
                condition=models.Q(row_hash__regex="^[0-9a-f]{64}$")
                & models.Q(prev_hash__regex="^[0-9a-f]{64}$"),
                name="audit_hashes_are_sha256_hex",
            ),
        ),
        migrations.RunSQL(FORWARD, BACKWARD),
    ]
