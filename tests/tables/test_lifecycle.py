"""A round's lifecycle: one table of status changes, refused alike by the service and by the
database, and a settled round always in its engine's final phase."""

from __future__ import annotations

import itertools
from decimal import Decimal as D
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from casino.core.errors import ApiError
from tables.lifecycle import FINAL_PHASES, TRANSITIONS, round_status_change
from tables.locks import round_lock
from tables.models import Round, RoundStatus
from tables.services.rounds import round_open

pytestmark = pytest.mark.django_db

PAIRS = list(itertools.product(RoundStatus, RoundStatus))


@pytest.fixture
def open_round(floor: dict[str, Any], users: dict[str, Any]) -> Round:
    return round_open(table_id=floor["table"].pk, dealer=users["dealer"])


def _force(round: Round, status: str, *, phase: str | None = None) -> None:
    """Put a round in ``status`` (and ``phase``) behind the service's back, as a fixture."""
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE tables_round SET status = %s, phase = coalesce(%s, phase), closed_at = "
            "CASE WHEN %s = 'open' THEN NULL ELSE now() END WHERE id = %s",
            [status, phase, status, round.pk],
        )


@pytest.mark.parametrize(("start", "to"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_the_service_allows_exactly_the_table(open_round: Round, start: str, to: str) -> None:
    final = next(iter(FINAL_PHASES))
    if start != RoundStatus.OPEN:
        _force(open_round, start, phase=final)
    else:
        _force(open_round, start, phase=final)
    with transaction.atomic():
        round = round_lock(open_round.pk)
        allowed = to in TRANSITIONS[RoundStatus(start)]
        if allowed:
            round_status_change(round=round, to=RoundStatus(to), at=timezone.now())
            assert Round.objects.get(pk=round.pk).status == to
        else:
            with pytest.raises(ApiError) as refused:
                round_status_change(round=round, to=RoundStatus(to), at=timezone.now())
            assert refused.value.code == "round_status_invalid"
            assert (refused.value.details["status_from"], refused.value.details["status_to"]) == (
                start,
                to,
            )
            assert start in refused.value.message and to in refused.value.message


@pytest.mark.parametrize(("start", "to"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_the_database_allows_exactly_the_table(open_round: Round, start: str, to: str) -> None:
    """Raw SQL, as the owner of the tables could write it: the trigger has the same table."""
    final = next(iter(FINAL_PHASES))
    _force(open_round, start, phase=final)
    allowed = start == to or to in TRANSITIONS[RoundStatus(start)]
    if allowed:
        with transaction.atomic():
            _force(open_round, to)
        assert Round.objects.get(pk=open_round.pk).status == to
    else:
        with pytest.raises(DatabaseError, match="round_status_invalid"), transaction.atomic():
            _force(open_round, to)
        assert Round.objects.get(pk=open_round.pk).status == start


def test_a_round_is_settled_only_in_a_final_phase(open_round: Round) -> None:
    with transaction.atomic():
        round = round_lock(open_round.pk)
        with pytest.raises(ApiError) as refused:
            round_status_change(round=round, to=RoundStatus.SETTLED, at=timezone.now())
    assert refused.value.code == "round_status_invalid"
    assert refused.value.details["phase"] == open_round.phase
    with pytest.raises(DatabaseError, match="round_settled_in_final_phase"), transaction.atomic():
        _force(open_round, RoundStatus.SETTLED)
    with pytest.raises(DatabaseError, match="round_status_invalid"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM tables_round WHERE id = %s", [open_round.pk])


def test_the_engines_final_phases_are_the_lifecycles() -> None:
    """A complete round of every game stands in a phase the lifecycle (and the database) knows
    as final; an incomplete one does not."""
    from casino.games.contract import RoundTerms
    from tables.engines import GAMES

    terms = RoundTerms(
        rules={},
        paytables={},
        limits={"chip_unit": "1", "ante_min": "10", "ante_max": "100", "max_table_payout": None},
        options={},
    )
    shortest = {
        "russian_poker": [
            ("place_wagers", {"box": 1, "player": "P1", "ante": D(10)}),
            ("close_bets", {}),
            ("deal_box", {"box": 1, "cards": "8h 8s Kd 7c 3s"}),
            ("deal_card", {"target": "dealer", "card": "2c"}),
            ("fold", {"box": 1}),
        ],
        "ruby_run": [
            ("seat_players", {"stacks": {1: D(100), 2: D(100)}, "button": 2}),
            ("post_forced_bets", {}),
            ("deal_hole_cards", {"seat": 1, "cards": "Jh 2c 3d"}),
            ("deal_hole_cards", {"seat": 2, "cards": "Kd Kh 5s"}),
        ],
        "red_dog": [
            ("seat_players", {"stacks": {1: D(50), 2: D(50), 3: D(50)}, "button": 1}),
            ("end_game", {}),
        ],
    }
    for name, game in GAMES.items():
        state = game.new_state(terms)
        for action, data in shortest[name]:
            spec = game.actions[action]
            assert not state.complete
            assert str(state.phase) not in FINAL_PHASES
            data = {k: v.split() if k == "cards" else v for k, v in data.items()}
            spec.perform(state, data)
        if name == "ruby_run":  # the first to act folds: the other seat takes the pot
            fold = game.actions["fold"]
            seat = state.tablet_view().turn
            assert seat is not None
            fold.perform(state, {"seat": seat.number})
        assert state.complete, name
        assert str(state.phase) in FINAL_PHASES, name
