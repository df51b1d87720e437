"""The table's chip inventory: chip denominations, tray counts, fills and credits, the drop.

Everything here is history: rows are added, never changed or deleted (the database refuses
both), and every step is a row of its own by its own person. A count is entered by one person
and confirmed (or rejected) by another; a fill or credit slip is requested, approved, issued
and received by four different people, and voided only by a void asked for by one and
approved by another. What the tray holds, and the table's win, are read from these rows
(``payouts.tray_selectors``); a complete shift's win is set beside its rounds' house result
(:class:`ShiftReconciliation`, ``payouts.services.reconciliation``).

The tables keep the names they were made with, when the tray was the tables app's
(``tables_*``) and its reconciliation the audit app's (``audit_shiftreconciliation``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q

from casino.core.fields import user_field

_MONEY = {"max_digits": 16, "decimal_places": 2}


class ChipDenomination(models.Model):
    """A chip of the casino's set: its value and colour. Configuration, changed by admins
    (each change in the casino's audit stream); a denomination in use is never deleted."""

    casino = models.ForeignKey("tables.Casino", on_delete=models.PROTECT, related_name="chips")
    value = models.DecimalField(max_digits=12, decimal_places=2)
    colour = models.CharField(max_length=30)

    class Meta:
        db_table = "tables_chipdenomination"
        constraints = [
            models.CheckConstraint(condition=Q(value__gt=0), name="chip_value_positive"),
            models.UniqueConstraint(fields=["casino", "value"], name="chip_value_once_per_casino"),
        ]
        ordering = ["casino_id", "value"]

    def __str__(self) -> str:
        return f"{self.value} ({self.colour})"


class TrayCountKind(models.TextChoices):
    OPENER = "opener", "Opener: the tray when the shift starts"
    CLOSER = "closer", "Closer: the tray when the shift ends"


class TrayCount(models.Model):
    """A count of a table's tray, chip by chip (``chips``: value as text -> number of chips),
    entered at the table and confirmed by a second person (:class:`TrayCountDecision`).

    A confirmed opener starts a shift; the next confirmed closer at the table ends it. A
    rejected count counts for nothing: the table counts again.
    """

    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="tray_counts")
    kind = models.CharField(max_length=10, choices=TrayCountKind.choices)
    chips = models.JSONField(help_text='Chips by value: {"5.00": 40, "25.00": 12}.')
    total = models.DecimalField(**_MONEY)
    gaming_day = models.DateField()
    counted_by = user_field()
    counted_at = models.DateTimeField()
    note = models.TextField(blank=True)
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        db_table = "tables_traycount"
        constraints = [
            models.CheckConstraint(condition=Q(total__gte=0), name="tray_count_total_nonneg")
        ]
        indexes = [models.Index(fields=["table", "counted_at"], name="tray_count_table_time_idx")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.kind} of {self.table_id}: {self.total}"


class SecondPersonDecision(models.Model):
    """What every decision on someone else's step records: who decided, when, their note, and
    the audit row that recorded it. The database refuses a decision by the step's own author
    (each table's trigger)."""

    decided_by = user_field()
    decided_at = models.DateTimeField()
    note = models.TextField(blank=True)
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        abstract = True
        ordering = ["id"]


class TrayCountDecision(SecondPersonDecision):
    """The confirmation, or rejection, of a count by someone other than its counter (the
    database refuses the counter). One per count."""

    count = models.OneToOneField(TrayCount, on_delete=models.PROTECT, related_name="decision")
    confirmed = models.BooleanField()

    class Meta(SecondPersonDecision.Meta):
        db_table = "tables_traycountdecision"

    def __str__(self) -> str:
        return f"count {self.count_id} {'confirmed' if self.confirmed else 'rejected'}"


class SlipKind(models.TextChoices):
    FILL = "fill", "Fill: chips brought from the cage to the table"
    CREDIT = "credit", "Credit: chips taken from the table back to the cage"


class SlipStepKind(models.TextChoices):
    """The steps after the request, in their order. A fill is received at the table, a credit
    at the cage."""

    APPROVED = "approved", "Approved by a pit boss"
    ISSUED = "issued", "Issued by the cage"
    RECEIVED = "received", "Received"


class ChipSlip(models.Model):
    """A fill or credit slip, numbered per casino (``number``), asked for at a table.

    Its steps are rows of their own (:class:`ChipSlipStep`), each by a different person, the
    requester included; it moves chips when received. It is never edited: a wrong slip is
    voided (:class:`ChipSlipVoid`) and another one made.
    """

    casino = models.ForeignKey("tables.Casino", on_delete=models.PROTECT, related_name="+")
    number = models.PositiveIntegerField()
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="chip_slips")
    kind = models.CharField(max_length=10, choices=SlipKind.choices)
    chips = models.JSONField(help_text='Chips by value: {"25.00": 20}.')
    amount = models.DecimalField(**_MONEY)
    requested_by = user_field()
    requested_at = models.DateTimeField()
    gaming_day = models.DateField()
    note = models.TextField(blank=True)
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        db_table = "tables_chipslip"
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="chip_slip_amount_positive"),
            models.UniqueConstraint(fields=["casino", "number"], name="chip_slip_number_once"),
        ]
        indexes = [models.Index(fields=["table", "requested_at"], name="chip_slip_table_time_idx")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.kind} slip {self.number}: {self.amount}"


