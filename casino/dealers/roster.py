"""Who a pit's rotation plan may name: the dealers, each with the games they are qualified for.

The plan's page offers these names to a pit boss choosing who is on shift; the plan itself
reads each dealer's games again, at the shift's start (``casino.dealers.plans``), so a
qualification that lapses before the shift is refused there, not trusted from here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model

from casino.core.gaming_day import DayClock
from casino.core.roles import Role
from casino.identity.models import Qualification
from casino.identity.qualifications import held_at


@dataclass(frozen=True)
class RosterDealer:
    """A dealer who may be planned: the id, the name to show, the games held (codes, sorted)."""

    id: int
    name: str
    games: tuple[str, ...]


def dealers_roster(*, at: dt.datetime, clock: DayClock) -> list[RosterDealer]:
    """Every active user acting as a dealer (in the dealers' group and in none of a lesser
    role's, as ``casino.core.roles`` ranks them: the plan refuses anyone else), by user name,
    each with the games of their qualifications in force at the instant ``at``, an expiry
    read at the gaming day of ``at`` on ``clock`` (the casino's). A dealer holding none is
    listed too, with no games: the page says so rather than hide them."""
    users = (
        get_user_model()
        .objects.filter(is_active=True, is_superuser=False, groups__name=Role.DEALER)
        .exclude(groups__name__in=(Role.AUDITOR, Role.CAGE))
        .order_by("username")
        .distinct()
        .values_list("pk", "username")
    )
    dealers = list(users)
    held: dict[int, set[str]] = {pk: set() for pk, _ in dealers}
    qualified = Qualification.objects.filter(
        held_at(at, clock.day_of(at)), dealer_id__in=held
    ).values_list("dealer_id", "game")
    for dealer_id, game in qualified:
        held[dealer_id].add(game)
    return [RosterDealer(id=pk, name=name, games=tuple(sorted(held[pk]))) for pk, name in dealers]
