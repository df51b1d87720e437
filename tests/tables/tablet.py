"""A dealer's tablet for HTTP tests: sends actions with the last event number it saw."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from casino.core.models import AuditRecord
from payouts.models import PayoutLine, Settlement, WagerLine
from tables.engines import current_state, replayed_state
from tables.models import LedgerEntry, Round, RoundCard, RoundEvent
from tests.schema import assert_matches

_keys = itertools.count()


@contextmanager
def nothing_written() -> Iterator[None]:
    """Assert that no history, money or audit row was added inside the block."""
    models = (RoundEvent, RoundCard, AuditRecord, WagerLine, Settlement, PayoutLine, LedgerEntry)
    before = {m: m.objects.count() for m in models}
    yield
    assert {m: m.objects.count() for m in models} == before


#: The phase of every tablet view checked against the schema, per game: what the tests reached.
PHASES_SEEN: dict[str, set[str]] = {}


def assert_kept_state_agrees(round_id: int) -> None:
    """The state a round's actions kept (its snapshot) is the state its events replay to."""
    round = Round.objects.select_related("rule_set").get(pk=round_id)
    kept = current_state(round)
    replayed = replayed_state(round, RoundEvent.objects.filter(round=round).order_by("seq"))
    assert kept.snapshot() == replayed.snapshot()
    assert kept.view() == replayed.view()
    assert kept.tablet_view().to_dict() == replayed.tablet_view().to_dict()


def checked_view(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` (a round's tablet view), checked against the one published ``TabletView``."""
    assert_matches("TabletView", view)
    PHASES_SEEN.setdefault(view["game"], set()).add(view["phase"])
    return view


class Tablet:
    """The dealer's tablet at one round: every view it receives is checked against the
    published schema, and after every action the state the round kept against its replay."""

    def __init__(self, client: Any, round_id: int) -> None:
        self.client = client
        self.round_id = round_id
        self.seen = 0
        self.state: dict[str, Any] = {}

    @classmethod
    def open(cls, client: Any, table_id: int, **options: Any) -> Tablet:
        response = client.post(
            f"/api/v1/tables/{table_id}/rounds/", {"options": options}, format="json"
        )
        assert response.status_code == 201, response.json()
        tablet = cls(client, response.json()["id"])
        tablet.state = response.json()["state"]
        checked_view(response.json()["view"])
        assert_matches("RoundOutput", response.json())
        return tablet

    def act(self, action: str, **fields: Any) -> dict[str, Any]:
        response = self.send(action, **fields)
        assert response.status_code == 200, (action, response.json())
        body = response.json()
        self.seen = body["last_event_seq"]
        self.state = body["state"]
        checked_view(body["view"])
        assert_matches("RoundActionOutput", body)
        assert_kept_state_agrees(self.round_id)
        return body  # type: ignore[no-any-return]

    def send(self, action: str, **fields: Any) -> Any:
        return self.client.post(
            f"/api/v1/rounds/{self.round_id}/actions/",
            {"expected_event": self.seen, "action": action, **fields},
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"tablet-key-{next(_keys):06d}",
        )

    def refuse(self, status: int, code: str, action: str, **fields: Any) -> dict[str, Any]:
        """Send an action that must be refused with ``status`` and ``code``, writing nothing."""
        with nothing_written():
            response = self.send(action, **fields)
        assert response.status_code == status, response.json()
        assert response.json()["error"]["code"] == code
        return response.json()["error"]  # type: ignore[no-any-return]

    def settle(self) -> dict[str, Any]:
        response = self.client.post(f"/api/v1/rounds/{self.round_id}/settle/", {}, format="json")
        assert response.status_code == 200, response.json()
        checked_view(response.json()["view"])
        assert_matches("SettledRoundOutput", response.json())
        return response.json()  # type: ignore[no-any-return]

    def paid(self) -> dict[str, Any]:
        """Confirm the settled round's payouts made ("Paid")."""
        response = self.client.post(
            f"/api/v1/rounds/{self.round_id}/paid/",
            {},
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"tablet-key-{next(_keys):06d}",
        )
        assert response.status_code == 200, response.json()
        assert_matches("SettledRoundOutput", response.json())
        assert response.json()["payouts_confirmed"] is not None
        return response.json()  # type: ignore[no-any-return]

    def view(self) -> dict[str, Any]:
        response = self.client.get(f"/api/v1/rounds/{self.round_id}/")
        checked_view(response.json()["view"])
        assert_matches("SettledRoundOutput", response.json())
        return response.json()  # type: ignore[no-any-return]
