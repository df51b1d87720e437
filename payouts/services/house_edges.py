"""The house edge of each Russian Poker table configuration, computed from its rules and kept.

A table's configuration (its rule-set version, main and bonus paytable versions, Ante range,
table maximum and chip unit) decides its house edge, and the table maximum makes it depend on
the Ante (``casino.games.house_edge.bands``). :func:`house_edges_request` asks for the edge of
every configuration a table uses that has none yet; :func:`house_edge_compute` computes one
with the pure calculator (``casino.games.house_edge``), band by band, and keeps the figures
(:class:`~payouts.models.HouseEdge`, :class:`~payouts.models.HouseEdgeBand`). The Celery tasks
(``payouts.tasks``) run both: when a paytable or rule-set version is made, when a table changes
its paytable, and every few minutes for what a lost message left behind.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from casino.core.alerts import alert_record
from casino.core.models import AlertKind
from casino.core.updates import row_update
from casino.games.errors import GameError
from casino.games.house_edge import STRATEGIES, EdgeReport, Value, russian_poker_edge
from casino.games.house_edge.bands import ante_bands, band_of
from casino.games.russian import Paytables, RussianPokerRules
from payouts.models import (
    HouseEdge,
    HouseEdgeBand,
    HouseEdgeStatus,
    Paytable,
    PaytableKind,
    TablePaytable,
)
from tables.models import Game, Round, Table

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Configuration:
    """What a Russian Poker table's house edge depends on."""

    rule_set_id: int
    main_paytable_id: int
    bonus_paytable_id: int | None
    ante_min: Decimal
    ante_max: Decimal
    max_payout: Decimal | None
    chip_unit: Decimal


def table_configuration(table: Table) -> Configuration | None:
    """The configuration ``table`` plays now; ``None`` for a table of another game or without
    a main paytable (it pays nothing on the Bet: nothing to compute)."""
    if table.game != Game.RUSSIAN_POKER:
        return None
    kinds = dict(TablePaytable.objects.filter(table=table).values_list("kind", "paytable_id"))
    main = kinds.get(PaytableKind.MAIN)
    if main is None:
        return None
    offers_bonus = table.bonus_min is not None and table.bonus_max is not None
    return Configuration(
        rule_set_id=table.rule_set_id,
        main_paytable_id=main,
        bonus_paytable_id=kinds.get(PaytableKind.BONUS) if offers_bonus else None,
        ante_min=table.ante_min,
        ante_max=table.ante_max,
        max_payout=table.max_table_payout,
        chip_unit=table.chip_unit,
    )


#: The limits a round pins that its configuration reads.
_PINNED_LIMITS = frozenset({"ante_min", "ante_max", "chip_unit"})


def round_configuration(round: Round) -> Configuration | None:
    """The configuration ``round`` was played under, from what it pinned when it opened (its
    rule set, paytables and the table's limits then); ``None`` for a round of another game,
    without a main paytable, or opened before rounds pinned the limits it depends on."""
    main = (round.paytables or {}).get(PaytableKind.MAIN)
    limits = round.limits or {}
    if round.game != Game.RUSSIAN_POKER or main is None or not _PINNED_LIMITS <= limits.keys():
        return None
    bonus = round.paytables.get(PaytableKind.BONUS)
    offers_bonus = limits.get("bonus_min") is not None and limits.get("bonus_max") is not None
    maximum = limits.get("max_table_payout")
    return Configuration(
        rule_set_id=round.rule_set_id,
        main_paytable_id=main["id"],
        bonus_paytable_id=bonus["id"] if bonus is not None and offers_bonus else None,
        ante_min=Decimal(limits["ante_min"]),
        ante_max=Decimal(limits["ante_max"]),
        max_payout=None if maximum is None else Decimal(maximum),
        chip_unit=Decimal(limits["chip_unit"]),
    )


