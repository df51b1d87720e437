"""The suite's settings, with the checkpoints' place outside the database named by the
environment: a server started by a browser test seals and verifies where the test does (the
suite itself configures no such place, ``tests.settings``)."""

import os

from tests.settings import *  # noqa: F403

AUDIT_CHECKPOINTS = {  # noqa: F405
    **AUDIT_CHECKPOINTS,  # noqa: F405
    "TARGET": os.environ["AUDIT_CHECKPOINT_DIR"],
}
