"""Who a pit boss answers for, as sign-in administration asks it (``casino.api.supervision``).

A dealer belongs to the pit of the table of their latest assignment, open or ended: the pit
boss there lifts their lockout and revokes their tablets' tokens, also between two shifts,
until the dealer is assigned in another pit.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import OuterRef, QuerySet, Subquery

from casino.core.roles import Role
from tables.models import DealerAssignment, Pit


class PitSupervision:
    def dealers_of(self, pit_boss: Any) -> QuerySet[Any]:
        latest_pit = (
            DealerAssignment.objects.filter(dealer=OuterRef("pk"))
            .order_by("-started_at", "-pk")
            .values("table__pit")[:1]
        )
        pits = Pit.objects.filter(supervisors=pit_boss).values("pk")
        return (
            get_user_model()
            .objects.filter(groups__name=Role.DEALER.value)
            .annotate(latest_pit=Subquery(latest_pit))
            .filter(latest_pit__in=pits)
        )
