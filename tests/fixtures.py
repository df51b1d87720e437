"""Fixtures of the database tests: a small floor, one user per role, API clients acting as them.

Imported by the conftest of each folder whose tests use the database; the engine tests
(``tests/games``) need no Django at all.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable
from decimal import Decimal as D
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from casino.core.roles import Role
from casino.games.registry import GAMES
from casino.games.russian import Paytables
from casino.identity.models import DeviceToken, EvidenceKind, Qualification, hash_token
from payouts.models import Paytable, PaytableKind, PaytableLine, TablePaytable
from tables.models import Box, Casino, DealerAssignment, Game, Pit, RuleSet, Table, TableStatus
from tests.clock import DEFAULT_TIME_ZONE, TIME_ZONE_VARIABLE


def main_paytable(name: str = "rp-main", version: int = 1) -> Paytable:
    """A Russian Poker main paytable of the standard lines (no certified house edge)."""
    paytable = Paytable.objects.create(
        game=Game.RUSSIAN_POKER, kind=PaytableKind.MAIN, name=name, version=version
    )
    PaytableLine.objects.bulk_create(
        PaytableLine(paytable=paytable, line=line, pays=pays)
        for line, pays in Paytables.standard().main.items()
    )
    return paytable


def use_paytables(table: Table, *paytables: Paytable) -> None:
    """Set-up shortcut: ``table`` uses ``paytables`` (one per kind), written directly, as the
    rest of a fixture's floor is."""
    for paytable in paytables:
        TablePaytable.objects.update_or_create(
            table=table, kind=paytable.kind, defaults={"paytable": paytable}
        )


#: When the fixtures' dealers were qualified: long before any instant a test travels to.
QUALIFIED_SINCE = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)


def russian_table_beside(
    rp1: Table, code: str, status: str = TableStatus.OPEN, *, pit: Pit | None = None
) -> Table:
    """Set-up shortcut: a Russian Poker table ``code`` like ``rp1`` (its rule set, limits, cap
    and four boxes' count), in ``rp1``'s pit unless another is given; no boxes are made."""
    return Table.objects.create(
        pit=pit or rp1.pit,
        code=code,
        game=rp1.game,
        status=status,
        ante_min=D(10),
        ante_max=D(500),
        max_table_payout=D(5000),
        bonus_min=D(1),
        bonus_max=D(500),
        rule_set=rp1.rule_set,
        boxes=4,
    )


def qualify(*dealers: Any, games: Iterable[str] = GAMES) -> list[Qualification]:
    """Set-up shortcut: each of ``dealers`` qualified for each of ``games`` (every game by
    default) since :data:`QUALIFIED_SINCE`, with no expiry, written directly, as the rest of a
    fixture's floor is (a test of qualifications themselves records them through the service)."""
    games = list(games)
    return Qualification.objects.bulk_create(
        Qualification(
            dealer=dealer,
            game=game,
            evidence_kind=EvidenceKind.TRAINING,
            evidence_reference="fixture training",
            qualified_on=QUALIFIED_SINCE.date(),
            recorded_by=dealer,
            recorded_at=QUALIFIED_SINCE,
        )
        for dealer in dealers
        for game in games
    )


def _users_made(roles: dict[str, Role | None], *, qualified: bool = True) -> dict[str, Any]:
    """One user per username of ``roles``, with that role (``None``: none) and the password
    ``pw-<username>``, written in five statements however many there are. Each dealer is
    qualified for every game (:func:`qualify`) unless not ``qualified``."""
    user_model = get_user_model()
    made = user_model.objects.bulk_create(
        user_model(
            username=username,
            password=make_password("pw-" + username),
            # An administrator works in the Django admin too, which needs staff status.
            is_staff=role is Role.ADMIN,
            is_superuser=role is Role.ADMIN,
        )
        for username, role in roles.items()
    )
    names = {role.value for role in roles.values() if role is not None}
    # The groups come from a data migration; a transactional test's flush removes them, so a
    # later test recreates what it needs.
    Group.objects.bulk_create([Group(name=name) for name in names], ignore_conflicts=True)
    groups = {group.name: group for group in Group.objects.filter(name__in=names)}
    membership = user_model.groups.through
    membership.objects.bulk_create(
        membership(user_id=user.pk, group_id=groups[role.value].pk)
        for user, role in zip(made, roles.values(), strict=True)
        if role is not None
    )
    if qualified:
        qualify(
            *(user for user, role in zip(made, roles.values(), strict=True) if role is Role.DEALER)
        )
    return {user.username: user for user in made}


