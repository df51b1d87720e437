"""The examples in the shared core's docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "casino.core.db_roles",
    "casino.core.gaming_day",
    "casino.core.rows",
    "casino.core.trail.canonical",
    "casino.core.trail.recording",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    outcome = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0
    assert outcome.failed == 0
