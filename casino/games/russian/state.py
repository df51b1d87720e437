"""The state of one Russian Poker round, driven by the actions the dealer records.

Each action ``x`` comes as a triad, pokerkit style: ``verify_x(...)`` raises :class:`GameError`
with a specific code and changes nothing, ``can_x(...)`` answers the same question as a bool, and
``x(...)`` verifies, applies and returns the frozen event it applied. :meth:`apply` dispatches a
stored event to its action, :func:`replay` rebuilds a round from its events, and
:func:`settle_round` replays and returns the settlement. Outcomes, fees, the dealer's discard and
every payout are derived, never stored, so a replay recomputes them exactly.

The state is the game's :class:`~casino.games.contract.GameState`: :meth:`snapshot` is what it
holds (each box's wagers, cards and decisions, the dealer's cards, the cards exposed, the event
count), from which :meth:`RussianPokerState.restore` rebuilds a state that behaves exactly as the
one replayed from every event; :meth:`tablet_view` is the tablet's picture in the shape every
game shares, and :meth:`result` the settlement as data.

A round runs through these phases (RULES 1.3); the bracketed ones only when needed::

    betting ─► dealing ─► decisions ─► [dealer_reveal] ─► [dealer_no_game_choices]
            ─► [buy_replacement] ─► settlement ─► complete

* **betting**: ``place_wagers`` per box (Ante, optional bonus; a blind box places its Bet too),
  then ``close_bets`` ("no more bets").
* **dealing**: five cards per box and the dealer's face-up card (his fifth card, seed-RP), by
  ``deal_box`` (a whole hand) or ``deal_card`` (one card). The dealer's four face-down cards are
  recorded when they are turned, at the reveal. A blind box's cards may be recorded now or at any
  later point up to the settlement, since they are turned only then.
* **decisions**: the open box to act is the lowest-numbered one still deciding (blind boxes never
  decide). It declares its bonus first if it has one, may then exchange ``exchange_min``–5
  cards *or* buy a sixth card (both, where ``exchange_and_sixth_card_allowed``; the new cards
  are recorded in the same action), may insure trips or better, and ends its turn with ``fold``
  or ``bet``.
* **dealer_reveal**: ``reveal_dealer`` with the face-down cards (all four at once, or fewer at a
  time, or one by one with ``deal_card("dealer", ...)``). Skipped when no box is left in play.
* **dealer_no_game_choices**: the dealer has no game; each box still in play (open and blind),
  lowest first, records ``take_ante`` or ``buy_game``.
* **buy_replacement**: the dealer discards his highest card (derived) and ``draw_replacement``
  records the card drawn; under ``buy_redraw_same_rank`` a card of the discarded card's rank is
  replaced again, so further draws follow until a card of another rank comes.
* **settlement**: every decision is made; the round waits for blind boxes' cards still
  unrecorded. The settlement is derived as soon as the last input is recorded, and the round is
  **complete**: there is no separate "settle" action (the round's *status* becomes "settled"
  only once the settlement service has written the settlement).

``expose_card`` (a card seen by accident, out of play for the rest of the deck) is accepted in
every phase but ``complete``.

>>> from decimal import Decimal as D
>>> state = RussianPokerState(
...     RussianPokerRules(),
...     Paytables.standard(),
...     TableLimits(ante_min=D(10), ante_max=D(500), max_payout=D(5000), chip_unit=D(1)),
... )
>>> _ = state.place_wagers(1, "P1", 10)
>>> _ = state.close_bets()
>>> _ = state.deal_box(1, "8h 8s Kd 7c 3s")
>>> _ = state.deal_card("dealer", "2c")
>>> _ = state.bet(1)
>>> _ = state.reveal_dealer("Ac Kh 9d 6s")
>>> state.phase.value, state.settlement.box(1).returned
('complete', Decimal('50'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
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
    format_cards,
    parse_card,
    parse_cards,
)
from casino.games.contract import (
    CardShown,
    GameResult,
    JsonObject,
    ResultLine,
    Stake,
    TabletView,
    game_result,
)
from casino.games.engine_state import EngineState
from casino.games.errors import GameError
from casino.games.money import (
    ZERO,
    AmountInput,
    chip_amount,
    round_down_to_chip,
    to_decimal,
    verify_within_limits,
)
from casino.games.russian import codes
from casino.games.russian.events import (
    BOX_TARGET_PREFIX,
    DEALER_TARGET,
    AnteTaken,
    BetPlaced,
    BetsClosed,
    BonusDeclared,
    BoxDealt,
    BoxFolded,
    CardDealt,
    CardExposed,
    CardsExchanged,
    DealerRevealed,
    Event,
    GameBought,
    InsurancePlaced,
    ReplacementDrawn,
    SixthCardBought,
    WagersPlaced,
    box_target,
    event_from_dict,
)
from casino.games.russian.fields import REASON_MAX_LENGTH
from casino.games.russian.phases import (
    DEALER_FACE_DOWN,
    HAND_SIZE,
    NO_GAME_CHOICES,
    PHASE_ACTIONS,
    Action,
    Decision,
    NoGameChoice,
    Phase,
)
from casino.games.russian.rules import RussianPokerRules
from casino.games.russian.settlement import (
    FEE_LINES,
    LINE_LABELS,
    REASON_TEXTS,
    BoxPlay,
    DealerPlay,
    RoundSettlement,
    combination_name,
    settle,
)
from casino.games.russian.tablet import GAME_NAME, RussianPokerBox, build_tablet_view
from casino.games.russian.terms import Paytables, TableLimits
from casino.games.russian_hands import (
    Line,
    dealer_highest_card,
    dealer_qualifies,
    first_and_second,
)
from casino.games.snapshots import SnapshotFields, SnapshotReader, Stored, read_into, write_fields
from casino.games.snapshots import invalid as snapshot_invalid
from casino.games.tablet_parts import box_position

__all__ = [
    "GAME_NAME",
    "PHASE_ACTIONS",
    "Action",
    "Decision",
    "NoGameChoice",
    "Phase",
    "RussianPokerState",
    "replay",
    "settle_round",
]


#: Where :meth:`RussianPokerState.cards_shown` puts a card exposed by accident.
EXPOSED_POSITION: Final = "exposed"

#: The longest player label accepted (the tablet's name for who plays the box).
PLAYER_LABEL_MAX: Final = 64
#: Insurance needs three of a kind or better (RULES 1.9).
_INSURABLE_STRENGTH: Final = Line.TRIPS.strength


@dataclass
class _Box(SnapshotFields):
    number: Annotated[int, Stored(key="box")]
    player: str
    ante: Decimal
    bonus: Decimal | None
    blind: bool
    dealt: list[Card] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    discards: tuple[Card, ...] = ()
    exchanged: bool = False
    sixth_card: Card | None = None
    bonus_declared: bool = False
    insurance: Decimal | None = None
    decision: Decision | None = None
    choice: NoGameChoice | None = None

    @property
    def in_play(self) -> bool:
        """Still in the round against the dealer: blind, or an open box that did not fold."""
        return self.blind or self.decision is not Decision.FOLD

    @property
    def fees(self) -> Decimal:
        paid = (self.exchanged, self.sixth_card is not None, self.choice is NoGameChoice.BUY_GAME)
        return self.ante * sum(paid)

    def play(self) -> BoxPlay:
        return BoxPlay(
            box=self.number,
            player=self.player,
            blind=self.blind,
            ante=self.ante,
            bonus=self.bonus,
            dealt=tuple(self.dealt),
            cards=tuple(self.hand),
            exchanged=self.exchanged,
            sixth_card=self.sixth_card is not None,
            insurance=self.insurance,
            folded=self.decision is Decision.FOLD,
            bought_game=self.choice is NoGameChoice.BUY_GAME,
        )


class RussianPokerState(EngineState[Phase, Event]):
    """One round at one Russian Poker table, from the first wager to the settlement.

    Amounts may be given as ``Decimal``, ``int`` or numeric ``str`` (never ``float``); cards in
    any spelling :func:`~casino.games.cards.parse_card` accepts, several cards as a list or one
    space-separated string. A refused action raises :class:`GameError` and leaves the state
    exactly as it was.
    """

    game_title = "Russian Poker"
    snapshot_game = GAME_NAME
    phase_type = Phase
    final_phase = Phase.COMPLETE
    round_name = "round"
    phase_actions = PHASE_ACTIONS

    # What a snapshot holds after the phase, the event count and the boxes, in this order
    # (casino.games.snapshots): the dealer's cards and replacements, the cards exposed.
    _up_card: Card | None = None
    _face_down: list[Card]
    _draws: list[Card]
    _exposed: list[Card]

    def __init__(self, rules: RussianPokerRules, paytables: Paytables, limits: TableLimits) -> None:
        self.rules = rules
        self.paytables = paytables
        self.limits = limits
        super().__init__(Phase.BETTING)
        self._deck = Deck()
        self._boxes: dict[int, _Box] = {}
        self._face_down = []
        self._draws = []
        self._exposed = []
        self._settlement: RoundSettlement | None = None

    # -- reading -----------------------------------------------------------------------------

    @property
    def settlement(self) -> RoundSettlement | None:
        """The round's settlement once it is complete, else ``None``."""
        return self._settlement

    @property
    def exposed_cards(self) -> tuple[Card, ...]:
        """The cards exposed by accident this round, in the order recorded: out of play."""
        return tuple(self._exposed)

    @property
    def cards_seen(self) -> frozenset[int]:
        """Every card recorded this round, discarded ones included: none may come again."""
        return self._deck.seen

    @property
    def boxes(self) -> tuple[int, ...]:
        """The boxes with wagers this round, in box order."""
        return tuple(sorted(self._boxes))

    @property
    def box_to_act(self) -> int | None:
        """The box whose decision (or, with a dealer without a game, whose choice) is due."""
        if self._phase is Phase.DECISIONS:
            return self._next_deciding()
        if self._phase is Phase.DEALER_NO_GAME_CHOICES:
            return self._next_choosing()
        return None

    def cards_of(self, box: int) -> tuple[Card, ...]:
        """The cards ``box`` holds now (after any exchange or sixth card)."""
        return tuple(self._round_box(box).hand)

    def box(self, number: int) -> RussianPokerBox:
        """Box ``number`` of this round, read-only: its wagers, its cards (as dealt and held
        now) and what it decided so far.

        :raises GameError: ``box_unknown``, ``position_not_in_play``.
        """
        return self._round_box(number)

    @property
    def undealt_boxes(self) -> tuple[int, ...]:
        """The boxes a whole hand may be recorded for now, in box order."""
        boxes = self._boxes
        return tuple(n for n in sorted(boxes) if not boxes[n].dealt and self._dealable(boxes[n]))

    @property
    def card_targets(self) -> tuple[str, ...]:
        """Where one card may be recorded now: boxes short of five cards, then the dealer."""
        targets = [
            box_target(n)
            for n in sorted(self._boxes)
            if len(self._boxes[n].dealt) < HAND_SIZE and self._dealable(self._boxes[n])
        ]
        phase = self._phase
        if (phase is Phase.DEALING and self._up_card is None) or phase is Phase.DEALER_REVEAL:
            targets.append(DEALER_TARGET)
        return tuple(targets)

    @property
    def dealer_cards(self) -> tuple[Card, ...]:
        """The dealer's recorded cards: the face-down ones turned so far, then the face-up one."""
        return tuple(self._face_down) + (() if self._up_card is None else (self._up_card,))

    @property
    def dealer_up_card(self) -> Card | None:
        """The dealer's face-up card (his fifth), once dealt."""
        return self._up_card

    @property
    def dealer_turned_cards(self) -> tuple[Card, ...]:
        """The dealer's face-down cards turned so far, in the order turned."""
        return tuple(self._face_down)

    @property
    def dealer_replacements(self) -> tuple[Card, ...]:
        """The cards the dealer drew for a bought game, in the order drawn."""
        return tuple(self._draws)

    @property
    def bought_game_discard(self) -> Card | None:
        """The highest card the dealer discards for a bought game, once a game is bought."""
        if not any(b.choice is NoGameChoice.BUY_GAME for b in self._boxes.values()):
            return None
        return self._highest_card()

    @property
    def bought_game_hand(self) -> tuple[Card, ...] | None:
        """The dealer's hand after a bought game's replacement, once the drawing is over."""
        discard = self.bought_game_discard
        if discard is None or not self._draws:
            return None
        last = self._draws[-1]
        if self.rules.buy_redraw_same_rank and last.rank == discard.rank:
            return None  # the replacement matches the discarded rank: it is replaced again
        original = self._dealer_original()
        assert original is not None
        return tuple(c for c in original if c != discard) + (last,)

    @property
    def dealer_discard(self) -> Card | None:
        """The card the dealer discards next for a bought game (his highest, or under the
        same-rank redraw the replacement that matched it), ``None`` outside that step."""
        if self._phase is not Phase.BUY_REPLACEMENT:
            return None
        return self._draws[-1] if self._draws else self._highest_card()

    def insurance_range(self, box: int) -> tuple[Decimal, Decimal] | None:
        """The least and most ``box`` may insure for with its cards now, ``None`` below trips.

        Minimum: the Ante. Maximum: ``insurance_max_fraction`` of what the Bet would win on all
        the box's combinations, that amount first capped at the table's maximum payout, cut
        down to the chip unit (RULES 1.9). The maximum may come out below the minimum (a tiny
        maximum payout), and then no amount is accepted.
        """
        return self._insurance_bounds(self._round_box(box))

    # -- the actions: each a check (the public method), its apply, and its verify/can ---------

    @game_action(Action.PLACE_WAGERS, WagersPlaced)
    def place_wagers(
        self,
        box: int,
        player: str,
        ante: AmountInput,
        bonus: AmountInput | None = None,
        blind: bool = False,
    ) -> WagersPlaced:
        """Wagers on an empty box before "no more bets".

        ``player`` labels who plays the box: the first ``open_boxes_per_player`` boxes of a
        player are open, further ones must be ``blind``. A blind box places its Bet (twice the
        Ante) now, with the Ante of the player's open box (seed-RP: "equal to their open hand"),
        and carries no bonus, since nobody looks at its cards before settlement.

        :raises GameError: ``action_out_of_phase``, ``box_unknown``, ``box_taken``,
            ``player_invalid``, ``amount_invalid``, ``amount_not_chip_multiple``,
            ``ante_out_of_limits``, ``blind_box_no_bonus``, ``bonus_not_offered``,
            ``too_many_open_boxes``, ``blind_box_needs_open_box``, ``blind_box_stake_mismatch``.
        """
        number = self._table_box(box)
        if number in self._boxes:
            raise GameError(codes.BOX_TAKEN, f"Box {number} already has wagers", box=number)
        label = player.strip() if isinstance(player, str) else ""
        if not label or len(label) > PLAYER_LABEL_MAX:
            raise GameError(
                codes.PLAYER_INVALID,
                f"A player label is 1–{PLAYER_LABEL_MAX} characters: {player!r}",
                player=repr(player),
            )
        if not isinstance(blind, bool):
            raise GameError(codes.INPUT_INVALID, "blind must be true or false", field="blind")
        unit = self.limits.chip_unit
        amount = chip_amount(ante, unit, field="ante")
        low, high = self.limits.ante_min, self.limits.ante_max
        if not low <= amount <= high:
            raise GameError(
                codes.ANTE_OUT_OF_LIMITS,
                f"The Ante must be between {low} and {high}",
                amount=str(amount),
                minimum=str(low),
                maximum=str(high),
            )
        bonus_amount = None
        if bonus is not None:
            if blind:
                raise GameError(
                    codes.BLIND_BOX_NO_BONUS, "A blind box carries no bonus bet", box=number
                )
            if not self.bonus_offered:
                raise GameError(codes.BONUS_NOT_OFFERED, "This table offers no bonus bet")
            bonus_amount = chip_amount(bonus, unit, field="bonus")
            self._verify_bonus_limits(bonus_amount)
        open_antes = [b.ante for b in self._boxes.values() if b.player == label and not b.blind]
        allowed = self.rules.open_boxes_per_player
        if not blind and len(open_antes) >= allowed:
            raise GameError(
                codes.TOO_MANY_OPEN_BOXES,
                f"{label} already plays {allowed} open box(es); further boxes are blind",
                player=label,
                open_boxes=allowed,
            )
        if blind and not open_antes:
            raise GameError(
                codes.BLIND_BOX_NEEDS_OPEN_BOX,
                f"{label} has no open box; a blind box is a further box",
                player=label,
            )
        if blind and amount not in open_antes:
            raise GameError(
                codes.BLIND_BOX_STAKE_MISMATCH,
                f"A blind box stakes the same Ante as {label}'s open box",
                amount=str(amount),
                expected=[str(a) for a in open_antes],
            )
        return WagersPlaced(box=number, player=label, ante=amount, bonus=bonus_amount, blind=blind)

    @place_wagers.applies
    def _wagers_placed(self, event: WagersPlaced) -> None:
        self._boxes[event.box] = _Box(
            number=event.box,
            player=event.player,
            ante=event.ante,
            bonus=event.bonus,
            blind=event.blind,
        )

    verify_place_wagers = place_wagers.verify
    can_place_wagers = place_wagers.can

    @property
    def bonus_offered(self) -> bool:
        """Whether a box may place a bonus bet: the table has a bonus paytable and bonus
        limits (RULES A.1; a round opened before they were pinned needed the paytable only)."""
        return self.paytables.bonus is not None and self.limits.offers_bonus

    def _verify_bonus_limits(self, amount: Decimal) -> None:
        low, high = self.limits.bonus_min, self.limits.bonus_max
        verify_within_limits(
            amount,
            low,
            high,
            names=("bonus_min", "bonus_max"),
            code=codes.BONUS_OUT_OF_LIMITS,
            message=f"The bonus must be between {low} and {high}",
        )

    @game_action(Action.CLOSE_BETS, BetsClosed)
    def close_bets(self) -> BetsClosed:
        """ "No more bets": the wagers are final and the deal begins.

        :raises GameError: ``action_out_of_phase``, ``no_wagers``.
        """
        if not self._boxes:
            raise GameError(codes.NO_WAGERS, "No box has wagers")
        return BetsClosed()

    @close_bets.applies
    def _bets_closed(self, event: BetsClosed) -> None:
        self._phase = Phase.DEALING

    verify_close_bets = close_bets.verify
    can_close_bets = close_bets.can

    @game_action(Action.DEAL_BOX, BoxDealt)
    def deal_box(self, box: int, cards: CardsInput) -> BoxDealt:
        """Record a box's five cards as dealt (an open box during the deal, a blind box up to
        the settlement).

        :raises GameError: ``action_out_of_phase``, ``box_unknown``, ``position_not_in_play``,
            ``box_already_dealt``, ``card_unknown``, ``wrong_card_count``, ``card_duplicate``.
        """
        target = self._round_box(box)
        if target.dealt:
            raise GameError(
                codes.BOX_ALREADY_DEALT,
                f"Box {target.number} already holds cards",
                box=target.number,
            )
        dealt = parse_cards(cards)
        if len(dealt) != HAND_SIZE:
            raise GameError(
                codes.WRONG_CARD_COUNT,
                f"A box is dealt {HAND_SIZE} cards, not {len(dealt)}",
                expected=HAND_SIZE,
                given=len(dealt),
            )
        self._deck.verify_unseen(dealt)
        return BoxDealt(box=target.number, cards=dealt)

    @deal_box.applies
    def _box_dealt(self, event: BoxDealt) -> None:
        self._deck.see(*event.cards)
        target = self._boxes[event.box]
        target.dealt.extend(event.cards)
        target.hand.extend(event.cards)
        self._advance()

    verify_deal_box = deal_box.verify
    can_deal_box = deal_box.can

    @game_action(Action.DEAL_CARD, CardDealt)
    def deal_card(self, target: str | int, card: CardInput) -> CardDealt:
        """Record one card: ``target`` is ``"dealer"`` or ``"box:<n>"`` (or the box number).

        For the dealer, the first card recorded during the deal is his face-up card, and in the
        reveal each card is one of his face-down cards turned.

        :raises GameError: ``action_out_of_phase``, ``target_invalid``, ``card_unknown``,
            ``box_unknown``, ``position_not_in_play``, ``sixth_card_not_bought`` (a box holding its
            five), ``dealer_hand_complete`` (a dealer holding five), ``dealer_cards_face_down``
            (a dealer card other than the face-up one before the reveal), ``card_duplicate``.
        """
        destination = _parse_target(target)
        dealt = parse_card(card)
        if destination == DEALER_TARGET:
            if len(self.dealer_cards) >= HAND_SIZE:
                raise GameError(
                    codes.DEALER_HAND_COMPLETE,
                    "The dealer already holds five cards",
                    cards=format_cards(self.dealer_cards),
                )
            face_up_due = self._phase is Phase.DEALING and self._up_card is None
            if not face_up_due and self._phase is not Phase.DEALER_REVEAL:
                raise GameError(
                    codes.DEALER_CARDS_FACE_DOWN,
                    "Only the dealer's face-up card is recorded at the deal; the face-down "
                    "cards are recorded when they are turned",
                    phase=self._phase.value,
                )
        else:
            box = self._round_box(int(destination.removeprefix(BOX_TARGET_PREFIX)))
            if len(box.dealt) >= HAND_SIZE:
                raise GameError(
                    codes.SIXTH_CARD_NOT_BOUGHT,
                    f"Box {box.number} holds its five cards; a sixth card is bought with "
                    "buy_sixth_card",
                    box=box.number,
                )
        self._deck.verify_unseen((dealt,))
        return CardDealt(target=destination, card=dealt)

    @deal_card.applies
    def _card_dealt(self, event: CardDealt) -> None:
        self._deck.see(event.card)
        if event.target == DEALER_TARGET:
            if self._phase is Phase.DEALING:
                self._up_card = event.card
            else:
                self._face_down.append(event.card)
        else:
            box = self._boxes[int(event.target.removeprefix(BOX_TARGET_PREFIX))]
            box.dealt.append(event.card)
            box.hand.append(event.card)
        self._advance()

    verify_deal_card = deal_card.verify
    can_deal_card = deal_card.can

    @game_action(Action.DECLARE_BONUS, BonusDeclared)
    def declare_bonus(self, box: int) -> BonusDeclared:
        """The dealer checks the box's bonus on the five cards as dealt (RULES A.1: declared
        before any exchange, so it comes first among the box's decisions). The bonus's result
        follows from those cards; it is settled with the round.

        :raises GameError: ``action_out_of_phase``, ``box_unknown``, ``position_not_in_play``,
            ``blind_box_cannot_decide``, ``out_of_turn``, ``bonus_not_placed``,
            ``bonus_already_declared``.
        """
        target = self._deciding_box(Action.DECLARE_BONUS, box)
        if target.bonus is None:
            raise GameError(
                codes.BONUS_NOT_PLACED, f"Box {target.number} has no bonus bet", box=target.number
            )
        if target.bonus_declared:
            raise GameError(
                codes.BONUS_ALREADY_DECLARED,
                f"Box {target.number}'s bonus is already declared",
                box=target.number,
            )
        return BonusDeclared(box=target.number)

    @declare_bonus.applies
    def _bonus_declared(self, event: BonusDeclared) -> None:
        self._boxes[event.box].bonus_declared = True
        self._advance()

    verify_declare_bonus = declare_bonus.verify
    can_declare_bonus = declare_bonus.can

    @game_action(Action.EXCHANGE, CardsExchanged)
    def exchange(self, box: int, discards: CardsInput, replacements: CardsInput) -> CardsExchanged:
        """The box exchanges ``discards`` (``exchange_min``–``exchange_max`` of its cards) for a
        fee of one Ante; the ``replacements`` are recorded in the same action, in the order
        dealt. Once per box.

        :raises GameError: ``action_out_of_phase``, ``box_unknown``, ``position_not_in_play``,
            ``blind_box_cannot_decide``, ``out_of_turn``, ``bonus_not_declared``,
            ``insured_box_must_bet``, ``exchange_already_made``,
            ``exchange_and_sixth_card_exclusive``, ``card_unknown``, ``exchange_size_invalid``,
            ``exchange_card_not_held``, ``wrong_card_count``, ``card_duplicate``.
        """
        target = self._deciding_box(Action.EXCHANGE, box)
        self._check_not_insured(target)
        if target.exchanged:
            raise GameError(
                codes.EXCHANGE_ALREADY_MADE,
                f"Box {target.number} has already exchanged",
                box=target.number,
            )
        if target.sixth_card is not None and not self.rules.exchange_and_sixth_card_allowed:
            raise self._exclusive(target)
        given_up = parse_cards(discards)
        drawn = parse_cards(replacements)
        low, high = self.rules.exchange_min, self.rules.exchange_max
        if not low <= len(given_up) <= high:
            raise GameError(
                codes.EXCHANGE_SIZE_INVALID,
                f"An exchange is of {low} to {high} cards, not {len(given_up)}",
                size=len(given_up),
                minimum=low,
                maximum=high,
            )
        held = set(target.hand)
        for position, card in enumerate(given_up):
            if card not in held or card in given_up[:position]:
                raise GameError(
                    codes.EXCHANGE_CARD_NOT_HELD,
                    f"Box {target.number} does not hold {card} to discard",
                    box=target.number,
                    card=str(card),
                )
        if len(drawn) != len(given_up):
            raise GameError(
                codes.WRONG_CARD_COUNT,
                f"{len(given_up)} cards discarded, {len(drawn)} replacements recorded",
                expected=len(given_up),
                given=len(drawn),
            )
        self._deck.verify_unseen(drawn)
        return CardsExchanged(box=target.number, discards=given_up, replacements=drawn)

    @exchange.applies
    def _cards_exchanged(self, event: CardsExchanged) -> None:
        self._deck.see(*event.replacements)
        target = self._boxes[event.box]
        target.hand = [c for c in target.hand if c not in event.discards]
        target.hand.extend(event.replacements)
        target.discards = event.discards
        target.exchanged = True
        self._advance()

    verify_exchange = exchange.verify
    can_exchange = exchange.can

    @game_action(Action.BUY_SIXTH_CARD, SixthCardBought)
    def buy_sixth_card(self, box: int, card: CardInput) -> SixthCardBought:
        """The box buys a sixth card for a fee of one Ante, recorded in the same action; its
        best five of six make the first combination. Once per box.

        :raises GameError: ``action_out_of_phase``, ``box_unknown``, ``position_not_in_play``,
            ``blind_box_cannot_decide``, ``out_of_turn``, ``bonus_not_declared``,
            ``insured_box_must_bet``, ``sixth_card_already_bought``,
            ``exchange_and_sixth_card_exclusive``, ``card_unknown``, ``card_duplicate``.
        """
        target = self._deciding_box(Action.BUY_SIXTH_CARD, box)
        self._check_not_insured(target)
        if target.sixth_card is not None:
            raise GameError(
                codes.SIXTH_CARD_ALREADY_BOUGHT,
                f"Box {target.number} has already bought a sixth card",
                box=target.number,
            )
        if target.exchanged and not self.rules.exchange_and_sixth_card_allowed:
            raise self._exclusive(target)
        sixth = parse_card(card)
        self._deck.verify_unseen((sixth,))
        return SixthCardBought(box=target.number, card=sixth)

    @buy_sixth_card.applies
    def _sixth_card_bought(self, event: SixthCardBought) -> None:
        self._deck.see(event.card)
        target = self._boxes[event.box]
        target.hand.append(event.card)
        target.sixth_card = event.card
        self._advance()

    verify_buy_sixth_card = buy_sixth_card.verify
    can_buy_sixth_card = buy_sixth_card.can

    @game_action(Action.INSURE, InsurancePlaced)
    def insure(self, box: int, amount: AmountInput) -> InsurancePlaced:
        """The box insures trips or better against the dealer having no game, within
        :meth:`insurance_range`; placed before the Bet, after which only the Bet may follow.

        :raises GameError: ``action_out_of_phase``, ``box_unknown``, ``position_not_in_play``,
            ``blind_box_cannot_decide``, ``out_of_turn``, ``bonus_not_declared``,
            ``insurance_already_placed``, ``insurance_not_eligible``, ``amount_invalid``,
            ``amount_not_chip_multiple``, ``insurance_below_minimum``,
            ``insurance_above_maximum``.
        """
        target = self._deciding_box(Action.INSURE, box)
        if target.insurance is not None:
            raise GameError(
                codes.INSURANCE_ALREADY_PLACED,
                f"Box {target.number} is already insured",
                box=target.number,
            )
        bounds = self._insurance_bounds(target)
        if bounds is None:
            combinations = first_and_second(target.hand)
            raise GameError(
                codes.INSURANCE_NOT_ELIGIBLE,
                "Insurance needs three of a kind or better",
                box=target.number,
                combination=combination_name(combinations),
            )
        stake = chip_amount(amount, self.limits.chip_unit, field="insurance")
        low, high = bounds
        if stake < low:
            raise GameError(
                codes.INSURANCE_BELOW_MINIMUM,
                f"Insurance is at least the Ante, {low}",
                amount=str(stake),
                minimum=str(low),
            )
        if stake > high:
            raise GameError(
                codes.INSURANCE_ABOVE_MAXIMUM,
                f"Insurance on this hand is at most {high}",
                amount=str(stake),
                maximum=str(high),
            )
        return InsurancePlaced(box=target.number, amount=stake)

    @insure.applies
    def _insurance_placed(self, event: InsurancePlaced) -> None:
        self._boxes[event.box].insurance = event.amount
        self._advance()

    verify_insure = insure.verify
    can_insure = insure.can

    @game_action(Action.FOLD, BoxFolded)
    def fold(self, box: int) -> BoxFolded:
        """The box folds: its Ante and any fee are lost, and so is its bonus unless
        ``bonus_lost_on_fold`` is off.

        :raises GameError: ``action_out_of_phase``, ``box_unknown``, ``position_not_in_play``,
            ``blind_box_cannot_decide``, ``out_of_turn``, ``bonus_not_declared``,
            ``insured_box_must_bet``.
        """
        target = self._deciding_box(Action.FOLD, box)
        self._check_not_insured(target)
        return BoxFolded(box=target.number)

    @fold.applies
    def _box_folded(self, event: BoxFolded) -> None:
        self._boxes[event.box].decision = Decision.FOLD
        self._advance()

    verify_fold = fold.verify
    can_fold = fold.can

    @game_action(Action.BET, BetPlaced)
    def bet(self, box: int, amount: AmountInput | None = None) -> BetPlaced:
        """The box stays in with its Bet, exactly twice its Ante (the default amount).

        :raises GameError: ``action_out_of_phase``, ``box_unknown``, ``position_not_in_play``,
            ``blind_box_cannot_decide``, ``out_of_turn``, ``bonus_not_declared``,
            ``amount_invalid``, ``bet_not_twice_ante``.
        """
        target = self._deciding_box(Action.BET, box)
        expected = 2 * target.ante
        given = expected if amount is None else to_decimal(amount, field="bet")
        if given != expected:
            raise GameError(
                codes.BET_NOT_TWICE_ANTE,
                f"The Bet is exactly twice the Ante: {expected}",
                amount=str(given),
                expected=str(expected),
            )
        return BetPlaced(box=target.number, amount=expected)

    @bet.applies
    def _bet_placed(self, event: BetPlaced) -> None:
        self._boxes[event.box].decision = Decision.BET
        self._advance()

    verify_bet = bet.verify
    can_bet = bet.can

    @game_action(Action.REVEAL_DEALER, DealerRevealed)
    def reveal_dealer(self, cards: CardsInput) -> DealerRevealed:
        """The dealer turns his face-down cards: all four, or some of those still down.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``wrong_card_count``
            (no card), ``dealer_hand_complete`` (more cards than remain face down),
            ``card_duplicate``.
        """
        turned = parse_cards(cards)
        remaining = DEALER_FACE_DOWN - len(self._face_down)
        if not turned:
            raise GameError(
                codes.WRONG_CARD_COUNT, "No card to reveal", expected=remaining, given=0
            )
        if len(turned) > remaining:
            raise GameError(
                codes.DEALER_HAND_COMPLETE,
                f"Only {remaining} of the dealer's cards are still face down",
                expected=remaining,
                given=len(turned),
            )
        self._deck.verify_unseen(turned)
        return DealerRevealed(cards=turned)

    @reveal_dealer.applies
    def _dealer_revealed(self, event: DealerRevealed) -> None:
        self._deck.see(*event.cards)
        self._face_down.extend(event.cards)
        self._advance()

    verify_reveal_dealer = reveal_dealer.verify
    can_reveal_dealer = reveal_dealer.can

    @game_action(Action.TAKE_ANTE, AnteTaken)
    def take_ante(self, box: int) -> AnteTaken:
        """The dealer has no game and the box takes its Ante win (1:1, Bet returned).

        :raises GameError: ``dealer_has_game``, ``action_out_of_phase``, ``box_unknown``,
            ``position_not_in_play``, ``box_folded``, ``out_of_turn``.
        """
        return AnteTaken(box=self._choosing_box(box).number)

    @take_ante.applies
    def _ante_taken(self, event: AnteTaken) -> None:
        self._boxes[event.box].choice = NoGameChoice.TAKE_ANTE
        self._advance()

    verify_take_ante = take_ante.verify
    can_take_ante = take_ante.can

    @game_action(Action.BUY_GAME, GameBought)
    def buy_game(self, box: int) -> GameBought:
        """The dealer has no game and the box buys one for a fee of one Ante, giving up its
        Ante win; one replacement is drawn for all the boxes that buy (RULES 1.10).

        :raises GameError: ``dealer_has_game``, ``action_out_of_phase``, ``box_unknown``,
            ``position_not_in_play``, ``box_folded``, ``out_of_turn``, ``blind_box_may_not_buy``.
        """
        target = self._choosing_box(box)
        if target.blind and not self.rules.blind_box_may_buy:
            raise GameError(
                codes.BLIND_BOX_MAY_NOT_BUY,
                "At this table a blind box may not buy a game",
                box=target.number,
            )
        return GameBought(box=target.number)

    @buy_game.applies
    def _game_bought(self, event: GameBought) -> None:
        self._boxes[event.box].choice = NoGameChoice.BUY_GAME
        self._advance()

    verify_buy_game = buy_game.verify
    can_buy_game = buy_game.can

    @game_action(Action.DRAW_REPLACEMENT, ReplacementDrawn)
    def draw_replacement(self, card: CardInput) -> ReplacementDrawn:
        """The card the dealer draws for his discarded :attr:`dealer_discard`.

        By default one card is drawn, whatever it is. Under ``buy_redraw_same_rank`` a card of
        the same rank as the discarded highest card is itself replaced, and the phase stays
        until a card of another rank is drawn.

        :raises GameError: ``action_out_of_phase``, ``card_unknown``, ``card_duplicate``.
        """
        drawn = parse_card(card)
        self._deck.verify_unseen((drawn,))
        return ReplacementDrawn(card=drawn)

    @draw_replacement.applies
    def _replacement_drawn(self, event: ReplacementDrawn) -> None:
        self._deck.see(event.card)
        self._draws.append(event.card)
        self._advance()

    verify_draw_replacement = draw_replacement.verify
    can_draw_replacement = draw_replacement.can

    @game_action(Action.EXPOSE_CARD, CardExposed)
    def expose_card(self, card: CardInput, reason: str = "") -> CardExposed:
        """A card seen by accident (a flashed card, a misdeal): it is out of play for the rest
        of the round's deck, so no action may record it again. Nothing else changes.

        :raises GameError: ``action_out_of_phase`` (the round is complete), ``card_unknown``,
            ``input_invalid`` (``data["field"] == "reason"``: not text, or longer than
            :data:`~casino.games.russian.fields.REASON_MAX_LENGTH`), ``card_duplicate`` (a card
            already seen this round).
        """
        seen = parse_card(card)
        if not isinstance(reason, str) or len(reason) > REASON_MAX_LENGTH:
            raise GameError(
                codes.INPUT_INVALID,
                f"The reason is text of at most {REASON_MAX_LENGTH} characters",
                field="reason",
            )
        self._deck.verify_unseen((seen,))
        return CardExposed(card=seen, reason=reason)

    @expose_card.applies
    def _card_exposed(self, event: CardExposed) -> None:
        self._deck.see(event.card)
        self._exposed.append(event.card)

    verify_expose_card = expose_card.verify
    can_expose_card = expose_card.can

    # -- events ------------------------------------------------------------------------------

    def cards_shown(self, event: contract.Event) -> tuple[CardShown, ...]:
        """The cards ``event`` records and where they went: ``box:<n>`` for a box's cards (as
        dealt, exchanged or bought), ``dealer`` for the dealer's cards and replacements,
        ``exposed`` for a card exposed by accident; none for the other events.

        >>> limits = TableLimits(Decimal(10), Decimal(500), None, Decimal(1))
        >>> state = RussianPokerState(RussianPokerRules(), Paytables.standard(), limits)
        >>> shown = state.cards_shown(BoxDealt(2, parse_cards("As Kd")))
        >>> [(str(c.card), c.position) for c in shown]
        [('As', 'box:2'), ('Kd', 'box:2')]
        """
        match event:
            case BoxDealt(box=box, cards=cards):
                return tuple(CardShown(card, box_target(box)) for card in cards)
            case CardDealt(target=target, card=card):
                return (CardShown(card, target),)
            case CardsExchanged(box=box, replacements=replacements):
                return tuple(CardShown(card, box_target(box)) for card in replacements)
            case SixthCardBought(box=box, card=card):
                return (CardShown(card, box_target(box)),)
            case DealerRevealed(cards=cards):
                return tuple(CardShown(card, DEALER_TARGET) for card in cards)
            case ReplacementDrawn(card=card):
                return (CardShown(card, DEALER_TARGET),)
            case CardExposed(card=card):
                return (CardShown(card, EXPOSED_POSITION),)
        return ()

    # -- what the tablet shows ---------------------------------------------------------------

    def legal_actions(self) -> list[dict[str, Any]]:
        """The actions that can be taken now, JSON-safe, the one the table waits for first.

        Each entry has ``action`` and what the tablet needs to offer it: ``box`` for a box's
        decision; ``boxes`` / ``targets`` still to receive cards; ``min``/``max`` for
        insurance; ``min_cards``/``max_cards`` for an exchange; ``amount`` for the Bet; ``fee``
        for an exchange, a sixth card or a bought game; ``buy_allowed`` with ``take_ante``;
        ``cards`` still face down for the reveal; ``discard`` for a replacement; the Ante limits
        and free boxes for wagers. ``expose_card``, accepted in every phase but the last, is not
        listed here; :meth:`tablet_view` lists it, after these, with every field's bounds.
        """
        actions: list[dict[str, Any]] = []
        phase = self._phase
        if phase is Phase.BETTING:
            free = [n for n in range(1, self.rules.boxes + 1) if n not in self._boxes]
            if free:
                actions.append(
                    {
                        "action": Action.PLACE_WAGERS.value,
                        "boxes": free,
                        "ante_min": str(self.limits.ante_min),
                        "ante_max": str(self.limits.ante_max),
                        "chip_unit": str(self.limits.chip_unit),
                        "bonus_offered": self.bonus_offered,
                        "open_boxes_per_player": self.rules.open_boxes_per_player,
                    }
                )
            if self._boxes:
                actions.append({"action": Action.CLOSE_BETS.value})
        elif phase is Phase.DECISIONS:
            actions.extend(self._decision_actions())
        elif phase is Phase.DEALER_REVEAL:
            remaining = DEALER_FACE_DOWN - len(self._face_down)
            actions.append({"action": Action.REVEAL_DEALER.value, "cards": remaining})
        elif phase is Phase.DEALER_NO_GAME_CHOICES:
            box = self._next_choosing()
            assert box is not None
            chooser = self._boxes[box]
            may_buy = not chooser.blind or self.rules.blind_box_may_buy
            actions.append({"action": Action.TAKE_ANTE.value, "box": box, "buy_allowed": may_buy})
            if may_buy:
                actions.append(
                    {"action": Action.BUY_GAME.value, "box": box, "fee": str(chooser.ante)}
                )
        elif phase is Phase.BUY_REPLACEMENT:
            discard = self.dealer_discard
            actions.append({"action": Action.DRAW_REPLACEMENT.value, "discard": str(discard)})
        if phase in (Phase.BETTING, Phase.COMPLETE):
            return actions
        undealt = self.undealt_boxes
        targets = self.card_targets
        if undealt:
            actions.append({"action": Action.DEAL_BOX.value, "boxes": list(undealt)})
        if targets:
            actions.append({"action": Action.DEAL_CARD.value, "targets": list(targets)})
        return actions

    def view(self) -> dict[str, Any]:
        """Everything the dealer's tablet renders from, JSON-safe (amounts and cards as strings).

        Keys: ``phase``, ``box_to_act``, ``actions`` (:meth:`legal_actions`), ``boxes`` (one
        entry per box with wagers, in box order: ``box``, ``player``, ``blind``, ``status``
        (``deciding``, ``fold``, ``bet`` or ``blind``), ``ante``, ``bet``, ``bonus``,
        ``insurance``, ``fees``, ``dealt``, ``cards``, ``discards``, ``sixth_card``,
        ``combination``, ``bonus_combination``, ``bonus_declared``, ``exchanged``,
        ``no_game_choice``), ``dealer`` (``up_card``, ``face_down``, ``cards``, ``qualifies``,
        ``discard``, ``replacements``, ``bought_cards``, ``bought_qualifies``), ``limits``,
        ``event_count`` (every event of the round, :attr:`event_count`) and ``settlement`` (the
        settlement's dict once the round is complete, else ``None``). Every list in it is bounded
        by the one deal a round is (a box's cards, the dealer's cards and replacements), and
        all of it comes from what :meth:`snapshot` holds.
        """
        original = self._dealer_original()
        bought = self.bought_game_hand
        return {
            "phase": self._phase.value,
            "box_to_act": self.box_to_act,
            "actions": self.legal_actions(),
            "boxes": [self._box_view(self._boxes[n]) for n in sorted(self._boxes)],
            "dealer": {
                "up_card": card_text(self._up_card),
                "face_down": [str(c) for c in self._face_down],
                "cards": None if original is None else [str(c) for c in original],
                "qualifies": None if original is None else dealer_qualifies(original),
                "discard": card_text(self.bought_game_discard),
                "replacements": [str(c) for c in self._draws],
                "bought_cards": None if bought is None else [str(c) for c in bought],
                "bought_qualifies": None if bought is None else dealer_qualifies(bought),
            },
            "limits": self.limits.to_dict(),
            "event_count": self.event_count,
            "settlement": None if self._settlement is None else self._settlement.to_dict(),
        }

    def _box_view(self, box: _Box) -> dict[str, Any]:
        combination = None
        if len(box.hand) >= HAND_SIZE:
            combination = combination_name(
                first_and_second(
                    box.hand, second_straight_rule=self.rules.second_straight_same_rank_swap
                )
            )
        bonus_combination = None
        if box.bonus is not None and len(box.dealt) == HAND_SIZE:
            first = first_and_second(box.dealt).first
            bonus_combination = "" if first is None else first.line.value
        if box.blind:
            status = "blind"
        else:
            status = "deciding" if box.decision is None else box.decision.value
        bet_placed = box.blind or box.decision is Decision.BET
        return {
            "box": box.number,
            "player": box.player,
            "blind": box.blind,
            "status": status,
            "ante": str(box.ante),
            "bet": str(2 * box.ante) if bet_placed else None,
            "bonus": None if box.bonus is None else str(box.bonus),
            "insurance": None if box.insurance is None else str(box.insurance),
            "fees": str(box.fees),
            "dealt": [str(c) for c in box.dealt],
            "cards": [str(c) for c in box.hand],
            "discards": [str(c) for c in box.discards],
            "sixth_card": card_text(box.sixth_card),
            "combination": combination,
            "bonus_combination": bonus_combination,
            "bonus_declared": box.bonus_declared,
            "exchanged": box.exchanged,
            "no_game_choice": None if box.choice is None else box.choice.value,
        }

    def _decision_actions(self) -> list[dict[str, Any]]:
        number = self._next_deciding()
        assert number is not None
        box = self._boxes[number]
        fee = str(box.ante)
        if box.bonus is not None and not box.bonus_declared:
            return [{"action": Action.DECLARE_BONUS.value, "box": number}]
        actions: list[dict[str, Any]] = []
        if box.insurance is None:
            exclusive = not self.rules.exchange_and_sixth_card_allowed
            if not box.exchanged and not (exclusive and box.sixth_card is not None):
                actions.append(
                    {
                        "action": Action.EXCHANGE.value,
                        "box": number,
                        "min_cards": self.rules.exchange_min,
                        "max_cards": self.rules.exchange_max,
                        "fee": fee,
                    }
                )
            if box.sixth_card is None and not (exclusive and box.exchanged):
                actions.append({"action": Action.BUY_SIXTH_CARD.value, "box": number, "fee": fee})
            bounds = self._insurance_bounds(box)
            if bounds is not None and bounds[0] <= bounds[1]:
                actions.append(
                    {
                        "action": Action.INSURE.value,
                        "box": number,
                        "min": str(bounds[0]),
                        "max": str(bounds[1]),
                    }
                )
            actions.append({"action": Action.FOLD.value, "box": number})
        actions.append({"action": Action.BET.value, "box": number, "amount": str(2 * box.ante)})
        return actions

    # -- the tablet view (the shape every game shares) --------------------------------------

    def tablet_view(self) -> TabletView:
        """What the dealer's tablet renders from, in the shape every game shares (see
        :mod:`casino.games.russian.tablet`)."""
        return build_tablet_view(self)

    # -- the result ----------------------------------------------------------------------------

    def result(self) -> GameResult:
        """The settlement as data: per box, in settlement order, a stake for every line that
        has one and a result line for every line; each box's net is ``returned - staked`` and
        its ``withheld`` what the maximum payout kept back. ``detail`` is the settlement's own
        JSON (:meth:`RoundSettlement.to_dict`).

        :raises GameError: ``round_not_complete`` (``data["phase"]``) before the round is
            complete.
        """
        settlement = self._settlement
        if settlement is None:
            raise self._not_complete()
        stakes: list[Stake] = []
        lines: list[ResultLine] = []
        for box in settlement.boxes:
            position = box_position(box.box)
            for line in box.lines:
                if line.stake:
                    stakes.append(Stake(position, line.line, line.stake))
                lines.append(
                    ResultLine(
                        position=position,
                        line=line.line,
                        outcome=line.outcome,
                        stake=line.stake,
                        computed=line.computed,
                        paid=line.paid,
                        reason=line.reason,
                        combination=line.combination,
                        label=LINE_LABELS.get(line.line, line.line),
                        reason_text=REASON_TEXTS.get(line.reason, line.reason),
                        collected_in_play=line.stake if line.line in FEE_LINES else ZERO,
                    )
                )
        return game_result(stakes=stakes, lines=lines, pot_game=False, detail=settlement.to_dict())

    # -- snapshot and restore ------------------------------------------------------------------

    def snapshot(self) -> JsonObject:
        """What this state holds, as JSON, for :meth:`restore`: each box's wagers, cards and
        decisions, the dealer's cards and replacements, the cards exposed, the phase and the
        number of events. Its size is bounded by one round (a round is one deal); the events
        themselves are not in it, and neither is the settlement, which is derived again.
        """
        return {
            **self._snapshot_head(),
            "boxes": [self._boxes[n].snapshot() for n in sorted(self._boxes)],
            **write_fields(self),
        }

    @classmethod
    def restore(
        cls,
        rules: RussianPokerRules,
        paytables: Paytables,
        limits: TableLimits,
        snapshot: JsonObject,
    ) -> RussianPokerState:
        """The state :meth:`snapshot` describes, under the round's terms: it behaves exactly as
        the state replayed from every event, without the events (:attr:`events` starts empty,
        :attr:`event_count` goes on from the snapshot's).

        :raises GameError: ``snapshot_invalid`` (``data["field"]``) for JSON that is not a
            snapshot of a Russian Poker round under these terms: a missing or mistyped field, a
            box outside the table or given twice, a card seen twice, a phase its contents
            contradict.
        """
        reader = SnapshotReader(snapshot)
        state = cls(rules, paytables, limits)
        state._restore_head(reader)
        stored = state._phase
        for item in reader.objects("boxes"):
            box = _Box.restore(item)
            if not 1 <= box.number <= rules.boxes or box.number in state._boxes:
                raise snapshot_invalid("boxes", f"box {box.number} is not a box of the round")
            state._boxes[box.number] = box
        read_into(state, reader)
        try:
            for box in state._boxes.values():
                extra = () if box.sixth_card is None else (box.sixth_card,)
                state._deck.see(*{*box.dealt, *box.hand, *extra})
            up = () if state._up_card is None else (state._up_card,)
            state._deck.see(*up, *state._face_down, *state._draws, *state._exposed)
        except GameError as err:
            raise snapshot_invalid("cards", err.message) from None
        if stored is not Phase.BETTING:
            # Every phase after "no more bets" follows from what is recorded: derive it (and the
            # settlement, once complete) rather than trust it.
            state._phase = Phase.DEALING
            try:
                state._advance()
            except (GameError, ValueError) as err:
                raise snapshot_invalid("phase", str(err)) from None
        dealt = state._up_card is not None or any(b.hand for b in state._boxes.values())
        if state._phase is not stored or (stored is Phase.BETTING and dealt):
            raise snapshot_invalid("phase", f"{stored.value} contradicts the cards and decisions")
        return state

    # -- the flow of a round -----------------------------------------------------------------

    def _advance(self) -> None:
        """Move through every phase whose inputs are now complete."""
        if self._phase is Phase.DEALING and self._deal_complete():
            self._phase = Phase.DECISIONS
        if self._phase is Phase.DECISIONS and self._next_deciding() is None:
            in_play = any(b.in_play for b in self._boxes.values())
            self._phase = Phase.DEALER_REVEAL if in_play else Phase.SETTLEMENT
        if self._phase is Phase.DEALER_REVEAL:
            original = self._dealer_original()
            if original is not None:
                qualifies = dealer_qualifies(original)
                self._phase = Phase.SETTLEMENT if qualifies else Phase.DEALER_NO_GAME_CHOICES
        if self._phase is Phase.DEALER_NO_GAME_CHOICES and self._next_choosing() is None:
            buyers = any(b.choice is NoGameChoice.BUY_GAME for b in self._boxes.values())
            self._phase = Phase.BUY_REPLACEMENT if buyers else Phase.SETTLEMENT
        if self._phase is Phase.BUY_REPLACEMENT and self.bought_game_hand is not None:
            self._phase = Phase.SETTLEMENT
        if self._phase is Phase.SETTLEMENT and all(
            len(b.dealt) == HAND_SIZE for b in self._boxes.values()
        ):
            self._settlement = self._settle()
            self._phase = Phase.COMPLETE

    def _settle(self) -> RoundSettlement:
        """The settlement of what is recorded; only once every input is (:func:`settle`)."""
        return settle(
            self.rules,
            self.paytables,
            self.limits,
            [self._boxes[n].play() for n in sorted(self._boxes)],
            DealerPlay(self._dealer_original(), self.bought_game_hand),
        )

    def _deal_complete(self) -> bool:
        open_dealt = all(len(b.dealt) == HAND_SIZE for b in self._boxes.values() if not b.blind)
        return open_dealt and self._up_card is not None

    def _dealable(self, box: _Box) -> bool:
        """Whether cards may go to ``box`` now: an open box's only during the deal."""
        return box.blind or self._phase is Phase.DEALING

    def _next_deciding(self) -> int | None:
        return self._first_box(lambda box: not box.blind and box.decision is None)

    def _next_choosing(self) -> int | None:
        return self._first_box(lambda box: box.in_play and box.choice is None)

    def _first_box(self, due: Callable[[_Box], bool]) -> int | None:
        """The lowest-numbered box whose turn is ``due``, ``None`` when none is."""
        return next((n for n in sorted(self._boxes) if due(self._boxes[n])), None)

    def _dealer_original(self) -> tuple[Card, ...] | None:
        """The dealer's five cards once all are known (face-down cards first, the up card last)."""
        cards = self.dealer_cards
        return cards if len(cards) == HAND_SIZE else None

    def _highest_card(self) -> Card | None:
        original = self._dealer_original()
        if original is None or dealer_qualifies(original):
            return None
        return dealer_highest_card(original)

    def _insurance_bounds(self, box: _Box) -> tuple[Decimal, Decimal] | None:
        if len(box.hand) < HAND_SIZE:
            return None
        combinations = first_and_second(
            box.hand, second_straight_rule=self.rules.second_straight_same_rank_swap
        )
        first = combinations.first
        if first is None or first.line.strength < _INSURABLE_STRENGTH:
            return None
        unit = self.limits.chip_unit
        multiplier = sum(
            (self.paytables.main_multiplier(c.line) for c in combinations[:2] if c is not None),
            ZERO,
        )
        potential = round_down_to_chip(2 * box.ante * multiplier, unit)
        if self.limits.max_payout is not None:
            potential = min(potential, self.limits.max_payout)
        maximum = round_down_to_chip(self.rules.insurance_max_fraction * potential, unit)
        return box.ante, maximum

    # -- checks ------------------------------------------------------------------------------

    def _check_phase(self, action: Action) -> None:
        if action in NO_GAME_CHOICES and action not in PHASE_ACTIONS[self._phase]:
            # Against a dealer with a game, that is the refusal of a box's choice, before the
            # phase's: take_ante and buy_game list dealer_has_game first.
            self._check_dealer_has_no_game()
        super()._check_phase(action)

    def _table_box(self, box: object) -> int:
        """``box`` as a box number of this table."""
        if not isinstance(box, int) or isinstance(box, bool) or not 1 <= box <= self.rules.boxes:
            raise GameError(
                codes.BOX_UNKNOWN,
                f"Not a box of this table: {box!r}",
                box=repr(box),
                boxes=self.rules.boxes,
            )
        return box

    def _round_box(self, box: object) -> _Box:
        """The box ``box`` of this round (it carries wagers)."""
        number = self._table_box(box)
        if number not in self._boxes:
            raise GameError(
                codes.POSITION_NOT_IN_PLAY, f"Box {number} has no wagers this round", box=number
            )
        return self._boxes[number]

    def _deciding_box(self, action: Action, box: int) -> _Box:
        """The box a decision is recorded for, if it is that box's turn to decide (the phase is
        checked before)."""
        target = self._round_box(box)
        if target.blind:
            raise GameError(
                codes.BLIND_BOX_CANNOT_DECIDE,
                f"Box {target.number} is blind: it makes no decisions",
                box=target.number,
                action=action.value,
            )
        self._check_turn(target, self._next_deciding(), "decides")
        if action is not Action.DECLARE_BONUS and target.bonus is not None:
            if not target.bonus_declared:
                raise GameError(
                    codes.BONUS_NOT_DECLARED,
                    f"Box {target.number}'s bonus is declared first",
                    box=target.number,
                )
        return target

    def _check_dealer_has_no_game(self) -> None:
        """Refuse a box's choice against a dealer without a game when the dealer has one."""
        original = self._dealer_original()
        if original is not None and dealer_qualifies(original):
            raise GameError(
                codes.DEALER_HAS_GAME,
                "The dealer has a game: there is no Ante win to take and no game to buy",
                cards=format_cards(original),
            )

    def _choosing_box(self, box: int) -> _Box:
        """The box choosing between its Ante win and buying a game, if it is its turn (the
        phase, and whether the dealer has a game, are checked before)."""
        target = self._round_box(box)
        if not target.in_play:
            raise GameError(codes.BOX_FOLDED, f"Box {target.number} folded", box=target.number)
        self._check_turn(target, self._next_choosing(), "chooses")
        return target

    def _check_turn(self, box: _Box, to_act: int | None, acts: str) -> None:
        """Refuse ``box`` unless it is the box to act (``acts``: what that box does now)."""
        if box.number != to_act:
            raise GameError(
                codes.OUT_OF_TURN,
                f"Box {to_act} {acts} now, not box {box.number}",
                box=box.number,
                to_act=to_act,
            )

    def _check_not_insured(self, box: _Box) -> None:
        if box.insurance is not None:
            raise GameError(
                codes.INSURED_BOX_MUST_BET,
                f"Box {box.number} is insured: its Bet comes next",
                box=box.number,
            )

    def _exclusive(self, box: _Box) -> GameError:
        return GameError(
            codes.EXCHANGE_AND_SIXTH_CARD_EXCLUSIVE,
            "A box may exchange or buy a sixth card, not both",
            box=box.number,
        )


