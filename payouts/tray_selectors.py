"""Reading the chip tray: its shifts, their fills, credits and drop, and what the tray holds.

A shift is read from the counts: it starts at a confirmed opener and ends at the next confirmed
closer of the table (none yet: it is open). A slip moves chips when it is received, so a shift
takes the slips received between its opener and its closer that no approved void cancelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection
from django.db.models import Exists, OuterRef, Q, QuerySet, Sum

from casino.core.roles import Role, user_role
from payouts.chips import table_win
from payouts.models import (
    ChipDenomination,
    ChipSlip,
    ChipSlipStep,
    ChipSlipVoid,
    DropCount,
    SlipKind,
    SlipStepKind,
    TrayCount,
    TrayCountKind,
)
from tables.models import Table

_ZERO = Decimal("0.00")


def chip_values(casino_id: int) -> list[Decimal]:
    """The values of the casino's chips."""
    return list(
        ChipDenomination.objects.filter(casino_id=casino_id).values_list("value", flat=True)
    )


def _confirmed(table: Table | int) -> QuerySet[TrayCount]:
    return TrayCount.objects.filter(table=table, decision__confirmed=True)


def shift_open(table: Table | int) -> TrayCount | None:
    """The opener of the table's open shift, or ``None`` when no shift is open."""
    last = _confirmed(table).order_by("-pk").first()
    if last is None or last.kind != TrayCountKind.OPENER:
        return None
    return last


def shift_closer(opener: TrayCount) -> TrayCount | None:
    """The confirmed closer that ended the shift ``opener`` started, if it has ended."""
    return (
        _confirmed(opener.table_id)
        .filter(kind=TrayCountKind.CLOSER, pk__gt=opener.pk)
        .order_by("pk")
        .first()
    )


def shift_drop(opener: TrayCount) -> DropCount | None:
    """The confirmed count of the shift's drop, if counted."""
    return DropCount.objects.filter(shift=opener, decision__confirmed=True).first()


def slips_voided() -> Exists:
    """Whether a slip has an approved void (an expression over ``ChipSlip``)."""
    return Exists(ChipSlipVoid.objects.filter(slip=OuterRef("pk"), decision__approved=True))


def slips_received_between(
    table_id: int, start: TrayCount, end: TrayCount | None
) -> QuerySet[ChipSlip]:
    """The table's slips received at or after ``start`` was counted and before ``end`` was
    (``None``: until now), not voided."""
    received = Q(steps__step=SlipStepKind.RECEIVED, steps__at__gte=start.counted_at)
    if end is not None:
        received &= Q(steps__at__lt=end.counted_at)
    return (
        ChipSlip.objects.filter(table_id=table_id)
        .filter(received)
        .annotate(voided=slips_voided())
        .filter(voided=False)
    )


@dataclass(frozen=True)
class ShiftFigures:
    """A shift's tray figures and the win they give (``payouts.chips.table_win``)."""

    opener: Decimal
    closer: Decimal
    fills: Decimal
    credits: Decimal
    drop: Decimal

    @property
    def win(self) -> Decimal:
        return table_win(
            opener=self.opener,
            closer=self.closer,
            fills=self.fills,
            credits=self.credits,
            drop=self.drop,
        )


def shift_figures(opener: TrayCount, closer: TrayCount, drop: DropCount) -> ShiftFigures:
    """The figures of a complete shift."""
    sums = slips_received_between(opener.table_id, opener, closer).aggregate(
        fills=Sum("amount", filter=Q(kind=SlipKind.FILL)),
        credits=Sum("amount", filter=Q(kind=SlipKind.CREDIT)),
    )
    return ShiftFigures(
        opener=opener.total,
        closer=closer.total,
        fills=sums["fills"] or _ZERO,
        credits=sums["credits"] or _ZERO,
        drop=drop.cash + drop.markers,
    )


def slip_status(slip: ChipSlip) -> str:
    """``voided``, ``void_pending``, else the last step done (``requested`` at first)."""
    voids = list(slip.voids.all())
    if any(getattr(v, "decision", None) is not None and v.decision.approved for v in voids):
        return "voided"
    if any(not hasattr(v, "decision") for v in voids):
        return "void_pending"
    steps = [step.step for step in slip.steps.all()]
    for step in (SlipStepKind.RECEIVED, SlipStepKind.ISSUED, SlipStepKind.APPROVED):
        if step in steps:
            return str(step)
    return "requested"


SLIP_STATUSES = ("requested", "approved", "issued", "received", "void_pending", "voided")


def slip_queryset() -> QuerySet[ChipSlip]:
    return ChipSlip.objects.select_related("table", "requested_by").prefetch_related(
        "steps__actor", "voids__decision", "voids__requested_by"
    )


def tray_counts(table: Table | int, *, limit: int = 20) -> list[TrayCount]:
    """The table's latest counts, newest first, with their decisions."""
    return list(
        TrayCount.objects.filter(table=table)
        .select_related("counted_by", "decision__decided_by")
        .order_by("-pk")[:limit]
    )


