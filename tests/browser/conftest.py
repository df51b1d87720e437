"""Browser tests: a real headless Chromium (``tests.browser.chromium``) driven by Playwright
against pytest-django's live server, which serves the project on a free port from the test
database (committed data: the live server's thread has its own connection).

Every test may save screenshots with the ``screenshot`` fixture, under
``.local/test/screenshots/``, for people to look at what a user sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.chromium import LAUNCH_ARGS, ROOT, chromium_executable
from tests.browser.tablet_app import hand, tablet_site  # noqa: F401
from tests.fixtures import *  # noqa: F403

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
