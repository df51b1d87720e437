"""Rows that never change once written, read once per process and kept by their ids.

A rule-set version, a kept house-edge band: the database refuses to edit them, and a database
never gives an id twice, so what was read stays true for the life of the process. One thing
breaks that promise: the ids starting again. ``manage.py flush`` restarts every sequence (the
test suite runs it), and a later row takes the id of one read before. Every such cache is made
with :func:`row_cache`, and :func:`forget_rows` empties them all; the core app calls it after
every ``post_migrate``, which the flush sends.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_CACHES: list[functools._lru_cache_wrapper[Any]] = []


def row_cache(*, maxsize: int) -> Callable[[Callable[..., T]], functools._lru_cache_wrapper[T]]:
    """``functools.lru_cache(maxsize)`` for a read of rows that never change, by their ids,
    emptied with every other by :func:`forget_rows`."""

    def cached(read: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
        kept = functools.lru_cache(maxsize=maxsize)(read)
        _CACHES.append(kept)
        return kept

    return cached


def forget_rows(**_signal: object) -> None:
    """Empty every :func:`row_cache`: the ids may have started again."""
    for kept in _CACHES:
        kept.cache_clear()
