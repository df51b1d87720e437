"""A Red Dog table's rule set: every setting of RULES.md A.3 with its default.

The database stores a rule set as the dict of :meth:`RedDogRules.to_dict` and rebuilds it with
:meth:`RedDogRules.from_dict`, which refuses anything the product does not allow. Building a
``RedDogRules`` directly runs the same checks.

>>> rules = RedDogRules.from_dict({"variant": "shoot", "shoot_pot_min": "10", "shoot_pot_max": 50})
>>> rules.cards_for(players=8), rules.minimum_bet, rules.pot_limits()
(3, Decimal('2'), (Decimal('10'), Decimal('50')))
>>> RedDogRules.from_dict(rules.to_dict()) == rules
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from decimal import Decimal
from enum import StrEnum
from typing import Final

from casino.games.money import ZERO, is_chip_multiple
from casino.games.rule_settings import RuleSettings, invalid_setting

#: Seats are numbered 1..TABLE_SEATS clockwise; "left of the dealer" is the next higher number.
TABLE_SEATS: Final = 8
#: Players at a table (A.3: 3–8, no other values); a table may narrow the range, not widen it.
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 8
#: Cards dealt to each player when the table fixes the number (A.3 "Cards each").
CARD_COUNTS: Final = (3, 4, 5)
#: With this many players or more, the default deal is four cards instead of five (seed-RD).
FOUR_CARD_PLAYERS: Final = 7
#: Shoot and Slippery Sam deal three cards each (RULES 3.2).
SHOOT_CARDS: Final = 3
#: After this many deals in a row a Shoot dealer chooses to keep the pot or deal once more.
SHOOT_DEALS_BEFORE_CHOICE: Final = 3


class Variant(StrEnum):
    """The game played at the table (RULES 3.2); "fewer cards" is ``cards_each``."""

    STANDARD = "standard"
    DEALERS_BANK = "dealers_bank"
    SHOOT = "shoot"
    SLIPPERY_SAM = "slippery_sam"


class Refill(StrEnum):
    """What pot calls for a refill, everyone in the hand anteing again at once (standard
    variant): one holding less than the ante, or only an empty one."""

    BELOW_ANTE = "below_ante"
    EMPTY = "empty"


class RefillTiming(StrEnum):
    """After which turns a short pot is refilled (standard variant, RULES.md A.3).

    ``every_turn`` (the default): after any turn that leaves the pot short, the hand's last turn
    included; the next hand's antes then follow as usual. ``before_bet``: only when another bet
    of the same hand follows, so that after the hand's last turn the next hand's antes serve as
    the refill. When the pot is shared at the end of each hand (``end_of_hand`` ``share``) it
    never carries to the next hand, so no refill follows the hand's last turn either way.
    """

    EVERY_TURN = "every_turn"
    BEFORE_BET = "before_bet"


class EndOfHand(StrEnum):
    """What happens to the pot when a standard hand is over."""

    CARRY = "carry"
    SHARE = "share"


class Commission(StrEnum):
    """The house's charge: none, a fee per player per hand, or a percentage of each win."""

    NONE = "none"
    HAND_FEE = "hand_fee"
    WIN_PERCENT = "win_percent"


_SHOOT_VARIANTS: Final = frozenset({Variant.SHOOT, Variant.SLIPPERY_SAM})
_ENUM_FIELDS: Final[dict[str, type[StrEnum]]] = {
    "refill": Refill,
    "refill_timing": RefillTiming,
    "end_of_hand": EndOfHand,
    "variant": Variant,
    "commission": Commission,
}
_DECIMAL_FIELDS: Final = frozenset(
    {
        "ante",
        "chip_unit",
        "shoot_min_bet",
        "shoot_pot_min",
        "shoot_pot_max",
        "hand_fee",
        "win_percent",
    }
)
_OPTIONAL_FIELDS: Final = frozenset(
    {"cards_each", "shoot_min_bet", "shoot_pot_min", "shoot_pot_max"}
)
_INT_FIELDS: Final = frozenset({"min_players", "max_players", "cards_each"})
_BOOL_FIELDS: Final = frozenset({"burn_card"})
_HUNDRED: Final = Decimal(100)


