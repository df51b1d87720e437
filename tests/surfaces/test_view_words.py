"""The games' own words as the tablet says them (``common/events.js`` ``say``), run by Node as
the browser runs it, in each language: a label from its msgid and params, words inside words
(a hand's name in a line), the cards among the params named as the language names them but
never the words around them, and a text without words (a player's name) as the view wrote it.
"""

from __future__ import annotations

import json

import pytest

from tests.surfaces.page_node import run_in_language

pytestmark = pytest.mark.unit


BET = ("Box 1: bet", {"msgid": "Box {box}: bet", "params": {"box": 1}})
HAND = (
    "pair + Ace-King",
    {
        "msgid": "{first} + {second}",
        "params": {
            "first": {"msgid": "pair", "params": {}},
            "second": {"msgid": "Ace-King", "params": {}},
        },
    },
)
TURN = ("won against Qh", {"msgid": "won against {card}", "params": {"card": "Qh"}})
NAME = ("P1", None)
#: Each of the above as each language says it.
SAID = {
    "en": ["Box 1: bet", "pair + Ace-King", "won against Q♥", "P1"],
    "ru": ["Бокс 1: ставка", "пара + туз-король", "выигрыш против Д♥", "P1"],
    "es": ["Box 1: apostar", "pareja + As-Rey", "ganó contra Q♥", "P1"],
}


def _said(language: str) -> list[str]:
    said: list[str] = run_in_language(
        language,
        ("events",),
        f"""const fields = {json.dumps([BET, HAND, TURN, NAME])};
console.log(JSON.stringify(fields.map(([text, said]) => events.say(text, said))));""",
    )
    return said


@pytest.mark.parametrize("language", sorted(SAID))
def test_a_views_words_are_said_in_the_language(language: str) -> None:
    assert _said(language) == SAID[language]
