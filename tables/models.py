"""The floor (casino, pits, tables, boxes), its configuration (rule sets) and its rounds.

A round is an event log: ``RoundEvent`` rows are appended, numbered per round, and never changed
(a database trigger refuses UPDATE and DELETE). ``RoundCard`` rows make "a card at most once per
deck pass of a round" a database constraint; ``LedgerEntry`` rows are the chip movements of a
pot game as they happen. A round's status moves only along ``tables.lifecycle`` (a trigger
refuses any other change). Which paytables a table uses is the payouts app's
(``payouts.TablePaytable``): a round pins their lines as data, with its limits, when it opens.

Published views: other apps' raw SQL names none of this app's tables, only the views its
migrations make (``tables/migrations/0012_published_views.py`` says what each holds). Each
publishes the columns its readers use, and that projection is this app's contract: a change to
one of those columns changes the view, and its readers with it, in this app's migrations.

- the floor: ``tables_floor_pits``, ``tables_floor_tables``,
  ``tables_floor_dealer_assignments``, ``tables_floor_rounds``, ``tables_floor_round_events``
  (the pit view, the reports' figures, the cross-checks, the day totals; the core's alerts read
  a table's pit), ``tables_floor_table_changes`` (the cross-checks), ``tables_floor_casinos``
  (their gaming-day clocks: the rounds dealt unqualified, with who recorded each event,
  ``tables/migrations/0016_published_casinos_and_event_actors.py``);
- what waits for a decision, no decision row yet (the pit view): ``tables_waiting_retractions``,
  ``tables_waiting_limit_changes`` (the tray's moved to the payouts app with the tray, its
  migration 0014);
- who answers for whom (identity's sign-in administration: a pit boss manages the sign-ins of
  the dealers of the own pits): ``tables_supervised_dealers``
  (``tables/migrations/0015_identity_moved_and_supervised_dealers.py``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings as conf
from django.db import models
from django.db.models import F, Q

from casino.core.catalogues import LANGUAGES
from casino.core.fields import user_field
from casino.core.gaming_day import DayClock
from casino.core.trail.recording import AuditScope
from casino.games.registry import GAME_CHOICES, game_of

#: Every game of the registry, as the models' choice: ``Game.RUSSIAN_POKER`` and so on.
Game = models.TextChoices("Game", [(name.upper(), (name, label)) for name, label in GAME_CHOICES])


class Casino(models.Model):
    """A licensed venue: its gaming day starts at ``gaming_day_start_hour`` in ``time_zone``."""

    name = models.CharField(max_length=100, unique=True)
    time_zone = models.CharField(max_length=64, default="UTC")
    gaming_day_start_hour = models.PositiveSmallIntegerField(default=6)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(gaming_day_start_hour__lte=23), name="casino_gaming_day_hour_valid"
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def clock(self) -> DayClock:
        return DayClock(self.time_zone, self.gaming_day_start_hour)

    def audit_scope(self) -> AuditScope:
        """What concerns the casino but no table (its reports, its checks) is in its stream."""
        return AuditScope(casino_id=self.pk, clock=self.clock)


class Pit(models.Model):
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="pits")
    name = models.CharField(max_length=100)
    supervisors = models.ManyToManyField(
        conf.AUTH_USER_MODEL,
        blank=True,
        related_name="supervised_pits",
        help_text="Pit bosses responsible for the tables of this pit.",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["casino", "name"], name="pit_name_unique_per_casino")
        ]

    def __str__(self) -> str:
        return self.name


class RuleSet(models.Model):
    """One version of a game's per-table settings (RULES.md Part A), validated by the engine.

    Versions are never edited: a change is a new row with the next ``version`` of the same
    ``name``, and rounds keep pointing at the version they were played under.
    """

    game = models.CharField(max_length=20, choices=Game.choices)
    name = models.CharField(max_length=100)
    version = models.PositiveIntegerField()
    settings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = user_field(optional=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["name", "version"], name="ruleset_version_unique"),
            models.CheckConstraint(condition=Q(version__gte=1), name="ruleset_version_positive"),
        ]
        ordering = ["name", "version"]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"

    def clean(self) -> None:
        """Validate and complete ``settings`` with the game's rules (RULES.md Part A)."""
        from django.core.exceptions import ValidationError

        from casino.games.errors import GameError

        try:
            self.settings = game_of(self.game).validate_rules(self.settings)
        except GameError as exc:
            raise ValidationError({"settings": f"{exc.message} ({exc.code})"}) from exc


