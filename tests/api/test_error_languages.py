"""The API's refusals in the request's language (``Accept-Language``): the same code, status and
details in every language, the message in the language asked for, English unchanged, and any
language the project does not have read as English (docs/i18n.md, "The API's refusals")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.utils.cache import has_vary_header
from rest_framework.test import APIClient

from casino.core.error_messages import message_in
from tables.services.rounds import round_open
from tests.api.test_error_shape import assert_error

pytestmark = pytest.mark.django_db

LANGUAGES = {"en": "en", "ru": "ru-RU,ru;q=0.9,en;q=0.5", "es": "es-AR,es;q=0.8"}


@pytest.fixture
def actions_url(floor: dict[str, Any], users: dict[str, Any]) -> str:
    round = round_open(table_id=floor["table"].pk, dealer=users["dealer"])
    return f"/api/v1/rounds/{round.pk}/actions/"


def posted(client: Any, url: str, body: dict[str, Any]) -> Callable[[str], Any]:
    """What ``in_each_language`` sends: ``body`` posted as JSON to ``url`` by ``client``, asking
    for the language of the ``Accept-Language`` header it is given."""
    return lambda header: client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=header)


def in_each_language(send: Callable[[str], Any], status: int, code: str) -> dict[str, Any]:
    """The refusal ``send(accept_language)`` answers in each language, checked to carry the same
    code, status and details in all of them and a message of its own in each; by language."""
    errors = {}
    for language, header in LANGUAGES.items():
        response = send(header)
        errors[language] = assert_error(response, status, code)
        assert has_vary_header(response, "Accept-Language")
    assert errors["ru"]["details"] == errors["en"]["details"] == errors["es"]["details"]
    messages = {error["message"] for error in errors.values()}
    assert len(messages) == len(LANGUAGES), messages
    for language in ("ru", "es"):
        expected = message_in(language, code, errors["en"]["details"], errors["en"]["message"])
        assert errors[language]["message"] == expected
    return errors


def test_a_validation_error_in_each_language(
    client_for: Callable[[str | None], Any], actions_url: str
) -> None:
    dealer = client_for("dealer")
    errors = in_each_language(
        posted(dealer, actions_url, {"expected_event": 0, "action": {}}),
        400,
        "invalid_input",
    )
    assert errors["en"]["message"] == "The request body is not valid."
    assert errors["ru"]["message"] == "Тело запроса недопустимо."
    assert errors["es"]["message"] == "El cuerpo de la solicitud no es válido."


def test_a_services_refusal_in_each_language_with_its_details_filled_in(
    client_for: Callable[[str | None], Any], actions_url: str
) -> None:
    dealer = client_for("dealer")
    errors = in_each_language(
        posted(dealer, actions_url, {"expected_event": 7, "action": "note", "text": "x"}),
        409,
        "stale_event",
    )
    assert errors["en"]["message"] == (
        "The round has changed since this screen was loaded; reload it."
    )
    last = errors["en"]["details"]["last_event"]
    assert errors["ru"]["message"] == (
        f"Раунд изменился после загрузки этого экрана (сейчас событие {last}); обновите его."
    )
    assert f"(está en el evento {last})" in errors["es"]["message"]


def test_a_refused_permission_in_each_language(
    client_for: Callable[[str | None], Any], actions_url: str
) -> None:
    stranger = client_for("other_dealer")
    errors = in_each_language(
        posted(stranger, actions_url, {"expected_event": 0, "action": "note", "text": "x"}),
        403,
        "permission_denied",
    )
    assert errors["ru"]["message"] == "У вас нет прав на это действие."
    assert errors["es"]["message"] == "No tiene permiso para hacer esto."


def test_an_engines_refusal_in_each_language(
    client_for: Callable[[str | None], Any], actions_url: str
) -> None:
    dealer = client_for("dealer")
    errors = in_each_language(
        posted(dealer, actions_url, {"expected_event": 0, "action": "close_bets"}),
        422,
        "no_wagers",
    )
    assert errors["ru"]["message"] == "Ни один бокс не в игре."
    assert errors["es"]["message"] == "Ningún box está en juego."


@pytest.mark.parametrize("header", ["", "de-DE,de;q=0.9", "*", "fr, xx-YY;q=0.5", "en-GB"])
def test_any_other_language_is_answered_in_english_byte_for_byte(
    client_for: Callable[[str | None], Any], actions_url: str, header: str
) -> None:
    dealer = client_for("dealer")
    body = {"expected_event": 7, "action": "note", "text": "x"}
    plain = dealer.post(actions_url, body, format="json")
    other = dealer.post(actions_url, body, format="json", HTTP_ACCEPT_LANGUAGE=header)
    assert_error(other, 409, "stale_event")
    assert other.content == plain.content


def test_a_language_is_not_taken_from_a_cookie(
    client_for: Callable[[str | None], Any], actions_url: str
) -> None:
    """An API client says its language in each request; a page's cookie does not change it."""
    dealer: APIClient = client_for("dealer")
    dealer.cookies["django_language"] = "ru"
    response = dealer.post(actions_url, {"expected_event": 0, "action": {}}, format="json")
    assert assert_error(response, 400, "invalid_input")["message"] == (
        "The request body is not valid."
    )


def test_a_refusal_django_answers_itself_in_each_language(
    client_for: Callable[[str | None], Any],
) -> None:
    """A URL that matches nothing is answered by Django's handler, not by DRF's."""
    anonymous = client_for(None)
    anonymous.raise_request_exception = False
    errors = in_each_language(
        lambda header: anonymous.get("/api/v1/no-such-endpoint/", HTTP_ACCEPT_LANGUAGE=header),
        404,
        "not_found",
    )
    assert errors["en"]["message"] == "Not found."
    assert errors["ru"]["message"] == "Не найдено."
    assert errors["es"]["message"] == "No encontrado."
