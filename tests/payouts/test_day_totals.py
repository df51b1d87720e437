"""The tables' day totals: kept in the settlement's transaction, moved by an approved void
(taken back out of the round's day) and an approved payout correction (added to what the
round's day paid), left alone by what is rejected or still pending; and recomputed from the
history by the check and the rebuild, which find a row changed behind their back."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from casino.games.contract import GameResult, Position, PositionKind, Stake
from payouts.models import TableDayTotals
from payouts.services.corrections import (
    LineInput,
    correction_approve,
    correction_reject,
    correction_request,
)
from payouts.services.day_totals import DayFigures, result_figures, table_day_totals_adjust
from payouts.services.day_totals_check import (
    day_totals_rebuild,
    day_totals_recomputed,
    day_totals_verify,
)
from payouts.services.theoretical_win import round_theoretical_win
from tables.models import Round, Table
from tables.services.rounds import round_open
from tests.audit.factories import Tablet

pytestmark = pytest.mark.django_db

#: RP01 (``play_rp01``): Ante 10, Bet 20, both win even money; main paytable edge 5 %.
RP01 = {
    "rounds": 1,
    "wagered": D(30),
    "paid": D(50),
    "house_result": D(-20),
    "theoretical_result": D("1.5"),
    "theoretical_base": D(30),
    "cap_hits": 0,
    "withheld": D(0),
}


@pytest.fixture
def play_rp01_there(client_for: Callable[[str | None], Any]) -> Callable[[Table], Round]:
    """RP01 at pit B's table, dealt by its own dealer."""

    def play(table: Table) -> Round:
        tablet = Tablet(client_for("other_dealer"))
        tablet.open(table)
        tablet.act("place_wagers", box=1, player="P1", ante="10", bonus=None)
        tablet.act("close_bets")
        tablet.act("deal_box", box=1, cards="8h 8s Kd 7c 3s".split())
        tablet.act("deal_card", target="dealer", card="2c")
        tablet.act("bet", box=1)
        tablet.act("reveal_dealer", cards="Ac Kh 9d 6s".split())
        tablet.settle()
        return Round.objects.get(pk=tablet.round_id)

    return play


def kept(round: Round) -> dict[str, Any]:
    """The kept totals of ``round``'s table and gaming day."""
    row = TableDayTotals.objects.get(table_id=round.table_id, gaming_day=round.gaming_day)
    return {measure: getattr(row, measure) for measure in RP01}


def times(n: int, figures: dict[str, Any]) -> dict[str, Any]:
    return {measure: value * n for measure, value in figures.items()}


def test_settling_adds_the_round_to_its_table_s_day(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    play_rp01_there: Callable[..., Round],
) -> None:
    first = play_rp01(audit_floor["table"])
    assert kept(first) == RP01
    second = play_rp01(audit_floor["table"])
    assert kept(second) == times(2, RP01)
    # The other pit's table has its own row.
    other = play_rp01_there(audit_floor["other_table"])
    assert kept(other) == RP01
    assert TableDayTotals.objects.count() == 2
    assert day_totals_verify() == []


