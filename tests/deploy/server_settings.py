"""Settings of the gunicorn these tests start: the suite's, plus ``deploy/slow/``."""

from tests.settings import *  # noqa: F403

ROOT_URLCONF = "tests.deploy.server_urls"
