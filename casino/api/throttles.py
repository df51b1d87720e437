"""Throttling of failed sign-ins, per user name and per client address, on the Redis cache.

DRF's rate throttles count every request; these count failed sign-ins only (the sign-in view
calls :func:`sign_in_failed`), so thirty tablets signing in behind one address at a shift
change are never slowed, while guessing is: once a name or an address has failed its rate
(``SIGN_IN_THROTTLE_RATES``, e.g. ``5/min``) within the window, further attempts are refused
with 429 ``throttled`` and a ``Retry-After`` before any password is checked.

Redis down: throttling fails open (a warning is logged and the attempt goes on), because the
throttle is a brake, not the guard: the lockout, kept in PostgreSQL (``casino.identity.lockouts``),
still refuses a name after ``SIGN_IN_LOCKOUT_FAILURES`` failures in a row.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from django.conf import settings
from django.core.cache import caches
from redis.exceptions import RedisError
from rest_framework.throttling import SimpleRateThrottle

from casino.api.addresses import client_address

logger = logging.getLogger(__name__)


class _FailedSignInThrottle(SimpleRateThrottle):
    """Refuses a request once its key has failed ``rate`` times within the window; counts
    nothing itself (see :meth:`record`)."""

    cache_format = "sign_in_throttle:%(scope)s:%(ident)s"

    @property
    def cache(self) -> Any:  # type: ignore[override]
        return caches["default"]

    def get_rate(self) -> str | None:
        """The scope's rate from ``SIGN_IN_THROTTLE_RATES``; none (an empty one) throttles
        nothing."""
        rate = settings.SIGN_IN_THROTTLE_RATES.get(self.scope)
        return str(rate) if rate else None

    def ident_of(self, request: Any) -> str | None:
        raise NotImplementedError

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        ident = self.ident_of(request)
        if ident is None:
            return None
        digest = hashlib.sha256(ident.encode()).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": digest}

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        try:
            self.history = self.cache.get(self.key, [])
        except RedisError as exc:
            logger.warning("sign-in throttle unavailable, failing open: %s", exc)
            return True
        self.now = self.timer()
        self.history = [at for at in self.history if at > self.now - self.duration]
        return len(self.history) < self.num_requests

    def record(self, request: Any) -> None:
        """Count one failed sign-in of ``request`` against its key."""
        key = self.get_cache_key(request, None)
        if key is None or self.rate is None:
            return
        try:
            now = self.timer()
            history = [at for at in self.cache.get(key, []) if at > now - self.duration]
            self.cache.set(key, [now, *history], self.duration)
        except RedisError as exc:
            logger.warning("sign-in throttle unavailable, failure not counted: %s", exc)

    def forget(self, ident: str) -> None:
        """Drop what was counted against ``ident`` (a user name, an address)."""
        digest = hashlib.sha256(ident.encode()).hexdigest()
        try:
            self.cache.delete(self.cache_format % {"scope": self.scope, "ident": digest})
        except RedisError as exc:
            logger.warning("sign-in throttle unavailable, nothing to forget: %s", exc)


class UsernameThrottle(_FailedSignInThrottle):
    """Failed sign-ins per user name (compared without case, so ``Dealer1`` counts too)."""

    scope = "username"

    def ident_of(self, request: Any) -> str | None:
        data = request.data if hasattr(request, "data") else {}
        username = data.get("username") if isinstance(data, dict) else None
        return username.casefold() if isinstance(username, str) and username else None


class AddressThrottle(_FailedSignInThrottle):
    """Failed sign-ins per client address (``casino.api.addresses``), whatever the name."""

    scope = "address"

    def ident_of(self, request: Any) -> str | None:
        return client_address(request)


SIGN_IN_THROTTLES: tuple[type[_FailedSignInThrottle], ...] = (UsernameThrottle, AddressThrottle)


def sign_in_failed(request: Any) -> None:
    """Count a failed sign-in of ``request`` against its user name and its address."""
    for throttle in SIGN_IN_THROTTLES:
        throttle().record(request)


def sign_in_throttle_forget(*, username: str) -> None:
    """Forget the failed sign-ins counted against ``username`` (its lockout was lifted)."""
    UsernameThrottle().forget(username.casefold())
