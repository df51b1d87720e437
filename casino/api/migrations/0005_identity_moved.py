"""Device tokens, sign-in failures and lockouts are identity's (``identity.0001_initial``): the
API machinery lets go of them in Django's state alone. Their tables stay as they are, under
their names, with their rows; identity's models name them (``db_table``).

After the tables app points its foreign keys at identity's device token
(``tables.0015_identity_moved_and_supervised_dealers``), so that no model of the state names
the models removed here.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0004_cage_group"),
        ("identity", "0001_initial"),
        ("tables", "0015_identity_moved_and_supervised_dealers"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="DeviceToken"),
                migrations.DeleteModel(name="SignInFailures"),
                migrations.DeleteModel(name="SignInLockout"),
            ]
        ),
    ]
