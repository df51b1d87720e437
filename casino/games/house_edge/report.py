"""The calculator's answer: each figure with how it was obtained.

A :class:`Figure` is the house's expected result on one wager type (or the game as a whole),
both **per initial Ante** (what a rating multiplies by the Antes a player staked) and **per
amount wagered** on it (the "element of risk": what the house keeps of every chip that went on
that line, fees included where they are staked). Every figure says its :class:`Method`: exact
(counted over every hand, with the count) or simulated (with its 95 % interval and the number of
rounds). A positive figure is the house's gain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any

from casino.games.house_edge.estimate import Estimate

#: Figures are fractions of one (0.052 is 5.2 %), given to this many places.
PLACES = Decimal("0.000001")


class Method(StrEnum):
    EXACT = "exact"
    SIMULATED = "simulated"


@dataclass(frozen=True)
class Value:
    """One number of a figure: its value, and for a simulated one its 95 % interval."""

    value: Decimal
    low: Decimal | None = None
    high: Decimal | None = None
    exact: Fraction | None = None

    @classmethod
    def of_fraction(cls, value: Fraction) -> Value:
        return cls(_decimal(value), exact=value)

    @classmethod
    def of_estimate(cls, estimate: Estimate, scale: float = 1.0) -> Value:
        return cls(
            _decimal(estimate.value * scale),
            _decimal(estimate.low * scale),
            _decimal(estimate.high * scale),
        )

    def contains(self, value: Decimal) -> bool:
        """Whether ``value`` lies in the interval (an exact value must equal it to the places)."""
        if self.low is None or self.high is None:
            return self.value == value.quantize(PLACES)
        return self.low <= value <= self.high

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Value:
        """The value :meth:`to_dict` wrote."""
        low, high, exact = data.get("low"), data.get("high"), data.get("exact")
        return cls(
            Decimal(data["value"]),
            None if low is None else Decimal(low),
            None if high is None else Decimal(high),
            None if exact is None else Fraction(exact),
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"value": str(self.value)}
        if self.low is not None:
            data["low"], data["high"] = str(self.low), str(self.high)
        if self.exact is not None:
            data["exact"] = f"{self.exact.numerator}/{self.exact.denominator}"
        return data


@dataclass(frozen=True)
class Figure:
    """The house's expected result on one wager type or on the game.

    ``per_ante``: expected house result per round ÷ the initial Ante. ``per_wagered``: expected
    house result ÷ expected amount staked on it (``None`` when nothing is staked on it, as on
    insurance under a strategy that never insures). ``wagered_per_ante``: the expected amount
    staked on it per round ÷ the Ante. ``rounds`` is the number of simulated rounds, or for an
    exact figure the number of hands counted.
    """

    name: str
    method: Method
    per_ante: Value
    per_wagered: Value | None
    wagered_per_ante: Value
    rounds: int
    note: str = ""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Figure:
        """The figure :meth:`to_dict` wrote."""
        per_wagered = data["per_wagered"]
        return cls(
            name=data["name"],
            method=Method(data["method"]),
            per_ante=Value.from_dict(data["per_ante"]),
            per_wagered=None if per_wagered is None else Value.from_dict(per_wagered),
            wagered_per_ante=Value.from_dict(data["wagered_per_ante"]),
            rounds=data["rounds"],
            note=data["note"],
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "method": self.method.value,
            "per_ante": self.per_ante.to_dict(),
            "per_wagered": None if self.per_wagered is None else self.per_wagered.to_dict(),
            "wagered_per_ante": self.wagered_per_ante.to_dict(),
            "rounds": self.rounds,
            "note": self.note,
        }


@dataclass(frozen=True)
class EdgeReport:
    """Everything one calculation found.

    ``lines`` has one figure per wager type (the engine's line kinds: ``ante``, ``bet``,
    ``bonus``, ``insurance``, ``exchange_fee``, ``sixth_card_fee``, ``buy_game_fee``);
    ``main_game`` is every line but the bonus, ``with_bonus`` every line with the bonus at the
    calculation's bonus stake. ``extra`` holds further figures: what the second combination pays,
    insurance per unit insured where a box could insure, the dealer's chance of a game.
    ``variance_saving`` is the share of rounds the variance reduction saved on the main game.
    """

    terms: dict[str, Any]
    strategy: dict[str, Any]
    lines: dict[str, Figure]
    main_game: Figure
    with_bonus: Figure | None
    extra: dict[str, Figure] = field(default_factory=dict)
    rounds: int = 0
    seed: int = 0
    variance_saving: Decimal = Decimal(0)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EdgeReport:
        """The report :meth:`to_dict` wrote (as kept with a computed house edge)."""
        with_bonus = data["with_bonus"]
        return cls(
            terms=data["terms"],
            strategy=data["strategy"],
            lines={name: Figure.from_dict(f) for name, f in data["lines"].items()},
            main_game=Figure.from_dict(data["main_game"]),
            with_bonus=None if with_bonus is None else Figure.from_dict(with_bonus),
            extra={name: Figure.from_dict(f) for name, f in data["extra"].items()},
            rounds=data["rounds"],
            seed=data["seed"],
            variance_saving=Decimal(data["variance_saving"]),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "terms": self.terms,
            "strategy": self.strategy,
            "lines": {name: figure.to_dict() for name, figure in self.lines.items()},
            "main_game": self.main_game.to_dict(),
            "with_bonus": None if self.with_bonus is None else self.with_bonus.to_dict(),
            "extra": {name: figure.to_dict() for name, figure in self.extra.items()},
            "rounds": self.rounds,
            "seed": self.seed,
            "variance_saving": str(self.variance_saving),
        }

    def table(self) -> list[str]:
        """The figures as text lines, percentages with their intervals."""
        rows = [self.main_game, *self.lines.values()]
        if self.with_bonus is not None:
            rows.append(self.with_bonus)
        rows.extend(self.extra.values())
        return [_row(figure) for figure in rows]


def _row(figure: Figure) -> str:
    per_wagered = "-" if figure.per_wagered is None else _percent(figure.per_wagered)
    how = (
        f"exact over {figure.rounds:,} hands"
        if figure.method is Method.EXACT
        else f"simulated, {figure.rounds:,} rounds"
    )
    return (
        f"{figure.name}: {_percent(figure.per_ante)} of the Ante, {per_wagered} of the amount "
        f"wagered on it ({_percent(figure.wagered_per_ante)} of the Ante wagered); {how}"
    )


def _percent(value: Value) -> str:
    text = f"{value.value * 100:.3f} %"
    if value.low is not None and value.high is not None:
        text += f" [{value.low * 100:.3f}, {value.high * 100:.3f}]"
    return text


def _decimal(value: Fraction | float) -> Decimal:
    if isinstance(value, Fraction):
        return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(PLACES)
    return Decimal(repr(value)).quantize(PLACES)
