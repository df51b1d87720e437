"""Writers of known data for the audit tests: settled rounds and decided corrections written
directly (so a report's sums can be computed by hand), a dealer's tablet for real rounds, and a
rotation plan of one table saved through the service."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal as D
from typing import Any

from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.trail.recording import audit_record
from casino.dealers.models import RotationPlan
from casino.dealers.plans import plan_document, plan_propose, plan_save
from casino.games.contract import GameResult, Position, PositionKind
from casino.games.contract import Stake as GameStake
from payouts.models import (
    BoxPlay,
    Correction,
    CorrectionKind,
    CorrectionLine,
    CorrectionStatus,
    PayoutLine,
    Settlement,
    WagerLine,
)
from payouts.services.box_play import box_play_correct, box_play_void
from payouts.services.pinning import PaytablePinning
from payouts.services.theoretical_win import TheoreticalWin, round_theoretical_win
from tables.models import Game, PayoutsConfirmation, Round, RoundStatus, Table
from tests.tables.tablet import assert_kept_state_agrees, checked_view

#: (box, kind, amount)
Stake = tuple[int, str, str]
#: (box, line, outcome, stake, computed, paid) or with a seventh item, the reason
Return = tuple[Any, ...]


def settled_round(
    table: Table,
    dealer: Any,
    day: dt.date,
    *,
    stakes: Sequence[Stake],
    returns: Sequence[Return] = (),
    paid: bool = False,
) -> Round:
    """A settled round written directly, with the table's pinned configuration: its wager lines,
    its settlement (totals summed from the lines), payout lines and each box's play (the
    box's lines summed, as the settlement's statement writes it); ``paid``, its payouts
    confirmed too (with their audit row), so that its table opens its next round."""
    last = Round.objects.filter(table=table).order_by("-number").values_list("number", flat=True)
    now = timezone.now()
    round = Round.objects.create(
        table=table,
        number=(last.first() or 0) + 1,
        game=table.game,
        status=RoundStatus.SETTLED,
        phase="complete",
        rule_set=table.rule_set,
        paytables=PaytablePinning().current(table),
        dealer=dealer,
        gaming_day=day,
        opened_at=now,
        closed_at=now,
    )
    PaytablePinning().pin(round)
    WagerLine.objects.bulk_create(
        WagerLine(round=round, box=box, kind=kind, amount=D(amount)) for box, kind, amount in stakes
    )
    staked = sum((D(amount) for _, _, amount in stakes), D(0))
    returned = sum((D(line[5]) for line in returns), D(0))
    theoretical = _theoretical_win(round, stakes, staked=staked, returned=returned)
    settlement = Settlement.objects.create(
        round=round,
        settled_at=now,
        settled_by=dealer,
        total_staked=staked,
        total_returned=returned,
        house_result=staked - returned,
        cap_applied=any(D(line[5]) < D(line[4]) for line in returns),
        theoretical_win=theoretical.amount,
        theoretical_base=theoretical.base,
        theoretical_source=theoretical.source,
        house_edge_id=theoretical.house_edge_id,
    )
    PayoutLine.objects.bulk_create(
        PayoutLine(
            settlement=settlement,
            box=line[0],
            line=line[1],
            outcome=line[2],
            stake=D(line[3]),
            computed_amount=D(line[4]),
            paid_amount=D(line[5]),
            reason=line[6] if len(line) > 6 else "",
        )
        for line in returns
    )
    play: dict[int, tuple[D, D]] = {}
    for box, _kind, amount in stakes:
        staked_at, returned_at = play.get(box, (D(0), D(0)))
        play[box] = (staked_at + D(amount), returned_at)
    for line in returns:
        staked_at, returned_at = play.get(line[0], (D(0), D(0)))
        play[line[0]] = (staked_at, returned_at + D(line[5]))
    BoxPlay.objects.bulk_create(
        BoxPlay(
            round=round,
            table=table,
            gaming_day=day,
            opened_at=now,
            box=box,
            staked=staked_at,
            returned=returned_at,
        )
        for box, (staked_at, returned_at) in sorted(play.items())
    )
    if paid:
        record = audit_record(
            event_code=AuditCode.ROUND_PAYOUTS_CONFIRMED, actor=dealer, round=round, after={}
        )
        PayoutsConfirmation.objects.create(
            round=round,
            confirmed_by=dealer,
            confirmed_role="dealer",
            confirmed_at=now,
            audit_record_id=record.pk,
        )
    return round


def _theoretical_win(
    round: Round, stakes: Sequence[Stake], *, staked: D, returned: D
) -> TheoreticalWin:
    """The round's theoretical win as the settlement service prices it: a pot game keeps what
    it did not return (its take), a Russian Poker round's stakes are priced by its edges."""
    pot_game = round.game != Game.RUSSIAN_POKER
    kind = PositionKind.SEAT if pot_game else PositionKind.BOX
    result = GameResult(
        stakes=tuple(
            GameStake(Position(kind, box), wager, D(amount)) for box, wager, amount in stakes
        ),
        lines=(),
        positions=(),
        staked=staked,
        returned=returned,
        house_result=staked - returned,
        withheld=D(0),
        cap_applied=False,
        pot_game=pot_game,
        rake=staked - returned if pot_game else D(0),
    )
    return round_theoretical_win(round, result)


