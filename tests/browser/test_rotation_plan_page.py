"""The pit boss's rotation plan page in a real browser: a shift too few dealers cannot cover
refused in words; its plan proposed and shown as a roadmap in the casino's clock times, saved
as version 1 (a double tap on Save saving it once), a slot given to a dealer who is elsewhere
then refused, the rule named and the slot marked, nothing saved, and the plan set right and
saved as version 2; an auditor reads the versions and changes nothing.

The shift is a fixed one (14:00 on 10 March 2027 on the casino's clock, typed into the form),
never the machine's today.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from casino.core.roles import Role
from casino.dealers.models import RotationPlan
from tests.browser.tablet_app import WAIT_MS
from tests.browser.test_pit_board import sign_in
from tests.fixtures import russian_table_beside

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"laptop": (1024, 768), "tablet-upright": (768, 1024), "desktop": (1440, 900)}


def _on_screen(page: Any, selector: str) -> bool:
    """Whether the element is wholly inside the window, as the user sees it now."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )


def _cell(dealer: Any, start: int, place: str) -> str:
    return f"#strings .slot[data-dealer='{dealer}'][data-start='{start}'][data-place='{place}']"


def test_a_pit_boss_proposes_saves_edits_and_saves_the_shifts_plan_again(
    site: Any,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    rp1 = floor["table"]
    for code in ("RP-2", "RP-3"):
        russian_table_beside(rp1, code)
    dealers = [users["dealer"], users["other_dealer"]]
    dealers += [make_user(f"dealer_{n}", Role.DEALER) for n in (3, 4)]
    start = dt.datetime(2027, 3, 10, 14, 0, tzinfo=ZoneInfo(floor["casino"].time_zone))
    plans_url = f"/api/v1/pits/{floor['pit'].pk}/rotation-plans/"
    saves: list[str] = []
    page.on(
        "request",
        lambda request: (
            saves.append(request.url)
            if request.method == "POST" and request.url.endswith(plans_url)
            else None
        ),
    )

    sign_in(page, site, "pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
    page.click("a:has-text('Rotation plan')")
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/rotation/")
    page.fill("#shift input[name=start]", "2027-03-10T14:00")
    page.fill("#shift input[name=length]", "240")
    pick = "#dealers li[data-dealer='{}'] input[name=dealer]"
    for dealer in dealers[:3]:
        page.check(pick.format(dealer.pk))
    # Three dealers for three tables leave nobody to relieve them: refused, said why.
    page.click("#shift button[type=submit]:has-text('Propose')")
    why = page.locator("#infeasible li[data-infeasibility='too_few_dealers']")
    why.wait_for(timeout=WAIT_MS)
    assert why.inner_text() == (
        "Too few dealers: the strings need 4 and 3 on shift are qualified for their games."
    )
    assert "No rotation covers this shift" in page.locator("#shift-error").inner_text()
    screenshot(page, "too-few-dealers")
    page.check(pick.format(dealers[3].pk))
    page.click("#shift button[type=submit]")

    # Three tables, four dealers at 60/20: one string, a push every 20 minutes, shown in the
    # casino's clock times across and a row a dealer.
    state = page.locator("#plan-state")
    state.filter(has_text="Proposed: not saved yet.").wait_for(timeout=WAIT_MS)
    string = page.locator("#strings section.string")
    assert string.count() == 1
    assert "RP-1, RP-2, RP-3" in string.locator("h3").inner_text()
    times = string.locator("thead th").all_inner_texts()
    assert times[:4] == ["Dealer", "14:00", "14:20", "14:40"]
    assert times[-1] == "17:40"
    assert string.locator("tbody tr").count() == 4
    assert "Break" in string.inner_text()
    # At each size the page scrolls the plan into view with its Save, the next thing to do.
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        with page.expect_response(lambda response: response.url.endswith("proposal/")):
            page.click("#shift button[type=submit]")
        state.filter(has_text="Proposed: not saved yet.").wait_for()
        assert _on_screen(page, "#save"), name
        screenshot(page, f"proposed-{name}")
    page.set_viewport_size({"width": 1024, "height": 768})

    # A double tap on Save: one request, one version.
    page.locator("#save").dblclick()
    state.filter(has_text="Version 1 (proposed), saved by pit_boss").wait_for(timeout=WAIT_MS)
    page.locator("#version-list tr").first.wait_for()
    assert saves == [f"{site.url}{plans_url}"]
    assert RotationPlan.objects.count() == 1
    assert page.locator("#version-list tr").count() == 1
    assert page.locator("#save").is_disabled()
    first = RotationPlan.objects.get()
    assert (first.shift_start, first.version, first.source) == (start, 1, "proposed")

    # Two dealers at tables at 14:00; the first one's slot given to the second, who is at
    # another table then: refused, the rule named in words and the slot marked.
    opening = [
        slot
        for string in first.strings
        for slot in string["slots"]
        if slot["start"] == 0 and slot["place"] != "BREAK"
    ]
    x, y = opening[0], opening[1]
    page.click(_cell(x["dealer"], 0, x["place"]))
    page.select_option("#slot-dealer", y["dealer"])
    page.click("#slot-editor button[value=change]")
    state.filter(has_text="Edited: not saved yet.").wait_for()
    page.click("#save")
    double = page.locator("#violations li[data-code='dealer_double_booked']")
    double.wait_for(timeout=WAIT_MS)
    y_name = next(d.username for d in dealers if str(d.pk) == y["dealer"])
    assert double.inner_text().startswith(f"{y_name} is in two places at 14:00")
    assert "Nothing was saved" in page.locator("#save-error").inner_text()
    marked = page.locator(
        f"{_cell(y['dealer'], 0, x['place'])}.broken, {_cell(y['dealer'], 0, y['place'])}.broken"
    )
    assert marked.count() >= 1
    assert RotationPlan.objects.count() == 1
    assert _on_screen(page, "#violations li[data-code='dealer_double_booked']")
    screenshot(page, "violation")

    # Set right: the second dealer's own slot goes to the first, a swap. Saved as version 2.
    page.click(_cell(y["dealer"], 0, y["place"]))
    page.select_option("#slot-dealer", x["dealer"])
    page.click("#slot-editor button[value=change]")
    # A change clears the refusal: the rules are checked again at the next save.
    page.locator("#violations li").first.wait_for(state="detached")
    page.click("#save")
    state.filter(has_text="Version 2 (edited by a pit boss)").wait_for(timeout=WAIT_MS)
    page.locator("#version-list tr[data-version='2']").wait_for()
    assert len(saves) == 3
    second = RotationPlan.objects.get(version=2)
    assert second.source == "edited"
    at_zero = {
        slot["place"]: slot["dealer"]
        for string in second.strings
        for slot in string["slots"]
        if slot["start"] == 0 and slot["place"] != "BREAK"
    }
    assert (at_zero[x["place"]], at_zero[y["place"]]) == (y["dealer"], x["dealer"])
    rows = page.locator("#version-list tr")
    assert rows.count() == 2
    assert rows.first.locator("td").nth(1).inner_text() == "Edited by a pit boss"
    screenshot(page, "version-2")

    # An auditor reads the shift's versions, the newest shown, and changes nothing.
    auditor = page.context.browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        reader = auditor.new_page()
        sign_in(reader, site, "auditor")
        reader.wait_for_url(lambda url: "/sign-in/" not in url)
        reader.goto(f"{site.url}/pit/{floor['pit'].pk}/rotation/")
        reader.fill("#shift input[name=start]", "2027-03-10T14:00")
        reader.click("#shift button[type=submit]:has-text('Show versions')")
        reader.locator("#plan-state", has_text="Version 2 (edited by a pit boss)").wait_for()
        assert reader.locator("#version-list tr").count() == 2
        assert reader.locator("#strings .slot").count() == page.locator("#strings .slot").count()
        assert reader.locator("#strings button, #save").count() == 0
        screenshot(reader, "auditor")
    finally:
        auditor.close()
