"""Settlement of a Russian Poker round: a pure function of the rule set, paytables, limits and
what each box and the dealer ended up with (RULES 1.6, 1.9–1.11).

Each box is settled line by line: ``ante``, ``bet``, ``bonus``, ``insurance`` and the fees
(``exchange_fee``, ``sixth_card_fee``, ``buy_game_fee``). A line records its stake, the amount
*computed* for it (what is handed back: stake plus winnings, before any maximum payout), the
amount *paid*, and the reason when they differ. Fee lines have the fee as their stake and hand
nothing back. For every box, ``staked - returned = house_result`` exactly.

Outcomes: ``win`` (winnings paid on top of the stake), ``lose`` (the stake stays with the house),
``push`` (the stake comes back after a contest: a standoff, the Ante of a winning box where the
Ante is returned, insurance returned when the box loses), ``void`` (the stake comes back because
no contest took place: the Bet when the dealer has no game, both Ante and Bet when a bought game
still leaves the dealer without one) and ``fee``.

The maximum table payout (``TableLimits.max_payout``) caps what the winnings of the Bet (both
combinations) and of the insurance add up to; Ante wins, bonus wins and returned stakes do not
count (RULES 1.11). Per box (the default), the insurance is served first, because it is settled
first (RULES 1.9), and the Bet gets what room is left. Per round (``max_payout_scope = round``),
when all boxes together win more than the maximum, each box's counted winnings are scaled by
maximum / total and cut down to the chip unit, then shared out within the box the same way; the
chips the rounding leaves over are not paid.

Boxes are listed in settlement order: from the last box to the first; when a game was bought,
the boxes that did not buy come first (they are settled before the replacement is drawn), then
the buyers, each group from the last box to the first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final, Self

from casino.games.cards import Card, format_cards
from casino.games.contract import JsonFields
from casino.games.errors import GameError
from casino.games.money import ZERO, round_down_to_chip, to_decimal
from casino.games.russian.codes import SETTLEMENT_INVALID
from casino.games.russian.money import pro_rata_down
from casino.games.russian.rules import (
    AnteOnWin,
    InsuranceWhenDealerQualifies,
    MaxPayoutScope,
    RussianPokerRules,
)
from casino.games.russian.terms import Paytables, TableLimits
from casino.games.russian_hands import (
    BoxCombinations,
    compare_first,
    dealer_qualifies,
    first_and_second,
)
from casino.games.words import Words

#: Why a line was paid less than computed.
CAP_PER_BOX: Final = "max_payout_per_box"
CAP_ROUND_PRO_RATA: Final = "max_payout_round_pro_rata"
#: The same reasons in words, for the people who pay and review the round.
REASON_TEXTS: Final[Mapping[str, Words]] = MappingProxyType(
    {
        CAP_PER_BOX: Words("over the table's maximum payout per box"),
        CAP_ROUND_PRO_RATA: Words(
            "cut pro rata: the round's winnings are over the table's maximum payout"
        ),
    }
)


class LineKind(StrEnum):
    """The wager lines of a box, in the order a box's settlement lists them."""

    ANTE = "ante"
    BET = "bet"
    BONUS = "bonus"
    INSURANCE = "insurance"
    EXCHANGE_FEE = "exchange_fee"
    SIXTH_CARD_FEE = "sixth_card_fee"
    BUY_GAME_FEE = "buy_game_fee"


#: Each line in words.
LINE_LABELS: Final[Mapping[str, Words]] = MappingProxyType(
    {
        LineKind.ANTE: Words("Ante"),
        LineKind.BET: Words("Bet"),
        LineKind.BONUS: Words("Bonus"),
        LineKind.INSURANCE: Words("Insurance"),
        LineKind.EXCHANGE_FEE: Words("Exchange fee"),
        LineKind.SIXTH_CARD_FEE: Words("Sixth-card fee"),
        LineKind.BUY_GAME_FEE: Words("Buy-a-game fee"),
    }
)
#: The fees are paid when the box exchanges, buys a sixth card or a game, before the cards
#: (RULES 1.7, 1.10): the dealer has taken them by the settlement.
FEE_LINES: Final = frozenset(
    {LineKind.EXCHANGE_FEE, LineKind.SIXTH_CARD_FEE, LineKind.BUY_GAME_FEE}
)


