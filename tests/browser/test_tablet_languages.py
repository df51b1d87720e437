"""The dealer's tablet in the dealer's language (docs/i18n.md), in a real browser: a round of
Russian Poker played on it in Russian settles exactly as the same round played in English, the
amounts on its payout screen written as Russian writes them, and the game's own words (the
actions, figures and facts, the hands and the settlement's lines) in Russian, none left in
English; the language is the browser's
until the dealer picks another on the PIN pad, which is then kept for that dealer's next
sign-in at the tablet, and by the server, so that it follows the dealer to another table's
tablet. Screenshots in Russian at both of a tablet's sizes and in Spanish.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from casino.core.catalogues import SCRIPTS, read_catalogue
from casino.identity.languages import language_of
from payouts.models import Settlement, TablePaytable
from tables.models import Box, Table
from tests.browser import tablet_app
from tests.browser.screens import nothing_wider_than_the_screen
from tests.browser.tablet_app import LANDSCAPE, PORTRAIT, WAIT_MS, Hand, Site
from tests.fixtures import russian_table_beside

pytestmark = pytest.mark.django_db(transaction=True)

#: A desk's screen, beside the tablet's two sizes.
WIDE = {"width": 1440, "height": 900}


def local_amount(text: str) -> D:
    """An amount as Russian or Spanish writes it ("1 234,50", "−5,00", "12.345,50") as a
    Decimal: the grouping (a space, a no-break space or a point) left out, the comma read as
    the decimal point."""
    plain = text.strip().replace("\u00a0", "").replace("\u202f", "").replace(" ", "")
    return D(plain.replace(".", "").replace(",", ".").replace("−", "-"))


def shown_dues(hand: Hand) -> dict[str, dict[str, D]]:
    """What the payout screen says each box is due, read from its words in the language
    shown (as ``Hand.dues`` reads English)."""
    shown: dict[str, dict[str, D]] = {}
    for key in hand.page.locator("#screen [data-pay]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.pay)"
    ):
        card = hand.page.locator(f"#screen [data-pay='{key}']")
        shown[key] = {
            due: local_amount(card.locator(f"[data-due='{due}'] strong").inner_text())
            for due in ("take", "pay", "stays")
        }
    return shown


#: The card pickers' titles in Russian and Spanish (``tablet_app.PICKER_TITLES``): a box's, the
#: dealer's up card's ("Дилер: открытая карта"), the dealer's face-down cards' ("Открыть
#: закрытые карты дилера").
RUSSIAN_TITLES = {"box": "Бокс", "dealer": "Дилер", "face-down": "закрыт"}
SPANISH_TITLES = {"box": "Box", "dealer": "Crupier", "face-down": "tapad"}

#: Where the round's screen writes the game's own words: the actions' labels (with their
#: figures), the boxes' hands, statuses and figures, the card groups, the table's figures and
#: facts; and the payout screen's lines and the dealer's final cards.
ROUND_WORDS = (
    "#screen .action .label, #screen .position .hand, #screen .position .status, "
    "#screen .position .money dt, #screen .group > .label, #screen .figures dt, "
    "#screen .figures dd[data-fact]"
)
PAYOUT_WORDS = "#screen .line-label, #screen .outcome, #screen .final-group .label"


def english_left(hand: Hand, selector: str) -> list[str]:
    """The texts of ``selector``'s elements on the screen holding a Latin letter: words left
    in English on a tablet in Russian (the boxes' players' names are not among them)."""
    texts = hand.page.locator(selector).all_inner_texts()
    assert texts, selector
    return [text for text in texts if re.search("[A-Za-z]", text)]


def in_russian(page: Any, name: str) -> None:
    """At the decisions, the game's own words on the round's screen are Russian."""
    if name != "decisions":
        return
    bet = page.locator("#screen .action[data-action='bet'][data-for='box:1'] .label")
    assert bet.inner_text() == "Бокс 1: ставка"
    assert page.locator("#screen [data-position='box:1'] .money dt").first.inner_text() == "Анте"
    assert page.locator("#screen .group[data-group='dealer'] > .label").inner_text() == "Дилер"
    assert page.locator("#screen [data-fact='bonus']").inner_text() in {
        "предлагается",
        "не предлагается",
    }


def settled_lines(round_id: int) -> list[tuple[int, str, D, D]]:
    """The round's settlement as the server stored it: (box, line, stake, paid) per line."""
    settlement = Settlement.objects.get(round_id=round_id)
    return sorted(
        (line.box, line.line, line.stake, line.paid_amount) for line in settlement.lines.all()
    )


