"""Money: paytables (versioned) and which ones each table uses and each round pinned, wager
lines, and settlements with payout lines.

Every stake is a ``WagerLine`` and every amount handed back a ``PayoutLine``, so per round:
stakes in − amounts returned = house result, exactly. Amounts are ``Decimal`` and never negative
(database checks); a paid amount may be below the computed one only where a cap applied, and the
line says why. (A pot game's chip movements during the round are the round's own record:
``tables.LedgerEntry``.)

Published views: other apps' raw SQL names none of this app's tables, only the views its
migrations make (``payouts/migrations/0007_published_views.py`` says what each holds). Each
publishes the columns its readers use, and that projection is this app's contract: a change to
one of those columns changes the view, and its readers with it, in this app's migrations.
``payouts_round_settlements`` and ``payouts_settlement_lines`` (the pit view, the reports'
figures, the cross-checks), ``payouts_table_day_totals`` (the pit view, the reports' month, the
day totals' check). Their writes stay here: the day totals' rebuild replaces the rows through
``payouts.services.day_totals.table_day_totals_replace``.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q

from casino.core.fields import user_field
from tables.models import Game, Round, RuleSet, Table


class PaytableKind(models.TextChoices):
    MAIN = "main", "Main"
    BONUS = "bonus", "Bonus side bet"


class Paytable(models.Model):
    """One version of a paytable. Immutable once a round used it (a database trigger).

    ``house_edge`` is the theoretical hold from the game's certificate, entered by the
    administrator, as a fraction (0.0522 = 5.22 %).
    """

    game = models.CharField(max_length=20, choices=Game.choices)
    kind = models.CharField(max_length=10, choices=PaytableKind.choices, default=PaytableKind.MAIN)
    name = models.CharField(max_length=100)
    version = models.PositiveIntegerField()
    house_edge = models.DecimalField(max_digits=7, decimal_places=6, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = user_field(optional=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["name", "version"], name="paytable_version_unique"),
            models.CheckConstraint(condition=Q(version__gte=1), name="paytable_version_positive"),
            models.CheckConstraint(
                condition=Q(house_edge__isnull=True) | (Q(house_edge__gte=0) & Q(house_edge__lt=1)),
                name="paytable_house_edge_fraction",
            ),
        ]
        ordering = ["name", "version"]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"

    def lines_by_name(self) -> dict[str, PaytableLine]:
        return {line.line: line for line in self.lines.all()}


class PayBasis(models.TextChoices):
    ODDS = "odds", "Odds (x to 1 on the stake)"
    FIXED = "fixed", "Fixed amount"


class PaytableLine(models.Model):
    """One paying combination: ``pays`` to 1 on the stake, or a fixed amount."""

    paytable = models.ForeignKey(Paytable, on_delete=models.PROTECT, related_name="lines")
    line = models.CharField(max_length=40)
    pays = models.DecimalField(max_digits=12, decimal_places=2)
    basis = models.CharField(max_length=10, choices=PayBasis.choices, default=PayBasis.ODDS)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["paytable", "line"], name="paytable_line_unique"),
            models.CheckConstraint(condition=Q(pays__gte=0), name="paytable_line_pays_nonneg"),
        ]

    def __str__(self) -> str:
        return f"{self.paytable}: {self.line} {self.pays}"


class TablePaytable(models.Model):
    """The paytable version a table uses for one kind (main, bonus), now.

    Changed through ``payouts.services.paytables.table_paytable_set`` (audited); each round pins
    what its table uses when it opens (:class:`RoundPaytable`).
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10, choices=PaytableKind.choices)
    paytable = models.ForeignKey(Paytable, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "kind"], name="table_paytable_one_per_kind")
        ]

    def __str__(self) -> str:
        return f"{self.table_id} {self.kind}: {self.paytable}"


class RoundPaytable(models.Model):
    """A paytable a round was played under, pinned when it opened; the database then freezes
    the paytable. The round keeps a copy of the lines (``Round.paytables``) for its engine."""

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=10, choices=PaytableKind.choices)
    paytable = models.ForeignKey(Paytable, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "kind"], name="round_paytable_one_per_kind")
        ]
        indexes = [models.Index(fields=["paytable"], name="round_paytable_paytable_idx")]

    def __str__(self) -> str:
        return f"round {self.round_id} {self.kind}: {self.paytable}"