def replay(
    rules: RussianPokerRules,
    paytables: Paytables,
    limits: TableLimits,
    events: Iterable[Event | Mapping[str, Any]],
) -> RussianPokerState:
    """Rebuild a round from its events (objects or their stored dicts); everything derived is
    recomputed.

    :raises GameError: if an event cannot be read or is not legal where it stands.
    """
    return RussianPokerState(rules, paytables, limits).apply_all(events, event_from_dict)


def settle_round(
    rules: RussianPokerRules,
    paytables: Paytables,
    limits: TableLimits,
    events: Iterable[Event | Mapping[str, Any]],
) -> RoundSettlement:
    """The settlement of a complete round: a pure function of its terms and its events.

    :raises GameError: as :func:`replay`; ``round_not_complete`` (``data["phase"]``) when the
        events stop before the round is complete.
    """
    state = replay(rules, paytables, limits, events)
    if state.settlement is None:
        raise state._not_complete()
    return state.settlement


def _parse_target(raw: str | int) -> str:
    """``dealer`` or ``box:<n>`` from either spelling or a bare box number."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return box_target(raw)
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text == DEALER_TARGET:
            return DEALER_TARGET
        number = text.removeprefix(BOX_TARGET_PREFIX)
        if number != text and number.isdigit():
            return box_target(int(number))
    raise GameError(
        codes.TARGET_INVALID, f"A card goes to 'dealer' or 'box:<n>', not {raw!r}", target=repr(raw)
    )
