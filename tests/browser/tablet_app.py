"""Driving the dealer's tablet app in a real browser: the site served by uvicorn, a tablet-sized
page, and a dealer's hand on it that counts every tap it makes (picker taps included), as the
benchmark of the taps a round needs reports.

Everything is done the way a dealer does it: by tapping what the screen shows. The helpers wait
for the screen to show the server's answer (the round's event number on ``#screen``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from decimal import Decimal as D
from typing import Any, Final

import pytest
from django.urls import reverse
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.site import Site
from tests.russian_round import BOXES, DEALER_DOWN, DEALER_UP

#: A tablet held in landscape, and one in portrait.
LANDSCAPE = {"width": 1024, "height": 768}
PORTRAIT = {"width": 768, "height": 1024}
WAIT_MS = 15_000
#: The dealers' PINs in these tests.
PINS = {"dealer": "4812", "other_dealer": "5923", "relief_dealer": "7034"}


@pytest.fixture
def hand(browser: Any, site: Site) -> Iterator[Hand]:
    """A dealer's hand on a fresh tablet (a browser context of its own), held in landscape."""
    context = tablet_context(browser)
    try:
        yield Hand(context.new_page(), site)
    finally:
        context.close()


class Hand:
    """A dealer's hand on the tablet app in ``page``; ``taps`` counts every tap made."""

    def __init__(self, page: Any, site: Site) -> None:
        self.page = page
        self.site = site
        self.taps = 0
        self.tablet: Any = None

    # -- taps --------------------------------------------------------------------------

    def tap(self, selector: str, *, refused: bool = False) -> None:
        """Tap what ``selector`` names; ``refused``: something shown as unavailable (Playwright
        will not click what it sees as disabled; a finger will)."""
        self.page.locator(selector).first.click(timeout=WAIT_MS, force=refused)
        self.taps += 1

    def open_app(self) -> None:
        self.page.goto(f"{self.site.url}/tablet/")

    def pair(self, table: Any) -> str:
        """Register this browser as a tablet of ``table`` (by a pit boss of its pit, through the
        service; ``test_tablet_pairing`` does it on the page) and keep its credential as the
        pairing page does. Answers the credential."""
        from tables.services.tablets import tablet_register

        registrar = table.pit.supervisors.order_by("pk").first()
        credential, tablet = tablet_register(table_id=table.pk, actor=registrar, name="tablet")
        self.open_app()
        self.page.evaluate(
            "paired => localStorage.setItem('tablet.credential', JSON.stringify(paired))",
            {"id": tablet.pk, "table": table.pk, "name": tablet.name, "credential": credential},
        )
        self.page.reload()
        self.tablet = tablet
        return credential

    def sign_in(self, username: str) -> None:
        """The dealer ``username`` signs in at this tablet with a PIN (the tablet paired first,
        to the dealer's table, if it is not yet)."""
        from casino.identity.pins import pin_set_at_console
        from tables.models import DealerAssignment

        if self.tablet is None:
            seated = DealerAssignment.objects.select_related("table__pit").get(
                dealer__username=username, ended_at=None
            )
            self.pair(seated.table)
        pin = PINS.get(username, "2468")
        pin_set_at_console(username=username, pin=pin)
        self.enter_pin(username, pin)
        self.page.locator(
            "#screen [data-open-round], #screen .phase, #screen .settlement"
        ).first.wait_for(timeout=WAIT_MS)

    def enter_pin(self, username: str, pin: str) -> None:
        """On the PIN screen: the name, the PIN on the pad, sign in."""
        self.page.locator("#screen[data-screen='pin']").wait_for(timeout=WAIT_MS)
        self.page.fill("#screen input[name=username]", username)
        for digit in pin:
            self.page.click(f"#screen [data-digit='{digit}']")
        self.page.click("#screen [data-sign-in]")

    def open_round(self) -> None:
        self.tap("[data-open-round]")
        self.page.locator("#screen .phase").wait_for(timeout=WAIT_MS)

    def action(
        self, name: str, choice: str | int | None = None, *, position: str | None = None
    ) -> None:
        """Tap action ``name`` (its button for ``choice``, or the one for ``position``)."""
        selector = f"#screen .action[data-action='{name}']"
        if position is not None:
            selector += f"[data-for='{position}']"
        selector += f" [data-choice='{choice}']" if choice is not None else " .take"
        self.tap(selector)

    def cards(self, *cards: str) -> None:
        """Tap ``cards`` in the open picker."""
        for card in cards:
            self.tap(f"#picker [data-card='{card}']")

    def own(self, *cards: str) -> None:
        """Tap ``cards`` among the box's own cards in the open picker (an exchange's discards)."""
        for card in cards:
            self.tap(f"#picker [data-own='{card}']")

    def picker_for(self, title: str) -> None:
        """Wait for the card picker the app opens by itself, titled ``title``."""
        self.page.locator("#picker[open] h2", has_text=title).wait_for(timeout=WAIT_MS)

    def done(self) -> None:
        self.tap("#picker [data-picker='done']")

    def choose(self, value: str | int) -> None:
        """Tap a choice in the open dialog (a box, a target, a choice)."""
        self.tap(f"#form [data-choice='{value}']")

    def chip(self, field: str, amount: str) -> None:
        self.tap(f"#form [data-field='{field}'] [data-chip='{amount}']")

    def fill(self, field: str, text: str) -> None:
        """Type into a field of the open form (typing is not counted as taps: a keyboard)."""
        self.page.locator(f"#form [data-field='{field}'] input").first.fill(text)

    def record(self) -> None:
        self.tap("#form [data-record]")

    def cancel(self) -> None:
        self.tap("#form [data-cancel]")

    def settle(self) -> None:
        """Settle on the payout screen; it then asks for "Paid"."""
        self.tap("#screen [data-settle]")
        self.page.locator("#screen [data-paid]").wait_for(timeout=WAIT_MS)

    def paid(self) -> None:
        """Mark the round paid; the table is then between rounds."""
        self.tap("#screen [data-paid]")
        self.page.locator("#screen [data-open-round]").wait_for(timeout=WAIT_MS)

    # -- what the screen shows -----------------------------------------------------------

    def wait_event(self, seq: int) -> None:
        """Wait until the screen shows the server's answer with event number ``seq``, nothing
        waiting and nothing refused."""
        self.page.wait_for_function(
            "seq => document.getElementById('screen').dataset.event === String(seq) "
            "&& document.getElementById('connection')?.dataset.state === 'online'",
            arg=seq,
            timeout=WAIT_MS,
        )

    def wait_waiting(self, count: int) -> None:
        """Wait until the banner counts ``count`` entries waiting to be sent."""
        self.page.wait_for_function(
            "n => document.getElementById('connection')?.dataset.waiting === String(n)",
            arg=count,
            timeout=WAIT_MS,
        )

    def waiting(self) -> int:
        return int(self.page.locator("#connection").get_attribute("data-waiting") or "0")

    def phase(self) -> str:
        return self.page.locator("#screen").get_attribute("data-phase") or ""

    def round_id(self) -> int:
        return int(self.page.locator("#screen").get_attribute("data-round") or "0")

    def dues(self) -> dict[str, dict[str, D]]:
        """What the payout screen says each box or seat is due: ``{"box:1": {"take": ...,
        "pay": ..., "stays": ...}}``, read from the screen's words."""
        shown: dict[str, dict[str, D]] = {}
        for key in self.page.locator("#screen [data-pay]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.pay)"
        ):
            card = self.page.locator(f"#screen [data-pay='{key}']")
            shown[key] = {
                due: amount(card.locator(f"[data-due='{due}'] strong").inner_text())
                for due in ("take", "pay", "stays")
            }
        return shown