class WagerKind(models.TextChoices):
    ANTE = "ante", "Ante"
    BET = "bet", "Bet"
    BONUS = "bonus", "Bonus"
    INSURANCE = "insurance", "Insurance"
    EXCHANGE_FEE = "exchange_fee", "Exchange fee"
    SIXTH_CARD_FEE = "sixth_card_fee", "Sixth card fee"
    BUY_GAME_FEE = "buy_game_fee", "Buy-a-game fee"
    BLIND = "blind", "Blind"
    POT = "pot", "Pot contribution"


class WagerLine(models.Model):
    """A stake put on the table: what, by which box or seat, how much."""

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="wager_lines")
    box = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=WagerKind.choices)
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    event = models.ForeignKey(
        "tables.RoundEvent", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="wager_amount_nonneg"),
        ]
        indexes = [models.Index(fields=["round", "box"], name="wager_round_box_idx")]

    def __str__(self) -> str:
        return f"{self.round} box {self.box} {self.kind} {self.amount}"


class TheoreticalSource(models.TextChoices):
    """Where the house edges that priced a settlement's theoretical win came from."""

    #: The edges computed from the round's rules, paytables and table maximum, at its Antes.
    COMPUTED = "computed", "Computed from the rules"
    #: The paytables' certified figures, while the round's configuration had none computed.
    CERTIFIED = "certified", "The paytables' certificates"
    #: A pot game: what the rule set took, exactly (the house banks nothing).
    TAKE = "take", "The rule set's take"
    NONE = "none", "No house edge"


class Settlement(models.Model):
    """The result of a round, written once (settling again returns this row).

    ``engine_result`` is the engine's full settlement as JSON, so a replay can be compared with
    what was stored, line by line.

    ``theoretical_win`` is what the house expects to win on the round's stakes: each stake
    times the house edge of its wager type, over ``theoretical_base``, the stakes that had one
    (``payouts.services.theoretical_win``). ``theoretical_source`` says where the edges came
    from, and ``house_edge`` names the computation whose bands priced it, if one did.
    """

    round = models.OneToOneField(Round, on_delete=models.PROTECT, related_name="settlement")
    settled_at = models.DateTimeField()
    settled_by = user_field()
    total_staked = models.DecimalField(max_digits=16, decimal_places=2)
    total_returned = models.DecimalField(max_digits=16, decimal_places=2)
    house_result = models.DecimalField(max_digits=16, decimal_places=2)
    rake = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    cap_applied = models.BooleanField(default=False)
    engine_result = models.JSONField(default=dict)
    theoretical_win = models.DecimalField(max_digits=24, decimal_places=8, default=0)
    theoretical_base = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    theoretical_source = models.CharField(
        max_length=10, choices=TheoreticalSource.choices, default=TheoreticalSource.NONE
    )
    house_edge = models.ForeignKey(
        "HouseEdge", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(total_staked__gte=0), name="settlement_staked_nonneg"
            ),
            models.CheckConstraint(
                condition=Q(theoretical_base__gte=0) & Q(theoretical_base__lte=F("total_staked")),
                name="settlement_theoretical_base_within_stakes",
            ),
            models.CheckConstraint(
                condition=Q(house_edge__isnull=True) | Q(theoretical_source="computed"),
                name="settlement_house_edge_only_when_computed",
            ),
            models.CheckConstraint(
                condition=Q(total_returned__gte=0), name="settlement_returned_nonneg"
            ),
            models.CheckConstraint(condition=Q(rake__gte=0), name="settlement_rake_nonneg"),
            models.CheckConstraint(
                condition=Q(house_result=F("total_staked") - F("total_returned")),
                name="settlement_house_result_balances",
            ),
        ]
        indexes = [
            # The round search's ``cap_applied=true``: a few rounds in a hundred, found from a
            # partial index that holds them alone.
            models.Index(
                fields=["round"], condition=Q(cap_applied=True), name="settlement_capped_idx"
            ),
            # The round search's ``payout_above``: the large payouts are few, found in order.
            models.Index(fields=["total_returned"], name="settlement_returned_idx"),
        ]

    def __str__(self) -> str:
        return f"settlement of {self.round}"