def computed_house_edge(configuration: Configuration) -> HouseEdge | None:
    """The computed house edge of ``configuration`` under the settings' aim, its bands
    fetched with it (without their reports); ``None`` while it is pending, failed or never
    asked for."""
    return _with_bands(
        HouseEdge.objects.filter(**_fields(configuration), **_aim(), status=HouseEdgeStatus.DONE)
    ).first()


def _with_bands(edges: QuerySet[HouseEdge]) -> QuerySet[HouseEdge]:
    """``edges`` with their bands fetched in one more statement, in Ante order, without the
    reports (the large part of a band, which only the API and the settlement's pricing read)."""
    return edges.prefetch_related(
        Prefetch("bands", HouseEdgeBand.objects.defer("report").order_by("ante_from"))
    )


@dataclass(frozen=True)
class EdgeBandFigure:
    """One band of a computed house edge as a pit boss reads it: from ``ante_from``, the main
    game's edge per initial Ante with its 95 % interval, in percent to two places."""

    ante_from: Decimal
    per_ante_pct: Decimal
    low_pct: Decimal
    high_pct: Decimal


@dataclass(frozen=True)
class TableHouseEdge:
    """The house edge of the configuration a table plays now: ``status`` (``pending``,
    ``done``, ``failed``, or ``not_requested`` when none was asked for under the settings'
    aim), the strategy it assumes, its bands once done (``rounds`` each), and why it failed."""

    status: str
    strategy: str
    bands: tuple[EdgeBandFigure, ...] = ()
    rounds: int | None = None
    failure: str = ""


NOT_REQUESTED = "not_requested"
_PERCENT_PLACES = Decimal("0.01")


def table_house_edge(table: Table) -> TableHouseEdge | None:
    """The house edge of ``table``'s configuration now, as computed (three statements);
    ``None`` for a table of another game or without a main paytable."""
    configuration = table_configuration(table)
    if configuration is None:
        return None
    aim = _aim()
    edge = _with_bands(HouseEdge.objects.filter(**_fields(configuration), **aim)).first()
    if edge is None:
        return TableHouseEdge(status=NOT_REQUESTED, strategy=aim["strategy"])
    bands = list(edge.bands.all())
    return TableHouseEdge(
        status=edge.status,
        strategy=edge.strategy,
        bands=tuple(
            EdgeBandFigure(
                ante_from=band.ante_from,
                per_ante_pct=_percent(band.main_per_ante),
                low_pct=_percent(band.main_low),
                high_pct=_percent(band.main_high),
            )
            for band in bands
        ),
        rounds=bands[0].rounds if bands else None,
        failure=edge.failure,
    )


def paytable_house_edges(paytable_id: int) -> list[str]:
    """Each computation of a configuration that uses the paytable ``paytable_id``, in words:
    its rule set, Antes and maximum, its status, and once done the main game's edge per amount
    wagered and per Ante, with the interval, in each band."""
    edges = _with_bands(
        HouseEdge.objects.filter(Q(main_paytable_id=paytable_id) | Q(bonus_paytable_id=paytable_id))
        .select_related("rule_set")
        .order_by("pk")
    )
    said = []
    for edge in edges:
        maximum = "no maximum" if edge.max_payout is None else f"maximum {edge.max_payout}"
        head = (
            f"{edge.rule_set} at Antes {edge.ante_min} to {edge.ante_max}, {maximum},"
            f" {edge.strategy} strategy: {HouseEdgeStatus(edge.status).label.lower()}"
        )
        if edge.status == HouseEdgeStatus.FAILED:
            head += f" ({edge.failure})"
        bands = [
            f"from Ante {band.ante_from}: {_percent(band.main_per_wagered)} % of the amount"
            f" wagered, {_percent(band.main_per_ante)} % of the Ante (95 %:"
            f" {_percent(band.main_low)} to {_percent(band.main_high)}), {band.rounds:,} rounds"
            for band in edge.bands.all()
        ]
        said.append("; ".join([head, *bands]))
    return said


def _percent(fraction: Decimal) -> Decimal:
    return (fraction * 100).quantize(_PERCENT_PLACES)


