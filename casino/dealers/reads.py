"""What the dealers API answers, each read deciding its permission (``casino.dealers.rules``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import rules

from casino.core.permissions import require
from casino.dealers.accuracy import Accuracy, dealer_accuracy
from casino.dealers.pace import Pace, dealer_pace


def _dealers_seen(user: Any) -> int | None:
    """``None`` for who sees every dealer's figures; the dealer's own id for a dealer."""
    if rules.has_perm("dealers.view_figures", user):
        return None
    require(user, "dealers.view_own_figures")
    return int(user.pk)


def pace_read(user: Any, *, casino: int, first: dt.date, last: dt.date) -> list[Pace]:
    """Every dealer's pace over the gaming days (pit bosses, auditors, admins); a dealer's own
    rows for a dealer."""
    own = _dealers_seen(user)
    rows = dealer_pace(casino_id=casino, first=first, last=last)
    return rows if own is None else [row for row in rows if row.dealer == own]


def accuracy_read(user: Any, *, casino: int, first: dt.date, last: dt.date) -> list[Accuracy]:
    """Every dealer's accuracy over the gaming days (pit bosses, auditors, admins); a dealer's
    own for a dealer."""
    return dealer_accuracy(casino_id=casino, first=first, last=last, dealer_id=_dealers_seen(user))
