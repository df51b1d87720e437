"""Hold, theoretical hold and the variance test between them. Pure functions on Decimals.

Percentages are rounded to hundredths of a point, half to even (``PERCENT_ROUNDING``), here
and nowhere else. The variance is the actual hold minus the theoretical hold, in percentage
points; it is flagged when its size exceeds the threshold, which is either

- ``absolute``: a fixed number of percentage points, or
- ``confidence``: ``z`` standard errors of the hold over the period's rounds,
  ``z * sd / sqrt(rounds)`` (in points), where ``sd`` is the standard deviation of one round's
  result per unit staked: the game's figure from its certificate when configured, else the
  sample's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

PERCENT = Decimal("0.01")
PERCENT_ROUNDING = ROUND_HALF_EVEN
HUNDRED = Decimal(100)

ABSOLUTE = "absolute"
CONFIDENCE = "confidence"
MODES = (ABSOLUTE, CONFIDENCE)


def percent(part: Decimal, whole: Decimal) -> Decimal | None:
    """``part`` as a percentage of ``whole``, or ``None`` when ``whole`` is zero.

    >>> percent(Decimal("12.50"), Decimal("250.00"))
    Decimal('5.00')
    >>> percent(Decimal(1), Decimal(3))
    Decimal('33.33')
    """
    if not whole:
        return None
    return (part * HUNDRED / whole).quantize(PERCENT, rounding=PERCENT_ROUNDING)


@dataclass(frozen=True)
class VarianceRule:
    """How a report tests its variance (see the module's docstring)."""

    mode: str
    threshold_pp: Decimal
    z: Decimal


@dataclass(frozen=True)
class Variance:
    variance_pp: Decimal | None
    threshold_pp: Decimal | None
    flagged: bool | None


def variance(
    *,
    hold_pct: Decimal | None,
    theoretical_pct: Decimal | None,
    rounds: int,
    sd: Decimal | None,
    rule: VarianceRule,
) -> Variance:
    """The variance of a hold against its theoretical hold, its threshold, and the verdict.

    ``None`` where a figure is not available: no theoretical hold, no rounds, or (confidence)
    no standard deviation.

    >>> rule = VarianceRule(ABSOLUTE, Decimal("2.00"), Decimal("1.96"))
    >>> variance(hold_pct=Decimal("8.50"), theoretical_pct=Decimal("5.22"), rounds=40,
    ...          sd=None, rule=rule)
    Variance(variance_pp=Decimal('3.28'), threshold_pp=Decimal('2.00'), flagged=True)
    >>> rule = VarianceRule(CONFIDENCE, Decimal("2.00"), Decimal("2"))
    >>> variance(hold_pct=Decimal("8.50"), theoretical_pct=Decimal("5.22"), rounds=100,
    ...          sd=Decimal("0.5"), rule=rule)
    Variance(variance_pp=Decimal('3.28'), threshold_pp=Decimal('10.00'), flagged=False)
    """
    if hold_pct is None or theoretical_pct is None:
        return Variance(None, None, None)
    difference = hold_pct - theoretical_pct
    if rule.mode == ABSOLUTE:
        threshold: Decimal | None = rule.threshold_pp.quantize(PERCENT, PERCENT_ROUNDING)
    elif sd is None or rounds < 1:
        threshold = None
    else:
        threshold = (rule.z * sd * HUNDRED / Decimal(rounds).sqrt()).quantize(
            PERCENT, PERCENT_ROUNDING
        )
    flagged = None if threshold is None else abs(difference) > threshold
    return Variance(difference, threshold, flagged)


def sample_sd(n: int, sx: float | None, sxx: float | None) -> Decimal | None:
    """The sample standard deviation from ``n`` values' sum and sum of squares.

    >>> sample_sd(4, 2.0, 1.5)
    Decimal('0.408248')
    >>> sample_sd(1, 0.1, 0.01) is None
    True
    """
    if n < 2 or sx is None or sxx is None:
        return None
    # Rounding may make a zero variance very slightly negative.
    spread = max((sxx - sx * sx / n) / (n - 1), 0.0)
    return Decimal(repr(spread**0.5)).quantize(Decimal("0.000001"))