class Outcome(StrEnum):
    """How a line ended; see the module's docstring."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    VOID = "void"
    FEE = "fee"


# -- results ---------------------------------------------------------------------------------------


class _StoredSettlement(JsonFields):
    """A part of the settlement stored as its fields (:meth:`to_dict`) and read back by their
    declared types (:data:`_READERS`)."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of :meth:`to_dict`. :raises GameError: ``settlement_invalid``."""
        build: Callable[..., Self] = cls
        return build(
            **{item.name: _READERS[str(item.type)](data, item.name) for item in fields(cls)}
        )


@dataclass(frozen=True)
class SettlementLine(_StoredSettlement):
    """One wager line of a box: its stake, the amount computed for it and the amount paid.

    ``computed`` and ``paid`` are what is handed back for the line (stake plus winnings), before
    and after the maximum payout; ``reason`` says why ``paid < computed``, else it is empty.
    ``combination`` names the paytable lines of the hand the line was judged on
    (``pair+ace_king``; for the bonus, the line of the five cards as dealt), empty for fees and
    where no hand was judged.
    """

    line: str
    combination: str
    outcome: str
    stake: Decimal
    computed: Decimal
    paid: Decimal
    reason: str = ""


@dataclass(frozen=True)
class BoxSettlement(_StoredSettlement):
    """One box's settlement: its lines and their totals.

    ``staked`` is every stake and fee the box put in, ``returned`` everything handed back,
    ``house_result = staked - returned`` (negative when the box won). ``withheld`` is what the
    maximum payout kept back (computed minus paid), ``cap_applied`` whether it kept anything.
    ``cards`` are the box's final cards, ``combination`` the paytable lines its hand holds
    (first and second combination; empty below Ace-King and for a box that folded).
    """

    box: int
    player: str
    blind: bool
    cards: str
    combination: str
    lines: tuple[SettlementLine, ...]
    staked: Decimal
    returned: Decimal
    house_result: Decimal
    cap_applied: bool
    withheld: Decimal

    @classmethod
    def of_lines(
        cls,
        *,
        box: int,
        player: str,
        blind: bool,
        cards: str,
        combination: str,
        lines: Sequence[SettlementLine],
    ) -> BoxSettlement:
        """The settlement of ``lines`` with its totals summed."""
        staked = sum((line.stake for line in lines), ZERO)
        returned = sum((line.paid for line in lines), ZERO)
        withheld = sum((line.computed - line.paid for line in lines), ZERO)
        return cls(
            box=box,
            player=player,
            blind=blind,
            cards=cards,
            combination=combination,
            lines=tuple(lines),
            staked=staked,
            returned=returned,
            house_result=staked - returned,
            cap_applied=withheld > ZERO,
            withheld=withheld,
        )

    def line(self, kind: LineKind | str) -> SettlementLine | None:
        """The line of ``kind``, or ``None`` when the box has no such wager."""
        return next((line for line in self.lines if line.line == kind), None)


@dataclass(frozen=True)
class RoundSettlement(_StoredSettlement):
    """The settlement of a round: every box in settlement order, and the round's totals.

    ``dealer_cards`` is the dealer's hand as revealed (empty when every box folded and the dealer
    had nothing to reveal), ``dealer_qualifies`` whether it has a game (``None`` if not
    revealed); ``bought_cards`` / ``bought_qualifies`` are the hand after a bought game's
    replacement (empty / ``None`` when nobody bought).
    """

    boxes: tuple[BoxSettlement, ...]
    staked: Decimal
    returned: Decimal
    house_result: Decimal
    withheld: Decimal
    cap_applied: bool
    max_payout_scope: str
    dealer_cards: str
    dealer_qualifies: bool | None
    bought_cards: str = ""
    bought_qualifies: bool | None = None

    def box(self, number: int) -> BoxSettlement:
        """The settlement of box ``number``. :raises KeyError: if it took no part."""
        for box in self.boxes:
            if box.box == number:
                return box
        raise KeyError(number)


# -- what is settled -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoxPlay:
    """What one box did in the round, as the state hands it to :func:`settle`.

    ``dealt`` are the five cards as dealt (the bonus is judged on them), ``cards`` the final five
    or six. A blind box has its Bet without deciding; ``folded`` and ``bought_game`` say how the
    box left the round.
    """

    box: int
    player: str
    blind: bool
    ante: Decimal
    bonus: Decimal | None
    dealt: tuple[Card, ...]
    cards: tuple[Card, ...]
    exchanged: bool = False
    sixth_card: bool = False
    insurance: Decimal | None = None
    folded: bool = False
    bought_game: bool = False

    @property
    def bet(self) -> Decimal:
        """The Bet, always twice the Ante (zero for a box that folded)."""
        return ZERO if self.folded else 2 * self.ante


