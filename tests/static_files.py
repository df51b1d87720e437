"""WhiteNoise as the project configures it, with its scan of the static files shared by the
test clients of one process (the test settings' middleware in its place).

Django's test client loads the middleware anew for every client, and WhiteNoise, at its start,
reads every static file the finders list and builds its answer for each (its headers, its
compressed variants): tens of milliseconds, thousands of times a run. What a scan builds depends
only on the files (where each is, its size and modification time), the URL prefix and the
settings WhiteNoise reads; a scan is kept by exactly those, and a new one made whenever any of
them differs. The answers served are WhiteNoise's own.
"""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from whitenoise.middleware import WhiteNoiseMiddleware

#: The settings ``WhiteNoiseMiddleware.__init__`` reads to build its answers.
_READ_SETTINGS = (
    "DEBUG",
    "WHITENOISE_AUTOREFRESH",
    "WHITENOISE_MAX_AGE",
    "WHITENOISE_ALLOW_ALL_ORIGINS",
    "WHITENOISE_CHARSET",
    "WHITENOISE_MIMETYPES",
    "WHITENOISE_ADD_HEADERS_FUNCTION",
    "WHITENOISE_INDEX_FILE",
    "WHITENOISE_IMMUTABLE_FILE_TEST",
    "WHITENOISE_USE_FINDERS",
)
_UNSET = object()

_scans: dict[tuple[Any, ...], dict[str, Any]] = {}


class SharedScanWhiteNoiseMiddleware(WhiteNoiseMiddleware):
    def add_files_from_finders(self) -> None:
        key = (self.static_prefix, _read_settings(), _listing())
        scanned = _scans.get(key)
        if scanned is None:
            kept, self.files = self.files, {}
            try:
                super().add_files_from_finders()
            finally:
                scanned, self.files = self.files, kept
            _scans[key] = scanned
        self.files.update(scanned)


def _read_settings() -> tuple[Any, ...]:
    return tuple(repr(getattr(settings, name, _UNSET)) for name in _READ_SETTINGS)


def _listing() -> tuple[tuple[str, str, str, int, int], ...]:
    """Every file the finders list, in their order: the storage's prefix, the path the finder
    names, the file on disk, and its modification time and size."""
    listed = []
    for finder in finders.get_finders():
        for path, storage in finder.list(None):
            on_disk = storage.path(path)
            stat = os.stat(on_disk)
            prefix = getattr(storage, "prefix", None) or ""
            listed.append((prefix, path, on_disk, stat.st_mtime_ns, stat.st_size))
    return tuple(listed)
