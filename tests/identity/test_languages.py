"""A user's own language, kept by the server: read and chosen by the user alone
(``/api/v1/auth/language/``), each choice a new row of an append-only history whose latest is in
force, audited; a code the pages are not written in is refused and writes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import DatabaseError, transaction

from casino.core.models import AuditRecord
from casino.identity.languages import language_of
from casino.identity.models import LanguageChoice

pytestmark = pytest.mark.django_db

URL = "/api/v1/auth/language/"
OFFERED = [["en", "English"], ["ru", "Русский"], ["es", "Español"]]


def _put(client: Any, language: Any, **headers: Any) -> Any:
    return client.put(URL, {"language": language}, format="json", **headers)


def test_with_no_choice_the_language_is_none_and_the_offered_ones_are_listed(
    client_for: Any,
) -> None:
    answer = client_for("pit_boss").get(URL)

    assert answer.status_code == 200, answer.content
    assert answer.json() == {"language": None, "languages": OFFERED}


def test_a_choice_is_answered_read_back_and_audited(users: dict[str, Any], client_for: Any) -> None:
    client = client_for("pit_boss")

    answer = _put(client, "ru")

    assert answer.status_code == 200, answer.content
    assert answer.json() == {"language": "ru", "languages": OFFERED}
    assert client.get(URL).json()["language"] == "ru"
    choice = LanguageChoice.objects.get()
    assert (choice.user, choice.chosen_by, choice.language) == (
        users["pit_boss"],
        users["pit_boss"],
        "ru",
    )
    audit = AuditRecord.objects.get(event_code="auth.language_set")
    assert audit.actor_id == users["pit_boss"].pk
    assert audit.before == {"language": None}
    assert audit.after == {"user": "pit_boss", "language": "ru"}


def test_each_choice_is_a_new_row_and_the_latest_is_in_force(
    users: dict[str, Any], client_for: Any
) -> None:
    client = client_for("dealer")
    for language in ("ru", "es", None, "en"):
        assert _put(client, language).status_code == 200

    rows = LanguageChoice.objects.filter(user=users["dealer"]).order_by("id")
    assert [r.language for r in rows] == ["ru", "es", "", "en"]
    assert client.get(URL).json()["language"] == "en"
    assert [r.before for r in AuditRecord.objects.filter(event_code="auth.language_set")] == [
        {"language": None},
        {"language": "ru"},
        {"language": "es"},
        {"language": None},
    ]


def test_null_goes_back_to_the_browsers_language(users: dict[str, Any], client_for: Any) -> None:
    client = client_for("auditor")
    _put(client, "es")

    answer = _put(client, None)

    assert answer.status_code == 200, answer.content
    assert answer.json()["language"] is None
    assert language_of(users["auditor"]) is None


@pytest.mark.parametrize("language", ["de", "RU", "ru-RU", "", "english", 7])
def test_an_unknown_language_is_refused_and_nothing_is_written(
    users: dict[str, Any], client_for: Any, language: Any
) -> None:
    client = client_for("dealer")
    _put(client, "ru")
    rows, audits = LanguageChoice.objects.count(), AuditRecord.objects.count()

    answer = _put(client, language)

    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["code"] == "language_unknown"
    assert error["details"]["languages"] == ["en", "ru", "es"]
    assert (LanguageChoice.objects.count(), AuditRecord.objects.count()) == (rows, audits)
    assert language_of(users["dealer"]) == "ru"


def test_the_refusal_reads_in_the_requests_language(client_for: Any) -> None:
    answer = _put(client_for("dealer"), "de", HTTP_ACCEPT_LANGUAGE="ru")

    assert answer.json()["error"]["message"] == "Страницы не переведены на язык de."


def test_a_language_is_required_in_the_body(client_for: Any) -> None:
    answer = client_for("dealer").put(URL, {}, format="json")

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_input"
    assert not LanguageChoice.objects.exists()


def test_one_users_choice_leaves_anothers_as_it_was(users: dict[str, Any], client_for: Any) -> None:
    _put(client_for("dealer"), "es")

    _put(client_for("other_dealer"), "ru")

    assert language_of(users["dealer"]) == "es"
    assert language_of(users["other_dealer"]) == "ru"
    assert client_for("pit_boss").get(URL).json()["language"] is None


def test_a_retry_with_the_same_key_chooses_once(client_for: Any) -> None:
    client = client_for("cage")
    first = _put(client, "ru", HTTP_IDEMPOTENCY_KEY="language-choice-1")
    again = _put(client, "ru", HTTP_IDEMPOTENCY_KEY="language-choice-1")

    assert again.status_code == 200
    assert again.json() == first.json()
    assert LanguageChoice.objects.count() == 1


def test_a_choice_is_never_edited_nor_deleted(users: dict[str, Any], client_for: Any) -> None:
    _put(client_for("dealer"), "ru")
    choice = LanguageChoice.objects.get()

    with pytest.raises(DatabaseError), transaction.atomic():
        LanguageChoice.objects.filter(pk=choice.pk).update(language="es")
    with pytest.raises(DatabaseError), transaction.atomic():
        LanguageChoice.objects.filter(pk=choice.pk).delete()
    assert LanguageChoice.objects.get().language == "ru"


def test_anonymous_is_asked_to_sign_in(client_for: Any) -> None:
    for answer in (client_for(None).get(URL), _put(client_for(None), "ru")):
        assert answer.status_code == 401
        assert answer.json()["error"]["code"] == "not_authenticated"
    assert not LanguageChoice.objects.exists()
