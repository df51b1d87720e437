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


# Metrics of several workers (casino.api.metrics): with PROMETHEUS_MULTIPROC_DIR set, each worker
# keeps its values in files of that folder and a scrape adds them up. The folder is emptied when
# the server starts (a previous run's files would add its counts to this one's), and a worker
# that exits is marked dead, so its live gauges drop out while its counters still add up.
def on_starting(server):  # type: ignore[no-untyped-def]
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if folder:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder, exist_ok=True)
    engine_tables()


def engine_tables() -> None:
    """Build the engines' look-up tables once, in the master, before any worker is forked.

    Russian Poker's hand templates (``casino.games.russian_hands.build_tables``) are built
    lazily by the first tablet view that ranks a box's hand: seconds of CPU. Built there, each
    worker built them in the middle of a dealer's request, at the first round of the day that
    reached its decisions, and the requests queued behind it on that worker waited as long:
    under ``make bench BENCH=load`` every worker did so within the same few seconds, which was
    ``load_p99`` (1.8 s to 20 s, by the machine's load). Built here, every worker inherits them
    (copy-on-write) and its start-up heap, frozen out of the collector's walk
    (``casino.core.heap``), includes them. The engines import no Django, so the master stays
    free of the application.
    """
    from casino.games.russian_hands import build_tables

    build_tables()


def child_exit(server, worker):  # type: ignore[no-untyped-def]
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


# JSON logs (LOG_FORMAT=json, the image's): gunicorn's own lines, its start, its workers' exits
# and timeouts, are written as the application's are (casino.core.logs).
if os.environ.get("LOG_FORMAT") == "json":
    from casino.core.logs import formatters

    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": formatters("json"),
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "default"}},
        "loggers": {
            "gunicorn.error": {"handlers": ["console"], "level": "INFO", "propagate": False},
            "gunicorn.access": {"handlers": ["console"], "level": "INFO", "propagate": False},
        },
    }
