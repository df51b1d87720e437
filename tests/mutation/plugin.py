"""The pytest plugin of every run ``make mutate`` makes (``pytest_add_cli_args`` in
``pyproject.toml``): each mutant's verdict must depend on the mutant alone, and cost little.

Hypothesis draws its examples from the test's name (``derandomize``) and keeps no database
between runs, so two runs of one mutant try the same examples and a failure found against one
mutant is never replayed against the next; no deadline and no health check, because the
mutated modules run slower behind mutmut's trampolines and a test that only ran out of time
would count as a kill.

Every property tries at most :data:`MAX_EXAMPLES` examples, its own ``@settings`` included: a
surviving mutant runs every test that reaches it, and the replay properties' 500 games each
would make one such mutant cost minutes. A rule only a rare example reaches is pinned by a
test of its own, which is what a surviving mutant asks for anyway.

Each run starts with the tests that ran fastest in mutmut's first pass over the suite (its
``mutmut-stats.json``): a run stops at the first failure, and most mutants are killed by a small
test of their own rule long before a property's hundreds of games would.

A mutant of a game engine (``casino/games``) is judged by the engines' own tests, the ``unit``
tier: the database's tests that settle rounds through an engine are left out of its run. They
would cost a database round trip per step, and an engine's rule that only they pin is a rule
its own tests miss, which the mutant should show.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

#: The examples each property tries in a mutant's run.
MAX_EXAMPLES = 25
#: The mutants judged by the ``unit`` tier alone, by the start of their name.
PURE_MUTANTS = "casino.games."

settings.register_profile(
    "mutation",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    print_blob=False,
    max_examples=MAX_EXAMPLES,
)
settings.load_profile("mutation")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Cap the examples of the properties that name their own count; for a mutant of an engine,
    deselect every test but the ``unit`` tier's (the suite's own hook has marked the tiers)."""
    # mutmut names the mutant under test in the environment of the run that tests it.
    if os.environ.get("MUTANT_UNDER_TEST", "").startswith(PURE_MUTANTS):
        others = [item for item in items if item.get_closest_marker("unit") is None]
        if others:
            config.hook.pytest_deselected(items=others)
            items[:] = [item for item in items if item.get_closest_marker("unit") is not None]
    durations = _durations()
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
    for item in items:
        test: Any = getattr(item, "obj", None)
        # Where @given keeps the test's settings; read at each call, so this holds for the run.
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None and own.max_examples > MAX_EXAMPLES:
            test._hypothesis_internal_use_settings = settings(own, max_examples=MAX_EXAMPLES)


def _durations() -> dict[str, float]:
    """Each test's time in mutmut's first pass, by node id (none before that pass is made)."""
    # mutmut runs every test from the copy of the project it mutates, where it keeps the file.
    stats = Path("mutmut-stats.json")
    if not stats.is_file():
        return {}
    recorded: dict[str, float] = json.loads(stats.read_text())["duration_by_test"]
    return recorded
