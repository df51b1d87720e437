"""The house edge of a Russian Poker rule set, paytables, Ante and table maximum.

:func:`russian_poker_edge` is the calculator. Per wager type and for the game as a whole it
returns the house's expected result per initial Ante and per amount wagered
(:mod:`casino.games.house_edge.report`), under a named player strategy
(:mod:`casino.games.house_edge.strategy`, :data:`~casino.games.house_edge.strategy.GUIDE` by
default):

* **exact** where counting all 2,598,960 five-card hands settles it: the bonus side bet (judged
  on the five cards as dealt, whenever the strategy never folds a hand the bonus pays) and the
  dealer's chance of a game; inside the simulation, a box's decision to buy a game is exact too
  (:class:`~casino.games.house_edge.strategy.BuyRule` ``BEST`` counts every card the dealer
  may draw);
* **simulated** for everything play decides: the fast path
  (:mod:`casino.games.house_edge.rounds`) plays seeded rounds in batches until the main game's
  figure per Ante is known to the asked half-width, stratified on the dealt hand's situation and
  corrected by the dealer's hand as a control variate (:mod:`casino.games.house_edge.estimate`).

The rounds are one open box against the dealer, which is what a box's expected result is
whatever else is at the table: other boxes' cards are as unseen to it as the deck. A per-round
maximum payout shared pro rata between boxes (``max_payout_scope = round``) is computed as the
per-box maximum, which is what it is for a box alone; with more boxes winning at once it can
only pay less, so the figure is then the house's least edge.

>>> from decimal import Decimal as D
>>> from casino.games.russian import Paytables, RussianPokerRules
>>> report = russian_poker_edge(
...     RussianPokerRules(), Paytables.standard(), ante=D(10), max_payout=D(5000),
...     rounds=200_000, seed=1,
... )
>>> report.main_game.method.value, report.main_game.rounds
('simulated', 200000)
>>> 0.01 < report.main_game.per_wagered.value < 0.05
True
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Final

import numpy as np

from casino.games.house_edge import exact
from casino.games.house_edge.estimate import Estimate, Tally
from casino.games.house_edge.hands import LINE_CODES, hand_tables
from casino.games.house_edge.report import EdgeReport, Figure, Method, Value
from casino.games.house_edge.rounds import LINE_KINDS, Rounds, deal, play
from casino.games.house_edge.situations import Situation
from casino.games.house_edge.strategy import GUIDE, Strategy
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import LineKind, Paytables, RussianPokerRules

#: Rounds played per batch: large enough for the arrays to pay, small enough for memory.
BATCH: Final = 200_000
#: The default aim: the main game per Ante to ±0.1 percentage point (95 %).
DEFAULT_HALF_WIDTH: Final = Decimal("0.001")
#: Never more rounds than this unless asked (about ten minutes on a small machine).
DEFAULT_MAX_ROUNDS: Final = 100_000_000

_MAIN_KINDS: Final = tuple(kind for kind in LINE_KINDS if kind is not LineKind.BONUS)
_DEALER_LINES: Final = tuple(f"dealer_line_{code}" for code in range(1, LINE_CODES))
COLUMNS: Final = (
    *(f"{kind.value}_stake" for kind in LINE_KINDS),
    *(f"{kind.value}_result" for kind in LINE_KINDS),
    "second_share",
    "insurable",
    "insurance_if_insured",
    "mirror",
    *_DEALER_LINES,
)


def russian_poker_edge(
    rules: RussianPokerRules,
    paytables: Paytables,
    *,
    ante: Decimal,
    max_payout: Decimal | None,
    chip_unit: Decimal = Decimal(1),
    bonus: Decimal | None = None,
    strategy: Strategy = GUIDE,
    half_width: Decimal | None = DEFAULT_HALF_WIDTH,
    rounds: int | None = None,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    seed: int = 0,
) -> EdgeReport:
    """The house edge of one rule set, paytables, Ante and table maximum under ``strategy``.

    Simulates ``rounds`` rounds if given; otherwise batches until the main game's figure per
    Ante has a 95 % half-width of at most ``half_width`` (a fraction of the Ante), or
    ``max_rounds`` are played. ``bonus`` is the bonus stake (the Ante by default, where the
    paytables have a bonus table). The same arguments and seed give the same figures.

    :raises ValueError: an Ante, bonus or maximum that is not a whole number of chips, or a
        strategy whose exchanges the rule set refuses.
    """
    terms = EdgeTerms(rules, paytables, ante, max_payout, chip_unit, bonus)
    tally = simulate(
        terms, strategy, half_width=half_width, rounds=rounds, max_rounds=max_rounds, seed=seed
    )
    return _report(terms, strategy, tally, seed)


def simulate(
    terms: EdgeTerms,
    strategy: Strategy,
    *,
    half_width: Decimal | None = DEFAULT_HALF_WIDTH,
    rounds: int | None = None,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    seed: int = 0,
) -> Tally:
    """Play seeded batches of rounds and tally them (see :func:`russian_poker_edge`)."""
    tables = hand_tables(terms.rules.second_straight_same_rank_swap)
    tally = Tally(COLUMNS, strata=len(Situation))
    goal = None if rounds is not None else float(half_width or 0) * terms.ante_chips
    limit = rounds if rounds is not None else max_rounds
    for batch in _batches(seed, limit):
        played = play(terms, strategy, batch, tables=tables)
        tally.add(played.situation, columns(played))
        if goal and tally.rounds >= 2 * BATCH:
            if main_estimate(tally, terms).half_width <= goal:
                break
    return tally


def _batches(seed: int, limit: int) -> Iterator[np.ndarray]:
    rng = np.random.default_rng(seed)
    done = 0
    while done < limit:
        size = min(BATCH, limit - done)
        yield deal(rng, size)
        done += size


def columns(played: Rounds) -> np.ndarray:
    """The tally's columns of each round (chips, or 0/1 indicators)."""
    stake, result = played.stake, played.stake - played.returned
    dealer = played.dealer_line[:, None] == np.arange(1, LINE_CODES)[None, :]
    return np.concatenate(
        [
            stake,
            result,
            played.second_share[:, None],
            played.insurable[:, None].astype(np.int64),
            -played.insurance_per_unit[:, None],
            played.mirror[:, None],
            dealer.astype(np.int64),
        ],
        axis=1,
    )