def tablet_context(
    browser: Any, viewport: dict[str, int] = LANDSCAPE, *, service_workers: str = "allow"
) -> Any:
    """A fresh browser context the size of a tablet, with touch. ``service_workers="block"``
    for a test that routes the app's requests itself (Playwright does not see the requests a
    service worker makes)."""
    return browser.new_context(viewport=viewport, has_touch=True, service_workers=service_workers)


#: Why no service worker controls the page: the registrations' states, and each file the
#: worker keeps that the server does not answer now (an install fails on any one of them).
WHY_NOT_KEPT: Final = """async (workerUrl) => {
  const registrations = (await navigator.serviceWorker.getRegistrations()).map((r) => ({
    scope: r.scope,
    installing: r.installing && r.installing.state,
    waiting: r.waiting && r.waiting.state,
    active: r.active && r.active.state,
  }));
  const worker = await fetch(workerUrl, { cache: "no-store" });
  const files = JSON.parse((await worker.text()).match(/const FILES = (.*);/)[1]);
  const unanswered = [];
  for (const file of files) {
    try {
      const answer = await fetch(file, { cache: "no-store" });
      if (!answer.ok) unanswered.push(`${file}: ${answer.status}`);
    } catch (error) {
      unanswered.push(`${file}: ${error}`);
    }
  }
  return { worker: worker.status, registrations, unanswered };
}"""


