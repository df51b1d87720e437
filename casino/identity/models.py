"""Models of identity: per-device tokens, sign-in failures and lockouts, the PINs of dealers
and pit bosses, the dealers' qualifications for the games they deal, and each user's language.

The tokens, the sign-in failures and lockouts and the PINs came from the API machinery
(``api``) and the tables app (``DealerPin``) with their tables, which keep the names they had
(``db_table``): the move changed no row. The qualifications and their revocations, and the
users' choices of language, are history, append-only in the database itself.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from casino.core.fields import user_field
from casino.games.registry import GAME_CHOICES


def hash_token(key: str) -> str:
    """Tokens are stored as SHA-256 digests: a database dump does not hand out device access."""
    return hashlib.sha256(key.encode()).hexdigest()


def token_expiry() -> dt.datetime:
    """When a token issued now expires: one shift (``DEVICE_TOKEN_TTL_HOURS``) from now."""
    return timezone.now() + dt.timedelta(hours=settings.DEVICE_TOKEN_TTL_HOURS)


class DeviceToken(models.Model):
    """The credential of one tablet (or other device) acting for one user, for one shift.

    The key itself is shown once, when issued; only its digest is stored. A token authenticates
    until ``expires_at``; revoking it sets ``revoked_at`` and ``revoked_by``. Tokens are never
    deleted, so the audit trail can still name the device.
    """

    user = user_field()
    device_name = models.CharField(max_length=100)
    key_digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(default=token_expiry)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = user_field(optional=True)

    class Meta:
        db_table = "api_devicetoken"
        verbose_name = "device token"
        constraints = [
            # Every revocation names who made it; only those made before revocations were
            # recorded (in the admin) name nobody.
            models.CheckConstraint(
                condition=Q(revoked_by__isnull=True) | Q(revoked_at__isnull=False),
                name="device_token_revoker_revoked",
            ),
        ]
        indexes = [models.Index(fields=["user", "created_at"], name="device_token_user_idx")]

    def __str__(self) -> str:
        return f"{self.device_name} ({self.user})"

    @staticmethod
    def new_key() -> str:
        return secrets.token_urlsafe(32)


class SignInFailures(models.Model):
    """How many sign-ins in a row failed for one user name since its last success or lifted
    lockout: the counter a lockout is decided on.

    Kept by user name, not by user, so a name nobody has is locked like any other and the
    answer does not tell whether the name exists. It is working state, not history: every
    failure, success and lockout is in the audit trail.
    """

    username = models.CharField(max_length=150, unique=True)
    failures = models.PositiveIntegerField(default=0)
    last_failed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "api_signinfailures"
        verbose_name_plural = "sign-in failures"

    def __str__(self) -> str:
        return f"{self.username}: {self.failures}"


class SignInLockout(models.Model):
    """A user name refused sign-in after ``failures`` failed in a row, until someone lifts it.

    Lifting sets ``lifted_at``, ``lifted_by`` and ``lift_reason``; the row is kept. ``user`` is
    the user of that name when it was locked, if there was one. The database allows one active
    lockout per name.
    """

    username = models.CharField(max_length=150)
    user = user_field(optional=True)
    failures = models.PositiveIntegerField()
    address = models.GenericIPAddressField(
        null=True, blank=True, help_text="The client address of the attempt that locked it."
    )
    locked_at = models.DateTimeField()
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = user_field(optional=True)
    lift_reason = models.TextField(blank=True)

    class Meta:
        db_table = "api_signinlockout"
        constraints = [
            models.UniqueConstraint(
                fields=["username"],
                condition=Q(lifted_at__isnull=True),
                name="sign_in_lockout_one_active_per_name",
            ),
            models.CheckConstraint(
                condition=Q(lifted_at__isnull=True, lifted_by__isnull=True)
                | Q(lifted_at__gte=F("locked_at"), lifted_by__isnull=False),
                name="sign_in_lockout_lifted_by_whom",
            ),
        ]
        ordering = ["-locked_at", "-id"]

    def __str__(self) -> str:
        return f"{self.username} locked at {self.locked_at}"


class DealerPin(models.Model):
    """A dealer's (or a pit boss's) PIN for signing in at a tablet, stored as Django's password
    hasher stores a password (``pin_hash``), never in clear. Each change replaces the hash and
    writes an ``auth.pin_set`` audit row (without the PIN)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="dealer_pin"
    )
    pin_hash = models.CharField(max_length=256)
    set_at = models.DateTimeField()
    set_by = user_field(
        optional=True, help_text="Nobody: set at the server's console (manage.py set_pin)."
    )

    class Meta:
        db_table = "tables_dealerpin"

    def __str__(self) -> str:
        return f"PIN of {self.user}"


class EvidenceKind(models.TextChoices):
    """What proves a dealer may deal a game: a training completed, or a test passed."""

    TRAINING = "training", "Training"
    TEST = "test", "Test"


class Qualification(models.Model):
    """A dealer's proof of training for one game: the dealer may deal ``game`` from when it
    was recorded (``recorded_at``) until the end of the gaming day ``expires_on`` (none: no
    expiry), unless revoked (:class:`QualificationRevocation`).

    Append-only (a trigger refuses UPDATE and DELETE): a correction is a new qualification, or
    a revocation, never an edit. ``qualified_on`` is the date the evidence was obtained (the
    training's end, the test's day); ``evidence_reference`` names it where it is kept (a
    certificate's number, a file).
    """

    dealer = user_field()
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    evidence_kind = models.CharField(max_length=20, choices=EvidenceKind.choices)
    evidence_reference = models.CharField(max_length=200)
    qualified_on = models.DateField()
    expires_on = models.DateField(
        null=True,
        blank=True,
        help_text="The last gaming day it holds, where the casino sets one; none: no expiry.",
    )
    recorded_by = user_field()
    recorded_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_on__isnull=True) | Q(expires_on__gte=F("qualified_on")),
                name="qualification_expires_after_qualified",
            ),
            models.CheckConstraint(
                condition=~Q(evidence_reference=""), name="qualification_evidence_named"
            ),
        ]
        indexes = [
            models.Index(fields=["dealer", "game"], name="qualification_dealer_game_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.dealer} qualified for {self.game}"


class QualificationRevocation(models.Model):
    """A qualification ended before its expiry, with the reason: from ``revoked_at`` on the
    dealer may not deal its game on its strength. Append-only, one per qualification."""

    qualification = models.OneToOneField(
        Qualification, on_delete=models.PROTECT, related_name="revocation"
    )
    reason = models.TextField()
    revoked_by = user_field()
    revoked_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Revocation of qualification {self.qualification_id}"


class LanguageChoice(models.Model):
    """A user's choice of the language the pages read in (``settings.LANGUAGES``), or none
    (``language`` empty: the browser's again), made at ``chosen_at`` by ``chosen_by`` (the user,
    at a page's picker or a tablet's PIN pad).

    Append-only (a trigger refuses UPDATE and DELETE): the latest choice of a user is in force
    (``casino.identity.languages``); an earlier one is never edited, a change is a new row.
    """

    user = user_field()
    language = models.CharField(
        max_length=10, blank=True, help_text="Empty: the browser's language again."
    )
    chosen_at = models.DateTimeField()
    chosen_by = user_field()

    class Meta:
        indexes = [
            models.Index(fields=["user", "-chosen_at", "-id"], name="language_choice_user_idx")
        ]

    def __str__(self) -> str:
        return f"{self.user} reads {self.language or 'the browser language'}"
