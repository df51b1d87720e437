"""Database fixtures shared by the tests of this folder, and the audit tests' floor with
paytables and a Russian Poker round played through the API, which the schema's contract test
drives the API over."""

from pathlib import Path
from typing import Any

import pytest

from tests.audit.conftest import audit_floor, play_rp01  # noqa: F401
from tests.fixtures import *  # noqa: F403


@pytest.fixture(autouse=True)
def _checkpoints_outside(settings: Any, tmp_path: Path) -> None:
    """Each test's own place outside the database for the checkpoints an evidence export
    seals (the suite configures none: checkpoints written to a shared place would outlive the
    test's rolled-back database)."""
    settings.AUDIT_CHECKPOINTS = {
        **settings.AUDIT_CHECKPOINTS,
        "TARGET": str(tmp_path / "checkpoints"),
    }
