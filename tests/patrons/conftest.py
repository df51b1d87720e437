"""The patrons' tests run on the floor of ``tests.fixtures`` (its users, pits and tables),
through the API as the floor works it, and the services where the API has no say."""

from tests.fixtures import *  # noqa: F403