def _optional_limit(help_text: str = "") -> models.DecimalField:  # type: ignore[type-arg]
    """A table's limit that may be unset (null: the table has none), in money as every limit."""
    return models.DecimalField(
        max_digits=14, decimal_places=2, null=True, blank=True, help_text=help_text
    )


class TableStatus(models.TextChoices):
    CLOSED = "closed", "Closed"
    OPEN = "open", "Open"


class Table(models.Model):
    """A gaming table: its game, status, currency, chip unit, limits and current configuration.

    ``max_table_payout`` is the most one box may win in a round (Russian Poker); null where the
    game has none. ``bonus_min`` / ``bonus_max`` bound Russian Poker's bonus side bet per box
    (both or neither: a table without them offers no bonus bet, RULES A.1); ``stack_min`` /
    ``stack_max`` the chips a player brings to a seat of a pot game. Money is in ``currency``;
    every amount is a multiple of ``chip_unit``.
    """

    pit = models.ForeignKey(Pit, on_delete=models.PROTECT, related_name="tables")
    code = models.CharField(max_length=20, unique=True)
    game = models.CharField(max_length=20, choices=Game.choices)
    status = models.CharField(
        max_length=10, choices=TableStatus.choices, default=TableStatus.CLOSED
    )
    currency = models.CharField(max_length=3, default="EUR")
    chip_unit = models.DecimalField(max_digits=12, decimal_places=2, default=Decimal("1.00"))
    ante_min = models.DecimalField(max_digits=14, decimal_places=2)
    ante_max = models.DecimalField(max_digits=14, decimal_places=2)
    bet_min = _optional_limit()
    bet_max = _optional_limit()
    max_table_payout = _optional_limit()
    bonus_min = _optional_limit(
        "The least bonus side bet per box (Russian Poker); none: no bonus bet."
    )
    bonus_max = _optional_limit(
        "The most bonus side bet per box (Russian Poker); none: no bonus bet."
    )
    stack_min = _optional_limit("The least a player brings to a pot game's seat; none: a chip.")
    stack_max = _optional_limit("The most a player brings to a pot game's seat; none: no maximum.")
    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="tables")
    boxes = models.PositiveSmallIntegerField(default=4, help_text="Boxes or seats at the table.")
    language = models.CharField(
        max_length=8,
        blank=True,
        choices=LANGUAGES,
        help_text="The language the table's tablet is read in until a dealer signs in with "
        "their own; blank: the tablet's browser's.",
    )

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(chip_unit__gt=0), name="table_chip_unit_positive"),
            models.CheckConstraint(condition=Q(ante_min__gte=0), name="table_ante_min_nonneg"),
            models.CheckConstraint(
                condition=Q(ante_max__gte=F("ante_min")), name="table_ante_max_ge_min"
            ),
            models.CheckConstraint(
                condition=Q(bet_min__isnull=True) | Q(bet_min__gte=0), name="table_bet_min_nonneg"
            ),
            models.CheckConstraint(
                condition=Q(bet_max__isnull=True)
                | Q(bet_min__isnull=True)
                | Q(bet_max__gte=F("bet_min")),
                name="table_bet_max_ge_min",
            ),
            models.CheckConstraint(
                condition=Q(max_table_payout__isnull=True) | Q(max_table_payout__gt=0),
                name="table_max_payout_positive",
            ),
            models.CheckConstraint(
                condition=Q(boxes__gte=1) & Q(boxes__lte=15), name="table_boxes_range"
            ),
            # A bonus bet has both limits or none (none: the table offers no bonus bet).
            models.CheckConstraint(
                condition=(Q(bonus_min__isnull=True) & Q(bonus_max__isnull=True))
                | (Q(bonus_min__gt=0) & Q(bonus_max__gte=F("bonus_min"))),
                name="table_bonus_limits",
            ),
            models.CheckConstraint(
                condition=Q(stack_min__isnull=True) | Q(stack_min__gt=0),
                name="table_stack_min_positive",
            ),
            models.CheckConstraint(
                condition=Q(stack_max__isnull=True)
                | (
                    Q(stack_max__gt=0)
                    & (Q(stack_min__isnull=True) | Q(stack_max__gte=F("stack_min")))
                ),
                name="table_stack_max_ge_min",
            ),
        ]

    def __str__(self) -> str:
        return self.code

    def audit_scope(self) -> AuditScope:
        """An event at this table falls on its casino's gaming day at the moment it happens."""
        return AuditScope(table_id=self.pk, clock=self.pit.casino.clock)


