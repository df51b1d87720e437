"""Each round's theoretical win: what the house expects to win on its stakes, priced when the
round settles and stored with its settlement (:class:`~payouts.models.Settlement`).

It is the sum over the round's stakes of each stake times the house edge of its wager type (the
house's expected result per unit staked on that type: ``per_wagered`` of the calculator's
figure for the line), over the stakes that had one (the *base*). Where the edges come from
(:class:`~payouts.models.TheoreticalSource`):

- **computed**: a Russian Poker round whose configuration (``round_configuration``) has its
  house edge computed. Each box's stakes are priced by the band of that box's Ante, so a box
  playing where the table maximum binds is priced by the capped figures. A wager type the
  strategy never stakes (insurance, under a strategy that never insures) has no figure: such a
  stake is left out of the base rather than priced at a guess.
- **certified**: a Russian Poker round whose configuration has none computed yet (it was asked
  for moments before, or could not be computed): each stake times the certified ``house_edge``
  its paytable carried when the round opened (the bonus paytable's for the bonus stake, the
  main one's for every other), as the reports priced every stake before edges were computed.
- **take**: a pot game. The house banks nothing and keeps exactly what its rule set takes
  (``casino.games.house_edge.pot_games``), so the theoretical win is the round's take, over
  everything staked.
- **none**: nothing prices the round (no computed edge and no certificate).

A settlement is never re-priced: an edge computed later prices the rounds settled after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from casino.core.row_caches import row_cache
from casino.games.contract import GameResult, Stake
from casino.games.house_edge import EdgeReport
from casino.games.house_edge.bands import band_of
from payouts.models import HouseEdge, HouseEdgeBand, PaytableKind, Settlement, TheoreticalSource
from payouts.services.house_edges import computed_house_edge, round_configuration
from tables.models import Round

ZERO = Decimal(0)
#: The wager type whose stake decides a Russian Poker box's band.
ANTE = "ante"


@dataclass(frozen=True)
class TheoreticalWin:
    """A settlement's theoretical win (``amount``) over the stakes priced (``base``)."""

    amount: Decimal
    base: Decimal
    source: TheoreticalSource
    house_edge_id: int | None = None


NOTHING = TheoreticalWin(ZERO, ZERO, TheoreticalSource.NONE)


def round_theoretical_win(round: Round, result: GameResult) -> TheoreticalWin:
    """The theoretical win of ``round`` settled with ``result``: computed edges where its
    configuration has them, else its paytables' certified ones; a pot game's take."""
    if result.pot_game:
        return TheoreticalWin(result.rake, result.staked, TheoreticalSource.TAKE)
    configuration = round_configuration(round)
    edge = None if configuration is None else computed_house_edge(configuration)
    if edge is not None:
        return _computed(edge, result.stakes)
    certified = _certified_edges(round)
    priced = theoretical_win(result.stakes, lambda stake: certified.get(_paytable_kind(stake.kind)))
    if not priced[1]:
        return NOTHING
    return TheoreticalWin(*priced, TheoreticalSource.CERTIFIED)


def theoretical_win(
    stakes: Iterable[Stake], edge_of: Callable[[Stake], Decimal | None]
) -> tuple[Decimal, Decimal]:
    """Σ stake × ``edge_of(stake)`` and Σ stake, over the stakes with an edge (``None``: none).

    >>> from casino.games.contract import Position, PositionKind
    >>> box = Position(PositionKind.BOX, 1)
    >>> stakes = [Stake(box, "ante", Decimal(10)), Stake(box, "insurance", Decimal(5))]
    >>> theoretical_win(stakes, lambda s: Decimal("0.05") if s.kind == "ante" else None)
    (Decimal('0.5000'), Decimal('10'))
    """
    amount = base = ZERO
    for stake in stakes:
        edge = edge_of(stake)
        if edge is not None:
            amount += stake.amount * edge
            base += stake.amount
    return amount, base