def app_is_kept_offline(page: Any) -> None:
    """Wait until the service worker controls the page (the app's files kept for offline).

    :raises AssertionError: after the wait, with :data:`WHY_NOT_KEPT`'s answer.
    """
    try:
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller !== null",
            timeout=2 * WAIT_MS,
        )
    except PlaywrightTimeout:
        why = page.evaluate(WHY_NOT_KEPT, reverse("surfaces-tablet-sw"))
        raise AssertionError(f"no service worker controls the tablet's page: {why}") from None


def each_figure_once(page: Any) -> None:
    """The round screen writes every figure of the round's view once: each box's or seat's
    card names it once and holds each of its figures' labels once; each action's button holds
    its label, each of its figures' labels at most once (an action's label may state one
    already, "Box 1: bet 20.00") and each figure's amount."""
    view = page.evaluate("JSON.parse(localStorage.getItem('tablet.kept')).round.view")
    for seen in view["positions"]:
        position = seen["position"]
        card = page.locator(f"#screen [data-position='{position['kind']}:{position['number']}']")
        name = f"{position['kind'].replace('_', ' ').capitalize()} {position['number']}"
        assert times(card.locator("header").inner_text(), name) == 1, card.inner_text()
        money = card.locator(".money").inner_text()
        for figure in seen["figures"]:
            assert times(money, figure["label"]) == 1, (figure, money)
    for action in view["actions"]:
        if not action["figures"]:
            continue
        where = action["position"]
        selector = f"#screen .action[data-action='{action['name']}']"
        if where:
            selector += f"[data-for='{where['kind']}:{where['number']}']"
        else:
            selector += ":not([data-for])"
        text = page.locator(selector).first.inner_text()
        assert times(text, action["label"]) == 1, (action["label"], text)
        for figure in action["figures"]:
            assert times(text, figure["label"]) <= 1, (figure, text)
            assert times(text, f"{D(figure['amount']):,.2f}") >= 1, (figure, text)


def amount(text: str) -> D:
    """An amount as the app writes it ("1,234.50", "−5.00") as a Decimal."""
    return D(text.replace(",", "").replace("−", "-").strip())


def settlement_dues(round_id: int, client: Any) -> dict[str, dict[str, D]]:
    """What the round's settlement says each box or seat is due now, per line summed, from the
    round's answer (the settlement's figures, ``view.result``), each line checked against the
    settlement the server stored: its paid amount less what was paid during the game is what
    the dealer pays and leaves on the layout; its stake less what was taken during the game is
    what the dealer takes and leaves."""
    response = client.get(f"/api/v1/rounds/{round_id}/")
    assert response.status_code == 200, response.json()
    answer = response.json()
    stored = {(line["box"], line["line"]): line for line in (answer["settlement"] or {})["lines"]}
    result = answer["view"]["result"]
    where_of = lambda p: f"{p['kind']}:{p['number']}"  # noqa: E731
    dues = {
        where_of(p["position"]): {"take": D(0), "pay": D(0), "stays": D(0)}
        for p in result["positions"]
    }
    for line in result["lines"]:
        where = where_of(line["position"])
        row = stored[(line["position"]["number"], line["line"])]
        take, pay, stays = D(line["take"]), D(line["pay"]), D(line["stays"])
        assert D(row["paid_amount"]) - D(line["paid_in_play"]) == pay + stays, (row, line)
        assert D(row["stake"]) - D(line["collected_in_play"]) == take + stays, (row, line)
        box = dues[where]
        box["take"] += take
        box["pay"] += pay
        box["stays"] += stays
    for position in result["positions"]:
        figures = {due: D(position[due]) for due in ("take", "pay", "stays")}
        assert figures == dues[where_of(position["position"])], position
    return dues


