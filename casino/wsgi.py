"""WSGI entry point (gunicorn ``casino.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

from casino.core.heap import freeze_startup_heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
application = get_wsgi_application()
# gunicorn imports this module in each worker (no preload): the worker's heap is frozen there.
freeze_startup_heap()
