"""Throttling of failed PIN sign-ins at a tablet: per tablet and per user name, on the same
Redis counters, rates and fail-open rule as the password sign-ins (``casino.api.throttles``).
The user name's counter is the password sign-in's own, so a name guessed on both channels is
counted once."""

from __future__ import annotations

from typing import Any

from casino.api.throttles import UsernameThrottle, _FailedSignInThrottle
from tables.models import Tablet


class TabletThrottle(_FailedSignInThrottle):
    """Failed PIN sign-ins per tablet, whatever the name (``SIGN_IN_THROTTLE_TABLET_RATE``)."""

    scope = "tablet"

    def ident_of(self, request: Any) -> str | None:
        tablet = getattr(request, "auth", None)
        return f"tablet:{tablet.pk}" if isinstance(tablet, Tablet) else None


TABLET_SIGN_IN_THROTTLES: tuple[type[_FailedSignInThrottle], ...] = (
    TabletThrottle,
    UsernameThrottle,
)


def tablet_sign_in_failed(request: Any) -> None:
    """Count a failed PIN sign-in of ``request`` against its tablet and its user name."""
    for throttle in TABLET_SIGN_IN_THROTTLES:
        throttle().record(request)