def times(text: str, phrase: str) -> int:
    """How many times ``text`` holds ``phrase`` as whole words, in any case."""
    return len(re.findall(rf"(?<![\w.,]){re.escape(phrase)}(?![\w])", text, re.IGNORECASE))


def russian_table(floor: dict[str, Any]) -> Any:
    """RP-1 with the demo floor's paytables."""
    from casino.demo.floor import RUSSIAN_BONUS_PAYTABLE, RUSSIAN_MAIN_PAYTABLE, _paytable
    from tables.models import Game
    from tests.fixtures import use_paytables

    table = floor["table"]
    main = _paytable("std", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=None)
    bonus = _paytable(
        "aragon", Game.RUSSIAN_POKER, "bonus", RUSSIAN_BONUS_PAYTABLE, house_edge=None
    )
    use_paytables(table, main, bonus)
    return table


def events_of(round_id: int, client: Any) -> list[dict[str, Any]]:
    """The round's events, as the API answers them."""
    response = client.get(f"/api/v1/rounds/{round_id}/")
    assert response.status_code == 200, response.json()
    return response.json()["events"]  # type: ignore[no-any-return]


def two_wagers_then_ask(hand: Hand, what: str) -> int:
    """Open a round, record boxes 1 and 2's wagers (the forms as the app opens them), then ask
    a pit boss for ``what`` ("undo" the last entry, or "void" the round) with a reason.
    Answers the round's id."""
    hand.open_round()
    hand.action("place_wagers", 1)
    hand.record()
    hand.page.locator("#form[open] h2", has_text="Box 2").wait_for(timeout=WAIT_MS)
    hand.record()
    hand.wait_event(2)
    hand.cancel()
    if what == "undo":
        hand.tap("#screen [data-undo]")
        hand.tap("#form [data-reason='Wrong box or seat']")
        hand.tap("#form [data-send-undo]")
        hand.page.locator("#screen [data-pending-request='retraction']").wait_for(timeout=WAIT_MS)
    else:
        hand.tap("#screen [data-void]")
        hand.tap("#form [data-reason='Misdeal']")
        hand.tap("#form [data-send-void]")
        hand.page.locator("#screen [data-pending-request='void']").wait_for(timeout=WAIT_MS)
    return hand.round_id()


#: What the card pickers a Russian Poker round opens are titled by, in English: a box's cards,
#: the dealer's up card, the dealer's face-down cards (words of the titles, matched in any case).
PICKER_TITLES: Final = {"box": "Box", "dealer": "Dealer", "face-down": "face-down"}


def play_russian_round(
    hand: Hand,
    screenshot: Callable[[Any, str], Any] | None = None,
    *,
    english: bool = True,
    titles: Mapping[str, str] = PICKER_TITLES,
) -> None:
    """The four-box round of ``tests.russian_round``, with box 1 exchanging two cards first:
    wagers, no more bets, the deal, the decisions, the dealer's cards; stops at the payout
    screen. The app opens the next box's form or picker by itself, and the cards the dealer
    deals next (the up card, the face-down cards) once the server has answered. The figures
    are checked against their English names (``each_figure_once``) unless ``english`` is
    false (the tablet in another language), whose pickers are titled by ``titles``' words
    (as ``PICKER_TITLES`` says them in English)."""
    shot = screenshot or (lambda page, name: None)
    hand.open_round()
    shot(hand.page, "open")
    # Box 1's wagers; the app opens the next box's at once.
    hand.action("place_wagers", 1)
    shot(hand.page, "wager-form")
    hand.record()
    for _ in (2, 3, 4):
        hand.record()
    hand.wait_event(4)
    hand.action("close_bets")
    # The deal: box 1's picker opens by itself, then each next box's.
    hand.picker_for(f"{titles['box']} 1")
    for number, cards in BOXES.items():
        hand.picker_for(f"{titles['box']} {number}")
        hand.cards(*cards.split())
        if number == 2:
            shot(hand.page, "picker")
    hand.picker_for(titles["dealer"])
    hand.cards(DEALER_UP)
    hand.wait_event(10)
    shot(hand.page, "decisions")
    if english:
        each_figure_once(hand.page)
    hand.action("exchange", position="box:1")
    hand.own("7c", "3s")
    hand.cards("Kc", "9h")
    hand.wait_event(11)
    hand.action("bet", position="box:1")
    hand.action("fold", position="box:2")
    hand.action("buy_sixth_card", position="box:3")
    hand.cards("Ah")
    hand.wait_event(14)
    hand.action("bet", position="box:3")
    hand.action("bet", position="box:4")
    # The last decision made, the dealer's face-down cards are asked at once.
    hand.picker_for(titles["face-down"])
    hand.cards(*DEALER_DOWN.split())
    hand.wait_event(17)
    hand.page.locator("#screen [data-settle]").wait_for(timeout=WAIT_MS)


