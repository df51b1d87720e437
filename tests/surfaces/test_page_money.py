"""Money and numbers as each language of the pages writes them (``common/money.js`` with
``common/i18n.js``), run by Node as the browser runs them: the separators of English, Russian
and Spanish, Spanish's four-digit numbers left ungrouped, the minus sign, and amounts beyond a
float's exact range written digit for digit (never through a binary floating-point number).
"""

from __future__ import annotations

import json

import pytest

from tests.surfaces.page_node import run_in_language

pytestmark = pytest.mark.unit


#: (decimal string, currency) -> how each language writes it.
AMOUNTS = {
    ("1234.5", ""): {"en": "1,234.50", "ru": "1\u00a0234,50", "es": "1234,50"},
    ("12345.5", ""): {"en": "12,345.50", "ru": "12\u00a0345,50", "es": "12.345,50"},
    ("-2.5", "EUR"): {"en": "−2.50 EUR", "ru": "−2,50 EUR", "es": "−2,50 EUR"},
    ("-0.00", ""): {"en": "0.00", "ru": "0,00", "es": "0,00"},
    ("0.10", ""): {"en": "0.10", "ru": "0,10", "es": "0,10"},
    ("999", ""): {"en": "999.00", "ru": "999,00", "es": "999,00"},
    ("12345678901234567.891", ""): {
        "en": "12,345,678,901,234,567.891",
        "ru": "12\u00a0345\u00a0678\u00a0901\u00a0234\u00a0567,891",
        "es": "12.345.678.901.234.567,891",
    },
    ("", ""): {"en": "—", "ru": "—", "es": "—"},
}

#: Whole numbers (``number``), and the cards as each language names them (``cardName``).
NUMBERS = {"1234": {"en": "1,234", "ru": "1\u00a0234", "es": "1234"}}
CARDS = {"Qd": {"en": "Q♦", "ru": "Д♦", "es": "Q♦"}, "Th": {"en": "10♥", "ru": "10♥", "es": "10♥"}}
#: A plural in each language: Russian's three forms.
PLURALS = {
    1: {"en": "1 entry", "ru": "1 запись", "es": "1 entrada"},
    3: {"en": "3 entries", "ru": "3 записи", "es": "3 entradas"},
    5: {"en": "5 entries", "ru": "5 записей", "es": "5 entradas"},
    21: {"en": "21 entries", "ru": "21 запись", "es": "21 entradas"},
}


def _written(language: str) -> dict[str, object]:
    """What the page scripts write in ``language``, the catalogue given as the tablet's page
    gives it (a ``words`` element)."""
    written: dict[str, object] = run_in_language(
        language,
        ("money", "cards"),
        f"""console.log(JSON.stringify({{
  language: i18n.language(),
  amounts: {json.dumps([list(key) for key in AMOUNTS])}.map(([t, c]) => money.money(t, c)),
  numbers: {json.dumps(list(NUMBERS))}.map((n) => money.number(n)),
  cards: {json.dumps(list(CARDS))}.map((c) => cards.cardName(c)),
  plurals: {json.dumps(list(PLURALS))}.map((n) => i18n.tn("{{n}} entry", "{{n}} entries", n)),
}}));""",
    )
    return written


@pytest.mark.parametrize("language", ["en", "ru", "es"])
def test_money_numbers_cards_and_plurals_as_the_language_writes_them(language: str) -> None:
    written = _written(language)

    assert written["language"] == language
    assert written["amounts"] == [shown[language] for shown in AMOUNTS.values()]
    assert written["numbers"] == [shown[language] for shown in NUMBERS.values()]
    assert written["cards"] == [shown[language] for shown in CARDS.values()]
    assert written["plurals"] == [shown[language] for shown in PLURALS.values()]
