"""The dealer's tablet view of a Red Dog game, in the shape every game shares
(:class:`~casino.games.contract.TabletView`).

What a croupier who taps with one hand needs on the screen: whose decision the table waits for
(the player to bet, the dealer putting up a pot or choosing in a Shoot), each legal action with
its bounds now (the bet range, the pot range, the seats that may be named, the cards each), the
seats with their stacks, hidden hands and what each showed this hand, the centre, burnt, last
turned and exposed cards, the pot and the house float, and the facts of the hand.

Hands are recorded face down, so a held hand is only counted (``hidden_cards``); what a player
shows at the end of a turn (the winning card, or the whole losing hand) is public, and stays on
the seat with the turn's outcome until the next hand starts.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final, Protocol

from casino.games.cards import Card
from casino.games.contract import (
    CardGroup,
    Fact,
    FieldBounds,
    FieldKind,
    FieldSpec,
    Figure,
    LegalAction,
    PositionView,
    TabletView,
)
from casino.games.reddog.fields import ACTION_FIELDS, ACTION_LABELS
from casino.games.reddog.outcomes import TurnOutcome
from casino.games.reddog.phases import DECK_PHASES, Action, Phase
from casino.games.reddog.rules import TABLE_SEATS, Commission, RedDogRules, Variant
from casino.games.reddog.table_cards import CardPlace
from casino.games.tablet_parts import (
    SeatedTable,
    amount_bounds,
    card_texts,
    field_bounds,
    fields_in_spec_order,
    position_bounds,
    seat_label,
    seat_position,
    seating_bounds,
    tablet_view,
)
from casino.games.words import Words


class RedDogTable(SeatedTable[RedDogRules, Phase], Protocol):
    """What the tablet view reads of a game
    (:class:`~casino.games.reddog.state.RedDogState` answers it)."""

    @property
    def sitting_out(self) -> tuple[int, ...]: ...
    @property
    def awaiting_hands(self) -> tuple[int, ...]: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def dealer(self) -> int | None: ...
    @property
    def next_dealer(self) -> int | None: ...
    @property
    def deals_by_dealer(self) -> int: ...
    @property
    def cards_each(self) -> int | None: ...
    @property
    def bet(self) -> Decimal | None: ...
    @property
    def minimum_bet(self) -> Decimal: ...
    @property
    def pot(self) -> Decimal: ...
    @property
    def house_float(self) -> Decimal: ...
    @property
    def house_take(self) -> Decimal: ...
    @property
    def carried(self) -> Decimal | None: ...
    @property
    def centre_card(self) -> Card | None: ...
    @property
    def last_turned_card(self) -> Card | None: ...
    @property
    def stock_remaining(self) -> int: ...
    @property
    def cards_out(self) -> frozenset[int]: ...
    @property
    def last_outcome(self) -> TurnOutcome | None: ...
    @property
    def hand_outcomes(self) -> tuple[TurnOutcome, ...]: ...
    def stack(self, seat: int) -> Decimal: ...
    def hand_of(self, seat: int) -> tuple[Card, ...] | None: ...
    def cards_at(self, place: CardPlace) -> tuple[Card, ...]: ...
    def pot_range(self) -> tuple[Decimal, Decimal] | None: ...
    def bet_range(self) -> tuple[Decimal, Decimal] | None: ...
    def legal_actions(self) -> tuple[Action, ...]: ...


#: The statuses of a seat, as the tablet shows them.
STATUS_DEALER: Final = "dealer"
STATUS_TO_ACT: Final = "to act"
STATUS_IN_HAND: Final = "in hand"
STATUS_SITTING_OUT: Final = "sitting out"
STATUS_OUT: Final = "out"

_VARIANT_LABELS: Final = {
    Variant.STANDARD: Words("Standard"),
    Variant.DEALERS_BANK: Words("Dealer's bank"),
    Variant.SHOOT: Words("Shoot"),
    Variant.SLIPPERY_SAM: Words("Slippery Sam"),
}
#: Phases in which a player or the dealer decides (not the croupier recording a card).
_DECIDING_DEALER: Final = frozenset({Phase.FUNDING, Phase.SHOOT_CHOICE})


def build_tablet_view(state: RedDogTable) -> TabletView:
    """The tablet view of ``state`` (see the module's docstring)."""
    turn = _turn(state)
    return tablet_view(
        state,
        game="red_dog",
        turn=None if turn is None else seat_position(turn),
        actions=[_legal_action(state, action) for action in state.legal_actions()],
        positions=_position_views(state, turn),
        card_groups=_card_groups(state),
        figures=_table_figures(state),
        facts=_facts(state),
        seen=state.cards_out,
    )


def _turn(state: RedDogTable) -> int | None:
    """The seat whose decision the table waits for: the player to bet, or the dealer putting
    up a pot or choosing after three Shoot deals. ``None`` while the croupier records cards."""
    if state.phase is Phase.BETTING:
        return state.to_act
    if state.phase in _DECIDING_DEALER:
        return state.dealer
    return None


# -- legal actions ---------------------------------------------------------------------------


def _legal_action(state: RedDogTable, action: Action) -> LegalAction:
    specs = {spec.name: spec for spec in ACTION_FIELDS[action]}
    bounds: dict[str, FieldBounds] = {}
    position: int | None = None
    figures: tuple[Figure, ...] = ()
    label = ACTION_LABELS[action]
    if action is Action.SEAT_PLAYERS:
        seating = state.seating
        seats = tuple(range(1, min(TABLE_SEATS, seating.seats) + 1))
        bounds = seating_bounds(specs.values(), state.rules, seating, seats)
    elif action is Action.START_HAND:
        label = Words("Start hand {hand}", hand=state.hand_number + 1)
        figures = _entry_figures(state)
    elif action is Action.FUND_POT:
        pot_range = state.pot_range()
        assert pot_range is not None and state.dealer is not None
        position = state.dealer
        label = Words("Seat {seat} puts up the pot", seat=position)
        bounds["amount"] = amount_bounds(specs["amount"], *pot_range, state.rules.chip_unit)
        figures = (Figure("stack", Words("Dealer's stack"), state.stack(position)),)
    elif action is Action.DEAL_HAND:
        awaiting = state.awaiting_hands
        labels = tuple(
            Words("Seat {seat}: {count} cards", seat=seat, count=str(state.cards_each))
            for seat in awaiting
        )
        if len(awaiting) == 1:
            label = labels[0]
        bounds["seat"] = position_bounds(specs["seat"], awaiting, labels)
        bounds["cards"] = field_bounds(
            specs["cards"], min_count=state.cards_each, max_count=state.cards_each
        )
    elif action is Action.PLACE_BET:
        bet_range = state.bet_range()
        assert bet_range is not None and state.to_act is not None
        position = state.to_act
        label = Words("Seat {seat} bets", seat=position)
        bounds["seat"] = position_bounds(specs["seat"], (position,))
        bounds["amount"] = amount_bounds(specs["amount"], *bet_range, state.rules.chip_unit)
        figures = (
            Figure("pot", Words("Pot"), state.pot),
            Figure("minimum_bet", Words("Minimum bet"), state.minimum_bet),
            Figure("stack", Words("Stack"), state.stack(position)),
        )
    elif action in (Action.SHOW_BURN, Action.TURN_CARD):
        # Both cards are drawn for the bet waiting: named for its seat, as every card the
        # dealer is asked for names what it is for. Not the action's position, which is the
        # seat whose decision the table waits for: here it waits for the dealer's cards.
        if state.to_act is not None:
            label = _FOR_THE_BET[action](state.to_act)
        figures = _waiting_bet(state)
    elif action is Action.DECIDE_SHOOT:
        position = state.dealer
        label = Words("Seat {seat}: keep the pot or deal again", seat=str(position))
        figures = (Figure("pot", Words("Pot"), state.pot),)
    elif action is Action.END_GAME:
        funded = state.rules.is_dealer_funded
        label_of_pot = Words("Pot to return") if funded else Words("Pot to share")
        figures = (Figure("pot", label_of_pot, state.pot),)
    return LegalAction(
        name=action.value,
        label=label,
        position=None if position is None else seat_position(position),
        fields=fields_in_spec_order(specs.values(), bounds, _unbounded),
        figures=figures,
    )


#: A card drawn for the bet waiting, named for its seat.
_FOR_THE_BET: Final = {
    Action.SHOW_BURN: lambda seat: Words("Seat {seat}: show the burn card", seat=seat),
    Action.TURN_CARD: lambda seat: Words("Seat {seat}: turn the card", seat=seat),
}


def _unbounded(spec: FieldSpec) -> FieldBounds:
    # A one-card field takes exactly one card, from those unseen in this deck pass.
    count = 1 if spec.kind is FieldKind.CARD else None
    return field_bounds(spec, min_count=count, max_count=count)


def _entry_figures(state: RedDogTable) -> tuple[Figure, ...]:
    """What each player pays when a hand starts: the ante (standard) and the hand fee."""
    rules = state.rules
    figures = [] if rules.is_dealer_funded else [Figure("ante", Words("Ante each"), rules.ante)]
    if rules.commission is Commission.HAND_FEE:
        figures.append(Figure("hand_fee", Words("Fee each"), rules.hand_fee))
    return tuple(figures)


def _waiting_bet(state: RedDogTable) -> tuple[Figure, ...]:
    if state.bet is None or state.to_act is None:
        return ()
    return (Figure("bet", Words("Bet of seat {seat}", seat=state.to_act), state.bet),)


# -- positions -------------------------------------------------------------------------------


def _position_views(state: RedDogTable, turn: int | None) -> tuple[PositionView, ...]:
    # Between hands both of these plan the next hand: work them out once, not once a seat.
    dealer = state.next_dealer if state.phase is Phase.BETWEEN_HANDS else state.dealer
    sitting_out = frozenset(state.sitting_out)
    return tuple(_position_view(state, seat, turn, dealer, sitting_out) for seat in state.seats)


def _position_view(
    state: RedDogTable,
    seat: int,
    turn: int | None,
    dealer: int | None,
    sitting_out: frozenset[int],
) -> PositionView:
    outcome = _outcome_of(state, seat)
    held = state.hand_of(seat)
    figures = [Figure("stack", _STACK, state.stack(seat))]
    if state.bet is not None and state.to_act == seat:
        figures.append(Figure("bet", _BET, state.bet))
    elif outcome is not None:
        figures.append(Figure("bet", _BET, outcome.bet))
    return PositionView(
        position=seat_position(seat),
        label=seat_label(seat),
        status=STATUS_TO_ACT if turn == seat else _status(state, seat, dealer, sitting_out),
        to_act=turn == seat,
        cards=() if outcome is None else card_texts(outcome.shown),
        hidden_cards=0 if held is None else len(held),
        hand=None if outcome is None else _describe(outcome),
        figures=tuple(figures),
    )


#: A seat's figures' labels, the same for every seat of every view: made once.
_STACK: Final = Words("Stack")
_BET: Final = Words("Bet")


def _status(state: RedDogTable, seat: int, dealer: int | None, sitting_out: frozenset[int]) -> str:
    """The seat's role when the table does not wait for its decision (``to act`` is exactly the
    seat of :attr:`TabletView.turn`; a bet waiting for its card shows as the seat's ``bet``)."""
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return STATUS_OUT
    if seat == dealer:
        return STATUS_DEALER
    if seat in sitting_out:
        return STATUS_OUT if state.stack(seat) == 0 else STATUS_SITTING_OUT
    return STATUS_IN_HAND


def _outcome_of(state: RedDogTable, seat: int) -> TurnOutcome | None:
    """The seat's turn in the current (or, between hands, the last) hand, once settled."""
    for outcome in state.hand_outcomes:
        if outcome.seat == seat:
            return outcome
    return None


def _describe(outcome: TurnOutcome) -> Words:
    """The turn in words; its bet is the seat's figure, not written here."""
    card = str(outcome.card)
    return (
        Words("won against {card}", card=card)
        if outcome.won
        else Words("lost against {card}", card=card)
    )


# -- the table -------------------------------------------------------------------------------


def _card_groups(state: RedDogTable) -> tuple[CardGroup, ...]:
    groups = []
    if state.rules.variant is Variant.SLIPPERY_SAM:
        centre = state.centre_card
        centre_cards = () if centre is None else (str(centre),)
        groups.append(CardGroup("centre", Words("Centre card"), centre_cards))
    if state.rules.burns:
        burnt = card_texts(state.cards_at(CardPlace.BURNT))
        groups.append(CardGroup("burnt", Words("Burnt cards"), burnt))
    turned = state.last_turned_card
    turned_cards = () if turned is None else (str(turned),)
    groups.append(CardGroup("turned", Words("Last turned card"), turned_cards))
    exposed = card_texts(state.cards_at(CardPlace.EXPOSED))
    groups.append(CardGroup("exposed", Words("Exposed cards"), exposed))
    return tuple(groups)


def _table_figures(state: RedDogTable) -> tuple[Figure, ...]:
    figures = [Figure("pot", Words("Pot"), state.pot)]
    carried = state.carried
    if carried is None:
        # A game opened before chips were carried: its house float was the house's.
        figures.append(Figure("house_float", Words("House float"), state.house_float))
    else:
        figures.append(Figure("carried", Words("Kept for the next game"), carried))
        if state.rules.commission is not Commission.NONE:
            figures.append(Figure("house_take", Words("Commission"), state.house_take))
    figures.extend(_waiting_bet(state))
    figures.append(Figure("chip_unit", Words("Chip"), state.rules.chip_unit))
    return tuple(figures)


def _facts(state: RedDogTable) -> tuple[Fact, ...]:
    phase = state.phase
    facts = [
        Fact("hand", Words("Hand"), str(state.hand_number)),
        Fact("variant", Words("Variant"), _VARIANT_LABELS[state.rules.variant]),
    ]
    if state.dealer is not None:
        facts.append(Fact("dealer", Words("Dealer"), seat_label(state.dealer)))
    if phase is Phase.BETWEEN_HANDS:
        upcoming = state.next_dealer
        next_dealer = Words("no hand can start") if upcoming is None else seat_label(upcoming)
        facts.append(Fact("next_dealer", Words("Next dealer"), next_dealer))
    if phase in DECK_PHASES:
        facts.append(Fact("stock", Words("Cards in the stock"), str(state.stock_remaining)))
        facts.append(Fact("cards_each", Words("Cards each"), str(state.cards_each)))
    if state.rules.is_shoot_like and state.deals_by_dealer:
        deals = str(state.deals_by_dealer)
        facts.append(Fact("deals_by_dealer", Words("Deals on this pot"), deals))
    last = state.last_outcome
    if last is not None:
        facts.append(Fact("last_turn", Words("Last turn"), _last_turn_text(last)))
    return tuple(facts)


def _last_turn_text(outcome: TurnOutcome) -> Words:
    """The last turn in words; its amounts are the seat's and the table's figures."""
    said: dict[str, int | str] = {
        "seat": outcome.seat,
        "card": str(outcome.card),
        "cards": " ".join(str(card) for card in outcome.shown),
    }
    if outcome.refilled:
        if outcome.won:
            return Words(
                "Seat {seat} won against {card}, showing {cards}, and everyone anted again", **said
            )
        return Words(
            "Seat {seat} lost against {card}, showing {cards}, and everyone anted again", **said
        )
    if outcome.won:
        return Words("Seat {seat} won against {card}, showing {cards}", **said)
    return Words("Seat {seat} lost against {card}, showing {cards}", **said)
