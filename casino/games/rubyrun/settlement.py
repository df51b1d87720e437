"""How a Ruby Run hand settles: its side pots, the rake and the awards, as pure functions of the
bets.

:func:`build_pots` follows standard poker practice for all-ins. First the *uncalled* part of the
largest contribution (what it exceeds the second largest by) goes back to its owner: nobody
matched it, so it is not a pot. Then every distinct total among the players still in the hand
marks a level; the main pot (index 0) holds, from every player, folded or not, what they put in up
to the lowest level, each side pot what they put in between one level and the next, and a pot is
contested by the players still in whose total reaches its level.

:func:`settle` takes the rake from each pot and awards the rest to the best hand key among the
pot's contenders. Both use :func:`~casino.games.money.round_down_to_chip`, the one rounding of
the engines:

* the rake of a pot is ``percent`` of it, limited by what is left of the per-hand ``cap``, then
  cut down to a whole chip, so the house never takes a fraction of a chip;
* a split gives each winner an equal share cut down to a whole chip, and the chips left over go
  one at a time to the winners in clockwise order from the button (RULES.md A.2: the odd chip to
  the first winner clockwise from the button).

So for every hand: ``sum(awards) + rake + sum(returned_uncalled) == sum(contributions)``.
:func:`showdown` is what the engine runs when a hand ends with two or more players in: it grades
their hands and settles.

>>> from decimal import Decimal as D
>>> pots, back = build_pots({1: D(50), 2: D(100), 3: D(300)}, folded=())
>>> [(p.amount, p.eligible) for p in pots], back
([(Decimal('150'), (1, 2, 3)), (Decimal('100'), (2, 3))], {3: Decimal('200')})
"""

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final

from casino.games.cards import RANK_CHARS
from casino.games.money import ZERO, round_down_to_chip, seat_amounts_text
from casino.games.ranking import Category
from casino.games.rubyrun.rules import Rake, RubyRunRules
from casino.games.rubyrun_hands import HandKey, RunColour, RunGrade, hand_key
from casino.games.words import Words

_HUNDRED: Final = Decimal(100)


