"""The same rounds through the engine itself: the fast path's check and its benchmark baseline.

:func:`engine_round` takes one row the fast path played (its cards and the decisions the
strategy took) and records it on a :class:`~casino.games.russian.RussianPokerState` action by
action, exactly as a dealer's tablet would: wagers, the deal, the bonus, the exchange or the
sixth card, the insurance, the fold or the Bet, the dealer's reveal, the Ante win or the bought
game and its replacements. The engine checks every action and settles the round; the fast path
must have settled it to the chip (:func:`settlement_lines`).
"""

from __future__ import annotations

from decimal import Decimal

from casino.games.cards import CARDS
from casino.games.house_edge.rounds import (
    DEALT,
    DRAWS,
    FACE_DOWN,
    LINE_KINDS,
    REPLACEMENTS,
    UP_CARD,
    Rounds,
)
from casino.games.house_edge.strategy import Move
from casino.games.house_edge.terms import EdgeTerms
from casino.games.russian import (
    BoxSettlement,
    Phase,
    RoundSettlement,
    RussianPokerState,
    TableLimits,
)

#: The one box the calculator plays.
BOX = 1
PLAYER = "calculator"


def table_limits(terms: EdgeTerms) -> TableLimits:
    """Limits that accept the calculation's Ante, with its maximum payout and chip unit."""
    return TableLimits(
        ante_min=terms.ante,
        ante_max=terms.ante,
        max_payout=terms.max_payout,
        chip_unit=terms.chip_unit,
    )


def engine_round(terms: EdgeTerms, rounds: Rounds, row: int) -> RoundSettlement:
    """Play row ``row`` of ``rounds`` through the engine's actions and return its settlement.

    :raises GameError: if the engine refuses an action (the fast path played something the rules
        do not allow).
    """
    cards = [CARDS[int(card)] for card in rounds.cards[row]]
    state = RussianPokerState(terms.rules, terms.paytables, table_limits(terms))
    state.place_wagers(BOX, PLAYER, terms.ante, terms.bonus)
    state.close_bets()
    state.deal_box(BOX, cards[DEALT])
    state.deal_card("dealer", cards[UP_CARD])
    if terms.bonus is not None:
        state.declare_bonus(BOX)
    move = Move(int(rounds.move[row]))
    draws = cards[DRAWS]
    if move is Move.EXCHANGE:
        kept = rounds.keep[row].tolist()
        discards = [card for card, keep in zip(cards[DEALT], kept, strict=True) if not keep]
        state.exchange(BOX, discards, draws[: len(discards)])
    elif move is Move.SIXTH_CARD:
        state.buy_sixth_card(BOX, draws[0])
    insurance = int(rounds.insurance[row])
    if insurance:
        state.insure(BOX, terms.amount(insurance))
    if rounds.bet[row]:
        state.bet(BOX)
    else:
        state.fold(BOX)
    if state.phase is Phase.DEALER_REVEAL:
        state.reveal_dealer(cards[FACE_DOWN])
    if state.phase is Phase.DEALER_NO_GAME_CHOICES:
        if rounds.bought[row]:
            state.buy_game(BOX)
            for card in cards[REPLACEMENTS][: int(rounds.draws[row])]:
                state.draw_replacement(card)
        else:
            state.take_ante(BOX)
    settlement = state.settlement
    if settlement is None:
        raise AssertionError(f"row {row}: the round is not complete ({state.phase.value})")
    return settlement


def settlement_lines(terms: EdgeTerms, box: BoxSettlement) -> dict[str, tuple[Decimal, Decimal]]:
    """A box's settlement as {line kind: (stake, paid)}, every line kind present (zeros for a
    line the box did not have): the shape to compare with the fast path's row."""
    lines = {kind.value: (Decimal(0), Decimal(0)) for kind in LINE_KINDS}
    for line in box.lines:
        lines[line.line] = (line.stake, line.paid)
    return lines


def fast_lines(terms: EdgeTerms, rounds: Rounds, row: int) -> dict[str, tuple[Decimal, Decimal]]:
    """The fast path's row in the shape of :func:`settlement_lines`."""
    return {
        kind.value: (
            terms.amount(int(rounds.stake[row, column])),
            terms.amount(int(rounds.returned[row, column])),
        )
        for column, kind in enumerate(LINE_KINDS)
    }
