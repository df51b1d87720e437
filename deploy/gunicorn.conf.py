"""The web server's settings, the same everywhere: production, ``make run`` and the benchmarks.

The work of a request is Python holding the GIL (serialising, the engines, the ORM) between
short waits on PostgreSQL, so threads in one process mostly wait for each other: on the
benchmark machine one thread per process gave a dealer action about 15% less CPU than four.
Processes scale across cores instead: gunicorn's own rule of thumb, two per core plus one.
``gthread`` with one thread (rather than the ``sync`` worker) keeps connections alive, which
tablets reuse for every action. Each setting can be overridden from the environment.
"""

import multiprocessing
import os

workers = int(os.environ.get("WEB_WORKERS", 2 * multiprocessing.cpu_count() + 1))
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS", 1))
keepalive = int(os.environ.get("WEB_KEEPALIVE", 30))
# A request still running when the server is told to stop gets this long to finish.
graceful_timeout = int(os.environ.get("WEB_GRACEFUL_TIMEOUT", 30))