@dataclass(frozen=True)
class DealerPlay:
    """The dealer's five cards as revealed (``None`` when no box was left to play against) and,
    after a bought game, the five cards compared with the buyers."""

    original: tuple[Card, ...] | None
    bought: tuple[Card, ...] | None = None


def combination_name(combinations: BoxCombinations) -> str:
    """``first+second`` line names (``pair+ace_king``), ``first`` alone, or ``""`` below AK.

    >>> from casino.games.cards import parse_cards
    >>> combination_name(first_and_second(parse_cards("Kh Ks Ac 8d 5h")))
    'pair+ace_king'
    """
    names = [c.line.value for c in (combinations.first, combinations.second) if c is not None]
    return "+".join(names)


def settle(
    rules: RussianPokerRules,
    paytables: Paytables,
    limits: TableLimits,
    boxes: Sequence[BoxPlay],
    dealer: DealerPlay,
) -> RoundSettlement:
    """Settle every box of a complete round; ``boxes`` in any order.

    :raises ValueError: if the round is not complete: a box still in play with no dealer hand
        to be compared with, or a buyer with no hand after the replacement (the state settles
        only complete rounds).
    """
    unit = limits.chip_unit
    drafts = {box.box: _BoxDraft.of(rules, paytables, unit, box, dealer) for box in boxes}
    allowed, reason = _capped_winnings(rules, limits, drafts)
    settled = {
        number: draft.settlement(allowed[number], reason) for number, draft in drafts.items()
    }
    order = _settlement_order(boxes)
    ordered = tuple(settled[number] for number in order)
    staked = sum((box.staked for box in ordered), ZERO)
    returned = sum((box.returned for box in ordered), ZERO)
    withheld = sum((box.withheld for box in ordered), ZERO)
    return RoundSettlement(
        boxes=ordered,
        staked=staked,
        returned=returned,
        house_result=staked - returned,
        withheld=withheld,
        cap_applied=withheld > ZERO,
        max_payout_scope=rules.max_payout_scope.value,
        dealer_cards="" if dealer.original is None else format_cards(dealer.original),
        dealer_qualifies=None if dealer.original is None else dealer_qualifies(dealer.original),
        bought_cards="" if dealer.bought is None else format_cards(dealer.bought),
        bought_qualifies=None if dealer.bought is None else dealer_qualifies(dealer.bought),
    )


def _settlement_order(boxes: Sequence[BoxPlay]) -> list[int]:
    """From the last box to the first; boxes that did not buy a game before those that did."""
    numbers = sorted((box.box for box in boxes), reverse=True)
    buyers = {box.box for box in boxes if box.bought_game}
    return [n for n in numbers if n not in buyers] + [n for n in numbers if n in buyers]


@dataclass
class _Line:
    kind: LineKind
    combination: str
    outcome: Outcome
    stake: Decimal
    computed: Decimal

    @property
    def winnings(self) -> Decimal:
        return self.computed - self.stake if self.outcome is Outcome.WIN else ZERO


#: Lines whose winnings count toward the maximum payout, in the order they are served.
_CAPPED_LINES: Final = (LineKind.INSURANCE, LineKind.BET)


