"""Patrons: the players a casino knows at its tables, their sessions there and their cash.

- ``Patron``: carded (a loyalty number) or anonymous (a description a floor person would
  write); never changed.
- ``PatronIdentity``: the personal data of a carded patron, in a table of its own so that
  reading it is always a query that names it, made only by the roles that need it
  (``patrons.view_identity``); never in a push, a log, the audit trail or an export that
  does not name it.
- ``Exclusion`` and ``ExclusionLift``: a self-exclusion or a barring, and its lifting; while
  one is in force the patron is not seated.
- ``Visit``, ``PlaySession`` and ``SessionPause``: a patron's time at the casino's tables; a
  session at one table holds one or more of its boxes or seats; a move between tables ends one
  session and starts the next in the same visit.
- ``CashEvent``: a buy-in, a colour-up, the chips a patron leaves with, or currency paid out to
  them at the cage; what is cash in or cash out for anti-money-laundering is the kind's
  ``direction``.
- ``AmlPolicy`` (a casino's thresholds, a new row for each change) and ``AmlLogEntry`` (one a
  patron, gaming day, direction and threshold crossed).

The history (patrons, identities, exclusions and lifts, cash events, policies and log entries)
is append-only: the database refuses to change or delete it.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.db.models import Q

from casino.core.fields import user_field
from tables.models import Casino, Table

_MONEY = {"max_digits": 14, "decimal_places": 2}


class PatronKind(models.TextChoices):
    CARDED = "carded", "Carded (a loyalty number)"
    ANONYMOUS = "anonymous", "Anonymous (a description)"


class Patron(models.Model):
    """A player, carded or anonymous, known to one casino."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10, choices=PatronKind.choices)
    loyalty_number = models.CharField(max_length=32, blank=True)
    description = models.CharField(max_length=200, blank=True)
    enrolled_by = user_field()
    enrolled_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["casino", "loyalty_number"],
                condition=~Q(loyalty_number=""),
                name="patron_loyalty_number_unique",
            ),
            models.CheckConstraint(
                condition=(Q(kind=PatronKind.CARDED) & ~Q(loyalty_number=""))
                | (Q(kind=PatronKind.ANONYMOUS) & Q(loyalty_number="")),
                name="patron_carded_has_number",
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """How the floor names the patron without personal data: the loyalty number, or the
        anonymous patron's description."""
        if self.kind == PatronKind.CARDED:
            return f"#{self.loyalty_number}"
        return self.description or f"Anonymous {self.pk}"


class PatronIdentity(models.Model):
    """A carded patron's personal data: as little as the rules need."""

    patron = models.OneToOneField(
        Patron, on_delete=models.PROTECT, primary_key=True, related_name="identity"
    )
    name = models.CharField(max_length=200)
    date_of_birth = models.DateField()
    # Where the photograph is kept (a document system's reference), never the picture itself.
    photo_reference = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"Identity of patron {self.patron_id}"


class ExclusionKind(models.TextChoices):
    SELF_EXCLUDED = "self_excluded", "Self-excluded"
    BARRED = "barred", "Barred by the casino"


class Exclusion(models.Model):
    """A patron kept from play from ``starts_at`` until ``ends_at`` (``None``: indefinitely)
    unless lifted."""

    patron = models.ForeignKey(Patron, on_delete=models.PROTECT, related_name="exclusions")
    kind = models.CharField(max_length=20, choices=ExclusionKind.choices)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField()
    recorded_by = user_field()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__isnull=True) | Q(ends_at__gt=models.F("starts_at")),
                name="exclusion_ends_after_start",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} of patron {self.patron_id} from {self.starts_at:%Y-%m-%d}"


class ExclusionLift(models.Model):
    """An exclusion ended before its time, with the reason."""

    exclusion = models.OneToOneField(Exclusion, on_delete=models.PROTECT, related_name="lift")
    reason = models.TextField()
    lifted_by = user_field()
    lifted_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    def __str__(self) -> str:
        return f"Lifting of exclusion {self.exclusion_id}"


def _one_open(owner: str, *, until: str, name: str) -> models.UniqueConstraint:
    """The constraint of at most one open row for each ``owner``, a row being open while
    ``until`` (the time it ended) is not set: one open visit a patron, one open session a
    patron, one open pause a session."""
    return models.UniqueConstraint(
        fields=[owner], condition=Q(**{f"{until}__isnull": True}), name=name
    )


class Visit(models.Model):
    """A patron's time at the casino's tables: one or more sessions, one after another."""

    patron = models.ForeignKey(Patron, on_delete=models.PROTECT, related_name="visits")
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [_one_open("patron", until="ended_at", name="one_open_visit")]

    def __str__(self) -> str:
        return f"Visit {self.pk} of patron {self.patron_id}"


