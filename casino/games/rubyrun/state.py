"""The state of one Ruby Run hand, driven by the actions the dealer records.

Each action ``x`` comes as a triad, pokerkit style: ``verify_x(...)`` raises :class:`GameError`
with a specific code and changes nothing, ``can_x(...)`` answers the same question as a bool, and
``x(...)`` verifies, applies and returns the frozen event it applied. :meth:`RubyRunState.apply`
dispatches a stored event to its action, :func:`replay` rebuilds a hand from its events, and
:func:`settle_hand` returns the settlement of a finished hand: forced bets, call and all-in
amounts, side pots and awards are derived, never stored, so a replay recomputes them exactly.

A hand runs through these phases (the betting rounds in brackets only when agreed before the
deal, the reveal only under the face-down rule with a Slam of J, Q, K or A)::

    seating ─► forced_bets ─► hole_cards ─► betting ─► over_cards ─► [betting] ─► under_cards
        ─► slam ─► [reveal] ─► [betting] ─► complete

A betting round is skipped when fewer than two players can still bet, and the hand is complete
at once when everyone but one has folded: that player wins without showing. Otherwise the
showdown takes no input: it is settled as soon as the last card or the last betting round is in.
A card seen by accident (:meth:`RubyRunState.expose_card`) may be recorded in any phase but
``complete``; it is out of play for the rest of the hand.

The state implements :class:`casino.games.contract.GameState`: :meth:`RubyRunState.snapshot`
holds the running totals of the hand (stacks, bets, who acted at what level, the cards), never
the events, and :meth:`RubyRunState.restore` rebuilds from it a state that behaves exactly as
the one replayed from every event; :meth:`RubyRunState.result` is the settlement as data and
:meth:`RubyRunState.tablet_view` the dealer's tablet in the shape every game shares.

>>> from decimal import Decimal as D
>>> state = RubyRunState(RubyRunRules(), HandOptions())
>>> _ = state.seat_players({1: D(100), 2: D(100), 3: D(100)}, button=3)
>>> _ = state.post_forced_bets()
>>> state.bets, state.phase.value
({1: Decimal('1'), 2: Decimal('2'), 3: Decimal('0')}, 'hole_cards')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, Any, Final

from casino.games import contract
from casino.games.actions import game_action
from casino.games.cards import (
    Card,
    CardInput,
    CardsInput,
    Deck,
    card_text,
    card_texts,
    parse_card,
    parse_cards,
)
from casino.games.contract import (
    CardShown,
    GameResult,
    JsonFields,
    JsonObject,
    ResultLine,
    Stake,
    TabletView,
    game_result,
)
from casino.games.engine_state import EngineState
from casino.games.errors import GameError
from casino.games.money import ZERO, AmountInput, chip_amount, seat_amounts_text
from casino.games.rubyrun import codes
from casino.games.rubyrun.betting import BettingChoice, BettingRound, largest_target
from casino.games.rubyrun.events import (
    BetMade,
    Called,
    CardExposed,
    Checked,
    Event,
    Folded,
    ForcedBetsPosted,
    HoleCardsDealt,
    OverCardsDealt,
    PlayersSeated,
    RaisedTo,
    SlamDealt,
    UnderCardsDealt,
    UnderCardsRevealed,
    WentAllIn,
    event_from_dict,
)
from casino.games.rubyrun.phases import (
    HOLE_CARDS,
    OVER_CARDS,
    PHASE_ACTIONS,
    UNDER_CARDS,
    Action,
    Phase,
)
from casino.games.rubyrun.rules import (
    MOST_PLAYERS,
    Betting,
    HandOptions,
    RubyRunRules,
    UnderCards,
)
from casino.games.rubyrun.settlement import (
    HandResult,
    Pot,
    RakePolicy,
    build_pots,
    pot_label,
    settle,
    showdown,
)
from casino.games.rubyrun.tablet import build_tablet_view
from casino.games.rubyrun_hands import live_cards
from casino.games.seating import SeatingLimits, StacksInput, check_stack, check_turn, is_seat_number
from casino.games.snapshots import (
    SnapshotFields,
    SnapshotReader,
    Stored,
    invalid,
    read_into,
    write_fields,
)
from casino.games.tablet_parts import seat_position
from casino.games.words import Words

#: A Slam of this rank or higher (J, Q, K, A) makes the under cards live (RULES.md 2.2).
_FACE_SLAM_MIN_RANK: Final = 11

#: What a snapshot says it is, so that another game's snapshot is refused, not misread.
SNAPSHOT_GAME: Final = "ruby_run"


@dataclass(frozen=True, slots=True)
class BetRecord(JsonFields):
    """One movement of chips into the hand, derived from the events for the audit trail.

    ``action`` is ``ante``, ``small_blind`` or ``big_blind`` for a forced bet, otherwise the
    betting action. ``amount`` is the chips this action put in, ``total`` the seat's bet in the
    round afterwards (antes are not part of it), ``full_raise`` whether a bet or raise was a full
    one (which reopens the betting and counts toward the fixed-limit cap).
    """

    betting_round: BettingRound
    seat: int
    action: str
    amount: Decimal
    total: Decimal
    all_in: bool
    full_raise: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BetRecord:
        """Read :meth:`to_dict` back (from a record :func:`checked_record` let through)."""
        return cls(
            betting_round=BettingRound(data["betting_round"]),
            seat=data["seat"],
            action=data["action"],
            amount=Decimal(data["amount"]),
            total=Decimal(data["total"]),
            all_in=data["all_in"],
            full_raise=data["full_raise"],
        )


_RECORD_KEYS: Final = frozenset(
    ("betting_round", "seat", "action", "amount", "total", "all_in", "full_raise")
)
_ROUND_NAMES: Final = frozenset(betting_round.value for betting_round in BettingRound)
_RECORD_ACTIONS: Final = frozenset(
    ("ante", "small_blind", "big_blind", "fold", "check", "call", "bet", "raise_to", "all_in")
)


def checked_record(row: contract.JsonValue, field: str) -> dict[str, Any]:
    """A stored :meth:`BetRecord.to_dict` as a fresh dict, checked; kept in that form by a
    restored state, so that a long hand's records cost a restore one quick check each.

    :raises GameError: ``snapshot_invalid`` (``field``).
    """
    if not isinstance(row, dict) or row.keys() != _RECORD_KEYS:
        raise invalid(field, "expected a bet record")
    seat, amount, total = row["seat"], row["amount"], row["total"]
    if (
        row["betting_round"] not in _ROUND_NAMES
        or row["action"] not in _RECORD_ACTIONS
        or type(seat) is not int
        or not (_is_amount(amount) and _is_amount(total))
        or type(row["all_in"]) is not bool
        or type(row["full_raise"]) is not bool
    ):
        raise invalid(field, f"not a bet record: {row!r}")
    return dict(row)


def _is_amount(text: contract.JsonValue) -> bool:
    if not isinstance(text, str):
        return False
    try:
        return Decimal(text).is_finite()
    except ArithmeticError:
        return False


@dataclass(frozen=True, slots=True)
class _SeatSnapshot(SnapshotFields):
    """What a snapshot holds of one seat of the hand."""

    seat: int
    brought: Decimal
    stack: Decimal
    contributed: Decimal
    bet: Decimal
    acted: Decimal | None
    folded: bool
    all_in: bool
    hole: tuple[Card, ...] | None


class RubyRunState(EngineState[Phase, Event]):
    """One hand at one Ruby Run table, from seating to the settlement.

    ``options`` are the hand's announced options; where they set nothing the table's rules
    decide. Amounts may be given as ``Decimal``, ``int`` or numeric ``str`` (never ``float``);
    cards in any spelling :func:`~casino.games.cards.parse_card` accepts, several cards also as
    one string. A refused action raises :class:`GameError` and leaves the state exactly as it
    was.

    Build a fresh hand with the constructor, or rebuild one from a :meth:`snapshot` with
    :meth:`restore`; :attr:`events` are the events applied to this object since, and
    :attr:`event_count` counts every event of the hand.
    """

    game_title = "Ruby Run"
    snapshot_game = SNAPSHOT_GAME
    phase_type = Phase
    final_phase = Phase.COMPLETE
    round_name = "hand"
    phase_actions = PHASE_ACTIONS

    # What a snapshot holds after the phase, the event count, the button and the seats, in
    # this order (casino.games.snapshots): the betting, the board, and every chip put in.
    _round: Annotated[BettingRound | None, Stored(key="betting_round")] = None
    _rounds_played: list[BettingRound]
    _level: Decimal = ZERO  # what every seat must match in this round
    _min_raise: Decimal = ZERO  # the last full bet or raise of this round
    _raises: int = 0
    _capped: bool = False
    _to_act: int | None = None
    _over: tuple[Card, ...] | None = None
    _under: tuple[Card, ...] | None = None
    _under_dealt: bool = False
    _slam: Card | None = None
    _exposed: list[Card]
    # The view's form of each BetRecord: what view() and snapshot() hand out, so that a
    # restored state keeps the stored records as they are, without rebuilding each.
    _history: Annotated[list[dict[str, Any]], Stored(write=_history_json, read=_read_history)]

    def __init__(
        self,
        rules: RubyRunRules,
        options: HandOptions | None = None,
        seating: SeatingLimits | None = None,
    ) -> None:
        self.rules = rules
        # The table's seats and the chips a player may bring (the game's 15 seats, no limits,
        # when not given).
        self.seating = seating or SeatingLimits(seats=MOST_PLAYERS)
        self.options = (options or HandOptions()).resolve(rules)
        self._ace_low = bool(self.options.ace_low_runs)
        self._rake = RakePolicy.from_rules(rules)
        super().__init__(Phase.SEATING)
        self._history = []
        self._seats: tuple[int, ...] = ()
        self._order: tuple[int, ...] = ()  # clockwise from the button's left, the button last
        self._button = 0
        self._small_blind: int | None = None
        self._big_blind: int | None = None
        self._brought: dict[int, Decimal] = {}
        self._stacks: dict[int, Decimal] = {}
        self._contributions: dict[int, Decimal] = {}
        self._bets: dict[int, Decimal] = {}
        self._folded: set[int] = set()
        self._all_in: set[int] = set()
        # The level each seat last acted at in this round; None until it acts (posting a blind
        # is not acting). A seat may raise again only facing a full raise above that level.
        self._acted: dict[int, Decimal | None] = {}
        self._rounds_played = []
        self._deck = Deck()
        self._hole: dict[int, tuple[Card, ...]] = {}
        self._exposed = []
        self._result: HandResult | None = None

    # -- reading -------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose betting action is expected, ``None`` outside a betting round."""
        return self._to_act

    @property
    def history(self) -> tuple[BetRecord, ...]:
        """Every chip movement into the hand so far, forced bets first."""
        return tuple(BetRecord.from_dict(record) for record in self._history)

    @property
    def seats(self) -> tuple[int, ...]:
        return self._seats

    @property
    def clockwise_order(self) -> tuple[int, ...]:
        """The seats clockwise from the button's left, the button last: the order of play after
        the first round and of a split's odd chips."""
        return self._order

    @property
    def button(self) -> int | None:
        return self._button or None

    @property
    def small_blind_seat(self) -> int | None:
        return self._small_blind

    @property
    def big_blind_seat(self) -> int | None:
        return self._big_blind

    @property
    def betting_round(self) -> BettingRound | None:
        """The betting round in progress, if any."""
        return self._round

    @property
    def brought(self) -> dict[int, Decimal]:
        """The chips each seat brought to this hand."""
        return dict(self._brought)

    @property
    def stacks(self) -> dict[int, Decimal]:
        """The chips each seat still has behind (not yet put into the hand)."""
        return dict(self._stacks)

    @property
    def contributions(self) -> dict[int, Decimal]:
        """Everything each seat has put into the hand: antes, blinds and bets."""
        return dict(self._contributions)

    @property
    def bets(self) -> dict[int, Decimal]:
        """Each seat's bet in the current betting round (blinds count, antes do not)."""
        return dict(self._bets)

    @property
    def folded(self) -> frozenset[int]:
        """The seats that gave up the hand."""
        return frozenset(self._folded)

    @property
    def all_in_seats(self) -> frozenset[int]:
        """The seats with no chips left behind."""
        return frozenset(self._all_in)

    @property
    def pot_total(self) -> Decimal:
        """Every chip put into the hand so far, this round's bets included."""
        return sum(self._contributions.values(), ZERO)

    @property
    def current_bet(self) -> Decimal:
        """What every seat must match in the current round (zero before anyone bets)."""
        return self._level

    @property
    def hand_result(self) -> HandResult | None:
        """The engine's own settlement, once the hand is complete (:meth:`result` is the same as
        the contract's data)."""
        return self._result

    @property
    def final_stacks(self) -> dict[int, Decimal] | None:
        """What each seat leaves the hand with, once it is complete."""
        if self._result is None:
            return None
        result = self._result
        return {
            seat: self._stacks[seat]
            + result.returned_uncalled.get(seat, ZERO)
            + result.winnings.get(seat, ZERO)
            for seat in self._seats
        }

    def hole_cards(self, seat: int) -> tuple[Card, ...] | None:
        return self._hole.get(seat)

    @property
    def seen_cards(self) -> frozenset[Card]:
        """Every card recorded so far, exposed ones included (face-down under cards are not,
        until revealed)."""
        return frozenset(self._deck)

    @property
    def exposed_cards(self) -> tuple[Card, ...]:
        """The cards exposed by accident, in the order they were recorded."""
        return tuple(self._exposed)

    @property
    def min_raise(self) -> Decimal:
        """The least a bet or raise must add in the current round to be a full one."""
        return self._min_raise

    @property
    def raises(self) -> int:
        """The raises of the current round that count toward the fixed-limit cap."""
        return self._raises

    @property
    def rounds_played(self) -> tuple[BettingRound, ...]:
        """The betting rounds opened so far, one that nobody could bet in included."""
        return tuple(self._rounds_played)

    @property
    def under_dealt(self) -> bool:
        """Whether the under cards are on the table (face up or face down)."""
        return self._under_dealt

    @property
    def over_cards(self) -> tuple[Card, ...] | None:
        return self._over

    @property
    def under_cards(self) -> tuple[Card, ...] | None:
        """The under cards once seen: dealt face up, or revealed after a J–A Slam."""
        return self._under

    @property
    def slam(self) -> Card | None:
        return self._slam

    @property
    def live_cards(self) -> tuple[Card, ...] | None:
        """The four live board cards once the Slam has decided them (and is revealed)."""
        if self._over is None or self._slam is None:
            return None
        if self._slam.rank >= _FACE_SLAM_MIN_RANK and self._under is None:
            return None
        return live_cards(self._over, self._under, self._slam)

    def pots(self) -> tuple[tuple[Pot, ...], dict[int, Decimal]]:
        """The pots from the chips of finished betting rounds, and any uncalled amount in them.

        This round's bets are not in a pot yet (see :attr:`bets`); once the hand is complete
        every chip is, and this equals the settlement's pots.
        """
        collected = {
            seat: paid - self._bets.get(seat, ZERO) for seat, paid in self._contributions.items()
        }
        return build_pots(collected, self._folded)

    # -- the actions: each a check (the public method), its apply, and its verify/can -----------

    # -- seat_players ----------------------------------------------------------------------------

    @game_action(Action.SEAT_PLAYERS, PlayersSeated)
    def seat_players(self, stacks: StacksInput, button: int) -> PlayersSeated:
        """Seat this hand's players with the chips they bring to it; ``button`` deals.

        Seats are numbered clockwise. With blinds, the small blind is on the button's left and
        the big blind on the small blind's; heads-up the button posts the small blind.

        :raises GameError: ``action_out_of_phase``, ``player_count_invalid``, ``seat_invalid``
            (a seat outside 1–15 or given twice, or the button not on a seated player),
            ``amount_invalid`` / ``amount_not_chip_multiple`` for a stack.
        """
        seated = self.seating.seated(self.rules, stacks, button, seats=MOST_PLAYERS)
        return PlayersSeated(stacks=seated, button=button)

    @seat_players.applies
    def _players_seated(self, event: PlayersSeated) -> None:
        self._seat(event.stacks, event.button)
        for seat, amount in event.stacks:
            self._stacks[seat] = amount
            self._contributions[seat] = ZERO
            self._bets[seat] = ZERO
            self._acted[seat] = None
        self._phase = Phase.FORCED_BETS

    verify_seat_players = seat_players.verify
    can_seat_players = seat_players.can

    def _seat(self, stacks: Iterable[tuple[int, Decimal]], button: int) -> None:
        """The seats, the order of play and the blinds' seats, from the seating alone (a
        :meth:`restore` derives them the same way)."""
        brought = dict(stacks)
        self._seats = tuple(sorted(brought))
        self._brought = brought
        self._button = button
        later = tuple(seat for seat in self._seats if seat > button)
        self._order = later + tuple(seat for seat in self._seats if seat <= button)
        if self.rules.big_blind > ZERO:
            heads_up = len(self._seats) == 2
            if self.rules.small_blind > ZERO:
                self._small_blind = button if heads_up else self._order[0]
                self._big_blind = self._order[0] if heads_up else self._order[1]
            else:
                self._big_blind = self._order[0]

    # -- post_forced_bets ------------------------------------------------------------------------

    @game_action(Action.POST_FORCED_BETS, ForcedBetsPosted)
    def post_forced_bets(self) -> ForcedBetsPosted:
        """Everyone antes, then the blinds go in; a stack too short posts all it has (all-in).

        Antes are dead money (they go to the pot, not toward a call); blinds are live bets of
        the first betting round.

        :raises GameError: ``action_out_of_phase``.
        """
        return ForcedBetsPosted()

    @post_forced_bets.applies
    def _forced_bets_posted(self, event: ForcedBetsPosted) -> None:
        first = BettingRound.AFTER_HOLE_CARDS
        if self.rules.ante > ZERO:
            for seat in self._order:
                self._put_in(seat, min(self.rules.ante, self._stacks[seat]), first, "ante")
        for blind_seat, blind, name in (
            (self._small_blind, self.rules.small_blind, "small_blind"),
            (self._big_blind, self.rules.big_blind, "big_blind"),
        ):
            if blind_seat is None or not self._stacks[blind_seat]:
                continue
            chips = min(blind, self._stacks[blind_seat])
            self._bets[blind_seat] += chips
            self._put_in(blind_seat, chips, first, name)
        self._phase = Phase.HOLE_CARDS

    verify_post_forced_bets = post_forced_bets.verify
    can_post_forced_bets = post_forced_bets.can

    # -- deal_hole_cards -------------------------------------------------------------------------

    @game_action(Action.DEAL_HOLE_CARDS, HoleCardsDealt)
    def deal_hole_cards(self, seat: int, cards: CardsInput) -> HoleCardsDealt:
        """Record the three cards dealt face down to ``seat``, in any order of seats; the first
        betting round starts once every seat has its cards.

        :raises GameError: ``action_out_of_phase``, ``position_not_in_play``,
            ``hole_cards_already_dealt``, ``card_unknown``, ``wrong_card_count``,
            ``card_duplicate``.
        """
        self._check_seat(seat)
        if seat in self._hole:
            raise GameError(
                codes.HOLE_CARDS_ALREADY_DEALT,
                f"Seat {seat}'s hole cards are already recorded",
                seat=seat,
            )
        return HoleCardsDealt(seat=seat, cards=self._check_cards(cards, HOLE_CARDS))

    @deal_hole_cards.applies
    def _hole_cards_dealt(self, event: HoleCardsDealt) -> None:
        self._deck.see(*event.cards)
        self._hole[event.seat] = event.cards
        if len(self._hole) == len(self._seats):
            self._start_round(BettingRound.AFTER_HOLE_CARDS)

    verify_deal_hole_cards = deal_hole_cards.verify
    can_deal_hole_cards = deal_hole_cards.can

    # -- betting ---------------------------------------------------------------------------------

    @game_action(Action.FOLD, Folded)
    def fold(self, seat: int) -> Folded:
        """``seat`` gives up; its chips stay in the pots. Allowed even with nothing to call.

        :raises GameError: ``action_out_of_phase``, ``position_not_in_play``, ``out_of_turn``.
        """
        self._check_turn(seat)
        return Folded(seat=seat)

    @fold.applies
    def _seat_folded(self, event: Folded) -> None:
        self._folded.add(event.seat)
        self._history.append(self._record_of(event.seat, "fold", ZERO).to_dict())
        self._after_action(event.seat)

    verify_fold = fold.verify
    can_fold = fold.can

    @game_action(Action.CHECK, Checked)
    def check(self, seat: int) -> Checked:
        """``seat`` passes with nothing to call (the big blind's option included).

        :raises GameError: ``action_out_of_phase``, ``position_not_in_play``, ``out_of_turn``,
            ``check_facing_bet``.
        """
        self._check_turn(seat)
        to_call = self._to_call(seat)
        if to_call > ZERO:
            raise GameError(
                codes.CHECK_FACING_BET,
                f"Seat {seat} faces a bet of {to_call} to call",
                seat=seat,
                to_call=str(to_call),
            )
        return Checked(seat=seat)

    @check.applies
    def _checked(self, event: Checked) -> None:
        self._acted[event.seat] = self._level
        self._history.append(self._record_of(event.seat, "check", ZERO).to_dict())
        self._after_action(event.seat)

    verify_check = check.verify
    can_check = check.can

    @game_action(Action.CALL, Called)
    def call(self, seat: int) -> Called:
        """``seat`` matches the current bet, or goes all-in for less when its stack is short.

        :raises GameError: ``action_out_of_phase``, ``position_not_in_play``, ``out_of_turn``,
            ``nothing_to_call``.
        """
        self._check_turn(seat)
        if self._to_call(seat) == ZERO:
            raise GameError(codes.NOTHING_TO_CALL, "There is no bet to call: check", seat=seat)
        return Called(seat=seat)

    @call.applies
    def _called(self, event: Called) -> None:
        seat = event.seat
        target = self._bets[seat] + min(self._to_call(seat), self._stacks[seat])
        self._bet_to(seat, target, "call")
        self._after_action(seat)

    verify_call = call.verify
    can_call = call.can

    @game_action(Action.BET, BetMade)
    def bet(self, seat: int, amount: AmountInput) -> BetMade:
        """``seat`` opens the betting of the round with ``amount``.

        Fixed limit: exactly the round's bet (small bet in the first round, big bet after); pot
        limit: from the minimum bet to the pot; no limit: from the minimum bet to the stack. The
        minimum bet is the big blind, or the ante at a table without blinds (fixed limit: the
        round's bet). Only :meth:`all_in` may bet less.

        :raises GameError: ``action_out_of_phase``, ``position_not_in_play``, ``out_of_turn``,
            ``amount_invalid``, ``amount_not_chip_multiple``, ``bet_facing_bet``,
            ``no_active_opponent``, ``bet_below_minimum``, ``bet_above_limit``,
            ``insufficient_stack``.
        """
        self._check_turn(seat)
        total = chip_amount(amount, self.rules.chip_unit, field="bet")
        if self._level > ZERO:
            raise GameError(
                codes.BET_FACING_BET,
                f"There is already a bet of {self._level}: raise instead",
                seat=seat,
                current_bet=str(self._level),
            )
        self._check_opponent(seat)
        self._check_size(seat, total, self._minimum_bet(), raising=False)
        return BetMade(seat=seat, amount=total)

    @bet.applies
    def _bet_made(self, event: BetMade) -> None:
        self._bet_to(event.seat, event.amount, "bet")
        self._after_action(event.seat)

    verify_bet = bet.verify
    can_bet = bet.can

    @game_action(Action.RAISE_TO, RaisedTo)
    def raise_to(self, seat: int, amount: AmountInput) -> RaisedTo:
        """``seat`` raises its bet for the round to ``amount`` (a total, not the increment).

        The increment must be at least the last full bet or raise of the round (fixed limit:
        exactly one bet). Pot limit allows up to the pot after the call; fixed limit allows
        ``max_raises`` raises per round. A player who already acted may raise again only facing
        a full raise (several all-ins for less may add up to one). Only :meth:`all_in` may raise
        by less than the minimum.

        :raises GameError: ``action_out_of_phase``, ``position_not_in_play``, ``out_of_turn``,
            ``amount_invalid``, ``amount_not_chip_multiple``, ``no_bet_to_raise``,
            ``no_active_opponent``, ``raise_not_reopened``, ``raise_cap_reached``,
            ``raise_below_minimum``, ``raise_above_limit``, ``insufficient_stack``.
        """
        self._check_turn(seat)
        total = chip_amount(amount, self.rules.chip_unit, field="raise")
        if self._level == ZERO:
            raise GameError(
                codes.NO_BET_TO_RAISE, "There is no bet to raise: bet instead", seat=seat
            )
        self._check_may_raise(seat)
        self._check_size(seat, total, self._level + self._min_raise, raising=True)
        return RaisedTo(seat=seat, amount=total)

    @raise_to.applies
    def _raised_to(self, event: RaisedTo) -> None:
        self._bet_to(event.seat, event.amount, "raise_to")
        self._after_action(event.seat)

    verify_raise_to = raise_to.verify
    can_raise_to = raise_to.can

    @game_action(Action.ALL_IN, WentAllIn)
    def all_in(self, seat: int) -> WentAllIn:
        """``seat`` puts in its whole stack: a call (for less, or exactly), a bet or a raise.

        An all-in may be below the minimum bet or raise; such an incomplete raise does not
        reopen the betting for players who already acted, nor count toward the cap. Where the
        stack is above the limit (fixed or pot limit) the player bets or raises instead.

        :raises GameError: ``action_out_of_phase``, ``position_not_in_play``, ``out_of_turn``; when
            the stack is more than the call: ``no_active_opponent``, ``raise_not_reopened``,
            ``raise_cap_reached``, ``bet_above_limit`` or ``raise_above_limit``.
        """
        self._check_turn(seat)
        target = self._bets[seat] + self._stacks[seat]
        if target > self._level:
            self._check_opponent(seat)
            if self._level > ZERO:
                self._check_may_raise(seat)
            maximum = self._limit(seat)
            if maximum is not None and target > maximum:
                code = codes.RAISE_ABOVE_LIMIT if self._level > ZERO else codes.BET_ABOVE_LIMIT
                raise GameError(
                    code,
                    f"All-in would be {target}, above the limit of {maximum}",
                    amount=str(target),
                    maximum=str(maximum),
                )
        return WentAllIn(seat=seat)

    @all_in.applies
    def _went_all_in(self, event: WentAllIn) -> None:
        seat = event.seat
        self._bet_to(seat, self._bets[seat] + self._stacks[seat], "all_in")
        self._after_action(seat)

    verify_all_in = all_in.verify
    can_all_in = all_in.can

    # -- the board -------------------------------------------------------------------------------

    @game_action(Action.DEAL_OVER_CARDS, OverCardsDealt)
    def deal_over_cards(self, cards: CardsInput) -> OverCardsDealt:
        """The three over cards, face up; a betting round follows if agreed before the deal.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``wrong_card_count``,
            ``card_duplicate``.
        """
        return OverCardsDealt(cards=self._check_cards(cards, OVER_CARDS))

    @deal_over_cards.applies
    def _over_cards_dealt(self, event: OverCardsDealt) -> None:
        self._deck.see(*event.cards)
        self._over = event.cards
        if self.options.betting_after_over_cards:
            self._start_round(BettingRound.AFTER_OVER_CARDS)
        else:
            self._phase = Phase.UNDER_CARDS

    verify_deal_over_cards = deal_over_cards.verify
    can_deal_over_cards = deal_over_cards.can

    @game_action(Action.DEAL_UNDER_CARDS, UnderCardsDealt)
    def deal_under_cards(self, cards: CardsInput | None) -> UnderCardsDealt:
        """The three under cards: face up with their cards, or, under the face-down rule, with
        ``None``: nobody sees them, and they are recorded only if a J–A Slam makes them live.

        :raises GameError: ``action_out_of_phase``, ``under_cards_required`` (face-up rule,
            no cards given), ``under_cards_face_down`` (face-down rule, cards given),
            ``card_unknown``, ``wrong_card_count``, ``card_duplicate``.
        """
        if self.rules.under_cards is UnderCards.FACE_DOWN:
            if cards is not None:
                raise GameError(
                    codes.UNDER_CARDS_FACE_DOWN,
                    "The under cards are dealt face down: record them only if the Slam shows them",
                )
            return UnderCardsDealt(cards=None)
        if cards is None:
            raise GameError(
                codes.UNDER_CARDS_REQUIRED, "The under cards are dealt face up: record them"
            )
        return UnderCardsDealt(cards=self._check_cards(cards, UNDER_CARDS))

    @deal_under_cards.applies
    def _under_cards_dealt(self, event: UnderCardsDealt) -> None:
        if event.cards is not None:
            self._deck.see(*event.cards)
            self._under = event.cards
        self._under_dealt = True
        self._phase = Phase.SLAM

    verify_deal_under_cards = deal_under_cards.verify
    can_deal_under_cards = deal_under_cards.can

    @game_action(Action.DEAL_SLAM, SlamDealt)
    def deal_slam(self, card: CardInput) -> SlamDealt:
        """The Slam decides the live cards and the dead ones are swept. Under the face-down rule
        a J–A Slam waits for :meth:`reveal_under_cards`; a 2–10 Slam mucks them unseen.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``card_duplicate``.
        """
        slam = parse_card(card)
        self._deck.verify_unseen((slam,))
        return SlamDealt(card=slam)

    @deal_slam.applies
    def _slam_dealt(self, event: SlamDealt) -> None:
        self._deck.see(event.card)
        self._slam = event.card
        face_down = self.rules.under_cards is UnderCards.FACE_DOWN
        if face_down and event.card.rank >= _FACE_SLAM_MIN_RANK:
            self._phase = Phase.REVEAL
        else:
            self._board_complete()

    verify_deal_slam = deal_slam.verify
    can_deal_slam = deal_slam.can

    @game_action(Action.REVEAL_UNDER_CARDS, UnderCardsRevealed)
    def reveal_under_cards(self, cards: CardsInput) -> UnderCardsRevealed:
        """Face-down rule, Slam J–A: the under cards are turned up; with the Slam they are live.

        :raises GameError: ``action_out_of_phase`` (only after a J–A Slam under the face-down
            rule), ``card_unknown``, ``wrong_card_count``, ``card_duplicate``.
        """
        return UnderCardsRevealed(cards=self._check_cards(cards, UNDER_CARDS))

    @reveal_under_cards.applies
    def _under_cards_revealed(self, event: UnderCardsRevealed) -> None:
        self._deck.see(*event.cards)
        self._under = event.cards
        self._board_complete()

    verify_reveal_under_cards = reveal_under_cards.verify
    can_reveal_under_cards = reveal_under_cards.can

    # -- expose_card -----------------------------------------------------------------------------

    @game_action(Action.EXPOSE_CARD, CardExposed)
    def expose_card(self, card: CardInput, reason: str = "") -> CardExposed:
        """Record a card seen by accident (a flashed card, a misdeal), with why: it is out of
        play for the rest of the hand, so recording it again is refused. Nothing else changes:
        the hand goes on where it stood.

        :raises GameError: ``action_out_of_phase`` (the hand is complete), ``card_unknown``,
            ``card_duplicate`` (a card already seen in this hand).
        """
        seen = parse_card(card)
        self._deck.verify_unseen((seen,))
        return CardExposed(card=seen, reason=reason)

    @expose_card.applies
    def _card_exposed(self, event: CardExposed) -> None:
        self._deck.see(event.card)
        self._exposed.append(event.card)

    verify_expose_card = expose_card.verify
    can_expose_card = expose_card.can

    # -- events ----------------------------------------------------------------------------------

    def cards_shown(self, event: contract.Event) -> tuple[CardShown, ...]:
        """The cards ``event`` records and where they went: ``seat:N`` for hole cards,
        ``over``, ``under`` (never for face-down under cards, which are not recorded), ``slam``,
        and ``exposed`` for a card seen by accident."""
        if isinstance(event, HoleCardsDealt):
            return tuple(CardShown(card, f"seat:{event.seat}") for card in event.cards)
        if isinstance(event, OverCardsDealt):
            return tuple(CardShown(card, "over") for card in event.cards)
        if isinstance(event, UnderCardsDealt | UnderCardsRevealed):
            return tuple(CardShown(card, "under") for card in event.cards or ())
        if isinstance(event, SlamDealt):
            return (CardShown(event.card, "slam"),)
        if isinstance(event, CardExposed):
            return (CardShown(event.card, "exposed"),)
        return ()

    # -- what the tablet shows -------------------------------------------------------------------

    def legal_actions(self) -> list[dict[str, Any]]:
        """The inputs the table is waiting for now, JSON-safe, each with what it needs.

        In a betting round: the actions of the seat to act, with ``amount`` (call, all-in) or
        ``min``/``max`` totals for the round (bet, raise_to). Elsewhere: the one dealing action
        and how many cards it takes (``cards``; ``None`` for face-down under cards), or the seats
        still waiting for hole cards. Nothing once the hand is complete.
        """
        phase = self._phase
        if phase is Phase.BETTING:
            return [choice.to_dict() for choice in self.betting_choices()]
        if phase is Phase.HOLE_CARDS:
            waiting = [seat for seat in self._seats if seat not in self._hole]
            return [{"action": Action.DEAL_HOLE_CARDS.value, "cards": HOLE_CARDS, "seats": waiting}]
        if phase is Phase.UNDER_CARDS:
            face_down = self.rules.under_cards is UnderCards.FACE_DOWN
            cards = None if face_down else UNDER_CARDS
            return [{"action": Action.DEAL_UNDER_CARDS.value, "cards": cards}]
        counts = {
            Phase.SEATING: (Action.SEAT_PLAYERS, None),
            Phase.FORCED_BETS: (Action.POST_FORCED_BETS, None),
            Phase.OVER_CARDS: (Action.DEAL_OVER_CARDS, OVER_CARDS),
            Phase.SLAM: (Action.DEAL_SLAM, 1),
            Phase.REVEAL: (Action.REVEAL_UNDER_CARDS, UNDER_CARDS),
        }
        if phase not in counts:
            return []
        action, count = counts[phase]
        return [{"action": action.value, "cards": count}]

    def betting_choices(self) -> tuple[BettingChoice, ...]:
        """The betting actions open to the seat to act, in the order of :class:`Action`
        (fold, check or call, bet or raise, all-in); none outside a betting round.

        A bet or raise is listed when some amount makes it legal: the least full one (its
        ``minimum``) is then legal, and so is every chip multiple up to ``maximum``.
        """
        seat = self._to_act
        if self._phase is not Phase.BETTING or seat is None:
            return ()
        own, stack = self._bets[seat], self._stacks[seat]
        to_call = self._to_call(seat)
        listed = [BettingChoice(Action.FOLD, seat)]
        if to_call == ZERO:
            listed.append(BettingChoice(Action.CHECK, seat))
        else:
            chips = min(to_call, stack)
            listed.append(BettingChoice(Action.CALL, seat, amount=chips, all_in=chips == stack))
        limit = self._limit(seat)
        most = own + stack if limit is None else min(limit, own + stack)
        if self._level == ZERO:
            least = self._minimum_bet()
            if self.can_bet(seat, least):
                listed.append(BettingChoice(Action.BET, seat, minimum=least, maximum=most))
        else:
            least = self._level + self._min_raise
            if self.can_raise_to(seat, least):
                listed.append(BettingChoice(Action.RAISE_TO, seat, minimum=least, maximum=most))
        if self.can_all_in(seat):
            listed.append(BettingChoice(Action.ALL_IN, seat, amount=stack, total=own + stack))
        return tuple(listed)

    def view(self, *, include_hole_cards: bool = False) -> dict[str, Any]:
        """Everything the dealer's tablet renders from, JSON-safe (amounts as strings).

        Keys: ``phase``, ``betting_round``, ``rounds_played`` (the betting rounds opened so far,
        one that nobody could bet in included), ``to_act``, ``actions`` (see
        :meth:`legal_actions`), ``next_input`` (the first action's name, ``None`` when
        complete), ``betting`` (structure), ``options`` (in force for this hand), ``button``,
        ``small_blind_seat``, ``big_blind_seat``, ``current_bet``, ``min_raise``, ``raises``,
        ``seats`` (per seat: ``seat``, ``stack``, ``bet``, ``contributed``, ``folded``,
        ``all_in``, ``hole_cards_dealt``, ``hole_cards``), ``stacks``, ``bets``, ``pots`` (main
        and side pots from finished rounds, with ``eligible`` seats), ``uncalled``,
        ``pot_total``, ``board`` (``over``, ``under``, ``under_face_down``, ``under_dealt``,
        ``slam``, ``live``, ``dead``, ``exposed``: the cards exposed by accident), ``history``
        (every chip put in, forced bets first: bounded by the one hand a round is),
        ``result`` and ``final_stacks`` (once complete), ``event_count`` (every event of the
        hand).

        Hole cards are shown for the seats still in at a showdown, or for every seat with
        ``include_hole_cards`` (an auditor's view); otherwise only whether they were dealt.
        """
        actions = self.legal_actions()
        pots, uncalled = self.pots()
        result = self._result
        shown = set(self._seats) - self._folded if result and result.showdown else set()
        final = self.final_stacks
        return {
            "phase": self._phase.value,
            "betting_round": None if self._round is None else self._round.value,
            "rounds_played": [played.value for played in self._rounds_played],
            "to_act": self._to_act,
            "actions": actions,
            "next_input": actions[0]["action"] if actions else None,
            "betting": self.rules.betting.value,
            "options": self.options.to_dict(),
            "button": self.button,
            "small_blind_seat": self._small_blind,
            "big_blind_seat": self._big_blind,
            "current_bet": str(self._level),
            "min_raise": str(self._min_raise),
            "raises": self._raises,
            "seats": [
                {
                    "seat": seat,
                    "stack": str(self._stacks[seat]),
                    "bet": str(self._bets[seat]),
                    "contributed": str(self._contributions[seat]),
                    "folded": seat in self._folded,
                    "all_in": seat in self._all_in,
                    "hole_cards_dealt": seat in self._hole,
                    "hole_cards": card_texts(self._hole[seat])
                    if seat in self._hole and (include_hole_cards or seat in shown)
                    else None,
                }
                for seat in self._seats
            ],
            "stacks": seat_amounts_text(self._stacks),
            "bets": seat_amounts_text(self._bets),
            "pots": [pot.to_dict() for pot in pots],
            "uncalled": seat_amounts_text(uncalled),
            "pot_total": str(self.pot_total),
            "board": self._board_view(),
            "history": [dict(record) for record in self._history],
            "result": None if result is None else result.to_dict(),
            "final_stacks": None if final is None else seat_amounts_text(final),
            "event_count": self.event_count,
        }

    def _board_view(self) -> dict[str, Any]:
        live = self.live_cards
        dead = None
        if self._slam is not None:
            dead = "over" if self._slam.rank >= _FACE_SLAM_MIN_RANK else "under"
        return {
            "over": None if self._over is None else card_texts(self._over),
            "under": None if self._under is None else card_texts(self._under),
            "under_face_down": self.rules.under_cards is UnderCards.FACE_DOWN,
            "under_dealt": self._under_dealt,
            "slam": card_text(self._slam),
            "live": None if live is None else card_texts(live),
            "dead": dead,
            "exposed": card_texts(self._exposed),
        }

    def tablet_view(self) -> TabletView:
        """The dealer's tablet, in the shape every game shares (see
        :func:`casino.games.rubyrun.tablet.build_tablet_view`)."""
        return build_tablet_view(self)

    # -- the contract: result, snapshot, restore -------------------------------------------------

    def result(self) -> GameResult:
        """The settlement as the settlement service writes it: each seat's contribution is a
        ``pot`` stake; each share of a pot is a ``pot`` line (``award``, its pot's index, the
        seat's hand in full as the combination), each uncalled bet handed back an ``uncalled``
        line (``push``); ``detail`` is :meth:`HandResult.to_dict`, with the grades.

        :raises GameError: ``round_not_complete`` (``data["phase"]``) before the hand is over.
        """
        result = self._result
        if result is None:
            raise self._not_complete()
        stakes = [
            Stake(seat_position(seat), "pot", amount)
            for seat, amount in sorted(result.contributions.items())
            if amount
        ]
        lines = [
            ResultLine(
                seat_position(seat),
                "pot",
                "award",
                stake=ZERO,
                computed=share,
                paid=share,
                combination=award.hands.get(seat, ""),
                pot=award.pot,
                label=pot_label(award.pot),
            )
            for award in result.awards
            for seat, share in sorted(award.shares.items())
            if share
        ]
        lines += [
            ResultLine(
                seat_position(seat),
                "uncalled",
                "push",
                stake=amount,
                computed=amount,
                paid=amount,
                label=Words("Uncalled bet returned"),
            )
            for seat, amount in sorted(result.returned_uncalled.items())
            if amount
        ]
        return game_result(
            stakes=stakes, lines=lines, pot_game=True, rake=result.rake, detail=result.to_dict()
        )

    def snapshot(self) -> JsonObject:
        """The hand as it stands, as JSON from which :meth:`restore` rebuilds it exactly.

        It holds running totals, never the events: per seat what it brought, has behind, put
        in, bets this round, the level it last acted at, whether it folded or is all-in, and its
        hole cards; the round's level, full raise, raise count and cap; the board and the
        exposed cards; the event count; and :attr:`history`, every chip put in (bounded by the
        one hand a round is: the view lists it). The settlement is derived again on restore.
        """
        return {
            **self._snapshot_head(),
            "button": self.button,
            "seats": [
                _SeatSnapshot(
                    seat,
                    self._brought[seat],
                    self._stacks[seat],
                    self._contributions[seat],
                    self._bets[seat],
                    self._acted[seat],
                    seat in self._folded,
                    seat in self._all_in,
                    self._hole.get(seat),
                ).snapshot()
                for seat in self._seats
            ],
            **write_fields(self),
        }

    @classmethod
    def restore(
        cls,
        rules: RubyRunRules,
        options: HandOptions | None,
        snapshot: JsonObject,
        seating: SeatingLimits | None = None,
    ) -> RubyRunState:
        """The state a :meth:`snapshot` describes, under the hand's ``rules`` and ``options``;
        its :attr:`events` start empty and :attr:`event_count` goes on from the snapshot's.

        :raises GameError: ``snapshot_invalid`` (``data["field"]``) for JSON that is not a
            Ruby Run snapshot, or one that does not hold together (a seat to act that is not
            seated, a card seen twice, a settlement that cannot be derived).
        """
        reader = SnapshotReader(snapshot)
        state = cls(rules, options, seating)
        state._restore_head(reader)
        seats = reader.objects("seats")
        if seats:
            state._restore_seats(seats, reader.integer("button"))
        elif reader.raw("button") is not None or state._phase is not Phase.SEATING:
            raise invalid("seats", "a hand past its seating has seats")
        read_into(state, reader)
        if state._to_act is not None and state._to_act not in state._stacks:
            raise invalid("to_act", f"seat {state._to_act} is not in the hand")
        if (state._phase is Phase.BETTING) != (state._round is not None):
            raise invalid("betting_round", "a betting round is open exactly in phase betting")
        seen: list[Card] = [card for cards in state._hole.values() for card in cards]
        seen += [*(state._over or ()), *(state._under or ()), *state._exposed]
        if state._slam is not None:
            seen.append(state._slam)
        try:
            state._deck.see(*seen)
        except GameError as err:
            raise invalid("cards", err.message) from None
        if state._phase is Phase.COMPLETE:
            state._result = state._restored_settlement()
        return state

    def _restored_settlement(self) -> HandResult:
        """:meth:`_settlement` of a restored complete hand, checked first for what it needs."""
        in_hand = [seat for seat in self._seats if seat not in self._folded]
        if not in_hand:
            raise invalid("seats", "a complete hand has a seat still in")
        if len(in_hand) > 1:
            if self.live_cards is None:
                raise invalid("slam", "a showdown needs the four live cards")
            if any(seat not in self._hole for seat in in_hand):
                raise invalid("seats", "a showdown needs the hole cards of every seat still in")
        try:
            return self._settlement()
        except GameError as err:
            raise invalid("seats", f"the settlement cannot be derived: {err.message}") from None

    def _restore_seats(self, seats: Iterable[SnapshotReader], button: int) -> None:
        brought: list[tuple[int, Decimal]] = []
        for seat_reader in seats:
            stored = _SeatSnapshot.restore(seat_reader)
            seat = stored.seat
            if not is_seat_number(seat, MOST_PLAYERS) or (brought and seat <= brought[-1][0]):
                raise invalid("seats", f"seats are distinct, in order, from 1 to 15: {seat!r}")
            brought.append((seat, stored.brought))
            self._stacks[seat] = stored.stack
            self._contributions[seat] = stored.contributed
            self._bets[seat] = stored.bet
            self._acted[seat] = stored.acted
            if stored.folded:
                self._folded.add(seat)
            if stored.all_in:
                self._all_in.add(seat)
            if stored.hole is not None:
                self._hole[seat] = stored.hole
        if button not in self._stacks:
            raise invalid("button", f"the button is not on a seat of the hand: {button!r}")
        if len(brought) < 2:
            raise invalid("seats", "a hand has two players or more")
        self._seat(brought, button)

    # -- the flow of a hand ----------------------------------------------------------------------

    def _start_round(self, betting_round: BettingRound) -> None:
        """Open a betting round; it ends at once if nobody needs to act."""
        self._phase = Phase.BETTING
        self._round = betting_round
        self._raises = 0
        self._capped = False
        # Until someone bets, a full bet or raise is at least the minimum bet.
        self._min_raise = self._minimum_bet()
        first_after = self._button
        if betting_round is BettingRound.AFTER_HOLE_CARDS and self._big_blind is not None:
            # Everyone must match the full big blind, even one posted short all-in.
            self._level = max(self.rules.big_blind, *self._bets.values())
            first_after = self._big_blind
        else:
            self._level = ZERO
        self._to_act = self._next_to_act(first_after)
        if self._to_act is None:
            self._end_round()

    def _after_action(self, seat: int) -> None:
        if len(self._seats) - len(self._folded) == 1:
            self._finish()
            return
        self._to_act = self._next_to_act(seat)
        if self._to_act is None:
            self._end_round()

    def _end_round(self) -> None:
        finished = self._round
        assert finished is not None
        self._rounds_played.append(finished)
        self._round = None
        self._to_act = None
        self._level = ZERO
        self._min_raise = ZERO
        self._raises = 0
        for seat in self._seats:
            self._bets[seat] = ZERO
            self._acted[seat] = None
        if finished is BettingRound.AFTER_HOLE_CARDS:
            self._phase = Phase.OVER_CARDS
        elif finished is BettingRound.AFTER_OVER_CARDS:
            self._phase = Phase.UNDER_CARDS
        else:
            self._finish()

    def _board_complete(self) -> None:
        if self.options.betting_after_slam:
            self._start_round(BettingRound.AFTER_SLAM)
        else:
            self._finish()

    def _finish(self) -> None:
        """Settle the hand: a showdown among the seats still in, or the last one takes all."""
        self._result = self._settlement()
        if self._round is not None:  # everyone else folded mid-round: the bets join the pots
            self._rounds_played.append(self._round)
        self._round = None
        self._to_act = None
        self._level = ZERO
        self._min_raise = ZERO
        for seat in self._seats:
            self._bets[seat] = ZERO
        self._phase = Phase.COMPLETE

    def _settlement(self) -> HandResult:
        """The settlement of the hand as it stands: a pure function of what each seat put in,
        who folded, the hole cards and the live cards, so a :meth:`restore` recomputes it."""
        if len(self._seats) - len(self._folded) > 1:
            live = self.live_cards
            assert live is not None
            return showdown(
                self._hole,
                live,
                self._contributions,
                self._folded,
                order=self._order,
                rake=self._rake,
                ace_low=self._ace_low,
            )
        return settle(self._contributions, self._folded, None, order=self._order, rake=self._rake)

    def _next_to_act(self, after: int) -> int | None:
        """The first seat clockwise after ``after`` (``after`` itself last) that must act."""
        start = self._order.index(after) + 1 if after in self._order else 0
        count = len(self._order)
        for step in range(count):
            seat = self._order[(start + step) % count]
            if self._needs_action(seat):
                return seat
        return None

    def _needs_action(self, seat: int) -> bool:
        """Whether ``seat`` still has to act in this round.

        A seat that can bet must act if it has not acted yet or has a bet to call. When it is
        the only one left who can bet, it acts only to call (or fold to) a larger bet: there is
        nobody to bet against.
        """
        if seat in self._folded or seat in self._all_in:
            return False
        if not self._has_active_opponent(seat):
            others = [self._bets[s] for s in self._seats if s != seat and s not in self._folded]
            return self._bets[seat] < max(others, default=ZERO)
        return self._acted[seat] is None or self._bets[seat] < self._level

    def _has_active_opponent(self, seat: int) -> bool:
        return any(
            s != seat and s not in self._folded and s not in self._all_in for s in self._seats
        )

    def _bet_to(self, seat: int, target: Decimal, action: str) -> None:
        """Bring ``seat``'s bet for the round to ``target`` and update the betting level."""
        chips = target - self._bets[seat]
        full = False
        if target > self._level:
            increment = target - self._level
            full = increment >= self._min_raise
            if full:
                if self._level > ZERO:
                    self._count_raise()
                if self.rules.betting is not Betting.FIXED_LIMIT:
                    self._min_raise = increment
            self._level = target
        self._bets[seat] = target
        assert self._round is not None
        self._put_in(seat, chips, self._round, action, full_raise=full)
        self._acted[seat] = self._level

    def _count_raise(self) -> None:
        self._raises += 1
        if self._raises >= self.rules.max_raises and not self._heads_up_uncapped():
            self._capped = True

    def _put_in(
        self,
        seat: int,
        chips: Decimal,
        betting_round: BettingRound,
        action: str,
        *,
        full_raise: bool = False,
    ) -> None:
        self._stacks[seat] -= chips
        self._contributions[seat] += chips
        if self._stacks[seat] == ZERO:
            self._all_in.add(seat)
        self._history.append(
            BetRecord(
                betting_round,
                seat,
                action,
                chips,
                self._bets[seat],
                seat in self._all_in,
                full_raise,
            ).to_dict()
        )

    def _record_of(self, seat: int, action: str, chips: Decimal) -> BetRecord:
        assert self._round is not None
        return BetRecord(self._round, seat, action, chips, self._bets[seat], seat in self._all_in)

    # -- betting arithmetic ----------------------------------------------------------------------

    def _bet_size(self) -> Decimal:
        """Fixed limit's bet: the small bet in the first round, the big bet after."""
        if self._round is BettingRound.AFTER_HOLE_CARDS:
            return self.rules.small_bet
        return self.rules.big_bet

    def _minimum_bet(self) -> Decimal:
        if self.rules.betting is Betting.FIXED_LIMIT:
            return self._bet_size()
        return self.rules.big_blind if self.rules.big_blind > ZERO else self.rules.ante

    def _to_call(self, seat: int) -> Decimal:
        return max(self._level - self._bets[seat], ZERO)

    def _limit(self, seat: int) -> Decimal | None:
        """The largest total for the round ``seat`` may bet or raise to, before its stack."""
        return largest_target(
            self.rules.betting,
            level=self._level,
            bet_size=self._bet_size(),
            pot=self.pot_total,
            to_call=self._to_call(seat),
        )

    def _heads_up_uncapped(self) -> bool:
        return self.rules.uncapped_heads_up and len(self._seats) - len(self._folded) == 2

    def _check_opponent(self, seat: int) -> None:
        if not self._has_active_opponent(seat):
            raise GameError(
                codes.NO_ACTIVE_OPPONENT,
                "Every other player still in is all-in: call or fold only",
                seat=seat,
            )

    def _check_may_raise(self, seat: int) -> None:
        self._check_opponent(seat)
        acted = self._acted[seat]
        if acted is not None and self._level - acted < self._min_raise:
            raise GameError(
                codes.RAISE_NOT_REOPENED,
                f"Seat {seat} already acted and faces less than a full raise: call or fold",
                seat=seat,
                facing=str(self._level - acted),
                full_raise=str(self._min_raise),
            )
        if (
            self.rules.betting is Betting.FIXED_LIMIT
            and self._raises >= self.rules.max_raises
            and (self._capped or not self._heads_up_uncapped())
        ):
            raise GameError(
                codes.RAISE_CAP_REACHED,
                f"The betting is capped at {self.rules.max_raises} raises",
                max_raises=self.rules.max_raises,
            )

    def _check_size(self, seat: int, total: Decimal, minimum: Decimal, *, raising: bool) -> None:
        """Refuse a bet (or, ``raising``, a raise) of ``seat`` to ``total`` below ``minimum``,
        above the round's limit, or beyond the seat's stack.

        :raises GameError: ``bet_below_minimum`` / ``raise_below_minimum``
            (``data["minimum"]``), ``bet_above_limit`` / ``raise_above_limit``
            (``data["maximum"]``), ``insufficient_stack``.
        """
        what = "raise" if raising else "bet"
        to = " to" if raising else ""
        if total < minimum:
            raise GameError(
                codes.RAISE_BELOW_MINIMUM if raising else codes.BET_BELOW_MINIMUM,
                f"The {what} must be{to} at least {minimum}",
                amount=str(total),
                minimum=str(minimum),
            )
        maximum = self._limit(seat)
        if maximum is not None and total > maximum:
            raise GameError(
                codes.RAISE_ABOVE_LIMIT if raising else codes.BET_ABOVE_LIMIT,
                f"The {what} may be{to} at most {maximum}",
                amount=str(total),
                maximum=str(maximum),
            )
        check_stack(seat, total - self._bets[seat], self._stacks[seat])

    # -- helpers ---------------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if not is_seat_number(seat, MOST_PLAYERS) or seat not in self._stacks:
            raise GameError(
                codes.POSITION_NOT_IN_PLAY, f"Seat {seat!r} is not in this hand", seat=seat
            )

    def _check_turn(self, seat: int) -> None:
        """Refuse a betting action of ``seat`` unless it is in the hand and its turn (the
        phase is checked first, by the action)."""
        self._check_seat(seat)
        check_turn(seat, self._to_act)

    def _check_cards(self, raw: CardsInput, count: int) -> tuple[Card, ...]:
        cards = parse_cards(raw)
        if len(cards) != count:
            raise GameError(
                codes.WRONG_CARD_COUNT,
                f"Expected {count} cards, got {len(cards)}",
                expected=count,
                given=len(cards),
            )
        self._deck.verify_unseen(cards)
        return cards


