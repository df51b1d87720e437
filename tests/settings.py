"""Settings for the test suite: the project's, with a fast password hasher.

Real hashers are slow by design; tests only need passwords to check.
"""

from casino.settings import *  # noqa: F403

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
