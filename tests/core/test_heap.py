"""A server worker's start-up heap is frozen (``casino.core.heap``): what Django, the URLs and
every view loaded is out of the collector's walk, and what a request makes afterwards is
collected as before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc, json, sys
import casino.wsgi  # what gunicorn imports in each worker
frozen = gc.get_freeze_count()
views_loaded = "tables.api.views" in sys.modules and "audit.api.round_views" in sys.modules

class Cycle:
    pass

made = Cycle()
made.me = made
gc.collect()
tracked_before = any(obj is made for obj in gc.get_objects())
del made
unreachable = gc.collect()
print(json.dumps({"frozen": frozen, "views_loaded": views_loaded,
                  "tracked": tracked_before, "unreachable": unreachable}))
"""


def test_importing_the_wsgi_application_freezes_the_loaded_heap() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    probe = json.loads(done.stdout.strip().splitlines()[-1])
    assert probe["views_loaded"], "the URLconf, and with it the views, load before the freeze"
    # Django and the apps alone are tens of thousands of objects.
    assert probe["frozen"] > 50_000, probe
    # An object made after the freeze is in the collector's generations, and a cycle of them
    # is still collected.
    assert probe["tracked"] is True
    assert probe["unreachable"] >= 1