class Box(models.Model):
    """A box (player position) or seat at a table, numbered from 1 (the dealer's left)."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="box_set")
    number = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="box_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="box_number_positive"),
        ]
        ordering = ["table", "number"]

    def __str__(self) -> str:
        return f"{self.table.code}/{self.number}"


class TableChange(models.Model):
    """One change of a table's status or configuration, as it was made: the table's history,
    append-only. ``kind`` is the change's audit code (``table.opened``, ``table.limits_changed``,
    ...); ``before`` and ``after`` hold the changed fields alone; ``audit_record_id`` names the
    audit row that recorded it, by id (the cross-checks find a change without its row, and a
    row without its change).
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="changes")
    kind = models.CharField(max_length=60)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    actor = user_field()
    changed_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        indexes = [models.Index(fields=["table", "changed_at"], name="table_change_time_idx")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.table} {self.kind} at {self.changed_at}"


class DealerAssignment(models.Model):
    """A dealer at a table from ``started_at`` until ``ended_at`` (open while null).

    The database allows one open assignment per table and per dealer.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="assignments")
    dealer = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="assignments"
    )
    assigned_by = user_field()
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(ended_at__isnull=True),
                name="assignment_one_open_per_table",
            ),
            models.UniqueConstraint(
                fields=["dealer"],
                condition=Q(ended_at__isnull=True),
                name="assignment_one_open_per_dealer",
            ),
            models.CheckConstraint(
                condition=Q(ended_at__isnull=True) | Q(ended_at__gte=F("started_at")),
                name="assignment_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.dealer} at {self.table}"


class RefusedEntry(models.Model):
    """A dealer's request at a table refused: a 4xx of the dealer's own making (not 401, 403 or
    404: who may ask, and whether the round exists, are not the dealer's error), one row a
    refusal, with its stable ``code`` and the casino's gaming day of ``refused_at``.

    Written after the refused request's transaction ended, in one of its own
    (``tables.services.refusals``): the refused request itself writes nothing. Never changed or
    deleted (the runtime role may only insert). What the dealers' accuracy counts as refused
    entries, by code (``casino.dealers.accuracy``).
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    dealer = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    code = models.CharField(max_length=60)
    refused_at = models.DateTimeField()
    gaming_day = models.DateField()

    class Meta:
        indexes = [models.Index(fields=["table", "gaming_day"], name="refused_entry_table_day_idx")]

    def __str__(self) -> str:
        return f"{self.code} refused to dealer {self.dealer_id} at table {self.table_id}"


class RoundStatus(models.TextChoices):
    """Where a round stands in its lifecycle (``tables.lifecycle`` has the allowed moves)."""

    OPEN = "open", "Open"
    SETTLED = "settled", "Settled"
    VOIDED = "voided", "Voided"


class Round(models.Model):
    """One round (Russian Poker), hand (Ruby Run) or game (Red Dog) at a table.

    ``phase`` mirrors the engine's phase; ``last_event_seq`` is the number of the last event,
    which a mutation must name to be applied. When the round opens it pins what it is played
    under: the rule-set version, the paytables' lines (``paytables``: kind to line to multiple,
    with the paytable's id, name and version) and the limits. ``options`` holds what was agreed
    before the deal (for example Ruby Run's ace-low runs or extra betting rounds).

    ``snapshot`` is the engine's state after the last event (``casino.games.contract``), written
    with every action, so an action restores it instead of replaying the round; replaying the
    events stays the proof, and the settlement and the nightly check compare the two.

    ``pending_retraction`` is a request to retract the round's last entries while it waits
    for a pit boss (the round takes no action meanwhile); ``retractions`` counts those
    approved, each of which frees the cards of the entries it retracted (``RoundCard.era``).
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="rounds")
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=20, choices=Game.choices)
    status = models.CharField(max_length=10, choices=RoundStatus.choices, default=RoundStatus.OPEN)
    phase = models.CharField(max_length=40)
    last_event_seq = models.PositiveIntegerField(default=0)
    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="rounds")
    paytables = models.JSONField(
        default=dict,
        blank=True,
        help_text="The paytables' lines when the round opened, by kind (main, bonus).",
    )
    dealer = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="dealt_rounds"
    )
    options = models.JSONField(default=dict, blank=True)
    limits = models.JSONField(
        default=dict,
        blank=True,
        help_text="The table's limits and maximum payout when the round opened.",
    )
    snapshot = models.JSONField(
        default=dict, blank=True, help_text="The engine's state after the last event."
    )
    pending_retraction = models.ForeignKey(
        "RetractionRequest",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="A retraction waiting for a pit boss: the round takes no action meanwhile.",
    )
    retractions = models.PositiveSmallIntegerField(
        default=0, help_text="Retractions approved: the cards' era (RoundCard.era)."
    )
    gaming_day = models.DateField()
    opened_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="round_number_unique"),
            models.UniqueConstraint(
                fields=["table"], condition=Q(status="open"), name="round_one_open_per_table"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["open", "settled", "voided"]), name="round_status_known"
            ),
            # A round is closed exactly when it is no longer open.
            models.CheckConstraint(
                condition=(Q(status="open") & Q(closed_at__isnull=True))
                | (~Q(status="open") & Q(closed_at__isnull=False)),
                name="round_closed_when_not_open",
            ),
        ]
        indexes = [
            models.Index(fields=["gaming_day", "table"], name="round_day_table_idx"),
            # The pit view counts each table's rounds of the last hour from here; the round
            # search's page of one table, newest first, is its first rows read backwards.
            models.Index(fields=["table", "opened_at"], name="round_table_opened_idx"),
            # The round search's default order (newest first, ties by id) over every table,
            # a pit or a casino: a page is the index's first rows read backwards, and a cursor
            # enters it at the page's last (opened_at, id).
            models.Index(fields=["opened_at", "id"], name="round_opened_idx"),
            # The round search by dealer of record, newest first (a dealer's year is a few
            # thousand rounds among a million).
            models.Index(fields=["dealer", "opened_at"], name="round_dealer_opened_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.table.code} #{self.number}"

    def audit_scope(self) -> AuditScope:
        return AuditScope(table_id=self.table_id, round_id=self.pk, gaming_day=self.gaming_day)

    def alert_scope(self) -> dict[str, Any]:
        """Where an alert about this round stands: ``casino.core.alerts.alert_record``'s
        casino, table, round and gaming day (reads the table's pit)."""
        return {
            "casino_id": self.table.pit.casino_id,
            "table_id": self.table_id,
            "round_id": self.pk,
            "gaming_day": self.gaming_day,
        }


class RoundEvent(models.Model):
    """One accepted dealer action, numbered from 1 within its round. Append-only.

    ``request_id`` and ``device_token`` name the request that recorded it and the tablet's
    device token it was authenticated with (none for a session, a task or the shell, and for
    the events recorded before devices were).
    """

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    actor = user_field()
    request_id = models.CharField(max_length=64, blank=True)
    # Not indexed: nothing looks events up by token, and every action writes one.
    device_token = models.ForeignKey(
        "identity.DeviceToken",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        db_index=False,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "seq"], name="round_event_seq_unique"),
            models.CheckConstraint(condition=Q(seq__gte=1), name="round_event_seq_positive"),
        ]
        ordering = ["round", "seq"]

    def __str__(self) -> str:
        return f"{self.round} event {self.seq} {self.kind}"