class Outcome(models.TextChoices):
    WIN = "win", "Win"
    LOSE = "lose", "Lose"
    PUSH = "push", "Push (returned)"
    VOID = "void", "Void (returned)"
    FEE = "fee", "Fee (kept)"
    AWARD = "award", "Pot award"


class PayoutLine(models.Model):
    """What one box or seat gets back for one line: the computed and the paid amount.

    ``paid_amount`` < ``computed_amount`` only where a cap applied; ``reason`` then says which.
    ``pot`` numbers the pot of a pot award (0 main pot, 1.. side pots).
    """

    settlement = models.ForeignKey(Settlement, on_delete=models.PROTECT, related_name="lines")
    box = models.PositiveSmallIntegerField()
    line = models.CharField(max_length=40, help_text="ante, bet, bonus, insurance, pot...")
    combination = models.CharField(max_length=200, blank=True, help_text="The hand, in full.")
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    stake = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    computed_amount = models.DecimalField(max_digits=14, decimal_places=2)
    paid_amount = models.DecimalField(max_digits=14, decimal_places=2)
    reason = models.CharField(max_length=200, blank=True)
    pot = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(stake__gte=0), name="payout_stake_nonneg"),
            models.CheckConstraint(
                condition=Q(computed_amount__gte=0), name="payout_computed_nonneg"
            ),
            models.CheckConstraint(condition=Q(paid_amount__gte=0), name="payout_paid_nonneg"),
            models.CheckConstraint(
                condition=Q(paid_amount__lte=F("computed_amount")), name="payout_paid_le_computed"
            ),
        ]
        indexes = [models.Index(fields=["settlement", "box"], name="payout_settlement_box_idx")]

    def __str__(self) -> str:
        return f"{self.settlement.round} box {self.box} {self.line} {self.paid_amount}"


#: A payout line's own fields, as it stores them: what its answers show, and what a replay of
#: its round is compared with.
PAYOUT_LINE_FIELDS = (
    "box",
    "line",
    "combination",
    "outcome",
    "stake",
    "computed_amount",
    "paid_amount",
    "reason",
    "pot",
)


