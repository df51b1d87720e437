"""The demo floor's first rounds (``casino.demo.history``): played at every open table through
the dealers' services, settled, replayed to the cent, and the same for the same seed."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from casino.core.models import AuditRecord
from casino.demo.floor import DEMO_ASSIGNMENTS, load_demo_floor
from casino.demo.history import play_demo_rounds
from payouts.models import Settlement
from payouts.services.replay import round_replay
from tables.models import Round, RoundEvent, RoundStatus

pytestmark = pytest.mark.django_db


def played_at(code: str) -> list[Round]:
    return list(Round.objects.filter(table__code=code).order_by("number"))


def test_the_demo_plays_and_settles_rounds_at_every_open_table() -> None:
    load_demo_floor()
    assert play_demo_rounds(rounds=2, seed=7) == 2 * len(DEMO_ASSIGNMENTS)
    for code, dealer in DEMO_ASSIGNMENTS.items():
        rounds = played_at(code)
        assert [r.status for r in rounds] == [RoundStatus.SETTLED] * 2, code
        for round in rounds:
            assert round.dealer.username == dealer
            assert Settlement.objects.filter(round=round).exists()
            assert round_replay(round_id=round.pk).matches, code
            # Every event is on the audit trail, in the row of the action that made it.
            audited = {
                event["seq"]
                for row in AuditRecord.objects.filter(round_id=round.pk, event_code="round.action")
                for event in row.after["events"]
            }
            assert audited == set(
                RoundEvent.objects.filter(round=round).values_list("seq", flat=True)
            )
    assert played_at("RP-2") == []  # closed: no dealer plays there


def test_the_same_seed_plays_the_same_rounds() -> None:
    load_demo_floor()
    play_demo_rounds(rounds=1, seed=11)
    play_demo_rounds(rounds=1, seed=11)
    for code in DEMO_ASSIGNMENTS:
        first, second = (
            [(e.kind, e.payload) for e in RoundEvent.objects.filter(round=r).order_by("seq")]
            for r in played_at(code)
        )
        assert first == second and len(first) > 5, code


def test_make_run_loads_a_floor_that_has_played() -> None:
    out = StringIO()
    call_command("load_demo_floor", rounds=1, stdout=out)
    assert out.getvalue().strip() == "Demo floor created; 3 rounds played and settled."
    again = StringIO()
    call_command("load_demo_floor", stdout=again)
    assert again.getvalue().strip() == "Demo floor already present."
    assert Round.objects.filter(status=RoundStatus.SETTLED).count() == 3
