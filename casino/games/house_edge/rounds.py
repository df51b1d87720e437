"""The fast path: whole arrays of Russian Poker rounds played and settled at once.

One row is one round with one open box against the dealer. Its cards are a row of
:data:`DEAL_WIDTH` distinct card indices, laid out as :data:`DEALT`, :data:`UP_CARD`,
:data:`FACE_DOWN`, :data:`DRAWS` (an exchange's replacements in order, or the sixth card first)
and :data:`REPLACEMENTS` (the dealer's draws for a bought game, in order). The box plays a
:class:`~casino.games.house_edge.strategy.Strategy`; every line is settled as the engine's
settlement does (:mod:`casino.games.russian.settlement`), in whole chips, from the amounts
:class:`~casino.games.house_edge.terms.EdgeTerms` computed once. ``tests/games/house_edge``
plays the same rows through the engine's own actions and compares every line to the chip.

Which of the row's cards are used, and which decisions were taken, are kept per row
(:class:`Rounds`), so that the engine can be driven through the same round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from casino.games.house_edge.hands import (
    LINE_CODE,
    QUALIFYING_VALUE,
    CardArray,
    Codes,
    HandTables,
    card_sums,
    first_line,
    hand_tables,
    second_line,
    value_of,
)
from casino.games.house_edge.situations import BoolArray, IntArray, classify, exchanged_cards
from casino.games.house_edge.situations import Situation as _Situation
from casino.games.house_edge.strategy import BuyWhen, InsureAmount, Move, Strategy
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import LineKind

DEAL_WIDTH: Final = 20
DEALT: Final = slice(0, 5)
UP_CARD: Final = 5
FACE_DOWN: Final = slice(6, 10)
DEALER: Final = slice(5, 10)
DRAWS: Final = slice(10, 15)
REPLACEMENTS: Final = slice(15, 20)
#: The wager lines in :class:`~casino.games.russian.LineKind` order: a :class:`Rounds`' columns.
LINE_KINDS: Final = tuple(LineKind)
_COLUMN: Final = {kind: index for index, kind in enumerate(LINE_KINDS)}

#: How many cards each situation exchanges, by situation code.
_EXCHANGED: Final = np.array([exchanged_cards(s) for s in _Situation], dtype=np.int64)


@dataclass(frozen=True)
class Rounds:
    """Rounds played by the fast path; every array has one entry (or row) per round.

    ``stake`` and ``returned`` are rows × 7 chips, columns in :data:`LINE_KINDS` order; a line
    the box did not have has stake 0 and returns 0. ``move`` is the first decision, ``keep`` the
    cards kept by an exchange, ``bet`` whether the box bet, ``insurance`` the amount insured
    (chips), ``bought`` whether it bought a game and ``draws`` how many dealer replacements
    were drawn. ``second_share`` is the part of the Bet's payout due to the second combination
    (chips; only where no maximum applies is it that part exactly). ``insurable`` marks the boxes
    that bet holding trips or better with a legal insurance, and ``insurance_per_unit`` what one
    chip of insurance would have returned net there (1, 0 or -1), insured or not.

    ``mirror`` is a control variate: what the box's five cards as dealt would win betting against
    the dealer's five (the Ante's win when he has no game, the Bet's winnings, three Antes lost,
    or nothing on a standoff), less what the dealer's five would win betting against the box's.
    The two hands are two random five-card hands of one deck, so they are exchangeable and the
    mirror's expectation is exactly zero; it follows the round's result closely.
    """

    cards: CardArray
    situation: IntArray
    up_card: IntArray
    move: IntArray
    keep: BoolArray
    final_code: IntArray
    bet: BoolArray
    insurance: IntArray
    dealer_value: IntArray
    dealer_line: IntArray
    bought: BoolArray
    draws: IntArray
    stake: IntArray
    returned: IntArray
    second_share: IntArray
    insurable: BoolArray
    insurance_per_unit: IntArray
    mirror: IntArray

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def house_result(self) -> IntArray:
        """Per round, everything staked minus everything returned (chips)."""
        result: IntArray = (self.stake - self.returned).sum(axis=1)
        return result

    def line(self, kind: LineKind) -> tuple[IntArray, IntArray]:
        """The stake and returned columns of one line."""
        column = _COLUMN[kind]
        return self.stake[:, column], self.returned[:, column]


def deal(rng: np.random.Generator, rounds: int) -> CardArray:
    """``rounds`` rows of :data:`DEAL_WIDTH` distinct cards: each row the first cards of a
    uniformly shuffled deck (the first steps of a Fisher-Yates shuffle, all rows at once, on
    one flat array of small integers, which measured fastest)."""
    decks = np.tile(np.arange(52, dtype=np.int8), rounds)
    starts = np.arange(rounds, dtype=np.int64) * 52
    for position in range(DEAL_WIDTH):
        here = starts + position
        chosen = here + rng.integers(0, 52 - position, size=rounds)
        picked = decks[chosen]
        decks[chosen] = decks[here]
        decks[here] = picked
    dealt: CardArray = decks.reshape(rounds, 52)[:, :DEAL_WIDTH].copy()
    return dealt


def play(
    terms: EdgeTerms,
    strategy: Strategy,
    cards: CardArray,
    *,
    moves: IntArray | None = None,
    tables: HandTables | None = None,
) -> Rounds:
    """Play and settle every row of ``cards`` under ``strategy``.

    ``moves`` overrides the strategy's first decision row by row (the derivation compares moves
    on the same deals this way).

    :raises ValueError: a strategy or move that exchanges a number of cards the rules refuse.
    """
    tables = tables or hand_tables(terms.rules.second_straight_same_rank_swap)
    rows = len(cards)
    a = terms.ante_chips
    cap = np.int64(terms.cap_chips)
    dealt = np.ascontiguousarray(cards[:, DEALT])
    dealt_sums = card_sums(dealt)
    dealt_code = tables.evaluate(dealt, dealt_sums)
    found = classify(dealt, cards[:, UP_CARD], dealt_code, dealt_sums)
    if moves is None:
        moves = np.asarray(strategy.moves, dtype=np.int64)[found.key]
    exchanging = moves == Move.EXCHANGE
    sixth = moves == Move.SIXTH_CARD
    counts = _EXCHANGED[found.situation]
    low, high = terms.rules.exchange_min, terms.rules.exchange_max
    if (exchanging & ((counts < low) | (counts > high))).any():
        raise ValueError(f"an exchange outside {low}-{high} cards in the strategy {strategy.name}")

    # The box's final cards: exchanges replace the discarded cards by the draws in order.
    draws = cards[:, DRAWS]
    final_code = dealt_code.copy()
    if exchanging.any():
        keep = found.keep[exchanging]
        order = np.maximum(np.cumsum(~keep, axis=1) - 1, 0)
        replaced = np.take_along_axis(draws[exchanging], order, axis=1)
        final_code[exchanging] = tables.evaluate(np.where(keep, dealt[exchanging], replaced))
    if sixth.any():
        six = np.concatenate([dealt[sixth], draws[sixth, :1]], axis=1)
        final_code[sixth] = tables.evaluate(six)
    first = first_line(final_code)
    second = second_line(final_code)
    box_value = value_of(final_code)
    drawn = exchanging | sixth
    threshold = 0 if strategy.bet_after_draw is None else LINE_CODE[strategy.bet_after_draw]
    bet = (moves == Move.BET) | (drawn & (first >= threshold))

    winnings = terms.bet_winnings[first, second]
    insurable_max = terms.insurance_max[first, second]
    insurable = bet & (first >= terms.trips_code) & (insurable_max >= a)
    insurance = np.zeros(rows, dtype=np.int64)
    rule = strategy.insure
    if rule.at_least is not None:
        insured = insurable & (first >= LINE_CODE[rule.at_least])
        amount = insurable_max if rule.amount is InsureAmount.MAXIMUM else np.full(rows, a)
        insurance = np.where(insured, amount, 0)

    dealer_code = tables.evaluate(cards[:, DEALER])
    dealer_value = value_of(dealer_code)
    qualifies = dealer_value >= QUALIFYING_VALUE
    contest = np.sign(box_value - dealer_value)
    no_game = bet & ~qualifies
    insurance_won = np.where(no_game, np.minimum(insurance, cap), 0)

    used_draws = np.where(exchanging, counts, np.where(sixth, 1, 0))
    bought = _buys(
        terms,
        strategy,
        tables,
        cards,
        no_game,
        first,
        box_value,
        winnings,
        cap - insurance_won,
        used_draws,
    )
    discard = cards[:, DEALER].max(axis=1)
    replacements = cards[:, REPLACEMENTS]
    if terms.rules.buy_redraw_same_rank:
        same = (replacements >> 2) == (discard >> 2)[:, None]
        last = (~same).argmax(axis=1)
    else:
        last = np.zeros(rows, dtype=np.int64)
    replacement = np.take_along_axis(replacements, last[:, None], axis=1)[:, 0]
    new_dealer = np.where(
        cards[:, DEALER] == discard[:, None], replacement[:, None], cards[:, DEALER]
    )
    new_value = np.where(bought, value_of(tables.evaluate(new_dealer)), dealer_value)
    draws_taken = np.where(bought, last + 1, 0)

    # Against whom the box is judged: the original hand, or the bought one.
    judged_value = np.where(bought, new_value, dealer_value)
    judged_qualifies = judged_value >= QUALIFYING_VALUE
    judged_contest = np.where(bought, np.sign(box_value - new_value), contest)
    contested = bet & judged_qualifies & (qualifies | bought)
    won = contested & (judged_contest > 0)
    tied = contested & (judged_contest == 0)
    room = cap - insurance_won
    paid_winnings = np.minimum(winnings, room)
    ante_win = 2 * a if terms.ante_paid_on_win else a

    stake = np.zeros((rows, len(LINE_KINDS)), dtype=np.int64)
    returned = np.zeros_like(stake)
    ante, bet_line = _COLUMN[LineKind.ANTE], _COLUMN[LineKind.BET]
    stake[:, ante] = a
    returned[:, ante] = np.select(
        [won, tied, no_game & ~bought, bought & ~judged_qualifies],
        [ante_win, a, 2 * a, a],
        0,
    )
    stake[:, bet_line] = np.where(bet, 2 * a, 0)
    returned[:, bet_line] = np.select(
        [won, tied, bet & ~contested],
        [2 * a + paid_winnings, 2 * a, 2 * a],
        0,
    )
    bonus_line = _COLUMN[LineKind.BONUS]
    if terms.bonus_chips:
        stake[:, bonus_line] = terms.bonus_chips
        bonus_back = terms.bonus_returned[first_line(dealt_code)]
        lost_on_fold = ~bet & terms.rules.bonus_lost_on_fold
        returned[:, bonus_line] = np.where(lost_on_fold, 0, bonus_back)
    insurance_line = _COLUMN[LineKind.INSURANCE]
    stake[:, insurance_line] = insurance
    keeps_insurance = qualifies & ~won & ~np.bool_(terms.insurance_always_lost)
    returned[:, insurance_line] = np.where(
        no_game, insurance + insurance_won, np.where(keeps_insurance, insurance, 0)
    )
    for kind, charged in (
        (LineKind.EXCHANGE_FEE, exchanging),
        (LineKind.SIXTH_CARD_FEE, sixth),
        (LineKind.BUY_GAME_FEE, bought),
    ):
        stake[:, _COLUMN[kind]] = np.where(charged, a, 0)

    first_paid = np.minimum(terms.first_winnings[first], room)
    second_share = np.where(won, paid_winnings - first_paid, 0)
    per_unit = np.where(
        ~qualifies, 1, np.where((contest > 0) | np.bool_(terms.insurance_always_lost), -1, 0)
    )
    mirror = _mirror(terms, dealt_code, dealer_code, cap)
    return Rounds(
        cards=cards,
        situation=found.situation,
        up_card=found.up_card,
        move=moves,
        keep=found.keep,
        final_code=final_code,
        bet=bet,
        insurance=insurance,
        dealer_value=dealer_value,
        dealer_line=first_line(dealer_code),
        bought=bought,
        draws=draws_taken,
        stake=stake,
        returned=returned,
        second_share=second_share,
        insurable=insurable,
        insurance_per_unit=np.where(insurable, per_unit, 0),
        mirror=mirror,
    )


def _mirror(terms: EdgeTerms, box: Codes, dealer: Codes, cap: np.int64) -> IntArray:
    """See :attr:`Rounds.mirror`."""
    a = terms.ante_chips

    def bets(own: Codes, other: Codes) -> IntArray:
        won = np.minimum(terms.bet_winnings[first_line(own), second_line(own)], cap)
        contest = np.sign(value_of(own) - value_of(other))
        result: IntArray = np.where(
            value_of(other) < QUALIFYING_VALUE,
            a,
            np.select([contest > 0, contest < 0], [won, -3 * a], 0),
        )
        return result

    mirrored: IntArray = bets(box, dealer) - bets(dealer, box)
    return mirrored


def _buys(
    terms: EdgeTerms,
    strategy: Strategy,
    tables: HandTables,
    cards: CardArray,
    no_game: BoolArray,
    first: IntArray,
    box_value: IntArray,
    winnings: IntArray,
    room: IntArray,
    used_draws: IntArray,
) -> BoolArray:
    """Which boxes still in play against a dealer without a game buy one."""
    rule = strategy.buy
    if rule.when is BuyWhen.NEVER:
        return np.zeros(len(cards), dtype=np.bool_)
    if rule.when is BuyWhen.AT_LEAST:
        assert rule.line is not None
        return no_game & (first >= LINE_CODE[rule.line])
    a = terms.ante_chips
    pay = a if terms.ante_paid_on_win else 0
    capped = np.minimum(winnings, room)
    # Buying gains at most the Bet's winnings (and a paid Ante) less the fee, against an Ante
    # win taken for sure: only where that could pay is the count worth making.
    rows = np.flatnonzero(no_game & (capped + pay - a > a))
    buys = np.zeros(len(cards), dtype=np.bool_)
    if not len(rows):
        return buys
    buys[rows] = better_to_buy(
        terms, tables, cards[rows], used_draws[rows], box_value[rows], capped[rows]
    )
    return buys


def buy_counts(
    terms: EdgeTerms,
    tables: HandTables,
    cards: CardArray,
    used_draws: IntArray,
    box_value: IntArray,
    winnings: IntArray,
) -> tuple[IntArray, IntArray]:
    """For each row (a dealer without a game, a box that bet): the net result of buying a game
    summed over every card the dealer may draw, and how many such cards there are.

    The box has seen its dealt cards, its first ``used_draws`` draws and the dealer's five cards;
    every other card is equally likely to come. Under ``buy_redraw_same_rank`` a card of the
    discarded rank is replaced again, so the last card drawn is any unseen card of another rank.
    ``winnings`` are the Bet's winnings the maximum payout leaves room for. Results are chips,
    relative to nothing: the fee, the Ante and the Bet as the settlement would leave them.
    """
    a = terms.ante_chips
    pay = a if terms.ante_paid_on_win else 0
    dealer = cards[:, DEALER]
    discard_at = dealer.argmax(axis=1)
    discard = dealer.max(axis=1)
    kept = dealer[np.arange(len(cards))[:, None], _others(discard_at)]
    candidates = np.arange(52, dtype=np.int64)
    hands = np.concatenate(
        [
            np.repeat(kept[:, None, :], 52, axis=1),
            np.broadcast_to(candidates, (len(cards), 52))[:, :, None],
        ],
        axis=2,
    )
    values = value_of(tables.evaluate(hands.reshape(-1, 5))).reshape(len(cards), 52)
    seen = np.zeros((len(cards), 52), dtype=np.bool_)
    rows = np.arange(len(cards))[:, None]
    seen[rows, cards[:, DEALT]] = True
    seen[rows, dealer] = True
    draw_columns = np.arange(DRAWS.start, DRAWS.stop)
    used = draw_columns[None, :] < DRAWS.start + used_draws[:, None]
    seen[rows, np.where(used, cards[:, DRAWS], cards[:, DEALT][:, :1])] = True
    valid = ~seen
    if terms.rules.buy_redraw_same_rank:
        valid &= (candidates[None, :] >> 2) != (discard >> 2)[:, None]
    qualifies = values >= QUALIFYING_VALUE
    contest = np.sign(box_value[:, None] - values)
    outcome = np.where(
        ~qualifies,
        -a,
        np.select([contest > 0, contest < 0], [winnings[:, None] + pay - a, -4 * a], -a),
    )
    total: IntArray = np.where(valid, outcome, 0).sum(axis=1)
    count: IntArray = valid.sum(axis=1)
    return total, count


def better_to_buy(
    terms: EdgeTerms,
    tables: HandTables,
    cards: CardArray,
    used_draws: IntArray,
    box_value: IntArray,
    winnings: IntArray,
) -> BoolArray:
    """Whether buying a game is worth strictly more than the Ante win (+1 Ante), exactly."""
    total, count = buy_counts(terms, tables, cards, used_draws, box_value, winnings)
    result: BoolArray = total > terms.ante_chips * count
    return result


def _others(position: IntArray) -> IntArray:
    """For each row, the four positions of five other than ``position``."""
    columns = np.arange(5)[None, :].repeat(len(position), axis=0)
    mask = columns != position[:, None]
    others: IntArray = columns[mask].reshape(len(position), 4)
    return others