class BoxPlay(models.Model):
    """What one box or seat staked in one round and was paid back: a row written with the
    round's settlement, and one more by each approved correction of it (a payout correction:
    what it owes the box, or recovers; a void: the negation of the box's rows so far). The sum
    of a box's rows is its play in that round as the record stands now; a voided round's sums
    are zero.

    Append-only (a database trigger refuses changes), written only by
    ``payouts.services.box_play``, and recomputable from the wager, payout and correction lines
    at any time. It carries its round's table, gaming day and opening instant, so that the play
    of a box over a stretch of time (a patron's session) is read from one index, without the
    rounds, the wager lines and the payout lines joined: the anti-money-laundering day of a
    casino (``casino.patrons.aml_day``) reads a million of them in a second.
    """

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField(help_text="The round's gaming day.")
    opened_at = models.DateTimeField(help_text="When the round opened.")
    box = models.PositiveSmallIntegerField()
    staked = models.DecimalField(max_digits=16, decimal_places=2)
    returned = models.DecimalField(max_digits=16, decimal_places=2)
    correction = models.ForeignKey(
        "payouts.Correction",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The correction this row adds; null for the settlement's.",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "box"],
                condition=Q(correction__isnull=True),
                name="box_play_settled_once",
            ),
            models.UniqueConstraint(
                fields=["round", "box", "correction"], name="box_play_once_per_correction"
            ),
        ]
        indexes = [
            models.Index(
                fields=["table", "box", "opened_at"],
                include=["gaming_day", "staked", "returned"],
                name="box_play_table_box_time_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} box {self.box}: staked {self.staked}, returned {self.returned}"


class TableDayTotals(models.Model):
    """A table's figures for one gaming day, kept as its rounds settle: a cache derived from
    the settlements, written only by ``payouts.services.day_totals`` (never by hand) and
    recomputable from the history at any time (``manage.py day_totals``).

    The day is the round's own (``Round.gaming_day``), so each row sums the rounds played that
    day as they stand now: a settlement adds its round; an approved void of a settled round
    takes that round back out of its day's row; an approved payout correction adds its lines
    to its round's day's ``paid``. ``theoretical_result`` sums each stake times the house edge
    of the paytable that priced it, over ``theoretical_base``, the stakes whose paytable has an
    edge; ``cap_hits`` counts the payout lines a cap cut, ``withheld`` what it kept back.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField()
    rounds = models.IntegerField(default=0)
    wagered = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    paid = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    house_result = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    # A stake (cents) times an edge (six places): exact to eight places, never rounded.
    theoretical_result = models.DecimalField(max_digits=24, decimal_places=8, default=0)
    theoretical_base = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    cap_hits = models.IntegerField(default=0)
    withheld = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "gaming_day"], name="table_day_totals_one_per_day"
            ),
            models.CheckConstraint(condition=Q(rounds__gte=0), name="table_day_rounds_nonneg"),
            models.CheckConstraint(condition=Q(wagered__gte=0), name="table_day_wagered_nonneg"),
            models.CheckConstraint(
                condition=Q(theoretical_base__gte=0), name="table_day_theoretical_base_nonneg"
            ),
            models.CheckConstraint(condition=Q(cap_hits__gte=0), name="table_day_cap_hits_nonneg"),
            models.CheckConstraint(condition=Q(withheld__gte=0), name="table_day_withheld_nonneg"),
            models.CheckConstraint(
                condition=Q(house_result=F("wagered") - F("paid")),
                name="table_day_house_result_balances",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id} on {self.gaming_day}: {self.rounds} rounds"


class DealerDayTotals(models.Model):
    """A dealer's rounds at one table on one gaming day, by game and occupancy (how many boxes
    or seats staked): their pace and their accuracy, kept as rounds settle and corrections are
    approved (``payouts.services.dealer_day_totals``); a cache of the records, recomputable
    from them. The round's dealer is the one who opened it.

    Pace: ``rounds`` settled, ``round_ms`` their durations (opening to settlement); ``gaps``
    counts the rounds whose gap before them counts, ``gap_ms`` sums those gaps: the time from
    the table's round before to this one's opening, where that round was settled by the same
    dealer, no chip fill was asked for the table in between, and the gap is shorter than
    ``PACE_GAP_LIMIT_S`` (a longer one is a pause: the table closed, a break, a dispute). A
    round voided after its settlement still counts here: it was dealt.

    Accuracy: the ``retractions`` approved in the rounds and the ``entries_retracted`` (counted
    at the settlement); the ``voids`` and ``payout_corrections`` approved, with what those
    owed the players (``corrected_owed``) and recovered from them (``corrected_recovered``),
    counted on the round's row when approved. A void of a round never settled counts on a row
    of occupancy 0, whose ``rounds`` stay 0.
    """

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField()
    dealer = user_field()
    game = models.CharField(max_length=20, choices=Game.choices)
    occupancy = models.PositiveSmallIntegerField()
    rounds = models.IntegerField(default=0)
    round_ms = models.BigIntegerField(default=0)
    gaps = models.IntegerField(default=0)
    gap_ms = models.BigIntegerField(default=0)
    retractions = models.IntegerField(default=0)
    entries_retracted = models.IntegerField(default=0)
    voids = models.IntegerField(default=0)
    payout_corrections = models.IntegerField(default=0)
    corrected_owed = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    corrected_recovered = models.DecimalField(max_digits=16, decimal_places=2, default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "gaming_day", "dealer", "game", "occupancy"],
                name="dealer_day_totals_one_row",
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=0) & Q(round_ms__gte=0) & Q(gap_ms__gte=0),
                name="dealer_day_totals_pace_nonneg",
            ),
            models.CheckConstraint(
                condition=Q(gaps__gte=0) & Q(gaps__lte=F("rounds")),
                name="dealer_day_totals_gaps_within_rounds",
            ),
            models.CheckConstraint(
                condition=Q(retractions__gte=0)
                & Q(entries_retracted__gte=F("retractions"))
                & Q(voids__gte=0)
                & Q(payout_corrections__gte=0)
                & Q(corrected_owed__gte=0)
                & Q(corrected_recovered__gte=0),
                name="dealer_day_totals_accuracy_nonneg",
            ),
        ]

    def __str__(self) -> str:
        return f"dealer {self.dealer_id} at {self.table_id} on {self.gaming_day}: {self.rounds}"


class HouseEdgeStatus(models.TextChoices):
    PENDING = "pending", "Being computed"
    DONE = "done", "Computed"
    FAILED = "failed", "Could not be computed"


class HouseEdge(models.Model):
    """The house edge of one Russian Poker table configuration, computed from its rules.

    A configuration is a rule-set version, the main and bonus paytable versions, the Ante range,
    the table maximum and the chip unit: what the edge depends on. Requested when a table comes
    to use one (``payouts.services.house_edges``), computed by a Celery task under the named
    player strategy to a 95 % half-width of ``half_width`` (a fraction of the Ante), with one
    :class:`HouseEdgeBand` per band of Antes where the table maximum changes it. ``status``
    moves once, from pending to done or failed (``failure`` says why).
    """

    rule_set = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="+")
    main_paytable = models.ForeignKey(Paytable, on_delete=models.PROTECT, related_name="+")
    bonus_paytable = models.ForeignKey(
        Paytable, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ante_min = models.DecimalField(max_digits=14, decimal_places=2)
    ante_max = models.DecimalField(max_digits=14, decimal_places=2)
    max_payout = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    chip_unit = models.DecimalField(max_digits=12, decimal_places=2)
    strategy = models.CharField(max_length=40)
    half_width = models.DecimalField(max_digits=7, decimal_places=6)
    status = models.CharField(
        max_length=10, choices=HouseEdgeStatus.choices, default=HouseEdgeStatus.PENDING
    )
    requested_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    failure = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=[
                    "rule_set",
                    "main_paytable",
                    "bonus_paytable",
                    "ante_min",
                    "ante_max",
                    "max_payout",
                    "chip_unit",
                    "strategy",
                    "half_width",
                ],
                nulls_distinct=False,
                name="house_edge_one_per_configuration",
            ),
            models.CheckConstraint(
                condition=Q(half_width__gt=0), name="house_edge_half_width_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"house edge of {self.rule_set_id}/{self.main_paytable_id}: {self.status}"


class HouseEdgeBand(models.Model):
    """The house edge of a configuration from one Ante (``ante_from``) up to the next band's.

    ``main_*``: the main game (every line but the bonus) per initial Ante, with its 95 %
    interval; ``main_per_wagered``: per amount wagered. ``report`` is the calculator's whole
    answer (every wager type, how each figure was obtained, rounds, seed, strategy).
    """

    house_edge = models.ForeignKey(HouseEdge, on_delete=models.PROTECT, related_name="bands")
    ante_from = models.DecimalField(max_digits=14, decimal_places=2)
    main_per_ante = models.DecimalField(max_digits=9, decimal_places=6)
    main_low = models.DecimalField(max_digits=9, decimal_places=6)
    main_high = models.DecimalField(max_digits=9, decimal_places=6)
    main_per_wagered = models.DecimalField(max_digits=9, decimal_places=6)
    rounds = models.PositiveBigIntegerField()
    report = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["house_edge", "ante_from"], name="house_edge_band_one_per_ante"
            ),
            models.CheckConstraint(
                condition=Q(main_low__lte=F("main_per_ante"))
                & Q(main_per_ante__lte=F("main_high")),
                name="house_edge_band_value_in_interval",
            ),
        ]
        ordering = ["house_edge", "ante_from"]

    def __str__(self) -> str:
        return f"{self.house_edge_id} from {self.ante_from}: {self.main_per_ante}"
