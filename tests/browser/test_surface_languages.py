"""The sign-in page, the cage, the dealer's own page and the rotation plan's page read in
Russian: the browser asks for it, and each page's words are Russian, with none of its English
words left; a refused sign-in said in Russian (Django's own words); amounts as Russian writes
them, equal to the API's decimal strings; a rule a plan breaks named in Russian; nothing reaches
beyond the screen at a tablet's sizes and a desktop's. The cage, asked for in Spanish next, at
one size. The screenshots are what each reader sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from casino.core.catalogues import read_catalogue
from casino.core.roles import Role
from payouts.services import slips, trays
from tables.services.refusals import refusal_record
from tests.browser.screens import nothing_wider_than_the_screen
from tests.browser.site import Site
from tests.browser.tablet_app import WAIT_MS
from tests.browser.test_dealer_page import NOON, _decided, _gaming_day, _play
from tests.browser.test_pit_board import sign_in
from tests.fixtures import main_paytable, russian_table_beside, use_paytables
from tests.payouts.tray.trays import chips_made

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = ((1024, 768), (768, 1024), (1440, 900))
RUSSIAN = {"Accept-Language": "ru-RU,ru;q=0.9"}
NBSP = "\u00a0"


def english_left(text: str, words: tuple[str, ...]) -> list[str]:
    """The ``words`` (a page's English words) found in ``text``, each as a whole word."""
    return [word for word in words if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def in_russian(amount: str) -> str:
    """The API's decimal string ``amount`` ("15000.00") as Russian writes it ("15 000,00", a
    no-break space between thousands), regrouped as a string, never read as a number."""
    whole, _, cents = amount.partition(".")
    grouped = re.sub(r"\B(?=(\d{3})+(?!\d))", NBSP, whole)
    return f"{grouped},{cents}"


def each_size(
    page: Any, screenshot: Callable[..., Path], name: str, *, scrolling: str = ""
) -> None:
    """At each size: nothing wider than the screen (but inside the frames ``scrolling``), and
    a screenshot."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        nothing_wider_than_the_screen(page, scrolling=scrolling)
        screenshot(page, f"{name}-{width}x{height}")


SPANISH = {"Accept-Language": "es-ES,es;q=0.9"}
SPANISH_WORDS = read_catalogue("es", "django")


def in_spanish(msgid: str) -> str:
    """The server catalogue's Spanish for ``msgid`` (a template's word), which must be there."""
    message = SPANISH_WORDS.get(msgid)
    assert message is not None and message.string, msgid
    return str(message.string)


def read_in_spanish(page: Any, screenshot: Callable[..., Path], name: str, **shown: str) -> None:
    """The page drawn again with the browser asking for Spanish: in Spanish (each selector of
    ``shown`` reads its msgid's Spanish), nothing wider than a landscape tablet's screen."""
    page.set_extra_http_headers(SPANISH)
    page.reload()
    assert page.locator("html").get_attribute("lang") == "es"
    for selector, msgid in shown.items():
        assert page.locator(selector).first.inner_text().strip() == in_spanish(msgid), selector
    page.set_viewport_size({"width": 1024, "height": 768})
    nothing_wider_than_the_screen(page)
    screenshot(page, f"{name}-es-1024x768")


#: Words the sign-in page and the cage write in English.
SIGN_IN_ENGLISH = ("Sign in", "User name", "Password", "Casino tables")
CAGE_ENGLISH = (
    "Cage", "fills", "credits", "Slips to issue", "Credits to take back in", "Drops to count",
    "Drops to confirm", "Nothing to take back", "No drop to count", "No drop to confirm",
    "Issue", "fill", "Times in", "Live", "Connecting", "Sign out", "Issued slip", "at",
)  # fmt: skip


def test_the_sign_in_page_and_the_cage_in_russian_and_the_cage_in_spanish(
    site: Site,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    table = floor["table"]
    chips_made(floor["casino"].pk, users["admin"])
    trays.tray_count_enter(
        table_id=table.pk, kind="opener", chips={"5.00": 100}, actor=users["dealer"]
    )
    fill = slips.slip_request(
        table_id=table.pk, kind="fill", chips={"25.00": 600}, actor=users["dealer"]
    )
    slips.slip_step(slip_id=fill.pk, step="approved", actor=users["pit_boss"])
    page.set_extra_http_headers(RUSSIAN)

    # A wrong password: refused in Russian, in Django's own words.
    page.goto(f"{site.url}/sign-in/")
    page.fill("input[name=username]", "cage")
    page.fill("input[name=password]", "not the password")
    page.click("button[type=submit]")
    refusal = page.locator(".sign-in .error")
    refusal.wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "ru"
    assert "Пожалуйста, введите правильные" in refusal.inner_text()
    form = page.locator(".sign-in").inner_text()
    assert "Имя пользователя" in form and "Пароль" in form
    assert page.locator(".sign-in button[type=submit]").inner_text() == "Войти"
    assert english_left(page.locator("body").inner_text(), SIGN_IN_ENGLISH) == []
    read_in_spanish(page, screenshot, "sign-in", **{".sign-in button[type=submit]": "Sign in"})
    page.set_extra_http_headers(RUSSIAN)
    each_size(page, screenshot, "sign-in-ru")

    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page, site, "cage")
    page.wait_for_url(re.compile(r".*/pit/$"))
    page.goto(f"{site.url}/cage/")
    page.locator("#connection[data-state='live']").wait_for(timeout=WAIT_MS)
    row = page.locator(f"#issue-list [data-slip='{fill.number}']")
    row.wait_for(timeout=WAIT_MS)
    # The amount as Russian writes it, equal to the API's own decimal string.
    [listed] = page.request.get(
        f"{site.url}/api/v1/slips/?status=approved", headers={"Accept": "application/json"}
    ).json()
    assert D(listed["amount"]) == fill.amount
    assert in_russian(listed["amount"]) == f"15{NBSP}000,00"
    assert row.locator(".amount").inner_text() == in_russian(listed["amount"])
    assert row.locator(".chips").inner_text() == "600 × 25,00"
    assert row.locator(".what").inner_text() == f"#{fill.number} пополнение · RP-1"
    assert page.locator("#to-issue").inner_text() == "Ордера к выдаче"
    assert page.locator("#drop-list").inner_text() == "Нет дропов к пересчёту"
    assert page.locator("#connection").inner_text() == "В эфире"
    assert page.locator("#zone").inner_text().startswith("Время: ")
    assert english_left(page.locator("body").inner_text(), CAGE_ENGLISH) == []
    each_size(page, screenshot, "cage-ru")

    # Spanish, asked for next, at one size: 15.000,00 as Spanish writes it.
    page.set_extra_http_headers({"Accept-Language": "es-AR,es;q=0.9"})
    page.reload()
    row.wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("#to-issue").inner_text() == "Vales por entregar"
    assert row.locator(".amount").inner_text() == "15.000,00"
    assert row.get_by_role("button").inner_text() == "Entregar"
    page.set_viewport_size({"width": 1024, "height": 768})
    nothing_wider_than_the_screen(page)
    screenshot(page, "cage-es-1024x768")

    # Issued in Russian: what went out, said in Russian.
    page.set_extra_http_headers(RUSSIAN)
    page.reload()
    row.get_by_role("button", name="Выдать").click()
    done = page.locator("#cage-done")
    done.wait_for(timeout=WAIT_MS)
    assert done.inner_text().startswith(
        f"Выдан ордер №{fill.number}: пополнение на 15{NBSP}000,00 (600 × 25,00) для RP-1, "
    )
    page.locator("#issue-list .empty", has_text="Выдавать нечего").wait_for(timeout=WAIT_MS)


#: Words the dealer's page writes in English.
DEALER_ENGLISH = (
    "My games", "My week", "Previous week", "Gaming days", "today", "Game", "Since",
    "Evidence", "Last day", "Standing", "Holds", "Training completed", "none", "Table",
    "Boxes staked", "Rounds", "Rounds an hour", "Norm an hour", "Against the norm",
    "above the norm", "below the norm", "all tables", "How many", "rounds", "Rounds dealt",
    "Voids approved", "Payout corrections approved", "owed to players", "Entries retracted",
    "retractions", "Entries refused", "stale event", "My pace", "My accuracy", "Sign out",
)  # fmt: skip


def test_the_dealers_page_in_russian(
    site: Site,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    time_machine: Any,
    screenshot: Callable[..., Path],
) -> None:
    """Two rounds in a week, the first's payout corrected by 15.00 in the players' favour, an
    entry refused: the dealer reads their games, pace and accuracy in Russian."""
    from django.utils import timezone

    now = timezone.now()
    casino, dealer = floor["casino"], users["dealer"]
    use_paytables(floor["table"], main_paytable())
    week = _play(floor["table"], dealer, NOON, 2, time_machine)
    _decided(week[0], "payout_correction", D(15), dealer, users["pit_boss"])
    refusal_record(table_id=floor["table"].pk, dealer_id=dealer.pk, code="stale_event", at=NOON)
    time_machine.move_to(now, tick=True)

    page.set_extra_http_headers(RUSSIAN)
    sign_in(page, site, "dealer")
    page.wait_for_url(f"{site.url}/dealer/")
    page.goto(f"{site.url}/dealer/?casino={casino.pk}&last={_gaming_day(casino, NOON)}")
    page.locator("#games tbody tr").first.wait_for(timeout=WAIT_MS)
    page.locator("#accuracy-table").wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "ru"
    held = page.locator("#games tr[data-game='russian_poker'] td").all_inner_texts()
    assert held[2:] == ["Обучение пройдено: fixture training", "нет", "Действует"]
    assert page.locator("#week-days").inner_text().startswith("Игровые дни с ")
    game_row = page.locator("#pace-table tr[data-table='all']")
    assert game_row.locator("td").nth(1).inner_text() == "все столы"
    # A pace the API writes "45.0" is "45,0" in Russian, its digits as written.
    assert game_row.locator(".inside").inner_text() == "45,0"
    corrected = page.locator("#accuracy-table tr[data-figure='payout-corrections'] td")
    assert corrected.nth(2).inner_text() == "доплачено игрокам 15,00, возвращено от игроков 0,00"
    retracted = page.locator("#accuracy-table tr[data-figure='retractions'] td").nth(2)
    assert retracted.inner_text() == "в 0 отменах"
    refused = page.locator("#accuracy-table tr[data-figure='refusals'] td").nth(2)
    assert refused.inner_text() == "устаревшее событие 1"
    assert english_left(page.locator("body").inner_text(), DEALER_ENGLISH) == []
    each_size(page, screenshot, "dealer-ru")
    # The figures' frames scroll sideways if they must; in Russian, as in English, they need
    # not at a tablet's sizes (a long heading wraps): every column on screen.
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for frame in ("#games-list", "#pace", "#accuracy"):
            assert page.eval_on_selector(frame, "(n) => n.scrollWidth <= n.clientWidth"), (
                frame,
                width,
            )
    read_in_spanish(page, screenshot, "dealer", **{"#games-heading": "My games"})
    page.locator("#accuracy-table").wait_for(timeout=WAIT_MS)
    for frame in ("#games-list", "#pace", "#accuracy"):
        assert page.eval_on_selector(frame, "(n) => n.scrollWidth <= n.clientWidth"), frame


#: Words the rotation plan's page writes in English.
ROTATION_ENGLISH = (
    "rotation plan", "Pit board", "Times in", "Plan a shift", "Start", "Length", "Minutes on",
    "Minutes off", "Minimum stint", "Grace", "Dealers on shift", "Add an absence", "Propose",
    "Plan", "Proposed", "Edited", "not saved yet", "Save as next version", "Saved versions",
    "Version", "Made", "Saved by", "Saved at", "String", "Dealer", "Break", "a push every",
    "relief", "reliefs", "is in two places", "Show the slot", "Nothing was saved", "rule",
    "Tap a slot", "No version is saved", "Too few dealers", "Tables concerned",
)  # fmt: skip


def test_the_rotation_plan_in_russian(
    site: Site,
    page: Any,
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    """Three tables: three dealers refused in Russian, four proposed a plan; a slot given to a
    dealer who is at another table then: the rule broken named in Russian."""
    for code in ("RP-2", "RP-3"):
        russian_table_beside(floor["table"], code)
    dealers = [users["dealer"], users["other_dealer"]]
    dealers += [make_user(f"dealer_{n}", Role.DEALER) for n in (3, 4)]
    names = {str(d.pk): d.username for d in dealers}
    zone = floor["casino"].time_zone

    page.set_extra_http_headers(RUSSIAN)
    sign_in(page, site, "pit_boss")
    page.wait_for_url(f"{site.url}/pit/{floor['pit'].pk}/")
    page.goto(f"{site.url}/pit/{floor['pit'].pk}/rotation/")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator("#zone").inner_text() == f"Время: {zone}"
    assert page.locator("#start-words").inner_text() == f"Начало, время {zone}"
    page.fill("#shift input[name=start]", "2027-03-10T14:00")
    page.fill("#shift input[name=length]", "240")
    pick = "#dealers li[data-dealer='{}'] input[name=dealer]"
    for dealer in dealers[:3]:
        page.check(pick.format(dealer.pk))
    page.click("#shift button[type=submit]")
    why = page.locator("#infeasible li[data-infeasibility='too_few_dealers']")
    why.wait_for(timeout=WAIT_MS)
    assert why.inner_text() == (
        "Мало дилеров: цепочкам нужно 4, а допуск к их играм есть у 3 на смене."
    )
    page.check(pick.format(dealers[3].pk))
    page.click("#shift button[type=submit]")
    state = page.locator("#plan-state")
    state.filter(has_text="Предложен: ещё не сохранён.").wait_for(timeout=WAIT_MS)
    string = page.locator("#strings section.string")
    assert string.locator("h3").inner_text().startswith("Цепочка ")
    assert string.locator("thead th").first.inner_text() == "Дилер"
    assert "Перерыв" in string.inner_text()

    # The first two dealers at tables at 14:00: the first one's slot given to the second.
    opening = page.locator("#strings .slot.at-table[data-start='0']")
    first, second = opening.nth(0), opening.nth(1)
    taken_by = second.get_attribute("data-dealer")
    first.click()
    page.select_option("#slot-dealer", taken_by)
    page.click("#slot-editor button[value=change]")
    state.filter(has_text="Изменён: ещё не сохранён.").wait_for(timeout=WAIT_MS)
    page.click("#save")
    double = page.locator("#violations li[data-code='dealer_double_booked']")
    double.wait_for(timeout=WAIT_MS)
    assert double.inner_text().startswith(f"{names[taken_by]} в двух местах сразу в 14:00")
    assert double.get_by_role("button").inner_text() == "Показать слот"
    assert page.locator("#save-error").inner_text().startswith("Ничего не сохранено: план нарушает")
    assert english_left(page.locator("body").inner_text(), ROTATION_ENGLISH) == []
    # The roadmap scrolls sideways in its frame, as long as the shift: the frame fits.
    each_size(page, screenshot, "rotation-ru", scrolling=".roadmap-wrap")
    read_in_spanish(page, screenshot, "rotation", **{"#shift button[type=submit]": "Propose"})