def slip_list(
    *, user: Any, table: int | None = None, status: str | None = None, limit: int = 100
) -> list[ChipSlip]:
    """Slips newest first: a pit boss's of the own pits, everyone else's (the cage,
    auditors, admins) all. ``status`` is :func:`slip_status`'s."""
    slips = slip_queryset().order_by("-pk")
    if user_role(user) is Role.PIT_BOSS:
        slips = slips.filter(table__pit__supervisors=user)
    if table is not None:
        slips = slips.filter(table_id=table)
    if status is not None:
        slips = slips.filter(_status_is(status))
    return list(slips[:limit])


def _status_is(status: str) -> Q:
    """Slips of :func:`slip_status` ``status``, decided in SQL (the same order of precedence:
    a void first, then the last step done)."""
    voids = ChipSlipVoid.objects.filter(slip=OuterRef("pk"))
    voided = Q(Exists(voids.filter(decision__approved=True)))
    void_pending = Q(Exists(voids.filter(decision__isnull=True))) & ~voided
    unvoided = ~voided & ~void_pending

    def done(step: str) -> Q:
        return Q(Exists(ChipSlipStep.objects.filter(slip=OuterRef("pk"), step=step)))

    approved = done(SlipStepKind.APPROVED)
    issued = done(SlipStepKind.ISSUED)
    received = done(SlipStepKind.RECEIVED)
    by_status = {
        "voided": voided,
        "void_pending": void_pending,
        "received": unvoided & received,
        "issued": unvoided & issued & ~received,
        "approved": unvoided & approved & ~issued,
        "requested": unvoided & ~approved,
    }
    return by_status[status]


@dataclass(frozen=True)
class Tray:
    """A table's tray at a glance: its open shift, its latest counts, the slips since."""

    table: int
    shift: TrayCount | None
    counts: list[TrayCount]
    slips: list[ChipSlip]
    #: The openers of the table's closed shifts whose drop is not confirmed yet, oldest first.
    awaiting_drop: list[TrayCount]
    #: Drop counts of the table waiting for their confirmation.
    drops_pending: list[DropCount]
    #: The casino's chips, lowest value first: what a count or a slip names.
    chips: list[ChipDenomination]
    #: Each closed shift's (by its opener) currency bought in at the table and recorded there:
    #: what its drop box should hold, beside the count.
    recorded_cash_in: dict[int, Decimal]


def tray_of(table: Table) -> Tray:
    shift = shift_open(table)
    counts = tray_counts(table)
    slips = slip_queryset().filter(table=table)
    if shift is not None:
        slips = slips.filter(requested_at__gte=shift.counted_at)
    elif counts:
        slips = slips.filter(requested_at__gte=counts[0].counted_at)
    awaiting = shifts_awaiting_drop(table)
    pending = list(
        DropCount.objects.filter(table=table, decision__isnull=True)
        .select_related("counted_by", "shift")
        .order_by("pk")
    )
    return Tray(
        table=table.pk,
        shift=shift,
        counts=counts,
        slips=list(slips.order_by("pk")),
        awaiting_drop=awaiting,
        drops_pending=pending,
        chips=list(
            ChipDenomination.objects.filter(casino_id=table.pit.casino_id).order_by("value")
        ),
        recorded_cash_in=shifts_cash_in(table, [*awaiting, *(d.shift for d in pending)]),
    )


def shifts_cash_in(table: Table, openers: list[TrayCount]) -> dict[int, Decimal]:
    """The currency bought in at ``table`` and recorded there during each closed shift of
    ``openers`` (by opener), from what the patrons app publishes (``patrons_table_cash_in``):
    one statement for them all."""
    spans = [
        (opener.pk, opener.counted_at, closer.counted_at)
        for opener in openers
        if (closer := shift_closer(opener)) is not None
    ]
    if not spans:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT s.shift, coalesce(sum(c.amount), 0)
            FROM unnest(%s::bigint[], %s::timestamptz[], %s::timestamptz[])
                AS s(shift, since, until)
            LEFT JOIN patrons_table_cash_in c
              ON c.table_id = %s AND c.recorded_at >= s.since AND c.recorded_at < s.until
            GROUP BY s.shift
            """,
            [[s[0] for s in spans], [s[1] for s in spans], [s[2] for s in spans], table.pk],
        )
        return dict(cursor.fetchall())


def shifts_awaiting_drop(table: Table) -> list[TrayCount]:
    """The openers of the table's closed shifts whose drop is neither counted nor being
    counted, oldest first."""
    drops = DropCount.objects.filter(shift=OuterRef("pk"))
    openers = (
        _confirmed(table)
        .filter(kind=TrayCountKind.OPENER)
        # Counted (confirmed) or being counted (waiting for its confirmation): not awaited.
        .annotate(
            counted=Exists(drops.filter(decision__confirmed=True)),
            counting=Exists(drops.filter(decision__isnull=True)),
        )
        .filter(counted=False, counting=False)
        .select_related("counted_by", "decision__decided_by")
        .order_by("pk")
    )
    return [opener for opener in openers if shift_closer(opener) is not None]
