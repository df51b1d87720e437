"""Settings for the test suite: the project's, with a fast password hasher.

Real hashers are slow by design; tests only need passwords to check.
"""

from casino.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
