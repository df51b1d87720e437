"""The test clients share one scan of the static files (tests/static_files.py) and serve what
WhiteNoise itself would; a file that changes makes a new scan."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from whitenoise.middleware import WhiteNoiseMiddleware

from tests.static_files import SharedScanWhiteNoiseMiddleware


def _headers(middleware: WhiteNoiseMiddleware, url: str) -> dict[str, str]:
    response = middleware.files[url].get_response("GET", {})
    return dict(response.headers)


def test_two_clients_share_one_scan_that_serves_what_whitenoise_serves() -> None:
    first = SharedScanWhiteNoiseMiddleware(lambda request: None)
    second = SharedScanWhiteNoiseMiddleware(lambda request: None)
    plain = WhiteNoiseMiddleware(lambda request: None)
    assert first.files and set(first.files) == set(plain.files) == set(second.files)
    assert all(second.files[url] is first.files[url] for url in first.files)
    for url in plain.files:
        assert _headers(first, url) == _headers(plain, url), url


def test_a_changed_file_is_scanned_again(settings: Any, tmp_path: Path) -> None:
    folder = tmp_path / "static"
    folder.mkdir()
    page = folder / "page.js"
    page.write_text("one")
    settings.STATICFILES_DIRS = [str(folder)]
    url = f"/{settings.STATIC_URL.strip('/')}/page.js"
    before = SharedScanWhiteNoiseMiddleware(lambda request: None)
    assert _headers(before, url)["Content-Length"] == "3"
    page.write_text("one and two")
    after = SharedScanWhiteNoiseMiddleware(lambda request: None)
    assert _headers(after, url)["Content-Length"] == "11"
    assert after.files[url] is not before.files[url]
