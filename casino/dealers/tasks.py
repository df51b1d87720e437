"""The dealers' Celery task: a thin wrapper over the rotation's watch, so tests and the shell
call the same code without a worker."""

from __future__ import annotations

from celery import shared_task

from casino.dealers.watch import rotation_watch


@shared_task(name="dealers.watch_rotation", ignore_result=True)
def watch_rotation_task() -> int:
    """Raise the alerts of dealers kept past their plan, late reliefs and skipped breaks;
    returns how many."""
    return len(rotation_watch())
