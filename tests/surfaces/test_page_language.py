"""Which language a page is read in: the signed-in user's own (kept by the server) before the
browser's ``Accept-Language``, English with neither; the bar's picker offers the languages with
the one in force chosen; the answer varies by both headers that chose it."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from casino.identity.languages import language_choose

pytestmark = pytest.mark.django_db


class _Picker(HTMLParser):
    """The bar's picker: its options' codes, and which is selected."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.options: list[str] = []
        self.selected: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "select" and found.get("id") == "language-picker":
            self.inside = True
        elif tag == "option" and self.inside:
            self.options.append(str(found["value"]))
            if "selected" in found:
                self.selected.append(str(found["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.inside = False


def _picker(html: str) -> _Picker:
    picker = _Picker()
    picker.feed(html)
    return picker


def _signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_pits_read_in_the_users_language_whatever_the_browser_asks(
    users: dict[str, Any], floor: dict[str, Any]
) -> None:
    language_choose(user=users["auditor"], language="ru", actor=users["auditor"])

    response = _signed_in(users["auditor"]).get("/pit/", HTTP_ACCEPT_LANGUAGE="es,en;q=0.5")

    html = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="ru">' in html
    assert "Ваши питы" in html and "Sus pits" not in html and "Your pits" not in html
    assert {"Accept-Language", "Cookie"} <= {
        header.strip() for header in response["Vary"].split(",")
    }
    picker = _picker(html)
    assert picker.options == ["en", "ru", "es"]
    assert picker.selected == ["ru"]


def test_with_no_choice_the_browsers_language_is_read(
    users: dict[str, Any], floor: dict[str, Any]
) -> None:
    response = _signed_in(users["auditor"]).get("/pit/", HTTP_ACCEPT_LANGUAGE="es")

    assert "Sus pits" in response.content.decode()
    assert _picker(response.content.decode()).selected == ["es"]


def test_with_neither_the_page_is_english(users: dict[str, Any], floor: dict[str, Any]) -> None:
    response = _signed_in(users["auditor"]).get("/pit/")

    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Your pits" in html
    assert _picker(html).selected == ["en"]


def test_a_choice_of_none_goes_back_to_the_browsers(
    users: dict[str, Any], floor: dict[str, Any]
) -> None:
    language_choose(user=users["auditor"], language="ru", actor=users["auditor"])
    language_choose(user=users["auditor"], language=None, actor=users["auditor"])

    response = _signed_in(users["auditor"]).get("/pit/", HTTP_ACCEPT_LANGUAGE="es")

    assert "Sus pits" in response.content.decode()


def test_another_users_choice_is_not_read(users: dict[str, Any], floor: dict[str, Any]) -> None:
    language_choose(user=users["admin"], language="ru", actor=users["admin"])

    response = _signed_in(users["auditor"]).get("/pit/")

    assert "Your pits" in response.content.decode()


def test_the_users_language_costs_the_page_one_query(
    users: dict[str, Any], floor: dict[str, Any]
) -> None:
    language_choose(user=users["auditor"], language="ru", actor=users["auditor"])
    client = _signed_in(users["auditor"])

    with CaptureQueriesContext(connection) as queries:
        client.get("/pit/")

    reads = [q["sql"] for q in queries.captured_queries if "identity_languagechoice" in q["sql"]]
    assert len(reads) == 1, reads


def test_the_sign_in_page_has_no_picker(users: dict[str, Any]) -> None:
    response = Client().get("/sign-in/")

    assert _picker(response.content.decode()).options == []