class PlaySession(models.Model):
    """A patron at one table, holding ``positions`` (box or seat numbers) from ``started_at``
    until ``ended_at``."""

    visit = models.ForeignKey(Visit, on_delete=models.PROTECT, related_name="sessions")
    patron = models.ForeignKey(Patron, on_delete=models.PROTECT, related_name="sessions")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    positions = models.JSONField(help_text="The box or seat numbers held, ascending.")
    started_at = models.DateTimeField()
    started_by = user_field()
    ended_at = models.DateTimeField(null=True, blank=True)
    ended_by = user_field(optional=True)

    class Meta:
        constraints = [_one_open("patron", until="ended_at", name="one_open_session")]
        indexes = [models.Index(fields=["table", "ended_at"], name="session_table_open_idx")]

    def __str__(self) -> str:
        return f"Patron {self.patron_id} at table {self.table_id} {self.positions}"


class SessionPause(models.Model):
    """A break in a session: the patron's positions are kept, the time is not played."""

    session = models.ForeignKey(PlaySession, on_delete=models.PROTECT, related_name="pauses")
    paused_at = models.DateTimeField()
    resumed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [_one_open("session", until="resumed_at", name="one_open_pause")]

    def __str__(self) -> str:
        return f"Pause of session {self.session_id}"


class CashDirection(models.TextChoices):
    IN = "in", "Cash in"
    OUT = "out", "Cash out"


class CashKind(models.TextChoices):
    BUY_IN_CASH = "buy_in_cash", "Buy-in with currency"
    BUY_IN_CHIPS = "buy_in_chips", "Buy-in with chips from elsewhere"
    BUY_IN_MARKER = "buy_in_marker", "Buy-in on a marker"
    COLOUR_UP = "colour_up", "Colour-up"
    CHIPS_LEFT_WITH = "chips_left_with", "Chips taken from the table"
    CASH_OUT = "cash_out", "Currency paid out at the cage"

    @property
    def direction(self) -> CashDirection | None:
        """Cash in or cash out for anti-money-laundering, or neither: currency for chips is
        cash in, currency for chips at the cage cash out; chips, markers and colour-ups move no
        currency (a marker's repayment in currency is cash in at the cage)."""
        return _DIRECTIONS.get(self)

    @property
    def at_table(self) -> bool:
        """Whether the kind is recorded at a table (in a session) rather than at the cage."""
        return self is not CashKind.CASH_OUT


_DIRECTIONS = {CashKind.BUY_IN_CASH: CashDirection.IN, CashKind.CASH_OUT: CashDirection.OUT}

#: The kinds of cash event that bring chips to play: the buy-ins, whatever they were paid with.
BUY_INS = (CashKind.BUY_IN_CASH, CashKind.BUY_IN_CHIPS, CashKind.BUY_IN_MARKER)


class CashEvent(models.Model):
    """Money a patron brought to, or took from, play: at a table in a session, or at the cage."""

    patron = models.ForeignKey(Patron, on_delete=models.PROTECT, related_name="cash_events")
    session = models.ForeignKey(
        PlaySession, on_delete=models.PROTECT, related_name="cash_events", null=True, blank=True
    )
    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    kind = models.CharField(max_length=20, choices=CashKind.choices)
    # Blank for a kind that is neither cash in nor cash out.
    direction = models.CharField(max_length=3, choices=CashDirection.choices, blank=True)
    amount = models.DecimalField(**_MONEY)
    gaming_day = models.DateField()
    recorded_by = user_field()
    recorded_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="cash_event_amount_positive")
        ]
        indexes = [
            models.Index(fields=["patron", "gaming_day", "direction"], name="cash_patron_day_idx")
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} of patron {self.patron_id}"


#: The defaults of a casino that set no thresholds: a Multiple Transaction Log entry from
#: 3,000, a currency transaction report above 10,000 (31 CFR 1021.311), no identification
#: threshold (the EU's 2,000, Directive (EU) 2015/849 Art. 11(d), where configured).
DEFAULT_LOG_FROM = Decimal(3000)
DEFAULT_REPORT_ABOVE = Decimal(10000)


