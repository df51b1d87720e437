"""A demo floor: one casino, one pit with tables of all three games, one user per role, each
dealer qualified for the game of the table the dealer is seated at.

Loading is idempotent: running it again leaves an existing floor as it is.
"""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from casino.core.roles import Role
from casino.identity.models import EvidenceKind
from casino.identity.pins import pin_set
from casino.identity.qualifications import qualification_record
from payouts.models import PayBasis, Paytable, PaytableKind, PaytableLine
from payouts.services.paytables import table_paytable_set
from payouts.services.trays import chip_add
from tables.engines import game_of
from tables.models import Box, Casino, Game, Pit, RuleSet, Table
from tables.services.tables import dealer_assign, table_open

DEMO_PASSWORD = "demo-password"

#: RULES.md A.1, the main paytable (to 1 on the Bet).
RUSSIAN_MAIN_PAYTABLE = {
    "ace_king": D(1),
    "pair": D(1),
    "two_pair": D(2),
    "trips": D(3),
    "straight": D(4),
    "flush": D(5),
    "full_house": D(7),
    "quads": D(20),
    "straight_flush": D(50),
    "royal_flush": D(100),
}
#: A casino-specific bonus table (RULES.md 1.5, the aragon table), to 1 on the bonus stake.
RUSSIAN_BONUS_PAYTABLE = {
    "straight": D(40),
    "flush": D(50),
    "full_house": D(70),
    "quads": D(200),
    "straight_flush": D(500),
    "royal_flush": D(1000),
}
#: The paytables' house edges: what the house keeps of each unit staked, as a fraction.
#:
#: The bonus (RUSSIAN_BONUS_PAYTABLE) is judged on the five cards as dealt, so its edge follows
#: from the 2,598,960 five-card hands: 4 royal flushes, 36 straight flushes, 624 quads, 3,744
#: full houses, 5,108 flushes and 10,200 straights win 1,072,280 units between them; the
#: 2,579,244 other hands lose one each: (2,579,244 - 1,072,280) / 2,598,960 = 0.579833.
#:
#: No published or certified figure exists for the main game (RULES.md, Part B 0: no source
#: gives one), so the demo's main paytable carries none: its edge is computed from the rules
#: for RP-1's configuration (``payouts.services.house_edges``, docs/house-edge.md), and its
#: rounds are priced by that once it is kept. A casino whose game certificate states a figure
#: enters it, and a computation the certificate's figure is not borne out by raises an alert.
#:
#: The pot games are played between the players: the house keeps only its rake (Ruby Run) or
#: commission (Red Dog), which the default house rules (RULES.md A.2, A.3) do not take, so
#: their edge is 0 (Red Dog's odd chips left at a game's end aside).
RUSSIAN_BONUS_HOUSE_EDGE = D("0.579833")
POT_GAME_HOUSE_EDGE = D("0.000000")
#: The pot games' paytables: no lines (nothing is paid by a table of odds), only the edge.
POT_PAYTABLES = {Game.RUBY_RUN: "Ruby Run pot, no rake", Game.RED_DOG: "Red Dog pot, no commission"}
#: Which dealer the demo's pit boss seats at which table (RP-2 stays closed); ``dealer4`` is the
#: relief, seated nowhere: with the three, enough for a rotation plan of the three open tables.
DEMO_ASSIGNMENTS = {"RP-1": "dealer1", "RR-1": "dealer2", "RD-1": "dealer3"}
#: The PINs for signing in at a tablet (``make run`` prints them): the dealers', to deal, and
#: the pit bosses', to decide a retraction or a void there.
DEMO_PINS = {
    "dealer1": "1111",
    "dealer2": "2222",
    "dealer3": "3333",
    "dealer4": "4444",
    "pitboss": "9999",
    "pitboss2": "8888",
}
#: The pit's two pit bosses: a request of one (a limit change, a void) is decided by the other,
#: so every path under dual control can be completed on the demo floor.
DEMO_PIT_BOSSES = ("pitboss", "pitboss2")
#: The demo's dealers: the three seated, and the relief.
DEMO_DEALERS = ("dealer1", "dealer2", "dealer3", "dealer4")
DEMO_USERS = (
    ("admin", Role.ADMIN),
    ("pitboss", Role.PIT_BOSS),
    ("pitboss2", Role.PIT_BOSS),
    ("auditor", Role.AUDITOR),
    ("dealer1", Role.DEALER),
    ("dealer2", Role.DEALER),
    ("dealer3", Role.DEALER),
    ("dealer4", Role.DEALER),
    ("cage", Role.CAGE),
    ("cage2", Role.CAGE),
)
#: The demo tables: code, game, boxes, the least and most stake of each bet, and the maximum
#: table payout (``None``: none).
DEMO_TABLES = (
    ("RP-1", Game.RUSSIAN_POKER, 4, {"ante": (10, 500), "bonus": (5, 100)}, 5000),
    ("RP-2", Game.RUSSIAN_POKER, 6, {"ante": (25, 1000), "bonus": (5, 250)}, 20000),
    ("RR-1", Game.RUBY_RUN, 8, {"ante": (1, 1), "bet": (2, 4), "stack": (20, 1000)}, None),
    ("RD-1", Game.RED_DOG, 8, {"ante": (2, 2), "stack": (20, 500)}, None),
)
#: The demo casino's chips: value and colour.
DEMO_CHIPS = (("1.00", "white"), ("5.00", "red"), ("25.00", "green"), ("100.00", "black"))


