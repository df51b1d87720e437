"""Round events and round cards are history: the database refuses UPDATE and DELETE on them.

TRUNCATE is left to the audit trail's own protection: test databases are flushed with it.
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
"""

BACKWARD = """
DROP TRIGGER IF EXISTS tables_roundevent_append_only ON tables_roundevent;
DROP TRIGGER IF EXISTS tables_roundcard_append_only ON tables_roundcard;
"""


class Migration(migrations.Migration):
    dependencies = [("tables", "0001_initial")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
