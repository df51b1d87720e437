"""The dealer's tablet for a Ruby Run hand, in the shape every game shares
(:class:`~casino.games.contract.TabletView`).

What a dealer with one free hand needs on the screen:

* whose turn it is (the seat to act) and what it may do: fold, check or call (with the amount),
  bet or raise (with the least and most totals), all-in (with the chips it puts in); otherwise
  the one dealing action the hand waits for, with the number of cards it takes; and a card
  exposed by accident, at any time until the hand is over;
* every seat of the hand in number order: its status (``to act``, ``in``, ``folded``,
  ``all in``), its hole cards face down (counted, shown only at the showdown, with the hand's
  description), its stack, its bet this round and what it has put in;
* the board: over cards, under cards (counted while face down), the Slam, which row is live once
  the Slam is out, and the exposed cards;
* the pot, the main and side pots once there are several, the bet to match; the betting round,
  the button and the blinds' seats, the forced bets and the betting structure.

Each legal action's fields follow :data:`~casino.games.rubyrun.fields.ACTION_FIELDS` one for
one, with the bounds that apply now.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Final, Protocol

from casino.games.cards import Card
from casino.games.contract import (
    DECK_SIZE,
    CardGroup,
    Fact,
    FieldBounds,
    FieldKind,
    Figure,
    LegalAction,
    PositionView,
    TabletView,
)
from casino.games.money import ZERO
from casino.games.rubyrun.betting import BettingChoice, BettingRound
from casino.games.rubyrun.fields import ACTION_FIELDS
from casino.games.rubyrun.phases import HOLE_CARDS, OVER_CARDS, UNDER_CARDS, Action, Phase
from casino.games.rubyrun.rules import Betting, HandOptions, RubyRunRules, UnderCards
from casino.games.rubyrun.settlement import HandResult, Pot, pot_label
from casino.games.tablet_parts import (
    SeatedTable,
    amount_bounds,
    card_texts,
    fields_in_spec_order,
    position_bounds,
    seat_label,
    seat_position,
    seating_bounds,
    tablet_view,
    yes_no,
)
from casino.games.words import Words


class RubyRunTable(SeatedTable[RubyRunRules, Phase], Protocol):
    """What the tablet view reads of a hand
    (:class:`~casino.games.rubyrun.state.RubyRunState` answers it)."""

    @property
    def options(self) -> HandOptions: ...
    @property
    def clockwise_order(self) -> tuple[int, ...]: ...
    @property
    def button(self) -> int | None: ...
    @property
    def small_blind_seat(self) -> int | None: ...
    @property
    def big_blind_seat(self) -> int | None: ...
    @property
    def betting_round(self) -> BettingRound | None: ...
    @property
    def current_bet(self) -> Decimal: ...
    @property
    def raises(self) -> int: ...
    @property
    def bets(self) -> dict[int, Decimal]: ...
    @property
    def stacks(self) -> dict[int, Decimal]: ...
    @property
    def contributions(self) -> dict[int, Decimal]: ...
    @property
    def final_stacks(self) -> dict[int, Decimal] | None: ...
    @property
    def pot_total(self) -> Decimal: ...
    @property
    def folded(self) -> frozenset[int]: ...
    @property
    def all_in_seats(self) -> frozenset[int]: ...
    @property
    def seen_cards(self) -> frozenset[Card]: ...
    @property
    def exposed_cards(self) -> tuple[Card, ...]: ...
    @property
    def over_cards(self) -> tuple[Card, ...] | None: ...
    @property
    def slam(self) -> Card | None: ...
    @property
    def under_dealt(self) -> bool: ...
    @property
    def under_cards(self) -> tuple[Card, ...] | None: ...
    @property
    def hand_result(self) -> HandResult | None: ...
    def hole_cards(self, seat: int) -> tuple[Card, ...] | None: ...
    def pots(self) -> tuple[tuple[Pot, ...], dict[int, Decimal]]: ...
    def betting_choices(self) -> tuple[BettingChoice, ...]: ...


#: The name every view and result of the game carries (:data:`casino.games.rubyrun.GAME`).
GAME_NAME: Final = "ruby_run"

_FACE_SLAM_MIN_RANK: Final = 11
#: The seat and the amount fields, as the betting actions' specs have them.
_SEAT, _AMOUNT = ACTION_FIELDS[Action.BET]
_ROUND_LABELS: Final = {
    BettingRound.AFTER_HOLE_CARDS: Words("after the hole cards"),
    BettingRound.AFTER_OVER_CARDS: Words("after the over cards"),
    BettingRound.AFTER_SLAM: Words("after the Slam"),
}
_DEALING_LABELS: Final = {
    Action.DEAL_OVER_CARDS: Words("Deal the over cards"),
    Action.DEAL_SLAM: Words("Deal the Slam"),
    Action.REVEAL_UNDER_CARDS: Words("Reveal the under cards"),
}
#: A betting action's label, but for a call, a bet and a raise, which say more.
_BETTING_LABELS: Final = {
    Action.FOLD: Words("Fold"),
    Action.CHECK: Words("Check"),
    Action.CALL: Words("Call"),
    Action.BET: Words("Bet"),
    Action.RAISE_TO: Words("Raise to"),
    Action.ALL_IN: Words("All in"),
}
_BETTING_STRUCTURES: Final = {
    Betting.FIXED_LIMIT: Words("fixed limit"),
    Betting.POT_LIMIT: Words("pot limit"),
    Betting.NO_LIMIT: Words("no limit"),
}
_UNDER_CARDS: Final = {
    UnderCards.FACE_UP: Words("face up"),
    UnderCards.FACE_DOWN: Words("face down"),
}


def build_tablet_view(state: RubyRunTable) -> TabletView:
    """The tablet's picture of ``state``; every legal action listed is one some input makes
    legal now, the one the table waits for first and ``expose_card`` last."""
    to_act = state.to_act
    return tablet_view(
        state,
        game=GAME_NAME,
        turn=None if to_act is None else seat_position(to_act),
        actions=_actions(state),
        positions=_positions(state),
        card_groups=_card_groups(state),
        figures=_figures(state),
        facts=_facts(state),
        seen=state.seen_cards,
    )


# -- actions ---------------------------------------------------------------------------------------


def _actions(state: RubyRunTable) -> tuple[LegalAction, ...]:
    phase = state.phase
    if phase is Phase.COMPLETE:
        return ()
    listed: list[LegalAction]
    if phase is Phase.BETTING:
        listed = [_betting_action(state, choice) for choice in state.betting_choices()]
    else:
        listed = [_dealing_action(state, phase)]
    if len(state.seen_cards) < DECK_SIZE:  # with every card out, no card can be exposed
        listed.append(
            LegalAction(
                Action.EXPOSE_CARD.value,
                Words("Expose a card"),
                None,
                _bounds(Action.EXPOSE_CARD, {}),
            )
        )
    return tuple(listed)


def _bounds(action: Action, now: dict[str, FieldBounds]) -> tuple[FieldBounds, ...]:
    """Every field of ``action``'s spec, in spec order: the bounds given in ``now``, else the
    field with no bound beyond its kind."""
    return fields_in_spec_order(ACTION_FIELDS[action], now)


def _seat_field(seats: Sequence[int], labels: Sequence[Words] | None = None) -> FieldBounds:
    return position_bounds(_SEAT, seats, labels)


def _cards_field(count: int) -> FieldBounds:
    return FieldBounds("cards", FieldKind.CARDS, min_count=count, max_count=count)


def _betting_action(state: RubyRunTable, choice: BettingChoice) -> LegalAction:
    action, seat = choice.action, choice.seat
    now = {"seat": _seat_field((seat,))}
    figures: tuple[Figure, ...] = ()
    label = _BETTING_LABELS[action]
    if action is Action.CALL:
        assert choice.amount is not None
        if choice.all_in:
            label = Words("Call (all in)")
        figures = (Figure("to_call", Words("To call"), choice.amount),)
    elif action is Action.ALL_IN:
        assert choice.amount is not None and choice.total is not None
        figures = (
            Figure("all_in", Words("All in"), choice.amount),
            Figure("total", Words("Bet for the round"), choice.total),
        )
    elif action in (Action.BET, Action.RAISE_TO):
        assert choice.minimum is not None and choice.maximum is not None
        least, most = choice.minimum, choice.maximum
        now["amount"] = amount_bounds(_AMOUNT, least, most, state.rules.chip_unit)
        figures = (
            Figure("min", Words("At least"), least),
            Figure("max", Words("At most"), most),
        )
    return LegalAction(action.value, label, seat_position(seat), _bounds(action, now), figures)


def _dealing_action(state: RubyRunTable, phase: Phase) -> LegalAction:
    rules = state.rules
    if phase is Phase.SEATING:
        seating = state.seating
        seats = tuple(range(1, seating.seats + 1))
        now = seating_bounds(ACTION_FIELDS[Action.SEAT_PLAYERS], rules, seating, seats)
        return LegalAction(
            Action.SEAT_PLAYERS.value,
            Words("Seat the players"),
            None,
            _bounds(Action.SEAT_PLAYERS, now),
        )
    if phase is Phase.FORCED_BETS:
        return LegalAction(
            Action.POST_FORCED_BETS.value,
            Words("Post the forced bets"),
            None,
            (),
            _forced_bet_figures(state),
        )
    if phase is Phase.HOLE_CARDS:
        waiting = [seat for seat in state.clockwise_order if state.hole_cards(seat) is None]
        only = seat_position(waiting[0]) if len(waiting) == 1 else None
        labels = tuple(Words("Seat {seat}: hole cards", seat=seat) for seat in waiting)
        now = {
            "seat": _seat_field(waiting, labels=labels),
            "cards": _cards_field(HOLE_CARDS),
        }
        label = labels[0] if only else Words("Hole cards to a seat")
        return LegalAction(
            Action.DEAL_HOLE_CARDS.value, label, only, _bounds(Action.DEAL_HOLE_CARDS, now)
        )
    if phase is Phase.UNDER_CARDS:
        if rules.under_cards is UnderCards.FACE_DOWN:
            cards = FieldBounds(
                "cards", FieldKind.CARDS, required=False, nullable=True, min_count=0, max_count=0
            )
            label = Words("Deal the under cards face down")
        else:
            cards = _cards_field(UNDER_CARDS)
            label = Words("Deal the under cards")
        return LegalAction(
            Action.DEAL_UNDER_CARDS.value,
            label,
            None,
            _bounds(Action.DEAL_UNDER_CARDS, {"cards": cards}),
        )
    action = {
        Phase.OVER_CARDS: Action.DEAL_OVER_CARDS,
        Phase.SLAM: Action.DEAL_SLAM,
        Phase.REVEAL: Action.REVEAL_UNDER_CARDS,
    }[phase]
    now = {} if action is Action.DEAL_SLAM else {"cards": _cards_field(OVER_CARDS)}
    return LegalAction(action.value, _DEALING_LABELS[action], None, _bounds(action, now))


def _forced_bet_figures(state: RubyRunTable) -> tuple[Figure, ...]:
    rules = state.rules
    figures = []
    if rules.ante > ZERO:
        figures.append(Figure("ante", Words("Ante from every seat"), rules.ante))
    small, big = state.small_blind_seat, state.big_blind_seat
    if small is not None:
        label = Words("Small blind, seat {seat}", seat=small)
        figures.append(Figure("small_blind", label, rules.small_blind))
    if big is not None:
        label = Words("Big blind, seat {seat}", seat=big)
        figures.append(Figure("big_blind", label, rules.big_blind))
    return tuple(figures)


# -- seats -----------------------------------------------------------------------------------------

#: A seat's figures' labels, the same for every seat of every view: made once.
_STACK: Final = Words("Stack")
_BET_THIS_ROUND: Final = Words("Bet this round")
_PUT_IN: Final = Words("Put in")
_WON: Final = Words("Won")
_FINAL_STACK: Final = Words("Final stack")


def _positions(state: RubyRunTable) -> tuple[PositionView, ...]:
    result = state.hand_result
    shown: dict[int, Words] = {}
    if result is not None and result.showdown:
        for award in result.awards:
            shown |= award.hands
    final = state.final_stacks
    stacks, bets, put_in = state.stacks, state.bets, state.contributions
    folded, all_in, to_act = state.folded, state.all_in_seats, state.to_act
    views = []
    for seat in state.seats:
        if seat in folded:
            status = "folded"
        elif seat in all_in:
            status = "all in"
        elif seat == to_act:
            status = "to act"
        else:
            status = "in"
        hole = state.hole_cards(seat) or ()
        cards = card_texts(hole) if seat in shown else ()
        figures = [
            Figure("stack", _STACK, stacks[seat]),
            Figure("bet", _BET_THIS_ROUND, bets[seat]),
            Figure("contributed", _PUT_IN, put_in[seat]),
        ]
        if result is not None and final is not None:
            figures.append(Figure("won", _WON, result.winnings.get(seat, ZERO)))
            figures.append(Figure("final_stack", _FINAL_STACK, final[seat]))
        views.append(
            PositionView(
                position=seat_position(seat),
                label=seat_label(seat),
                status=status,
                to_act=seat == to_act,
                cards=cards,
                hidden_cards=len(hole) - len(cards),
                hand=shown.get(seat),
                figures=tuple(figures),
            )
        )
    return tuple(views)


# -- the table -------------------------------------------------------------------------------------


def _card_groups(state: RubyRunTable) -> tuple[CardGroup, ...]:
    slam = state.slam
    over_live = under_live = None
    if slam is not None:
        over_live = slam.rank < _FACE_SLAM_MIN_RANK
        under_live = not over_live
    over = state.over_cards or ()
    under = state.under_cards
    # Face-down under cards lie on the table until a number Slam has them mucked unseen.
    face_down = state.under_dealt and under is None and under_live is not False
    groups = [
        CardGroup("over", _row_label(Words("Over cards"), over_live), card_texts(over)),
        CardGroup(
            "under",
            _row_label(Words("Under cards"), under_live),
            card_texts(under or ()),
            hidden=UNDER_CARDS if face_down else 0,
        ),
        CardGroup("slam", Words("Slam"), () if slam is None else (str(slam),)),
    ]
    exposed = state.exposed_cards
    if exposed:
        groups.append(CardGroup("exposed", Words("Exposed cards"), card_texts(exposed)))
    return tuple(groups)


def _row_label(label: Words, live: bool | None) -> Words:
    if live is None:
        return label
    return Words("{row} (live)", row=label) if live else Words("{row} (dead)", row=label)


def _figures(state: RubyRunTable) -> tuple[Figure, ...]:
    figures = [Figure("pot", Words("Pot"), state.pot_total)]
    pots, _uncalled = state.pots()
    if len(pots) > 1:
        figures += [
            Figure(
                f"pot_{pot.index}",
                pot_label(pot.index),
                pot.amount,
            )
            for pot in pots
        ]
    if state.phase is Phase.BETTING:
        figures.append(Figure("current_bet", Words("Current bet"), state.current_bet))
    result = state.hand_result
    if result is not None:
        figures.append(Figure("rake", Words("Rake"), result.rake))
    rules = state.rules
    if rules.big_blind > ZERO:
        figures.append(Figure("small_blind", Words("Small blind"), rules.small_blind))
        figures.append(Figure("big_blind", Words("Big blind"), rules.big_blind))
    if rules.ante > ZERO:
        figures.append(Figure("ante", Words("Ante"), rules.ante))
    if rules.betting is Betting.FIXED_LIMIT:
        figures.append(Figure("small_bet", Words("Small bet"), rules.small_bet))
        figures.append(Figure("big_bet", Words("Big bet"), rules.big_bet))
    return tuple(figures)


def _facts(state: RubyRunTable) -> tuple[Fact, ...]:
    rules, options = state.rules, state.options
    betting_round = state.betting_round
    facts = [
        Fact(
            "betting_round",
            Words("Betting round"),
            "—" if betting_round is None else _ROUND_LABELS[betting_round],
        )
    ]
    if state.button is not None:
        facts.append(Fact("button", Words("Button"), seat_label(state.button)))
    if state.small_blind_seat is not None:
        seat = seat_label(state.small_blind_seat)
        facts.append(Fact("small_blind_seat", Words("Small blind"), seat))
    if state.big_blind_seat is not None:
        seat = seat_label(state.big_blind_seat)
        facts.append(Fact("big_blind_seat", Words("Big blind"), seat))
    # The forced bets' and the fixed limit's amounts are figures (_figures): no amount in words.
    facts.append(Fact("betting", Words("Betting"), _BETTING_STRUCTURES[rules.betting]))
    if rules.betting is Betting.FIXED_LIMIT and betting_round is not None:
        raises = Words("{raises} of {most}", raises=state.raises, most=rules.max_raises)
        facts.append(Fact("raises", Words("Raises"), raises))
    facts += [
        Fact("under_cards", Words("Under cards"), _UNDER_CARDS[rules.under_cards]),
        Fact("ace_low_runs", Words("Ace low in runs"), yes_no(options.ace_low_runs)),
        Fact(
            "betting_after_over_cards",
            Words("Betting after the over cards"),
            yes_no(options.betting_after_over_cards),
        ),
        Fact(
            "betting_after_slam",
            Words("Betting after the Slam"),
            yes_no(options.betting_after_slam),
        ),
    ]
    return tuple(facts)