@pytest.fixture
def make_user(db: Any) -> Callable[..., Any]:
    """Make a user ``make(username, role)``; a dealer is qualified for every game, unless made
    with ``qualified=False`` (a dealer no table will take)."""

    def make(username: str, role: Role | None, *, qualified: bool = True) -> Any:
        return _users_made({username: role}, qualified=qualified)[username]

    return make


#: The users of :func:`users`, by username: one per role, a dealer and a pit boss who belong
#: elsewhere, and one without a role.
USER_ROLES: dict[str, Role | None] = {
    "dealer": Role.DEALER,
    "other_dealer": Role.DEALER,
    "pit_boss": Role.PIT_BOSS,
    "other_pit_boss": Role.PIT_BOSS,
    "auditor": Role.AUDITOR,
    "admin": Role.ADMIN,
    "cage": Role.CAGE,
    "no_role": None,
}


@pytest.fixture
def users(db: Any) -> dict[str, Any]:
    """The users of :data:`USER_ROLES`, made as :func:`make_user` makes one, all at once: most
    database tests start with them."""
    return _users_made(USER_ROLES)


@pytest.fixture
def floor(users: dict[str, Any]) -> dict[str, Any]:
    """A casino with two pits; table RP-1 in the pit boss's pit, open, the dealer assigned.

    The casino's gaming day starts at 06:00 in UTC, or in the run's ``CASINO_TEST_TIME_ZONE``
    (``make test-clock``)."""
    from django.utils import timezone

    casino = Casino.objects.create(
        name="Test Casino",
        time_zone=os.environ.get(TIME_ZONE_VARIABLE, DEFAULT_TIME_ZONE),
        gaming_day_start_hour=6,
    )
    pit = Pit.objects.create(casino=casino, name="Pit A")
    pit.supervisors.add(users["pit_boss"])
    other_pit = Pit.objects.create(casino=casino, name="Pit B")
    other_pit.supervisors.add(users["other_pit_boss"])
    rules = RuleSet.objects.create(game=Game.RUSSIAN_POKER, name="rp", version=1, settings={})
    table = Table.objects.create(
        pit=pit,
        code="RP-1",
        game=Game.RUSSIAN_POKER,
        status=TableStatus.OPEN,
        ante_min=D(10),
        ante_max=D(500),
        max_table_payout=D(5000),
        bonus_min=D(1),
        bonus_max=D(500),
        rule_set=rules,
        boxes=4,
    )
    other_table = Table.objects.create(
        pit=other_pit,
        code="RP-9",
        game=Game.RUSSIAN_POKER,
        status=TableStatus.OPEN,
        ante_min=D(10),
        ante_max=D(500),
        max_table_payout=D(5000),
        bonus_min=D(1),
        bonus_max=D(500),
        rule_set=rules,
        boxes=4,
    )
    for t in (table, other_table):
        Box.objects.bulk_create(Box(table=t, number=n) for n in range(1, 5))
    DealerAssignment.objects.create(
        table=table,
        dealer=users["dealer"],
        assigned_by=users["pit_boss"],
        started_at=timezone.now(),
    )
    DealerAssignment.objects.create(
        table=other_table,
        dealer=users["other_dealer"],
        assigned_by=users["other_pit_boss"],
        started_at=timezone.now(),
    )
    return {"casino": casino, "pit": pit, "table": table, "other_table": other_table}


@pytest.fixture
def gaming_day(floor: dict[str, Any]) -> dt.date:
    """The test casino's gaming day now, as the product names it: never the machine's date,
    which differs from it between midnight and the day's start."""
    from django.utils import timezone

    return floor["casino"].clock.day_of(timezone.now())


@pytest.fixture
def client_for(users: dict[str, Any]) -> Callable[[str | None], APIClient]:
    """An API client authenticated as ``users[name]`` by a device token (``None``: anonymous)."""

    def make(name: str | None) -> APIClient:
        client = APIClient()
        if name is not None:
            key = DeviceToken.new_key()
            DeviceToken.objects.create(
                user=users[name], device_name=f"tablet-{name}", key_digest=hash_token(key)
            )
            client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return client

    return make


@pytest.fixture
def play_game_at_table(floor: dict[str, Any]) -> Callable[..., Table]:
    """Make table RP-1 (the dealer's table) deal ``game`` under a rule set of ``settings``."""
    from tables.engines import validate_rule_settings

    versions = iter(range(1, 1000))

    def switch(game: str, **settings: Any) -> Table:
        table = floor["table"]
        table.game = game
        # A pot game's table seats its players: eight, as the demo floor's do.
        table.boxes = 4 if game == Game.RUSSIAN_POKER else 8
        table.rule_set = RuleSet.objects.create(
            game=game,
            name=f"{game} test rules",
            version=next(versions),
            settings=validate_rule_settings(game, settings),
        )
        table.save()
        return table  # type: ignore[no-any-return]

    return switch
