"""Identity's models, and who answers for whom.

- The PINs (``DealerPin``) are identity's (``identity.0001_initial``), and the device tokens the
  round events and tablet sessions name are identity's ``DeviceToken``: in Django's state
  alone. The table ``tables_dealerpin`` keeps its name and its rows (identity's model names it),
  and the foreign keys their columns and constraints; nothing in the database changes.
- The view identity's sign-in administration reads to learn whom a pit boss answers for
  (``casino.identity.supervision``), instead of asking this app at run time:
  ``tables_supervised_dealers``, each pit boss (``pit_boss_id``) with each user
  (``dealer_id``) whose latest dealer assignment, open or ended (the latest start, the
  latest row among equal starts), is at a table of a pit the pit boss supervises. Whether that
  user is a dealer is the reader's to check (roles are groups, not this app's). A plain view,
  which PostgreSQL inlines into the statement that reads it; the runtime role may only read it
  (``casino.core.db_roles``); its columns are this app's contract with its reader.
"""

import django.db.models.deletion
from django.db import migrations, models

VIEWS = """
CREATE VIEW tables_supervised_dealers AS
    SELECT s.user_id AS pit_boss_id, da.dealer_id
    FROM tables_dealerassignment da
    JOIN tables_table t ON t.id = da.table_id
    JOIN tables_pit_supervisors s ON s.pit_id = t.pit_id
    WHERE NOT EXISTS (
        SELECT 1 FROM tables_dealerassignment later
        WHERE later.dealer_id = da.dealer_id
          AND (later.started_at, later.id) > (da.started_at, da.id)
    );
"""

DROP_VIEWS = """
DROP VIEW IF EXISTS tables_supervised_dealers;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("identity", "0001_initial"),
        ("tables", "0014_tray_moved_to_payouts"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="roundevent",
                    name="device_token",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="identity.devicetoken",
                    ),
                ),
                migrations.AlterField(
                    model_name="tabletsession",
                    name="token",
                    field=models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="identity.devicetoken",
                    ),
                ),
                migrations.DeleteModel(name="DealerPin"),
            ]
        ),
        migrations.RunSQL(VIEWS, DROP_VIEWS),
    ]
