"""A player strategy for Russian Poker, as data: what a box does in every situation.

A strategy says, for each :class:`~casino.games.house_edge.situations.Situation` of the five
cards as dealt (and, in the finest strategies, the dealer's up card), one :class:`Move`: fold,
bet as dealt, buy a sixth card, or exchange the cards the situation does not keep. After an
exchange or a sixth card the box bets with :attr:`Strategy.bet_after_draw` or better and folds
otherwise. When the dealer has no game the box buys one by :class:`BuyRule`, and it insures by
:class:`InsureRule`. A strategy never both exchanges and buys a sixth card, whatever the rule
set allows.

:data:`GUIDE` is the strategy the house edge is quoted under: the rules of thumb a dealer's
guide prints, each derived by the calculator (:mod:`casino.games.house_edge.derive` compares
the expected result of every move in every situation over the same simulated deals;
``docs/house-edge.md`` shows the figures). The three ``CARIBBEAN_*`` strategies never draw,
buy or insure: they play Russian Poker the way Caribbean Stud Poker is played, and serve to
reproduce Caribbean Stud's published figures.

>>> print(GUIDE.lines()[0])
With a straight or better: buy a sixth card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any, Final

from casino.games.house_edge.situations import KEYS, Situation, UpCard
from casino.games.russian_hands import Line


class Move(IntEnum):
    """The first decision of an open box, on its five cards as dealt."""

    FOLD = 0
    BET = 1
    SIXTH_CARD = 2
    EXCHANGE = 3

    @property
    def label(self) -> str:
        return _MOVE_LABELS[self]


_MOVE_LABELS: Final = {
    Move.FOLD: "fold",
    Move.BET: "bet",
    Move.SIXTH_CARD: "buy a sixth card",
    Move.EXCHANGE: "exchange",
}


class BuyWhen(StrEnum):
    """When a box buys a game from a dealer without one."""

    NEVER = "never"
    AT_LEAST = "at_least"  # when the box's first combination is ``line`` or better
    BEST = "best"  # when buying is worth more than the Ante win, counted over every card


@dataclass(frozen=True)
class BuyRule:
    """When to buy a game. ``BEST`` decides each hand exactly: the dealer's replacement is one
    of the cards nobody has seen, so the expected result of buying is an average over them."""

    when: BuyWhen = BuyWhen.NEVER
    line: Line | None = None

    def __post_init__(self) -> None:
        if (self.when is BuyWhen.AT_LEAST) != (self.line is not None):
            raise ValueError("a line goes with at_least, and only with it")

    @property
    def label(self) -> str:
        if self.when is BuyWhen.NEVER:
            return "never buy a game"
        if self.when is BuyWhen.BEST:
            return (
                "buy a game when the expected result of buying, over every card the dealer "
                "may draw, beats the Ante win"
            )
        assert self.line is not None
        return f"buy a game with {_LINE_TEXT[self.line]} or better, else take the Ante win"


class InsureAmount(StrEnum):
    MINIMUM = "minimum"
    MAXIMUM = "maximum"


@dataclass(frozen=True)
class InsureRule:
    """Insure a first combination of ``at_least`` or better (never when ``None``), for the least
    or the most the table accepts."""

    at_least: Line | None = None
    amount: InsureAmount = InsureAmount.MINIMUM

    @property
    def label(self) -> str:
        if self.at_least is None:
            return "never insure"
        return f"insure {_LINE_TEXT[self.at_least]} or better for the {self.amount.value}"


@dataclass(frozen=True)
class Strategy:
    """A player strategy (see the module's docstring). ``moves`` has one move per key
    (:attr:`~casino.games.house_edge.situations.Classified.key`: situation × up-card class);
    :meth:`by_situation` builds one that ignores the up card."""

    name: str
    moves: tuple[Move, ...]
    bet_after_draw: Line | None = Line.PAIR
    buy: BuyRule = BuyRule()
    insure: InsureRule = InsureRule()

    def __post_init__(self) -> None:
        if len(self.moves) != KEYS:
            raise ValueError(f"a strategy has {KEYS} moves, one per situation and up card")

    @classmethod
    def by_situation(
        cls,
        name: str,
        moves: Mapping[Situation, Move],
        *,
        bet_after_draw: Line | None = Line.PAIR,
        buy: BuyRule = BuyRule(),
        insure: InsureRule = InsureRule(),
    ) -> Strategy:
        """A strategy whose move depends on the situation alone (every situation given)."""
        missing = set(Situation) - set(moves)
        if missing:
            raise ValueError(f"no move for {sorted(s.name for s in missing)}")
        return cls(
            name,
            tuple(moves[Situation(key // len(UpCard))] for key in range(KEYS)),
            bet_after_draw,
            buy,
            insure,
        )

    def move(self, situation: Situation, up_card: UpCard) -> Move:
        return self.moves[situation * len(UpCard) + up_card]

    @property
    def uses_up_card(self) -> bool:
        width = len(UpCard)
        return any(len(set(self.moves[s * width : (s + 1) * width])) > 1 for s in Situation)

    def uses(self, move: Move) -> bool:
        return move in self.moves

    def lines(self) -> list[str]:
        """The strategy as a dealer's guide prints it: one line per rule, situations with the
        same move run together (pairs by rank)."""
        printed: list[str] = []
        for situations, moves in _runs(self):
            printed.append(
                f"With {_situations_text(situations)}: {_moves_text(situations, moves)}."
            )
        after = (
            "always bet"
            if self.bet_after_draw is None
            else f"bet with {_LINE_TEXT[self.bet_after_draw]} or better, else fold"
        )
        if self.uses(Move.SIXTH_CARD) or self.uses(Move.EXCHANGE):
            printed.append(f"After an exchange or a sixth card: {after}.")
        printed.append(f"When the dealer has no game: {self.buy.label}.")
        printed.append(f"Insurance: {self.insure.label}.")
        return printed

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: the moves by situation name and up-card class."""
        return {
            "name": self.name,
            "moves": {
                s.name.lower(): {u.name.lower(): self.move(s, u).name.lower() for u in UpCard}
                for s in Situation
            },
            "bet_after_draw": None if self.bet_after_draw is None else self.bet_after_draw.value,
            "buy": {"when": self.buy.when.value, "line": _line_value(self.buy.line)},
            "insure": {
                "at_least": _line_value(self.insure.at_least),
                "amount": self.insure.amount.value,
            },
            "guide": self.lines(),
        }


def _line_value(line: Line | None) -> str | None:
    return None if line is None else line.value


_LINE_TEXT: Final = {
    Line.ACE_KING: "Ace-King",
    Line.PAIR: "a pair",
    Line.TWO_PAIR: "two pair",
    Line.TRIPS: "three of a kind",
    Line.STRAIGHT: "a straight",
    Line.FLUSH: "a flush",
    Line.FULL_HOUSE: "a full house",
    Line.QUADS: "four of a kind",
    Line.STRAIGHT_FLUSH: "a straight flush",
    Line.ROYAL_FLUSH: "a royal flush",
}

_PAIR_SITUATIONS: Final = tuple(Situation(Situation.PAIR_A + offset) for offset in range(13))


def _runs(strategy: Strategy) -> list[tuple[list[Situation], tuple[Move, ...]]]:
    """Situations in order with their moves per up card, adjacent pairs with equal moves merged."""
    width = len(UpCard)
    runs: list[tuple[list[Situation], tuple[Move, ...]]] = []
    for situation in Situation:
        moves = strategy.moves[situation * width : (situation + 1) * width]
        if (
            runs
            and situation in _PAIR_SITUATIONS
            and runs[-1][0][-1] in _PAIR_SITUATIONS
            and runs[-1][1] == moves
        ):
            runs[-1][0].append(situation)
        else:
            runs.append(([situation], moves))
    return runs


def _situations_text(situations: list[Situation]) -> str:
    if len(situations) == 1:
        return situations[0].label
    high, low = situations[0].label, situations[-1].label
    return f"{high.removesuffix('s')}s down to {low.removeprefix('pair of ')}"


def _moves_text(situations: list[Situation], moves: tuple[Move, ...]) -> str:
    def one(move: Move) -> str:
        if move is Move.EXCHANGE:
            kept = situations[0].kept
            return f"exchange, keeping {kept}"
        return move.label

    if len(set(moves)) == 1:
        return one(moves[0])
    usual = max(set(moves), key=moves.count)
    exceptions = " or ".join(
        _UP_TEXT[up] for up, move in zip(UpCard, moves, strict=True) if move != usual
    )
    other = next(move for move in moves if move != usual)
    if moves.count(other) + moves.count(usual) < len(moves):
        return "; ".join(
            f"{one(move)} when the dealer's card {_UP_TEXT[up]}"
            for up, move in zip(UpCard, moves, strict=True)
        )
    return f"{one(usual)}, but {one(other)} when the dealer's card {exceptions}"


_UP_TEXT: Final = {
    UpCard.MATCH: "matches one of yours",
    UpCard.ABOVE: "is above your pair (or highest card) and matches none",
    UpCard.BELOW: "is below your pair (or highest card) and matches none",
}


def _all(move: Move) -> dict[Situation, Move]:
    return dict.fromkeys(Situation, move)


_MADE: Final = (
    Situation.STRAIGHT_OR_BETTER,
    Situation.TRIPS,
    Situation.TWO_PAIR,
    Situation.PAIR_ACE_KING,
    *_PAIR_SITUATIONS,
)
_ACE_KING_OR_BETTER: Final = (
    *_MADE,
    Situation.FOUR_FLUSH_ACE_KING,
    Situation.FOUR_STRAIGHT_ACE_KING,
    Situation.ACE_KING,
)

#: Caribbean Stud Poker's "raise on everything".
CARIBBEAN_ALWAYS = Strategy.by_situation("caribbean_always", _all(Move.BET))
#: Caribbean Stud Poker's "raise on any pair or better".
CARIBBEAN_PAIR_OR_BETTER = Strategy.by_situation(
    "caribbean_pair_or_better", _all(Move.FOLD) | dict.fromkeys(_MADE, Move.BET)
)
#: Caribbean Stud Poker's "raise on any Ace-King or better".
CARIBBEAN_ACE_KING_OR_BETTER = Strategy.by_situation(
    "caribbean_ace_king_or_better",
    _all(Move.FOLD) | dict.fromkeys(_ACE_KING_OR_BETTER, Move.BET),
)

#: The rules of thumb the house edge is quoted under (see the module's docstring and
#: ``docs/house-edge.md`` for the evidence behind each line).
GUIDE = Strategy.by_situation(
    "guide",
    {
        Situation.STRAIGHT_OR_BETTER: Move.SIXTH_CARD,
        Situation.TRIPS: Move.EXCHANGE,
        Situation.TWO_PAIR: Move.BET,
        Situation.PAIR_ACE_KING: Move.BET,
        Situation.PAIR_A: Move.BET,
        Situation.PAIR_K: Move.BET,
        Situation.PAIR_Q: Move.BET,
        Situation.PAIR_J: Move.BET,
        Situation.PAIR_10: Move.BET,
        Situation.PAIR_9: Move.BET,
        Situation.PAIR_8: Move.BET,
        Situation.PAIR_7: Move.BET,
        Situation.PAIR_6: Move.EXCHANGE,
        Situation.PAIR_5: Move.EXCHANGE,
        Situation.PAIR_4: Move.EXCHANGE,
        Situation.PAIR_3: Move.EXCHANGE,
        Situation.PAIR_2: Move.EXCHANGE,
        Situation.FOUR_FLUSH_ACE_KING: Move.SIXTH_CARD,
        Situation.FOUR_FLUSH: Move.SIXTH_CARD,
        Situation.FOUR_STRAIGHT_ACE_KING: Move.SIXTH_CARD,
        Situation.FOUR_STRAIGHT_OPEN: Move.SIXTH_CARD,
        Situation.FOUR_STRAIGHT_INSIDE: Move.FOLD,
        Situation.ACE_KING: Move.EXCHANGE,
        Situation.ACE: Move.EXCHANGE,
        Situation.NOTHING: Move.FOLD,
    },
    bet_after_draw=Line.PAIR,
    buy=BuyRule(BuyWhen.AT_LEAST, Line.STRAIGHT),
)

#: Every strategy by name.
STRATEGIES: Final = {
    strategy.name: strategy
    for strategy in (
        GUIDE,
        CARIBBEAN_ALWAYS,
        CARIBBEAN_PAIR_OR_BETTER,
        CARIBBEAN_ACE_KING_OR_BETTER,
    )
}