def sign_in_choosing(hand: Hand, username: str, language: str | None) -> None:
    """Sign ``username`` in at the PIN pad, tapping ``language`` on it first (None: none)."""
    hand.page.locator("#screen[data-screen='pin']").wait_for(timeout=WAIT_MS)
    if language is not None:
        hand.tap(f"#screen [data-language='{language}']")
        hand.page.locator(f"#screen [data-language='{language}'].chosen").wait_for(timeout=WAIT_MS)
    hand.sign_in(username)


def play_and_settle(
    hand: Hand,
    shot: Callable[[Any, str], Any] | None = None,
    *,
    english: bool = False,
    titles: dict[str, str] = RUSSIAN_TITLES,
) -> int:
    """``tablet_app.play_russian_round`` to its payout screen; answers the round's id."""
    tablet_app.play_russian_round(hand, shot, english=english, titles=titles)
    round_id = hand.round_id()
    hand.page.locator("#screen .settlement").wait_for(timeout=WAIT_MS)
    return round_id


def test_a_round_in_russian_settles_as_in_english_and_each_dealer_keeps_their_language(
    browser: Any,
    site: Site,
    floor: dict[str, Any],
    client_for: Callable[[str | None], Any],
    screenshot: Callable[..., Path],
) -> None:
    tablet_app.russian_table(floor)
    context = browser.new_context(viewport=LANDSCAPE, has_touch=True, locale="ru-RU")
    try:
        hand = Hand(context.new_page(), site)
        # The browser asks for Russian: the PIN pad is in Russian before anyone signs in.
        hand.pair(floor["table"])
        pad = hand.page.locator("#screen[data-screen='pin']")
        pad.wait_for(timeout=WAIT_MS)
        assert pad.locator("h1").inner_text() == "Вход дилера"
        assert hand.page.locator("html").get_attribute("lang") == "ru"
        assert hand.page.locator("#screen [data-language='ru'].chosen").count() == 1
        screenshot(hand.page, "ru-pin")
        nothing_wider_than_the_screen(hand.page)

        hand.sign_in("dealer")
        assert hand.page.locator("#screen [data-open-round]").inner_text() == "Открыть раунд"
        assert hand.page.locator("#menu").inner_text() == "Выйти"

        def shot(page: Any, name: str) -> None:
            screenshot(page, f"ru-{name}")
            in_russian(page, name)
            if name == "decisions":
                assert english_left(hand, ROUND_WORDS) == []
                # The game's Russian words fit at the tablet's other size and a desk's screen.
                for size, viewport in (("portrait", PORTRAIT), ("wide", WIDE)):
                    page.set_viewport_size(viewport)
                    screenshot(page, f"ru-decisions-{size}")
                    nothing_wider_than_the_screen(page)
                page.set_viewport_size(LANDSCAPE)

        in_russian_round = play_and_settle(hand, shot)
        # The payout screen says the hands and the lines in Russian: box 1's two pair won its Bet.
        box_1 = hand.page.locator("#screen [data-pay='box:1']")
        assert box_1.locator("[data-line='bet'] .line-label").inner_text() == "Ставка"
        assert box_1.locator("[data-line='bet'] .outcome").inner_text() == "выигрыш · две пары"
        assert english_left(hand, PAYOUT_WORDS) == []
        screenshot(hand.page, "ru-payouts-landscape")
        nothing_wider_than_the_screen(hand.page)
        hand.page.set_viewport_size(PORTRAIT)
        screenshot(hand.page, "ru-payouts-portrait")
        nothing_wider_than_the_screen(hand.page)
        hand.page.set_viewport_size(WIDE)
        screenshot(hand.page, "ru-payouts-wide")
        nothing_wider_than_the_screen(hand.page)
        hand.page.set_viewport_size(LANDSCAPE)
        shown = shown_dues(hand)
        assert hand.page.locator("#screen [data-settle]").inner_text() == "Рассчитать"
        hand.settle()
        hand.paid()
        # Signing out waits for nothing but the tablet's queue to be empty (the "Paid" sent).
        hand.wait_waiting(0)
        # What the Russian screen said each box is due is what the server settled.
        assert shown == tablet_app.settlement_dues(in_russian_round, client_for("auditor"))

        # The same dealer picks English on the PIN pad: the same round, settled the same.
        hand.tap("#menu")
        sign_in_choosing(hand, "dealer", "en")
        assert hand.page.locator("#screen [data-open-round]").inner_text() == "Open next round"
        in_english = play_and_settle(hand, english=True, titles=tablet_app.PICKER_TITLES)
        assert hand.dues() == shown
        hand.settle()
        hand.paid()
        # Signing out waits for nothing but the tablet's queue to be empty (the "Paid" sent).
        hand.wait_waiting(0)
        assert settled_lines(in_russian_round) == settled_lines(in_english)
        assert in_russian_round != in_english

        # English is kept for this dealer: signed in again, nothing tapped, still English,
        # though the browser asks for Russian (and the PIN pad, between dealers, is Russian).
        hand.tap("#menu")
        pad.wait_for(timeout=WAIT_MS)
        assert pad.locator("h1").inner_text() == "Вход дилера"
        sign_in_choosing(hand, "dealer", None)
        assert hand.page.locator("#screen [data-open-round]").inner_text() == "Open next round"

        # Spanish, at one size: the round's first screens and its payout screen.
        hand.tap("#menu")
        sign_in_choosing(hand, "dealer", "es")
        assert hand.page.locator("#screen [data-open-round]").inner_text() == "Abrir la ronda"
        play_and_settle(
            hand, lambda page, name: screenshot(page, f"es-{name}"), titles=SPANISH_TITLES
        )
        screenshot(hand.page, "es-payouts")
        nothing_wider_than_the_screen(hand.page)
        assert shown_dues(hand) == shown
    finally:
        context.close()