def decided_correction(
    round: Round,
    *,
    kind: str,
    requested_by: Any,
    decided_by: Any,
    decided_day: dt.date | None,
    status: str = CorrectionStatus.APPROVED,
    lines: Sequence[tuple[int, str, str]] = (),
    reason: str = "as the test says",
) -> Correction:
    """A correction written directly, decided on a chosen gaming day (the service decides on
    today's), or still requested when ``decided_day`` is None. An approved one adds its rows
    to the round's box play through the service that does so for a decision."""
    now = timezone.now()
    correction = Correction.objects.create(
        round=round,
        settlement=Settlement.objects.filter(round=round).first(),
        kind=kind,
        status=status if decided_day else CorrectionStatus.REQUESTED,
        reason=reason,
        requested_by=requested_by,
        requested_role="dealer",
        requested_at=now,
        decided_by=decided_by if decided_day else None,
        decided_at=now if decided_day else None,
        decided_gaming_day=decided_day,
    )
    CorrectionLine.objects.bulk_create(
        CorrectionLine(correction=correction, box=box, line=line, amount=D(amount))
        for box, line, amount in lines
    )
    if status == CorrectionStatus.APPROVED and decided_day is not None:
        if kind == CorrectionKind.PAYOUT_CORRECTION:
            box_play_correct(correction)
        elif correction.settlement_id is not None:
            box_play_void(correction)
    return correction


class Tablet:
    """The dealer's tablet: sends actions with the last event number it saw."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.seen = 0
        self.round_id = 0

    def open(self, table: Table) -> int:
        response = self.client.post(f"/api/v1/tables/{table.pk}/rounds/", {}, format="json")
        assert response.status_code == 201, response.json()
        self.round_id, self.seen = response.json()["id"], 0
        return self.round_id

    def act(self, action: str, **fields: Any) -> None:
        response = self.client.post(
            f"/api/v1/rounds/{self.round_id}/actions/",
            {"expected_event": self.seen, "action": action, **fields},
            format="json",
        )
        assert response.status_code == 200, (action, response.json())
        self.seen = response.json()["last_event_seq"]
        checked_view(response.json()["view"])
        assert_kept_state_agrees(self.round_id)

    def settle(self) -> None:
        """Settle the round and confirm its payouts made, as the dealer does before the
        table's next round."""
        response = self.client.post(f"/api/v1/rounds/{self.round_id}/settle/", {}, format="json")
        assert response.status_code == 200, response.json()
        paid = self.client.post(f"/api/v1/rounds/{self.round_id}/paid/", {}, format="json")
        assert paid.status_code == 200, paid.json()


def retracted_round(table: Table, dealer: Any, approver: Any) -> Round:
    """RULES 1.13's RP01 through the services, settled and paid, after a retraction: the
    dealer's up card was recorded as the 2c, the dealer asked it back, ``approver`` (a pit boss
    of the pit) approved, and the 2d was recorded instead."""
    from casino.games.cards import parse_card, parse_cards
    from payouts.services.settlement import round_settle
    from tables.services.paid import round_payouts_confirm
    from tables.services.retractions import retraction_approve, retraction_request
    from tables.services.rounds import round_act, round_open

    round = round_open(table_id=table.pk, dealer=dealer)
    steps: list[tuple[str, dict[str, Any]]] = [
        ("place_wagers", {"box": 1, "player": "P1", "ante": D(10), "bonus": None, "blind": False}),
        ("close_bets", {}),
        ("deal_box", {"box": 1, "cards": parse_cards("8h 8s Kd 7c 3s")}),
        ("deal_card", {"target": "dealer", "card": parse_card("2c")}),
    ]
    for seq, (action, data) in enumerate(steps):
        round_act(round_id=round.pk, actor=dealer, expected_event=seq, action=action, data=data)
    request = retraction_request(
        round_id=round.pk, actor=dealer, expected_event=4, count=1, reason="the 2d, not the 2c"
    )
    retraction_approve(request_id=request.pk, actor=approver)
    rest: list[tuple[str, dict[str, Any]]] = [
        ("deal_card", {"target": "dealer", "card": parse_card("2d")}),
        ("bet", {"box": 1, "amount": None}),
        ("reveal_dealer", {"cards": parse_cards("Ac Kh 9d 6s")}),
    ]
    for seq, (action, data) in enumerate(rest, start=5):
        round_act(round_id=round.pk, actor=dealer, expected_event=seq, action=action, data=data)
    round_settle(round_id=round.pk, actor=dealer)
    round_payouts_confirm(round_id=round.pk, actor=dealer)
    return Round.objects.get(pk=round.pk)


def one_table_plan(
    *, table: Table, dealers: Sequence[Any], start: dt.datetime, actor: Any
) -> RotationPlan:
    """The next version of the rotation plan of ``table``'s pit for the hour from ``start``,
    saved now as proposed: ``table`` alone, dealt by ``dealers[0]`` the whole hour (no
    rotation: the shift is no longer than a stint), the other dealers spares, off the plan."""
    terms = {"length": 60, "minutes_on": 60, "minutes_off": 20, "min_stint": 40, "grace": 0}
    dealer_ids = [dealer.pk for dealer in dealers]
    proposal = plan_propose(
        pit_id=table.pit_id,
        start=start,
        **terms,
        dealer_ids=dealer_ids,
        table_ids=[table.pk],
        actor=actor,
    )
    return plan_save(
        pit_id=table.pit_id,
        start=start,
        **terms,
        dealer_ids=dealer_ids,
        table_ids=[table.pk],
        strings=plan_document(proposal.inputs, proposal.plan)["strings"],
        source="proposed",
        actor=actor,
    )