def _aim() -> dict[str, Any]:
    """The strategy and precision the settings ask for (``HOUSE_EDGES``)."""
    aim = settings.HOUSE_EDGES
    return {"strategy": str(aim["STRATEGY"]), "half_width": Decimal(str(aim["HALF_WIDTH"]))}


def house_edges_request() -> list[HouseEdge]:
    """Ask for the house edge of every configuration a Russian Poker table uses that has none
    under the settings' aim; returns the computations to send to a worker: those just asked
    for, and those pending for longer than ``HOUSE_EDGES["RESEND_MINUTES"]`` (their message was
    lost, or their worker died), not those a worker is still computing."""
    now = timezone.now()
    new = []
    for table in Table.objects.filter(game=Game.RUSSIAN_POKER).order_by("pk"):
        configuration = table_configuration(table)
        if configuration is not None:
            edge, made = HouseEdge.objects.get_or_create(
                **_fields(configuration), **_aim(), defaults={"requested_at": now}
            )
            if made:
                new.append(edge)
    stale = HouseEdge.objects.filter(
        status=HouseEdgeStatus.PENDING,
        requested_at__lt=now - timedelta(minutes=settings.HOUSE_EDGES["RESEND_MINUTES"]),
    ).order_by("pk")
    return [*new, *stale]


def house_edge_compute(house_edge_id: int) -> HouseEdge:
    """Compute a pending house edge, band by band, and keep it; a computation no longer pending
    is returned as it is (another worker did it). A configuration the calculator refuses is
    kept as failed, with the reason."""
    edge = HouseEdge.objects.select_related("rule_set", "main_paytable", "bonus_paytable").get(
        pk=house_edge_id
    )
    if edge.status != HouseEdgeStatus.PENDING:
        return edge
    try:
        bands = _computed_bands(edge)
    except (GameError, ValueError) as exc:  # a configuration the calculator cannot price
        return _finish(edge, HouseEdgeStatus.FAILED, [], failure=str(exc))
    return _finish(edge, HouseEdgeStatus.DONE, bands)


def band_for(edge: HouseEdge, ante: Decimal) -> HouseEdgeBand | None:
    """The band of a computed ``edge`` that ``ante`` falls in (the first for an Ante below the
    table's range); ``None`` while it is not computed."""
    bands = list(edge.bands.all())
    if not bands:
        return None
    return bands[band_of(tuple(band.ante_from for band in bands), ante)]


def _computed_bands(edge: HouseEdge) -> list[HouseEdgeBand]:
    rules = RussianPokerRules.from_dict(edge.rule_set.settings)
    paytables = Paytables(
        main=_lines(edge.main_paytable),
        bonus=None if edge.bonus_paytable is None else _lines(edge.bonus_paytable),
    )
    strategy = STRATEGIES[edge.strategy]
    rounds = settings.HOUSE_EDGES["ROUNDS"]
    bands = []
    starts = ante_bands(
        paytables,
        ante_min=edge.ante_min,
        ante_max=edge.ante_max,
        max_payout=edge.max_payout,
        chip_unit=edge.chip_unit,
    )
    for ante in starts:
        report = russian_poker_edge(
            rules,
            paytables,
            ante=ante,
            max_payout=edge.max_payout,
            chip_unit=edge.chip_unit,
            strategy=strategy,
            half_width=None if rounds else edge.half_width,
            rounds=rounds,
            seed=0,  # the same rounds in every band: their differences are the maximum's alone
        )
        main = report.main_game
        assert main.per_wagered is not None  # the main game always takes the Ante
        bands.append(
            HouseEdgeBand(
                ante_from=ante,
                main_per_ante=main.per_ante.value,
                main_low=_or(main.per_ante.low, main.per_ante.value),
                main_high=_or(main.per_ante.high, main.per_ante.value),
                main_per_wagered=main.per_wagered.value,
                rounds=report.rounds,
                report=report.to_dict(),
            )
        )
    return bands


