"""The tablet's page is served without the database, in the browser's language, and carries
the words of the tablet alone, in every language: those its scripts, its templates' marked
elements and the games' views say, not every other page's (the workbench's, the cage's), which
a tablet would load and keep for nothing."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from casino.core.catalogues import surface_script_keys
from casino.identity.languages import language_choose

pytestmark = pytest.mark.django_db


def _page_words(client: Client) -> dict[str, object]:
    answer = client.get("/tablet/", HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 200
    found = re.search(
        r'<script id="words" type="application/json">(.*?)</script>', answer.content.decode()
    )
    assert found is not None
    return json.loads(found.group(1))  # type: ignore[no-any-return]


def test_the_tablets_page_carries_the_tablets_words_in_every_language(client: Client) -> None:
    words = _page_words(client)
    catalogues = words["catalogues"]
    assert isinstance(catalogues, dict)
    assert sorted(catalogues) == ["en", "es", "ru"]
    russian = catalogues["ru"]["messages"]
    keys = surface_script_keys("tablet")
    # A word of the tablet's own script, one the games' views say, a name the round's view
    # gives: each in Russian.
    assert russian["Sign out"] == "Выйти"
    assert "Box {box}: bet" in keys and russian["Box {box}: bet"].startswith("Бокс {box}")
    assert "name\x04betting" in russian
    # Words only the workbench and the cage say are not on the tablet's page.
    workbench = "The trail holds nothing of {table} on {day}: there is no evidence to package."
    cage = "Took back credit #{number}: {amount} ({chips}) from {table}."
    assert workbench not in keys and workbench not in russian
    assert cage not in keys and cage not in russian
    assert set(russian) <= keys


def test_the_tablets_page_is_served_without_the_database(
    client: Client, users: dict[str, Any], django_assert_num_queries: Any
) -> None:
    """A pit boss who paired the tablet is signed in on its browser, whose own language is
    Spanish: the page is still the browser's Russian, and read with no query, so that the
    service worker keeping it for offline fetches it while the database is down or slow."""
    language_choose(user=users["pit_boss"], language="es", actor=users["pit_boss"])
    client.force_login(users["pit_boss"])

    with django_assert_num_queries(0):
        answer = client.get("/tablet/", HTTP_ACCEPT_LANGUAGE="ru")

    assert answer.status_code == 200
    assert answer["Vary"] == "Accept-Language"
    assert '<html lang="ru">' in answer.content.decode()