@dataclass(frozen=True, kw_only=True)
class RedDogRules(RuleSettings):
    """The settings of one Red Dog table; the defaults are those of RULES.md A.3.

    ``cards_each`` ``None`` means the rule book's count: five, or four with seven or eight
    players, and three in Shoot and Slippery Sam. The ``shoot_*`` settings may be set only with
    the Shoot or Slippery Sam variant; ``None`` there means: the minimum bet is the ante, the
    pot's minimum is the minimum bet, and the pot has no maximum beyond the dealer's stack.
    ``hand_fee`` is a chip amount paid to the house at the start of each hand (each deal, in
    Shoot) by every player dealt cards; ``win_percent`` is a percentage (0–100, exclusive) of
    each won bet, rounded down to the chip. Each must be set exactly when its ``commission`` is
    chosen. ``refill`` says which pot is short (below the ante, or only an empty one) and
    ``refill_timing`` after which turns a short pot is refilled (:class:`RefillTiming`: by
    default also after the hand's last turn). Settings a variant has no use for (the refill and
    end-of-hand rules outside the standard game, the burn card in Slippery Sam) are kept but
    ignored.

    :raises GameError: ``ruleset_invalid`` with ``data["field"]`` on any bad value.
    """

    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    cards_each: int | None = None
    burn_card: bool = True
    refill: Refill = Refill.BELOW_ANTE
    refill_timing: RefillTiming = RefillTiming.EVERY_TURN
    end_of_hand: EndOfHand = EndOfHand.CARRY
    variant: Variant = Variant.STANDARD
    ante: Decimal = Decimal(2)
    chip_unit: Decimal = Decimal(1)
    shoot_min_bet: Decimal | None = None
    shoot_pot_min: Decimal | None = None
    shoot_pot_max: Decimal | None = None
    commission: Commission = Commission.NONE
    hand_fee: Decimal = ZERO
    win_percent: Decimal = ZERO

    def __post_init__(self) -> None:
        self._check_types()
        self._check_players()
        self._check_amounts()
        self._check_shoot()
        self._check_commission()

    @property
    def is_dealer_funded(self) -> bool:
        """The dealer alone puts up the pot, takes no cards and does not bet (no antes)."""
        return self.variant is not Variant.STANDARD

    @property
    def is_shoot_like(self) -> bool:
        """Shoot or Slippery Sam: pot limits, three cards, one dealer deals up to four times."""
        return self.variant in _SHOOT_VARIANTS

    @property
    def burns(self) -> bool:
        """Whether each turn burns a card (Slippery Sam turns no card per player, so never)."""
        return self.burn_card and self.variant is not Variant.SLIPPERY_SAM

    @property
    def minimum_bet(self) -> Decimal:
        """The smallest bet the rule set allows (the pot may cap it lower, see the state)."""
        if self.is_shoot_like and self.shoot_min_bet is not None:
            return self.shoot_min_bet
        return self.ante

    def pot_limits(self) -> tuple[Decimal, Decimal | None]:
        """The least and most a dealer may put up as the pot in a dealer-funded variant.

        Dealer's bank has no limits in the rule book beyond the minimum bet (a smaller pot could
        not take a single bet) and the dealer's own stack; ``None`` means no maximum.
        """
        if self.is_shoot_like:
            low = self.shoot_pot_min if self.shoot_pot_min is not None else self.minimum_bet
            return low, self.shoot_pot_max
        return self.minimum_bet, None

    def cards_for(self, *, players: int) -> int:
        """Cards dealt to each hand when ``players`` (dealer included) take part."""
        if self.cards_each is not None:
            return self.cards_each
        if self.is_shoot_like:
            return SHOOT_CARDS
        return 4 if players >= FOUR_CARD_PLAYERS else 5

    def _check_types(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.name in _OPTIONAL_FIELDS:
                continue
            if f.name in _ENUM_FIELDS:
                enum_type = _ENUM_FIELDS[f.name]
                if not isinstance(value, enum_type):
                    object.__setattr__(self, f.name, _parse_choice(f.name, value, enum_type))
            elif f.name in _DECIMAL_FIELDS:
                if not isinstance(value, Decimal) or not value.is_finite():
                    raise invalid_setting(f.name, f"expected a finite Decimal, got {value!r}")
            elif f.name in _INT_FIELDS:
                if not isinstance(value, int) or isinstance(value, bool):
                    raise invalid_setting(f.name, f"expected an integer, got {value!r}")
            elif f.name in _BOOL_FIELDS and not isinstance(value, bool):
                raise invalid_setting(f.name, f"expected true or false, got {value!r}")

    def _check_players(self) -> None:
        if not MIN_PLAYERS <= self.min_players <= MAX_PLAYERS:
            raise invalid_setting("min_players", f"must be {MIN_PLAYERS}–{MAX_PLAYERS}")
        if not self.min_players <= self.max_players <= MAX_PLAYERS:
            raise invalid_setting("max_players", f"must be min_players–{MAX_PLAYERS}")
        if self.cards_each is not None and self.cards_each not in CARD_COUNTS:
            raise invalid_setting("cards_each", f"must be one of {CARD_COUNTS} or null")

    def _check_amounts(self) -> None:
        if self.chip_unit <= ZERO:
            raise invalid_setting("chip_unit", "must be positive")
        self._check_chips("ante", self.ante)

    def _check_chips(self, field: str, amount: Decimal) -> None:
        if amount <= ZERO:
            raise invalid_setting(field, "must be positive")
        if not is_chip_multiple(amount, self.chip_unit):
            raise invalid_setting(field, f"must be a whole number of chips of {self.chip_unit}")

    def _check_shoot(self) -> None:
        for name in ("shoot_min_bet", "shoot_pot_min", "shoot_pot_max"):
            value: Decimal | None = getattr(self, name)
            if value is None:
                continue
            if not self.is_shoot_like:
                raise invalid_setting(name, "applies only to the shoot and slippery_sam variants")
            self._check_chips(name, value)
        low, high = self.pot_limits()
        if low < self.minimum_bet:
            raise invalid_setting("shoot_pot_min", "must be at least the minimum bet")
        if high is not None and high < low:
            raise invalid_setting("shoot_pot_max", "must be at least the pot minimum")

    def _check_commission(self) -> None:
        wants_fee = self.commission is Commission.HAND_FEE
        wants_percent = self.commission is Commission.WIN_PERCENT
        if wants_fee:
            self._check_chips("hand_fee", self.hand_fee)
        elif self.hand_fee != ZERO:
            raise invalid_setting("hand_fee", "must be 0 unless commission is hand_fee")
        if wants_percent:
            if not ZERO < self.win_percent < _HUNDRED:
                raise invalid_setting("win_percent", "must be more than 0 and less than 100")
        elif self.win_percent != ZERO:
            raise invalid_setting("win_percent", "must be 0 unless commission is win_percent")


def _parse_choice(field: str, raw: object, enum_type: type[StrEnum]) -> StrEnum:
    """A choice given as its string value, for rule sets built directly in code."""
    if isinstance(raw, str):
        try:
            return enum_type(raw)
        except ValueError:
            pass
    allowed = ", ".join(member.value for member in enum_type)
    raise invalid_setting(field, f"expected one of {allowed}, got {raw!r}")
