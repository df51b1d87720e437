"""The terms a round is played under besides the rule set: the paytables and the table's limits.

Both are frozen and validated on construction, so the engine never meets a paytable line it does
not know or a limit that cannot work.

>>> from decimal import Decimal as D
>>> paytables = Paytables.standard(bonus={"straight": D(40)})
>>> paytables.main["royal_flush"], paytables.bonus_multiplier("straight")
(Decimal('100'), Decimal('40'))
>>> paytables.bonus_multiplier("pair")  # a line missing from a paytable pays nothing
Decimal('0')
>>> Paytables.from_dict(paytables.to_dict()) == paytables
True
>>> TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(5000), chip_unit=D(1)).max_payout
Decimal('5000')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from casino.games.errors import GameError
from casino.games.money import ZERO, is_chip_multiple, to_decimal
from casino.games.russian.codes import LIMITS_INVALID, PAYTABLE_INVALID
from casino.games.russian_hands import STANDARD_PAYTABLE, Line

_LINE_NAMES = frozenset(line.value for line in Line)


@dataclass(frozen=True)
class Paytables:
    """The main paytable (multiples of the Bet) and the optional bonus paytable (of the bonus
    stake), each keyed by :class:`~casino.games.russian_hands.Line` value and paying "to 1".

    A line missing from a paytable pays nothing; ``bonus=None`` means the table offers no bonus
    bet. Multipliers may be given as ``Decimal``, ``int`` or numeric ``str`` and are stored as
    ``Decimal`` in read-only mappings.

    :raises GameError: ``paytable_invalid`` (``data["table"]``, ``data["line"]``).
    """

    main: Mapping[str, Decimal]
    bonus: Mapping[str, Decimal] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "main", _paytable("main", self.main))
        if self.bonus is not None:
            object.__setattr__(self, "bonus", _paytable("bonus", self.bonus))

    def __hash__(self) -> int:
        bonus = None if self.bonus is None else frozenset(self.bonus.items())
        return hash((frozenset(self.main.items()), bonus))

    @classmethod
    def standard(cls, bonus: Mapping[str, Any] | None = None) -> Paytables:
        """RULES A.1's main paytable, with the given bonus paytable (none by default)."""
        main = {line.value: Decimal(m) for line, m in STANDARD_PAYTABLE.items()}
        return cls(main=main, bonus=bonus)

    def main_multiplier(self, line: Line | str) -> Decimal:
        return self.main.get(str(line), ZERO)

    def bonus_multiplier(self, line: Line | str) -> Decimal:
        return ZERO if self.bonus is None else self.bonus.get(str(line), ZERO)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form: multipliers as strings."""
        return {
            "main": {line: str(m) for line, m in self.main.items()},
            "bonus": None if self.bonus is None else {k: str(m) for k, m in self.bonus.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Paytables:
        """Inverse of :meth:`to_dict`. :raises GameError: ``paytable_invalid``."""
        if not isinstance(data, Mapping) or "main" not in data:
            raise GameError(PAYTABLE_INVALID, "Paytables need a 'main' table", table="main")
        return cls(main=data["main"], bonus=data.get("bonus"))


def _paytable(table: str, raw: object) -> Mapping[str, Decimal]:
    if not isinstance(raw, Mapping):
        raise GameError(PAYTABLE_INVALID, f"The {table} paytable is a mapping", table=table)
    lines: dict[str, Decimal] = {}
    for key, value in raw.items():
        line = str(key)
        if line not in _LINE_NAMES:
            raise GameError(
                PAYTABLE_INVALID, f"{table} paytable: unknown line {key!r}", table=table, line=line
            )
        try:
            multiplier = to_decimal(value, field=line, code=PAYTABLE_INVALID)
        except GameError as err:
            raise GameError(PAYTABLE_INVALID, err.message, table=table, line=line) from None
        if multiplier < ZERO:
            raise GameError(
                PAYTABLE_INVALID,
                f"{table} paytable: {line} pays a negative multiple",
                table=table,
                line=line,
            )
        lines[line] = multiplier
    return MappingProxyType(lines)


@dataclass(frozen=True)
class TableLimits:
    """The table's Ante limits, its maximum payout (``None``: no maximum), its chip unit and
    its bonus limits.

    Every limit is a positive whole number of chips and each minimum is at most its maximum.
    ``bonus_min`` and ``bonus_max`` are set together or not at all: a table without them offers
    no bonus bet (RULES A.1). ``bonus_limited`` says whether the round pinned bonus limits at
    all: a round opened before they were pinned (none in its terms) took a bonus of any amount,
    and is replayed as it was played.

    >>> from decimal import Decimal as D
    >>> limits = TableLimits(D(10), D(500), None, D(1), bonus_min=D(5), bonus_max=D(100))
    >>> limits.bonus_limited, TableLimits.from_dict(limits.to_dict()) == limits
    (True, True)

    :raises GameError: ``limits_invalid`` (``data["field"]``).
    """

    ante_min: Decimal
    ante_max: Decimal
    max_payout: Decimal | None
    chip_unit: Decimal
    bonus_min: Decimal | None = None
    bonus_max: Decimal | None = None
    bonus_limited: bool = False

    def __post_init__(self) -> None:
        unit = self._positive("chip_unit", self.chip_unit)
        if self.bonus_min is not None or self.bonus_max is not None:
            object.__setattr__(self, "bonus_limited", True)
        for name in ("ante_min", "ante_max", "max_payout", "bonus_min", "bonus_max"):
            value = getattr(self, name)
            if value is None and name in _OPTIONAL_LIMITS:
                continue
            amount = self._positive(name, value)
            if not is_chip_multiple(amount, unit):
                raise GameError(
                    LIMITS_INVALID, f"{name} is not a whole number of chips", field=name
                )
            object.__setattr__(self, name, amount)
        if self.ante_min > self.ante_max:
            raise GameError(LIMITS_INVALID, "ante_min is above ante_max", field="ante_min")
        if (self.bonus_min is None) != (self.bonus_max is None):
            raise GameError(
                LIMITS_INVALID, "bonus_min and bonus_max are set together", field="bonus_min"
            )
        if self.bonus_min is not None and self.bonus_max is not None:
            if self.bonus_min > self.bonus_max:
                raise GameError(LIMITS_INVALID, "bonus_min is above bonus_max", field="bonus_min")

    def _positive(self, name: str, value: object) -> Decimal:
        amount = to_decimal(value, field=name, code=LIMITS_INVALID)
        if amount <= ZERO:
            raise GameError(LIMITS_INVALID, f"{name} must be positive", field=name)
        object.__setattr__(self, name, amount)
        return amount

    @property
    def offers_bonus(self) -> bool:
        """Whether the limits allow a bonus bet (a round that pinned none allowed any)."""
        return not self.bonus_limited or self.bonus_max is not None

    def to_dict(self) -> dict[str, Any]:
        limits: dict[str, Any] = {
            "ante_min": str(self.ante_min),
            "ante_max": str(self.ante_max),
            "max_payout": None if self.max_payout is None else str(self.max_payout),
            "chip_unit": str(self.chip_unit),
        }
        if self.bonus_limited:
            limits["bonus_min"] = None if self.bonus_min is None else str(self.bonus_min)
            limits["bonus_max"] = None if self.bonus_max is None else str(self.bonus_max)
        return limits

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, max_payout: str = "max_payout") -> TableLimits:
        """Inverse of :meth:`to_dict`; ``max_payout`` names the maximum payout's key (a round's
        pinned limits call it ``max_table_payout``). :raises GameError: ``limits_invalid``
        (``data["field"]``: the limit missing)."""
        try:
            return cls(
                ante_min=data["ante_min"],
                ante_max=data["ante_max"],
                max_payout=data.get(max_payout),
                chip_unit=data["chip_unit"],
                bonus_min=data.get("bonus_min"),
                bonus_max=data.get("bonus_max"),
                bonus_limited="bonus_max" in data or "bonus_min" in data,
            )
        except KeyError as missing:
            name = str(missing.args[0])
            raise GameError(LIMITS_INVALID, f"Missing limit: {name}", field=name) from None
        except TypeError as err:
            raise GameError(LIMITS_INVALID, f"Missing limit: {err}", field=str(err)) from None


#: The limits a table may leave unset.
_OPTIONAL_LIMITS = frozenset({"max_payout", "bonus_min", "bonus_max"})