def _weights() -> tuple[Fraction, ...]:
    return exact.situation_probabilities()


def _controls() -> dict[str, Fraction]:
    """The control variates and their exact expectations: the dealer's line indicators, and the
    mirror (zero by symmetry, :attr:`~casino.games.house_edge.rounds.Rounds.mirror`)."""
    counts = exact.line_counts()
    lines = {
        name: Fraction(int(counts[code]), exact.HANDS)
        for code, name in enumerate(_DEALER_LINES, start=1)
    }
    return lines | {"mirror": Fraction(0)}


def estimate_figure(
    tally: Tally, numerator: dict[str, int], denominator: dict[str, int] | None = None
) -> Estimate:
    """E[numerator] / E[denominator] over the tally's columns (:data:`COLUMNS`; chips),
    stratified on the dealt situation, with the dealer's line and the mirror as controls."""
    return tally.estimate(numerator, denominator, weights=_weights(), controls=_controls())


def main_estimate(tally: Tally, terms: EdgeTerms) -> Estimate:
    """The main game's house result per round (chips), as estimated."""
    return estimate_figure(tally, {f"{kind.value}_result": 1 for kind in _MAIN_KINDS})


def _figure(
    tally: Tally, terms: EdgeTerms, name: str, kinds: tuple[LineKind, ...], note: str = ""
) -> Figure:
    a = terms.ante_chips
    results = {f"{kind.value}_result": 1 for kind in kinds}
    stakes = {f"{kind.value}_stake": 1 for kind in kinds}
    counted = _counted(tally, terms, name, results, stakes, note)
    if counted is not None:
        return counted
    wagered = estimate_figure(tally, stakes)
    per_ante = estimate_figure(tally, results)
    per_wagered = None if wagered.value <= 0 else estimate_figure(tally, results, stakes)
    return Figure(
        name=name,
        method=Method.SIMULATED,
        per_ante=Value.of_estimate(per_ante, 1 / a),
        per_wagered=None if per_wagered is None else Value.of_estimate(per_wagered),
        wagered_per_ante=Value.of_estimate(wagered, 1 / a),
        rounds=tally.rounds,
        note=note,
    )


