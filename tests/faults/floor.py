"""The floor of the fault tests' own stack, made in a process of its own (``python -m
tests.faults.floor``) against the database of ``DATABASE_URL``: migrated, open Russian Poker
tables each with its dealer, and an auditor; prints their device tokens as JSON, with the
casino's gaming day as the product names it now."""

from __future__ import annotations

import json

from tests.bench.floor import setup_django, tables_with_dealers

#: Two for the servers' tests, six for the burst, one for the supervisor's.
TABLES = 9


def main() -> None:
    setup_django()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from casino.core.roles import Role
    from casino.identity.models import DeviceToken, hash_token
    from tables.models import Table

    tables = tables_with_dealers(
        prefix="fault-rp", game="russian_poker", count=TABLES, paytables=True
    )
    auditor, _ = get_user_model().objects.get_or_create(username="fault-auditor")
    auditor.groups.add(Group.objects.get(name=Role.AUDITOR.value))
    key = DeviceToken.new_key()
    DeviceToken.objects.create(user=auditor, device_name="faults", key_digest=hash_token(key))
    casino = Table.objects.get(pk=tables[0][0]).pit.casino
    day = casino.clock.day_of(timezone.now())
    print(json.dumps({"tables": tables, "auditor": key, "gaming_day": day.isoformat()}))


if __name__ == "__main__":
    main()
