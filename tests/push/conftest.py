"""The push tests' fixtures: the floor of every test, the ASGI server for real, and pits'
streams emptied before each test."""

import pytest

from tests.fixtures import *  # noqa: F403
from tests.push.server import asgi_server  # noqa: F401


@pytest.fixture(autouse=True)
def fresh_streams() -> None:
    """No pit's stream holds what an earlier test or run published: a new test database
    numbers its pits from 1 again, while Redis keeps its data."""
    import redis
    from django.conf import settings

    client = redis.Redis.from_url(settings.REDIS_URL)
    keys = list(client.scan_iter(match="push:pit:*"))
    if keys:
        client.delete(*keys)
    client.close()
