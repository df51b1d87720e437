"""A table's gaming day downloaded as its evidence package from the workbench's reports screen,
in a real browser: the file is the one the API exported (it verifies with the site's public key,
and its SHA-256 is the one the export's audit row records), a day the trail holds nothing of is
refused in words with nothing written, and the form offers only the tables the user may export.

The server is the workbench tests' (``tests.browser.test_workbench``): uvicorn with a place
outside the database for checkpoints of the test's own, so an export can seal what it rests on.
The screenshots are at a laptop's size.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from audit.evidence.verify import verify_package
from audit.sealing.signing import public_pem
from audit.services.checkpoints import trusted_public_key
from casino.core.audit_codes import AuditCode
from casino.core.models import AuditRecord
from casino.core.roles import Role
from tables.models import Casino, Pit, Round, Table, TableStatus
from tests.audit.conftest import audit_floor, play_rp01  # noqa: F401
from tests.browser.test_workbench import (  # noqa: F401
    Site,
    laptop,
    sign_in,
    site,
)

pytestmark = pytest.mark.django_db(transaction=True)

FORM = "#table-evidence"


def last_closed_day(floor: dict[str, Any]) -> dt.date:
    """The day before the casino's gaming day in play: the one the form starts on."""
    return floor["casino"].clock.day_of(timezone.now()) - dt.timedelta(days=1)


def offered_tables(page: Any) -> list[str]:
    return [
        text.split(" · ")[0]
        for text in page.locator(f"{FORM} select[name=table] option").all_inner_texts()
    ]


def test_an_auditor_downloads_a_tables_gaming_day_as_its_evidence_package(
    site: Site,  # noqa: F811
    laptop: Callable[[], Any],  # noqa: F811
    audit_floor: dict[str, Any],  # noqa: F811
    play_rp01: Callable[..., Round],  # noqa: F811
    screenshot: Callable[..., Path],
) -> None:
    table = audit_floor["table"]
    round = play_rp01(table)
    page = laptop()
    sign_in(page, site, "auditor", then="/audit/reports/")
    form = page.locator(FORM)
    # Every table, for an auditor, and the day the casino closed last.
    assert sorted(offered_tables(page)) == ["RD-1", "RP-1", "RP-9", "RR-1"]
    assert form.locator("input[name=day]").input_value() == last_closed_day(audit_floor).isoformat()

    form.locator("select[name=table]").select_option(str(table.pk))
    form.locator("input[name=day]").fill(round.gaming_day.isoformat())
    with page.expect_download() as download:
        form.locator("button[type=submit]").click()
    filename = f"evidence-table-{table.pk}-{round.gaming_day.isoformat()}.json"
    assert download.value.suggested_filename == filename
    package = Path(download.value.path()).read_bytes()

    # The API's own file: signed by the site's key, and the very bytes its export recorded.
    outcome = verify_package(package, public_key_pem=public_pem(trusted_public_key()).encode())
    assert outcome.ok, outcome.failed
    content = json.loads(package)
    assert content["kind"] == "table_day"
    assert content["subject"] == {"table": table.pk, "gaming_day": round.gaming_day.isoformat()}
    assert [packaged["number"] for packaged in content["rounds"]] == [round.number]
    assert content["exported_by"] == "auditor"
    export = AuditRecord.objects.get(event_code=AuditCode.EVIDENCE_EXPORTED)
    sha256 = hashlib.sha256(package).hexdigest()
    assert export.after["sha256"] == sha256
    assert export.after["subject"] == content["subject"]
    said = form.locator(".outcome")
    said.wait_for()
    assert filename in said.inner_text()
    assert said.locator(".sha256").get_attribute("title") == sha256
    assert f"checkpoint #{export.after['checkpoint']}" in said.inner_text()
    assert form.locator(".error").inner_text() == ""
    screenshot(page, "downloaded")


