"""The rotation on the pit board, in a real browser: a string of three tables whose relief did
not come back from the break 46 minutes into the shift (the served site reads the plan against
its own clock, so the shift is laid out back from now). Each card names its next relief, late;
the rotation panel names each dealer's minutes on and the break overdue; the watch's alerts name
the dealer kept and the table waiting."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from casino.dealers.watch import rotation_watch
from tests.browser.test_pit_board import sign_in
from tests.rotation_floor import push, string_of_three

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_board_names_the_late_relief_and_the_dealer_kept_past_the_break(
    site: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    boss = users["pit_boss"]
    start = timezone.now().replace(second=0, microsecond=0) - dt.timedelta(minutes=46)
    planned = string_of_three(floor, boss, make_user, start)
    push(planned, boss, 0)
    push(planned, boss, 20)
    first, second, last = planned["plan"].strings[0]["tables"]
    relief, kept = planned["at"][40][first], planned["at"][20][last]
    # The relief is due at the first table at minute 40 and does not come: nobody moves.
    raised = rotation_watch()
    assert {alert.kind for alert in raised} == {"dealer_past_plan", "relief_late"}

    sign_in(page, site, "pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
    code = {table: planned["tables"][table].code for table in (first, second, last)}
    waiting = page.locator(f"[data-table='{code[first]}'] .relief")
    waiting.wait_for()
    assert waiting.inner_text().startswith(f"Relief {relief.username} late: due ")
    assert "late" in (waiting.get_attribute("class") or "")
    # The second table's relief is the first table's dealer, held there by the push.
    held_up = page.locator(f"[data-table='{code[second]}'] .relief").inner_text()
    assert held_up.startswith(
        f"Relief {planned['at'][20][first].username} late (held at {code[first]})"
    )
    panel = page.locator("#rotation")
    assert panel.locator(".plan").inner_text().startswith("Plan version 1 · 60 on, 20 off")
    held = panel.locator(f"li[data-dealer='{kept.username}']")
    # 46 minutes on, or 47 should the clock have turned a minute since the set-up.
    assert re.search(f"{code[last]} · 4[67] min on · break due since ", held.inner_text())
    assert (
        panel.locator(f"li[data-dealer='{relief.username}']")
        .inner_text()
        .startswith(f"{relief.username} · late to {code[first]}, due ")
    )
    alerts = page.locator("#alert-list")
    alerts.get_by_text("A dealer kept at the tables past the break the plan gave").wait_for()
    assert f"{kept.username} at {code[last]}: break due " in alerts.inner_text()
    assert f"{relief.username} due at {code[first]} at " in alerts.inner_text()
    for width, height in ((1024, 768), (768, 1024), (1440, 900)):
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"board-rotation-{width}x{height}")