class RoundCard(models.Model):
    """A card seen in a round: at most once per deck pass (Red Dog reshuffles start a new pass)
    and era.

    ``era`` is the number of retractions approved in the round before the card was recorded
    (``Round.retractions``). An approved retraction starts a new era, so a card its entries
    recorded may be recorded again; within an era the database holds each card once per pass,
    and across eras the engine does (a retraction's replay still holds every card it keeps).
    Rows are never changed: a retracted entry's cards stay on the record.
    """

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="cards")
    deck_pass = models.PositiveSmallIntegerField(default=1)
    card = models.PositiveSmallIntegerField(help_text="Card index 0-51 (rank index * 4 + suit).")
    position = models.CharField(max_length=40, help_text="Where it went: box:1, dealer, burn...")
    event = models.ForeignKey(RoundEvent, on_delete=models.PROTECT, related_name="cards")
    era = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "deck_pass", "card", "era"], name="round_card_once_per_pass"
            ),
            models.CheckConstraint(condition=Q(card__lte=51), name="round_card_index_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.round} card {self.card}"


class LedgerEntry(models.Model):
    """One chip movement of a pot game, as it happens: from one account to another.

    Accounts are ``player:<seat>``, ``pot`` and ``house_float``. A pot's balance is the sum of
    its entries; entries are numbered per round and never changed.
    """

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="ledger")
    seq = models.PositiveIntegerField()
    source = models.CharField(max_length=20)
    destination = models.CharField(max_length=20)
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    reason = models.CharField(max_length=40)
    event = models.ForeignKey(
        RoundEvent, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name_plural = "ledger entries"
        constraints = [
            models.UniqueConstraint(fields=["round", "seq"], name="ledger_seq_unique"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="ledger_amount_positive"),
            models.CheckConstraint(
                condition=~Q(source=F("destination")), name="ledger_moves_between_accounts"
            ),
        ]
        ordering = ["round", "seq"]

    def __str__(self) -> str:
        return f"{self.round} #{self.seq} {self.source}->{self.destination} {self.amount}"


class PayoutsConfirmation(models.Model):
    """The word of the table's dealer (or its pit boss) that a settled round's payouts were
    made: "Paid". One per round, append-only; the table opens no next round before it
    (``tables.services.payouts``). ``audit_record_id`` names its ``round.payouts_confirmed``
    audit row."""

    round = models.OneToOneField(
        Round, on_delete=models.PROTECT, related_name="payouts_confirmation"
    )
    confirmed_by = user_field()
    confirmed_role = models.CharField(max_length=20)
    confirmed_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    def __str__(self) -> str:
        return f"payouts of {self.round_id} confirmed by {self.confirmed_by}"


class SecondPersonRequest(models.Model):
    """What every request that waits for a second person's decision records besides its
    subject: why (each request's table refuses an empty reason), who asked, in which role and
    when, and the audit row that recorded it (``audit_record_id``, by id)."""

    reason = models.TextField()
    requested_by = user_field()
    requested_role = models.CharField(max_length=20)
    requested_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        abstract = True


class SecondPersonDecision(models.Model):
    """What every decision on such a request records besides its verdict: who decided, in
    which role and when, their note, and the audit row that recorded it."""

    decided_by = user_field()
    decided_role = models.CharField(max_length=20)
    decided_at = models.DateTimeField()
    note = models.TextField(blank=True)
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        abstract = True


class RetractionRequest(SecondPersonRequest):
    """A request to retract the last entries of a round in play (back at most to the start of
    its current phase), with a reason: made at the table, decided by a pit boss of its pit who
    did not make it (``RetractionDecision``). Append-only.

    ``events`` are the numbers of the events to retract, in order; ``last_event_seq`` the
    round's last event when asked (the request retracts exactly the entries the requester saw);
    ``phase`` the round's phase then. ``audit_record_id`` names the request's audit row.
    """

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="retraction_requests")
    events = models.JSONField()
    last_event_seq = models.PositiveIntegerField()
    phase = models.CharField(max_length=40)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="retraction_request_has_reason"),
        ]
        indexes = [models.Index(fields=["round"], name="retraction_request_round_idx")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"retraction of {self.events} in {self.round_id}"


class RetractionOutcome(models.TextChoices):
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"
    WITHDRAWN = "withdrawn", "Withdrawn by its requester"


class RetractionDecision(SecondPersonDecision):
    """The decision on a :class:`RetractionRequest`, one per request: approved or rejected by a
    pit boss other than its requester, or withdrawn by the requester (the database refuses any
    other pairing). Append-only.

    An approval appends the round's ``retraction`` event (``event``); ``tablet`` is the tablet
    at which a pit boss decided by PIN, null on the pit board.
    """

    request = models.OneToOneField(
        RetractionRequest, on_delete=models.PROTECT, related_name="decision"
    )
    outcome = models.CharField(max_length=10, choices=RetractionOutcome.choices)
    event = models.OneToOneField(
        RoundEvent, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    tablet = models.ForeignKey(
        "Tablet", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=True) | Q(outcome="approved"),
                name="retraction_event_when_approved",
            ),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"retraction {self.request_id} {self.outcome} by {self.decided_by}"


class LimitChangeRequest(SecondPersonRequest):
    """A change of a table's limits that waits for a second person: the removal of the maximum
    table payout, or a raise of it (``tables.limits.needs_second_person``).

    Requested by a pit boss of the table's pit or an admin, decided
    (:class:`LimitChangeDecision`) by another one; the change applies only when approved, through
    the same table service as any limits change. ``changes`` holds the requested limits and
    ``before`` their values when requested, as the audit trail states them (amounts as text,
    null for none). Append-only: a request is never edited, and its decision is a row of its
    own. ``audit_record_id`` names the audit row that recorded the request.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="limit_requests")
    changes = models.JSONField()
    before = models.JSONField()

    class Meta:
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="limit_request_has_reason"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"limits of {self.table} requested at {self.requested_at}"


class LimitChangeDecision(SecondPersonDecision):
    """The decision on a :class:`LimitChangeRequest`: one per request, by someone other than
    its requester (a database trigger refuses the requester). Append-only."""

    request = models.OneToOneField(
        LimitChangeRequest, on_delete=models.PROTECT, related_name="decision"
    )
    approved = models.BooleanField()

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        verdict = "approved" if self.approved else "rejected"
        return f"request {self.request_id} {verdict} by {self.decided_by}"


class Tablet(models.Model):
    """A tablet registered to one table by whoever manages it: the device credential the
    dealers of that table sign in at with their PINs.

    The credential is shown once, when registered; only its SHA-256 is stored (as a device
    token's is). Revoking it sets ``revoked_at``, ``revoked_by`` and ``revoke_reason``: the
    credential and every token issued at the tablet stop authenticating. Never deleted, so the
    audit trail can still name it.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="tablets")
    name = models.CharField(max_length=100)
    credential_digest = models.CharField(max_length=64, unique=True)
    registered_by = user_field()
    registered_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = user_field(optional=True)
    revoke_reason = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(revoked_at__isnull=True, revoked_by__isnull=True)
                | Q(revoked_at__gte=F("registered_at"), revoked_by__isnull=False),
                name="tablet_revoked_by_whom",
            ),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.name} at {self.table}"


