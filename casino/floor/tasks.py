"""The floor's Celery task: a thin wrapper over the watch, so tests and the shell call the same
code without a worker."""

from __future__ import annotations

from celery import shared_task

from casino.floor.watch import floor_watch


# The name is the one the beat schedule and queued messages have always used: a task's name is
# what travels, not its module.
@shared_task(name="audit.watch_floor", ignore_result=True)
def watch_floor_task() -> int:
    """Raise the alerts of idle rounds and of open tables with no dealer; returns how many."""
    return len(floor_watch())
