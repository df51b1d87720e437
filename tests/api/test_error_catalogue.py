"""Every refusal's message is translated (docs/i18n.md, "The API's refusals"), run by
``make check``: each code of the vocabulary has its English template, and each complete
language's ``django`` catalogue translates it, not fuzzy, with the template's placeholders and
no others."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from casino.core.catalogues import read_catalogue
from casino.core.error_messages import (
    COMPLETE_FOR_ERRORS,
    CONTEXT,
    MESSAGES,
    message_in,
    placeholders,
)
from casino.core.errors import all_codes

pytestmark = pytest.mark.unit


@pytest.fixture(scope="module", params=COMPLETE_FOR_ERRORS)
def catalogue(request: pytest.FixtureRequest) -> Catalog:
    return read_catalogue(request.param, "django")


def test_every_code_has_a_message_template() -> None:
    codes = {str(code) for code in all_codes()}
    assert sorted(codes - MESSAGES.keys()) == []
    # A template of a code nobody raises is a word nobody reads.
    assert sorted(MESSAGES.keys() - codes) == []


def test_no_two_codes_share_a_template() -> None:
    """A msgid is translated once: two codes with one template could not be told apart."""
    assert len(set(MESSAGES.values())) == len(MESSAGES)


def test_every_message_is_translated(catalogue: Catalog) -> None:
    missing = []
    for code, template in MESSAGES.items():
        message = catalogue.get(template, context=CONTEXT)
        if message is None or not message.string or message.fuzzy:
            missing.append(code)
    assert missing == [], f"{catalogue.locale}: no translation of {missing}"


def test_every_translation_keeps_its_placeholders(catalogue: Catalog) -> None:
    wrong = []
    for code, template in MESSAGES.items():
        message = catalogue.get(template, context=CONTEXT)
        if message is not None and message.string:
            if placeholders(str(message.string)) != placeholders(template):
                wrong.append((code, str(message.string)))
    assert wrong == [], f"{catalogue.locale}: placeholders differ in {wrong}"


# -- message_in, on the compiled catalogues -------------------------------------------------------


def test_english_is_the_message_written_where_the_refusal_was_raised() -> None:
    raised = "2c has already been dealt from this deck"
    assert message_in("en", "card_duplicate", {"card": "2c"}, raised) == raised


def test_another_language_reads_the_template_filled_from_the_details() -> None:
    raised = "2c has already been dealt from this deck"
    assert message_in("ru", "card_duplicate", {"card": "2c"}, raised) == "Карта 2c уже сдана."
    assert (
        message_in("es", "wrong_card_count", {"expected": 5, "given": 4}, "Expected 5 cards")
        == "Número de cartas incorrecto: se esperaban 5, se dieron 4."
    )


def test_details_lacking_a_placeholder_keep_the_raised_message() -> None:
    """Never a message with ``{card}`` left in it: the English one, which says it, instead."""
    assert message_in("ru", "card_duplicate", {}, "A card twice") == "A card twice"


def test_a_code_without_a_template_keeps_the_raised_message() -> None:
    assert message_in("ru", "no_such_code", {}, "Raised words") == "Raised words"


@pytest.mark.parametrize(
    "broken", ["Карта {karta} уже сдана.", "Карта {card уже сдана.", "Карта {0} уже сдана."]
)
def test_a_translation_that_does_not_read_keeps_the_raised_message(
    monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    """A catalogue's mistake (a placeholder misspelt, a brace left open) costs the translation,
    not the answer: the refusal is still answered, in English."""
    monkeypatch.setattr("django.utils.translation.pgettext", lambda context, msgid: broken)
    assert message_in("ru", "card_duplicate", {"card": "2c"}, "Raised") == "Raised"
