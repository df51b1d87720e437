"""When the house edges are asked for: whenever a paytable or rule-set version is made, or a
table's paytable, rule set or limits change, the refresh task is sent once the change commits
(``payouts.tasks``). Model signals, so that the admin, the services and the demo floor are all
heard; the periodic refresh catches what a lost message missed."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_save

from payouts.models import Paytable, TablePaytable
from tables.models import RuleSet, Table

#: A table's fields its house edge depends on (``payouts.services.house_edges.Configuration``):
#: a table saved with others only (opened, closed) asks for nothing.
TABLE_CONFIGURATION_FIELDS = frozenset(
    {
        "game",
        "rule_set",
        "ante_min",
        "ante_max",
        "max_table_payout",
        "chip_unit",
        "bonus_min",
        "bonus_max",
    }
)


def _changed(
    sender: type,
    instance: Any,
    created: bool = False,
    update_fields: frozenset[str] | None = None,
    raw: bool = False,
    **kwargs: Any,
) -> None:
    from payouts.tasks import send_refresh  # the tasks import the services, which import models

    if raw or not settings.HOUSE_EDGES["SEND_ON_CHANGE"]:  # raw: loaded from a fixture
        return
    if sender is Table and update_fields is not None:
        if not TABLE_CONFIGURATION_FIELDS & set(update_fields):
            return
    # One refresh looks at every table: a transaction that changes several things (a floor
    # loaded, a paytable with its table) sends it once.
    pending = transaction.get_connection().run_on_commit
    if not any(callback is send_refresh for _, callback, _ in pending):
        transaction.on_commit(send_refresh)


def connect() -> None:
    """Listen for the changes that ask for a house edge (once, when the app is ready)."""
    for model in (Paytable, RuleSet, TablePaytable, Table):
        post_save.connect(_changed, sender=model, dispatch_uid=f"house-edges-{model.__name__}")
