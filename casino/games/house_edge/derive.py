"""How the calculator derives a player strategy, and what a simpler one costs.

Every decision is justified the same way: on one set of simulated deals, every alternative is
played out on the *same cards* (common random numbers), so two alternatives differ only by the
decision compared, and the paired difference of their results has a small variance.

* :func:`compare_moves`: in each situation of the dealt hand (and, for the finest strategy, each
  up-card class), the player's mean result for fold, bet, a sixth card and an exchange, the
  rest of the strategy unchanged; the best move and its margin over the runner-up, with the
  95 % interval of that margin.
* :func:`compare_rules`: whole strategies that differ in one rule (the line to bet with after a
  draw, when to buy a game) compared on the same deals.
* :func:`derive`: starting from a strategy, takes the best move in each situation, then the best
  after-draw line and buy rule, and repeats; returns the rules of thumb (one move per situation)
  and the finest strategy (one move per situation and up card, buying by exact count).
* :func:`strategy_cost`: what playing one strategy instead of another costs the player per Ante,
  on fresh deals.

``docs/house-edge.md`` prints the comparisons behind
:data:`~casino.games.house_edge.strategy.GUIDE`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import sqrt
from typing import Final

import numpy as np

from casino.games.house_edge.estimate import Z95
from casino.games.house_edge.hands import HandTables, hand_tables
from casino.games.house_edge.rounds import Rounds, deal, play
from casino.games.house_edge.situations import KEYS, IntArray, Situation, UpCard, exchanged_cards
from casino.games.house_edge.strategy import BuyRule, BuyWhen, Move, Strategy
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import LineKind
from casino.games.russian_hands import Line

_BONUS_COLUMN: Final = tuple(LineKind).index(LineKind.BONUS)


def player_result(rounds: Rounds) -> IntArray:
    """The player's net result per round on the main game (every line but the bonus), chips."""
    net = rounds.returned - rounds.stake
    result: IntArray = net.sum(axis=1) - net[:, _BONUS_COLUMN]
    return result


@dataclass(frozen=True)
class MoveComparison:
    """The moves of one situation (and up-card class, if ``up_card`` is set) compared.

    ``means`` are the player's mean results per Ante for each legal move; ``margin`` is the best
    move's lead over the runner-up per Ante, ``half_width`` its 95 % half-width (paired);
    ``behind`` gives every move's shortfall from the best with its 95 % half-width.
    """

    situation: Situation
    up_card: UpCard | None
    rounds: int
    means: dict[Move, float]
    best: Move
    runner_up: Move
    margin: float
    half_width: float
    behind: dict[Move, tuple[float, float]]

    def justifies(self, move: Move) -> bool:
        """Whether ``move`` is the best, or no worse than it beyond the 95 % interval."""
        shortfall, half_width = self.behind[move]
        return shortfall <= half_width

    @property
    def clear(self) -> bool:
        """Whether the best move's lead is beyond its interval."""
        return self.margin > self.half_width


def legal_moves(terms: EdgeTerms, situation: Situation) -> tuple[Move, ...]:
    """The moves a box in ``situation`` may make under the rule set."""
    moves = [Move.FOLD, Move.BET, Move.SIXTH_CARD]
    count = exchanged_cards(situation)
    if terms.rules.exchange_min <= count <= terms.rules.exchange_max:
        moves.append(Move.EXCHANGE)
    return tuple(moves)


def compare_moves(
    terms: EdgeTerms,
    strategy: Strategy,
    cards: np.ndarray,
    *,
    by_up_card: bool = False,
    tables: HandTables | None = None,
) -> list[MoveComparison]:
    """Every legal first move in every situation, on the same deals (see the module)."""
    tables = tables or hand_tables(terms.rules.second_straight_same_rank_swap)
    base = play(terms, strategy, cards, tables=tables)
    situation = base.situation
    results: dict[Move, IntArray] = {}
    for move in Move:
        moves = np.full(len(cards), int(move), dtype=np.int64)
        if move is Move.EXCHANGE:
            legal = np.array([move in legal_moves(terms, s) for s in Situation])
            moves = np.where(legal[situation], moves, int(Move.FOLD))
        results[move] = player_result(play(terms, strategy, cards, moves=moves, tables=tables))
    groups = (
        [(s, u) for s in Situation for u in UpCard]
        if by_up_card
        else [(s, None) for s in Situation]
    )
    comparisons = []
    a = terms.ante_chips
    for s, u in groups:
        rows = situation == s if u is None else (situation == s) & (base.up_card == u)
        count = int(rows.sum())
        if count < 2:
            continue
        options = legal_moves(terms, s)
        means = {move: float(results[move][rows].mean()) / a for move in options}
        ranked = sorted(options, key=lambda move: -means[move])
        best, runner_up = ranked[0], ranked[1]
        behind = {}
        for move in options:
            difference = (results[best][rows] - results[move][rows]) / a
            spread = float(difference.std(ddof=1)) if count > 1 else 0.0
            behind[move] = (means[best] - means[move], Z95 * spread / sqrt(count))
        comparisons.append(
            MoveComparison(
                s,
                u,
                count,
                means,
                best,
                runner_up,
                means[best] - means[runner_up],
                behind[runner_up][1],
                behind,
            )
        )
    return comparisons


@dataclass(frozen=True)
class RuleComparison:
    """Strategies compared on the same deals: each one's mean result per Ante for the player,
    and its difference from the first strategy with that difference's 95 % half-width."""

    names: tuple[str, ...]
    means: tuple[float, ...]
    differences: tuple[float, ...]
    half_widths: tuple[float, ...]
    rounds: int

    @property
    def best(self) -> int:
        return int(np.argmax(self.means))


