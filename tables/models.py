"""The floor (casino, pits, tables, boxes), its configuration (rule sets) and its rounds.

A round is an event log: ``RoundEvent`` rows are appended, numbered per round, and never changed
(a database trigger refuses UPDATE and DELETE). ``RoundCard`` rows make "a card at most once per
deck pass of a round" a database constraint.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings as conf
from django.db import models
from django.db.models import F, Q


class Game(models.TextChoices):
    RUSSIAN_POKER = "russian_poker", "Russian Poker"
    RUBY_RUN = "ruby_run", "Ruby Run"
    RED_DOG = "red_dog", "Red Dog (High Card Pool)"


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
    created_by = models.ForeignKey(
        conf.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

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
        from tables.engines import validate_rule_settings

        try:
            self.settings = validate_rule_settings(self.game, self.settings)
        except GameError as exc:
            raise ValidationError({"settings": f"{exc.message} ({exc.code})"}) from exc


class TableStatus(models.TextChoices):
    CLOSED = "closed", "Closed"
    OPEN = "open", "Open"


class Table(models.Model):
    """A gaming table: its game, status, currency, chip unit, limits and current configuration.

    ``max_table_payout`` is the most one box may win in a round (Russian Poker); null where the
    game has none. Money is in ``currency``; every amount is a multiple of ``chip_unit``.
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
    bet_min = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    bet_max = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    max_table_payout = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="tables")
    paytable = models.ForeignKey(
        "payouts.Paytable", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    bonus_paytable = models.ForeignKey(
        "payouts.Paytable", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    boxes = models.PositiveSmallIntegerField(default=4, help_text="Boxes or seats at the table.")

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
        ]

    def __str__(self) -> str:
        return self.code


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


class DealerAssignment(models.Model):
    """A dealer at a table from ``started_at`` until ``ended_at`` (open while null).

    The database allows one open assignment per table and per dealer.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="assignments")
    dealer = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="assignments"
    )
    assigned_by = models.ForeignKey(
        conf.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
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


class RoundStatus(models.TextChoices):
    OPEN = "open", "Open"
    SETTLED = "settled", "Settled"
    VOIDED = "voided", "Voided"


class Round(models.Model):
    """One round (Russian Poker), hand (Ruby Run) or game (Red Dog) at a table.

    ``phase`` mirrors the engine's phase; ``last_event_seq`` is the number of the last event,
    which a mutation must name to be applied. The rule-set and paytable versions are pinned when
    the round opens. ``options`` holds what was agreed before the deal (for example Ruby Run's
    ace-low runs or extra betting rounds).
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="rounds")
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=20, choices=Game.choices)
    status = models.CharField(max_length=10, choices=RoundStatus.choices, default=RoundStatus.OPEN)
    phase = models.CharField(max_length=40)
    last_event_seq = models.PositiveIntegerField(default=0)
    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="rounds")
    paytable = models.ForeignKey(
        "payouts.Paytable", null=True, blank=True, on_delete=models.PROTECT, related_name="rounds"
    )
    bonus_paytable = models.ForeignKey(
        "payouts.Paytable",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="bonus_rounds",
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
    gaming_day = models.DateField()
    opened_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="round_number_unique"),
            models.UniqueConstraint(
                fields=["table"], condition=Q(status="open"), name="round_one_open_per_table"
            ),
        ]
        indexes = [models.Index(fields=["gaming_day", "table"], name="round_day_table_idx")]

    def __str__(self) -> str:
        return f"{self.table.code} #{self.number}"


class RoundEvent(models.Model):
    """One accepted dealer action, numbered from 1 within its round. Append-only."""

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    actor = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    request_id = models.CharField(max_length=64, blank=True)
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
    """A card seen in a round: at most once per deck pass (Red Dog reshuffles start a new pass)."""

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="cards")
    deck_pass = models.PositiveSmallIntegerField(default=1)
    card = models.PositiveSmallIntegerField(help_text="Card index 0-51 (rank index * 4 + suit).")
    position = models.CharField(max_length=40, help_text="Where it went: box:1, dealer, burn...")
    event = models.ForeignKey(RoundEvent, on_delete=models.PROTECT, related_name="cards")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "deck_pass", "card"], name="round_card_once_per_pass"
            ),
            models.CheckConstraint(condition=Q(card__lte=51), name="round_card_index_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.round} card {self.card}"