def _history_json(history: list[dict[str, Any]]) -> contract.JsonValue:
    return [dict(record) for record in history]


def _read_history(reader: SnapshotReader, key: str) -> list[dict[str, Any]]:
    rows = reader.raw(key)
    if not isinstance(rows, list):
        raise invalid(key, "expected a list")
    return [checked_record(row, f"{key}[{index}]") for index, row in enumerate(rows)]


def replay(
    rules: RubyRunRules,
    options: HandOptions | None,
    events: Iterable[Event | Mapping[str, Any]],
) -> RubyRunState:
    """Rebuild a hand from its events (objects or their stored dicts); everything derived is
    recomputed.

    :raises GameError: ``event_invalid`` / ``event_kind_unknown`` for an unreadable stored
        event, or any action's code if an event is not legal where it stands.
    """
    return RubyRunState(rules, options).apply_all(events, event_from_dict)


def settle_hand(
    rules: RubyRunRules,
    options: HandOptions | None,
    events: Iterable[Event | Mapping[str, Any]],
) -> HandResult:
    """The settlement of a finished hand, recomputed from its events alone.

    :raises GameError: as :func:`replay`, or ``round_not_complete`` if the events stop before
        the hand ends.
    """
    state = replay(rules, options, events)
    if state.hand_result is None:
        raise state._not_complete()
    return state.hand_result
