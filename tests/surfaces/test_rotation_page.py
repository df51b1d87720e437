"""The rotation plan page × every role (and anonymous): for who may plan the pit (its pit boss,
an admin) with the shift's form; for who may read the plans (auditors, a pit boss of another
pit) with the versions only; 403 for anyone else. And the start it offers: the next whole hour
on the casino's clock."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

import pytest
from django.test import Client

from casino.surfaces.rotation import next_hour

ROLES = (
    None,
    "no_role",
    "dealer",
    "other_dealer",
    "pit_boss",
    "other_pit_boss",
    "auditor",
    "admin",
    "cage",
)
PLANNERS = {"pit_boss", "admin"}
READERS = {"other_pit_boss", "auditor"}


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_the_rotation_page(role: str | None, users: dict[str, Any], floor: dict[str, Any]) -> None:
    client = Client()
    if role is not None:
        client.force_login(users[role])

    response = client.get(f"/pit/{floor['pit'].pk}/rotation/")

    if role is None:
        assert response.status_code == 302 and response["Location"].startswith("/sign-in/")
        return
    if role not in PLANNERS | READERS:
        assert response.status_code == 403
        return
    assert response.status_code == 200
    page = response.content.decode()
    assert f'data-plans-url="/api/v1/pits/{floor["pit"].pk}/rotation-plans/"' in page
    assert ('data-may-plan="yes"' in page) is (role in PLANNERS)
    assert (">Propose</button>" in page) is (role in PLANNERS)
    assert (">Show versions</button>" in page) is (role in READERS)
    found = re.search(r'<script id="rotation-data" type="application/json">(.*?)</script>', page)
    assert found is not None
    given = json.loads(found.group(1))
    assert [table["code"] for table in given["tables"]] == ["RP-1"]
    # The dealers who may be planned, with the games they hold now; nobody of another role.
    names = {dealer["name"]: dealer["games"] for dealer in given["dealers"]}
    assert set(names) == {"dealer", "other_dealer"}
    assert "russian_poker" in names["dealer"]


def test_the_start_offered_is_the_next_whole_hour_on_the_casinos_clock() -> None:
    # 00:30 UTC on 28 March 2027 is 01:30 in Vienna; an hour later the clocks there go
    # from 02:00 to 03:00, so the next whole hour reads 03:00.
    assert next_hour(dt.datetime(2027, 3, 28, 0, 30, tzinfo=dt.UTC), "Europe/Vienna") == (
        "2027-03-28T03:00"
    )
    assert next_hour(dt.datetime(2027, 3, 10, 13, 0, tzinfo=dt.UTC), "UTC") == "2027-03-10T14:00"
