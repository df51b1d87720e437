"""Red Dog (High Card Pool) hands: does a hand beat the turned card, and with which card.

A card is beaten only by a strictly higher card of the same suit, aces high (RULES 3.1); suits
never rank against each other. One deck holds no two equal cards, so a turn has no tie: it is won
or lost.

>>> from casino.games.cards import parse_cards
>>> hand = parse_cards("Ks 9s 7h 4d Ac")
>>> winning_card(hand, parse_cards("Js")[0])
Card('Ks')
>>> winning_card(hand, parse_cards("8h")[0]) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from casino.games.cards import CARDS, Card
from casino.games.codes import HAND_SIZE_INVALID
from casino.games.errors import GameError
from casino.games.ranking import check_hand

_MAX_HAND = 5  # five cards each is the most any variant deals


def winning_card(hand: Sequence[int], turned: int) -> Card | None:
    """The card the player shows to win against ``turned``, or ``None`` when the hand loses.

    A winning player shows only that card (RULES 3.1). When several cards of the suit beat the
    turned card, this is the *lowest* of them, so the player reveals as little of the hand as
    possible; any of them wins the same amount. A hand void in the suit, or facing an ace, loses.

    :raises GameError: ``hand_size_invalid`` (not 1–5 cards), ``card_unknown`` or
        ``card_duplicate`` (also when ``turned`` is in the hand).

    >>> from casino.games.cards import parse_cards
    >>> winning_card(parse_cards("Qh Kh 2c"), parse_cards("Jh")[0])
    Card('Qh')
    """
    if not 1 <= len(hand) <= _MAX_HAND:
        raise GameError(
            HAND_SIZE_INVALID,
            f"A Red Dog hand has 1 to {_MAX_HAND} cards, not {len(hand)}",
            sizes=list(range(1, _MAX_HAND + 1)),
            count=len(hand),
        )
    checked = check_hand([*hand, turned], sizes=(len(hand) + 1,))
    turned_card = checked[-1]
    # Same suit and higher rank is exactly "same residue mod 4 and larger index".
    beaters = [card for card in checked[:-1] if card & 3 == turned_card & 3 and card > turned_card]
    return CARDS[min(beaters)] if beaters else None


def beats(hand: Sequence[int], turned: int) -> bool:
    """Whether the hand holds a higher card of the turned card's suit (checked like
    :func:`winning_card`).

    >>> from casino.games.cards import parse_cards
    >>> beats(parse_cards("Ks 9s 7h 4d Ac"), parse_cards("2c")[0])
    True
    """
    return winning_card(hand, turned) is not None
