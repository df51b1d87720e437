"""Identity's tests (sign-in on both channels, device tokens, lockouts, PINs) run on the floor
of ``tests.fixtures``: its users, pits and tables."""

from tests.fixtures import *  # noqa: F403
