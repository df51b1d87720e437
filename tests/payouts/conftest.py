"""Database fixtures shared by the tests of this folder."""

from tests.fixtures import *  # noqa: F403
