"""Set up the benchmark database: migrated, a bare insert table, one dealer per table, and the
large pit the report and pit-view benchmarks fill with a gaming day."""

from __future__ import annotations

import os
from decimal import Decimal as D
from typing import Any

BENCH_SETTINGS = "tests.bench.server_settings"


def setup_django() -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = BENCH_SETTINGS
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from tests.bench.server_urls import BENCH_TABLE

    call_command("migrate", "--noinput", verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {BENCH_TABLE} (id bigserial PRIMARY KEY, "
            "payload text NOT NULL)"
        )


def tables_with_dealers(
    *, prefix: str, game: str, count: int, paytables: bool
) -> list[tuple[int, str]]:
    """``count`` open tables of ``game``, each with its own assigned dealer; returns
    (table id, device token) per table. Reuses what an earlier run created."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
    from casino.identity.models import DeviceToken, Qualification, hash_token
    from payouts.models import Paytable, PaytableKind, TablePaytable
    from tables.engines import validate_rule_settings
    from tables.models import (
        Box,
        Casino,
        DealerAssignment,
        Pit,
        Round,
        RoundStatus,
        RuleSet,
        Table,
        TableStatus,
    )
    from tables.services.paid import round_payouts_confirm
    from tests.fixtures import qualify

    casino, _ = Casino.objects.get_or_create(name="Bench Casino")
    pit, _ = Pit.objects.get_or_create(casino=casino, name="Bench pit")
    rule_set, _ = RuleSet.objects.get_or_create(
        name=f"{prefix} bench rules",
        version=1,
        defaults={"game": game, "settings": validate_rule_settings(game, {})},
    )
    main = bonus = None
    if paytables:
        main = Paytable.objects.filter(name=f"{prefix} bench main").first() or _paytable(
            f"{prefix} bench main", game, PaytableKind.MAIN, RUSSIAN_MAIN_PAYTABLE, house_edge=None
        )
        bonus = Paytable.objects.filter(name=f"{prefix} bench bonus").first() or _paytable(
            f"{prefix} bench bonus",
            game,
            PaytableKind.BONUS,
            RUSSIAN_BONUS_PAYTABLE,
            house_edge=None,
        )
    dealer_group = Group.objects.get(name="dealer")
    out = []
    for n in range(count):
        table, created = Table.objects.get_or_create(
            code=f"{prefix}-{n}",
            defaults=dict(
                pit=pit,
                game=game,
                status=TableStatus.OPEN,
                ante_min=D(10),
                ante_max=D(500),
                max_table_payout=D(5000),
                rule_set=rule_set,
                # A pot game's table seats eight players, a Russian Poker table four boxes.
                boxes=4 if game == "russian_poker" else 8,
            ),
        )
        if created:
            Box.objects.bulk_create(Box(table=table, number=i) for i in range(1, table.boxes + 1))
        elif game != "russian_poker" and table.boxes < 8:
            # A table an earlier run made with four seats seats the pot game's players now.
            Table.objects.filter(pk=table.pk).update(boxes=8)
            for paytable in (main, bonus):
                if paytable is not None:
                    TablePaytable.objects.create(table=table, kind=paytable.kind, paytable=paytable)
        # Rounds a previous, interrupted run left open are voided so a new one can open.
        Round.objects.filter(table=table, status=RoundStatus.OPEN).update(
            status=RoundStatus.VOIDED, closed_at=timezone.now()
        )
        user, _ = get_user_model().objects.get_or_create(username=f"{prefix}-dealer-{n}")
        user.groups.add(dealer_group)
        if not Qualification.objects.filter(dealer=user).exists():
            qualify(user)
        if not DealerAssignment.objects.filter(
            table=table, dealer=user, ended_at__isnull=True
        ).exists():
            DealerAssignment.objects.create(
                table=table, dealer=user, assigned_by=user, started_at=timezone.now()
            )
        # A round a previous run settled without confirming its payouts is confirmed now, so
        # that the table opens its next round.
        last = Round.objects.filter(table=table).order_by("-number").first()
        if last is not None and last.status == RoundStatus.SETTLED:
            round_payouts_confirm(round_id=last.pk, actor=user)
        key = DeviceToken.new_key()
        DeviceToken.objects.create(user=user, device_name="bench", key_digest=hash_token(key))
        out.append((table.pk, key))
    return out


def large_pit(
    name: str, *, code_prefix: str, time_zone: str, gaming_day_start_hour: int, tables: int
) -> tuple[Any, Any, list[Any], dict[str, int]]:
    """A casino named ``name`` with one pit of ``tables`` open tables, three in five Russian
    Poker (with a main and a bonus paytable, house edges 5.22 % and 7.4 %, and a maximum
    payout), one in five Ruby Run, one in five Red Dog; returns (casino, pit, tables, the
    Russian Poker tables' paytable ids by kind)."""
    from payouts.models import Paytable, PaytableKind, TablePaytable
    from tables.engines import validate_rule_settings
    from tables.models import Casino, Game, Pit, RuleSet, Table, TableStatus

    casino = Casino.objects.create(
        name=name, time_zone=time_zone, gaming_day_start_hour=gaming_day_start_hour
    )
    pit = Pit.objects.create(casino=casino, name=f"{name} pit")
    rules = {
        game: RuleSet.objects.get_or_create(
            name=f"{name} {game}",
            version=1,
            defaults={"game": game, "settings": validate_rule_settings(game, {})},
        )[0]
        for game in (Game.RUSSIAN_POKER, Game.RUBY_RUN, Game.RED_DOG)
    }
    main = Paytable.objects.create(
        game=Game.RUSSIAN_POKER, name=f"{name} main", version=1, house_edge=D("0.052200")
    )
    bonus = Paytable.objects.create(
        game=Game.RUSSIAN_POKER,
        kind=PaytableKind.BONUS,
        name=f"{name} bonus",
        version=1,
        house_edge=D("0.074000"),
    )

    def game_of(n: int) -> str:
        share = n * 5 // tables
        return Game.RUSSIAN_POKER if share < 3 else Game.RUBY_RUN if share < 4 else Game.RED_DOG

    created = Table.objects.bulk_create(
        Table(
            pit=pit,
            code=f"{code_prefix}-{n:03d}",
            game=game,
            status=TableStatus.OPEN,
            ante_min=D(5),
            ante_max=D(500),
            max_table_payout=D(5000) if game == Game.RUSSIAN_POKER else None,
            rule_set=rules[game],
        )
        for n in range(tables)
        for game in [game_of(n)]
    )
    TablePaytable.objects.bulk_create(
        TablePaytable(table=table, kind=paytable.kind, paytable=paytable)
        for table in created
        if table.game == Game.RUSSIAN_POKER
        for paytable in (main, bonus)
    )
    return casino, pit, list(created), {"main": main.pk, "bonus": bonus.pk}