class AmlPolicy(models.Model):
    """A casino's anti-money-laundering thresholds in its tables' currency, from
    ``effective_at``; a change is a new row."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    log_from = models.DecimalField(**_MONEY, default=DEFAULT_LOG_FROM)
    report_above = models.DecimalField(**_MONEY, default=DEFAULT_REPORT_ABOVE)
    identify_from = models.DecimalField(**_MONEY, null=True, blank=True)
    effective_at = models.DateTimeField()
    set_by = user_field()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(log_from__gt=0) & Q(report_above__gte=models.F("log_from")),
                name="aml_policy_thresholds_ordered",
            )
        ]

    def __str__(self) -> str:
        return f"AML thresholds of casino {self.casino_id} from {self.effective_at:%Y-%m-%d}"


class AmlThreshold(models.TextChoices):
    IDENTIFY = "identify", "Identify the customer"
    LOG = "log", "Multiple Transaction Log"
    REPORT = "report", "Currency transaction report"


class AmlLogEntry(models.Model):
    """A patron's cash in one direction on one gaming day crossed ``threshold``: with the
    total at the crossing and the cash event that crossed it."""

    patron = models.ForeignKey(Patron, on_delete=models.PROTECT, related_name="aml_entries")
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField()
    direction = models.CharField(max_length=3, choices=CashDirection.choices)
    threshold = models.CharField(max_length=10, choices=AmlThreshold.choices)
    threshold_amount = models.DecimalField(**_MONEY)
    total = models.DecimalField(**_MONEY)
    cash_event = models.ForeignKey(CashEvent, on_delete=models.PROTECT, related_name="+")
    logged_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["patron", "gaming_day", "direction", "threshold"],
                name="aml_entry_once_a_day",
            )
        ]
        indexes = [models.Index(fields=["casino", "gaming_day"], name="aml_casino_day_idx")]

    def __str__(self) -> str:
        return f"{self.threshold} {self.direction} of patron {self.patron_id} on {self.gaming_day}"


class RatingCause(models.TextChoices):
    CLOSED = "closed", "The session ended"
    REVISED = "revised", "A correction changed a round it covers"


class SessionRating(models.Model):
    """A session's rating, computed from the records of every round it covers
    (``casino.patrons.ratings``): written when the session ends, and again, as a new version,
    when a correction changes what it covers. The latest version is the rating."""

    session = models.ForeignKey(PlaySession, on_delete=models.PROTECT, related_name="ratings")
    version = models.PositiveIntegerField()
    cause = models.CharField(max_length=10, choices=RatingCause.choices)
    computed_at = models.DateTimeField()
    rounds = models.PositiveIntegerField()
    seconds_played = models.PositiveIntegerField()
    staked = models.JSONField(help_text="Staked by wager type, as decimal strings.")
    total_staked = models.DecimalField(**_MONEY)
    # The patron's win (positive) or loss (negative), as paid and corrected.
    actual_result = models.DecimalField(**_MONEY)
    # What the house expected to win from the patron's stakes.
    theoretical_win = models.DecimalField(max_digits=24, decimal_places=8)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["session", "version"], name="rating_version_once")
        ]

    def __str__(self) -> str:
        return f"Rating {self.version} of session {self.session_id}"


class RatingEstimate(models.Model):
    """What a floor person would have rated the session by eye: an average bet and the
    minutes played, typed beside the exact rating so that the difference is seen."""

    session = models.ForeignKey(PlaySession, on_delete=models.PROTECT, related_name="estimates")
    average_bet = models.DecimalField(**_MONEY)
    minutes = models.PositiveIntegerField()
    recorded_by = user_field()
    recorded_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"Estimate of session {self.session_id}"


#: Points a casino that set no earning policy gives per unit of theoretical win.
DEFAULT_POINTS_PER_THEO = Decimal(1)


class EarningPolicy(models.Model):
    """How many points a patron earns per unit of theoretical win, at one casino from
    ``effective_at``; a change is a new row, and a session earns by the policy in force when
    its rating was written."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    points_per_theo = models.DecimalField(max_digits=8, decimal_places=4)
    effective_at = models.DateTimeField()
    set_by = user_field()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(points_per_theo__gte=0), name="earning_policy_rate_nonneg"
            )
        ]

    def __str__(self) -> str:
        return f"{self.points_per_theo} points per theo at casino {self.casino_id}"


class PointsKind(models.TextChoices):
    ACCRUAL = "accrual", "Earned by a session's rating"
    REVERSAL = "reversal", "An accrual taken back: its rating was revised"
    PROMOTION = "promotion", "Awarded by a promotion"
    REDEMPTION = "redemption", "Spent on a comp"


class PointsEntry(models.Model):
    """One movement of a patron's points: the ledger is append-only and its sum the balance.

    ``key`` makes each movement once: a rating earns once (``accrual:<rating>``), is taken
    back once (``reversal:<rating>``), and a request sent twice with its idempotency key
    redeems once."""

    patron = models.ForeignKey(Patron, on_delete=models.PROTECT, related_name="points")
    kind = models.CharField(max_length=10, choices=PointsKind.choices)
    points = models.DecimalField(max_digits=14, decimal_places=2)
    key = models.CharField(max_length=100, unique=True)
    rating = models.ForeignKey(
        SessionRating, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    policy = models.ForeignKey(
        EarningPolicy, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    note = models.TextField(blank=True)
    recorded_by = user_field(optional=True)
    recorded_at = models.DateTimeField()

    class Meta:
        constraints = [models.CheckConstraint(condition=~Q(points=0), name="points_entry_nonzero")]
        indexes = [models.Index(fields=["patron", "recorded_at"], name="points_patron_idx")]

    def __str__(self) -> str:
        return f"{self.kind} {self.points} of patron {self.patron_id}"
