"""A refusal in the tablet's banner reads as its words and nothing after them: a refusal with no
detail to add once ended with the word "null" there (the banner was filled with
``replaceChildren``, which writes an absent detail as that word)."""

from __future__ import annotations

from typing import Any

import pytest

from casino.identity.pins import pin_set_at_console
from tests.browser import tablet_app
from tests.browser.tablet_app import PINS, WAIT_MS, Hand

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_wrong_pin_is_said_in_words_and_nothing_after_them(
    hand: Hand, users: dict[str, Any], floor: dict[str, Any]
) -> None:
    hand.pair(tablet_app.russian_table(floor))
    pin_set_at_console(username="dealer", pin=PINS["dealer"])
    hand.enter_pin("dealer", "0000")
    problem = hand.page.locator("#problem")
    problem.locator("[data-code='pin_wrong']").wait_for(timeout=WAIT_MS)
    # The words, and the tries left before the name is locked: nothing else after them.
    assert problem.inner_text() == "Wrong user name or PIN. 9 tries left before the name is locked."