#: The full round of the benchmark and the tests: four boxes, box 1 with a bonus and an
#: exchange of two cards, box 2 insured, box 3 buying a sixth card and folding, box 4 the blind
#: box of box 3's player; the dealer has no game, box 1 buys one.
FULL_BOXES = {
    1: "8h 8s Kd 7c 3s",
    2: "7h 7d 7s Kh 4d",
    3: "Jh Jd 9c 5s 4h",
    4: "Qh Qc 6d 5d 2s",
}
FULL_DEALER_UP = "3d"
FULL_DEALER_DOWN = "Kc Jc 9d 6c"
FULL_REPLACEMENT = "2d"


def play_full_round(hand: Hand, *, repeat: bool = False) -> None:
    """``FULL_BOXES``'s round from "Open next round" to the payout screen, as a dealer taps it:
    every wager entered (or, ``repeat``, the last round's repeated with one tap), every card
    picked, every decision. The server's event numbers are counted from the round's first."""
    hand.open_round()
    first = int(hand.page.locator("#screen").get_attribute("data-event") or "0")

    def at(seq: int) -> None:
        hand.wait_event(first + seq)

    if repeat:
        hand.tap("#screen [data-repeat] .take")
    else:
        hand.action("place_wagers", 1)
        hand.chip("bonus", "5.00")
        hand.record()
        for number in (2, 3):
            hand.page.locator("#form[open] h2", has_text=f"Box {number}").wait_for(timeout=WAIT_MS)
            hand.record()
        hand.page.locator("#form[open] h2", has_text="Box 4").wait_for(timeout=WAIT_MS)
        # Box 4 is the blind box of box 3's player.
        hand.tap("#form [data-field='blind'] input")
        hand.tap("#form [data-field='player'] [data-name='Player 3']")
        hand.record()
    at(4)
    hand.action("close_bets")
    for number, cards in FULL_BOXES.items():
        hand.picker_for(f"Box {number}")
        hand.cards(*cards.split())
    hand.picker_for("Dealer: up card")
    hand.cards(FULL_DEALER_UP)
    at(10)
    hand.action("declare_bonus", position="box:1")
    at(11)
    hand.action("exchange", position="box:1")
    hand.own("7c", "3s")
    hand.cards("Qd", "2h")
    at(12)
    hand.action("bet", position="box:1")
    at(13)
    hand.action("insure", position="box:2")
    hand.record()
    at(14)
    hand.action("bet", position="box:2")
    at(15)
    hand.action("buy_sixth_card", position="box:3")
    hand.cards("Ah")
    at(16)
    hand.action("fold", position="box:3")
    hand.picker_for("face-down")
    hand.cards(*FULL_DEALER_DOWN.split())
    at(18)
    hand.action("buy_game", position="box:1")
    at(19)
    hand.action("take_ante", position="box:2")
    at(20)
    hand.action("take_ante", position="box:4")
    hand.picker_for("replacement")
    hand.cards(FULL_REPLACEMENT)
    hand.page.locator("#screen [data-settle]").wait_for(timeout=WAIT_MS)


