"""The state of one Red Dog game, driven by the actions the dealer records.

Each action ``x`` comes as a triad, pokerkit style: ``verify_x(...)`` raises :class:`GameError`
with a specific code and changes nothing, ``can_x(...)`` answers the same question as a bool, and
``x(...)`` verifies, applies and returns the frozen event it applied. :meth:`RedDogState.apply`
dispatches a stored event to its action, and :func:`replay` rebuilds a game from its events: the
chip movements are derived, never stored, so a replay recomputes them exactly.

A game runs from :meth:`~RedDogState.seat_players` to :meth:`~RedDogState.end_game`::

    seating ─► between_hands ─► [funding] ─► dealing ─► [centre] ─► betting ─► [burn] ─► turn
                  ▲   │                                                ▲                   │
                  │   └─► game_over                                    └───── next turn ◄──┘
                  └────── end of hand (or shoot_choice after a third Shoot deal) ◄──────────┘

>>> from decimal import Decimal as D
>>> state = RedDogState(RedDogRules())
>>> _ = state.seat_players({1: D(50), 2: D(50), 3: D(50)}, button=3)
>>> _ = state.start_hand()
>>> state.pot, state.phase.value
(Decimal('6'), 'dealing')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any, Final, TypeVar

from casino.games.actions import check_phase, out_of_phase, succeeds
from casino.games.cards import Card, CardInput, parse_card, parse_cards
from casino.games.errors import GameError
from casino.games.money import ZERO, AmountInput, chip_amount, round_down_to_chip, seat_amounts_text
from casino.games.reddog import codes
from casino.games.reddog.events import (
    BetPlaced,
    BurnShown,
    CardTurned,
    CentreCardTurned,
    Event,
    GameEnded,
    HandDealt,
    HandStarted,
    PlayersSeated,
    PotFunded,
    Reshuffled,
    ShootDecided,
)
from casino.games.reddog.ledger import (
    HOUSE_FLOAT,
    POT,
    Ledger,
    Movement,
    MovementReason,
    player_account,
)
from casino.games.reddog.rules import (
    SHOOT_DEALS_BEFORE_CHOICE,
    TABLE_SEATS,
    Commission,
    EndOfHand,
    RedDogRules,
    Refill,
    Variant,
)
from casino.games.reddog.table_cards import CardPlace, TableCards
from casino.games.reddog_hands import winning_card
from casino.games.seating import StacksInput, seat_stacks

_E = TypeVar("_E", bound=Event)

#: Slippery Sam: the dealer turns centre cards until one of this rank or lower appears.
SLIPPERY_SAM_HIGHEST_CENTRE_RANK: Final = 6
_HUNDRED: Final = Decimal(100)


class Phase(StrEnum):
    """Where the game stands; :data:`PHASE_ACTIONS` says what each phase accepts."""

    SEATING = "seating"
    BETWEEN_HANDS = "between_hands"
    FUNDING = "funding"
    DEALING = "dealing"
    CENTRE = "centre"
    BETTING = "betting"
    BURN = "burn"
    TURN = "turn"
    SHOOT_CHOICE = "shoot_choice"
    GAME_OVER = "game_over"


class Action(StrEnum):
    """The dealer's inputs; each is a method of :class:`RedDogState` of the same name."""

    SEAT_PLAYERS = "seat_players"
    START_HAND = "start_hand"
    FUND_POT = "fund_pot"
    DEAL_HAND = "deal_hand"
    TURN_CENTRE_CARD = "turn_centre_card"
    PLACE_BET = "place_bet"
    SHOW_BURN = "show_burn"
    TURN_CARD = "turn_card"
    RESHUFFLE = "reshuffle"
    DECIDE_SHOOT = "decide_shoot"
    END_GAME = "end_game"


#: The one table of which action each phase accepts. Where the next phase goes is decided by the
#: action itself (it depends on the variant and the pot), see the module's diagram.
PHASE_ACTIONS: Final[Mapping[Phase, frozenset[Action]]] = {
    Phase.SEATING: frozenset({Action.SEAT_PLAYERS}),
    Phase.BETWEEN_HANDS: frozenset({Action.START_HAND, Action.END_GAME}),
    Phase.FUNDING: frozenset({Action.FUND_POT}),
    Phase.DEALING: frozenset({Action.DEAL_HAND}),
    Phase.CENTRE: frozenset({Action.TURN_CENTRE_CARD, Action.RESHUFFLE}),
    Phase.BETTING: frozenset({Action.PLACE_BET, Action.RESHUFFLE}),
    Phase.BURN: frozenset({Action.SHOW_BURN, Action.RESHUFFLE}),
    Phase.TURN: frozenset({Action.TURN_CARD, Action.RESHUFFLE}),
    Phase.SHOOT_CHOICE: frozenset({Action.DECIDE_SHOOT}),
    Phase.GAME_OVER: frozenset(),
}

