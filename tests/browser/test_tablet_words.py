"""The words the tablet shows, read at every step of a round of each game played with large
amounts: cards named as people read them ("Q♦", never "Qd"), every amount written one way
("Call 4.00", never "Call 4"; "1,000.00", never "1000.00"), Ruby Run's pots named main and
side, and the seats offered those of the table.

Every text the dealer can see is read (the round's screen, the open form or picker, the
banners); each step's screenshot is saved.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest

from tests.browser import tablet_app
from tests.browser.tablet_app import PORTRAIT, Hand, Site, tablet_context

pytestmark = pytest.mark.django_db(transaction=True)

#: A card's code standing alone as a word: "Qd", "Th", "10s".
CARD_CODE = re.compile(r"(?<![\w#])(?:10|[2-9TJQKA])[shdc](?!\w)")
#: An amount of four figures or more without its thousands separators: "1000.00", "15000".
UNSEPARATED = re.compile(r"(?<![\w.,#])\d{4,}(?:\.\d+)?(?![\w])")
#: An amount beside a money word without its cents: "Call 4", "bet 20", "Pay 5" (a side pot's
#: number is no amount).
NO_CENTS = re.compile(
    r"\b(?:call|bet|raise to|all in|pay|take|stays|ante|bonus|insurance|stack|(?<!side )pot|"
    r"at least|"
    r"at most|to call)\s+−?\d[\d,]*(?![\d.,])",
    re.IGNORECASE,
)

#: What the dealer can see: the round's screen, the dialogs open, the banners.
SEEN = """() => [
  document.getElementById("screen"),
  ...document.querySelectorAll("dialog[open]"),
  ...["problem", "notice", "connection"].map((id) => document.getElementById(id)),
].filter((n) => n && !n.hidden).map((n) => n.innerText).join("\\n")"""


class Reader:
    """Reads what the dealer sees at each step, and keeps each misused word with its step."""

    def __init__(self, screenshot: Callable[..., Path]) -> None:
        self.screenshot = screenshot
        self.found: list[tuple[str, str, str]] = []
        self.steps: list[str] = []

    def __call__(self, page: Any, step: str) -> None:
        text = page.evaluate(SEEN)
        self.screenshot(page, step)
        self.steps.append(step)
        for rule, pattern in (
            ("card code", CARD_CODE),
            ("no separators", UNSEPARATED),
            ("no cents", NO_CENTS),
        ):
            self.found += [(step, rule, match) for match in pattern.findall(text)]


def test_a_russian_poker_round_at_thousands_is_written_in_people_s_words(
    hand: Hand, users: dict[str, Any], floor: dict[str, Any], screenshot: Callable[..., Path]
) -> None:
    table = tablet_app.russian_table(floor)
    table.ante_min, table.ante_max, table.max_table_payout = D(1000), D(5000), D(100000)
    table.save(update_fields=["ante_min", "ante_max", "max_table_payout"])
    read = Reader(screenshot)
    hand.sign_in("dealer")
    read(hand.page, "between")
    tablet_app.play_russian_round(hand, read)
    read(hand.page, "payouts")
    hand.settle()
    read(hand.page, "paid")
    hand.paid()
    read(hand.page, "next")
    assert len(read.steps) == 8
    assert read.found == []


def test_a_ruby_run_hand_with_a_side_pot_names_its_pots_and_the_table_s_seats(
    browser: Any,
    site: Site,
    users: dict[str, Any],
    play_game_at_table: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    table = play_game_at_table(
        "ruby_run", ante="50", small_blind="0", big_blind="0", betting="no_limit"
    )
    assert table.boxes == 8
    context = tablet_context(browser, PORTRAIT)
    hand = Hand(context.new_page(), site)
    read = Reader(screenshot)
    hand.sign_in("dealer")
    hand.open_round()
    hand.action("seat_players")
    # The table's eight boxes are its seats: eight offered.
    seats = hand.page.locator("#form [data-seat]")
    assert seats.evaluate_all("nodes => nodes.map(n => n.dataset.seat)") == [
        str(n) for n in range(1, 9)
    ]
    for seat in (1, 2, 3):
        hand.tap(f"#form [data-seat='{seat}']")
    for seat, stack in ((1, "1000"), (2, "2500"), (3, "12000")):
        stacks = hand.page.locator("#form [data-field='stacks']")
        stacks.locator(f"input[aria-label='seat {seat}']").fill(stack)
    hand.tap("#form [data-field='button'] [data-choice='3']")
    read(hand.page, "seating")
    hand.record()
    hand.action("post_forced_bets")
    hand.picker_for("Seat 1: hole cards")
    hand.cards("Jh", "2c", "3d")
    hand.picker_for("Seat 2: hole cards")
    hand.cards("Kd", "Kh", "5s")
    hand.picker_for("Seat 3: hole cards")
    hand.cards("Qs", "Qc", "4h")
    hand.wait_event(5)
    read(hand.page, "betting")
    # Seat 1 all in, seat 2 all in over it, seat 3 calls: a main pot and a side pot.
    for seat, action in ((1, "all_in"), (2, "all_in"), (3, "call")):
        where = f"#screen .action[data-action='{action}'][data-for='seat:{seat}']"
        hand.page.locator(where).wait_for()
        read(hand.page, f"seat-{seat}-{action}")
        hand.action(action, position=f"seat:{seat}")
    hand.picker_for("over cards")
    hand.cards("9h", "Th", "Ks")
    hand.picker_for("under cards")
    hand.cards("Jd", "Qd", "Ac")
    hand.picker_for("Slam")
    hand.cards("7c")
    hand.page.locator(".settlement").wait_for()
    read(hand.page, "payouts")
    lines = hand.page.locator("#screen [data-pay] .line-label").all_inner_texts()
    assert "Main pot" in lines and any(line.startswith("Side pot") for line in lines), lines
    assert "pot" not in [line.lower() for line in lines], lines
    hand.settle()
    read(hand.page, "paid")
    hand.paid()
    read(hand.page, "next")
    assert read.found == []
    context.close()


def test_a_red_dog_game_at_thousands_is_written_in_people_s_words(
    hand: Hand,
    users: dict[str, Any],
    play_game_at_table: Callable[..., Any],
    screenshot: Callable[..., Path],
) -> None:
    play_game_at_table("red_dog")
    read = Reader(screenshot)

    def step(page: Any, name: str) -> None:
        read(page, name)
        if name.endswith("-bet"):
            # The form starts at the least bet, written as its chips and the screen write it.
            bet = page.locator("#form[open] [data-field='amount'] input")
            assert bet.input_value() == "2.00"

    hand.sign_in("dealer")
    tablet_app.play_red_dog_game(hand, step, stacks="5000")
    hand.page.locator(".settlement").wait_for()
    read(hand.page, "payouts")
    hand.settle()
    read(hand.page, "paid")
    hand.paid()
    read(hand.page, "next")
    assert read.found == []