def play_ruby_run_hand(hand: Hand, shot: Callable[[Any, str], Any] | None = None) -> None:
    """A two-seat Ruby Run hand at a fixed-limit table with an ante and no blinds, from "Open
    next round" to the payout screen: both seats check, then the over cards, the under cards
    and the Slam. ``shot(page, step)`` is called at each step."""
    step = shot or (lambda page, name: None)
    hand.open_round()
    step(hand.page, "open")
    hand.action("seat_players")
    hand.fill("stacks", "1000")
    hand.tap("#form [data-seat='1']")
    hand.tap("#form [data-seat='2']")
    hand.tap("#form [data-field='button'] [data-choice='2']")
    step(hand.page, "seating")
    hand.record()
    hand.action("post_forced_bets")
    # The hole cards are asked at once, seat by seat, each picker titled for its seat.
    hand.picker_for("Seat 1: hole cards")
    step(hand.page, "picker")
    hand.cards("Jh", "2c", "3d")
    hand.picker_for("Seat 2: hole cards")
    hand.cards("Kd", "Kh", "5s")
    hand.wait_event(4)
    step(hand.page, "betting")
    hand.action("check", position="seat:1")
    hand.action("check", position="seat:2")
    hand.picker_for("over cards")
    hand.cards("9h", "Th", "Ks")
    hand.picker_for("under cards")
    hand.cards("Jd", "Qd", "Ac")
    hand.picker_for("Slam")
    hand.cards("7c")
    hand.page.locator("#screen [data-settle]").wait_for(timeout=WAIT_MS)


def play_red_dog_game(
    hand: Hand, shot: Callable[[Any, str], Any] | None = None, *, stacks: str = "100"
) -> None:
    """A three-seat Red Dog game of one hand, each seat brought ``stacks``, from "Open next
    round" to the payout screen: each seat bets 2.00 at its turn, then the game ends.
    ``shot(page, step)`` at each step, each seat's bet form (``seat-N-bet``) and turned card's
    picker (``seat-N-turn``) among them."""
    step = shot or (lambda page, name: None)
    hand.open_round()
    step(hand.page, "open")
    hand.action("seat_players")
    hand.fill("stacks", stacks)
    for seat in (1, 2, 3):
        hand.tap(f"#form [data-seat='{seat}']")
    hand.tap("#form [data-field='button'] [data-choice='3']")
    step(hand.page, "seating")
    hand.record()
    hand.action("start_hand")
    hand.picker_for("Seat 1")
    step(hand.page, "picker")
    hand.cards("2h", "3h", "4h", "5h", "6h")
    hand.picker_for("Seat 2")
    hand.cards("Ks", "9s", "7h", "4d", "Ac")
    hand.picker_for("Seat 3")
    hand.cards("2s", "3s", "4s", "5s", "6s")
    hand.wait_event(5)
    step(hand.page, "betting")
    seq = 5
    for seat, (burn, turned) in zip(
        (1, 2, 3), (("Qs", "Tc"), ("Jc", "9c"), ("8c", "7c")), strict=True
    ):
        hand.action("place_bet", position=f"seat:{seat}")
        step(hand.page, f"seat-{seat}-bet")
        hand.chip("amount", "2.00")
        hand.record()
        # The burn card and the turned card are asked at once, one after the other, each
        # picker naming the seat whose bet it is for.
        hand.picker_for(f"Seat {seat}: show the burn card")
        hand.cards(burn)
        hand.picker_for(f"Seat {seat}: turn the card")
        step(hand.page, f"seat-{seat}-turn")
        hand.cards(turned)
        seq += 3
        hand.wait_event(seq)
    step(hand.page, "between-hands")
    hand.action("end_game")
    hand.page.locator("#screen [data-settle]").wait_for(timeout=WAIT_MS)


#: The gap between the two taps of a double tap.
DOUBLE_TAP_MS = 50


def double_tap(hand: Hand, selector: str) -> None:
    """Two taps 50 ms apart at the place ``selector`` is when the first one lands, as a finger
    does: the second lands on whatever the first one left there."""
    target = hand.page.locator(selector).first
    target.wait_for(timeout=WAIT_MS)
    # The finger comes once the button can be tapped (a screen just shown holds its buttons).
    hand.page.wait_for_function(
        "s => { const b = document.querySelector(s); return b && !b.disabled; }",
        arg=selector,
        timeout=WAIT_MS,
    )
    box = target.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    hand.page.touchscreen.tap(x, y)
    # The finger's own rhythm, not a wait for the app: the second tap comes 50 ms later,
    # whatever the screen shows then.
    hand.page.wait_for_timeout(DOUBLE_TAP_MS)
    hand.page.touchscreen.tap(x, y)
