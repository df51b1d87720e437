"""A table's limits: the one judgement of whether they can be played, made when they are set
and again when a round opens, and which changes of them need a second person.

Every limit set is a positive whole number of chips (the chip unit itself positive), each
minimum is at most its maximum, and the bonus bet's two limits are set together or not at all.
The engines read the limits a round pinned with their own checks too (Russian Poker's
``TableLimits``, the pot games' ``SeatingLimits``); these rules are what they accept, so limits
that pass here never make a round unplayable.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from casino.core.errors import ApiError
from casino.games.codes import GameCode
from tables.models import Table

LIMIT_FIELDS = (
    "ante_min",
    "ante_max",
    "bet_min",
    "bet_max",
    "max_table_payout",
    "bonus_min",
    "bonus_max",
    "stack_min",
    "stack_max",
)
#: The limits that may be unset (null): no minimum or maximum bet, no maximum payout, no bonus
#: bet, no bounds on the chips a player brings to a pot game's seat beyond the rule set's.
_OPTIONAL = frozenset(
    {"bet_min", "bet_max", "max_table_payout", "bonus_min", "bonus_max", "stack_min", "stack_max"}
)
#: Each minimum and the maximum it may not exceed.
_PAIRS = (
    ("ante_min", "ante_max"),
    ("bet_min", "bet_max"),
    ("bonus_min", "bonus_max"),
    ("stack_min", "stack_max"),
)


def verify_limits(table: Table) -> None:
    """Refuse limits that cannot be played at ``table``: a limit not positive or not a whole
    number of chips, a minimum above its maximum, one bonus limit without the other.

    :raises ApiError: ``limits_invalid`` (400) naming the ``field``.
    """
    if table.chip_unit is None or table.chip_unit <= 0:
        raise ApiError(GameCode.LIMITS_INVALID, "chip_unit must be positive.", field="chip_unit")
    for name in LIMIT_FIELDS:
        value = getattr(table, name)
        if value is None:
            if name in _OPTIONAL:
                continue
            raise ApiError(GameCode.LIMITS_INVALID, f"{name} must be set.", field=name)
        if value <= 0:
            raise ApiError(GameCode.LIMITS_INVALID, f"{name} must be positive.", field=name)
        if value % table.chip_unit != 0:
            raise ApiError(
                GameCode.LIMITS_INVALID,
                f"{name} is not a multiple of the chip unit {table.chip_unit}.",
                field=name,
            )
    for low_name, high_name in _PAIRS:
        low, high = getattr(table, low_name), getattr(table, high_name)
        if low is not None and high is not None and low > high:
            raise ApiError(
                GameCode.LIMITS_INVALID, f"{low_name} is above {high_name}.", field=low_name
            )
    if (table.bonus_min is None) != (table.bonus_max is None):
        missing = "bonus_min" if table.bonus_min is None else "bonus_max"
        raise ApiError(
            GameCode.LIMITS_INVALID,
            "A bonus bet has both limits or none (none: the table offers no bonus bet).",
            field=missing,
        )


def needs_second_person(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    """Whether a change of limits from ``before`` to ``after`` (the changed fields, as
    :func:`limit_value` states them) waits for a second person's approval: it removes the
    maximum table payout, or raises it. Lowering it, or setting one where there was none,
    protects the house and applies at once, as every other change of limits does.
    """
    if "max_table_payout" not in after:
        return False
    old, new = before.get("max_table_payout"), after["max_table_payout"]
    if new is None:
        return old is not None
    return old is not None and Decimal(new) > Decimal(old)


def limit_value(value: Decimal | None) -> str | None:
    """A limit as the audit trail and the requests state it: two decimal places, or null."""
    return None if value is None else str(Decimal(value).quantize(Decimal("0.01")))
