"""The fault tests' own stack, started once for the tests that need it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.faults.stack import FaultStack, fault_stack


@pytest.fixture(scope="session")
def stack() -> Iterator[FaultStack]:
    with fault_stack() as started:
        yield started


@pytest.fixture
def healthy(stack: FaultStack) -> Iterator[FaultStack]:
    """The stack, healthy before the test and again after it, whatever the test stopped."""
    stack.wait_healthy()
    yield stack
    stack.wait_healthy()
