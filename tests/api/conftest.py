"""Database fixtures shared by the tests of this folder, and the audit tests' floor with
paytables and a Russian Poker round played through the API, which the schema's contract test
drives the API over."""

from tests.audit.conftest import audit_floor, play_rp01  # noqa: F401
from tests.fixtures import *  # noqa: F403