def load_demo_floor() -> bool:
    """Create the demo floor unless it exists; ``True`` when something was created."""
    with transaction.atomic():
        if Casino.objects.filter(name="Demo Casino").exists():
            return False
        users = {name: _user(name, role) for name, role in DEMO_USERS}
        casino = Casino.objects.create(
            name="Demo Casino", time_zone="Europe/Vienna", gaming_day_start_hour=6
        )
        pit = Pit.objects.create(casino=casino, name="Pit 1")
        for value, colour in DEMO_CHIPS:
            chip_add(casino_id=casino.pk, value=D(value), colour=colour, actor=users["admin"])
        pit.supervisors.add(*(users[name] for name in DEMO_PIT_BOSSES))
        main = _paytable(
            "Russian Poker standard",
            Game.RUSSIAN_POKER,
            PaytableKind.MAIN,
            RUSSIAN_MAIN_PAYTABLE,
            house_edge=None,
        )
        bonus = _paytable(
            "Russian Poker bonus",
            Game.RUSSIAN_POKER,
            PaytableKind.BONUS,
            RUSSIAN_BONUS_PAYTABLE,
            house_edge=RUSSIAN_BONUS_HOUSE_EDGE,
        )
        pots = {
            game: _paytable(name, game, PaytableKind.MAIN, {}, house_edge=POT_GAME_HOUSE_EDGE)
            for game, name in POT_PAYTABLES.items()
        }
        rules = {
            game: RuleSet.objects.create(
                game=game,
                name=f"{label} house rules",
                version=1,
                settings=game_of(game).validate_rules({}),
            )
            for game, label in Game.choices
        }
        tables = [_table(pit, rules, *spec) for spec in DEMO_TABLES]
        for table in tables:
            table.save()
            Box.objects.bulk_create(Box(table=table, number=n) for n in range(1, table.boxes + 1))
            if table.game == Game.RUSSIAN_POKER:
                for paytable in (main, bonus):
                    table_paytable_set(table_id=table.pk, actor=users["admin"], paytable=paytable)
            else:
                table_paytable_set(
                    table_id=table.pk, actor=users["admin"], paytable=pots[table.game]
                )
        # The pit boss records each dealer's qualification for every game (a dealer deals only
        # the games qualified for, and a string of the three open tables, one of each game, is
        # dealt in turn by the same dealers), opens the tables and seats the dealers, through
        # the same audited services a pit boss uses, so a dealer can record a round at once.
        today = casino.clock.day_of(timezone.now())
        for dealer in DEMO_DEALERS:
            for game, label in Game.choices:
                qualification_record(
                    dealer_id=users[dealer].pk,
                    game=game,
                    evidence_kind=EvidenceKind.TRAINING,
                    evidence_reference=f"Demo training, {label}",
                    qualified_on=today,
                    actor=users["pitboss"],
                )
        for code, dealer in DEMO_ASSIGNMENTS.items():
            table = next(t for t in tables if t.code == code)
            table_open(table_id=table.pk, actor=users["pitboss"], reason="demo floor")
            dealer_assign(table_id=table.pk, dealer=users[dealer], actor=users["pitboss"])
        for name, pin in DEMO_PINS.items():
            pin_set(user_id=users[name].pk, pin=pin, actor=users["admin"])
        return True


def _table(
    pit: Pit,
    rules: dict[str, RuleSet],
    code: str,
    game: str,
    boxes: int,
    stakes: dict[str, tuple[int, int]],
    cap: int | None,
) -> Table:
    """The demo table ``code`` (unsaved), its limits each bet's ``<bet>_min`` and ``<bet>_max``
    of ``stakes`` and ``cap``."""
    limits = {
        f"{bet}_{end}": D(amount)
        for bet, band in stakes.items()
        for end, amount in zip(("min", "max"), band, strict=True)
    }
    return Table(
        pit=pit,
        code=code,
        game=game,
        rule_set=rules[game],
        boxes=boxes,
        max_table_payout=None if cap is None else D(cap),
        **limits,
    )


def _user(username: str, role: Role) -> Any:
    user = get_user_model().objects.create_user(
        username=username,
        password=DEMO_PASSWORD,
        is_staff=role is Role.ADMIN,
        is_superuser=role is Role.ADMIN,
    )
    user.groups.add(Group.objects.get(name=role.value))
    return user


def _paytable(
    name: str, game: str, kind: str, lines: dict[str, D], *, house_edge: D | None
) -> Paytable:
    paytable = Paytable.objects.create(
        game=game, kind=kind, name=name, version=1, house_edge=house_edge
    )
    PaytableLine.objects.bulk_create(
        PaytableLine(paytable=paytable, line=line, pays=pays, basis=PayBasis.ODDS)
        for line, pays in lines.items()
    )
    return paytable