class ChipSlipStep(models.Model):
    """One step of a slip after its request. The database keeps each step once per slip, in
    order, and each by a person who took no other step of the slip (nor asked for it)."""

    slip = models.ForeignKey(ChipSlip, on_delete=models.PROTECT, related_name="steps")
    step = models.CharField(max_length=10, choices=SlipStepKind.choices)
    actor = user_field()
    actor_role = models.CharField(max_length=20)
    at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        db_table = "tables_chipslipstep"
        constraints = [
            models.UniqueConstraint(fields=["slip", "step"], name="chip_slip_step_once"),
            models.UniqueConstraint(fields=["slip", "actor"], name="chip_slip_step_other_person"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"slip {self.slip_id} {self.step}"


class ChipSlipVoid(models.Model):
    """A void of a slip, asked for with a reason; it takes effect when another person approves
    it (:class:`ChipSlipVoidDecision`). One open void per slip."""

    slip = models.ForeignKey(ChipSlip, on_delete=models.PROTECT, related_name="voids")
    reason = models.TextField()
    requested_by = user_field()
    requested_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        db_table = "tables_chipslipvoid"
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="chip_slip_void_reason")
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"void of slip {self.slip_id}"


class ChipSlipVoidDecision(SecondPersonDecision):
    """The approval or rejection of a void, by someone other than who asked for it."""

    void = models.OneToOneField(ChipSlipVoid, on_delete=models.PROTECT, related_name="decision")
    approved = models.BooleanField()

    class Meta(SecondPersonDecision.Meta):
        db_table = "tables_chipslipvoiddecision"

    def __str__(self) -> str:
        return f"void {self.void_id} {'approved' if self.approved else 'rejected'}"


class DropCount(models.Model):
    """What one shift's drop box held (cash and markers), counted by the count team and
    confirmed by a second person (:class:`DropCountDecision`). ``shift`` is the opener that
    started the shift; the box is changed when the shift closes."""

    shift = models.ForeignKey(TrayCount, on_delete=models.PROTECT, related_name="drops")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    cash = models.DecimalField(**_MONEY)
    markers = models.DecimalField(**_MONEY, default=0)
    counted_by = user_field()
    counted_at = models.DateTimeField()
    gaming_day = models.DateField()
    note = models.TextField(blank=True)
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        db_table = "tables_dropcount"
        constraints = [
            models.CheckConstraint(condition=Q(cash__gte=0), name="drop_cash_nonneg"),
            models.CheckConstraint(condition=Q(markers__gte=0), name="drop_markers_nonneg"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"drop of shift {self.shift_id}: {self.cash} + {self.markers}"


class DropCountDecision(SecondPersonDecision):
    """The confirmation, or rejection, of a drop count by someone other than its counter."""

    drop = models.OneToOneField(DropCount, on_delete=models.PROTECT, related_name="decision")
    confirmed = models.BooleanField()

    class Meta(SecondPersonDecision.Meta):
        db_table = "tables_dropcountdecision"

    def __str__(self) -> str:
        return f"drop {self.drop_id} {'confirmed' if self.confirmed else 'rejected'}"


class ShiftReconciliation(models.Model):
    """A complete shift at a table: its win from the tray and the drop, set beside the house
    result of the rounds recorded in the same period (``payouts.services.reconciliation``).

    Written once, when the shift becomes complete (its closer and its drop confirmed), and
    never changed. ``difference`` is the win less the rounds' house result: chips that moved
    without a round saying so (positive: the tray holds more than the rounds left it).
    """

    opener = models.OneToOneField(
        "payouts.TrayCount", on_delete=models.PROTECT, related_name="reconciliation"
    )
    closer = models.OneToOneField("payouts.TrayCount", on_delete=models.PROTECT, related_name="+")
    drop = models.OneToOneField("payouts.DropCount", on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+")
    gaming_day = models.DateField(help_text="The gaming day of the closer.")
    opener_total = models.DecimalField(max_digits=16, decimal_places=2)
    closer_total = models.DecimalField(max_digits=16, decimal_places=2)
    fills = models.DecimalField(max_digits=16, decimal_places=2)
    credits = models.DecimalField(max_digits=16, decimal_places=2)
    drop_total = models.DecimalField(max_digits=16, decimal_places=2)
    win = models.DecimalField(max_digits=16, decimal_places=2)
    rounds = models.PositiveIntegerField()
    house_result = models.DecimalField(max_digits=16, decimal_places=2)
    difference = models.DecimalField(max_digits=16, decimal_places=2)
    tolerance = models.DecimalField(max_digits=16, decimal_places=2)
    within_tolerance = models.BooleanField()
    reconciled_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        db_table = "audit_shiftreconciliation"
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    win=F("closer_total")
                    - F("opener_total")
                    + F("credits")
                    - F("fills")
                    + F("drop_total")
                ),
                name="shift_reconciliation_win_formula",
            ),
            models.CheckConstraint(
                condition=Q(difference=F("win") - F("house_result")),
                name="shift_reconciliation_difference",
            ),
        ]
        indexes = [models.Index(fields=["gaming_day", "table"], name="shift_recon_day_table_idx")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"shift {self.opener_id} at {self.table_id}: {self.difference}"
