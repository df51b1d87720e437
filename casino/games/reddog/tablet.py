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
    seat_position,
    seating_bounds,
    tablet_view,
)


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
    Variant.STANDARD: "Standard",
    Variant.DEALERS_BANK: "Dealer's bank",
    Variant.SHOOT: "Shoot",
    Variant.SLIPPERY_SAM: "Slippery Sam",
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
        label = f"Start hand {state.hand_number + 1}"
        figures = _entry_figures(state)
    elif action is Action.FUND_POT:
        pot_range = state.pot_range()
        assert pot_range is not None and state.dealer is not None
        position = state.dealer
        label = f"Seat {position} puts up the pot"
        bounds["amount"] = amount_bounds(specs["amount"], *pot_range, state.rules.chip_unit)
        figures = (Figure("stack", "Dealer's stack", state.stack(position)),)
    elif action is Action.DEAL_HAND:
        awaiting = state.awaiting_hands
        labels = tuple(f"Seat {seat}: {state.cards_each} cards" for seat in awaiting)
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
        label = f"Seat {position} bets"
        bounds["seat"] = position_bounds(specs["seat"], (position,))
        bounds["amount"] = amount_bounds(specs["amount"], *bet_range, state.rules.chip_unit)
        figures = (
            Figure("pot", "Pot", state.pot),
            Figure("minimum_bet", "Minimum bet", state.minimum_bet),
            Figure("stack", "Stack", state.stack(position)),
        )
    elif action in (Action.SHOW_BURN, Action.TURN_CARD):
        # Both cards are drawn for the bet waiting: named for its seat, as every card the
        # dealer is asked for names what it is for. Not the action's position, which is the
        # seat whose decision the table waits for: here it waits for the dealer's cards.
        if state.to_act is not None:
            label = f"Seat {state.to_act}: {label[0].lower()}{label[1:]}"
        figures = _waiting_bet(state)
    elif action is Action.DECIDE_SHOOT:
        position = state.dealer
        label = f"Seat {position}: keep the pot or deal again"
        figures = (Figure("pot", "Pot", state.pot),)
    elif action is Action.END_GAME:
        label_of_pot = "Pot to return" if state.rules.is_dealer_funded else "Pot to share"
        figures = (Figure("pot", label_of_pot, state.pot),)
    return LegalAction(
        name=action.value,
        label=label,
        position=None if position is None else seat_position(position),
        fields=fields_in_spec_order(specs.values(), bounds, _unbounded),
        figures=figures,
    )


def _unbounded(spec: FieldSpec) -> FieldBounds:
    # A one-card field takes exactly one card, from those unseen in this deck pass.
    count = 1 if spec.kind is FieldKind.CARD else None
    return field_bounds(spec, min_count=count, max_count=count)


def _entry_figures(state: RedDogTable) -> tuple[Figure, ...]:
    """What each player pays when a hand starts: the ante (standard) and the hand fee."""
    rules = state.rules
    figures = [] if rules.is_dealer_funded else [Figure("ante", "Ante each", rules.ante)]
    if rules.commission is Commission.HAND_FEE:
        figures.append(Figure("hand_fee", "Fee each", rules.hand_fee))
    return tuple(figures)


def _waiting_bet(state: RedDogTable) -> tuple[Figure, ...]:
    if state.bet is None or state.to_act is None:
        return ()
    return (Figure("bet", f"Bet of seat {state.to_act}", state.bet),)


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
    figures = [Figure("stack", "Stack", state.stack(seat))]
    if state.bet is not None and state.to_act == seat:
        figures.append(Figure("bet", "Bet", state.bet))
    elif outcome is not None:
        figures.append(Figure("bet", "Bet", outcome.bet))
    return PositionView(
        position=seat_position(seat),
        label=f"Seat {seat}",
        status=STATUS_TO_ACT if turn == seat else _status(state, seat, dealer, sitting_out),
        to_act=turn == seat,
        cards=() if outcome is None else card_texts(outcome.shown),
        hidden_cards=0 if held is None else len(held),
        hand=None if outcome is None else _describe(outcome),
        figures=tuple(figures),
    )


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


def _describe(outcome: TurnOutcome) -> str:
    """The turn in words; its bet is the seat's figure, not written here."""
    verdict = "won" if outcome.won else "lost"
    return f"{verdict} against {outcome.card}"


# -- the table -------------------------------------------------------------------------------


def _card_groups(state: RedDogTable) -> tuple[CardGroup, ...]:
    groups = []
    if state.rules.variant is Variant.SLIPPERY_SAM:
        centre = state.centre_card
        groups.append(CardGroup("centre", "Centre card", () if centre is None else (str(centre),)))
    if state.rules.burns:
        burnt = card_texts(state.cards_at(CardPlace.BURNT))
        groups.append(CardGroup("burnt", "Burnt cards", burnt))
    turned = state.last_turned_card
    groups.append(CardGroup("turned", "Last turned card", () if turned is None else (str(turned),)))
    exposed = card_texts(state.cards_at(CardPlace.EXPOSED))
    groups.append(CardGroup("exposed", "Exposed cards", exposed))
    return tuple(groups)


def _table_figures(state: RedDogTable) -> tuple[Figure, ...]:
    figures = [Figure("pot", "Pot", state.pot)]
    carried = state.carried
    if carried is None:
        # A game opened before chips were carried: its house float was the house's.
        figures.append(Figure("house_float", "House float", state.house_float))
    else:
        figures.append(Figure("carried", "Kept for the next game", carried))
        if state.rules.commission is not Commission.NONE:
            figures.append(Figure("house_take", "Commission", state.house_take))
    figures.extend(_waiting_bet(state))
    figures.append(Figure("chip_unit", "Chip", state.rules.chip_unit))
    return tuple(figures)


def _facts(state: RedDogTable) -> tuple[Fact, ...]:
    phase = state.phase
    facts = [
        Fact("hand", "Hand", str(state.hand_number)),
        Fact("variant", "Variant", _VARIANT_LABELS[state.rules.variant]),
    ]
    if state.dealer is not None:
        facts.append(Fact("dealer", "Dealer", f"Seat {state.dealer}"))
    if phase is Phase.BETWEEN_HANDS:
        upcoming = state.next_dealer
        next_dealer = "no hand can start" if upcoming is None else f"Seat {upcoming}"
        facts.append(Fact("next_dealer", "Next dealer", next_dealer))
    if phase in DECK_PHASES:
        facts.append(Fact("stock", "Cards in the stock", str(state.stock_remaining)))
        facts.append(Fact("cards_each", "Cards each", str(state.cards_each)))
    if state.rules.is_shoot_like and state.deals_by_dealer:
        facts.append(Fact("deals_by_dealer", "Deals on this pot", str(state.deals_by_dealer)))
    last = state.last_outcome
    if last is not None:
        facts.append(Fact("last_turn", "Last turn", _last_turn_text(last)))
    return tuple(facts)


def _last_turn_text(outcome: TurnOutcome) -> str:
    """The last turn in words; its amounts are the seat's and the table's figures."""
    shown = " ".join(str(card) for card in outcome.shown)
    verdict = "won" if outcome.won else "lost"
    text = f"Seat {outcome.seat} {verdict} against {outcome.card}, showing {shown}"
    return text + (", and everyone anted again" if outcome.refilled else "")
