"""Database fixtures shared by the tests of this folder: corrections and day totals are played
on the audit tests' floor, the same fixtures."""

from tests.audit.conftest import audit_floor, play_rp01
from tests.fixtures import *  # noqa: F403

__all__ = ["audit_floor", "play_rp01"]
