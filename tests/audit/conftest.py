"""Fixtures of the audit tests: the shared floor with paytables carrying house edges, a Ruby Run
and a Red Dog table, and a real Russian Poker round played through the dealer's API."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest

from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
from tables.engines import validate_rule_settings
from tables.models import Box, Game, Round, RuleSet, Table, TableStatus
from tests.audit.factories import Tablet
from tests.fixtures import *  # noqa: F403
from tests.fixtures import use_paytables
from tests.russian_round import RP01_ROUND


@pytest.fixture
def audit_floor(floor: dict[str, Any]) -> dict[str, Any]:
    """The shared floor, with Russian Poker paytables carrying house edges (main 5 %, bonus
    10 %) at both Russian tables, and a Ruby Run (RR-1) and a Red Dog (RD-1) table in pit A."""
    main = _paytable(
        "std", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=D("0.050000")
    )
    bonus = _paytable(
        "aragon", Game.RUSSIAN_POKER, "bonus", RUSSIAN_BONUS_PAYTABLE, house_edge=D("0.100000")
    )
    russian_rules = RuleSet.objects.create(
        game=Game.RUSSIAN_POKER,
        name="rp audit",
        version=1,
        settings=validate_rule_settings(Game.RUSSIAN_POKER, {}),
    )
    for table in (floor["table"], floor["other_table"]):
        table.rule_set = russian_rules
        table.save()
        use_paytables(table, main, bonus)
    for code, game in (("RR-1", Game.RUBY_RUN), ("RD-1", Game.RED_DOG)):
        rules = RuleSet.objects.create(
            game=game, name=f"{code} rules", version=1, settings=validate_rule_settings(game, {})
        )
        table = Table.objects.create(
            pit=floor["pit"],
            code=code,
            game=game,
            status=TableStatus.OPEN,
            ante_min=D(1),
            ante_max=D(500),
            rule_set=rules,
            boxes=6,
        )
        Box.objects.bulk_create(Box(table=table, number=n) for n in range(1, 7))
        floor[code] = table
    return floor


@pytest.fixture
def play_rp01(client_for: Callable[[str | None], Any]) -> Callable[[Table], Round]:
    """Play RULES 1.13 vector RP01 at a table through the dealer's API, settle it and confirm
    its payouts: Ante 10, Bet 20, the player's pair of eights beats the dealer's ace-king;
    staked 30, paid 50."""

    def play(table: Table) -> Round:
        tablet = Tablet(client_for("dealer"))
        tablet.open(table)
        for action, fields in RP01_ROUND:
            tablet.act(action, **fields)
        tablet.settle()
        return Round.objects.get(pk=tablet.round_id)

    return play
