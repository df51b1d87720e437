"""The floor of the audit tests, with paytables, and a Russian Poker round played through the
dealer's API (RULES vector RP01: six actions, then the settlement)."""

from tests.audit.conftest import audit_floor, play_rp01  # noqa: F401
from tests.fixtures import *  # noqa: F403
