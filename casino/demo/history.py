"""The demo floor's first rounds: played at its open tables as soon as the floor is made, so the
pit board, the auditor's workbench and the day's report have something to show.

Each round is played as a dealer plays it: through the rounds and settlement services, every
action's body read by the tablet's own input serializers (``tables.api.actions``), by the
table's assigned dealer, who settles it and confirms its payouts made. What to do next is read
from the round's tablet view, the one every game shares: the action the table waits for (the
view's first), its fields filled from their bounds, each card drawn at random among the cards
the view says are still unseen (which is dealing from a shuffled deck). A few choices are the
demo player's own (:class:`Habits`): a Russian Poker box bets where it may, a Ruby Run seat
checks or calls, a Red Dog game ends after a few hands. The draws are seeded, so a demo floor
is the same on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from casino.games.contract import FieldBounds, FieldKind, LegalAction, TabletView
from payouts.services.settlement import round_settle
from tables.api.actions import read_action
from tables.engines import current_state
from tables.models import DealerAssignment
from tables.services.paid import round_payouts_confirm
from tables.services.rounds import NOTE, round_act, round_open, tablet_view

#: How many rounds ``load_demo_floor`` plays at each open table of a new floor, and its seed.
DEMO_ROUNDS = 6
DEMO_SEED = 20_261_201
#: A round that has not ended after this many actions is a bug of the demo player, not a game.
MAX_ACTIONS = 400
#: The chips each seat of a pot game brings.
STACK = "100.00"


@dataclass(frozen=True)
class Habits:
    """The demo player's own choices where the table leaves one: the actions it prefers over
    the one the table waits for, when they are legal; the seats of a pot game; after how many
    hands a Red Dog game ends."""

    prefer: tuple[str, ...]
    seats: int = 0
    hands: int = 0


HABITS = {
    "russian_poker": Habits(prefer=("bet",)),
    "ruby_run": Habits(prefer=("check", "call"), seats=3),
    "red_dog": Habits(prefer=(), seats=4, hands=3),
}


def play_demo_rounds(*, rounds: int, seed: int) -> int:
    """Play ``rounds`` rounds (a Red Dog round is a game of a few hands) at every open table
    with a dealer, and settle them; returns how many were played."""
    draw = random.Random(seed)
    played = 0
    assignments = DealerAssignment.objects.filter(ended_at__isnull=True).select_related(
        "table", "dealer"
    )
    for assignment in assignments.order_by("table__code"):
        for _ in range(rounds):
            _play(assignment.table.pk, assignment.table.game, assignment.dealer, draw)
            played += 1
    return played


def _play(table_id: int, game: str, dealer: Any, draw: random.Random) -> None:
    round = round_open(table_id=table_id, dealer=dealer)
    habits = HABITS[game]
    view = tablet_view(current_state(round))
    seen = round.last_event_seq
    hands = 0
    for _ in range(MAX_ACTIONS):
        if view.complete:
            round_settle(round_id=round.pk, actor=dealer)
            # The dealer pays the layout out and says so: the table's next round waits for it.
            round_payouts_confirm(round_id=round.pk, actor=dealer)
            return
        action = _choose(view, habits, hands)
        if action.name == "start_hand":
            hands += 1
        body = {"expected_event": seen, "action": action.name, **_fields(action, view, draw)}
        done = round_act(
            round_id=round.pk,
            actor=dealer,
            expected_event=seen,
            action=action.name,
            data=lambda game, body=body: read_action(game, body),
        )
        seen, view = done.round.last_event_seq, done.view
    raise RuntimeError(f"round {round.pk} did not end in {MAX_ACTIONS} actions")


def _choose(view: TabletView, habits: Habits, hands: int) -> LegalAction:
    legal = [action for action in view.actions if action.name != NOTE]
    by_name = {action.name: action for action in legal}
    if habits.hands and hands >= habits.hands and "end_game" in by_name:
        return by_name["end_game"]
    for name in habits.prefer:
        if name in by_name:
            return by_name[name]
    if not legal:
        raise RuntimeError(f"no legal action in phase {view.phase}")
    return legal[0]


def _fields(action: LegalAction, view: TabletView, draw: random.Random) -> dict[str, Any]:
    habits = HABITS[view.game]
    body: dict[str, Any] = {}
    for field in action.fields:
        value = _value(field, action, view, draw, habits)
        if field.kind is FieldKind.TEXT and field.required:
            # A player's name, one per box or seat: a player plays one open box.
            box = next((v for v in body.values() if isinstance(v, int)), None)
            value = "Guest" if box is None else f"Guest {box}"
        if value is not None:
            body[field.name] = value
    return body


def _value(
    field: FieldBounds, action: LegalAction, view: TabletView, draw: random.Random, habits: Habits
) -> Any:
    """A value for ``field`` within its bounds; ``None`` leaves an optional field out."""
    if field.value is not None:
        return field.value
    kind = field.kind
    if kind is FieldKind.POSITION:
        if field.positions:
            return field.positions[0]
        return None if action.position is None else action.position.number
    if kind is FieldKind.AMOUNT:
        if not field.required or field.min is None:
            return None
        return str(_stake(field, draw))
    if kind is FieldKind.CARD:
        return draw.choice(view.unseen_cards)
    if kind is FieldKind.CARDS:
        if not field.required and field.min_count in (None, 0):
            return None
        pool = field.cards if field.cards is not None else view.unseen_cards
        # All the cards the action takes at once (the dealer's four at the reveal).
        return draw.sample(pool, field.max_count or field.min_count or 1)
    if kind is FieldKind.TARGET:
        return field.targets[0] if field.targets else None
    if kind is FieldKind.CHOICE:
        return field.choices[0] if field.choices else None
    if kind is FieldKind.FLAG:
        return False if field.required else None
    if kind is FieldKind.STACKS:
        return {str(seat): STACK for seat in range(1, habits.seats + 1)}
    if kind is FieldKind.TEXT:
        return None
    raise LookupError(f"the demo player has no value for a {kind} field")


def _stake(field: FieldBounds, draw: random.Random) -> Decimal:
    """The minimum, or twice or five times it where the maximum allows: stakes vary as at a
    real table."""
    assert field.min is not None
    choices = [field.min * n for n in (1, 1, 2, 5)]
    return draw.choice([c for c in choices if field.max is None or c <= field.max])
