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

The database's mutants run :data:`DATABASE_SLOTS` at a time, each run on a test database and a
Redis database of its slot's own (the first slot's are the suite's usual ones), so that two
runs never see each other's rows, streams or counters: a run takes the first slot free, and
holds it (a lock on a file) until it ends.
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from hypothesis import HealthCheck, settings

from casino.games.russian_hands import build_tables

#: The examples each property tries in a mutant's run.
MAX_EXAMPLES = 25
#: The mutants judged by the ``unit`` tier alone, by the start of their name.
PURE_MUTANTS = "casino.games."
#: How many runs of the database's mutants may go at once (``tests/mutation/run.py``).
DATABASE_SLOTS = 2
#: Where the slots' lock files are, each held by the run that has its slot.
SLOT_LOCKS = Path(__file__).resolve().parents[2] / ".local"

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

# Russian Poker's hand tables are built by each process on its first hand (a second or more of
# a core): built here, in the process mutmut forks every run from, no run builds them again.
# Their module is not one mutmut mutates.
build_tables()


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """A run of one mutant (mutmut names it ``...__mutmut_<n>``) that may reach the database
    takes a slot: its test database and Redis database are the slot's."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" not in mutant or mutant.startswith(PURE_MUTANTS):
        return
    slot = _take_slot()
    if slot == 0:
        return
    from django.conf import settings

    for database in settings.DATABASES.values():
        test = database.setdefault("TEST", {})
        test["NAME"] = f"{test.get('NAME') or 'test_' + database['NAME']}_slot{slot}"
    redis = urlunsplit(urlsplit(settings.REDIS_URL)._replace(path=f"/{slot}"))
    os.environ["REDIS_URL"] = settings.REDIS_URL = redis
    settings.CELERY_BROKER_URL = settings.CELERY_RESULT_BACKEND = redis
    for cache in settings.CACHES.values():
        if cache.get("LOCATION") is not None:
            cache["LOCATION"] = redis


#: The open lock file of this run's slot: it is held as long as the run lives.
_held: list[IO[str]] = []


def _take_slot() -> int:
    """The first slot no other run holds, held from now on by this one."""
    while True:
        for slot in range(DATABASE_SLOTS):
            SLOT_LOCKS.mkdir(exist_ok=True)
            lock = (SLOT_LOCKS / f"mutation-slot-{slot}.lock").open("w")
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                lock.close()
                continue
            _held.append(lock)
            return slot
        # Every slot taken: the run that held one is ending.
        time.sleep(0.05)


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
