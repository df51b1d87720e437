"""Identity takes its models from the API machinery (``DeviceToken``, ``SignInFailures``,
``SignInLockout``) and the tables app (``DealerPin``), in Django's state alone: the tables keep
their names (``db_table``) and their rows, constraints and indexes; nothing in the database
changes. The apps they came from let go of them in their next migrations
(``api.0005_identity_moved``, ``tables.0015_identity_moved_and_supervised_dealers``), which
also point the tables app's foreign keys at these models.
"""

import casino.identity.models
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("api", "0004_cage_group"),
        ("tables", "0013_game_choices_from_the_registry"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    state_operations = [
        migrations.CreateModel(
            name="DeviceToken",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("device_name", models.CharField(max_length=100)),
                ("key_digest", models.CharField(max_length=64, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "expires_at",
                    models.DateTimeField(default=casino.identity.models.token_expiry),
                ),
                ("revoked_at", models.DateTimeField(blank=True, null=True)),
                (
                    "revoked_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "device token",
                "db_table": "api_devicetoken",
                "indexes": [
                    models.Index(fields=["user", "created_at"], name="device_token_user_idx")
                ],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(
                            ("revoked_by__isnull", True),
                            ("revoked_at__isnull", False),
                            _connector="OR",
                        ),
                        name="device_token_revoker_revoked",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="SignInFailures",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("username", models.CharField(max_length=150, unique=True)),
                ("failures", models.PositiveIntegerField(default=0)),
                ("last_failed_at", models.DateTimeField(blank=True, null=True)),
            ],
            options={
                "verbose_name_plural": "sign-in failures",
                "db_table": "api_signinfailures",
            },
        ),
        migrations.CreateModel(
            name="SignInLockout",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("username", models.CharField(max_length=150)),
                ("failures", models.PositiveIntegerField()),
                (
                    "address",
                    models.GenericIPAddressField(
                        blank=True,
                        help_text="The client address of the attempt that locked it.",
                        null=True,
                    ),
                ),
                ("locked_at", models.DateTimeField()),
                ("lifted_at", models.DateTimeField(blank=True, null=True)),
                ("lift_reason", models.TextField(blank=True)),
                (
                    "lifted_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "db_table": "api_signinlockout",
                "ordering": ["-locked_at", "-id"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("lifted_at__isnull", True)),
                        fields=("username",),
                        name="sign_in_lockout_one_active_per_name",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("lifted_at__isnull", True), ("lifted_by__isnull", True)),
                            models.Q(
                                ("lifted_at__gte", models.F("locked_at")),
                                ("lifted_by__isnull", False),
                            ),
                            _connector="OR",
                        ),
                        name="sign_in_lockout_lifted_by_whom",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="DealerPin",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("pin_hash", models.CharField(max_length=256)),
                ("set_at", models.DateTimeField()),
                (
                    "set_by",
                    models.ForeignKey(
                        blank=True,
                        help_text="Nobody: set at the server's console (manage.py set_pin).",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="dealer_pin",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "db_table": "tables_dealerpin",
            },
        ),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=state_operations),
    ]
