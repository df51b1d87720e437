"""Dealers' qualifications for the games they deal, and their revocations.

Both are history, append-only as the rest of the record: a trigger refuses to change or delete
a qualification or a revocation (``casino_refuse_history_change``, from ``core.0002``); a
correction is a new record.

The view the other apps' SQL reads them through (``tests/structure/test_raw_sql.py``):
``identity_dealer_qualifications``, each qualification (``id``) of a dealer (``dealer_id``) for a
``game``, held from ``recorded_at`` through the gaming day ``expires_on`` (null: no expiry)
until ``revoked_at`` (null: never revoked). A plain view, which PostgreSQL inlines into the
statement that reads it; the runtime role may only read it (``casino.core.db_roles``); its
columns are this app's contract with its readers (the gaming-day report's figure and the
nightly check of rounds dealt unqualified, ``audit``).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

_SQL = """
CREATE TRIGGER identity_qualification_append_only
    BEFORE UPDATE OR DELETE ON identity_qualification
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();
CREATE TRIGGER identity_qualificationrevocation_append_only
    BEFORE UPDATE OR DELETE ON identity_qualificationrevocation
    FOR EACH ROW EXECUTE FUNCTION casino_refuse_history_change();

CREATE VIEW identity_dealer_qualifications AS
    SELECT q.id, q.dealer_id, q.game, q.recorded_at, q.expires_on, rv.revoked_at
    FROM identity_qualification q
    LEFT JOIN identity_qualificationrevocation rv ON rv.qualification_id = q.id;
"""

_DROP_SQL = """
DROP VIEW IF EXISTS identity_dealer_qualifications;
DROP TRIGGER IF EXISTS identity_qualificationrevocation_append_only
    ON identity_qualificationrevocation;
DROP TRIGGER IF EXISTS identity_qualification_append_only ON identity_qualification;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_trail_protected"),
        ("identity", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Qualification",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "game",
                    models.CharField(
                        choices=[
                            ("russian_poker", "Russian Poker"),
                            ("ruby_run", "Ruby Run"),
                            ("red_dog", "Red Dog"),
                        ],
                        max_length=20,
                    ),
                ),
                (
                    "evidence_kind",
                    models.CharField(
                        choices=[("training", "Training"), ("test", "Test")], max_length=20
                    ),
                ),
                ("evidence_reference", models.CharField(max_length=200)),
                ("qualified_on", models.DateField()),
                (
                    "expires_on",
                    models.DateField(
                        blank=True,
                        help_text="The last gaming day it holds, where the casino sets one; none: no expiry.",
                        null=True,
                    ),
                ),
                ("recorded_at", models.DateTimeField()),
                (
                    "dealer",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "recorded_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="QualificationRevocation",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("reason", models.TextField()),
                ("revoked_at", models.DateTimeField()),
                (
                    "qualification",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="revocation",
                        to="identity.qualification",
                    ),
                ),
                (
                    "revoked_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
        migrations.AddIndex(
            model_name="qualification",
            index=models.Index(fields=["dealer", "game"], name="qualification_dealer_game_idx"),
        ),
        migrations.AddConstraint(
            model_name="qualification",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("expires_on__isnull", True),
                    ("expires_on__gte", models.F("qualified_on")),
                    _connector="OR",
                ),
                name="qualification_expires_after_qualified",
            ),
        ),
        migrations.AddConstraint(
            model_name="qualification",
            constraint=models.CheckConstraint(
                condition=models.Q(("evidence_reference", ""), _negated=True),
                name="qualification_evidence_named",
            ),
        ),
        migrations.RunSQL(_SQL, _DROP_SQL),
    ]
