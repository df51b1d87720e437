"""Each round's theoretical win, stored with its settlement: each stake times the computed house
edge of its wager type in the band of its box's Ante, under the round's table maximum; the
paytables' certified figures while the configuration has none computed; a pot game's take."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest

from casino.games.house_edge import EdgeReport
from payouts.models import (
    HouseEdgeBand,
    Settlement,
    TablePaytable,
    TheoreticalSource,
    WagerLine,
)
from payouts.services.house_edges import (
    house_edge_compute,
    house_edges_request,
    round_configuration,
)
from payouts.services.theoretical_win import band_edges
from tables.models import Round
from tests.payouts.test_house_edges import MAX_PAYOUT, capped_table  # noqa: F401
from tests.tables.tablet import Tablet

pytestmark = pytest.mark.django_db

#: RULES 1.13 vector RP01: the box's pair of eights beats the dealer's ace-king, Ante and Bet
#: each win even money.
RP01_BOX = "8h 8s Kd 7c 3s"
RP01_DEALER_UP, RP01_DEALER_DOWN = "2c", "Ac Kh 9d 6s"
#: RP01 with the box's seven made a king: two pairs, whose Bet wins 2 to 1.
TWO_PAIRS = "8h 8s Kd Kc 3s"


def rp01(client: Any, table_id: int, ante: str, box: str = RP01_BOX) -> Settlement:
    """RP01 at box 1 with ``ante`` (and the box's cards ``box``), settled; its settlement as
    stored."""
    tablet = Tablet.open(client, table_id)
    tablet.act("place_wagers", box=1, player="P1", ante=ante, bonus=None)
    tablet.act("close_bets")
    tablet.act("deal_box", box=1, cards=box.split())
    tablet.act("deal_card", target="dealer", card=RP01_DEALER_UP)
    tablet.act("bet", box=1)
    tablet.act("reveal_dealer", cards=RP01_DEALER_DOWN.split())
    tablet.settle()
    tablet.paid()
    return Settlement.objects.get(round_id=tablet.round_id)


def priced_by(band: HouseEdgeBand, settlement: Settlement) -> D:
    """Σ stake × the band's edge of its wager type, over the round's stakes, worked out here
    from the band's kept report."""
    lines = EdgeReport.from_dict(band.report).lines
    total = D(0)
    for wager in WagerLine.objects.filter(round_id=settlement.round_id):
        figure = lines[wager.kind].per_wagered
        assert figure is not None, wager.kind
        total += wager.amount * figure.value
    return total


def test_a_capped_round_is_priced_by_the_capped_band(
    capped_table: Any,  # noqa: F811
    client_for: Callable[[str | None], Any],
) -> None:
    [asked] = house_edges_request()
    edge = house_edge_compute(asked.pk)
    bands = list(edge.bands.all())
    first, capped = bands[0], bands[-1]
    # An Ante of 80 is in the last band, where the table maximum of 200 cuts the most; an Ante
    # of 10 in the first, where it cuts only the rarest hands.
    assert first.ante_from <= D(10) < bands[1].ante_from and capped.ante_from <= D(80)
    dealer = client_for("dealer")

    small = rp01(dealer, capped_table.pk, "10", TWO_PAIRS)
    large = rp01(dealer, capped_table.pk, "80", TWO_PAIRS)

    # The large round was capped itself: its stakes of 240 back and the table maximum of 200
    # of what the two pairs won. The small one won less than the maximum.
    assert large.cap_applied and large.total_returned == D(240 + 200)
    assert not small.cap_applied and small.total_returned > small.total_staked
    for settlement, band in ((small, first), (large, capped)):
        assert settlement.theoretical_source == TheoreticalSource.COMPUTED
        assert settlement.house_edge_id == edge.pk
        assert settlement.theoretical_base == settlement.total_staked
        assert settlement.theoretical_win == priced_by(band, settlement)
    # Priced by the first band, the large round would be worth less to the house: the cap
    # binds at its Ante, so the capped line prices it higher.
    assert large.theoretical_win > priced_by(first, large)
    assert large.theoretical_win / large.total_staked > small.theoretical_win / small.total_staked


def test_a_wager_type_the_strategy_never_stakes_has_no_edge(capped_table: Any) -> None:  # noqa: F811
    [asked] = house_edges_request()
    band = house_edge_compute(asked.pk).bands.first()
    assert band is not None
    edges = band_edges(band.pk)
    # The guide's strategy never insures: nothing is staked on insurance, so nothing prices it.
    assert "insurance" not in edges
    assert {"ante", "bet"} <= set(edges)


def test_until_the_edge_is_computed_the_certificates_price_the_round(
    capped_table: Any,  # noqa: F811
    client_for: Callable[[str | None], Any],
) -> None:
    main = TablePaytable.objects.get(table=capped_table, kind="main").paytable
    assert main.house_edge is None  # the paytable carries no certificate
    [asked] = house_edges_request()  # asked for, still pending
    settlement = rp01(client_for("dealer"), capped_table.pk, "10")
    assert (settlement.theoretical_source, settlement.house_edge_id) == ("none", None)
    assert (settlement.theoretical_win, settlement.theoretical_base) == (D(0), D(0))
    house_edge_compute(asked.pk)
    after = rp01(client_for("dealer"), capped_table.pk, "10")
    assert after.theoretical_source == TheoreticalSource.COMPUTED
    # The round settled before keeps its figure: a settlement is never re-priced.
    settlement.refresh_from_db()
    assert settlement.theoretical_source == "none"


def test_a_round_opened_before_rounds_pinned_their_limits_has_no_configuration(
    capped_table: Any,  # noqa: F811
) -> None:
    """A round still open from before its limits were pinned in full settles as before: its
    configuration is unknown, and nothing computed prices it."""
    main = TablePaytable.objects.get(table=capped_table, kind="main").paytable
    pinned = {"main": {"id": main.pk, "house_edge": None}}
    limits = {"ante_min": "10", "ante_max": "100", "chip_unit": "1", "max_table_payout": "200"}
    played = Round(game="russian_poker", rule_set_id=capped_table.rule_set_id, paytables=pinned)
    played.limits = limits
    assert round_configuration(played) is not None
    for missing in ("ante_min", "ante_max", "chip_unit"):
        played.limits = {k: v for k, v in limits.items() if k != missing}
        assert round_configuration(played) is None, missing
