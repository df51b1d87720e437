"""Fixtures of the dealers' tests: the audit tests' floor (Russian Poker tables with
paytables, Ruby Run and Red Dog tables) and its round played through the dealer's API."""

from tests.audit.conftest import audit_floor, play_rp01
from tests.fixtures import *  # noqa: F403

__all__ = ["audit_floor", "play_rp01"]
