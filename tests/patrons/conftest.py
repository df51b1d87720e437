"""The patrons' tests run on the floor of ``tests.fixtures`` (its users, pits and tables), and
the ratings' on the audit tests' floor (paytables with house edges, a Ruby Run and a Red Dog
table), through the API as the floor works it, and the services where the API has no say."""

from tests.audit.conftest import audit_floor, play_rp01
from tests.fixtures import *  # noqa: F403

__all__ = ["audit_floor", "play_rp01"]
