"""The one contract between the table service and every game engine.

A game is a :class:`GameDefinition`: it validates a rule set and the options agreed before the
deal, builds a fresh :class:`GameState` from a round's :class:`RoundTerms`, restores one from a
snapshot, reads stored events back, and lists its dealer actions as :class:`ActionSpec` values
(each with its input fields and its verify / perform pair, built on the state's
``verify_x`` / ``can_x`` / ``x`` triad).

A state answers the dealer's tablet in ONE shape for every game, :class:`TabletView`: the phase,
whose turn it is (a box or a seat), each legal action with its fields' bounds now, the boxes or
seats at a glance, the cards on the table, the money figures, and the cards still unseen in the
deck. Once the round is complete, :meth:`GameState.result` is its settlement as data
(:class:`GameResult`): every stake, every line computed and paid with the reason for any
difference, and each box's or seat's net.

Every value crossing this seam is typed; JSON crossing it is :data:`JsonValue` (no floats: an
amount is a decimal string).

A state is restorable: :meth:`GameState.snapshot` is JSON from which
:meth:`GameDefinition.restore` rebuilds a state that behaves exactly as the one replayed from
every event (same view, same legal actions, same result, same next snapshot), without the
history that only a replay needs. That is what lets an action cost the same in the first hand
and the eightieth; replaying the events stays the auditor's proof.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import Field, dataclass, field, fields
from decimal import Decimal
from enum import StrEnum
from typing import ClassVar, Final, Protocol, TypeAlias, cast

from casino.games.cards import CARD_NAMES, CARDS, Card, parse_card
from casino.games.words import Words, words_json

#: JSON data as it crosses the seam: never a float (amounts are decimal strings).
JsonValue: TypeAlias = None | bool | int | str | list["JsonValue"] | dict[str, "JsonValue"]
JsonObject: TypeAlias = dict[str, JsonValue]

#: A dealer action's validated input, by field name: what the API layer hands the engine.
#: ``position`` and ``integer`` fields are ``int``, ``amount`` a ``Decimal``, ``card`` a
#: :class:`Card`, ``cards`` a tuple of cards (or ``None`` where nullable), ``target``,
#: ``choice`` and ``text`` a ``str``, ``flag`` a ``bool``, ``stacks`` a mapping of seat to amount.
InputValue: TypeAlias = (
    None | bool | int | str | Decimal | Card | tuple[Card, ...] | Mapping[int, Decimal]
)
ActionInput: TypeAlias = Mapping[str, InputValue]

#: The cards ``expose_card`` and every other card action may take are those still unseen in the
#: current deck pass (:attr:`TabletView.unseen_cards`).
DECK_SIZE: Final = 52

#: The option a round of a game that carries chips from game to game
#: (:attr:`GameDefinition.carries_chips`) is opened with: the chips the house float holds for it
#: from the table's last game (an amount as text). The table service pins it, never the dealer.
CARRIED_IN_OPTION: Final = "carried_in"


#: The types whose values are their own JSON form (exactly these: an enum member is a ``str``
#: or an ``int`` too, and is written as its value).
_PLAIN_JSON: Final = frozenset({str, int, bool, type(None)})


def json_value(value: object) -> JsonValue:
    """``value`` in its JSON form: an amount as its text, an enum member as its value, a tuple
    as a list of theirs, a part with its own ``to_dict`` as that; JSON as it is.

    >>> json_value((Decimal("2.50"), PositionKind.BOX, None))
    ['2.50', 'box', None]
    """
    # Most of a view's leaves are plain JSON or tuples: answered before the checks below,
    # which a tablet view's thousands of leaves would otherwise each pay for.
    kind = type(value)
    if kind in _PLAIN_JSON:
        return value  # type: ignore[return-value]  # one of JSON's own types, by the test
    if kind is tuple:
        return [json_value(item) for item in value]  # type: ignore[attr-defined]
    if kind is Words:
        # Its English text, as a plain str: its words as data go beside it (JsonFields).
        return str(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return [json_value(item) for item in value]
    to_dict: Callable[[], JsonObject] | None = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    return cast(JsonValue, value)


class JsonFields:
    """The base of a dataclass whose JSON form is its fields, in order, each as
    :func:`json_value` writes it.

    A field named in ``WORDED`` holds words the engines wrote for people (a label): in English,
    a :class:`~casino.games.words.Words` or a plain text (a player's name, a number). Its JSON
    is the English text as before, and after the fields ``<name>_words``: the words as data
    (:meth:`~casino.games.words.Words.as_json`), or ``null`` for a plain text; for a tuple of
    labels, a list of those (or ``null`` for no tuple).
    """

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[object]]]
    #: The fields holding words (see the class's docstring).
    WORDED: ClassVar[frozenset[str]] = frozenset()

    def to_dict(self) -> JsonObject:
        write = _WRITERS.get(type(self))
        if write is None:
            write = _WRITERS[type(self)] = _writer(type(self))
        return write(self)


def worded_json(value: object) -> JsonValue:
    """The ``<name>_words`` of a worded field's ``value`` (:class:`JsonFields`)."""
    if type(value) is tuple:
        return [words_json(item) for item in value]  # type: ignore[misc]
    return words_json(value)  # type: ignore[return-value]


def _writer(cls: type[JsonFields]) -> Callable[[JsonFields], JsonObject]:
    """The JSON form of ``cls``'s values, as :class:`JsonFields` says, written as one function
    of its fields (as ``dataclasses`` writes ``__init__``): a view's thousands of parts each
    read their fields once, with no loop, and a worded field's words beside its text.

    A :class:`~casino.games.words.Words` is written as its English text (a plain ``str``) and
    its words as :meth:`~casino.games.words.Words.as_json`, made once per words.
    """
    names = [item.name for item in fields(cls)]
    reads = [f"    v{index} = self.{name}" for index, name in enumerate(names)]
    items = []
    for index, name in enumerate(names):
        value = f"v{index}"
        if name in cls.WORDED:
            items.append(
                f"{name!r}: (_str({value}) if type({value}) is _Words else _json({value}))"
            )
        else:
            items.append(f"{name!r}: _json({value})")
    for index, name in enumerate(names):
        if name in cls.WORDED:
            value = f"v{index}"
            items.append(
                f"{name + '_words'!r}: ((({value}.__dict__['_json'] or {value}.as_json()))"
                f" if type({value}) is _Words else _worded({value}))"
            )
    source = "\n".join(
        [
            "def to_dict(self):",
            *reads,
            "    return {",
            *(f"        {item}," for item in items),
            "    }",
        ]
    )
    scope: dict[str, object] = {
        "_json": json_value,
        "_str": str,
        "_Words": Words,
        "_worded": worded_json,
    }
    exec(source, scope)  # noqa: S102 - the source is made above from the class's field names
    return cast(Callable[[JsonFields], JsonObject], scope["to_dict"])


#: Each :class:`JsonFields` class's JSON form, written once (:func:`_writer`).
_WRITERS: dict[type, Callable[[JsonFields], JsonObject]] = {}


class PositionKind(StrEnum):
    """A house-banked game has boxes; a pot game has seats."""

    BOX = "box"
    SEAT = "seat"


@dataclass(frozen=True, slots=True)
class Position(JsonFields):
    """A box or a seat at the table, numbered from 1."""

    kind: PositionKind
    number: int


class FieldKind(StrEnum):
    """What a field of a dealer action holds (see :data:`InputValue` for its Python type)."""

    POSITION = "position"  #: a box or seat number
    INTEGER = "integer"  #: any other whole number
    AMOUNT = "amount"  #: money, a non-negative decimal with at most two places
    CARD = "card"  #: one card, in any common spelling
    CARDS = "cards"  #: several cards, in the order dealt
    TARGET = "target"  #: where a card goes, one of named targets (``box:2``, ``dealer``)
    CHOICE = "choice"  #: one of a fixed set of words
    FLAG = "flag"  #: true or false
    TEXT = "text"  #: free text
    STACKS = "stacks"  #: chips per seat, ``{"1": "100.00", ...}``


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One input field of a dealer action, as the API validates it and the schema publishes it.

    ``min_count`` / ``max_count`` bound a ``cards`` field's length; ``min_value`` /
    ``max_value`` an ``integer`` or ``position`` field; ``max_length`` a ``text``; ``choices``
    a ``choice``. A field that is not ``required`` takes ``default`` when omitted.
    """

    name: str
    kind: FieldKind
    help: str = ""
    required: bool = True
    nullable: bool = False
    default: JsonValue = None
    min_count: int | None = None
    max_count: int | None = None
    min_value: int | None = None
    max_value: int | None = None
    max_length: int | None = None
    choices: tuple[str, ...] = ()


class Event(Protocol):
    """What every engine's events are: frozen, with a ``kind`` and a JSON form."""

    kind: ClassVar[str]

    def to_dict(self) -> JsonObject: ...


@dataclass(frozen=True, slots=True)
class GameActionSpec:
    """One dealer action of a game: its name, its input fields, and how to verify and perform
    it on a state.

    ``verify(state, data)`` raises the refusal (:class:`~casino.games.errors.GameError`) and
    changes nothing; ``perform(state, data)`` verifies, applies and returns the events it
    applied (one, for every action today). Both wrap the state's ``verify_x`` / ``x`` methods;
    given the state of another game they raise ``TypeError`` (a bug, never a refusal).
    """

    name: str
    fields: tuple[FieldSpec, ...]
    help: str
    verify: Callable[[GameState, ActionInput], None]
    perform: Callable[[GameState, ActionInput], Sequence[Event]]


@dataclass(frozen=True, slots=True)
class FieldBounds(JsonFields):
    """A field of a legal action with its bounds now.

    Only the bounds that apply to the field's kind are set: ``min`` / ``max`` for an amount,
    with ``step`` (the chip unit: an amount is a whole number of them); ``min_count`` /
    ``max_count`` for cards, which must be among ``cards`` when it is set (a box's own cards,
    to discard), else among :attr:`TabletView.unseen_cards`; ``positions`` for a position (the
    boxes or seats it may name); ``targets`` for a target; ``choices`` for a choice. ``value``
    is the only value the field may take now, when there is exactly one (the amount to call,
    the box to act).

    ``labels`` says in words what each value of ``positions``, ``targets`` or ``choices`` is
    for, one label per value in the same order ("Box 3: five cards", "Dealer: up card"), so
    that a picker opened for one of them is titled by it. ``count_of`` names another cards
    field of the action whose count this one's must equal (an exchange's replacements, as many
    as its discards), once that field is filled; ``min_count`` / ``max_count`` bound both.
    """

    WORDED: ClassVar[frozenset[str]] = frozenset({"labels"})

    name: str
    kind: FieldKind
    required: bool = True
    nullable: bool = False
    min: Decimal | None = None
    max: Decimal | None = None
    step: Decimal | None = None
    min_count: int | None = None
    max_count: int | None = None
    cards: tuple[str, ...] | None = None
    positions: tuple[int, ...] | None = None
    targets: tuple[str, ...] | None = None
    choices: tuple[str, ...] | None = None
    value: JsonValue = None
    labels: tuple[str, ...] | None = None
    count_of: str | None = None


@dataclass(frozen=True, slots=True)
class Figure(JsonFields):
    """An amount of money shown with a label: a stake, a stack, the pot, a fee."""

    WORDED: ClassVar[frozenset[str]] = frozenset({"label"})

    name: str
    label: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Fact(JsonFields):
    """Anything else worth a glance, as text: the hand number, the betting round, the button."""

    WORDED: ClassVar[frozenset[str]] = frozenset({"label", "value"})

    name: str
    label: str
    value: str


@dataclass(frozen=True, slots=True)
class LegalAction(JsonFields):
    """An action the table accepts now, with its fields' bounds: every field of its spec in
    spec order, but an optional one the table does not offer (a bonus where none is offered),
    which may not be given at all.

    ``position`` is the box or seat it belongs to, when it belongs to one; ``figures`` are the
    amounts it involves (a fee, the amount to call). The first legal action of a view is the
    one the table waits for.
    """

    WORDED: ClassVar[frozenset[str]] = frozenset({"label"})

    name: str
    label: str
    position: Position | None
    fields: tuple[FieldBounds, ...]
    figures: tuple[Figure, ...] = ()


@dataclass(frozen=True, slots=True)
class PositionView(JsonFields):
    """A box or seat at a glance: who plays it, where it stands, its cards and its money.

    ``cards`` are the cards the dealer has recorded for it that the tablet may show;
    ``hidden_cards`` counts those dealt but not shown. ``hand`` describes the hand when there
    is one to name (``"three of a kind"``, ``"red run of 4"``).
    """

    WORDED: ClassVar[frozenset[str]] = frozenset({"label", "hand"})

    position: Position
    label: str
    status: str
    to_act: bool
    cards: tuple[str, ...] = ()
    hidden_cards: int = 0
    hand: str | None = None
    figures: tuple[Figure, ...] = ()


@dataclass(frozen=True, slots=True)
class CardGroup(JsonFields):
    """Cards on the table that belong to no box or seat: the dealer's hand, the board, the
    burn card. ``hidden`` counts cards lying face down in the group."""

    WORDED: ClassVar[frozenset[str]] = frozenset({"label"})

    name: str
    label: str
    cards: tuple[str, ...] = ()
    hidden: int = 0


@dataclass(frozen=True, slots=True)
class Stake(JsonFields):
    """A stake put on the table, as the settlement writes it: by whom, what, how much."""

    position: Position
    kind: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class ResultLine:
    """What one box or seat gets back for one line of the settlement.

    ``computed`` is what the rules give (stake plus winnings, before any cap); ``paid`` what is
    handed over; ``reason`` says why they differ (empty when they do not), as a stable code, and
    ``reason_text`` in words. ``combination`` names the hand the line was judged on, in full.
    ``pot`` numbers the pot of a pot award (0 is the main pot), ``None`` elsewhere. ``label``
    is the line in words ("Ante", "Side pot 1").

    What the dealer does with the line at the settlement follows from it (:attr:`take`,
    :attr:`pay`, :attr:`stays`), less what was settled while the round was played:
    ``collected_in_play`` of the stake was taken when it was put up (a fee), ``paid_in_play``
    of ``paid`` was handed over at the player's turn (a Red Dog bet won).
    """

    position: Position
    line: str
    outcome: str
    stake: Decimal
    computed: Decimal
    paid: Decimal
    reason: str = ""
    combination: str = ""
    pot: int | None = None
    label: str = ""
    reason_text: str = ""
    collected_in_play: Decimal = Decimal(0)
    paid_in_play: Decimal = Decimal(0)

    @property
    def stays(self) -> Decimal:
        """The stake left on the layout for the player: returned, with any winnings beside it."""
        return min(self.stake - self.collected_in_play, self.paid - self.paid_in_play)

    @property
    def take(self) -> Decimal:
        """The stake lost, to collect now."""
        return self.stake - self.collected_in_play - self.stays

    @property
    def pay(self) -> Decimal:
        """The winnings to put beside the stake now."""
        return self.paid - self.paid_in_play - self.stays

    def words_dict(self) -> JsonObject:
        """The words of the line's ``label``, ``reason_text`` and ``combination``, as
        :class:`JsonFields` writes a worded field's (``<name>_words``): the view's, written with
        the result (:meth:`GameResult.to_dict`), not the settlement's line (:meth:`to_dict`)."""
        return {
            "label_words": worded_json(self.label),
            "reason_text_words": worded_json(self.reason_text),
            "combination_words": worded_json(self.combination),
        }

    def to_dict(self) -> JsonObject:
        return {
            "position": self.position.to_dict(),
            "line": self.line,
            "label": self.label,
            "outcome": self.outcome,
            "stake": str(self.stake),
            "computed": str(self.computed),
            "paid": str(self.paid),
            "reason": self.reason,
            "reason_text": self.reason_text,
            "combination": self.combination,
            "pot": self.pot,
            "take": str(self.take),
            "pay": str(self.pay),
            "stays": str(self.stays),
            "collected_in_play": str(self.collected_in_play),
            "paid_in_play": str(self.paid_in_play),
        }


@dataclass(frozen=True, slots=True)
class PositionResult:
    """One box's or seat's totals: ``net = returned - staked`` (positive when it won);
    ``withheld`` is what a cap kept back, ``withheld_reason`` why, in words.

    The figures a dealer pays from, in the order a layout is worked: ``take`` (stakes lost, to
    collect), ``pay`` (winnings to put beside the stakes), ``stays`` (stakes returned on the
    layout). What was settled while the round was played is apart: ``collected_in_play`` (a
    fee taken when it was paid, a pot game's chips put into the pot) and ``paid_in_play``
    (a pot game's chips taken from the pot at a turn). So
    ``net = pay - take + paid_in_play - collected_in_play``.
    """

    position: Position
    staked: Decimal
    returned: Decimal
    net: Decimal
    withheld: Decimal = Decimal(0)
    take: Decimal = Decimal(0)
    pay: Decimal = Decimal(0)
    stays: Decimal = Decimal(0)
    collected_in_play: Decimal = Decimal(0)
    paid_in_play: Decimal = Decimal(0)
    withheld_reason: str = ""

    def words_dict(self) -> JsonObject:
        """The words of ``withheld_reason`` (``withheld_reason_words``), written with the result
        (:meth:`GameResult.to_dict`), as :meth:`ResultLine.words_dict`."""
        return {"withheld_reason_words": worded_json(self.withheld_reason)}

    def to_dict(self) -> JsonObject:
        return {
            "position": self.position.to_dict(),
            "staked": str(self.staked),
            "returned": str(self.returned),
            "net": str(self.net),
            "take": str(self.take),
            "pay": str(self.pay),
            "stays": str(self.stays),
            "withheld": str(self.withheld),
            "withheld_reason": self.withheld_reason,
            "collected_in_play": str(self.collected_in_play),
            "paid_in_play": str(self.paid_in_play),
        }


@dataclass(frozen=True, slots=True)
class GameResult:
    """The settlement of a complete round, as data.

    ``stakes`` and ``lines`` are what the settlement service writes (wager lines and payout
    lines); ``positions`` each box's or seat's totals. ``staked - returned = house_result``;
    in a pot game (``pot_game``) the house keeps only ``rake`` (commissions and fees), so
    ``house_result == rake``. ``detail`` is the engine's own full settlement as JSON: a replay
    must reproduce it exactly.

    ``take``, ``pay``, ``stays``, ``collected_in_play`` and ``paid_in_play`` are the sums of
    the positions' (see :class:`PositionResult`). A pot game may carry chips from one game to
    the next (Red Dog's odd chips of the final share, RULES A.3): ``carried_in`` came into this
    game's pot from the house float, ``carried_out`` stays in the float for the table's next
    game. Neither is the house's, so ``staked`` counts the one and ``returned`` the other, as
    if the float were one more player: ``staked = sum of the stakes + carried_in``,
    ``returned = sum of the lines paid + carried_out``, and so

        sum(pay) - sum(take) + sum(paid_in_play) - sum(collected_in_play)
            = -house_result + carried_in - carried_out

    (for a round settled wholly at its end, ``sum(pay) - sum(take) = -house_result``).
    """

    stakes: tuple[Stake, ...]
    lines: tuple[ResultLine, ...]
    positions: tuple[PositionResult, ...]
    staked: Decimal
    returned: Decimal
    house_result: Decimal
    withheld: Decimal
    cap_applied: bool
    pot_game: bool
    rake: Decimal
    detail: JsonObject = field(default_factory=dict)
    take: Decimal = Decimal(0)
    pay: Decimal = Decimal(0)
    stays: Decimal = Decimal(0)
    collected_in_play: Decimal = Decimal(0)
    paid_in_play: Decimal = Decimal(0)
    carried_in: Decimal = Decimal(0)
    carried_out: Decimal = Decimal(0)

    def to_dict(self) -> JsonObject:
        return {
            "stakes": [s.to_dict() for s in self.stakes],
            # Each line and position with its words: what the view shows of them.
            "lines": [line.to_dict() | line.words_dict() for line in self.lines],
            "positions": [p.to_dict() | p.words_dict() for p in self.positions],
            "staked": str(self.staked),
            "returned": str(self.returned),
            "house_result": str(self.house_result),
            "withheld": str(self.withheld),
            "cap_applied": self.cap_applied,
            "pot_game": self.pot_game,
            "rake": str(self.rake),
            "take": str(self.take),
            "pay": str(self.pay),
            "stays": str(self.stays),
            "collected_in_play": str(self.collected_in_play),
            "paid_in_play": str(self.paid_in_play),
            "carried_in": str(self.carried_in),
            "carried_out": str(self.carried_out),
        }


@dataclass(frozen=True, slots=True)
class TabletView(JsonFields):
    """What the dealer's tablet renders from, the same shape for every game.

    ``turn`` is the box or seat whose decision the table waits for (``None`` when the next
    input is the dealer's own: a card, a reveal). ``actions`` are the legal actions now, the
    one the table waits for first. ``unseen_cards`` are the cards that may still be recorded in
    the current deck pass (``deck_pass``): a card picker greys out every other card.
    ``result`` is set once the round is complete.
    """

    game: str
    phase: str
    complete: bool
    turn: Position | None
    actions: tuple[LegalAction, ...]
    positions: tuple[PositionView, ...]
    card_groups: tuple[CardGroup, ...]
    figures: tuple[Figure, ...]
    facts: tuple[Fact, ...]
    deck_pass: int
    unseen_cards: tuple[str, ...]
    event_count: int
    result: GameResult | None = None


@dataclass(frozen=True, slots=True)
class CardShown:
    """A card an event records, and where it went (``box:2``, ``seat:3``, ``dealer``, ``burn``)."""

    card: Card
    position: str


@dataclass(frozen=True, slots=True)
class ChipMovement:
    """A chip movement of a pot game, numbered from 1 within the round."""

    seq: int
    source: str
    destination: str
    amount: Decimal
    reason: str


@dataclass(frozen=True, slots=True)
class RoundTerms:
    """What a round is played under, pinned when it opens: the rule set's settings, the
    paytables (kind to line to multiple "to 1"; empty for a game without), the table's limits
    (amounts as decimal strings) and the options agreed before the deal.

    Every part is JSON as stored; the game parses what it needs.
    """

    rules: JsonObject
    paytables: Mapping[str, Mapping[str, Decimal]]
    limits: JsonObject
    options: JsonObject


class GameState(Protocol):
    """One round of one game, driven by the dealer's actions (see the module's docstring)."""

    @property
    def phase(self) -> StrEnum: ...

    @property
    def complete(self) -> bool:
        """Whether every input is recorded: the round can be settled and accepts no action."""
        ...

    @property
    def events(self) -> tuple[Event, ...]:
        """The events applied to this object since it was built or restored."""
        ...

    @property
    def event_count(self) -> int:
        """Every event of the round, those before a restore included."""
        ...

    @property
    def deck_pass(self) -> int:
        """The deck in use, from 1: a card may be recorded once per pass."""
        ...

    @property
    def movements(self) -> tuple[ChipMovement, ...]:
        """Chip movements made since this object was built or restored (none for a
        house-banked game); their ``seq`` continues the round's numbering."""
        ...

    def apply(self, event: Event) -> Event:
        """Apply a stored event through its action, with the same checks.

        :raises GameError: as the action would.
        """
        ...

    def cards_shown(self, event: Event) -> tuple[CardShown, ...]:
        """The cards ``event`` records and where they went."""
        ...

    def tablet_view(self) -> TabletView: ...

    def view(self) -> JsonObject:
        """The game's own detailed picture of the round (game-specific keys)."""
        ...

    def snapshot(self) -> JsonObject:
        """JSON from which :meth:`GameDefinition.restore` rebuilds this state exactly."""
        ...

    def result(self) -> GameResult:
        """The settlement of the complete round.

        :raises GameError: ``round_not_complete`` (``data["phase"]``) before it is complete.
        """
        ...


class GameDefinition(Protocol):
    """A game: its name, its actions, and how to build, restore and read its rounds."""

    @property
    def name(self) -> str: ...

    @property
    def position_kind(self) -> PositionKind: ...

    @property
    def actions(self) -> Mapping[str, GameActionSpec]: ...

    @property
    def carries_chips(self) -> bool:
        """Whether a game's leftover chips are carried to the table's next game
        (:attr:`GameResult.carried_out`): its rounds then open with :data:`CARRIED_IN_OPTION`
        beside what :meth:`normalise_options` accepts from the dealer."""
        ...

    def validate_rules(self, settings: JsonObject) -> JsonObject:
        """The rule set's settings validated and completed with the defaults.

        :raises GameError: ``ruleset_invalid`` (``data["field"]``).
        """
        ...

    def normalise_options(self, options: JsonObject) -> JsonObject:
        """What was agreed before the deal, validated.

        :raises GameError: ``options_invalid`` (``data["field"]``).
        """
        ...

    def new_state(self, terms: RoundTerms) -> GameState:
        """A fresh round under ``terms``. :raises GameError: for terms that cannot work."""
        ...

    def restore(self, terms: RoundTerms, snapshot: JsonObject) -> GameState:
        """The state a :meth:`GameState.snapshot` describes.

        :raises GameError: ``snapshot_invalid`` for JSON that is not a snapshot of this game.
        """
        ...

    def read_event(self, data: JsonObject) -> Event:
        """A stored event read back. :raises GameError: ``event_invalid``,
        ``event_kind_unknown``."""
        ...


def complete_input(fields: Sequence[FieldSpec], data: ActionInput) -> dict[str, InputValue]:
    """``data`` as a game's action takes it: every optional field the caller left out takes its
    default, and a card given by its index or its text becomes a :class:`Card`.

    The API validates its input into this form already; a caller in code (a script, a test)
    may pass plain values.

    >>> spec = (FieldSpec("card", FieldKind.CARD), FieldSpec("reason", FieldKind.TEXT,
    ...         required=False, default=""))
    >>> complete_input(spec, {"card": 51})
    {'card': Card('Ac'), 'reason': ''}
    """
    completed: dict[str, InputValue] = dict(data)
    for spec in fields:
        if spec.name not in completed:
            if not spec.required:
                completed[spec.name] = _input_default(spec.default)
            continue
        value = completed[spec.name]
        if (
            spec.kind is FieldKind.CARD
            and isinstance(value, int | str)
            and not isinstance(value, bool | Card)
        ):
            completed[spec.name] = parse_card(value)
        elif spec.kind is FieldKind.CARDS and isinstance(value, tuple | list):
            completed[spec.name] = tuple(
                card if isinstance(card, Card) else parse_card(card) for card in value
            )
    return completed


def _input_default(default: JsonValue) -> InputValue:
    if isinstance(default, list | dict):
        raise TypeError("a field's default is a single value")
    return default


def _reasons(reasons: Sequence[str]) -> str:
    """``reasons`` joined by ``"; "``, as words when they are words (each in turn)."""
    joined = ""
    for reason in reasons:
        joined = Words("{first}; {then}", first=joined, then=reason) if joined else reason
    return joined


def unseen_card_texts(seen: Container[int]) -> tuple[str, ...]:
    """The cards of the deck not in ``seen``, in deck order, as :attr:`TabletView.unseen_cards`
    lists them.

    >>> len(unseen_card_texts({0, 1, 2})), unseen_card_texts(set(range(51)))
    (49, ('Ac',))
    """
    return tuple(name for card, name in zip(CARDS, CARD_NAMES, strict=True) if card not in seen)


def game_result(
    *,
    stakes: Sequence[Stake],
    lines: Sequence[ResultLine],
    pot_game: bool,
    rake: Decimal = Decimal(0),
    detail: JsonObject | None = None,
    carried_in: Decimal = Decimal(0),
    carried_out: Decimal = Decimal(0),
) -> GameResult:
    """A :class:`GameResult` with every total summed from ``stakes`` and ``lines``: per box or
    seat (in position order) and for the round.

    A stake no line accounts for (a pot game's chips put into the pot) was collected in play.

    >>> box = Position(PositionKind.BOX, 1)
    >>> result = game_result(
    ...     stakes=[Stake(box, "ante", Decimal(10))],
    ...     lines=[ResultLine(box, "ante", "win", Decimal(10), Decimal(30), Decimal(25), "cap")],
    ...     pot_game=False,
    ... )
    >>> result.positions[0].net, result.house_result, result.withheld, result.cap_applied
    (Decimal('15'), Decimal('-15'), Decimal('5'), True)
    >>> result.positions[0].take, result.positions[0].pay, result.positions[0].stays
    (Decimal('0'), Decimal('15'), Decimal('10'))
    """
    zero = Decimal(0)
    staked: dict[Position, Decimal] = {}
    returned: dict[Position, Decimal] = {}
    withheld: dict[Position, Decimal] = {}
    sums: dict[Position, list[Decimal]] = {}
    reasons: dict[Position, list[str]] = {}
    for stake in stakes:
        staked[stake.position] = staked.get(stake.position, zero) + stake.amount
    for line in lines:
        returned[line.position] = returned.get(line.position, zero) + line.paid
        withheld[line.position] = withheld.get(line.position, zero) + line.computed - line.paid
        take, pay, stays, collected, paid, staked_in_lines = sums.setdefault(
            line.position, [zero] * 6
        )
        sums[line.position] = [
            take + line.take,
            pay + line.pay,
            stays + line.stays,
            collected + line.collected_in_play,
            paid + line.paid_in_play,
            staked_in_lines + line.stake,
        ]
        if line.reason_text and line.reason_text not in reasons.setdefault(line.position, []):
            reasons[line.position].append(line.reason_text)
    positions = []
    for position in sorted(set(staked) | set(returned), key=lambda p: (p.kind, p.number)):
        take, pay, stays, collected, paid, staked_in_lines = sums.get(position, [zero] * 6)
        own_staked, own_returned = staked.get(position, zero), returned.get(position, zero)
        positions.append(
            PositionResult(
                position=position,
                staked=own_staked,
                returned=own_returned,
                net=own_returned - own_staked,
                withheld=withheld.get(position, zero),
                take=take,
                pay=pay,
                stays=stays,
                collected_in_play=collected + own_staked - staked_in_lines,
                paid_in_play=paid,
                withheld_reason=_reasons(reasons.get(position, [])),
            )
        )
    total_staked = sum(staked.values(), zero) + carried_in
    total_returned = sum(returned.values(), zero) + carried_out
    total_withheld = sum(withheld.values(), zero)
    return GameResult(
        stakes=tuple(stakes),
        lines=tuple(lines),
        positions=tuple(positions),
        staked=total_staked,
        returned=total_returned,
        house_result=total_staked - total_returned,
        withheld=total_withheld,
        cap_applied=total_withheld > zero,
        pot_game=pot_game,
        rake=rake,
        detail=dict(detail or {}),
        take=sum((p.take for p in positions), zero),
        pay=sum((p.pay for p in positions), zero),
        stays=sum((p.stays for p in positions), zero),
        collected_in_play=sum((p.collected_in_play for p in positions), zero),
        paid_in_play=sum((p.paid_in_play for p in positions), zero),
        carried_in=carried_in,
        carried_out=carried_out,
    )
