"""The settlement service's guards against writing a result it must not
(``payouts.services.settlement``).

The replay against the state the round's actions kept: "a replay that ends in the kept state
settles as it does; otherwise the two results must agree to the cent, and if they ever do not,
nothing is written and the refusal says so". The replay is given here as what the check reads
of it, its snapshot, so that each side of the rule is reached without altering a stored round
behind the service's back (the settle endpoint's refusal of an altered log is
``tests/audit/test_alerts_raised.py``'s).

A pot game's balance: "in a pot game the house keeps the rake only". And the dealer's permission,
checked under the round's lock.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from casino.core.errors import ApiError
from casino.games.contract import GameResult
from payouts.models import PayoutLine, Settlement, WagerLine
from payouts.services.corrections import correction_approve, correction_request
from payouts.services.settlement import _check_kept_state, _write, round_settle
from tables.engines import current_state, replayed_state
from tables.models import Round
from tables.services.paid import round_payouts_confirm
from tables.services.retractions import retraction_request
from tables.services.rounds import round_open
from tests.russian_round import play_through_the_services

pytestmark = pytest.mark.django_db


@dataclasses.dataclass(frozen=True)
class EndedElsewhere:
    """A replay that ended in another snapshot than the one the round's actions kept."""

    def snapshot(self) -> dict[str, Any]:
        return {"ended": "elsewhere"}


@pytest.fixture
def complete(floor: dict[str, Any], users: dict[str, Any]) -> Round:
    """A four-box Russian Poker round played to its end and not settled."""
    dealer = users["dealer"]
    opened = round_open(table_id=floor["table"].pk, dealer=dealer)
    play_through_the_services(opened, dealer)
    return Round.objects.get(pk=opened.pk)


def test_a_replay_ending_in_the_kept_state_settles_as_it_does(complete: Round) -> None:
    replayed = replayed_state(complete, complete.events.order_by("seq"))
    # Not compared: the state is the same, so is what it settles.
    other = dataclasses.replace(replayed.result(), detail={"differs": True})
    assert _check_kept_state(complete, replayed, other) is None


def test_a_replay_ending_elsewhere_settles_when_both_results_agree(complete: Round) -> None:
    kept = current_state(complete).result()
    assert _check_kept_state(complete, EndedElsewhere(), kept) is None  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "differs",
    [
        pytest.param(lambda kept: {"detail": {"differs": True}}, id="in-the-engine-s-detail-only"),
        pytest.param(lambda kept: {"rake": kept.rake + 1}, id="in-the-settlement-only"),
    ],
)
def test_a_replay_ending_elsewhere_with_another_result_is_refused(
    complete: Round,
    differs: Callable[[GameResult], dict[str, Any]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Refused in the dealer's words, naming the round, and logged for the operators."""
    kept = current_state(complete).result()
    other = dataclasses.replace(kept, **differs(kept))
    assert other.detail == kept.detail or other.to_dict() == kept.to_dict()
    with pytest.raises(ApiError) as refused:
        _check_kept_state(complete, EndedElsewhere(), other)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.status_code) == ("settlement_mismatch", 500)
    assert refused.value.message == (
        "The round's replay and its recorded state disagree; nothing was settled."
    )
    assert refused.value.details == {"round": complete.pk}
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        ("ERROR", f"round {complete.pk}: the kept state's settlement differs from the replay")
    ]


def test_a_pot_game_s_result_in_which_the_house_keeps_more_than_the_rake_is_not_written(
    complete: Round, users: dict[str, Any]
) -> None:
    kept = current_state(complete).result()
    unbalanced = dataclasses.replace(kept, pot_game=True, rake=kept.house_result - 1)
    with pytest.raises(ApiError) as refused:
        _write(round=complete, actor=users["dealer"], result=unbalanced, entries_retracted=0)
    assert (refused.value.code, refused.value.status_code) == ("settlement_unbalanced", 500)
    assert refused.value.message == "Pot awards do not add up to the stakes less the rake."
    assert refused.value.details == {
        "staked": str(kept.staked),
        "returned": str(kept.returned),
        "rake": str(kept.house_result - 1),
    }
    assert not Settlement.objects.exists()
    assert not PayoutLine.objects.exists() and not WagerLine.objects.exists()
    assert Round.objects.get(pk=complete.pk).status == complete.status


def test_only_the_dealer_at_the_table_settles_its_round(
    complete: Round, users: dict[str, Any]
) -> None:
    """Decided under the round's lock, whatever the caller checked before: a dealer at another
    table is refused in words, and nothing is written."""
    with pytest.raises(ApiError) as refused:
        round_settle(round_id=complete.pk, actor=users["other_dealer"])
    assert (refused.value.code, refused.value.status_code) == ("permission_denied", 403)
    assert refused.value.message == "Your role does not allow this here."
    assert not Settlement.objects.exists()
    assert Round.objects.get(pk=complete.pk).status == complete.status


def test_a_voided_round_is_refused_in_words_with_its_status_and_nothing_written(
    complete: Round, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """ "Only a settled round has a settlement (a voided one never had one)": settling a round
    voided under dual control is refused, naming what it is, not answered as settled."""
    deputy = users["other_pit_boss"]
    floor["pit"].supervisors.add(deputy)
    void = correction_request(
        round_id=complete.pk, actor=users["pit_boss"], kind="void", reason="misdeal"
    )
    correction_approve(correction_id=void.pk, actor=deputy)
    with pytest.raises(ApiError) as refused:
        round_settle(round_id=complete.pk, actor=users["dealer"])
    assert (refused.value.code, refused.value.status_code) == ("round_not_settleable", 409)
    assert refused.value.message == "This round cannot be settled."
    assert refused.value.details == {"status": "voided"}
    assert not Settlement.objects.exists()


def test_a_round_with_a_retraction_waiting_is_settled_only_once_it_is_decided(
    complete: Round, users: dict[str, Any]
) -> None:
    """The round takes no action while a retraction waits for a pit boss, settling included:
    refused in words naming the request, and nothing written."""
    waiting = retraction_request(
        round_id=complete.pk,
        actor=users["dealer"],
        expected_event=complete.last_event_seq,
        count=1,
        reason="wrong card",
    )
    with pytest.raises(ApiError) as refused:
        round_settle(round_id=complete.pk, actor=users["dealer"])
    assert (refused.value.code, refused.value.status_code) == ("retraction_pending", 409)
    assert refused.value.message == (
        "A retraction waits for a pit boss: the round is settled once it is decided."
    )
    assert refused.value.details == {"retraction": waiting.pk}
    assert not Settlement.objects.exists()


def test_settling_again_answers_the_first_settlement_with_its_lines_and_who_confirmed_it(
    complete: Round, users: dict[str, Any]
) -> None:
    """ "Settling again returns the first settlement": its lines, as written, and the
    confirmation of its payouts with who made it, read with it (the answer names them)."""
    dealer = users["dealer"]
    first = round_settle(round_id=complete.pk, actor=dealer)
    round_payouts_confirm(round_id=complete.pk, actor=dealer)
    again = round_settle(round_id=complete.pk, actor=dealer)
    assert again.settlement.pk == first.settlement.pk
    assert [line.pk for line in again.lines] == [line.pk for line in first.lines]
    assert again.lines, "the four boxes' lines"
    assert again.payouts_confirmation is not None
    with CaptureQueriesContext(connection) as reads:
        confirmed_by = again.payouts_confirmation.confirmed_by.username
    assert (confirmed_by, reads.captured_queries) == (dealer.username, [])
