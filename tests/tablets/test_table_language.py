"""A table's language: the tablet reads it before a dealer signs in with their own
(docs/i18n.md, "Who reads which language")."""

from __future__ import annotations

from typing import Any

import pytest

from tables.admin import TableAdminForm
from tables.models import Table
from tests.tablets.conftest import CURRENT_URL, Registered

pytestmark = pytest.mark.django_db


def test_the_tablet_reads_its_tables_language(floor: dict[str, Any], tablet: Registered) -> None:
    table = floor["table"]
    assert tablet.client().get(CURRENT_URL).json()["table"]["language"] == ""

    Table.objects.filter(pk=table.pk).update(language="ru")

    assert tablet.client().get(CURRENT_URL).json()["table"]["language"] == "ru"


def test_the_tables_answer_names_its_language(floor: dict[str, Any], client_for: Any) -> None:
    table = floor["table"]
    Table.objects.filter(pk=table.pk).update(language="es")

    answer = client_for("pit_boss").get(f"/api/v1/tables/{table.pk}/")

    assert answer.status_code == 200, answer.content
    assert answer.json()["language"] == "es"


@pytest.mark.parametrize(("language", "valid"), [("ru", True), ("", True), ("de", False)])
def test_the_admin_offers_the_projects_languages_alone(
    floor: dict[str, Any], language: str, valid: bool
) -> None:
    table = floor["table"]
    fields = TableAdminForm(instance=table).initial | {"language": language}

    form = TableAdminForm(data=fields, instance=table)

    assert form.is_valid() is valid, form.errors
    if not valid:
        assert "language" in form.errors
