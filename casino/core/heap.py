"""A server process's start-up heap, moved out of the garbage collector's sight.

Once Django, the apps, their URLs, views and serializers are loaded, a worker holds well over
100,000 objects that live as long as it does. CPython's collector still walks every one of them
at each full (oldest-generation) collection: about 90 ms on the benchmark machine, paid by
whichever request allocated the object that tipped it. Those were the slowest answers of the
round search and of a dealer's action. ``gc.freeze()`` moves everything alive into a permanent
generation that collections skip; what requests allocate afterwards is collected as before
(the frozen objects are still freed by reference counting, only cycles among them are not).
"""

from __future__ import annotations

import gc

from django.urls import get_resolver


def freeze_startup_heap() -> int:
    """Load what a first request would (the URLconf, and through it every view, serializer and
    engine), collect the garbage start-up left, and freeze what is alive.

    Call it once per process, after Django is set up and before it serves: in a forking server,
    in each worker (``casino.wsgi`` and ``casino.asgi`` do, at import). :returns: how many
    objects are frozen.
    """
    get_resolver().url_patterns  # noqa: B018 - the import of every view is the point
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
