"""History rows are append-only and used paytables are frozen, in PostgreSQL itself."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest
from django.db import DatabaseError, transaction

from casino.games.cards import parse_card
from payouts.models import Paytable, PaytableLine
from tables.models import Game, RoundEvent
from tables.services.rounds import round_act, round_open
from tests.fixtures import use_paytables
from tests.owner import as_owner

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(floor: dict[str, Any], users: dict[str, Any]) -> RoundEvent:
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    events = round_act(
        round_id=round.pk,
        actor=users["dealer"],
        expected_event=0,
        action="expose_card",
        data={"card": int(parse_card("Qh"))},
    )
    return events.events[0]


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE tables_roundevent SET kind = 'edited' WHERE id = %s",
        "DELETE FROM tables_roundevent WHERE id = %s",
        "UPDATE tables_roundcard SET card = 0 WHERE event_id = %s",
        "DELETE FROM tables_roundcard WHERE event_id = %s",
    ],
    ids=["update-event", "delete-event", "update-card", "delete-card"],
)
def test_raw_sql_cannot_change_round_history(event: RoundEvent, sql: str) -> None:
    """Not even as the owner: the triggers refuse what the owner's privileges would allow (the
    runtime role has not got them: ``tests/core/test_runtime_role.py``)."""
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with as_owner() as cursor:
            cursor.execute(sql, [event.pk])
    assert RoundEvent.objects.get(pk=event.pk).kind == "card_exposed"


def test_a_paytable_used_by_a_round_is_frozen(floor: dict[str, Any], users: dict[str, Any]) -> None:
    paytable = Paytable.objects.create(game=Game.RUSSIAN_POKER, name="std", version=1)
    line = PaytableLine.objects.create(paytable=paytable, line="pair", pays=D(1))
    table = floor["table"]
    use_paytables(table, paytable)

    line.pays = D(2)  # still unused: a correction before go-live is allowed
    line.save()

    round_open(table_id=table.pk, dealer=users["dealer"])
    for change in (
        lambda: PaytableLine.objects.filter(pk=line.pk).update(pays=D(3)),
        lambda: PaytableLine.objects.filter(pk=line.pk).delete(),
        lambda: PaytableLine.objects.create(paytable=paytable, line="trips", pays=D(3)),
        lambda: Paytable.objects.filter(pk=paytable.pk).update(house_edge=D("0.05")),
    ):
        with pytest.raises(DatabaseError, match="used by a round"), transaction.atomic():
            change()
    assert PaytableLine.objects.get(pk=line.pk).pays == D(2)