def pot_label(index: int) -> Words:
    """A pot in words: the main pot (index 0), else its side pot's number.

    >>> pot_label(0), pot_label(2)
    ('Main pot', 'Side pot 2')
    """
    return Words("Main pot") if index == 0 else Words("Side pot {number}", number=index)


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: ``index`` 0 is the main pot, 1… the side pots in the order they were capped."""

    index: int
    amount: Decimal
    eligible: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"pot": self.index, "amount": str(self.amount), "eligible": list(self.eligible)}


@dataclass(frozen=True, slots=True)
class RakePolicy:
    """The house's cut of each pot: ``percent`` of it, at most ``cap`` per hand in all.

    A percent of zero takes nothing. The seat fee per hour (RULES.md A.2's other rake) is charged
    by time, not by hand, so it never touches a pot.
    """

    percent: Decimal = ZERO
    cap: Decimal | None = None
    chip_unit: Decimal = Decimal(1)

    @classmethod
    def from_rules(cls, rules: RubyRunRules) -> RakePolicy:
        if rules.rake is Rake.PERCENT:
            return cls(percent=rules.rake_percent, cap=rules.rake_cap, chip_unit=rules.chip_unit)
        return cls(chip_unit=rules.chip_unit)

    def rakes(self, amounts: Sequence[Decimal]) -> list[Decimal]:
        """The rake of each pot, main pot first: the cap is used up in that order.

        >>> RakePolicy(percent=Decimal(10), cap=Decimal(5)).rakes([Decimal(38), Decimal(30)])
        [Decimal('3'), Decimal('2')]
        """
        if not self.percent:
            return [ZERO] * len(amounts)
        rate = self.percent / _HUNDRED
        left = self.cap
        taken = []
        for amount in amounts:
            rake = amount * rate
            if left is not None and rake > left:
                rake = left
            rake = round_down_to_chip(rake, self.chip_unit)
            if left is not None:
                left -= rake
            taken.append(rake)
        return taken


@dataclass(frozen=True, slots=True)
class Award:
    """What one pot paid.

    ``amount`` is what the winners received (the pot less its ``rake``); ``seats`` are the
    winners clockwise from the button and ``shares`` what each got. ``hands`` describes the hand
    key of every contender of the pot at a showdown, in full, and ``grades`` says the same as data
    (:class:`~casino.games.rubyrun_hands.RunGrade`); both are empty when the pot was won because
    everyone else folded (the winner does not show). ``odd_chip_to`` is the first winner who
    received a chip left over by an uneven split, ``None`` when the pot divided evenly.
    """

    pot: int
    amount: Decimal
    seats: tuple[int, ...]
    hands: dict[int, Words]
    odd_chip_to: int | None
    shares: dict[int, Decimal]
    rake: Decimal
    eligible: tuple[int, ...]
    grades: dict[int, RunGrade] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pot": self.pot,
            "amount": str(self.amount),
            "seats": list(self.seats),
            "hands": {str(seat): hand for seat, hand in self.hands.items()},
            "grades": {str(seat): grade.to_dict() for seat, grade in self.grades.items()},
            "odd_chip_to": self.odd_chip_to,
            "shares": seat_amounts_text(self.shares),
            "rake": str(self.rake),
            "eligible": list(self.eligible),
        }


@dataclass(frozen=True, slots=True)
class HandResult:
    """The settlement of one hand, derived from its events.

    ``contributions`` is everything each seat put in (antes, blinds, bets), ``returned_uncalled``
    the part of a bet nobody called, handed back (seats with nothing back are left out),
    ``winnings`` the total each winner received from the awards, and ``showdown`` whether hands
    were compared (``False`` when everyone but one folded).
    """

    awards: tuple[Award, ...]
    rake: Decimal
    contributions: dict[int, Decimal]
    returned_uncalled: dict[int, Decimal]
    showdown: bool
    winnings: dict[int, Decimal] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "awards": [award.to_dict() for award in self.awards],
            "rake": str(self.rake),
            "contributions": seat_amounts_text(self.contributions),
            "returned_uncalled": seat_amounts_text(self.returned_uncalled),
            "showdown": self.showdown,
            "winnings": seat_amounts_text(self.winnings),
        }


def build_pots(
    contributions: Mapping[int, Decimal], folded: Collection[int]
) -> tuple[tuple[Pot, ...], dict[int, Decimal]]:
    """The pots and the uncalled amount returned, from what each seat put in.

    ``contributions`` maps every seat in the hand to its total (zero allowed); ``folded`` lists
    the seats that gave up, at least one seat must still be in. Pots list their contenders in
    seat order. With no contribution at all there is no pot.

    >>> from decimal import Decimal as D
    >>> pots, back = build_pots({1: D(20), 2: D(20), 3: D(5)}, folded={2})
    >>> [(p.amount, p.eligible) for p in pots], back
    ([(Decimal('15'), (1, 3)), (Decimal('30'), (1,))], {})
    """
    totals = dict(contributions)
    returned: dict[int, Decimal] = {}
    if totals:
        top = max(totals, key=totals.__getitem__)
        second = max((paid for seat, paid in totals.items() if seat != top), default=ZERO)
        if totals[top] > second:
            returned[top] = totals[top] - second
            totals[top] = second
    live = sorted(seat for seat in totals if seat not in folded)
    # A seat still in with nothing put in claims no pot; should nobody still in have put in
    # anything, one pot at level zero takes every chip so that none is left out.
    levels = sorted({totals[seat] for seat in live if totals[seat]})
    if not levels and live and any(totals.values()):
        levels = [ZERO]
    paid = sorted(amount for amount in totals.values() if amount)
    count = len(paid)
    pots: list[Pot] = []
    contenders = [seat for seat in live if totals[seat]] or live
    below = ZERO
    above = 0  # paid[above:] are the amounts above ``below``
    for position, level in enumerate(levels):
        if position == len(levels) - 1:
            # The top pot also takes folded chips above the last live level, so that no chip
            # is left outside a pot.
            amount = sum(paid[above:], ZERO) - (count - above) * below
        else:
            reach = bisect_left(paid, level, above)  # paid[reach:] reach the level
            amount = sum(paid[above:reach], ZERO) + (count - reach) * level
            amount -= (count - above) * below
            above = bisect_right(paid, level, reach)
        pots.append(Pot(position, amount, tuple(contenders)))
        contenders = [seat for seat in contenders if totals[seat] > level]
        below = level
    return tuple(pots), returned


def settle(
    contributions: Mapping[int, Decimal],
    folded: Collection[int],
    hands: Mapping[int, HandKey] | None,
    *,
    order: Sequence[int],
    rake: RakePolicy,
) -> HandResult:
    """Settle a hand: the pots, the rake of each, and who wins what.

    ``hands`` maps each seat still in the hand to its hand key at a showdown, or is ``None`` when
    everyone but one folded. ``order`` is every seat clockwise from the button, the seat on its
    left first and the button last: the order in which a split's odd chips are handed out.

    >>> from decimal import Decimal as D
    >>> from casino.games.cards import parse_cards
    >>> from casino.games.rubyrun_hands import hand_key
    >>> live = parse_cards("8h 9h Th 2c")
    >>> keys = {seat: hand_key(parse_cards(hole), live)
    ...         for seat, hole in {1: "Kc 6d 3s", 2: "Ks 6s 3d"}.items()}
    >>> result = settle({1: D(150), 2: D(150), 3: D(1)}, {3}, keys, order=(1, 2, 3),
    ...                 rake=RakePolicy())
    >>> [(a.amount, a.seats, a.shares, a.odd_chip_to) for a in result.awards]
    [(Decimal('301'), (1, 2), {1: Decimal('151'), 2: Decimal('150')}, 1)]
    """
    pots, returned = build_pots(contributions, folded)
    unit = rake.chip_unit
    rakes = rake.rakes([pot.amount for pot in pots])
    position = {seat: index for index, seat in enumerate(order)}.__getitem__
    described: dict[int, Words] = {}
    graded: dict[int, RunGrade] = {}
    if hands is not None:
        described = {seat: describe_hand(key) for seat, key in hands.items()}
        graded = {seat: grade_hand(key) for seat, key in hands.items()}
    awards: list[Award] = []
    winnings: dict[int, Decimal] = {}
    for pot, pot_rake in zip(pots, rakes, strict=True):
        contenders = pot.eligible
        amount = pot.amount - pot_rake
        if hands is None or len(contenders) == 1:
            winners: Sequence[int] = contenders
        else:
            best = max([hands[seat] for seat in contenders])
            winners = sorted([seat for seat in contenders if hands[seat] == best], key=position)
        odd_chip_to = None
        if len(winners) == 1:
            shares = {winners[0]: amount}
        else:
            share = round_down_to_chip(amount / len(winners), unit)
            odd_chips = int((amount - share * len(winners)) / unit)
            shares = {
                seat: share + unit if index < odd_chips else share
                for index, seat in enumerate(winners)
            }
            if odd_chips:
                odd_chip_to = winners[0]
        for seat, won in shares.items():
            winnings[seat] = winnings.get(seat, ZERO) + won
        awards.append(
            Award(
                pot=pot.index,
                amount=amount,
                seats=tuple(winners),
                hands={seat: described[seat] for seat in contenders} if described else {},
                odd_chip_to=odd_chip_to,
                shares=shares,
                rake=pot_rake,
                eligible=contenders,
                grades={seat: graded[seat] for seat in contenders} if graded else {},
            )
        )
    return HandResult(
        awards=tuple(awards),
        rake=sum(rakes, ZERO),
        contributions=dict(contributions),
        returned_uncalled=returned,
        showdown=hands is not None,
        winnings=winnings,
    )


@functools.lru_cache(maxsize=1 << 14)
def describe_hand(key: HandKey) -> Words:
    """``str(key)``, as :class:`~casino.games.words.Words` (its run, category and ranks),
    remembered: spelling a value out is far slower than grading the hand, and keys repeat (at
    most 7,462 standard values, each with a few run shapes). The cache is bounded and its
    entries never go stale, since a key's text depends on the key alone.

    >>> from casino.games.cards import parse_cards
    >>> from casino.games.rubyrun_hands import hand_key
    >>> describe_hand(hand_key(parse_cards("Jh 2c 3d"), parse_cards("9h Th Ks 7c")))
    'suited red run of 3; high card: K J T 9 7'
    """
    grade = grade_hand(key)
    ranks = " ".join(RANK_CHARS[rank - 2] for rank in grade.ranks)
    standard = Words("{category}: {ranks}", category=CATEGORY_NAMES[grade.category], ranks=ranks)
    return Words("{run}; {hand}", run=_run_words(grade), hand=standard)


#: The five-card categories in words, as :attr:`~casino.games.ranking.Category.label` says them.
CATEGORY_NAMES: Final[Mapping[Category, Words]] = {
    Category.HIGH_CARD: Words("high card"),
    Category.PAIR: Words("pair"),
    Category.TWO_PAIR: Words("two pair"),
    Category.TRIPS: Words("trips"),
    Category.STRAIGHT: Words("straight"),
    Category.FLUSH: Words("flush"),
    Category.FULL_HOUSE: Words("full house"),
    Category.QUADS: Words("quads"),
    Category.STRAIGHT_FLUSH: Words("straight flush"),
}


def _run_words(grade: RunGrade) -> Words:
    """A hand's best run in words, as :class:`~casino.games.rubyrun_hands.HandKey` says it."""
    length = grade.run_length
    if not grade.has_run:
        return Words("no run")
    if grade.colour is RunColour.RED:
        if grade.suited:
            return Words("suited red run of {length}", length=length)
        return Words("mixed red run of {length}", length=length)
    if grade.suited:
        return Words("suited black run of {length}", length=length)
    return Words("mixed black run of {length}", length=length)


@functools.lru_cache(maxsize=1 << 14)
def grade_hand(key: HandKey) -> RunGrade:
    """``key.grade``, remembered for the same reason as :func:`describe_hand` (a grade holds the
    same text). The cache is bounded; a grade is frozen, so sharing one is safe.

    >>> from casino.games.cards import parse_cards
    >>> from casino.games.rubyrun_hands import hand_key
    >>> grade = grade_hand(hand_key(parse_cards("Jh 2c 3d"), parse_cards("9h Th Ks 7c")))
    >>> grade.suited, grade.run_length, grade.colour.value, grade.category.label
    (True, 3, 'red', 'high card')
    """
    return key.grade


def showdown(
    hole_cards: Mapping[int, Sequence[int]],
    live: Sequence[int],
    contributions: Mapping[int, Decimal],
    folded: Collection[int],
    *,
    order: Sequence[int],
    rake: RakePolicy,
    ace_low: bool = False,
) -> HandResult:
    """The showdown: grade the hand of every seat still in against the four ``live`` board
    cards (:func:`~casino.games.rubyrun_hands.hand_key`), then :func:`settle`.

    :raises GameError: ``hand_size_invalid``, ``card_unknown`` or ``card_duplicate`` for hands
        that are not three distinct hole cards apart from the live cards.
    """
    hands = {
        seat: hand_key(hole_cards[seat], live, ace_low=ace_low)
        for seat in contributions
        if seat not in folded
    }
    return settle(contributions, folded, hands, order=order, rake=rake)