def test_a_day_with_nothing_recorded_is_refused_in_words_and_nothing_is_written(
    site: Site,  # noqa: F811
    laptop: Callable[[], Any],  # noqa: F811
    audit_floor: dict[str, Any],  # noqa: F811
    play_rp01: Callable[..., Round],  # noqa: F811
    screenshot: Callable[..., Path],
) -> None:
    # The table has its rounds today; the form starts on the last closed day, of which the
    # trail holds nothing.
    play_rp01(audit_floor["table"])
    page = laptop()
    downloads: list[Any] = []
    page.on("download", lambda download: downloads.append(download))
    sign_in(page, site, "auditor", then="/audit/reports/")
    form = page.locator(FORM)
    form.locator("select[name=table]").select_option(str(audit_floor["table"].pk))
    assert form.locator("input[name=day]").input_value() == last_closed_day(audit_floor).isoformat()
    rows_before = AuditRecord.objects.count()

    form.locator("button[type=submit]").click()
    refusal = form.locator(".error", has_text="holds nothing")
    refusal.wait_for()
    assert refusal.inner_text() == (
        f"The trail holds nothing of RP-1 on {last_closed_day(audit_floor).isoformat()}: "
        "there is no evidence to package."
    )
    assert form.locator(".outcome").is_hidden()
    assert downloads == []
    # No export recorded, no checkpoint sealed for it.
    assert AuditRecord.objects.count() == rows_before
    assert not AuditRecord.objects.filter(event_code=AuditCode.EVIDENCE_EXPORTED).exists()
    screenshot(page, "nothing-recorded")


def test_the_day_follows_the_tables_casino_until_one_is_chosen(
    site: Site,  # noqa: F811
    laptop: Callable[[], Any],  # noqa: F811
    audit_floor: dict[str, Any],  # noqa: F811
) -> None:
    # Two casinos 26 hours apart: whatever the hour, their last closed gaming days differ.
    far = {}
    for code, time_zone in (("RP-E", "Etc/GMT-14"), ("RP-W", "Etc/GMT+12")):
        casino = Casino.objects.create(name=code, time_zone=time_zone, gaming_day_start_hour=6)
        far[code] = (
            Table.objects.create(
                pit=Pit.objects.create(casino=casino, name=f"Pit {code}"),
                code=code,
                game=audit_floor["table"].game,
                status=TableStatus.OPEN,
                ante_min=audit_floor["table"].ante_min,
                ante_max=audit_floor["table"].ante_max,
                rule_set=audit_floor["table"].rule_set,
                boxes=4,
            ),
            (casino.clock.day_of(timezone.now()) - dt.timedelta(days=1)).isoformat(),
        )
    east, west = far["RP-E"], far["RP-W"]
    assert east[1] != west[1]
    page = laptop()
    sign_in(page, site, "auditor", then="/audit/reports/")
    form = page.locator(FORM)
    day = form.locator("input[name=day]")
    form.locator("select[name=table]").select_option(str(east[0].pk))
    assert day.input_value() == east[1]
    form.locator("select[name=table]").select_option(str(west[0].pk))
    assert day.input_value() == west[1]
    # A day the auditor entered stays when the table changes.
    day.fill("2026-01-15")
    form.locator("select[name=table]").select_option(str(east[0].pk))
    assert day.input_value() == "2026-01-15"


def test_a_pit_boss_is_offered_the_own_pits_tables_and_one_of_no_pit_no_form(
    site: Site,  # noqa: F811
    laptop: Callable[[], Any],  # noqa: F811
    audit_floor: dict[str, Any],  # noqa: F811
    make_user: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    page = laptop()
    sign_in(page, site, "pit_boss", then="/audit/reports/")
    # Pit A's tables; RP-9 is in Pit B, whose package the API refuses this pit boss.
    assert sorted(offered_tables(page)) == ["RD-1", "RP-1", "RR-1"]
    screenshot(page, "own-pit")

    make_user("unassigned_pit_boss", Role.PIT_BOSS)
    page = laptop()
    sign_in(page, site, "unassigned_pit_boss", then="/audit/reports/")
    page.locator("#reports tbody tr").first.wait_for()
    assert page.locator(FORM).count() == 0