@dataclass
class _BoxDraft:
    """A box's lines before the maximum payout."""

    play: BoxPlay
    combination: str
    lines: list[_Line] = field(default_factory=list)

    @classmethod
    def of(
        cls,
        rules: RussianPokerRules,
        paytables: Paytables,
        chip_unit: Decimal,
        play: BoxPlay,
        dealer: DealerPlay,
    ) -> _BoxDraft:
        """The box's lines, following the settlement matrix of RULES 1.6 row by row."""
        if play.folded:
            draft = cls(play, "")
            draft.add(LineKind.ANTE, Outcome.LOSE, play.ante, ZERO)
        else:
            combinations = first_and_second(
                play.cards, second_straight_rule=rules.second_straight_same_rank_swap
            )
            draft = cls(play, combination_name(combinations))
            if dealer.original is None:
                raise ValueError(f"box {play.box} played but the dealer has no hand")
            multiplier = sum(
                (paytables.main_multiplier(c.line) for c in combinations[:2] if c is not None),
                ZERO,
            )
            winnings = round_down_to_chip(play.bet * multiplier, chip_unit)
            draft.main_lines(rules, winnings, dealer.original, dealer.bought)
        if play.bonus is not None:
            draft.lines.append(_bonus_line(rules, paytables, chip_unit, play, play.bonus))
        if play.insurance is not None:
            draft.insurance_line(rules, dealer.original)
        for kind, charged in (
            (LineKind.EXCHANGE_FEE, play.exchanged),
            (LineKind.SIXTH_CARD_FEE, play.sixth_card),
            (LineKind.BUY_GAME_FEE, play.bought_game),
        ):
            if charged:
                draft.lines.append(_Line(kind, "", Outcome.FEE, play.ante, ZERO))
        return draft

    def add(self, kind: LineKind, outcome: Outcome, stake: Decimal, computed: Decimal) -> None:
        self.lines.append(_Line(kind, self.combination, outcome, stake, computed))

    def main_lines(
        self,
        rules: RussianPokerRules,
        winnings: Decimal,
        original: tuple[Card, ...],
        bought: tuple[Card, ...] | None,
    ) -> None:
        """Ante and Bet of a box still in play, against the dealer's original hand or, for a
        box that bought a game, against the hand after the replacement."""
        ante, bet = self.play.ante, self.play.bet
        if dealer_qualifies(original):
            self.contest_lines(rules, winnings, original)
        elif not self.play.bought_game:
            self.add(LineKind.ANTE, Outcome.WIN, ante, 2 * ante)
            self.add(LineKind.BET, Outcome.VOID, bet, bet)
        elif bought is None:
            raise ValueError(f"box {self.play.box} bought a game but the dealer drew no card")
        elif dealer_qualifies(bought):
            self.contest_lines(rules, winnings, bought)
        else:
            # The bought game still has no game: the Ante win was given up by buying.
            self.add(LineKind.ANTE, Outcome.VOID, ante, ante)
            self.add(LineKind.BET, Outcome.VOID, bet, bet)

    def contest_lines(
        self, rules: RussianPokerRules, winnings: Decimal, dealer: tuple[Card, ...]
    ) -> None:
        """Ante and Bet of a box compared with a qualifying dealer hand."""
        ante, bet = self.play.ante, self.play.bet
        contest = compare_first(self.play.cards, dealer)
        if contest > 0:
            if rules.ante_on_win is AnteOnWin.PAY:
                self.add(LineKind.ANTE, Outcome.WIN, ante, 2 * ante)
            else:
                self.add(LineKind.ANTE, Outcome.PUSH, ante, ante)
            self.add(LineKind.BET, Outcome.WIN, bet, bet + winnings)
        elif contest < 0:
            self.add(LineKind.ANTE, Outcome.LOSE, ante, ZERO)
            self.add(LineKind.BET, Outcome.LOSE, bet, ZERO)
        else:
            self.add(LineKind.ANTE, Outcome.PUSH, ante, ante)
            self.add(LineKind.BET, Outcome.PUSH, bet, bet)

    def insurance_line(self, rules: RussianPokerRules, original: tuple[Card, ...] | None) -> None:
        """Insurance, settled on the dealer's original hand (RULES 1.9)."""
        stake = self.play.insurance
        assert stake is not None
        if self.play.folded or original is None:
            # The state never lets an insured box fold; were it recorded, the insurance would be
            # returned as void, the fate RULES 1.9 gives insurance on a hand that cannot hold it.
            self.add(LineKind.INSURANCE, Outcome.VOID, stake, stake)
        elif not dealer_qualifies(original):
            self.add(LineKind.INSURANCE, Outcome.WIN, stake, 2 * stake)
        elif (
            rules.insurance_when_dealer_qualifies is InsuranceWhenDealerQualifies.ALWAYS_LOST
            or compare_first(self.play.cards, original) > 0
        ):
            self.add(LineKind.INSURANCE, Outcome.LOSE, stake, ZERO)
        else:
            self.add(LineKind.INSURANCE, Outcome.PUSH, stake, stake)

    @property
    def capped_winnings(self) -> Decimal:
        return sum((line.winnings for line in self.lines if line.kind in _CAPPED_LINES), ZERO)

    def settlement(self, allowed: Decimal | None, reason: str) -> BoxSettlement:
        """The box's settlement with at most ``allowed`` capped winnings (``None``: no limit)."""
        room = allowed
        settled: list[SettlementLine] = []
        paid_winnings: dict[LineKind, Decimal] = {}
        for kind in _CAPPED_LINES:
            line = self._line(kind)
            if line is None or room is None:
                continue
            paid_winnings[kind] = min(line.winnings, room)
            room -= paid_winnings[kind]
        for line in self.lines:
            paid = line.computed
            if line.kind in paid_winnings:
                paid = line.computed - line.winnings + paid_winnings[line.kind]
            settled.append(
                SettlementLine(
                    line=line.kind.value,
                    combination=line.combination,
                    outcome=line.outcome.value,
                    stake=line.stake,
                    computed=line.computed,
                    paid=paid,
                    reason=reason if paid < line.computed else "",
                )
            )
        play = self.play
        return BoxSettlement.of_lines(
            box=play.box,
            player=play.player,
            blind=play.blind,
            cards=format_cards(play.cards),
            combination=self.combination,
            lines=settled,
        )

    def _line(self, kind: LineKind) -> _Line | None:
        return next((line for line in self.lines if line.kind is kind), None)