def _counted(
    tally: Tally,
    terms: EdgeTerms,
    name: str,
    results: dict[str, int],
    stakes: dict[str, int],
    note: str,
) -> Figure | None:
    """The figure exactly, where the line's stake and result are fixed by the situation of the
    dealt hand (a fee, under a strategy that ignores the up card): then they follow from the
    situations' exact probabilities, with nothing left to chance. ``None`` otherwise."""
    weights = _weights()
    result = tally.exact_mean(results, weights)
    staked = tally.exact_mean(stakes, weights)
    if result is None or staked is None:
        return None
    a = terms.ante_chips
    return Figure(
        name=name,
        method=Method.EXACT,
        per_ante=Value.of_fraction(result / a),
        per_wagered=None if staked == 0 else Value.of_fraction(result / staked),
        wagered_per_ante=Value.of_fraction(staked / a),
        rounds=exact.HANDS,
        note=note or "fixed by the dealt hand's situation, whose probabilities are counted",
    )


def _report(terms: EdgeTerms, strategy: Strategy, tally: Tally, seed: int) -> EdgeReport:
    lines = {kind.value: _figure(tally, terms, kind.value, (kind,)) for kind in LINE_KINDS}
    bonus_exact = terms.bonus_chips > 0 and exact.bonus_is_exact(terms, strategy)
    if terms.bonus_chips == 0:
        del lines[LineKind.BONUS.value]
    elif bonus_exact:
        lines[LineKind.BONUS.value] = bonus_figure(terms)
    main = _figure(tally, terms, "main_game", _MAIN_KINDS, "every line but the bonus")
    with_bonus = None
    if terms.bonus_chips:
        with_bonus = _figure(tally, terms, "with_bonus", LINE_KINDS, "every line, the bonus too")
    main_plain = main_estimate(tally, terms)
    a = terms.ante_chips
    second = estimate_figure(tally, {"second_share": -1})
    insurance = estimate_figure(tally, {"insurance_if_insured": 1}, {"insurable": 1})
    insurable = estimate_figure(tally, {"insurable": 1})
    extra = {
        "second_combination": Figure(
            "second_combination",
            Method.SIMULATED,
            Value.of_estimate(second, 1 / a),
            None,
            Value.of_fraction(Fraction(0)),
            tally.rounds,
            "what the Bet's second combination pays, per Ante (a house result, so negative)",
        ),
        "insurance_per_unit": Figure(
            "insurance_per_unit",
            Method.SIMULATED,
            Value.of_estimate(insurance),
            Value.of_estimate(insurance),
            Value.of_estimate(insurable),
            tally.rounds,
            "the house's result per chip insured, had every box that bets trips or better "
            "insured (per_wagered); wagered_per_ante is the share of rounds that could insure",
        ),
        "dealer_has_game": dealer_figure(),
    }
    return EdgeReport(
        terms=_terms_dict(terms),
        strategy=strategy.to_dict(),
        lines=lines,
        main_game=main,
        with_bonus=with_bonus,
        extra=extra,
        rounds=tally.rounds,
        seed=seed,
        variance_saving=Decimal(repr(round(main_plain.saving, 4))),
    )


def bonus_figure(terms: EdgeTerms) -> Figure:
    """The bonus side bet counted over every five-card hand (the bonus stake as wagered)."""
    stake = terms.bonus_chips
    returned = exact.bonus_return(terms)
    result = stake - returned
    return Figure(
        name=LineKind.BONUS.value,
        method=Method.EXACT,
        per_ante=Value.of_fraction(result / terms.ante_chips),
        per_wagered=Value.of_fraction(result / stake),
        wagered_per_ante=Value.of_fraction(Fraction(stake, terms.ante_chips)),
        rounds=exact.HANDS,
        note="judged on the five cards as dealt; no hand the bonus pays is folded",
    )


def dealer_figure() -> Figure:
    """The chance that the dealer's five cards have a game (Ace-King or better)."""
    chance = Value.of_fraction(Fraction(exact.dealer_game_count(), exact.HANDS))
    return Figure(
        "dealer_has_game",
        Method.EXACT,
        chance,
        None,
        Value.of_fraction(Fraction(0)),
        exact.HANDS,
        "a probability, not a house result",
    )


def _terms_dict(terms: EdgeTerms) -> dict[str, object]:
    return {
        "rules": terms.rules.to_dict(),
        "paytables": terms.paytables.to_dict(),
        "ante": str(terms.ante),
        "max_payout": None if terms.max_payout is None else str(terms.max_payout),
        "chip_unit": str(terms.chip_unit),
        "bonus": None if terms.bonus is None else str(terms.bonus),
    }