def _computed(edge: HouseEdge, stakes: tuple[Stake, ...]) -> TheoreticalWin:
    """Each box's stakes priced by the band of its Ante."""
    bands = tuple((band.ante_from, band.pk) for band in edge.bands.all())
    amount, base = theoretical_win(stakes, _band_pricing(bands, stakes))
    return TheoreticalWin(amount, base, TheoreticalSource.COMPUTED, edge.pk)


def _band_pricing(
    bands: tuple[tuple[Decimal, int], ...], stakes: Iterable[Stake]
) -> Callable[[Stake], Decimal | None]:
    """The edge of a stake among ``stakes``: its wager type's in the band (``ante_from``, id)
    of its box's Ante."""
    starts = tuple(start for start, _ in bands)
    antes = {stake.position: stake.amount for stake in stakes if stake.kind == ANTE}

    def edge_of(stake: Stake) -> Decimal | None:
        _, band_id = bands[band_of(starts, antes.get(stake.position, starts[0]))]
        return band_edges(band_id).get(stake.kind)

    return edge_of


def stake_theoretical_wins(
    settlement: Settlement, paytables: Mapping[str, Any], stakes: Sequence[Stake]
) -> list[Decimal]:
    """The part of ``settlement``'s theoretical win each of ``stakes`` (some or all of its
    round's, every stake of a box given with its Ante) stood for, priced as the settlement
    priced them: by the computed edge's band of the box's Ante, by the certificates of the
    round's pinned ``paytables``, or (a pot game) the take shared in proportion to the stakes;
    zero for a stake nothing priced. Over all of a round's stakes they sum to its
    ``theoretical_win``: the figures a player's rating adds up."""
    source = settlement.theoretical_source
    if source == TheoreticalSource.TAKE:
        base = settlement.theoretical_base
        return [settlement.theoretical_win * s.amount / base if base else ZERO for s in stakes]
    if source == TheoreticalSource.COMPUTED and settlement.house_edge_id is not None:
        edge_of = _band_pricing(_bands_of(settlement.house_edge_id), stakes)
    elif source == TheoreticalSource.CERTIFIED:
        certified = _certified_of(paytables)
        edge_of = lambda stake: certified.get(_paytable_kind(stake.kind))  # noqa: E731
    else:
        return [ZERO for _ in stakes]
    return [
        stake.amount * edge if (edge := edge_of(stake)) is not None else ZERO for stake in stakes
    ]


@row_cache(maxsize=256)
def _bands_of(house_edge_id: int) -> tuple[tuple[Decimal, int], ...]:
    """The bands of a kept house edge, in Ante order: (``ante_from``, id). A kept house edge
    never changes, so each is read once per process."""
    return tuple(
        HouseEdgeBand.objects.filter(house_edge_id=house_edge_id)
        .order_by("ante_from")
        .values_list("ante_from", "pk")
    )


@row_cache(maxsize=256)
def band_edges(band_id: int) -> Mapping[str, Decimal]:
    """The house edge per amount wagered of each wager type of the band ``band_id``, from its
    kept report; a type nothing is staked on under the strategy has none. A band never changes
    once kept, so each is read once per process."""
    kept = HouseEdgeBand.objects.values_list("report", flat=True).get(pk=band_id)
    report = EdgeReport.from_dict(kept)
    return {
        kind: figure.per_wagered.value
        for kind, figure in report.lines.items()
        if figure.per_wagered is not None
    }


def _certified_edges(round: Round) -> dict[str, Decimal]:
    """The certified house edge of each paytable the round pinned, by kind."""
    return _certified_of(round.paytables or {})


def _certified_of(paytables: Mapping[str, Any]) -> dict[str, Decimal]:
    return {
        kind: Decimal(str(pinned["house_edge"]))
        for kind, pinned in paytables.items()
        if pinned.get("house_edge") is not None
    }


def _paytable_kind(wager_kind: str) -> str:
    """The paytable a stake was judged on: the bonus paytable for the bonus stake, the main
    one for every other."""
    return PaytableKind.BONUS if wager_kind == PaytableKind.BONUS else PaytableKind.MAIN
