"""The password backend, refusing a locked name on every channel (``casino.identity.lockouts``).

The device-token endpoint refuses a locked name before it asks for the password; a browser's
session login (the admin) asks Django's backends directly, so the refusal is made here too.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from casino.identity.lockouts import lockout_active


class SignInBackend(ModelBackend):
    """Django's user name and password backend, for names that are not locked."""

    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is not None and lockout_active(str(username)) is not None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
