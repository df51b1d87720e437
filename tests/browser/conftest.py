"""Browser tests: a real headless Chromium (``tests.browser.chromium``) driven by Playwright
against the project served by uvicorn on a free port from the test database (``site``, one
server for the folder, ``tests.browser.site``); the admin's tests use pytest-django's live
server. The data is committed: the server has connections of its own.

Every test may save screenshots with the ``screenshot`` fixture, under
``.local/test/screenshots/``, for people to look at what a user sees.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.chromium import LAUNCH_ARGS, ROOT, chromium_executable
from tests.browser.site import Site, lent_to_one_test
from tests.browser.tablet_app import hand  # noqa: F401
from tests.fixtures import *  # noqa: F403
from tests.push.server import server_env

SCREENSHOTS = ROOT / ".local" / "test" / "screenshots"


@pytest.fixture(scope="module")
def browser(_orm_beside_playwright: None) -> Iterator[Any]:
    """Chromium, for the tests of one module: Playwright's loop stops with it, so the tests
    after them run as ever."""
    from playwright.sync_api import sync_playwright

    executable = chromium_executable()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(executable), args=LAUNCH_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="module")
def _orm_beside_playwright() -> Iterator[None]:
    """Playwright's sync API runs an event loop in this thread, and Django refuses ORM calls
    where a loop runs; the browser tests build their floor with the ORM in the same thread.
    Allowed for these tests only, and taken back after them, so that no later test (nor a
    server a later test starts, which inherits the environment) runs with it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(scope="session")
def served(django_db_setup: None, django_db_blocker: Any) -> Iterator[Site]:
    """The project served with the suite's settings, for every test of the folder that
    needs no settings of its own; stopped at the end of the run."""
    with Site(server_env(django_db_blocker)) as site:
        yield site


@pytest.fixture
def site(served: Site, django_db_blocker: Any, transactional_db: None) -> Iterator[Site]:
    """The served site, for this test: its data is committed, and flushed after it."""
    with lent_to_one_test(served, django_db_blocker) as lent:
        yield lent


@pytest.fixture(scope="session")
def sealing_site(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    """The project served with a place outside the database for checkpoints
    (``tests.browser.sealing_settings``), for the tests of the workbench; stopped at the end of
    the run."""
    from django.conf import settings

    env = {
        **server_env(django_db_blocker),
        "DJANGO_SETTINGS_MODULE": "tests.browser.sealing_settings",
        "AUDIT_CHECKPOINT_DIR": str(tmp_path_factory.mktemp("checkpoints")),
        "AUDIT_SIGNING_KEY_FILE": settings.AUDIT_CHECKPOINTS["KEY_FILE"],
    }
    with Site(env) as site:
        yield site


@pytest.fixture
def checkpoints(settings: Any, sealing_site: Site) -> Path:
    """The place outside the database for checkpoints, the same for the test's own sealing and
    for the server's; empty at the start of each test, as its database is."""
    target = Path(sealing_site.env["AUDIT_CHECKPOINT_DIR"])
    for kept in target.iterdir():
        shutil.rmtree(kept) if kept.is_dir() else kept.unlink()
    settings.AUDIT_CHECKPOINTS = {**settings.AUDIT_CHECKPOINTS, "TARGET": str(target)}
    return target


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context (no cookies) at a desktop size, and its one page."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Callable[[Any, str], Path]:
    """``screenshot(page, name)`` saves the whole page as ``<test>-<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    test = re.sub(r"[^\w-]+", "-", request.node.name).strip("-")

    def take(page: Any, name: str) -> Path:
        path = SCREENSHOTS / f"{test}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