#: Actions that take a card from the face-down stock.
_DRAWING_ACTIONS: Final = frozenset({Action.TURN_CENTRE_CARD, Action.SHOW_BURN, Action.TURN_CARD})


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    """What one turn settled: derived from the events, never stored with them.

    ``card`` is the turned card (Slippery Sam: the centre card). ``shown`` is what the player
    shows: the one winning card, or the whole hand on a loss. ``commission`` is the house's cut
    of a win (zero unless the table charges a percentage).
    """

    hand_number: int
    seat: int
    bet: Decimal
    card: Card
    won: bool
    shown: tuple[Card, ...]
    commission: Decimal

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand_number": self.hand_number,
            "seat": self.seat,
            "bet": str(self.bet),
            "card": str(self.card),
            "won": self.won,
            "shown": [str(c) for c in self.shown],
            "commission": str(self.commission),
        }


@dataclass(frozen=True, slots=True)
class _HandPlan:
    dealer: int
    players: tuple[int, ...]  # everyone taking part, dealer included
    bettors: tuple[int, ...]  # turn order: the dealer's left first, the dealer last if betting
    continues_shoot: bool


class RedDogState:
    """One game at one table, from seating to the final settlement.

    Amounts may be given as ``Decimal``, ``int`` or numeric ``str`` (never ``float``); cards in
    any spelling :func:`~casino.games.cards.parse_card` accepts. A refused action raises
    :class:`GameError` and leaves the state exactly as it was.
    """

    def __init__(self, rules: RedDogRules) -> None:
        self.rules = rules
        self._phase = Phase.SEATING
        self._events: list[Event] = []
        self._ledger = Ledger()
        self._seats: tuple[int, ...] = ()
        self._outcomes: list[TurnOutcome] = []
        self._hand_number = 0
        # The seat from which the search for the next hand's dealer starts.
        self._next_dealer_from: int | None = None
        self._dealer: int | None = None
        # Dealer-funded variants: deals in a row by the dealer whose pot is on the table, 0 when
        # no dealer's pot is (Dealer's bank closes the pot after every deal, Shoot after up to 4).
        self._deals_by_dealer = 0
        self._players: tuple[int, ...] = ()
        self._last_players: tuple[int, ...] = ()
        self._bettors: tuple[int, ...] = ()
        self._turn_index = 0
        self._sat_out: set[int] = set()
        self._to_deal: set[int] = set()
        self._cards = TableCards()
        self._cards_each: int | None = None
        self._bet: Decimal | None = None
        self._centre: Card | None = None

    # -- reading ---------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def movements(self) -> tuple[Movement, ...]:
        return self._ledger.rows

    @property
    def outcomes(self) -> tuple[TurnOutcome, ...]:
        return tuple(self._outcomes)

    @property
    def seats(self) -> tuple[int, ...]:
        return self._seats

    @property
    def pot(self) -> Decimal:
        return self._ledger.balance(POT)

    @property
    def house_float(self) -> Decimal:
        return self._ledger.balance(HOUSE_FLOAT)

    def stack(self, seat: int) -> Decimal:
        return self._ledger.balance(player_account(seat))

    @property
    def stacks(self) -> dict[int, Decimal]:
        return {seat: self.stack(seat) for seat in self._seats}

    @property
    def brought(self) -> Decimal:
        """Everything the players brought to the table."""
        return self._ledger.opening_total()

    @property
    def hand_number(self) -> int:
        return self._hand_number

    @property
    def dealer(self) -> int | None:
        """The dealer (button) of the current hand, or of the last one between hands."""
        return self._dealer

    @property
    def to_act(self) -> int | None:
        """The seat whose bet is expected or being settled."""
        if self._phase in (Phase.BETTING, Phase.BURN, Phase.TURN):
            return self._bettors[self._turn_index]
        return None

    @property
    def players_in_hand(self) -> tuple[int, ...]:
        """Who took part in the current (or last) hand, the dealer included."""
        return self._players

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Seats not taking part: in this hand, or, between hands, in the next one.

        Between hands with too few players able to take part, nobody is listed: no hand can
        start, and the game can only end.
        """
        if self._phase is Phase.BETWEEN_HANDS:
            try:
                players = self._plan_hand().players
            except GameError:
                return ()
            return tuple(s for s in self._seats if s not in players)
        if self._phase in (Phase.SEATING, Phase.GAME_OVER):
            return ()
        return tuple(s for s in self._seats if s not in self._players or s in self._sat_out)

    @property
    def cards_each(self) -> int | None:
        return self._cards_each

    @property
    def centre_card(self) -> Card | None:
        return self._centre

    @property
    def stock(self) -> frozenset[Card]:
        """Cards still in the face-down stock of the current hand."""
        return self._cards.stock

    @property
    def stock_remaining(self) -> int:
        return self._cards.stock_count

    def hand_of(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` still holds in the current hand, if any."""
        return self._cards.hand(seat) if self._cards.holds(seat) else None

    def bet_range(self) -> tuple[Decimal, Decimal] | None:
        """The least and most the player to act may bet now; ``None`` outside a bet.

        The minimum is the rule set's minimum bet, capped at the pot, so a pot smaller than the
        minimum (possible when the table refills only an empty pot, and in the dealer-funded
        variants) can still be bet in full. The maximum is the pot, capped at the player's stack.
        """
        if self._phase is not Phase.BETTING:
            return None
        seat = self._bettors[self._turn_index]
        return self._minimum_bet(), min(self.pot, self.stack(seat))

    def pot_range(self) -> tuple[Decimal, Decimal] | None:
        """The least and most the dealer may put up as the pot now; ``None`` outside funding."""
        if self._phase is not Phase.FUNDING or self._dealer is None:
            return None
        low, high = self.rules.pot_limits()
        stack = self.stack(self._dealer)
        return low, stack if high is None else min(high, stack)

    # -- seat_players ------------------------------------------------------------------------

    def verify_seat_players(self, stacks: StacksInput, button: int) -> None:
        """Raise if :meth:`seat_players` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``, ``player_count_invalid``,
            ``seat_invalid`` (a seat outside 1–8, or the button on an empty seat),
            ``amount_invalid`` / ``amount_not_chip_multiple`` for a stack.
        """
        self._check_seat_players(stacks, button)

    def can_seat_players(self, stacks: StacksInput, button: int) -> bool:
        return succeeds(lambda: self._check_seat_players(stacks, button))

    def seat_players(self, stacks: StacksInput, button: int) -> PlayersSeated:
        """Seat the players with the chips they bring; ``button`` deals the first hand."""
        event = self._check_seat_players(stacks, button)
        for seat, amount in event.stacks:
            self._ledger.open(player_account(seat), amount)
        self._seats = tuple(seat for seat, _ in event.stacks)
        self._next_dealer_from = event.button
        self._phase = Phase.BETWEEN_HANDS
        return self._record(event)

    def _check_seat_players(self, stacks: StacksInput, button: int) -> PlayersSeated:
        self._check_phase(Action.SEAT_PLAYERS)
        seated = seat_stacks(
            stacks,
            button,
            min_players=self.rules.min_players,
            max_players=self.rules.max_players,
            seats=TABLE_SEATS,
            chip_unit=self.rules.chip_unit,
        )
        return PlayersSeated(stacks=seated, button=button)

    # -- start_hand --------------------------------------------------------------------------

    def verify_start_hand(self) -> None:
        """Raise if :meth:`start_hand` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``; ``not_enough_players`` when too few
            players can cover the ante (and fee), or no one can put up a pot.
        """
        self._check_start_hand()

    def can_start_hand(self) -> bool:
        return succeeds(self._check_start_hand)

    def start_hand(self) -> HandStarted:
        """Start the next hand: the button moves, antes (and fees) are collected.

        In Shoot and Slippery Sam a hand is one deal, and the same dealer deals again while the
        pot lasts (see :meth:`decide_shoot`).
        """
        plan = self._check_start_hand()
        self._hand_number += 1
        self._dealer = plan.dealer
        self._players = plan.players
        self._bettors = plan.bettors
        self._turn_index = 0
        self._sat_out = set()
        self._to_deal = set(plan.bettors)
        self._cards = TableCards()
        self._cards_each = self.rules.cards_for(players=len(plan.players))
        self._bet = None
        self._centre = None
        if self.rules.commission is Commission.HAND_FEE:
            for seat in plan.bettors:
                self._move(
                    player_account(seat), HOUSE_FLOAT, self.rules.hand_fee, MovementReason.HAND_FEE
                )
        if self.rules.is_dealer_funded:
            if plan.continues_shoot:
                self._deals_by_dealer += 1
                self._phase = Phase.DEALING
            else:
                self._phase = Phase.FUNDING
        else:
            for seat in plan.bettors:
                self._move(player_account(seat), POT, self.rules.ante, MovementReason.ANTE)
            self._phase = Phase.DEALING
        return self._record(HandStarted())

    def _check_start_hand(self) -> _HandPlan:
        self._check_phase(Action.START_HAND)
        return self._plan_hand()

    def _plan_hand(self) -> _HandPlan:
        """Who deals and who plays the next hand; refuses when too few can take part.

        A player takes part if the stack covers what the hand asks of them: the ante (standard)
        or the minimum bet (dealer-funded), plus the hand fee. The button goes to the first seat,
        clockwise from where it is due, that can deal: cover the ante, or put up the minimum pot.
        """
        rules = self.rules
        assert self._next_dealer_from is not None
        entry = (rules.minimum_bet if rules.is_dealer_funded else rules.ante) + rules.hand_fee
        dealer = next(
            (s for s in self._clockwise(self._next_dealer_from) if self._can_deal(s, entry)), None
        )
        if dealer is None:
            raise GameError(codes.NOT_ENOUGH_PLAYERS, "No player can deal the next hand", players=0)
        bettors = tuple(
            s
            for s in self._clockwise(self._seat_after(dealer))
            if self.stack(s) >= entry and (s != dealer or not rules.is_dealer_funded)
        )
        players = bettors if not rules.is_dealer_funded else (*bettors, dealer)
        if len(players) < rules.min_players:
            raise GameError(
                codes.NOT_ENOUGH_PLAYERS,
                f"Only {len(players)} players can take part; {rules.min_players} are needed",
                players=len(players),
                minimum=rules.min_players,
            )
        return _HandPlan(dealer, players, bettors, self._deals_by_dealer > 0)

    def _can_deal(self, seat: int, entry: Decimal) -> bool:
        if not self.rules.is_dealer_funded:
            return self.stack(seat) >= entry
        if self._deals_by_dealer:
            # A Shoot dealer whose pot survived deals again; nobody else may.
            return seat == self._dealer
        return self.stack(seat) >= self.rules.pot_limits()[0]

    # -- fund_pot ----------------------------------------------------------------------------

    def verify_fund_pot(self, amount: AmountInput) -> None:
        """Raise if :meth:`fund_pot` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``, ``amount_invalid``,
            ``amount_not_chip_multiple``, ``pot_below_minimum``, ``pot_above_maximum``,
            ``insufficient_stack``.
        """
        self._check_fund_pot(amount)

    def can_fund_pot(self, amount: AmountInput) -> bool:
        return succeeds(lambda: self._check_fund_pot(amount))

    def fund_pot(self, amount: AmountInput) -> PotFunded:
        """Dealer-funded variants: the dealer puts up the pot for a new hand (or Shoot run)."""
        event = self._check_fund_pot(amount)
        assert self._dealer is not None
        self._move(player_account(self._dealer), POT, event.amount, MovementReason.POT_FUNDED)
        self._deals_by_dealer = 1
        self._phase = Phase.DEALING
        return self._record(event)

    def _check_fund_pot(self, raw: AmountInput) -> PotFunded:
        self._check_phase(Action.FUND_POT)
        amount = chip_amount(raw, self.rules.chip_unit, field="pot")
        low, high = self.rules.pot_limits()
        assert self._dealer is not None
        stack = self.stack(self._dealer)
        if amount < low:
            raise GameError(
                codes.POT_BELOW_MINIMUM,
                f"The pot must be at least {low}",
                amount=str(amount),
                minimum=str(low),
            )
        if high is not None and amount > high:
            raise GameError(
                codes.POT_ABOVE_MAXIMUM,
                f"The pot may be at most {high}",
                amount=str(amount),
                maximum=str(high),
            )
        if amount > stack:
            raise GameError(
                codes.INSUFFICIENT_STACK,
                f"Seat {self._dealer} has only {stack}",
                seat=self._dealer,
                amount=str(amount),
                stack=str(stack),
            )
        return PotFunded(amount=amount)

    # -- deal_hand ---------------------------------------------------------------------------

    def verify_deal_hand(self, seat: int, cards: Sequence[CardInput]) -> None:
        """Raise if :meth:`deal_hand` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``, ``seat_not_in_hand``,
            ``hand_already_dealt``, ``card_unknown``, ``wrong_card_count``, ``card_not_in_stock``,
            ``card_duplicate``.
        """
        self._check_deal_hand(seat, cards)

    def can_deal_hand(self, seat: int, cards: Sequence[CardInput]) -> bool:
        return succeeds(lambda: self._check_deal_hand(seat, cards))

    def deal_hand(self, seat: int, cards: Sequence[CardInput]) -> HandDealt:
        """Record the hand dealt face down to ``seat``; hands may be recorded in any order."""
        event = self._check_deal_hand(seat, cards)
        self._cards.deal(event.seat, event.cards)
        self._to_deal.discard(event.seat)
        if not self._to_deal:
            if self.rules.variant is Variant.SLIPPERY_SAM:
                self._phase = Phase.CENTRE
            else:
                self._next_turn()
        return self._record(event)

    def _check_deal_hand(self, seat: int, raw: Sequence[CardInput]) -> HandDealt:
        self._check_phase(Action.DEAL_HAND)
        if seat not in self._bettors:
            raise GameError(
                codes.SEAT_NOT_IN_HAND, f"Seat {seat!r} takes no cards in this hand", seat=seat
            )
        if seat not in self._to_deal:
            raise GameError(
                codes.HAND_ALREADY_DEALT, f"Seat {seat}'s hand is already recorded", seat=seat
            )
        cards = parse_cards(raw)
        if len(cards) != self._cards_each:
            raise GameError(
                codes.WRONG_CARD_COUNT,
                f"Each player gets {self._cards_each} cards, not {len(cards)}",
                expected=self._cards_each,
                given=len(cards),
            )
        self._cards.verify_in_stock(cards)
        return HandDealt(seat=seat, cards=cards)

    # -- turn_centre_card --------------------------------------------------------------------

    def verify_turn_centre_card(self, card: CardInput) -> None:
        """Raise if :meth:`turn_centre_card` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``stock_empty``,
            ``card_not_in_stock``.
        """
        self._check_turn_centre_card(card)

    def can_turn_centre_card(self, card: CardInput) -> bool:
        return succeeds(lambda: self._check_turn_centre_card(card))

    def turn_centre_card(self, card: CardInput) -> CentreCardTurned:
        """Slippery Sam: a card turned in the middle; a 6 or lower is the card everyone bets
        against, a higher one is set aside and the dealer turns another."""
        event = self._check_turn_centre_card(card)
        if event.card.rank <= SLIPPERY_SAM_HIGHEST_CENTRE_RANK:
            self._cards.draw(event.card, CardPlace.CENTRE)
            self._centre = event.card
            self._next_turn()
        else:
            self._cards.draw(event.card, CardPlace.TURNED)
        return self._record(event)

    def _check_turn_centre_card(self, raw: CardInput) -> CentreCardTurned:
        return CentreCardTurned(card=self._check_draw(Action.TURN_CENTRE_CARD, raw))

    # -- place_bet ---------------------------------------------------------------------------

    def verify_place_bet(self, seat: int, amount: AmountInput) -> None:
        """Raise if :meth:`place_bet` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``, ``not_players_turn``, ``amount_invalid``,
            ``amount_not_chip_multiple``, ``bet_below_minimum``, ``bet_above_pot``,
            ``insufficient_stack``.
        """
        self._check_place_bet(seat, amount)

    def can_place_bet(self, seat: int, amount: AmountInput) -> bool:
        return succeeds(lambda: self._check_place_bet(seat, amount))

    def place_bet(self, seat: int, amount: AmountInput) -> BetPlaced:
        """The player to act bets against the pot. In Slippery Sam the bet is settled at once
        against the centre card; otherwise the burn (if the table burns) and the turn follow."""
        event = self._check_place_bet(seat, amount)
        if self._centre is not None:
            self._settle(event.seat, event.amount, self._centre)
        else:
            self._bet = event.amount
            self._phase = Phase.BURN if self.rules.burns else Phase.TURN
        return self._record(event)

    def _check_place_bet(self, seat: int, raw: AmountInput) -> BetPlaced:
        self._check_phase(Action.PLACE_BET)
        to_act = self._bettors[self._turn_index]
        if seat != to_act:
            raise GameError(
                codes.NOT_PLAYERS_TURN,
                f"It is seat {to_act}'s turn, not seat {seat!r}'s",
                seat=seat,
                to_act=to_act,
            )
        amount = chip_amount(raw, self.rules.chip_unit, field="bet")
        minimum = self._minimum_bet()
        if amount < minimum:
            raise GameError(
                codes.BET_BELOW_MINIMUM,
                f"The bet must be at least {minimum}",
                amount=str(amount),
                minimum=str(minimum),
            )
        if amount > self.pot:
            raise GameError(
                codes.BET_ABOVE_POT,
                f"The bet may be at most the pot, {self.pot}",
                amount=str(amount),
                maximum=str(self.pot),
            )
        stack = self.stack(seat)
        if amount > stack:
            raise GameError(
                codes.INSUFFICIENT_STACK,
                f"Seat {seat} has only {stack}",
                seat=seat,
                amount=str(amount),
                stack=str(stack),
            )
        return BetPlaced(seat=seat, amount=amount)

    # -- show_burn ---------------------------------------------------------------------------

    def verify_show_burn(self, card: CardInput) -> None:
        """Raise if :meth:`show_burn` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``stock_empty``,
            ``card_not_in_stock``.
        """
        self._check_show_burn(card)

    def can_show_burn(self, card: CardInput) -> bool:
        return succeeds(lambda: self._check_show_burn(card))

    def show_burn(self, card: CardInput) -> BurnShown:
        """The burn card, shown to everyone and put face up at the bottom: out of the stock."""
        event = self._check_show_burn(card)
        self._cards.draw(event.card, CardPlace.BURNT)
        self._phase = Phase.TURN
        return self._record(event)

    def _check_show_burn(self, raw: CardInput) -> BurnShown:
        return BurnShown(card=self._check_draw(Action.SHOW_BURN, raw))

    # -- turn_card ---------------------------------------------------------------------------

    def verify_turn_card(self, card: CardInput) -> None:
        """Raise if :meth:`turn_card` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``stock_empty``,
            ``card_not_in_stock``.
        """
        self._check_turn_card(card)

    def can_turn_card(self, card: CardInput) -> bool:
        return succeeds(lambda: self._check_turn_card(card))

    def turn_card(self, card: CardInput) -> CardTurned:
        """The card turned for the waiting bet; the turn is settled at once."""
        event = self._check_turn_card(card)
        assert self._bet is not None
        self._cards.draw(event.card, CardPlace.TURNED)
        self._settle(self._bettors[self._turn_index], self._bet, event.card)
        return self._record(event)

    def _check_turn_card(self, raw: CardInput) -> CardTurned:
        return CardTurned(card=self._check_draw(Action.TURN_CARD, raw))

    # -- reshuffle ---------------------------------------------------------------------------

    def verify_reshuffle(self) -> None:
        """Raise if :meth:`reshuffle` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase`` (also in Slippery Sam's betting, which
            draws no card), ``stock_not_empty``, ``nothing_to_reshuffle``.
        """
        self._check_reshuffle()

    def can_reshuffle(self) -> bool:
        return succeeds(self._check_reshuffle)

    def reshuffle(self) -> Reshuffled:
        """The stock ran out: burnt cards (this turn's included), turned cards and hands set
        aside become the new stock; hands still held and a live centre card do not."""
        event = self._check_reshuffle()
        self._cards.reshuffle()
        return self._record(event)

    def _check_reshuffle(self) -> Reshuffled:
        self._check_phase(Action.RESHUFFLE)
        if self._phase is Phase.BETTING and self._centre is not None:
            raise out_of_phase(Action.RESHUFFLE, self._phase)
        if self._cards.stock_count:
            raise GameError(
                codes.STOCK_NOT_EMPTY,
                f"{self._cards.stock_count} cards are left in the stock",
                stock_remaining=self._cards.stock_count,
            )
        if not self._cards.reshufflable_count:
            raise GameError(codes.NOTHING_TO_RESHUFFLE, "No burnt, turned or set-aside card")
        return Reshuffled()

    # -- decide_shoot ------------------------------------------------------------------------

    def verify_decide_shoot(self, deal_again: bool) -> None:
        """Raise if :meth:`decide_shoot` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase``.
        """
        self._check_decide_shoot(deal_again)

    def can_decide_shoot(self, deal_again: bool) -> bool:
        return succeeds(lambda: self._check_decide_shoot(deal_again))

    def decide_shoot(self, deal_again: bool) -> ShootDecided:
        """After three deals in a row: keep the pot and pass the deal, or deal a fourth time
        (after which the dealer keeps what is left)."""
        event = self._check_decide_shoot(deal_again)
        if not event.deal_again:
            self._close_dealer_pot()
        self._phase = Phase.BETWEEN_HANDS
        return self._record(event)

    def _check_decide_shoot(self, deal_again: bool) -> ShootDecided:
        self._check_phase(Action.DECIDE_SHOOT)
        return ShootDecided(deal_again=deal_again)

    # -- end_game ----------------------------------------------------------------------------

    def verify_end_game(self) -> None:
        """Raise if :meth:`end_game` would be refused now; never changes anything.

        :raises GameError: ``action_out_of_phase`` (a game ends between hands only).
        """
        self._check_end_game()

    def can_end_game(self) -> bool:
        return succeeds(self._check_end_game)

    def end_game(self) -> GameEnded:
        """Stop playing. A common pot is shared equally among the last hand's players, the chips
        that do not divide going to the house float; a dealer's pot goes back to that dealer."""
        event = self._check_end_game()
        if self.rules.is_dealer_funded:
            if self._deals_by_dealer:
                self._close_dealer_pot()
        else:
            self._share_pot(self._last_players)
        self._phase = Phase.GAME_OVER
        return self._record(event)

    def _check_end_game(self) -> GameEnded:
        self._check_phase(Action.END_GAME)
        return GameEnded()

    # -- events ------------------------------------------------------------------------------

    def apply(self, event: Event) -> Event:
        """Apply a recorded event through its action, with the same checks.

        :raises GameError: as the action would, e.g. when a stored log was altered.
        """
        match event:
            case PlayersSeated(stacks=stacks, button=button):
                return self.seat_players(stacks, button)
            case HandStarted():
                return self.start_hand()
            case PotFunded(amount=amount):
                return self.fund_pot(amount)
            case HandDealt(seat=seat, cards=cards):
                return self.deal_hand(seat, cards)
            case CentreCardTurned(card=card):
                return self.turn_centre_card(card)
            case BetPlaced(seat=seat, amount=amount):
                return self.place_bet(seat, amount)
            case BurnShown(card=card):
                return self.show_burn(card)
            case CardTurned(card=card):
                return self.turn_card(card)
            case Reshuffled():
                return self.reshuffle()
            case ShootDecided(deal_again=deal_again):
                return self.decide_shoot(deal_again)
            case GameEnded():
                return self.end_game()
        raise GameError(codes.EVENT_KIND_UNKNOWN, f"Not a Red Dog event: {event!r}")

    # -- what the tablet shows ---------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions that can be taken now, the one the table is waiting for first.

        An action with an input (a bet, a card) is listed when some input would be accepted; a
        card cannot be drawn from an empty stock, so then the reshuffle comes first.
        """
        allowed = PHASE_ACTIONS[self._phase]
        listed: list[Action] = []
        for action in Action:
            if action not in allowed:
                continue
            if action is Action.RESHUFFLE and not self.can_reshuffle():
                continue
            if action in _DRAWING_ACTIONS and not self._cards.stock_count:
                continue
            if action is Action.START_HAND and not self.can_start_hand():
                continue
            listed.append(action)
        return tuple(listed)

    def view(self) -> dict[str, Any]:
        """Everything the dealer's tablet renders from, JSON-safe (amounts as strings).

        Keys: ``phase``, ``variant``, ``hand_number``, ``dealer``, ``next_dealer``, ``to_act``,
        ``next_input`` (the action the table is waiting for, ``None`` once the game is over),
        ``actions``, ``bet_range`` and ``pot_range`` (``{"min", "max"}`` or ``None``), ``bet``
        (the waiting bet), ``pot``, ``house_float``, ``stacks``, ``players_in_hand``,
        ``sitting_out``, ``turn_order``, ``awaiting_hands``, ``cards_each``,
        ``stock_remaining``, ``reshufflable``, ``burnt_cards``, ``centre_card``,
        ``deals_by_dealer``, ``last_outcome``, ``event_count``, ``movement_count``.
        """
        actions = self.legal_actions()
        bet_range = self.bet_range()
        pot_range = self.pot_range()
        waiting = self._bettors[self._turn_index] if self._bet is not None else None
        return {
            "phase": self._phase.value,
            "variant": self.rules.variant.value,
            "hand_number": self._hand_number,
            "dealer": self._dealer,
            "next_dealer": self._next_dealer(),
            "to_act": self.to_act,
            "next_input": actions[0].value if actions else None,
            "actions": [a.value for a in actions],
            "bet_range": _range_dict(bet_range),
            "pot_range": _range_dict(pot_range),
            "bet": None if self._bet is None else {"seat": waiting, "amount": str(self._bet)},
            "pot": str(self.pot),
            "house_float": str(self.house_float),
            "stacks": seat_amounts_text(self.stacks),
            "players_in_hand": list(self._players),
            "sitting_out": list(self.sitting_out),
            "turn_order": list(self._bettors),
            "awaiting_hands": sorted(self._to_deal) if self._phase is Phase.DEALING else [],
            "cards_each": self._cards_each,
            "stock_remaining": self._cards.stock_count,
            "reshufflable": self._cards.reshufflable_count,
            "burnt_cards": [str(c) for c in self._cards.cards_at(CardPlace.BURNT)],
            "centre_card": None if self._centre is None else str(self._centre),
            "deals_by_dealer": self._deals_by_dealer,
            "last_outcome": self._outcomes[-1].to_dict() if self._outcomes else None,
            "event_count": len(self._events),
            "movement_count": len(self._ledger),
        }

    def _next_dealer(self) -> int | None:
        if self._phase is not Phase.BETWEEN_HANDS:
            return None
        try:
            return self._plan_hand().dealer
        except GameError:
            return None

    # -- the flow of a hand ------------------------------------------------------------------

    def _settle(self, seat: int, bet: Decimal, card: Card) -> None:
        hand = self._cards.hand(seat)
        winner = winning_card(hand, card)
        commission = ZERO
        if winner is not None:
            self._move(POT, player_account(seat), bet, MovementReason.BET_WON)
            if self.rules.commission is Commission.WIN_PERCENT:
                commission = round_down_to_chip(
                    bet * self.rules.win_percent / _HUNDRED, self.rules.chip_unit
                )
                if commission:
                    self._move(
                        player_account(seat), HOUSE_FLOAT, commission, MovementReason.WIN_COMMISSION
                    )
        else:
            self._move(player_account(seat), POT, bet, MovementReason.BET_LOST)
        shown = (winner,) if winner is not None else hand
        self._outcomes.append(
            TurnOutcome(self._hand_number, seat, bet, card, winner is not None, shown, commission)
        )
        self._cards.set_aside_hand(seat)
        self._bet = None
        self._turn_index += 1
        if not self.rules.is_dealer_funded and self._turns_remain():
            self._refill()
        self._next_turn()

    def _turns_remain(self) -> bool:
        return any(s not in self._sat_out for s in self._bettors[self._turn_index :])

    def _refill(self) -> None:
        """Everyone in the hand antes again at once when the pot is short (before the next bet).

        Not after the hand's last turn: the next hand's antes come at once anyway. A player who
        cannot cover this ante sits out the rest of the hand.
        """
        ante = self.rules.ante
        short = self.pot < ante if self.rules.refill is Refill.BELOW_ANTE else self.pot == ZERO
        if not short:
            return
        for seat in self._bettors:
            if seat in self._sat_out:
                continue
            if self.stack(seat) >= ante:
                self._move(player_account(seat), POT, ante, MovementReason.REFILL_ANTE)
            else:
                self._sat_out.add(seat)

    def _next_turn(self) -> None:
        """Move to the next player who can bet, or end the hand.

        A player whose stack cannot cover the minimum bet sits out the turn. An empty pot ends
        the hand at once (in a dealer-funded variant the deal passes).
        """
        while self._turn_index < len(self._bettors):
            seat = self._bettors[self._turn_index]
            if self.pot == ZERO:
                break
            if seat not in self._sat_out and self.stack(seat) >= self._minimum_bet():
                self._phase = Phase.BETTING
                return
            self._sat_out.add(seat)
            self._cards.set_aside_hand(seat)
            self._turn_index += 1
        self._end_hand()

    def _end_hand(self) -> None:
        assert self._dealer is not None
        self._last_players = self._players
        self._centre = None
        self._bet = None
        self._phase = Phase.BETWEEN_HANDS
        if not self.rules.is_dealer_funded:
            if self.rules.end_of_hand is EndOfHand.SHARE:
                self._share_pot(self._players)
            self._next_dealer_from = self._seat_after(self._dealer)
        elif not self.rules.is_shoot_like or self.pot == ZERO:
            self._close_dealer_pot()
        elif self._deals_by_dealer == SHOOT_DEALS_BEFORE_CHOICE:
            self._phase = Phase.SHOOT_CHOICE
        elif self._deals_by_dealer > SHOOT_DEALS_BEFORE_CHOICE:
            self._close_dealer_pot()

    def _close_dealer_pot(self) -> None:
        """The dealer takes back what is left of the pot and the deal passes left."""
        assert self._dealer is not None
        if self.pot > ZERO:
            self._move(POT, player_account(self._dealer), self.pot, MovementReason.POT_KEPT)
        self._deals_by_dealer = 0
        self._next_dealer_from = self._seat_after(self._dealer)

    def _share_pot(self, players: Sequence[int]) -> None:
        """Share the pot equally in whole chips; what does not divide goes to the house float."""
        pot = self.pot
        if pot == ZERO or not players:
            return
        share = round_down_to_chip(pot / len(players), self.rules.chip_unit)
        if share > ZERO:
            for seat in sorted(players):
                self._move(POT, player_account(seat), share, MovementReason.POT_SHARE)
        if self.pot > ZERO:
            self._move(POT, HOUSE_FLOAT, self.pot, MovementReason.SHARE_REMAINDER)

    def _minimum_bet(self) -> Decimal:
        return min(self.rules.minimum_bet, self.pot)

    # -- helpers -----------------------------------------------------------------------------

    def _check_phase(self, action: Action) -> None:
        check_phase(PHASE_ACTIONS, self._phase, action)

    def _check_draw(self, action: Action, raw: CardInput) -> Card:
        self._check_phase(action)
        card = parse_card(raw)
        self._cards.verify_in_stock((card,))
        return card

    def _clockwise(self, start: int) -> tuple[int, ...]:
        """Seated seats clockwise, beginning at ``start`` or the first seat after it."""
        later = tuple(s for s in self._seats if s >= start)
        return later + tuple(s for s in self._seats if s < start)

    def _seat_after(self, seat: int) -> int:
        return self._clockwise(seat + 1)[0]

    def _move(self, source: str, destination: str, amount: Decimal, reason: MovementReason) -> None:
        self._ledger.move(source, destination, amount, reason)

    def _record(self, event: _E) -> _E:
        self._events.append(event)
        return event


def replay(rules: RedDogRules, events: Iterable[Event]) -> RedDogState:
    """Rebuild a game from its events; the movements and outcomes are recomputed.

    :raises GameError: if any event is not legal where it stands.
    """
    state = RedDogState(rules)
    for event in events:
        state.apply(event)
    return state


def _range_dict(bounds: tuple[Decimal, Decimal] | None) -> dict[str, str] | None:
    if bounds is None:
        return None
    low, high = bounds
    return {"min": str(low), "max": str(high)}
