from tests.fixtures import *  # noqa: F403