class TabletSession(models.Model):
    """A device token issued at a tablet by a PIN sign-in: the token acts at the tablet's table
    alone, and not at all once the tablet is revoked. A dealer's is bound to the dealer's
    assignment there; a pit boss's (``decision``) is for one decision at the tablet.

    The link lives here rather than on the token, because identity, which the token belongs
    to, sits below the tables in the layers and may not name a tablet. One row per token.
    """

    token = models.OneToOneField(
        "identity.DeviceToken", on_delete=models.PROTECT, primary_key=True, related_name="+"
    )
    tablet = models.ForeignKey(Tablet, on_delete=models.PROTECT, related_name="sessions")
    assignment = models.ForeignKey(
        DealerAssignment, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decision = models.BooleanField(
        default=False,
        help_text="A pit boss's sign-in at the tablet for one decision: no assignment, a short "
        "life, the decision routes alone, spent by the first decision it makes.",
    )

    class Meta:
        constraints = [
            # A dealer's session is the dealer's assignment; a pit boss's decision has none.
            models.CheckConstraint(
                condition=Q(decision=True, assignment__isnull=True)
                | Q(decision=False, assignment__isnull=False),
                name="tablet_session_assignment_or_decision",
            ),
        ]

    def __str__(self) -> str:
        return f"token {self.token_id} at {self.tablet}"