def test_an_approved_void_takes_the_round_back_out_of_its_day(
    audit_floor: dict[str, Any], users: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    play_rp01(audit_floor["table"])
    voided = play_rp01(audit_floor["table"])
    correction = correction_request(
        round_id=voided.pk, actor=users["dealer"], kind="void", reason="wrong shoe"
    )
    # Requested only: nothing moves.
    assert kept(voided) == times(2, RP01)
    correction_approve(correction_id=correction.pk, actor=users["pit_boss"])
    assert kept(voided) == RP01
    assert day_totals_verify() == []


def test_a_void_of_a_capped_round_takes_its_cap_hit_and_what_was_withheld_back_out(
    audit_floor: dict[str, Any], users: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    """A void takes out every figure the settlement added, read back from its rows: the table
    maximum's hit and what it withheld as much as the amounts (RP01's Bet wins 20, capped at a
    table maximum of 10)."""
    table = audit_floor["table"]
    Table.objects.filter(pk=table.pk).update(max_table_payout=D(10))
    capped = play_rp01(table)
    assert kept(capped) == RP01 | {
        "paid": D(40),
        "house_result": D(-10),
        "cap_hits": 1,
        "withheld": D(10),
    }
    void = correction_request(
        round_id=capped.pk, actor=users["dealer"], kind="void", reason="wrong shoe"
    )
    correction_approve(correction_id=void.pk, actor=users["pit_boss"])
    assert kept(capped) == times(0, RP01)
    assert day_totals_verify() == []


def test_an_adjustment_says_whether_the_day_had_a_row(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    """``table_day_totals_adjust`` changes a day's row only where one is kept, and says so."""
    table = audit_floor["table"]
    settled = play_rp01(table)
    one_more = DayFigures(rounds=1)
    assert table_day_totals_adjust(
        table_id=table.pk, gaming_day=settled.gaming_day, figures=one_more
    )
    assert kept(settled)["rounds"] == 2
    day_before = settled.gaming_day - dt.timedelta(days=1)
    assert not table_day_totals_adjust(table_id=table.pk, gaming_day=day_before, figures=one_more)
    assert not TableDayTotals.objects.filter(table=table, gaming_day=day_before).exists()


def test_a_rejected_void_and_a_void_of_a_round_in_play_move_nothing(
    audit_floor: dict[str, Any], users: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    settled = play_rp01(audit_floor["table"])
    rejected = correction_request(
        round_id=settled.pk, actor=users["dealer"], kind="void", reason="wrong shoe"
    )
    correction_reject(correction_id=rejected.pk, actor=users["pit_boss"])
    in_play = round_open(table_id=audit_floor["table"].pk, dealer=users["dealer"])
    void = correction_request(
        round_id=in_play.pk, actor=users["dealer"], kind="void", reason="misdeal"
    )
    correction_approve(correction_id=void.pk, actor=users["pit_boss"])
    assert kept(settled) == RP01
    assert day_totals_verify() == []


def test_an_approved_payout_correction_adds_to_what_the_day_paid(
    audit_floor: dict[str, Any], users: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    round = play_rp01(audit_floor["table"])
    owed = correction_request(
        round_id=round.pk,
        actor=users["dealer"],
        kind="payout_correction",
        reason="bet underpaid",
        lines=[LineInput(box=1, line="bet", amount=D(15))],
    )
    assert kept(round) == RP01  # pending
    correction_approve(correction_id=owed.pk, actor=users["pit_boss"])
    assert kept(round) == RP01 | {"paid": D(65), "house_result": D(-35)}
    recovered = correction_request(
        round_id=round.pk,
        actor=users["dealer"],
        kind="payout_correction",
        reason="ante overpaid",
        lines=[LineInput(box=1, line="ante", amount=D(-5))],
    )
    correction_approve(correction_id=recovered.pk, actor=users["pit_boss"])
    assert kept(round) == RP01 | {"paid": D(60), "house_result": D(-30)}
    assert day_totals_verify() == []


def test_the_check_finds_a_changed_row_and_the_rebuild_restores_it(
    audit_floor: dict[str, Any], users: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    round = play_rp01(audit_floor["table"])
    voided = play_rp01(audit_floor["table"])
    void = correction_request(
        round_id=voided.pk, actor=users["dealer"], kind="void", reason="wrong shoe"
    )
    correction_approve(correction_id=void.pk, actor=users["pit_boss"])
    assert day_totals_recomputed() == {(round.table_id, round.gaming_day): RP01}

    TableDayTotals.objects.filter(table_id=round.table_id).update(paid=D(40), house_result=D(-10))
    [difference] = day_totals_verify()
    assert (difference.table_id, difference.gaming_day) == (round.table_id, round.gaming_day)
    assert difference.measures() == ["paid", "house_result"]
    assert (difference.kept["paid"], difference.history["paid"]) == (D(40), D(50))
    with pytest.raises(CommandError, match=r"paid kept 40\.00 history 50\.00"):
        call_command("day_totals")

    # A missing row differs from the history's; a row of zeros agrees with a day without rounds,
    # one with figures does not.
    TableDayTotals.objects.all().delete()
    TableDayTotals.objects.create(
        table=audit_floor["other_table"], gaming_day=round.gaming_day, updated_at=round.opened_at
    )
    assert [d.table_id for d in day_totals_verify()] == [round.table_id]
    TableDayTotals.objects.filter(table=audit_floor["other_table"]).update(
        rounds=1, wagered=D(5), house_result=D(5)
    )
    assert {d.table_id for d in day_totals_verify()} == {
        round.table_id,
        audit_floor["other_table"].pk,
    }

    out = io.StringIO()
    call_command("day_totals", "--rebuild", stdout=out)
    assert out.getvalue() == "day totals rebuilt from the history: 1 rows\n"
    assert kept(round) == RP01
    assert not TableDayTotals.objects.filter(table=audit_floor["other_table"]).exists()
    out = io.StringIO()
    call_command("day_totals", stdout=out)
    assert out.getvalue() == "day totals agree with the history\n"


def test_the_rebuild_keeps_to_its_scope(
    audit_floor: dict[str, Any],
    play_rp01: Callable[..., Round],
    play_rp01_there: Callable[..., Round],
) -> None:
    here = play_rp01(audit_floor["table"])
    there = play_rp01_there(audit_floor["other_table"])
    TableDayTotals.objects.update(paid=D(0), house_result=D(30))
    assert day_totals_rebuild(tables=[here.table_id]) == 1
    assert kept(here) == RP01
    assert kept(there)["paid"] == D(0)
    assert [d.table_id for d in day_totals_verify()] == [there.table_id]
    assert day_totals_verify(tables=[here.table_id]) == []
    assert day_totals_verify(first=here.gaming_day.replace(year=here.gaming_day.year + 1)) == []
    # "the gaming days from first to last": a check that ends the day before sees none of it.
    assert day_totals_verify(last=there.gaming_day - dt.timedelta(days=1)) == []
    assert [d.table_id for d in day_totals_verify(last=there.gaming_day)] == [there.table_id]


def test_the_recomputed_totals_and_the_rebuild_keep_to_their_days_and_tables(
    audit_floor: dict[str, Any], play_rp01: Callable[..., Round]
) -> None:
    """``day_totals_recomputed``: "the totals the history gives ... for ``tables`` (default:
    all) and the gaming days from ``first`` to ``last`` (default: all)"; the rebuild replaces
    "the kept totals in scope" only."""
    round = play_rp01(audit_floor["table"])
    day, table = round.gaming_day, round.table_id
    before, after = day - dt.timedelta(days=1), day + dt.timedelta(days=1)
    everything = {(table, day): RP01}
    assert day_totals_recomputed(first=day, last=day, tables=[table]) == everything
    assert day_totals_recomputed(tables=[audit_floor["other_table"].pk]) == {}
    assert day_totals_recomputed(first=after) == {}
    assert day_totals_recomputed(last=before) == {}

    TableDayTotals.objects.update(paid=D(0), house_result=D(30))
    assert day_totals_rebuild(first=after) == 0
    assert day_totals_rebuild(last=before) == 0
    assert kept(round)["paid"] == D(0)
    assert day_totals_rebuild(first=day, last=day) == 1
    assert kept(round) == RP01


def test_a_settlement_s_figures_negated_take_every_measure_back_out() -> None:
    """An approved void "takes the same figures back out (:func:`stored_figures` ...,
    negated)": the cap's hits and what it withheld as much as the amounts."""
    figures = DayFigures(
        rounds=1,
        wagered=D(30),
        paid=D(5050),
        theoretical_result=D("1.5"),
        theoretical_base=D(30),
        cap_hits=2,
        withheld=D(100),
    )
    assert figures.negated() == DayFigures(
        rounds=-1,
        wagered=D(-30),
        paid=D(-5050),
        theoretical_result=D("-1.5"),
        theoretical_base=D(-30),
        cap_hits=-2,
        withheld=D(-100),
    )


def test_a_bonus_is_priced_at_its_own_paytable_s_house_edge() -> None:
    """Until its configuration has an edge computed, a round's theoretical win is each stake
    times "the house edges the round pinned when it opened", the bonus's paytable's for a
    bonus, the main game's for the Ante and the Bet; a stake whose paytable has no edge prices
    nothing. ``result_figures`` adds that win to the day; an uncapped round withholds nothing,
    as money."""
    box = Position(PositionKind.BOX, 1)
    stakes = (Stake(box, "ante", D(10)), Stake(box, "bet", D(20)), Stake(box, "bonus", D(5)))
    result = GameResult(
        stakes=stakes,
        lines=(),
        positions=(),
        staked=D(35),
        returned=D(0),
        house_result=D(35),
        withheld=D(0),
        cap_applied=False,
        pot_game=False,
        rake=D(0),
    )
    edges = {"main": {"house_edge": "0.02"}, "bonus": {"house_edge": "0.1"}}
    priced = round_theoretical_win(Round(paytables=edges), result)
    assert (priced.amount, priced.base, priced.source) == (D("1.1"), D(35), "certified")
    figures = result_figures(result, priced)
    assert (figures.theoretical_result, figures.theoretical_base) == (D("1.1"), D(35))
    assert (figures.cap_hits, figures.withheld) == (0, D(0))
    assert isinstance(figures.withheld, D)
    unpriced_bonus = round_theoretical_win(Round(paytables={"main": edges["main"]}), result)
    assert (unpriced_bonus.amount, unpriced_bonus.base) == (D("0.6"), D(30))
    nothing = round_theoretical_win(Round(paytables={}), result)
    assert (nothing.amount, nothing.base, nothing.source) == (D(0), D(0), "none")
