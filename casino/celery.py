"""The Celery application: ``celery -A casino.celery worker``.

Kept out of ``casino/__init__.py`` so that importing ``casino.games`` never loads Celery.
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")

app = Celery("casino")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="casino.ping")
def ping() -> str:
    """Answer ``pong``: lets health checks and tests prove a worker consumes the broker."""
    return "pong"
