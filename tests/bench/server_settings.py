"""Settings for the HTTP benchmarks: the project's, plus a bare insert endpoint as baseline."""

from casino.settings import *  # noqa: F403

ROOT_URLCONF = "tests.bench.server_urls"
DEBUG = False
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "ERROR"}}
