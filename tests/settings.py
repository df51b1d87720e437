"""Settings for the test suite: the project's, with a fast password hasher.

Real hashers are slow by design; tests only need passwords to check.
"""

import os

# Each pytest-xdist worker has a test database of its own (pytest-django names it) and a Redis
# database of its own, 1 for the first worker and on: a pit's push stream, the sign-in
# throttles' counters and the Celery queues of one worker are never another's. Set before the
# project's settings read it, and in the environment, so the servers and workers a test starts
# use it too.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if _WORKER.startswith("gw") and "REDIS_URL" in os.environ:
    from urllib.parse import urlsplit, urlunsplit

    os.environ["REDIS_URL"] = urlunsplit(
        urlsplit(os.environ["REDIS_URL"])._replace(path=f"/{1 + int(_WORKER[2:])}")
    )

# The house edges (payouts.services.house_edges): a few thousand rounds a band, the calculator's
# own tests check its figures; and no refresh task sent by each table a test makes, which a
# worker a test starts would take before the test's own task. In the environment, so the
# servers and workers a test starts do the same.
os.environ.setdefault("HOUSE_EDGE_ROUNDS", "2000")
os.environ.setdefault("HOUSE_EDGE_SEND_ON_CHANGE", "false")

from casino.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The checkpoints' signing key: the one `make test` keeps under .local/, else one made for
# this run. No place outside is configured: a test that seals gives its own folder.
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from audit.sealing.signing import generate_key_file  # noqa: E402

_KEY_FILE = AUDIT_CHECKPOINTS["KEY_FILE"] or str(  # noqa: F405
    Path(tempfile.mkdtemp(prefix="casino-test-key-")) / "audit-signing.key"
)
generate_key_file(Path(_KEY_FILE))
AUDIT_CHECKPOINTS = {**AUDIT_CHECKPOINTS, "KEY_FILE": _KEY_FILE, "TARGET": ""}  # noqa: F405

# WhiteNoise's scan of the static files made once per process rather than once per test client
# (tests/static_files.py).
MIDDLEWARE = [  # noqa: F405
    "tests.static_files.SharedScanWhiteNoiseMiddleware"
    if name == "whitenoise.middleware.WhiteNoiseMiddleware"
    else name
    for name in MIDDLEWARE  # noqa: F405
]
