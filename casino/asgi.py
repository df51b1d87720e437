"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

from casino.core.heap import freeze_startup_heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
application = get_asgi_application()
freeze_startup_heap()
