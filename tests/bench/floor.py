"""Set up the benchmark database: migrated, a bare insert table, and one dealer per table."""

from __future__ import annotations

import os
from decimal import Decimal as D

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

    from casino.api.models import DeviceToken, hash_token
    from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
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
                boxes=4,
            ),
        )
        if created:
            Box.objects.bulk_create(Box(table=table, number=i) for i in range(1, 5))
            for paytable in (main, bonus):
                if paytable is not None:
                    TablePaytable.objects.create(table=table, kind=paytable.kind, paytable=paytable)
        # Rounds a previous, interrupted run left open are voided so a new one can open.
        Round.objects.filter(table=table, status=RoundStatus.OPEN).update(
            status=RoundStatus.VOIDED, closed_at=timezone.now()
        )
        user, _ = get_user_model().objects.get_or_create(username=f"{prefix}-dealer-{n}")
        user.groups.add(dealer_group)
        if not DealerAssignment.objects.filter(
            table=table, dealer=user, ended_at__isnull=True
        ).exists():
            DealerAssignment.objects.create(
                table=table, dealer=user, assigned_by=user, started_at=timezone.now()
            )
        key = DeviceToken.new_key()
        DeviceToken.objects.create(user=user, device_name="bench", key_digest=hash_token(key))
        out.append((table.pk, key))
    return out