def _or(bound: Decimal | None, value: Decimal) -> Decimal:
    """An interval's bound, or the value itself for an exact figure."""
    return value if bound is None else bound


def _lines(paytable: Paytable) -> dict[str, Decimal]:
    """A paytable's multiples by line, as the engine reads them."""
    return {line.line: line.pays for line in paytable.lines.all()}


def _finish(
    edge: HouseEdge, status: HouseEdgeStatus, bands: list[HouseEdgeBand], *, failure: str = ""
) -> HouseEdge:
    """Keep the outcome, once: a computation another worker finished first is left as it is."""
    with transaction.atomic():
        locked = HouseEdge.objects.select_for_update().get(pk=edge.pk)
        if locked.status != HouseEdgeStatus.PENDING:
            return locked
        for band in bands:
            band.house_edge = locked
        HouseEdgeBand.objects.bulk_create(bands)
        row_update(locked, status=status, failure=failure, finished_at=timezone.now())
        if bands:
            _certificates_checked(edge, bands[0])
    if status is HouseEdgeStatus.FAILED:
        logger.warning("house edge %s could not be computed: %s", edge.pk, failure)
    return locked


def certificate_agrees(certified: Decimal, computed: Value) -> bool:
    """Whether a certificate's figure, given to its own places, is borne out by ``computed``:
    within its 95 % interval (widened by half the certificate's last place), or for an exact
    figure equal to it once rounded to those places.

    >>> exact = Value(Decimal("0.579812"))
    >>> certificate_agrees(Decimal("0.5798"), exact), certificate_agrees(Decimal("0.5799"), exact)
    (True, False)
    >>> simulated = Value(Decimal("0.0910"), Decimal("0.0900"), Decimal("0.0920"))
    >>> certificate_agrees(Decimal("0.091"), simulated)
    True
    >>> certificate_agrees(Decimal("0.08"), simulated)
    False
    """
    exponent = certified.as_tuple().exponent
    assert isinstance(exponent, int), "a certified figure is a finite number"
    places = Decimal(1).scaleb(exponent)
    if computed.low is None or computed.high is None:
        return computed.value.quantize(places) == certified
    half = places / 2
    return computed.low - half <= certified <= computed.high + half


def _certificates_checked(edge: HouseEdge, band: HouseEdgeBand) -> None:
    """Raise ``edge_mismatch`` for each paytable of ``edge`` whose certified ``house_edge`` the
    first band's figure per amount wagered does not bear out (the main game's for the main
    paytable, the bonus's for the bonus one). The first band is where the table maximum binds
    least: the figure a certificate, which knows no table, states."""
    report = EdgeReport.from_dict(band.report)
    computed = {"main": report.main_game.per_wagered, "bonus": None}
    if "bonus" in report.lines:
        computed["bonus"] = report.lines["bonus"].per_wagered
    for kind, paytable in (("main", edge.main_paytable), ("bonus", edge.bonus_paytable)):
        figure = computed[kind]
        if paytable is None or paytable.house_edge is None or figure is None:
            continue
        if not certificate_agrees(paytable.house_edge, figure):
            alert_record(
                kind=AlertKind.EDGE_MISMATCH,
                cause=f"house_edge:{edge.pk}:paytable:{paytable.pk}",
                details={
                    "paytable": str(paytable),
                    "kind": kind,
                    "certified": str(paytable.house_edge),
                    "computed": figure.to_dict(),
                    "ante": str(band.ante_from),
                    "house_edge": edge.pk,
                },
            )


def _fields(configuration: Configuration) -> dict[str, Any]:
    return {
        "rule_set_id": configuration.rule_set_id,
        "main_paytable_id": configuration.main_paytable_id,
        "bonus_paytable_id": configuration.bonus_paytable_id,
        "ante_min": configuration.ante_min,
        "ante_max": configuration.ante_max,
        "max_payout": configuration.max_payout,
        "chip_unit": configuration.chip_unit,
    }
