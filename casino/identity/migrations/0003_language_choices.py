"""Each user's choices of language (``identity.LanguageChoice``): history, append-only as the
rest of the record (``casino_refuse_history_change``, from ``core.0002``); the latest is in
force."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


_SQL = """
CREATE TRIGGER identity_languagechoice_append_only
    BEFORE UPDATE OR DELETE ON identity_languagechoice
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
"""

_DROP_SQL = """
DROP TRIGGER IF EXISTS identity_languagechoice_append_only ON identity_languagechoice;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_trail_protected"),
        ("identity", "0002_qualifications"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="LanguageChoice",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "language",
                    models.CharField(
                        blank=True, help_text="Empty: the browser's language again.", max_length=10
                    ),
                ),
                ("chosen_at", models.DateTimeField()),
                (
                    "chosen_by",
                    models.ForeignKey(
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
                "indexes": [
                    models.Index(
                        fields=["user", "-chosen_at", "-id"], name="language_choice_user_idx"
                    )
                ],
            },
        ),
        migrations.RunSQL(_SQL, _DROP_SQL),
    ]
