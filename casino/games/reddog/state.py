"""The state of one Red Dog game, driven by the actions the dealer records.

Each action ``x`` comes as a triad, pokerkit style: ``verify_x(...)`` raises :class:`GameError`
with a specific code and changes nothing, ``can_x(...)`` answers the same question as a bool, and
``x(...)`` verifies, applies and returns the frozen event it applied. :meth:`RedDogState.apply`
dispatches a stored event to its action, and :func:`replay` rebuilds a game from its events: the
chip movements are derived, never stored, so a replay recomputes them exactly.

The state is the contract's :class:`~casino.games.contract.GameState`: besides its own detailed
:meth:`~RedDogState.view` it answers the tablet in the shape every game shares
(:meth:`~RedDogState.tablet_view`), settles a finished game (:meth:`~RedDogState.result`), and
writes a :meth:`~RedDogState.snapshot` from which :meth:`RedDogState.restore` rebuilds it. The
snapshot holds no history: running balances, per-seat totals and counters, the cards of the
hand in play and the outcomes of its turns, so that it, and the cost of an action after a
restore, stay the same in the first hand and the eightieth. The phases and what each accepts
are in :mod:`casino.games.reddog.phases`.

>>> from decimal import Decimal as D
>>> state = RedDogState(RedDogRules())
>>> _ = state.seat_players({1: D(50), 2: D(50), 3: D(50)}, button=3)
>>> _ = state.start_hand()
>>> state.pot, state.phase.value
(Decimal('6'), 'dealing')
>>> again = RedDogState.restore(RedDogRules(), state.snapshot())
>>> again.view() == state.view(), again.event_count, again.events
(True, 2, ())
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Final

from casino.games import contract
from casino.games.actions import game_action, out_of_phase
from casino.games.cards import Card, CardInput, card_text, card_texts, parse_card, parse_cards
from casino.games.contract import (
    CardShown,
    GameResult,
    JsonObject,
    JsonValue,
    ResultLine,
    Stake,
    TabletView,
)
from casino.games.engine_state import EngineState
from casino.games.errors import GameError
from casino.games.money import ZERO, AmountInput, chip_amount, round_down_to_chip, seat_amounts_text
from casino.games.reddog import codes
from casino.games.reddog.events import (
    BetPlaced,
    BurnShown,
    CardExposed,
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
    event_from_dict,
)
from casino.games.reddog.outcomes import TurnOutcome
from casino.games.reddog.phases import (
    DECK_PHASES,
    DRAWING_ACTIONS,
    PHASE_ACTIONS,
    Action,
    Phase,
)
from casino.games.reddog.rules import (
    CARD_COUNTS,
    SHOOT_DEALS_BEFORE_CHOICE,
    TABLE_SEATS,
    Commission,
    EndOfHand,
    RedDogRules,
    Refill,
    RefillTiming,
    Variant,
)
from casino.games.reddog.settlement import (
    HOUSE_FLOAT,
    POT,
    Ledger,
    Movement,
    MovementReason,
    player_account,
)
from casino.games.reddog.table_cards import CardPlace, TableCards
from casino.games.reddog.tablet import build_tablet_view
from casino.games.reddog_hands import winning_card
from casino.games.seating import SeatingLimits, StacksInput, check_stack, check_turn
from casino.games.snapshots import SnapshotReader, Stored, invalid, read_into, write_fields
from casino.games.tablet_parts import seat_position
from casino.games.words import Words

__all__ = [
    "GAME_NAME",
    "PHASE_ACTIONS",
    "Action",
    "Phase",
    "RedDogState",
    "replay",
]


#: The game's name in the table service (a table's ``game``, :attr:`TabletView.game`).
GAME_NAME: Final = "red_dog"
#: Slippery Sam: the dealer turns centre cards until one of this rank or lower appears.
SLIPPERY_SAM_HIGHEST_CENTRE_RANK: Final = 6
#: The version of :meth:`RedDogState.snapshot`'s layout; a snapshot of another is refused.
SNAPSHOT_VERSION: Final = 1
_HUNDRED: Final = Decimal(100)
#: Where :meth:`RedDogState.cards_shown` says a drawn card went (the table service's positions).
_DRAWN_TO: Final = {BurnShown: "burn", CardTurned: "turned", CentreCardTurned: "centre"}
#: What the house takes: the rest of the house float is carried to the next game.
_HOUSE_REASONS: Final = frozenset({MovementReason.HAND_FEE, MovementReason.WIN_COMMISSION})
#: How the settlement names the chips a player took out, per reason.
AWARD_LABELS: Final[Mapping[MovementReason, Words]] = {
    MovementReason.BET_WON: Words("Bets won"),
    MovementReason.POT_KEPT: Words("Pot kept"),
    MovementReason.POT_SHARE: Words("Share of the pot"),
}


@dataclass(frozen=True, slots=True)
class _HandPlan:
    dealer: int
    players: tuple[int, ...]  # everyone taking part, dealer included
    bettors: tuple[int, ...]  # turn order: the dealer's left first, the dealer last if betting
    continues_shoot: bool


class RedDogState(EngineState[Phase, Event]):
    """One game at one table, from seating to the final settlement.

    Amounts may be given as ``Decimal``, ``int`` or numeric ``str`` (never ``float``); cards in
    any spelling :func:`~casino.games.cards.parse_card` accepts. A refused action raises
    :class:`GameError` and leaves the state exactly as it was.

    ``events``, ``movements`` and ``outcomes`` are those of this object, since it was built or
    restored; ``event_count`` and the movements' ``seq`` number the whole game.
    """

    game_title = "Red Dog"
    snapshot_game = GAME_NAME
    snapshot_version = SNAPSHOT_VERSION
    phase_type = Phase
    final_phase = Phase.GAME_OVER
    round_name = "game"
    phase_actions = PHASE_ACTIONS

    # What a snapshot holds after its head, in the order it holds it (casino.games.snapshots):
    # running totals, counters, the hand in play and the outcomes of its turns, never the history.
    # Hands started plus reshuffles: each begins a deck pass (a card is recorded once a pass).
    _deck_passes: Annotated[int, COUNT] = 0
    _seats: Annotated[tuple[int, ...], SEATS] = ()
    _hand_number: Annotated[int, COUNT] = 0
    _turns_played: Annotated[int, COUNT] = 0
    # The seat from which the search for the next hand's dealer starts.
    _next_dealer_from: int | None = None
    _dealer: int | None = None
    # Dealer-funded variants: deals in a row by the dealer whose pot is on the table, 0 when
    # no dealer's pot is (Dealer's bank closes the pot after every deal, Shoot after up to 4).
    _deals_by_dealer: Annotated[int, COUNT] = 0
    _players: Annotated[tuple[int, ...], SEATS] = ()
    _last_players: Annotated[tuple[int, ...], SEATS] = ()
    _bettors: Annotated[tuple[int, ...], SEATS] = ()
    _turn_index: Annotated[int, COUNT] = 0
    _sat_out: Annotated[set[int], SEATS]
    _to_deal: Annotated[set[int], SEATS]
    _cards_each: int | None = None
    _bet: Decimal | None = None
    _centre: Card | None = None
    # The card last turned in this deck pass (for a bet, or a centre card in Slippery Sam).
    _last_turned: Card | None = None
    # The turns of the hand in play (at most one per player), and the last of the game.
    _hand_outcomes: list[TurnOutcome]
    _last_outcome: TurnOutcome | None = None
    _ledger: Ledger
    _cards: TableCards
    # What the end of the game handed each seat (the final share, a dealer's pot), the part of
    # the settlement due when it is settled; the rest was paid at the players' turns.
    _final_paid: Annotated[
        dict[tuple[int, MovementReason], Decimal],
        Stored(write=_final_paid_json, read=_read_final_paid),
    ]

    def __init__(
        self,
        rules: RedDogRules,
        *,
        seating: SeatingLimits | None = None,
        carried_in: Decimal | None = None,
    ) -> None:
        """A game under ``rules`` at a table of ``seating`` (its seats and stack limits; the
        game's own eight seats without limits when ``None``).

        ``carried_in`` is what the house float holds for this game from the table's last one
        (the odd chips of its final share, RULES A.3): the chips go into the first hand's pot,
        and this game's odd chips are kept for the next game in turn, neither being the
        house's. ``None`` is a game opened before chips were carried, whose odd chips the
        house float kept as the house's, as it was played.
        """
        self.rules = rules
        self.seating = seating or SeatingLimits(seats=TABLE_SEATS)
        self.carried_in = carried_in
        super().__init__(Phase.SEATING)
        self._ledger = Ledger()
        self._outcomes: list[TurnOutcome] = []
        self._hand_outcomes = []
        self._sat_out = set()
        self._to_deal = set()
        self._cards = TableCards()
        self._final_paid = {}
        if carried_in:
            self._ledger.open(HOUSE_FLOAT, carried_in)

    # -- reading ---------------------------------------------------------------------------

    @property
    def deck_pass(self) -> int:
        """The deck in use, from 1: every hand is dealt from a fresh deck and a reshuffle
        starts another pass, so this is the hands started plus the reshuffles (at least 1)."""
        return max(1, self._deck_passes)

    @property
    def movements(self) -> tuple[Movement, ...]:
        """The chip movements made since this object was built or restored; their ``seq``
        continues the game's numbering."""
        return self._ledger.rows

    @property
    def movement_count(self) -> int:
        """Every chip movement of the game, those before a restore included."""
        return len(self._ledger)

    @property
    def outcomes(self) -> tuple[TurnOutcome, ...]:
        """The turns settled since this object was built or restored."""
        return tuple(self._outcomes)

    @property
    def hand_outcomes(self) -> tuple[TurnOutcome, ...]:
        """The turns settled in the current (or, between hands, the last) hand."""
        return tuple(self._hand_outcomes)

    @property
    def last_outcome(self) -> TurnOutcome | None:
        """The last turn settled in the game."""
        return self._last_outcome

    @property
    def turns_played(self) -> int:
        return self._turns_played

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

    def brought_by(self, seat: int) -> Decimal:
        """What the player in ``seat`` brought to the table."""
        return self._ledger.opening(player_account(seat))

    @property
    def hand_number(self) -> int:
        return self._hand_number

    @property
    def dealer(self) -> int | None:
        """The dealer (button) of the current hand, or of the last one between hands."""
        return self._dealer

    @property
    def next_dealer(self) -> int | None:
        """Between hands, who deals the next hand (``None`` when no hand can start)."""
        return self._next_dealer()

    @property
    def deals_by_dealer(self) -> int:
        """Dealer-funded variants: deals in a row on the current dealer's pot (0 when none)."""
        return self._deals_by_dealer

    @property
    def to_act(self) -> int | None:
        """The seat whose bet is expected or being settled."""
        if self._phase in (Phase.BETTING, Phase.BURN, Phase.TURN):
            return self._bettors[self._turn_index]
        return None

    @property
    def bet(self) -> Decimal | None:
        """The bet waiting for its burn and turn."""
        return self._bet

    @property
    def players_in_hand(self) -> tuple[int, ...]:
        """Who took part in the current (or last) hand, the dealer included."""
        return self._players

    @property
    def turn_order(self) -> tuple[int, ...]:
        """Who bets in the current (or last) hand, in turn order."""
        return self._bettors

    @property
    def awaiting_hands(self) -> tuple[int, ...]:
        """While dealing, the seats whose hands are still to be recorded."""
        return tuple(sorted(self._to_deal)) if self._phase is Phase.DEALING else ()

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
    def last_turned_card(self) -> Card | None:
        """The card last turned in this deck pass (a reshuffle takes it back into the stock)."""
        return self._last_turned

    @property
    def stock(self) -> frozenset[Card]:
        """Cards still in the face-down stock of the current hand."""
        return self._cards.stock

    @property
    def stock_remaining(self) -> int:
        return self._cards.stock_count

    @property
    def reshufflable(self) -> int:
        """Cards a reshuffle would return to the stock."""
        return self._cards.reshufflable_count

    @property
    def cards_out(self) -> frozenset[int]:
        """The cards of this deck pass out of the stock: recorded, wherever they lie."""
        return self._cards.out

    def cards_at(self, place: CardPlace) -> tuple[Card, ...]:
        """The cards lying ``place`` in this deck pass, in deck order."""
        return self._cards.cards_at(place)

    def hand_of(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` still holds in the current hand, if any."""
        return self._cards.hand(seat) if self._cards.holds(seat) else None

    @property
    def minimum_bet(self) -> Decimal:
        """The least bet now: the rule set's minimum bet, capped at the pot."""
        return self._minimum_bet()

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

    # -- the actions: each a check (the public method), its apply, and its verify/can ---------

    @game_action(Action.SEAT_PLAYERS, PlayersSeated)
    def seat_players(self, stacks: StacksInput, button: int) -> PlayersSeated:
        """Seat the players with the chips they bring; ``button`` deals the first hand.

        :raises GameError: ``action_out_of_phase``, ``player_count_invalid``,
            ``seat_invalid`` (a seat outside 1–8, or the button on an empty seat),
            ``amount_invalid`` / ``amount_not_chip_multiple`` for a stack.
        """
        seated = self.seating.seated(self.rules, stacks, button, seats=TABLE_SEATS)
        return PlayersSeated(stacks=seated, button=button)

    @seat_players.applies
    def _players_seated(self, event: PlayersSeated) -> None:
        for seat, amount in event.stacks:
            self._ledger.open(player_account(seat), amount)
        self._seats = tuple(seat for seat, _ in event.stacks)
        self._next_dealer_from = event.button
        self._phase = Phase.BETWEEN_HANDS

    verify_seat_players = seat_players.verify
    can_seat_players = seat_players.can

    @game_action(Action.START_HAND, HandStarted)
    def start_hand(self) -> HandStarted:
        """Start the next hand: the button moves, antes (and fees) are collected.

        In Shoot and Slippery Sam a hand is one deal, and the same dealer deals again while the
        pot lasts (see :meth:`decide_shoot`).

        :raises GameError: ``action_out_of_phase``; ``not_enough_players`` when too few
            players can cover the ante (and fee), or no one can put up a pot.
        """
        self._plan_hand()
        return HandStarted()

    @start_hand.applies
    def _hand_started(self, event: HandStarted) -> None:
        plan = self._plan_hand()
        self._hand_number += 1
        self._deck_passes += 1
        self._hand_outcomes = []
        self._last_turned = None
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
            if self._hand_number == 1 and self.carried_in:
                self._move(HOUSE_FLOAT, POT, self.carried_in, MovementReason.CARRIED_IN)
            for seat in plan.bettors:
                self._move(player_account(seat), POT, self.rules.ante, MovementReason.ANTE)
            self._phase = Phase.DEALING

    verify_start_hand = start_hand.verify
    can_start_hand = start_hand.can

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

    @game_action(Action.FUND_POT, PotFunded)
    def fund_pot(self, amount: AmountInput) -> PotFunded:
        """Dealer-funded variants: the dealer puts up the pot for a new hand (or Shoot run).

        :raises GameError: ``action_out_of_phase``, ``amount_invalid``,
            ``amount_not_chip_multiple``, ``pot_below_minimum``, ``pot_above_maximum``,
            ``insufficient_stack``.
        """
        pot = chip_amount(amount, self.rules.chip_unit, field="pot")
        low, high = self.rules.pot_limits()
        assert self._dealer is not None
        if pot < low:
            raise GameError(
                codes.POT_BELOW_MINIMUM,
                f"The pot must be at least {low}",
                amount=str(pot),
                minimum=str(low),
            )
        if high is not None and pot > high:
            raise GameError(
                codes.POT_ABOVE_MAXIMUM,
                f"The pot may be at most {high}",
                amount=str(pot),
                maximum=str(high),
            )
        check_stack(self._dealer, pot, self.stack(self._dealer))
        return PotFunded(amount=pot)

    @fund_pot.applies
    def _pot_funded(self, event: PotFunded) -> None:
        assert self._dealer is not None
        self._move(player_account(self._dealer), POT, event.amount, MovementReason.POT_FUNDED)
        self._deals_by_dealer = 1
        self._phase = Phase.DEALING

    verify_fund_pot = fund_pot.verify
    can_fund_pot = fund_pot.can

    @game_action(Action.DEAL_HAND, HandDealt)
    def deal_hand(self, seat: int, cards: Sequence[CardInput]) -> HandDealt:
        """Record the hand dealt face down to ``seat``; hands may be recorded in any order.

        :raises GameError: ``action_out_of_phase``, ``position_not_in_play``,
            ``hand_already_dealt``, ``card_unknown``, ``wrong_card_count``, ``stock_empty``,
            ``card_duplicate`` (a card out of the stock, with its ``location``, or given twice).
        """
        if seat not in self._bettors:
            raise GameError(
                codes.POSITION_NOT_IN_PLAY,
                f"Seat {seat!r} takes no cards in this hand",
                seat=seat,
            )
        if seat not in self._to_deal:
            raise GameError(
                codes.HAND_ALREADY_DEALT, f"Seat {seat}'s hand is already recorded", seat=seat
            )
        hand = parse_cards(cards)
        if len(hand) != self._cards_each:
            raise GameError(
                codes.WRONG_CARD_COUNT,
                f"Each player gets {self._cards_each} cards, not {len(hand)}",
                expected=self._cards_each,
                given=len(hand),
            )
        self._cards.verify_in_stock(hand)
        return HandDealt(seat=seat, cards=hand)

    @deal_hand.applies
    def _hand_dealt(self, event: HandDealt) -> None:
        self._cards.deal(event.seat, event.cards)
        self._to_deal.discard(event.seat)
        if not self._to_deal:
            if self.rules.variant is Variant.SLIPPERY_SAM:
                self._phase = Phase.CENTRE
            else:
                self._next_turn()

    verify_deal_hand = deal_hand.verify
    can_deal_hand = deal_hand.can

    @game_action(Action.TURN_CENTRE_CARD, CentreCardTurned)
    def turn_centre_card(self, card: CardInput) -> CentreCardTurned:
        """Slippery Sam: a card turned in the middle; a 6 or lower is the card everyone bets
        against, a higher one is set aside and the dealer turns another.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``stock_empty``,
            ``card_duplicate`` (a card out of the stock, ``data["location"]``).
        """
        return CentreCardTurned(card=self._drawn(card))

    @turn_centre_card.applies
    def _centre_card_turned(self, event: CentreCardTurned) -> None:
        self._last_turned = event.card
        if event.card.rank <= SLIPPERY_SAM_HIGHEST_CENTRE_RANK:
            self._cards.draw(event.card, CardPlace.CENTRE)
            self._centre = event.card
            self._next_turn()
        else:
            self._cards.draw(event.card, CardPlace.TURNED)

    verify_turn_centre_card = turn_centre_card.verify
    can_turn_centre_card = turn_centre_card.can

    @game_action(Action.PLACE_BET, BetPlaced)
    def place_bet(self, seat: int, amount: AmountInput) -> BetPlaced:
        """The player to act bets against the pot. In Slippery Sam the bet is settled at once
        against the centre card; otherwise the burn (if the table burns) and the turn follow.

        :raises GameError: ``action_out_of_phase``, ``out_of_turn``, ``amount_invalid``,
            ``amount_not_chip_multiple``, ``bet_below_minimum``, ``bet_above_pot``,
            ``insufficient_stack``.
        """
        check_turn(seat, self._bettors[self._turn_index])
        bet = chip_amount(amount, self.rules.chip_unit, field="bet")
        minimum = self._minimum_bet()
        if bet < minimum:
            raise GameError(
                codes.BET_BELOW_MINIMUM,
                f"The bet must be at least {minimum}",
                amount=str(bet),
                minimum=str(minimum),
            )
        if bet > self.pot:
            raise GameError(
                codes.BET_ABOVE_POT,
                f"The bet may be at most the pot, {self.pot}",
                amount=str(bet),
                maximum=str(self.pot),
            )
        check_stack(seat, bet, self.stack(seat))
        return BetPlaced(seat=seat, amount=bet)

    @place_bet.applies
    def _bet_placed(self, event: BetPlaced) -> None:
        if self._centre is not None:
            self._settle(event.seat, event.amount, self._centre)
        else:
            self._bet = event.amount
            self._phase = Phase.BURN if self.rules.burns else Phase.TURN

    verify_place_bet = place_bet.verify
    can_place_bet = place_bet.can

    @game_action(Action.SHOW_BURN, BurnShown)
    def show_burn(self, card: CardInput) -> BurnShown:
        """The burn card, shown to everyone and put face up at the bottom: out of the stock.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``stock_empty``,
            ``card_duplicate`` (a card out of the stock, ``data["location"]``).
        """
        return BurnShown(card=self._drawn(card))

    @show_burn.applies
    def _burn_shown(self, event: BurnShown) -> None:
        self._cards.draw(event.card, CardPlace.BURNT)
        self._phase = Phase.TURN

    verify_show_burn = show_burn.verify
    can_show_burn = show_burn.can

    @game_action(Action.TURN_CARD, CardTurned)
    def turn_card(self, card: CardInput) -> CardTurned:
        """The card turned for the waiting bet; the turn is settled at once.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``stock_empty``,
            ``card_duplicate`` (a card out of the stock, ``data["location"]``).
        """
        return CardTurned(card=self._drawn(card))

    @turn_card.applies
    def _card_turned(self, event: CardTurned) -> None:
        assert self._bet is not None
        self._cards.draw(event.card, CardPlace.TURNED)
        self._last_turned = event.card
        self._settle(self._bettors[self._turn_index], self._bet, event.card)

    verify_turn_card = turn_card.verify
    can_turn_card = turn_card.can

    @game_action(Action.RESHUFFLE, Reshuffled)
    def reshuffle(self) -> Reshuffled:
        """The stock ran out: burnt cards (this turn's included), turned cards, hands set aside
        and exposed cards become the new stock; hands still held and a live centre card do not.
        A new deck pass begins.

        :raises GameError: ``action_out_of_phase`` (also in Slippery Sam's betting, which
            draws no card), ``stock_not_empty``, ``nothing_to_reshuffle``.
        """
        if self._phase is Phase.BETTING and self._centre is not None:
            raise out_of_phase(Action.RESHUFFLE, self._phase)
        if self._cards.stock_count:
            raise GameError(
                codes.STOCK_NOT_EMPTY,
                f"{self._cards.stock_count} cards are left in the stock",
                stock_remaining=self._cards.stock_count,
            )
        if not self._cards.reshufflable_count:
            raise GameError(
                codes.NOTHING_TO_RESHUFFLE, "No burnt, turned, set-aside or exposed card"
            )
        return Reshuffled()

    @reshuffle.applies
    def _reshuffled(self, event: Reshuffled) -> None:
        self._cards.reshuffle()
        self._deck_passes += 1
        self._last_turned = None

    verify_reshuffle = reshuffle.verify
    can_reshuffle = reshuffle.can

    @game_action(Action.DECIDE_SHOOT, ShootDecided)
    def decide_shoot(self, deal_again: bool) -> ShootDecided:
        """After three deals in a row: keep the pot and pass the deal, or deal a fourth time
        (after which the dealer keeps what is left).

        :raises GameError: ``action_out_of_phase``.
        """
        return ShootDecided(deal_again=deal_again)

    @decide_shoot.applies
    def _shoot_decided(self, event: ShootDecided) -> None:
        if not event.deal_again:
            self._close_dealer_pot()
        self._phase = Phase.BETWEEN_HANDS

    verify_decide_shoot = decide_shoot.verify
    can_decide_shoot = decide_shoot.can

    @game_action(Action.END_GAME, GameEnded)
    def end_game(self) -> GameEnded:
        """Stop playing. A common pot is shared equally among the last hand's players, the chips
        that do not divide going to the house float; a dealer's pot goes back to that dealer.

        :raises GameError: ``action_out_of_phase`` (a game ends between hands only).
        """
        return GameEnded()

    @end_game.applies
    def _game_ended(self, event: GameEnded) -> None:
        before = dict(self._ledger.paid_out)
        if self.rules.is_dealer_funded:
            if self._deals_by_dealer:
                self._close_dealer_pot()
        else:
            self._share_pot(self._last_players)
        self._final_paid = {
            key: amount - before.get(key, ZERO)
            for key, amount in self._ledger.paid_out.items()
            if amount != before.get(key, ZERO)
        }
        self._phase = Phase.GAME_OVER

    verify_end_game = end_game.verify
    can_end_game = end_game.can

    @game_action(Action.EXPOSE_CARD, CardExposed)
    def expose_card(self, card: CardInput, reason: str = "") -> CardExposed:
        """A card of the face-down stock seen by accident (flashed, dropped in the deal).

        It is laid aside face up, out of play for the rest of this deck pass: it cannot be dealt,
        burnt or turned, until a reshuffle returns it to the stock with the burnt and turned
        cards (the next hand's fresh deck holds it too). Nothing else changes: no phase, no
        chips. Allowed while a hand's deck is in play (dealing, centre, betting, burn, turn).

        :raises GameError: ``action_out_of_phase`` (no hand's deck is in play), ``card_unknown``,
            ``card_duplicate`` (the card is not in the face-down stock: ``data["location"]``
            says where it lies, ``data["seat"]`` who holds it), ``stock_needed_for_deal``.
        """
        if not isinstance(reason, str):
            raise TypeError(f"an exposed card's reason is text, not {reason!r}")
        seen = parse_card(card)
        self._cards.verify_not_out(seen)
        if self._phase is Phase.DEALING:
            # No reshuffle is possible before every hand is dealt (nothing is burnt or turned
            # yet), so an exposure may not leave the stock too short to finish the deal.
            assert self._cards_each is not None
            needed = self._cards_each * len(self._to_deal)
            if self._cards.stock_count - 1 < needed:
                raise GameError(
                    codes.STOCK_NEEDED_FOR_DEAL,
                    f"The stock holds {self._cards.stock_count} cards and the hands still to "
                    f"deal need {needed}: with {seen} out the deal could not be completed",
                    card=str(seen),
                    stock_remaining=self._cards.stock_count,
                    needed=needed,
                )
        return CardExposed(card=seen, reason=reason)

    @expose_card.applies
    def _card_exposed(self, event: CardExposed) -> None:
        self._cards.draw(event.card, CardPlace.EXPOSED)

    verify_expose_card = expose_card.verify
    can_expose_card = expose_card.can

    # -- what the tablet shows ---------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions that can be taken now, the one the table is waiting for first (an
        exposed card, which the table never waits for, last).

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
            if action in DRAWING_ACTIONS and not self._cards.stock_count:
                continue
            if action is Action.START_HAND and not self.can_start_hand():
                continue
            if action is Action.EXPOSE_CARD and not self._can_expose_some_card():
                continue
            listed.append(action)
        return tuple(listed)

    def view(self) -> JsonObject:
        """The game's detailed picture, JSON-safe (amounts as strings).

        Keys: ``phase``, ``variant``, ``hand_number``, ``dealer``, ``next_dealer``, ``to_act``,
        ``next_input`` (the action the table is waiting for, ``None`` once the game is over),
        ``actions``, ``bet_range`` and ``pot_range`` (``{"min", "max"}`` or ``None``), ``bet``
        (the waiting bet), ``pot``, ``house_float``, ``stacks``, ``players_in_hand``,
        ``sitting_out``, ``turn_order``, ``awaiting_hands``, ``cards_each``,
        ``stock_remaining``, ``reshufflable``, ``burnt_cards``, ``centre_card``,
        ``deals_by_dealer``, ``last_outcome``, ``event_count``, ``movement_count``; and
        ``deck_pass``, ``exposed_cards``, ``last_turned_card``, ``turns_played``. Every list is
        bounded by the table or one deck: none grows with the length of the game.
        """
        actions = self.legal_actions()
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
            "bet_range": _range_dict(self.bet_range()),
            "pot_range": _range_dict(self.pot_range()),
            "bet": None if self._bet is None else {"seat": waiting, "amount": str(self._bet)},
            "pot": str(self.pot),
            "house_float": str(self.house_float),
            "stacks": dict(seat_amounts_text(self.stacks)),
            "players_in_hand": [*self._players],
            "sitting_out": [*self.sitting_out],
            "turn_order": [*self._bettors],
            "awaiting_hands": [*self.awaiting_hands],
            "cards_each": self._cards_each,
            "stock_remaining": self._cards.stock_count,
            "reshufflable": self._cards.reshufflable_count,
            "burnt_cards": _texts(self._cards.cards_at(CardPlace.BURNT)),
            "centre_card": card_text(self._centre),
            "deals_by_dealer": self._deals_by_dealer,
            "last_outcome": None if self._last_outcome is None else self._last_outcome.snapshot(),
            "event_count": self._event_count,
            "movement_count": len(self._ledger),
            "deck_pass": self.deck_pass,
            "exposed_cards": _texts(self._cards.cards_at(CardPlace.EXPOSED)),
            "last_turned_card": card_text(self._last_turned),
            "turns_played": self._turns_played,
        }

    def tablet_view(self) -> TabletView:
        """What the dealer's tablet renders from, in the shape every game shares (see
        :mod:`casino.games.reddog.tablet`)."""
        return build_tablet_view(self)

    def cards_shown(self, event: contract.Event) -> tuple[CardShown, ...]:
        """The cards ``event`` records and where they went: ``seat:N`` for a hand dealt,
        ``burn``, ``turned``, ``centre`` for a card drawn, ``exposed`` for a card exposed."""
        if isinstance(event, HandDealt):
            return tuple(CardShown(card, f"seat:{event.seat}") for card in event.cards)
        if isinstance(event, CardExposed):
            return (CardShown(event.card, "exposed"),)
        if isinstance(event, BurnShown | CardTurned | CentreCardTurned):
            return (CardShown(event.card, _DRAWN_TO[type(event)]),)
        return ()

    # -- the settlement ----------------------------------------------------------------------

    def result(self) -> GameResult:
        """The settlement of a finished game, from the ledger's running totals.

        One ``pot`` stake per seat and reason of the chips a player put in (antes, refills,
        fees, lost bets, commissions, pots put up), one ``award`` line per seat and reason of
        the chips a player took out (won bets, pots kept, shares), in seat and reason order;
        what of a line was taken at a player's turn is its ``paid_in_play``, so that only what
        the end of the game hands over is due at the settlement. ``rake`` is what the house
        took (fees, commissions); the odd chips of a share are carried to the table's next
        game (``carried_out``, and ``carried_in`` from the last one), or, in a game opened
        before chips were carried, kept by the house float as its rake. ``detail`` is
        :meth:`settlement_detail`.

        :raises GameError: ``round_not_complete`` (``data["phase"]``) before the game is over.
        """
        if not self.complete:
            raise self._not_complete()
        stakes = [
            Stake(seat_position(seat), "pot", amount)
            for (seat, _reason), amount in _by_seat_and_reason(self._ledger.paid_in)
        ]
        lines = [
            ResultLine(
                position=seat_position(seat),
                line=reason.value,
                outcome="award",
                stake=ZERO,
                computed=amount,
                paid=amount,
                pot=0,
                label=AWARD_LABELS.get(reason, reason.value),
                paid_in_play=amount - self._final_paid.get((seat, reason), ZERO),
            )
            for (seat, reason), amount in _by_seat_and_reason(self._ledger.paid_out)
        ]
        # A game opened before chips were carried: its house float was all the house's rake.
        carried = self.carried
        return contract.game_result(
            stakes=stakes,
            lines=lines,
            pot_game=True,
            rake=self.house_float if carried is None else self.house_take,
            detail=self.settlement_detail(),
            carried_in=self.carried_in or ZERO,
            carried_out=carried or ZERO,
        )

    @property
    def house_take(self) -> Decimal:
        """What the house has taken so far: the hand fees and the commissions on wins."""
        return sum(
            (
                amount
                for (_seat, reason), amount in self._ledger.paid_in.items()
                if reason in _HOUSE_REASONS
            ),
            ZERO,
        )

    @property
    def carried(self) -> Decimal | None:
        """What the house float holds for the table's next game (the odd chips of the shares,
        or the chips carried in while no hand took them), ``None`` in a game opened before
        chips were carried."""
        if self.carried_in is None:
            return None
        return self.house_float - self.house_take

    def settlement_detail(self) -> JsonObject:
        """The engine's own settlement as JSON, from running totals (a restored state has no
        list of movements): per seat what was brought, the stack now, and the chips put in and
        taken out by reason; the house float; the counts of movements, turns and hands."""
        seats: JsonObject = {}
        for seat in self._seats:
            seats[str(seat)] = {
                "brought": str(self.brought_by(seat)),
                "stack": str(self.stack(seat)),
                "paid_in": _reasons_json(self._ledger.paid_in, seat),
                "paid_out": _reasons_json(self._ledger.paid_out, seat),
            }
        detail: JsonObject = {
            "seats": seats,
            "house_float": str(self.house_float),
            "pot": str(self.pot),
            "movement_count": len(self._ledger),
            "turns_played": self._turns_played,
            "hands_played": self._hand_number,
        }
        carried = self.carried
        if carried is not None:
            assert self.carried_in is not None
            detail["carried_in"] = str(self.carried_in)
            detail["carried_out"] = str(carried)
            detail["rake"] = str(self.house_take)
        return detail

    # -- snapshot and restore ----------------------------------------------------------------

    def snapshot(self) -> JsonObject:
        """JSON from which :meth:`restore` rebuilds this state exactly (same view, tablet view,
        legal actions, result and next snapshot).

        It holds no history: the ledger's balances and per-seat totals, counters, the hand in
        play (its players, turn, cards and the outcomes of its turns), the last outcome.
        """
        return {**self._snapshot_head(), **write_fields(self)}

    @classmethod
    def restore(
        cls,
        rules: RedDogRules,
        snapshot: JsonObject,
        *,
        seating: SeatingLimits | None = None,
        carried_in: Decimal | None = None,
    ) -> RedDogState:
        """The state :meth:`snapshot` describes, under ``rules`` (the game's rule set) and the
        round's other terms (see the constructor), with no events, movements or outcomes of
        its own yet; numbering continues where it left off.

        :raises GameError: ``snapshot_invalid`` (``data["field"]``) for JSON that is not a Red
            Dog snapshot, or one that contradicts itself.
        """
        reader = SnapshotReader(snapshot)
        state = cls(rules, seating=seating, carried_in=carried_in)
        state._restore_head(reader)
        read_into(state, reader)
        state._check_restored()
        return state

    def _check_restored(self) -> None:
        """Refuse a snapshot whose parts contradict each other, before anything reads them."""
        seats = set(self._seats)
        if not seats <= set(range(1, TABLE_SEATS + 1)):
            raise invalid("seats", "a seat outside the table")
        for name, group in (
            ("players", self._players),
            ("last_players", self._last_players),
            ("bettors", self._bettors),
            ("sat_out", self._sat_out),
            ("to_deal", self._to_deal),
        ):
            if not set(group) <= seats:
                raise invalid(name, "a seat nobody sits in")
        if self._phase is not Phase.SEATING and (not seats or self._next_dealer_from is None):
            raise invalid("seats", "a game past seating has players and a next dealer")
        in_hand = self._phase in DECK_PHASES or self._phase is Phase.FUNDING
        if in_hand and (self._dealer not in seats or self._cards_each is None):
            raise invalid("dealer", "a hand in play has a dealer and a number of cards each")
        if not {*self._to_deal, *self._cards.held_seats} <= set(self._bettors):
            raise invalid("cards.held", "cards for a seat that does not bet in this hand")
        if self._cards_each is not None and self._cards_each not in CARD_COUNTS:
            raise invalid("cards_each", f"must be one of {CARD_COUNTS}")
        betting = self._phase in (Phase.BETTING, Phase.BURN, Phase.TURN)
        if betting and not 0 <= self._turn_index < len(self._bettors):
            raise invalid("turn_index", "no seat to act")
        if betting and not self._cards.holds(self._bettors[self._turn_index]):
            raise invalid("cards.held", "the seat to act holds no hand")
        if (self._bet is not None) != (self._phase in (Phase.BURN, Phase.TURN)):
            raise invalid("bet", "a bet waits exactly in the burn and turn phases")
        if self._phase is Phase.DEALING and not self._to_deal:
            raise invalid("to_deal", "dealing waits for a hand")
        if self._ledger.opening_total() != self._ledger.opening(HOUSE_FLOAT) + sum(
            (self._ledger.opening(player_account(s)) for s in self._seats), ZERO
        ):
            raise invalid("ledger.openings", "an opening for a seat nobody sits in")
        if self._ledger.opening(HOUSE_FLOAT) != (self.carried_in or ZERO):
            raise invalid("ledger.openings", "the house float opens with the chips carried in")

    def _can_expose_some_card(self) -> bool:
        if self._phase not in DECK_PHASES or not self._cards.stock_count:
            return False
        if self._phase is Phase.DEALING:
            assert self._cards_each is not None
            return self._cards.stock_count - 1 >= self._cards_each * len(self._to_deal)
        return True

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
        self._cards.set_aside_hand(seat)
        self._bet = None
        self._turn_index += 1
        refilled = not self.rules.is_dealer_funded and self._refill_follows() and self._refill()
        outcome = TurnOutcome(
            self._hand_number,
            seat,
            bet,
            card,
            winner is not None,
            shown,
            commission,
            pot_after=self.pot,
            refilled=refilled,
        )
        self._outcomes.append(outcome)
        self._hand_outcomes.append(outcome)
        self._last_outcome = outcome
        self._turns_played += 1
        self._next_turn()

    def _turns_remain(self) -> bool:
        return any(s not in self._sat_out for s in self._bettors[self._turn_index :])

    def _refill_follows(self) -> bool:
        """Whether a short pot is refilled after the turn just settled (standard variant).

        Always when another player of the hand may still bet. After the hand's last turn only
        with ``refill_timing`` ``every_turn`` (the default) and a pot that carries to the next
        hand: with ``before_bet`` the next hand's antes serve as the refill, and a pot shared at
        the end of each hand would only give the refill straight back.
        """
        if self._turns_remain():
            return True
        return (
            self.rules.refill_timing is RefillTiming.EVERY_TURN
            and self.rules.end_of_hand is EndOfHand.CARRY
        )

    def _refill(self) -> bool:
        """Everyone in the hand antes again at once when the pot is short; whether anyone did.

        A player who cannot cover this ante sits out the rest of the hand.
        """
        ante = self.rules.ante
        short = self.pot < ante if self.rules.refill is Refill.BELOW_ANTE else self.pot == ZERO
        if not short:
            return False
        refilled = False
        for seat in self._bettors:
            if seat in self._sat_out:
                continue
            if self.stack(seat) >= ante:
                self._move(player_account(seat), POT, ante, MovementReason.REFILL_ANTE)
                refilled = True
            else:
                self._sat_out.add(seat)
        return refilled

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

    def _drawn(self, raw: CardInput) -> Card:
        """The card drawn from the stock, checked to be in it."""
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


def replay(
    rules: RedDogRules,
    events: Iterable[Event],
    *,
    seating: SeatingLimits | None = None,
    carried_in: Decimal | None = None,
) -> RedDogState:
    """Rebuild a game from its events; the movements and outcomes are recomputed.

    :raises GameError: if any event is not legal where it stands.
    """
    state = RedDogState(rules, seating=seating, carried_in=carried_in)
    return state.apply_all(events, event_from_dict)


def _final_paid_json(paid: Mapping[tuple[int, MovementReason], Decimal]) -> JsonValue:
    return {
        f"{seat}:{reason.value}": str(amount)
        for (seat, reason), amount in _by_seat_and_reason(paid)
    }


def _read_final_paid(reader: SnapshotReader, key: str) -> dict[tuple[int, MovementReason], Decimal]:
    """What the end of the game handed each seat, as a snapshot holds it.

    A snapshot written before it was kept holds none: readable while the game goes on, not
    once it is over (the state is then replayed from its events).
    """
    if not reader.has(key):
        if reader.text("phase") == Phase.GAME_OVER.value:
            raise invalid(key, "missing in a finished game")
        return {}
    amounts = reader.obj(key)
    raw = reader.raw(key)
    found: dict[tuple[int, MovementReason], Decimal] = {}
    for text in raw if isinstance(raw, dict) else ():
        seat, _, reason = text.partition(":")
        try:
            found[(int(seat), MovementReason(reason))] = amounts.amount(text)
        except ValueError:
            raise invalid(key, f"not a seat and reason: {text!r}") from None
    return found


def _range_dict(bounds: tuple[Decimal, Decimal] | None) -> JsonValue:
    if bounds is None:
        return None
    low, high = bounds
    return {"min": str(low), "max": str(high)}


def _texts(cards: Iterable[Card]) -> JsonValue:
    return [*card_texts(cards)]


def _by_seat_and_reason(
    totals: Mapping[tuple[int, MovementReason], Decimal],
) -> list[tuple[tuple[int, MovementReason], Decimal]]:
    """Totals in the order the settlement writes them: by seat, then by reason's name."""
    return sorted(totals.items(), key=lambda item: (item[0][0], item[0][1].value))


def _reasons_json(totals: Mapping[tuple[int, MovementReason], Decimal], seat: int) -> JsonValue:
    return {
        reason.value: str(amount)
        for (owner, reason), amount in _by_seat_and_reason(totals)
        if owner == seat
    }


def _non_negative(key: str, value: int) -> None:
    if value < 0:
        raise invalid(key, "must not be negative")


def _distinct(key: str, seats: tuple[int, ...]) -> None:
    if len(set(seats)) != len(seats):
        raise invalid(key, "a seat listed twice")


#: A snapshot's count, never negative, and list of seats, none twice.
COUNT: Final = Stored(check=_non_negative)
SEATS: Final = Stored(check=_distinct)