def compare_rules(
    terms: EdgeTerms,
    strategies: Sequence[Strategy],
    cards: np.ndarray,
    *,
    tables: HandTables | None = None,
) -> RuleComparison:
    """Whole strategies on the same deals (see the module)."""
    tables = tables or hand_tables(terms.rules.second_straight_same_rank_swap)
    a = terms.ante_chips
    results = [player_result(play(terms, s, cards, tables=tables)) / a for s in strategies]
    first = results[0]
    differences, half_widths = [], []
    for result in results:
        difference = result - first
        differences.append(float(difference.mean()))
        half_widths.append(Z95 * float(difference.std(ddof=1)) / sqrt(len(cards)))
    return RuleComparison(
        tuple(s.name for s in strategies),
        tuple(float(r.mean()) for r in results),
        tuple(differences),
        tuple(half_widths),
        len(cards),
    )


#: The lines a box may bet with after a draw, and the lines from which it may buy a game.
AFTER_DRAW_LINES: Final = (Line.ACE_KING, Line.PAIR, Line.TWO_PAIR)
BUY_LINES: Final = (Line.TWO_PAIR, Line.TRIPS, Line.STRAIGHT, Line.FLUSH, Line.FULL_HOUSE)


@dataclass(frozen=True)
class Derivation:
    """What :func:`derive` found: the rules of thumb, the finest strategy, and the evidence."""

    guide: Strategy
    finest: Strategy
    moves: list[MoveComparison]
    after_draw: RuleComparison
    buy: RuleComparison


def derive(
    terms: EdgeTerms,
    start: Strategy,
    *,
    rounds: int,
    seed: int = 0,
    passes: int = 2,
    name: str = "guide",
) -> Derivation:
    """Derive the rules of thumb and the finest strategy from ``start`` (see the module)."""
    tables = hand_tables(terms.rules.second_straight_same_rank_swap)
    cards = deal(np.random.default_rng(seed), rounds)
    guide = replace(start, name=name)
    moves: list[MoveComparison] = []
    after = buy = None
    for _ in range(passes):
        moves = compare_moves(terms, guide, cards, tables=tables)
        chosen = {c.situation: c.best for c in moves}
        guide = Strategy.by_situation(
            name,
            {s: chosen.get(s, guide.move(s, UpCard.MATCH)) for s in Situation},
            bet_after_draw=guide.bet_after_draw,
            buy=guide.buy,
            insure=guide.insure,
        )
        candidates = [replace(guide, bet_after_draw=line) for line in AFTER_DRAW_LINES]
        after = compare_rules(terms, candidates, cards, tables=tables)
        guide = replace(guide, bet_after_draw=AFTER_DRAW_LINES[after.best])
        rules = [BuyRule(BuyWhen.NEVER), *(BuyRule(BuyWhen.AT_LEAST, line) for line in BUY_LINES)]
        candidates = [replace(guide, buy=rule) for rule in rules]
        buy = compare_rules(terms, candidates, cards, tables=tables)
        guide = replace(guide, buy=rules[buy.best])
    assert after is not None and buy is not None
    fine = compare_moves(terms, guide, cards, by_up_card=True, tables=tables)
    finest_moves = list(guide.moves)
    for comparison in fine:
        assert comparison.up_card is not None
        finest_moves[comparison.situation * len(UpCard) + comparison.up_card] = comparison.best
    finest = replace(
        guide, name=f"{name}_finest", moves=tuple(finest_moves), buy=BuyRule(BuyWhen.BEST)
    )
    assert len(finest.moves) == KEYS
    return Derivation(guide, finest, moves, after, buy)


def strategy_cost(
    terms: EdgeTerms, strategy: Strategy, better: Strategy, *, rounds: int, seed: int
) -> tuple[float, float]:
    """What ``strategy`` costs the player per Ante against ``better`` on fresh deals, with the
    95 % half-width of that paired difference."""
    cards = deal(np.random.default_rng(seed), rounds)
    comparison = compare_rules(terms, [better, strategy], cards)
    return -comparison.differences[1], comparison.half_widths[1]


def evidence(derivation: Derivation) -> list[str]:
    """The derivation as Markdown tables: the moves per situation, the after-draw line, the buy
    rule (what ``docs/house-edge.md`` prints)."""
    lines = [
        "| Situation | Deals | Fold | Bet | Sixth card | Exchange | Best | Lead over the next |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for c in derivation.moves:
        cells = [
            "-" if move not in c.means else f"{c.means[move]:+.3f}"
            for move in (Move.FOLD, Move.BET, Move.SIXTH_CARD, Move.EXCHANGE)
        ]
        lines.append(
            f"| {c.situation.label} | {c.rounds:,} | {' | '.join(cells)} | {c.best.label} "
            f"| {c.margin:.3f} ± {c.half_width:.3f} |"
        )
    lines += ["", "| After a draw, bet with | Player's result per Ante |", "|---|---|"]
    for line, mean in zip(AFTER_DRAW_LINES, derivation.after_draw.means, strict=True):
        lines.append(f"| {line.value} or better | {mean:+.4f} |")
    lines += ["", "| Buy a game | Player's result per Ante |", "|---|---|"]
    rules = ["never", *(f"with {line.value} or better" for line in BUY_LINES)]
    for rule, mean in zip(rules, derivation.buy.means, strict=True):
        lines.append(f"| {rule} | {mean:+.4f} |")
    return lines