def _bonus_line(
    rules: RussianPokerRules,
    paytables: Paytables,
    chip_unit: Decimal,
    play: BoxPlay,
    stake: Decimal,
) -> _Line:
    """The bonus, judged on the five cards as dealt, independent of the dealer (RULES 1.5)."""
    first = first_and_second(play.dealt).first
    name = "" if first is None else first.line.value
    if play.folded and rules.bonus_lost_on_fold:
        return _Line(LineKind.BONUS, name, Outcome.LOSE, stake, ZERO)
    multiplier = ZERO if first is None else paytables.bonus_multiplier(first.line)
    if multiplier == ZERO:
        return _Line(LineKind.BONUS, name, Outcome.LOSE, stake, ZERO)
    won = stake + round_down_to_chip(stake * multiplier, chip_unit)
    return _Line(LineKind.BONUS, name, Outcome.WIN, stake, won)


def _capped_winnings(
    rules: RussianPokerRules, limits: TableLimits, drafts: Mapping[int, _BoxDraft]
) -> tuple[dict[int, Decimal | None], str]:
    """How much of its counted winnings each box may be paid, and the reason to give."""
    limit = limits.max_payout
    if limit is None:
        return dict.fromkeys(drafts), ""
    if rules.max_payout_scope is MaxPayoutScope.BOX:
        return {number: limit for number in drafts}, CAP_PER_BOX
    total = sum((draft.capped_winnings for draft in drafts.values()), ZERO)
    if total <= limit:
        return dict.fromkeys(drafts), ""
    return {
        number: pro_rata_down(draft.capped_winnings, limit, total, limits.chip_unit)
        for number, draft in drafts.items()
    }, CAP_ROUND_PRO_RATA


# -- reading stored settlements --------------------------------------------------------------------


def _invalid(name: str, message: str) -> GameError:
    return GameError(SETTLEMENT_INVALID, f"{name}: {message}", field=name)


def _get(data: Mapping[str, Any], name: str) -> Any:
    if not isinstance(data, Mapping) or name not in data:
        raise _invalid(name, "missing")
    return data[name]


def _text(data: Mapping[str, Any], name: str) -> str:
    value = _get(data, name)
    if not isinstance(value, str):
        raise _invalid(name, "expected a string")
    return value


def _whole(data: Mapping[str, Any], name: str) -> int:
    value = _get(data, name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _invalid(name, "expected an integer")
    return value


def _flag(data: Mapping[str, Any], name: str) -> bool:
    value = _get(data, name)
    if not isinstance(value, bool):
        raise _invalid(name, "expected true or false")
    return value


def _optional_flag(data: Mapping[str, Any], name: str) -> bool | None:
    value = _get(data, name)
    if value is not None and not isinstance(value, bool):
        raise _invalid(name, "expected true, false or null")
    return value


def _money(data: Mapping[str, Any], name: str) -> Decimal:
    return to_decimal(_get(data, name), field=name, code=SETTLEMENT_INVALID)


def _list(data: Mapping[str, Any], name: str) -> list[Any]:
    value = _get(data, name)
    if not isinstance(value, list | tuple):
        raise _invalid(name, "expected a list")
    return list(value)


def _lines(data: Mapping[str, Any], name: str) -> tuple[SettlementLine, ...]:
    return tuple(SettlementLine.from_dict(line) for line in _list(data, name))


def _boxes(data: Mapping[str, Any], name: str) -> tuple[BoxSettlement, ...]:
    return tuple(BoxSettlement.from_dict(box) for box in _list(data, name))


#: How a stored field of each declared type is read back.
_READERS: Final[Mapping[str, Callable[[Mapping[str, Any], str], object]]] = {
    "str": _text,
    "int": _whole,
    "bool": _flag,
    "bool | None": _optional_flag,
    "Decimal": _money,
    "tuple[SettlementLine, ...]": _lines,
    "tuple[BoxSettlement, ...]": _boxes,
}