def test_a_dealers_language_follows_them_to_another_tables_tablet(
    browser: Any,
    site: Site,
    floor: dict[str, Any],
    users: dict[str, Any],
    screenshot: Callable[..., Path],
) -> None:
    """The dealer taps Russian at RP-1's tablet (an English browser); at RP-2's, a fresh
    tablet with nothing kept and an English browser too, the dealer taps nothing and reads
    Russian once signed in."""
    rp1 = tablet_app.russian_table(floor)
    rp2 = russian_table_beside(rp1, "RP-2")
    Box.objects.bulk_create(Box(table=rp2, number=n) for n in range(1, 5))
    for used in TablePaytable.objects.filter(table=rp1):
        TablePaytable.objects.create(table=rp2, kind=used.kind, paytable=used.paytable)
    first = browser.new_context(viewport=LANDSCAPE, has_touch=True, locale="en-US")
    second = browser.new_context(viewport=LANDSCAPE, has_touch=True, locale="en-US")
    try:
        here = Hand(first.new_page(), site)
        here.pair(rp1)
        with here.page.expect_response(
            lambda r: r.url.endswith("/api/v1/auth/language/") and r.request.method == "PUT"
        ) as kept:
            sign_in_choosing(here, "dealer", "ru")
        assert kept.value.status == 200
        assert here.page.locator("#screen [data-open-round]").inner_text() == "Открыть раунд"
        assert language_of(users["dealer"]) == "ru"

        there = Hand(second.new_page(), site)
        there.pair(rp2)
        pad = there.page.locator("#screen[data-screen='pin']")
        pad.wait_for(timeout=WAIT_MS)
        assert pad.locator("h1").inner_text() == "Dealer sign-in"
        assert there.page.evaluate("localStorage.getItem('tablet.dealer-languages')") is None
        sign_in_choosing(there, "dealer", None)
        assert there.page.locator("#screen [data-open-round]").inner_text() == "Открыть раунд"
        assert there.page.locator("html").get_attribute("lang") == "ru"
        assert there.page.locator("#menu").inner_text() == "Выйти"
        screenshot(there.page, "ru-at-another-table")
    finally:
        first.close()
        second.close()


def test_the_pad_reads_the_tables_language_before_a_dealer_has_one(
    browser: Any, site: Site, floor: dict[str, Any], users: dict[str, Any]
) -> None:
    """RP-1 is a Spanish table: its fresh tablet, in an English browser, reads the PIN pad in
    Spanish; a dealer with no language of their own reads Spanish once signed in; after the
    dealer signs out, the pad is Spanish again for the next one."""
    table = tablet_app.russian_table(floor)
    Table.objects.filter(pk=table.pk).update(language="es")
    spanish = read_catalogue("es", SCRIPTS)
    sign_in_words = spanish.get("Dealer sign-in").string
    assert sign_in_words and sign_in_words != "Dealer sign-in"
    context = browser.new_context(viewport=LANDSCAPE, has_touch=True, locale="en-US")
    try:
        hand = Hand(context.new_page(), site)
        hand.pair(table)
        pad = hand.page.locator("#screen[data-screen='pin']")
        pad.wait_for(timeout=WAIT_MS)
        assert pad.locator("h1").inner_text() == sign_in_words
        assert hand.page.locator("html").get_attribute("lang") == "es"

        hand.sign_in("dealer")
        assert language_of(users["dealer"]) is None
        opened = hand.page.locator("#screen [data-open-round]")
        assert opened.inner_text() == spanish.get("Open next round").string

        hand.tap("#menu")
        pad.wait_for(timeout=WAIT_MS)
        assert pad.locator("h1").inner_text() == sign_in_words
    finally:
        context.close()
