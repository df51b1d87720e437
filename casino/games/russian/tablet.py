"""The dealer's tablet view of a Russian Poker round, in the shape every game shares
(:class:`~casino.games.contract.TabletView`).

What a dealer who taps with one hand needs on the screen: which box the table waits for (the
box deciding, or choosing against a dealer without a game), each legal action with the bounds of
its fields now (the free boxes and the Ante and bonus limits, the cards a box may exchange, the
insurance range, the Bet, the boxes and targets still to receive cards), the one the table waits
for first and ``expose_card`` last; the boxes with wagers, each with its player, status, wagers,
fees, cards and combinations; the dealer's hand, his discard, replacement and hand after a
bought game, and the cards exposed; what is staked, the maximum payout, and the facts of the
round.

Nobody looks at a blind box's cards before the settlement turns them, so they are only counted
(``hidden_cards``) until the round is complete; the dealer's four face-down cards are counted
from the deal on, until they are turned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Final, Protocol

from casino.games.cards import Card
from casino.games.contract import (
    CardGroup,
    Fact,
    FieldBounds,
    FieldSpec,
    Figure,
    LegalAction,
    PositionView,
    TabletView,
)
from casino.games.money import ZERO
from casino.games.russian.events import BOX_TARGET_PREFIX, DEALER_TARGET
from casino.games.russian.fields import ACTION_FIELDS
from casino.games.russian.phases import (
    DEALER_FACE_DOWN,
    HAND_SIZE,
    Action,
    Decision,
    NoGameChoice,
    Phase,
)
from casino.games.russian.rules import RussianPokerRules
from casino.games.russian.terms import TableLimits
from casino.games.russian_hands import BoxCombinations, Line, dealer_qualifies, first_and_second
from casino.games.tablet_parts import (
    TabletTable,
    amount_bounds,
    box_position,
    card_texts,
    field_bounds,
    fields_in_spec_order,
    position_bounds,
    tablet_view,
    yes_no,
)
from casino.games.words import Words


class RussianPokerBox(Protocol):
    """What the tablet view reads of a box with wagers (:meth:`RussianPokerTable.box`): its
    wagers, its cards and what it decided so far, read-only."""

    @property
    def number(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def blind(self) -> bool: ...
    @property
    def ante(self) -> Decimal: ...
    @property
    def bonus(self) -> Decimal | None: ...
    @property
    def bonus_declared(self) -> bool: ...
    @property
    def dealt(self) -> Sequence[Card]: ...
    @property
    def hand(self) -> Sequence[Card]: ...
    @property
    def exchanged(self) -> bool: ...
    @property
    def sixth_card(self) -> Card | None: ...
    @property
    def insurance(self) -> Decimal | None: ...
    @property
    def decision(self) -> Decision | None: ...
    @property
    def choice(self) -> NoGameChoice | None: ...
    @property
    def fees(self) -> Decimal: ...


class RussianPokerTable(TabletTable[RussianPokerRules, Phase], Protocol):
    """What the tablet view reads of a round
    (:class:`~casino.games.russian.state.RussianPokerState` answers it)."""

    @property
    def limits(self) -> TableLimits: ...
    @property
    def bonus_offered(self) -> bool: ...
    @property
    def boxes(self) -> tuple[int, ...]: ...
    @property
    def box_to_act(self) -> int | None: ...
    @property
    def undealt_boxes(self) -> tuple[int, ...]: ...
    @property
    def card_targets(self) -> tuple[str, ...]: ...
    @property
    def dealer_up_card(self) -> Card | None: ...
    @property
    def dealer_turned_cards(self) -> tuple[Card, ...]: ...
    @property
    def dealer_cards(self) -> tuple[Card, ...]: ...
    @property
    def bought_game_discard(self) -> Card | None: ...
    @property
    def dealer_replacements(self) -> tuple[Card, ...]: ...
    @property
    def bought_game_hand(self) -> tuple[Card, ...] | None: ...
    @property
    def exposed_cards(self) -> tuple[Card, ...]: ...
    @property
    def cards_seen(self) -> frozenset[int]: ...
    def box(self, number: int) -> RussianPokerBox: ...
    def insurance_range(self, box: int) -> tuple[Decimal, Decimal] | None: ...
    def legal_actions(self) -> list[dict[str, Any]]: ...


#: The game's name, as :data:`casino.games.russian.game.GAME` gives it: every tablet view and
#: snapshot of a round carries it.
GAME_NAME: Final = "russian_poker"


def build_tablet_view(table: RussianPokerTable) -> TabletView:
    """The tablet's picture of the round in the shape every game shares.

    ``turn`` is the box to act (deciding, or choosing against a dealer without a game);
    ``actions`` are the legal actions with every field's bounds now, the one the table
    waits for first and ``expose_card`` last; ``positions`` the boxes with wagers (a blind
    box's cards are counted as hidden until the round is complete, since nobody looks at
    them); ``card_groups`` the dealer's hand (face-up card and the face-down cards turned
    so far, the rest hidden), the replacement drawn for a bought game and the cards
    exposed; ``facts`` whether the bonus is offered, the box to act, whether the dealer
    qualifies and what he discards for a bought game.
    """
    to_act = table.box_to_act
    return tablet_view(
        table,
        game=GAME_NAME,
        turn=None if to_act is None else box_position(to_act),
        actions=_tablet_actions(table),
        positions=[_position_view(table, table.box(n), to_act) for n in table.boxes],
        card_groups=_card_groups(table),
        figures=_table_figures(table),
        facts=_facts(table, to_act),
        seen=table.cards_seen,
    )


# -- legal actions ---------------------------------------------------------------------------


def _tablet_actions(table: RussianPokerTable) -> list[LegalAction]:
    """The actions of :meth:`~casino.games.russian.state.RussianPokerState.legal_actions`, in
    the same order, each with the bounds of its fields now, then ``expose_card``."""
    actions = [_legal_action(table, listed) for listed in table.legal_actions()]
    if table.phase is not Phase.COMPLETE:
        actions.append(_legal(Action.EXPOSE_CARD, Words("Expose a card seen by accident")))
    return actions


def _legal_action(table: RussianPokerTable, listed: Mapping[str, Any]) -> LegalAction:
    """One action as :meth:`~casino.games.russian.state.RussianPokerState.legal_actions` lists
    it (which actions are open is decided there alone), with its label, fields and figures."""
    action = Action(listed["action"])
    number: int | None = listed.get("box")
    box = None if number is None else table.box(number)
    if box is None or number is None:
        return _table_action(table, action, listed)
    fee = (Figure("fee", Words("Fee"), box.ante),)
    own = _box_bound(action, number)
    if action is Action.DECLARE_BONUS:
        assert box.bonus is not None
        figures = (Figure("bonus", Words("Bonus"), box.bonus),)
        return _legal(
            action,
            Words("Box {box}: declare the bonus", box=number),
            own,
            box=number,
            figures=figures,
        )
    if action is Action.EXCHANGE:
        least = table.rules.exchange_min
        most = min(table.rules.exchange_max, len(box.hand))
        return _legal(
            action,
            Words(
                "Box {box}: exchange {least} to {most} cards", box=number, least=least, most=most
            ),
            own,
            # The discards are among the box's cards, the replacements among the unseen
            # cards, as many as the discards.
            field_bounds(
                _spec(action, "discards"),
                min_count=least,
                max_count=most,
                cards=card_texts(box.hand),
            ),
            field_bounds(
                _spec(action, "replacements"),
                min_count=least,
                max_count=most,
                count_of="discards",
            ),
            box=number,
            figures=fee,
        )
    if action is Action.BUY_SIXTH_CARD:
        return _legal(
            action, Words("Box {box}: buy a sixth card", box=number), own, box=number, figures=fee
        )
    if action is Action.INSURE:
        bounds = table.insurance_range(number)
        assert bounds is not None
        amount = _amount_bound(action, "amount", *bounds, table.limits.chip_unit)
        return _legal(action, Words("Box {box}: insure", box=number), own, amount, box=number)
    if action is Action.FOLD:
        return _legal(action, Words("Box {box}: fold", box=number), own, box=number)
    if action is Action.BET:
        bet = 2 * box.ante
        return _legal(
            action,
            Words("Box {box}: bet", box=number),
            own,
            _amount_bound(action, "amount", bet, bet, table.limits.chip_unit),
            box=number,
            figures=(Figure("bet", Words("Bet"), bet),),
        )
    if action is Action.TAKE_ANTE:
        figures = (Figure("ante_win", Words("Ante win"), box.ante),)
        return _legal(
            action,
            Words("Box {box}: take the Ante win", box=number),
            own,
            box=number,
            figures=figures,
        )
    assert action is Action.BUY_GAME
    return _legal(action, Words("Box {box}: buy a game", box=number), own, box=number, figures=fee)


def _table_action(
    table: RussianPokerTable, action: Action, listed: Mapping[str, Any]
) -> LegalAction:
    """An action of no box's own: the wagers, the cards, the dealer's."""
    if action is Action.PLACE_WAGERS:
        limits = table.limits
        # A blind box is a player's further box: before any open box, none can be blind.
        any_open = any(not table.box(n).blind for n in table.boxes)
        bonus = field_bounds(
            _spec(action, "bonus"),
            min=limits.bonus_min or limits.chip_unit,
            max=limits.bonus_max,
            step=limits.chip_unit,
        )
        return _legal(
            action,
            Words("Place wagers"),
            position_bounds(_spec(action, "box"), listed["boxes"]),
            _amount_bound(action, "ante", limits.ante_min, limits.ante_max, limits.chip_unit),
            bonus,
            field_bounds(_spec(action, "blind"), value=None if any_open else False),
            not_offered=() if table.bonus_offered else ("bonus",),
        )
    if action is Action.CLOSE_BETS:
        return _legal(action, Words("No more bets"))
    if action is Action.REVEAL_DEALER:
        return _legal(
            action,
            Words("Turn the dealer's face-down cards"),
            field_bounds(_spec(action, "cards"), min_count=1, max_count=listed["cards"]),
        )
    if action is Action.DRAW_REPLACEMENT:
        return _legal(action, Words("Dealer: replacement card"))
    if action is Action.DEAL_BOX:
        undealt = listed["boxes"]
        return _legal(
            action,
            _five_cards(undealt[0]) if len(undealt) == 1 else Words("Five cards to a box"),
            position_bounds(_spec(action, "box"), undealt, (_five_cards(n) for n in undealt)),
            field_bounds(_spec(action, "cards"), min_count=HAND_SIZE, max_count=HAND_SIZE),
        )
    assert action is Action.DEAL_CARD
    targets = tuple(listed["targets"])
    labels = tuple(_target_label(table, target) for target in targets)
    return _legal(
        action,
        labels[0] if len(targets) == 1 else Words("One card"),
        field_bounds(
            _spec(action, "target"),
            targets=targets,
            value=targets[0] if len(targets) == 1 else None,
            labels=labels,
        ),
    )


def _target_label(table: RussianPokerTable, target: str) -> Words:
    """What a card for ``target`` is, in words: a box's next card, the dealer's up card
    at the deal, or a face-down card as it is turned."""
    if target == DEALER_TARGET:
        if table.phase is Phase.DEALING:
            return Words("Dealer: up card")
        return Words("Dealer: face-down card")
    number = int(target.removeprefix(BOX_TARGET_PREFIX))
    return Words(
        "Box {box}: card {card} of {cards}",
        box=number,
        card=len(table.box(number).dealt) + 1,
        cards=HAND_SIZE,
    )


# -- positions -------------------------------------------------------------------------------

#: A box's figures' labels, the same for every box of every view: made once.
_ANTE: Final = Words("Ante")
_BET: Final = Words("Bet")
_BONUS: Final = Words("Bonus")
_INSURANCE: Final = Words("Insurance")
_FEES: Final = Words("Fees")


def _position_view(
    table: RussianPokerTable, box: RussianPokerBox, to_act: int | None
) -> PositionView:
    # Nobody looks at a blind box's cards before the settlement turns them.
    shown = not box.blind or table.complete
    hand = None
    if shown and len(box.hand) >= HAND_SIZE:
        rule = table.rules.second_straight_same_rank_swap
        hand = _hand_text(first_and_second(box.hand, second_straight_rule=rule))
    figures = [Figure("ante", _ANTE, box.ante)]
    if box.blind or box.decision is Decision.BET:
        figures.append(Figure("bet", _BET, 2 * box.ante))
    if box.bonus is not None:
        figures.append(Figure("bonus", _BONUS, box.bonus))
    if box.insurance is not None:
        figures.append(Figure("insurance", _INSURANCE, box.insurance))
    if box.fees:
        figures.append(Figure("fees", _FEES, box.fees))
    return PositionView(
        position=box_position(box.number),
        label=Words("{player} (blind)", player=box.player) if box.blind else box.player,
        status=_status(box),
        to_act=box.number == to_act,
        cards=card_texts(box.hand) if shown else (),
        hidden_cards=0 if shown else len(box.hand),
        hand=hand,
        figures=tuple(figures),
    )


# -- the table -------------------------------------------------------------------------------


def _card_groups(table: RussianPokerTable) -> tuple[CardGroup, ...]:
    up_card = table.dealer_up_card
    up = () if up_card is None else (str(up_card),)
    turned = table.dealer_turned_cards
    # The dealer's four face-down cards lie on the table from the deal on.
    down = 0 if table.phase is Phase.BETTING else DEALER_FACE_DOWN - len(turned)
    groups = [CardGroup("dealer", Words("Dealer"), up + card_texts(turned), hidden=down)]
    discard = table.bought_game_discard
    if discard is not None:
        groups.append(CardGroup("dealer_discard", Words("Dealer discards"), (str(discard),)))
        groups.append(
            CardGroup(
                "replacement",
                Words("Dealer's replacement"),
                card_texts(table.dealer_replacements),
            )
        )
    bought = table.bought_game_hand
    if bought is not None:
        groups.append(
            CardGroup(
                "dealer_after_replacement",
                Words("Dealer after the replacement"),
                card_texts(bought),
            )
        )
    exposed = table.exposed_cards
    if exposed:
        groups.append(CardGroup("exposed", Words("Exposed (out of play)"), card_texts(exposed)))
    return tuple(groups)


def _table_figures(table: RussianPokerTable) -> tuple[Figure, ...]:
    staked = sum((_staked(table.box(n)) for n in table.boxes), ZERO)
    figures = [Figure("staked", Words("Staked"), staked)]
    if table.limits.max_payout is not None:
        figures.append(Figure("max_payout", Words("Maximum payout"), table.limits.max_payout))
    return tuple(figures)


def _facts(table: RussianPokerTable, to_act: int | None) -> tuple[Fact, ...]:
    offered = Words("offered") if table.bonus_offered else Words("not offered")
    facts = [Fact("bonus", Words("Bonus bet"), offered)]
    if to_act is not None:
        facts.append(Fact("box_to_act", Words("Box to act"), str(to_act)))
    dealer = table.dealer_cards
    if len(dealer) == HAND_SIZE:
        facts.append(
            Fact("dealer_qualifies", Words("Dealer qualifies"), yes_no(dealer_qualifies(dealer)))
        )
    discard = table.bought_game_discard
    if discard is not None:
        facts.append(Fact("dealer_discard", Words("Dealer discards"), str(discard)))
    bought = table.bought_game_hand
    if bought is not None:
        facts.append(
            Fact(
                "bought_qualifies",
                Words("Dealer qualifies after the replacement"),
                yes_no(dealer_qualifies(bought)),
            )
        )
    return tuple(facts)


# -- helpers ---------------------------------------------------------------------------------


#: How the tablet names each paytable line.
LINE_NAMES: Final[Mapping[Line, Words]] = {
    Line.ACE_KING: Words("Ace-King"),
    Line.PAIR: Words("pair"),
    Line.TWO_PAIR: Words("two pair"),
    Line.TRIPS: Words("three of a kind"),
    Line.STRAIGHT: Words("straight"),
    Line.FLUSH: Words("flush"),
    Line.FULL_HOUSE: Words("full house"),
    Line.QUADS: Words("four of a kind"),
    Line.STRAIGHT_FLUSH: Words("straight flush"),
    Line.ROYAL_FLUSH: Words("royal flush"),
}


def _hand_text(combinations: BoxCombinations) -> Words:
    """The combinations a box is paid for, as the tablet names them.

    >>> from casino.games.cards import parse_cards
    >>> _hand_text(first_and_second(parse_cards("Kh Ks Ac 8d 5h")))
    'pair + Ace-King'
    >>> _hand_text(first_and_second(parse_cards("Qh Js 8c 6d 4h")))
    'no combination'
    """
    first, second = combinations.first, combinations.second
    if first is None:
        return Words("no combination")
    if second is None:
        return LINE_NAMES[first.line]
    return Words("{first} + {second}", first=LINE_NAMES[first.line], second=LINE_NAMES[second.line])


def _five_cards(box: int) -> Words:
    return Words("Box {box}: five cards", box=box)


def _status(box: RussianPokerBox) -> str:
    """``deciding``, ``fold``, ``bet`` or ``blind``; after a dealer without a game, the box's
    choice (``take_ante``, ``buy_game``)."""
    if box.choice is not None:
        return box.choice.value
    if box.blind:
        return "blind"
    return "deciding" if box.decision is None else box.decision.value


def _staked(box: RussianPokerBox) -> Decimal:
    """Everything ``box`` has put on the table so far: its wagers and fees."""
    bet = 2 * box.ante if box.blind or box.decision is Decision.BET else ZERO
    return box.ante + bet + (box.bonus or ZERO) + (box.insurance or ZERO) + box.fees


def _legal(
    action: Action,
    label: Words,
    *given: FieldBounds,
    box: int | None = None,
    figures: tuple[Figure, ...] = (),
    not_offered: tuple[str, ...] = (),
) -> LegalAction:
    """``action`` as a legal action, with a :class:`FieldBounds` for every field of its spec
    in spec order: those ``given``, and the bare field for the others, but the optional fields
    ``not_offered`` (the table offers no such wager)."""
    bounds = {b.name: b for b in given}
    specs = ACTION_FIELDS[action.value]
    unknown = (set(bounds) | set(not_offered)) - {spec.name for spec in specs}
    if unknown:
        raise AssertionError(f"{action.value} has no field {sorted(unknown)}")
    if any(spec.required for spec in specs if spec.name in not_offered):
        raise AssertionError(f"{action.value}: only an optional field may be left out")
    fields = fields_in_spec_order((spec for spec in specs if spec.name not in not_offered), bounds)
    position = None if box is None else box_position(box)
    return LegalAction(action.value, label, position, fields, figures)


def _spec(action: Action, name: str) -> FieldSpec:
    """The spec of field ``name`` of ``action``."""
    return next(spec for spec in ACTION_FIELDS[action.value] if spec.name == name)


def _box_bound(action: Action, box: int) -> FieldBounds:
    """The ``box`` field of a box's own action: that box only."""
    return position_bounds(_spec(action, "box"), (box,))


def _amount_bound(
    action: Action, name: str, low: Decimal, high: Decimal, step: Decimal
) -> FieldBounds:
    return amount_bounds(_spec(action, name), low, high, step)
